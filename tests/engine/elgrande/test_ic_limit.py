"""The expansion's limit board (inquisitor_colonies G45-G49, G66; rulings A10, B9, B10, B24, B28, B29, B34)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.elgrande import data
from engine.elgrande.defaults import default_move
from engine.elgrande.emitter import Emitter
from engine.elgrande.expansion import limit
from engine.elgrande.flow import advance
from engine.elgrande.legal import legal_moves
from engine.elgrande.state import NOWHERE, State
from engine.errors import IllegalMove
from tests.engine.elgrande import kit

AREA = data.AREA_INDEX
Json = dict[str, Any]
BLACK = "black"


def table(
    seats: int = 4,
    board: dict[str, list[int]] | None = None,
    *,
    limit_in: str | None = "galicia",
    king: str = "new_castile",
    holder: int = -1,
    cabs: tuple[tuple[tuple[Any, ...], int], ...] = (),
    black: dict[str, int] | None = None,
) -> State:
    """Returns a set-up expansion state with the given regions (others empty), limit board, King, holder."""
    s = kit.start(seats, "limit", inquisitor_colonies=True)
    rows = [[0] * seats for _ in data.AREAS]
    for name, row in (board or {}).items():
        rows[AREA[name]] = list(row)
    blacks = [0] * data.N_AREAS
    for name, k in (black or {}).items():
        blacks[AREA[name]] = k
    return replace(
        s,
        board=tuple(tuple(r) for r in rows),
        court=(5,) * seats,
        province=(10,) * seats,
        black=tuple(blacks),
        limit=AREA[limit_in] if limit_in else NOWHERE,
        king=AREA[king],
        church=holder,
        cabs=cabs,
        setup_open=False,
        group=None,
    )


def beside(area: str, owner: Any, k: int, **fields: Any) -> tuple[tuple[Any, ...], int]:
    """Returns a `State.cabs` entry: k caballeros of `owner` beside the limit board in `area`."""
    return ((AREA[area], owner, "beside", "", -1, fields.get("mark", False), fields.get("bonus", False)), k)


def counts(s: State, area: str) -> tuple[int, ...]:
    return s.counts(AREA[area])


def pick(s: State, seat: int, move: Json) -> tuple[State, list[Json]]:
    return kit.play(s, seat, move)


def fills(events: list[Json]) -> list[Json]:
    return [e for e in events if e["type"] == "caballeros_moved" and e["reason"] in ("limit_fill", "refill")]


def opened(events: list[Json], kind: str = "limit_fill") -> list[Json]:
    return [e for e in events if e["type"] == "decision_opened" and e["kind"] == kind]


# G47: simultaneous arrivals (d4_eviction, ruling B9).


def evict(s: State, choices: dict[int, str], region: str = "aragon") -> tuple[State, list[Json]]:
    s = kit.at_turn(s, 0, "d4_eviction")
    s, events = kit.declare(s, 0, area=region)
    for p, r in sorted(choices.items()):
        s, more = pick(s, p, {"type": "choose_region", "region": r})
        events += more
    return s, events


def test_eviction_arrivals_that_fit_all_go_on() -> None:
    # G47: if all of them fit on the free spaces, all go on
    s = table(board={"galicia": [5, 1, 0, 0], "aragon": [0, 2, 2, 0]}, holder=3)
    s, events = evict(s, {1: "galicia", 2: "galicia"})
    assert counts(s, "galicia") == (5, 3, 2, 0)
    assert not opened(events) and not fills(events)


def test_eviction_arrivals_that_do_not_fit_all_go_beside_and_the_holder_fills() -> None:
    # G47, ruling B9: all go beside, then the holder chooses among them which fill the free spaces
    s = table(board={"galicia": [5, 4, 0, 0], "aragon": [0, 2, 2, 0]}, holder=3)
    s, events = evict(s, {1: "galicia", 2: "galicia"})
    moved = [e for e in events if e["type"] == "caballeros_moved" and e["reason"] == "eviction"][-1]
    assert sorted(m[2] for m in moved["moves"]) == ["galicia_beside", "galicia_beside"]
    (dec,) = opened(events)
    assert dec["members"] == [3]
    assert dec["context"]["spaces"] == 1
    assert dec["context"]["candidates"] == [[1, "galicia_beside", 2], [2, "galicia_beside", 2]]
    assert counts(s, "galicia") == (5, 4, 0, 0)
    assert s.turn is not None and s.turn.stage == "wait"
    legal = legal_moves(s, 3)
    assert {"type": "fill_limit", "states": [{"seat": 2, "state": "galicia_beside", "count": 1}]} in legal
    assert len(legal) == 2
    s, events = pick(
        s, 3, {"type": "fill_limit", "states": [{"seat": 2, "state": "galicia_beside", "count": 1}]}
    )
    (fill,) = fills(events)
    assert fill["reason"] == "limit_fill" and fill["moves"] == [[2, "galicia_beside", "galicia", 1]]
    assert counts(s, "galicia") == (5, 4, 1, 0)
    assert s.board[AREA["galicia"]] == (5, 6, 2, 0)
    assert s.turn is not None and s.turn.stage == "step"


def test_eviction_fill_chooses_only_among_the_arrivals() -> None:
    # G47, ruling B29: caballeros that stood beside before stay there; the holder picks among the arrivals
    s = table(
        board={"galicia": [6, 4, 0, 0], "aragon": [0, 0, 2, 0]},
        holder=1,
        cabs=(beside("galicia", 0, 1),),
    )
    s = replace(s, board=tuple(r if i != AREA["galicia"] else (6, 4, 0, 0) for i, r in enumerate(s.board)))
    # galicia: seat 0 has 5 on and 1 beside, seat 1 has 4 on: 1 free space
    s, events = evict(s, {2: "galicia"})
    assert not opened(events)  # G4a, ruling B28: the arrivals are in equal states, so it is automatic
    (fill,) = fills(events)
    assert fill["moves"] == [[2, "galicia_beside", "galicia", 1]]
    assert counts(s, "galicia") == (5, 4, 1, 0)


def test_eviction_fill_refuses_a_non_arrival_or_a_wrong_count() -> None:
    # G47: exactly the free spaces, from among the arrivals
    s = table(board={"galicia": [5, 4, 0, 0], "aragon": [0, 2, 2, 0]}, holder=3)
    s, _ = evict(s, {1: "galicia", 2: "galicia"})
    for states in (
        [{"seat": 0, "state": "galicia_beside", "count": 1}],
        [{"seat": 1, "state": "galicia_beside", "count": 2}],
        [],
    ):
        with pytest.raises(IllegalMove) as err:
            pick(s, 3, {"type": "fill_limit", "states": states})
        assert err.value.rule == "G47"


def test_eviction_arrivals_with_no_holder_all_stay_beside() -> None:
    # G47, ruling A10: with no holder all of them stay beside; the free space stays free
    s = table(board={"galicia": [5, 4, 0, 0], "aragon": [0, 2, 2, 0]}, holder=-1)
    s, events = evict(s, {1: "galicia", 2: "galicia"})
    assert not opened(events) and not fills(events)
    assert counts(s, "galicia") == (5, 4, 0, 0)
    assert s.board[AREA["galicia"]] == (5, 6, 2, 0)
    assert not s.limit_left  # G48: nothing left the board, so no later step refills this space
    s, events = kit.play(s, 0, {"type": "place_caballeros", "to": {"castillo": 1}})
    assert not fills(events)


def test_eviction_fill_default_is_g82_order() -> None:
    # G82, ruling B28: the chooser's own colour, black if he holds it, then clockwise from him
    s = table(board={"galicia": [5, 4, 0, 0], "aragon": [0, 2, 2, 0]}, holder=2)
    s, _ = evict(s, {1: "galicia", 2: "galicia"})
    move = default_move(s, 2)
    assert move["states"] == [{"seat": 2, "state": "galicia_beside", "count": 1}]
    s = table(board={"galicia": [5, 4, 0, 0], "aragon": [0, 2, 2, 0]}, holder=3)
    s, _ = evict(s, {1: "galicia", 2: "galicia"})
    assert default_move(s, 3)["states"] == [{"seat": 1, "state": "galicia_beside", "count": 1}]


# G47: the Castillo at a general scoring.


def scoring(s: State) -> tuple[State, list[Json]]:
    s = replace(s, phase="scoring", turn=None, round_index=2)
    em = Emitter(s)
    advance(em)
    return em.state, em.events


def test_castillo_arrivals_that_do_not_fit_suspend_the_scoring_until_the_holder_fills() -> None:
    # G47, G77 step 4: the Castillo's arrivals go beside; the holder fills; then the regions are scored
    s = table(board={"galicia": [5, 4, 0, 0], "castillo": [0, 2, 1, 0], "aragon": [1, 0, 0, 0]}, holder=0)
    s, events = scoring(s)
    assert s.group is not None and s.group.kind == "castillo_disc"
    s, events = pick(s, 1, {"type": "choose_region", "region": "galicia"})
    s, events = pick(s, 2, {"type": "choose_region", "region": "galicia"})
    (dec,) = opened(events)
    assert dec["members"] == [0]
    assert dec["context"]["reason"] == "castillo"
    assert dec["context"]["candidates"] == [[1, "galicia_beside", 2], [2, "galicia_beside", 1]]
    assert not [e for e in events if e["type"] == "area_scored" and e["area"] != "castillo"]
    s, events = pick(
        s, 0, {"type": "fill_limit", "states": [{"seat": 2, "state": "galicia_beside", "count": 1}]}
    )
    assert fills(events)[0]["moves"] == [[2, "galicia_beside", "galicia", 1]]
    scored = {e["area"]: e["points"] for e in events if e["type"] == "area_scored"}
    assert "castillo" not in scored  # scored once, before the distribution
    assert scored["galicia"] == [4, 2, 0, 0]  # G45: 5, 4 and 1 counted (4/2/0); seat 1's beside ones do not
    assert "general_scoring_ended" in kit.types(events)


def test_castillo_arrivals_with_no_holder_stay_beside_and_do_not_count() -> None:
    # G47, G45: with no holder they stay beside and count for nothing in the scoring that follows
    s = table(board={"galicia": [5, 4, 0, 0], "castillo": [0, 2, 0, 0]}, holder=-1)
    s, _ = scoring(s)
    s, events = pick(s, 1, {"type": "choose_region", "region": "galicia"})
    assert not opened(events)
    scored = {e["area"]: e["points"] for e in events if e["type"] == "area_scored"}
    assert scored["galicia"] == [4, 2, 0, 0]  # G45: 5 and 4 on; seat 1's 2 beside do not count
    assert s.board[AREA["galicia"]] == (5, 6, 0, 0)


# G48: refills at the end of a whole step.


def move_off(
    s: State, seat: int, moves: list[Json], card: str = "d1_move_four_any"
) -> tuple[State, list[Json]]:
    s = kit.at_turn(s, seat, card)
    return kit.declare(s, seat, moves=moves)


def test_refill_after_a_special_action_by_the_holder() -> None:
    # G48: a caballero left the board, spaces are free, caballeros beside: the holder chooses who goes on
    s = table(
        board={"galicia": [6, 6, 0, 0]},
        holder=2,
        cabs=(beside("galicia", 0, 1), beside("galicia", 1, 1)),
    )
    assert counts(s, "galicia") == (5, 5, 0, 0)
    s, events = move_off(s, 0, [{"seat": 0, "from": "galicia_on", "to": "aragon"}])
    assert s.limit_left
    (dec,) = opened(events)
    assert dec["members"] == [2] and dec["context"]["reason"] == "refill"
    assert dec["context"]["candidates"] == [[0, "galicia_beside", 1], [1, "galicia_beside", 1]]
    s, events = pick(
        s, 2, {"type": "fill_limit", "states": [{"seat": 1, "state": "galicia_beside", "count": 1}]}
    )
    assert fills(events)[0]["reason"] == "refill"
    assert counts(s, "galicia") == (4, 6, 0, 0)
    assert not s.limit_left


def test_refill_with_no_holder_is_chosen_by_the_acting_player() -> None:
    # G48, ruling A10: with no holder, the acting player of the step chooses
    s = table(board={"galicia": [6, 6, 0, 0]}, cabs=(beside("galicia", 0, 1), beside("galicia", 1, 1)))
    s, events = move_off(s, 3, [{"seat": 0, "from": "galicia_on", "to": "aragon"}])
    (dec,) = opened(events)
    assert dec["members"] == [3]
    assert default_move(s, 3)["states"] == [
        {"seat": 0, "state": "galicia_beside", "count": 1}
    ]  # G82: clockwise


def test_refill_is_automatic_when_all_fit_or_all_are_equal() -> None:
    # G48, G4a, ruling B28: automatic when all of them fit, or all are in equal states
    s = table(
        board={"galicia": [6, 5, 0, 0]}, holder=2, cabs=(beside("galicia", 0, 1), beside("galicia", 1, 1))
    )
    s, events = move_off(
        s,
        0,
        [
            {"seat": 0, "from": "galicia_on", "to": "aragon"},
            {"seat": 1, "from": "galicia_on", "to": "aragon"},
        ],
    )
    assert not opened(events)
    (fill,) = fills(events)
    assert fill["moves"] == [[0, "galicia_beside", "galicia", 1], [1, "galicia_beside", "galicia", 1]]
    assert counts(s, "galicia") == (5, 4, 0, 0)
    s = table(board={"galicia": [5, 8, 0, 0]}, holder=2, cabs=(beside("galicia", 1, 3),))
    s, events = move_off(s, 0, [{"seat": 0, "from": "galicia_on", "to": "aragon"}])
    assert not opened(events)
    assert fills(events)[0]["moves"] == [[1, "galicia_beside", "galicia", 1]]
    assert counts(s, "galicia") == (4, 6, 0, 0)


def test_refill_comes_once_at_the_end_of_the_whole_special_action() -> None:
    # G48: no refill within a step; one refill of min(free, beside) at its end
    s = table(board={"galicia": [6, 4, 0, 0]}, holder=2, cabs=(beside("galicia", 1, 2),))
    s, events = move_off(
        s,
        0,
        [
            {"seat": 0, "from": "galicia_on", "to": "aragon"},
            {"seat": 0, "from": "galicia_on", "to": "aragon"},
        ],
    )
    moved = [e for e in events if e["type"] == "caballeros_moved"]
    assert [e["reason"] for e in moved] == ["move", "refill"]
    assert moved[1]["moves"] == [[1, "galicia_beside", "galicia", 2]]


def test_refill_after_a_vetoed_action_cut_short() -> None:
    # G48: a whole special action, including one cut short by a veto, ends with the refill
    s = table(board={"galicia": [6, 6, 0, 0]}, holder=2, cabs=(beside("galicia", 1, 2),))
    s = kit.at_turn(s, 0, "d1_move_four_any", vetos=[(3, 0)])
    s, _ = kit.declare(
        s,
        0,
        moves=[
            {"seat": 0, "from": "galicia_on", "to": "aragon"},
            {"seat": 0, "from": "galicia_on", "to": "aragon"},
        ],
    )
    s, events = pick(s, 3, {"type": "answer_veto", "answer": "veto", "from": 2})
    moved = [e for e in events if e["type"] == "caballeros_moved"]
    assert [e["reason"] for e in moved] == ["move", "refill"]
    assert moved[1]["moves"] == [[1, "galicia_beside", "galicia", 1]]


def test_refill_after_a_court_supplement() -> None:
    # G48: the intake supplement (R17) is a step
    s = table(board={"galicia": [6, 5, 0, 0]}, holder=2, cabs=(beside("galicia", 1, 1),))
    s = kit.at_turn(s, 0, "d1_move_four_any")
    s = replace(s, turn=replace(s.turn, stage="supplement", shortfall=1, card=""), province=(0, 10, 10, 10))
    s, events = pick(s, 0, {"type": "supplement_court", "from": {"galicia": 1}})
    assert [e["type"] for e in events][:2] == ["court_supplemented", "caballeros_moved"]
    assert fills(events)[0]["moves"] == [[1, "galicia_beside", "galicia", 1]]


def test_no_refill_when_nobody_left_the_board() -> None:
    # G48: only a step in which a caballero left the board refills; leaving beside ones does not count
    s = table(board={"galicia": [5, 4, 0, 0]}, holder=-1, cabs=(beside("galicia", 1, 1),))
    s, events = move_off(s, 0, [{"seat": 1, "from": "galicia_beside", "to": "aragon"}])
    assert not fills(events) and not opened(events)
    assert not s.limit_left


def test_refill_keeps_marks_and_bonus_moves() -> None:
    # G48, G29: a refill is not a move; the caballero keeps its mark and its bonus move
    s = table(
        board={"mediterranean": [6, 5, 0, 0]},
        limit_in="mediterranean",
        holder=2,
        cabs=(beside("mediterranean", 1, 1, mark=True, bonus=True),),
    )
    s, events = move_off(s, 0, [{"seat": 0, "from": "mediterranean_on", "to": "aragon"}])
    assert fills(events)[0]["moves"] == [[1, "mediterranean_beside*^", "mediterranean", 1]]
    assert ((AREA["mediterranean"], 1, "", "", -1, True, True), 1) in s.cabs


def test_no_refill_in_the_kings_region() -> None:
    # G49, R23: nothing in the King's region changes between on and beside
    s = table(board={"galicia": [6, 5, 0, 0]}, holder=2, cabs=(beside("galicia", 1, 1),), king="galicia")
    assert limit.Limit.step_end(s.rules, replace(s, limit_left=True), 0) == []


# G66: d7_move_limit_board.


def test_move_limit_board_all_eligible_go_on_and_the_old_region_counts_again() -> None:
    # G66: no more eligible than spaces: all go on; the old region's caballeros all count again
    s = table(board={"galicia": [6, 5, 0, 0], "aragon": [3, 2, 0, 0]}, cabs=(beside("galicia", 1, 1),))
    s = kit.at_turn(s, 0, CARD)
    assert {"type": "declare_action", "area": "aragon"} in legal_moves(s, 0)
    s, events = kit.declare(s, 0, area="aragon")
    (moved,) = kit.of_type(events, "limit_board_moved")
    assert moved["from"] == "galicia" and moved["to"] == "aragon" and moved["beside"] == []
    assert s.limit == AREA["aragon"]
    assert counts(s, "galicia") == (6, 5, 0, 0)
    assert counts(s, "aragon") == (3, 2, 0, 0)
    assert not s.cabs


CARD = "d7_move_limit_board"


def test_move_limit_board_with_more_eligible_names_those_that_go_on() -> None:
    # G66: the acting player names exactly as many as there are spaces; the rest go beside
    s = table(board={"galicia": [1, 0, 0, 0], "aragon": [4, 5, 3, 0]})
    s = kit.at_turn(s, 0, CARD)
    on = [
        {"seat": 0, "state": "aragon", "count": 4},
        {"seat": 1, "state": "aragon", "count": 5},
        {"seat": 2, "state": "aragon", "count": 1},
    ]
    with pytest.raises(IllegalMove) as err:
        kit.declare(s, 0, area="aragon")
    assert err.value.rule == "G66"
    with pytest.raises(IllegalMove) as err:
        kit.declare(s, 0, area="aragon", on=on[:2])
    assert err.value.rule == "G66"
    s, events = kit.declare(s, 0, area="aragon", on=on)
    (moved,) = kit.of_type(events, "limit_board_moved")
    assert moved["beside"] == [[2, "aragon", 2]]
    assert counts(s, "aragon") == (4, 5, 1, 0)
    assert s.board[AREA["aragon"]] == (4, 5, 3, 0)


def test_move_limit_board_refuses_france_castillo_kings_region_and_same_region() -> None:
    # G49, G66, ruling B10
    s = kit.at_turn(table(board={"galicia": [1, 0, 0, 0]}), 0, CARD)
    for region, rule in (("france", "G49"), ("castillo", "G49"), ("new_castile", "G66"), ("galicia", "G66")):
        with pytest.raises(IllegalMove) as err:
            kit.declare(s, 0, area=region)
        assert err.value.rule == rule
    areas = {m["area"] for m in legal_moves(s, 0) if m["type"] == "declare_action"}
    assert areas == {data.AREAS[r].id for r in data.EXPANSION_REGIONS} - {"france", "new_castile", "galicia"}


def test_move_limit_board_never_out_of_the_kings_region() -> None:
    # G66: the board may not be moved while it lies in the King's region
    s = kit.at_turn(table(board={"galicia": [1, 0, 0, 0]}, king="galicia"), 0, CARD)
    with pytest.raises(IllegalMove) as err:
        kit.declare(s, 0, area="aragon")
    assert err.value.rule == "G66"
    assert not [m for m in legal_moves(s, 0) if m["type"] == "declare_action"]


def test_move_limit_board_from_beside_the_board() -> None:
    # ruling B24, G14 step 3: a board beside the board limits nothing until a card puts it into a region
    s = table(board={"aragon": [7, 5, 0, 0]}, limit_in=None)
    assert counts(s, "aragon") == (7, 5, 0, 0)
    s = kit.at_turn(s, 0, CARD)
    s, events = kit.declare(
        s,
        0,
        area="aragon",
        on=[{"seat": 0, "state": "aragon", "count": 7}, {"seat": 1, "state": "aragon", "count": 3}],
    )
    assert kit.of_type(events, "limit_board_moved")[0]["from"] is None
    assert counts(s, "aragon") == (7, 3, 0, 0)


def test_move_limit_board_excludes_slot_occupants_and_keeps_states() -> None:
    # G66: every caballero but a captain or viceroy is eligible; no caballero moves (marks and bonus stay)
    cabs = (
        ((AREA["america"], 0, "viceroy", "", -1, False, False), 1),
        ((AREA["america"], 1, "", "gold", 1, True, False), 1),
    )
    s = table(board={"america": [3, 1, 0, 0], "galicia": [1, 0, 0, 0]}, cabs=cabs)
    s = kit.at_turn(s, 0, CARD)
    assert limit.Limit.eligible(s.rules, s, AREA["america"]) == [(0, "america", 2), (1, "america+gold*", 1)]
    s, _ = kit.declare(s, 0, area="america")
    assert ((AREA["america"], 1, "", "gold", 1, True, False), 1) in s.cabs


# G82: the default order.


def test_fill_order_puts_black_after_its_holder_and_unowned_black_last() -> None:
    # G82, ruling B28
    s = table(holder=1)
    cands = [
        (0, "galicia_beside", 1),
        (1, "galicia_beside", 1),
        (BLACK, "galicia_beside", 1),
        (3, "galicia_beside", 1),
    ]
    assert limit.fill_order(s, 1, cands, 3) == [
        (1, "galicia_beside", 1),
        (BLACK, "galicia_beside", 1),
        (3, "galicia_beside", 1),
    ]
    s = table(holder=-1)
    assert limit.fill_order(s, 3, cands, 4)[-1] == (BLACK, "galicia_beside", 1)
    assert limit.fill_order(s, 3, cands, 2) == [(3, "galicia_beside", 1), (0, "galicia_beside", 1)]


def test_fill_order_within_a_colour_follows_g4a() -> None:
    # G4a, ruling B28: without a bonus move before with one; marked before unmarked
    s = table(holder=0)
    cands = [(0, "mediterranean_beside^", 1), (0, "mediterranean_beside", 1), (0, "mediterranean_beside*", 1)]
    assert limit.fill_order(s, 0, cands, 2) == [
        (0, "mediterranean_beside*", 1),
        (0, "mediterranean_beside", 1),
    ]


def test_refill_decision_after_a_court_supplement_keeps_the_card_choice_due() -> None:
    # G48, R17, R18: the supplement's refill is chosen, then the player still takes a card
    s = table(
        board={"galicia": [6, 5, 0, 0]}, holder=2, cabs=(beside("galicia", 1, 1), beside("galicia", 3, 1))
    )
    s = replace(s, board=tuple(r if i != AREA["galicia"] else (6, 5, 0, 1) for i, r in enumerate(s.board)))
    s = kit.at_turn(s, 0, "d1_move_four_any")
    s = replace(s, turn=replace(s.turn, stage="supplement", shortfall=1, card=""), province=(0, 10, 10, 10))
    s, events = pick(s, 0, {"type": "supplement_court", "from": {"galicia": 1}})
    assert opened(events)[0]["members"] == [2]
    s, events = pick(
        s, 2, {"type": "fill_limit", "states": [{"seat": 3, "state": "galicia_beside", "count": 1}]}
    )
    assert s.turn is not None and s.turn.stage == "card"
    assert kit.game.pending(s)[0]["kind"] == "choose_action_card"


def test_eviction_out_of_the_limit_region_refills_at_the_end_of_the_action() -> None:
    # G48: evicted caballeros left the board; the refill follows the whole special action (B9: not G47)
    s = table(board={"galicia": [0, 6, 0, 0], "aragon": [0, 0, 0, 0]}, holder=0, cabs=())
    s = replace(s, board=tuple(r if i != AREA["galicia"] else (2, 6, 4, 0) for i, r in enumerate(s.board)))
    s = replace(s, cabs=(beside("galicia", 0, 2),))
    s, events = evict(s, {1: "aragon", 2: "aragon"}, region="galicia")
    moved = [e for e in events if e["type"] == "caballeros_moved"]
    assert [e["reason"] for e in moved] == ["eviction", "refill"]
    assert moved[1]["moves"] == [[0, "galicia_beside", "galicia", 2]]


def test_fill_limit_partial_moves_grow_one_caballero_at_a_time() -> None:
    # G47, G81: legal_moves extends a partial fill_limit; malformed input is refused, never a crash
    s = table(board={"galicia": [5, 3, 0, 0], "aragon": [0, 2, 2, 0]}, holder=3)
    s, _ = evict(s, {1: "galicia", 2: "galicia"})
    grown = legal_moves(s, 3, partial={"type": "fill_limit", "states": []})
    assert {
        "type": "fill_limit",
        "states": [{"seat": 1, "state": "galicia_beside", "count": 1}],
        "complete": False,
    } in grown
    last = legal_moves(
        s, 3, partial={"type": "fill_limit", "states": [{"seat": 1, "state": "galicia_beside", "count": 1}]}
    )
    assert all(m["complete"] for m in last) and len(last) == 2
    for bad in (
        {"type": "fill_limit", "states": "x"},
        {"type": "fill_limit", "states": [{"seat": 9, "state": "x", "count": 1}]},
        {"type": "fill_limit", "states": [{"seat": 1, "state": "galicia_beside", "count": 0}]},
        {"type": "fill_limit"},
    ):
        with pytest.raises(Exception) as err:
            pick(s, 3, bad)
        assert type(err.value).__name__ in ("MalformedMove", "IllegalMove")


def test_move_limit_board_partial_declarations() -> None:
    # G66: the `on` choice can be built one caballero at a time
    s = kit.at_turn(table(board={"galicia": [1, 0, 0, 0], "aragon": [4, 5, 3, 0]}), 0, CARD)
    grown = legal_moves(s, 0, partial={"type": "declare_action", "area": "aragon", "on": []})
    assert len(grown) == 3 and not any(m["complete"] for m in grown)


def test_fill_limit_notation_round_trips() -> None:
    # G47, G48: the text notation of fill_limit
    move = {"type": "fill_limit", "states": [{"seat": 1, "state": "galicia_beside", "count": 2}]}
    assert kit.game.format_move(move) == "fill 1:galicia_besidex2"
    assert kit.game.parse_move("fill 1:galicia_besidex2", None, 0) == [move]


def test_large_families_list_only_legal_complete_moves() -> None:
    # G66, G81: with many ways to choose, the first LISTED complete declarations are listed, all legal
    s = kit.at_turn(table(board={"galicia": [1, 0, 0, 0], "aragon": [5, 5, 5, 5]}), 0, CARD)
    listed = [m for m in legal_moves(s, 0) if m.get("area") == "aragon"]
    assert len(listed) == limit.LISTED
    for m in listed[:: limit.LISTED // 5]:
        kit.play(s, 0, m)
    root = legal_moves(s, 0, partial={"type": "declare_action", "area": "aragon", "on": []})
    assert len(root) == 4


def test_view_shows_the_limit_board() -> None:
    # G80: the limit board's region and who is on or beside it are public
    s = table(board={"galicia": [6, 5, 0, 0]}, cabs=(beside("galicia", 1, 1),))
    out = kit.game.view(s, None)["limit_board"]
    assert out == {"area": "galicia", "spaces": 10, "on": 10, "beside": 1, "refill_owed": False}


def test_evicted_black_caballeros_of_the_holder_are_arrivals_too() -> None:
    # G47, G75 (d4_eviction: black ones if he is the holder), G41: black ones are candidates like any other
    s = table(board={"galicia": [5, 4, 0, 0], "aragon": [0, 1, 0, 0]}, holder=1, black={"aragon": 1})
    s, events = evict(s, {1: "galicia"})
    (dec,) = opened(events)
    assert dec["members"] == [1]
    assert dec["context"]["candidates"] == [[1, "galicia_beside", 1], [BLACK, "galicia_beside", 1]]
    s, events = pick(
        s, 1, {"type": "fill_limit", "states": [{"seat": BLACK, "state": "galicia_beside", "count": 1}]}
    )
    assert fills(events)[0]["moves"] == [[BLACK, "galicia_beside", "galicia", 1]]
    assert counts(s, "galicia") == (5, 5, 0, 0)  # G41: the black one counts for the holder


def test_move_limit_board_notation_round_trips() -> None:
    # G66: the declaration names the caballeros that go on, in the text notation of email replies
    move = {
        "type": "declare_action",
        "area": "galicia",
        "on": [
            {"seat": 0, "state": "galicia", "count": 2},
            {"seat": "black", "state": "galicia", "count": 1},
        ],
    }
    assert kit.game.format_move(move) == "declare galicia on 0:galiciax2 black:galiciax1"
    assert kit.game.parse_move("declare galicia on 0:galiciax2 black:galiciax1", None, 0) == [move]
