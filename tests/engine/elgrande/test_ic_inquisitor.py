"""The Grand Inquisitor and relocations of inquisitor_colonies (G22, G25, G40-G44, G50-G53, G64, G75).

Situations are built from a real setup of the option (`kit.start`) with `arrange`, which sets
the board, black caballeros, caballero states, King, courts and holder, and recomputes the
provinces so every colour keeps its 36 caballeros (G9).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.elgrande import data, groups, notation, scores
from engine.elgrande.defaults import default_move
from engine.elgrande.expansion import pieces
from engine.elgrande.legal import legal_moves
from engine.elgrande.state import Turn
from engine.errors import IllegalMove
from tests.engine.elgrande import kit

AREA = data.AREA_INDEX
BLACK = "black"


def arrange(
    seats: int = 4,
    *,
    board: dict[str, list[int]] | None = None,
    black: dict[str, int] | None = None,
    cabs: list[tuple[tuple[Any, ...], int]] | None = None,
    king: str = "new_castile",
    court: list[int] | None = None,
    holder: int = -1,
    limit: str | None = None,
    seat: int = 0,
    card: str = "d1_move_four_any",
    stage: str = "step",
) -> Any:
    """Returns a state at `seat`'s turn (holding `card`) with the given pieces."""
    s = kit.start(seats, "inq", inquisitor_colonies=True)
    rows = [[0] * seats for _ in data.AREAS]
    for name, row in (board or {}).items():
        rows[AREA[name]] = list(row)
    courts = tuple(court) if court is not None else (5,) * seats
    province = tuple(data.EXPANSION_CABALLEROS - courts[p] - sum(r[p] for r in rows) for p in range(seats))
    blk = [0] * data.N_AREAS
    for name, k in (black or {}).items():
        blk[AREA[name]] = k
    s = replace(
        s,
        board=tuple(tuple(r) for r in rows),
        court=courts,
        province=province,
        black=tuple(blk),
        cabs=pieces.frozen(dict(cabs or [])),
        king=AREA[king],
        church=holder,
        limit=AREA[limit] if limit else -1,
        setup_open=False,
    )
    s = kit.at_turn(s, seat, card)
    if stage == "card":
        offer = (f"{card}.1", "d5_king.1", "d6_grand_inquisitor.1")
        s = replace(s, turn=Turn(seat=seat, stage="card"), offer=offer)
    return s


def refuse(s: Any, seat: int, move: dict[str, Any]) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        kit.play(s, seat, move)
    return err.value


def moved(events: list[dict[str, Any]], reason: str) -> list[list[Any]]:
    return [m for e in kit.of_type(events, "caballeros_moved") if e["reason"] == reason for m in e["moves"]]


def cab(
    area: str, owner: Any, position: str = "", tile: str = "", claimant: int = -1, mark: bool = False
) -> Any:
    return (AREA[area], owner, position, tile, claimant, mark, False)


# --- G40, G64: the figure passes on taking the card --------------------------------------


def test_taking_the_card_makes_the_taker_holder_at_once() -> None:
    # G40, G64, ruling B14: the figure passes as part of choosing the card, from its holder
    s = arrange(card="d3_score_castillo", stage="card", holder=2)
    s, _ = kit.play(s, 0, {"type": "take_card", "card": "d6_grand_inquisitor"})
    assert s.church == 0
    assert kit.game.view(s, "all")["inquisitor"]["holder"] == 0


# --- G43: the Inquisitor extra ------------------------------------------------------------


def test_gic_example_1_take_the_card_place_three_then_one_more() -> None:
    # G43 [GIC] example 1, G64: take the Grand Inquisitor card, place 3 from the court, then 1 more
    s = arrange(card="d3_score_castillo", stage="card", court=[6, 5, 5, 5])
    s, _ = kit.play(s, 0, {"type": "take_card", "card": "d6_grand_inquisitor"})
    s, _ = kit.play(s, 0, {"type": "place_caballeros", "to": {"old_castile": 2, "castillo": 1}})
    assert s.court[0] == 3
    assert {"type": "inquisitor_extra", "to": "valencia"} in legal_moves(s, 0)
    s, ev = kit.play(s, 0, {"type": "inquisitor_extra", "to": "valencia"})
    assert moved(ev, "inquisitor") == [[0, "court", "valencia", 1]]
    assert s.court[0] == 2 and kit.count(s, "valencia", 0) == 1 and s.turn.extra
    err = refuse(s, 0, {"type": "inquisitor_extra", "to": "court"})  # G43: once in each turn
    assert err.rule == "G43"


def test_gic_example_2_province_to_court_then_place_five() -> None:
    # G43 [GIC] example 2: as holder, take the King card with 4 in the court: 1 province → court, then place 5
    s = arrange(card="d5_king", stage="card", court=[4, 5, 5, 5], holder=0)
    s, _ = kit.play(s, 0, {"type": "take_card", "card": "d5_king"})
    s, ev = kit.play(s, 0, {"type": "inquisitor_extra", "to": "court"})
    assert moved(ev, "inquisitor") == [[0, "province", "court", 1]]
    s, _ = kit.play(s, 0, {"type": "place_caballeros", "to": {"old_castile": 3, "valencia": 2}})
    assert s.court[0] == 0 and kit.count(s, "old_castile", 0) == 3


def test_unused_extra_becomes_province_to_court_at_turn_end() -> None:
    # G43, G82: left unused with a non-empty province, province → court is applied as the turn ends
    s = arrange(card="d3_score_castillo", holder=0)
    court = s.court[0]
    s, ev = kit.play(s, 0, {"type": "end_turn"})
    assert moved(ev, "inquisitor") == [[0, "province", "court", 1]]
    assert kit.types(ev)[-1] == "turn_ended" or "turn_ended" in kit.types(ev)
    assert s.court[0] == court + 1


def test_default_of_turn_step_applies_the_extra() -> None:
    # G82: the default ends the turn, and the extra's province → court comes before the end
    s = arrange(card="d3_score_castillo", holder=0)
    move = kit.game.default_move(s, 0)
    _s2, ev = kit.play(s, 0, move)
    assert moved(ev, "inquisitor") == [[0, "province", "court", 1]]


def test_no_extra_for_a_non_holder() -> None:
    # G43: only the holder has the extra
    s = arrange(card="d3_score_castillo", holder=1)
    assert not [m for m in legal_moves(s, 0) if m["type"] == "inquisitor_extra"]
    assert refuse(s, 0, {"type": "inquisitor_extra", "to": "court"}).rule == "G43"
    _, ev = kit.play(s, 0, {"type": "end_turn"})
    assert not moved(ev, "inquisitor")


def test_extra_reaches_france_and_the_caravel() -> None:
    # G43, ruling A19, G22: the extra may go to france (free slot, King in catalonia) and the caravel (coastal King)
    s = arrange(card="d3_score_castillo", holder=0, king="catalonia")
    offered = {m["to"] for m in legal_moves(s, 0) if m["type"] == "inquisitor_extra"}
    assert {
        "court",
        "caravel",
        "aragon",
        "valencia",
        "castillo",
        "france_ambassador",
        "france_plain",
    } <= offered
    assert "america" not in offered and "catalonia" not in offered
    s2, ev = kit.play(s, 0, {"type": "inquisitor_extra", "to": "france_ambassador"})
    assert moved(ev, "inquisitor") == [[0, "court", "france_ambassador", 1]]
    assert (cab("france", 0, "ambassador"), 1) in s2.cabs
    s3, _ = kit.play(s, 0, {"type": "inquisitor_extra", "to": "caravel"})
    assert kit.count(s3, "caravel", 0) == 1


def test_extra_never_into_the_colonies_or_far_regions() -> None:
    # G22: never america or the mediterranean; only court-placement targets
    s = arrange(card="d3_score_castillo", holder=0, king="catalonia")
    assert refuse(s, 0, {"type": "inquisitor_extra", "to": "america"}).rule == "G22"
    assert refuse(s, 0, {"type": "inquisitor_extra", "to": "galicia"}).rule == "G22"
    assert refuse(s, 0, {"type": "inquisitor_extra", "to": "catalonia"}).rule == "R23"


# --- G22, G25: court placement into France and onto the caravel -----------------------


def test_batch_onto_the_caravel_with_the_king_coastal() -> None:
    # G22: King in catalonia → aragon, valencia, france, caravel, Castillo
    s = arrange(card="d5_king", king="catalonia")
    s2, _ = kit.play(s, 0, {"type": "place_caballeros", "to": {"caravel": 2, "france_envoy": 1}})
    assert kit.count(s2, "caravel", 0) == 2 and kit.count(s2, "france", 0) == 1


def test_batch_not_onto_the_caravel_with_an_inland_king() -> None:
    # G22: King in aragon → its neighbours, france, Castillo; not the caravel
    s = arrange(card="d5_king", king="aragon")
    assert refuse(s, 0, {"type": "place_caballeros", "to": {"caravel": 1}}).rule == "R20"
    s2, _ = kit.play(s, 0, {"type": "place_caballeros", "to": {"france_plain": 1}})
    assert kit.count(s2, "france", 0) == 1


def test_france_takes_one_caballero_per_free_slot() -> None:
    # G25, ruling B1: the acting player names a free slot; none twice, none taken
    s = arrange(
        card="d5_king", king="aragon", board={"france": [0, 1, 0, 0]}, cabs=[(cab("france", 1, "envoy"), 1)]
    )
    assert refuse(s, 0, {"type": "place_caballeros", "to": {"france_envoy": 1}}).rule == "G25"
    assert refuse(s, 0, {"type": "place_caballeros", "to": {"france_plain": 2}}).rule == "G25"
    assert refuse(s, 0, {"type": "place_caballeros", "to": {"france": 1}}).rule == "G25"  # two slots free
    s2, _ev = kit.play(s, 0, {"type": "place_caballeros", "to": {"france_ambassador": 1, "france_plain": 1}})
    assert kit.count(s2, "france", 0) == 2


def test_bare_france_is_the_only_free_slot() -> None:
    # G25, R34: with one slot free the choice is forced
    s = arrange(
        card="d5_king",
        king="aragon",
        board={"france": [0, 2, 0, 0]},
        cabs=[(cab("france", 1, "envoy"), 1), (cab("france", 1, "ambassador"), 1)],
    )
    _, ev = kit.play(s, 0, {"type": "place_caballeros", "to": {"france": 1}})
    assert kit.of_type(ev, "caballeros_placed")[0]["moves"] == [[0, "court", "france_plain", 1]]


# --- G64: d6_grand_inquisitor's special action ---------------------------------------------


def test_inquisitor_relocates_black_into_the_castillo() -> None:
    # G64, G41: black caballeros may go into the Castillo; the move is a relocation (ruling B11)
    s = arrange(card="d6_grand_inquisitor", holder=0, black={"galicia": 2, "seville": 2})
    moves = [
        {"seat": BLACK, "from": "galicia", "to": "castillo"},
        {"seat": BLACK, "from": "seville", "to": "america"},
    ]
    s2, _ev = kit.declare(s, 0, moves=moves)
    assert s2.black[data.CASTILLO] == 1 and s2.black[AREA["america"]] == 1
    assert (cab("castillo", BLACK, mark=True), 1) in s2.cabs  # G51: marked


def test_inquisitor_moves_black_only_at_most_two() -> None:
    # G64: up to 2 steps, black caballeros only
    s = arrange(card="d6_grand_inquisitor", holder=0, black={"galicia": 3}, board={"galicia": [2, 0, 0, 0]})
    assert (
        refuse(
            s, 0, {"type": "declare_action", "moves": [{"seat": 0, "from": "galicia", "to": "aragon"}]}
        ).rule
        == "G64"
    )
    three = [{"seat": BLACK, "from": "galicia", "to": "aragon"}] * 3
    assert refuse(s, 0, {"type": "declare_action", "moves": three}).rule == "§1.6"


def test_inquisitor_never_into_or_out_of_the_kings_region() -> None:
    # G64: never into or out of the King's region; never from the Castillo (R27)
    s = arrange(card="d6_grand_inquisitor", holder=0, black={"galicia": 1, "new_castile": 1, "castillo": 1})
    for frm, to in (("galicia", "new_castile"), ("new_castile", "galicia"), ("castillo", "galicia")):
        err = refuse(s, 0, {"type": "declare_action", "moves": [{"seat": BLACK, "from": frm, "to": to}]})
        assert err.rule in ("R23", "R24")


def test_inquisitor_brings_back_black_from_out() -> None:
    # G64, G42, ruling B27: a black caballero out of the game comes back; not a relocation (G50)
    s = arrange(card="d6_grand_inquisitor", holder=0, black={"galicia": 2, "seville": 1})
    moves = [
        {"seat": BLACK, "from": "out", "to": "caravel"},
        {"seat": BLACK, "from": "galicia", "to": "aragon"},
    ]
    s2, ev = kit.declare(s, 0, moves=moves)
    assert moved(ev, "back") == [[BLACK, "out", "caravel", 1]]
    assert s2.black[AREA["caravel"]] == 1 and sum(s2.black) == 4
    assert not any(c[0] == AREA["caravel"] for c, _ in s2.cabs)  # unmarked, plain
    two = [{"seat": BLACK, "from": "out", "to": "caravel"}] * 2
    assert refuse(s, 0, {"type": "declare_action", "moves": two}).rule == "G64"  # only 1 is out
    err = refuse(
        s, 0, {"type": "declare_action", "moves": [{"seat": BLACK, "from": "out", "to": "new_castile"}]}
    )
    assert err.rule == "R23"


# --- G51, G52, G53: relocations -------------------------------------------------------------


def test_a_caballero_is_relocated_at_most_once_per_round() -> None:
    # G51, ruling A7: counting every player's relocations; marked ones stay
    s = arrange(
        card="d1_move_four_any",
        board={"galicia": [2, 0, 0, 0]},
        cabs=[(cab("galicia", 0, mark=True), 1)],
    )
    one = [{"seat": 0, "from": "galicia", "to": "aragon"}]
    s2, ev = kit.declare(s, 0, moves=one)
    assert moved(ev, "move") == [[0, "galicia", "aragon", 1]]  # the unmarked one went
    assert (cab("aragon", 0, mark=True), 1) in s2.cabs and (cab("galicia", 0, mark=True), 1) in s2.cabs
    err = refuse(s, 0, {"type": "declare_action", "moves": one * 2})
    assert err.rule == "G51"


def test_marks_clear_at_round_start() -> None:
    # G51: the marks are cleared at the start of every played round
    s = arrange(board={"galicia": [1, 0, 0, 0]}, cabs=[(cab("galicia", 0, mark=True), 1)])
    s2 = kit.game.evolve(s, {"type": "round_started", "round": 2, "offer": [], "start_player": 0})
    assert s2.cabs == ()


def test_relocation_within_a_region() -> None:
    # G52: ordinary → captain, viceroy → ordinary, France slot → another free slot: one step each
    s = arrange(
        card="d1_move_four_own",
        board={"caravel": [2, 0, 0, 0], "america": [1, 0, 0, 0], "france": [1, 0, 0, 0]},
        cabs=[(cab("america", 0, "viceroy"), 1), (cab("france", 0, "plain"), 1)],
    )
    moves = [
        {"seat": 0, "from": "caravel", "to": "caravel_captain"},
        {"seat": 0, "from": "america_viceroy", "to": "america"},
        {"seat": 0, "from": "france_plain", "to": "france_ambassador"},
    ]
    s2, _ev = kit.declare(s, 0, moves=moves)
    assert (cab("caravel", 0, "captain", mark=True), 1) in s2.cabs
    assert (cab("america", 0, mark=True), 1) in s2.cabs
    assert (cab("france", 0, "ambassador", mark=True), 1) in s2.cabs


def test_relocation_on_and_beside_the_limit_board() -> None:
    # G52: on → beside the limit board is one step
    s = arrange(card="d1_move_four_own", board={"galicia": [2, 0, 0, 0]}, limit="galicia")
    s2, events = kit.declare(s, 0, moves=[{"seat": 0, "from": "galicia", "to": "galicia_beside"}])
    moved = [e for e in events if e["type"] == "caballeros_moved"]
    assert moved[0]["moves"] == [[0, "galicia", "galicia_beside", 1]]
    # G48: the step left a free space with a caballero beside, so the refill puts it back on (marked)
    assert moved[1]["reason"] == "refill" and (cab("galicia", 0, mark=True), 1) in s2.cabs


def test_no_move_within_a_region_without_positions() -> None:
    # G52, R24: an area without positions needs a different area
    s = arrange(card="d1_move_four_own", board={"galicia": [2, 0, 0, 0]})
    err = refuse(s, 0, {"type": "declare_action", "moves": [{"seat": 0, "from": "galicia", "to": "galicia"}]})
    assert err.rule == "X30"


def test_tile_carrier_never_into_the_castillo() -> None:
    # G53, G37: tile carriers never go into the Castillo
    s = arrange(
        card="d1_move_four_own",
        board={"caravel": [1, 0, 0, 0]},
        cabs=[(cab("caravel", 0, tile="gold", claimant=0), 1)],
    )
    err = refuse(
        s, 0, {"type": "declare_action", "moves": [{"seat": 0, "from": "caravel", "to": "castillo"}]}
    )
    assert err.rule in ("G53", "G37")  # both say it; the ship layer (G37) is asked first


def test_move_own_region_leaves_marked_ones() -> None:
    # G51, G75, ruling B20: d1_move_own_region can take only the unmarked ones
    s = arrange(
        card="d1_move_own_region",
        board={"galicia": [3, 0, 0, 0]},
        cabs=[(cab("galicia", 0, mark=True), 1)],
    )
    two = [{"seat": 0, "from": "galicia", "to": "aragon"}] * 2
    s2, _ = kit.declare(s, 0, moves=two)
    assert kit.count(s2, "galicia", 0) == 1 and kit.count(s2, "aragon", 0) == 2
    assert refuse(s, 0, {"type": "declare_action", "moves": two + two[:1]}).rule == "G51"


# --- G42, G75: barrier pieces ----------------------------------------------------------------


def test_court_supplement_never_takes_tile_carriers() -> None:
    # G42, G75: barrier pieces are never a court supplement
    s = arrange(
        card="d4_court_two",
        board={"caravel": [2, 0, 0, 0]},
        cabs=[(cab("caravel", 0, tile="goods", claimant=0), 1)],
    )
    s = replace(s, province=(0, *s.province[1:]), court=(s.court[0] + s.province[0], *s.court[1:]))
    s2, ev = kit.declare(s, 0, supplement={"caravel": 1})
    assert moved(ev, "court") == [[0, "caravel", "court", 1]]
    assert (cab("caravel", 0, tile="goods", claimant=0), 1) in s2.cabs


def test_one_of_your_choice_takes_the_holders_black_out_of_the_game() -> None:
    # G42, G75, ruling B27: the holder's black caballero may be chosen; it leaves the game ("out")
    s = arrange(
        2,
        card="d2_one_of_your_choice",
        holder=1,
        black={"galicia": 2, "seville": 2},
        board={"aragon": [0, 1]},
    )
    offered = legal_moves(s, 0, {"type": "declare_action", "removals": []})
    assert {"seat": BLACK, "region": "galicia"} in [m["removals"][-1] for m in offered]
    s2, ev = kit.declare(s, 0, removals=[{"seat": BLACK, "region": "galicia"}])
    assert moved(ev, "return") == [[BLACK, "galicia", "out", 1]]
    assert sum(s2.black) == 3 and s2.province[1] == s.province[1]
    assert kit.game.view(s2, "all")["inquisitor"]["out_of_game"] == 1
    err = refuse(s, 0, {"type": "declare_action", "removals": [{"seat": BLACK, "region": "galicia"}] * 2})
    assert err.rule == "X16"  # the holder loses only one


def test_no_return_takes_unowned_black_or_tile_carriers() -> None:
    # G42, ruling A11: no holder → nobody's; tile carriers are never chosen
    s = arrange(
        2,
        card="d2_one_of_your_choice",
        black={"galicia": 2},
        board={"caravel": [0, 1], "seville": [0, 1]},
        cabs=[(cab("caravel", 1, tile="gold", claimant=1), 1)],
    )
    assert (
        refuse(s, 0, {"type": "declare_action", "removals": [{"seat": BLACK, "region": "galicia"}]}).rule
        == "G42"
    )
    assert (
        refuse(s, 0, {"type": "declare_action", "removals": [{"seat": 1, "region": "caravel"}]}).rule == "R26"
    )
    offered = legal_moves(s, 0, {"type": "declare_action", "removals": []})
    assert [m["removals"] for m in offered] == [[{"seat": 1, "region": "seville"}]]


def test_king_returns_takes_black_after_own() -> None:
    # G42, G75, G82: the holder's black ones count and are returned, leaving the game; own colour first
    s = arrange(
        2, card="d2_king_returns", holder=1, black={"galicia": 2}, board={"galicia": [0, 1]}, court=[5, 0]
    )
    s2, ev = kit.declare(s, 0)
    assert moved(ev, "return") == [[1, "galicia", "province", 1], [BLACK, "galicia", "out", 2]]
    assert s2.black[AREA["galicia"]] == 0


def test_secret_return_two_counts_black() -> None:
    # G42, G75: d2_secret_return_two counts the holder's black ones (M3's "≥ 2")
    s = arrange(
        2,
        card="d2_secret_return_two",
        holder=1,
        black={"galicia": 1},
        board={"galicia": [0, 1], "aragon": [0, 1]},
    )
    assert groups.legal_choices(s, "return_two_disc", None, 1) == ["galicia"]
    _s2, ev = kit.declare(s, 0)
    assert moved(ev, "return") == [[1, "galicia", "province", 1], [BLACK, "galicia", "out", 1]]


def test_court_supplement_never_takes_the_viceroy_or_black() -> None:
    # G27, G42, ruling B2: R17's supplement counts neither the viceroy nor carriers
    s = arrange(
        2, holder=0, black={"galicia": 2}, board={"america": [1, 0]}, cabs=[(cab("america", 0, "viceroy"), 1)]
    )
    assert s.takeable_open(0, "supplement") == 0
    assert s.takeable_open(0, "court") == 1  # d4_court_two may take him


# --- G81, G42a, G82: returns chosen by their owner name caballero states ----------------------


def _decision(card: str, kind: str, **kw: Any) -> Any:
    """Seat 0 plays `card` (2 seats); returns the state with seat 1's decision `kind` open."""
    s = arrange(2, card=card, **kw)
    s2, _ = kit.declare(s, 0)
    assert s2.group is not None and s2.group.kind == kind
    return s2


def _two_disc(**kw: Any) -> Any:
    return _decision("d2_secret_return_two", "return_two_disc", **kw)


def test_return_two_names_states_and_keeps_the_marked_one() -> None:
    # G81, G42a, G42: the owner names the states, the holder's black ones included; the marked one stays
    s = _two_disc(
        holder=1,
        black={"galicia": 2},
        board={"galicia": [0, 2], "aragon": [0, 2]},
        cabs=[(cab("galicia", 1, mark=True), 1)],
    )
    offered = [m.get("sources") for m in legal_moves(s, 1) if m["region"] == "galicia"]
    assert offered == [
        None,
        ["galicia*", "galicia"],
        ["galicia*", "black:galicia"],
        ["galicia", "black:galicia"],
        ["black:galicia", "black:galicia"],
    ]
    move = {"type": "choose_region", "region": "galicia", "sources": ["black:galicia", "galicia"]}
    s2, ev = kit.play(s, 1, move)
    assert kit.of_type(ev, "choice_made")[0]["choice"] == {
        "region": "galicia",
        "take": ["galicia", "black:galicia"],
    }
    assert moved(ev, "return") == [[1, "galicia", "province", 1], [BLACK, "galicia", "out", 1]]
    assert s2.cabs == ((cab("galicia", 1, mark=True), 1),) and s2.black[AREA["galicia"]] == 1


def test_return_two_without_names_takes_in_g82_order() -> None:
    # G42a, G82, G4a: a choice naming no position: own before black, lowest position first, marked first
    s = _two_disc(
        holder=1,
        black={"galicia": 2},
        board={"galicia": [0, 2], "aragon": [0, 2]},
        cabs=[(cab("galicia", 1, mark=True), 1)],
        limit="galicia",
    )
    _s2, ev = kit.play(s, 1, {"type": "choose_region", "region": "galicia"})
    assert moved(ev, "return") == [[1, "galicia*", "province", 1], [1, "galicia", "province", 1]]


def test_return_two_names_a_position_beside_the_limit_board() -> None:
    # G42a, ruling B25: the owner may take the one on the limit board and keep the one beside it
    s = _two_disc(
        board={"galicia": [0, 3], "aragon": [0, 2]},
        cabs=[(cab("galicia", 1, "beside"), 1)],
        limit="galicia",
    )
    _s2, ev = kit.play(
        s, 1, {"type": "choose_region", "region": "galicia", "sources": ["galicia", "galicia"]}
    )
    assert moved(ev, "return") == [[1, "galicia", "province", 2]]
    _s3, ev = kit.play(s, 1, {"type": "choose_region", "region": "galicia"})
    assert moved(ev, "return") == [[1, "galicia_beside", "province", 1], [1, "galicia", "province", 1]]


def test_return_two_refuses_bad_names() -> None:
    # G42, G42a, X20: no carriers, no black ones for a non-holder, exactly two, only in the chosen region
    s = _two_disc(
        black={"galicia": 1},
        board={"galicia": [0, 3], "aragon": [0, 2]},
        cabs=[(cab("galicia", 1, tile="gold", claimant=1), 1)],
    )
    for sources, rule in (
        (["galicia+gold", "galicia"], "G42a"),
        (["black:galicia", "galicia"], "G42a"),
        (["aragon", "galicia"], "G42a"),
        (["galicia"], "X20"),
        (["galicia", "galicia", "galicia"], "X20"),  # only two are tile-less
    ):
        move = {"type": "choose_region", "region": "galicia", "sources": sources}
        assert refuse(s, 1, move).rule == rule, sources


def test_named_returns_are_the_expansions_only() -> None:
    # G81: the base game's M3 choice names a region only
    s = kit.start(2, "base")
    s = kit.position(s, {"galicia": [0, 2], "aragon": [0, 2]})
    s = kit.at_turn(s, 0, "d2_secret_return_two")
    s2, _ = kit.declare(s, 0)
    move = {"type": "choose_region", "region": "galicia", "sources": ["galicia", "galicia"]}
    assert refuse(s2, 1, move).rule == "G81"


def _king_returns(**kw: Any) -> Any:
    return _decision("d2_king_returns", "king_returns_choice", **kw)


def holder_returning() -> Any:
    """The holder (seat 1) owes The King returns: 1 in court; in galicia (the limit board's region)
    one on the board, one beside it and a black one; one in aragon."""
    return _king_returns(
        holder=1,
        black={"galicia": 1},
        board={"galicia": [0, 2], "aragon": [0, 1]},
        cabs=[(cab("galicia", 1, "beside"), 1)],
        limit="galicia",
        court=[5, 1],
    )


def test_king_returns_names_states_black_and_positions() -> None:
    # G81, G42a, G42: M6 names states from the court and the open regions, the holder's black ones too
    s = holder_returning()
    sources = ["aragon", "black:galicia", "galicia"]
    assert {"type": "return_caballeros", "sources": ["court", "galicia", "black:galicia"]} in legal_moves(
        s, 1
    )
    s2, ev = kit.play(s, 1, {"type": "return_caballeros", "sources": sources})
    assert kit.of_type(ev, "choice_made")[0]["choice"] == {"take": ["galicia", "black:galicia", "aragon"]}
    assert moved(ev, "return") == [
        [1, "galicia", "province", 1],
        [BLACK, "galicia", "out", 1],
        [1, "aragon", "province", 1],
    ]
    assert s2.court[1] == 1 and kit.count(s2, "galicia", 1) == 1
    assert s2.cabs == ()  # G48: the one beside the limit board refilled the space the return freed


def test_king_returns_default_is_d11_in_g82_order() -> None:
    # D11, G82: court first, then the largest stack (black ones counted), own before black, beside first
    s = holder_returning()
    default = default_move(s, 1)
    assert default["sources"] == ["court", "galicia_beside", "galicia"]
    assert {k: v for k, v in default.items() if k != "default"} in legal_moves(s, 1)
    _s2, ev = kit.play(s, 1, default)
    assert moved(ev, "return") == [
        [1, "court", "province", 1],
        [1, "galicia_beside", "province", 1],
        [1, "galicia", "province", 1],
    ]


def test_king_returns_refuses_carriers_and_wrong_counts() -> None:
    # G42, M6: tile carriers are never returned; exactly min(3, available) are named
    s = _king_returns(
        board={"galicia": [0, 3], "aragon": [0, 2]},
        cabs=[(cab("galicia", 1, tile="goods", claimant=1), 1)],
        court=[5, 0],
    )
    assert (
        refuse(s, 1, {"type": "return_caballeros", "sources": ["galicia+goods", "galicia", "aragon"]}).rule
        == "G42a"
    )
    assert refuse(s, 1, {"type": "return_caballeros", "sources": ["galicia", "aragon"]}).rule == "M6"
    assert refuse(s, 1, {"type": "return_caballeros", "sources": ["aragon", "aragon", "aragon"]}).rule == "M6"


def test_named_returns_in_text_notation() -> None:
    # G81: the notation names the states after the region
    move = {"type": "choose_region", "region": "galicia", "sources": ["galicia_beside", "black:galicia"]}
    assert notation.format_move(move) == "disc galicia galicia_beside black:galicia"
    assert notation.parse_line("disc galicia galicia_beside black:galicia", 1) == move
    assert notation.parse_line("return court galicia* black:aragon", 1) == {
        "type": "return_caballeros",
        "sources": ["court", "galicia*", "black:aragon"],
    }


# --- G44, G77: black caballeros at a general scoring ----------------------------------


def scoring_state(**kw: Any) -> Any:
    return replace(arrange(2, **kw), phase="scoring", turn=None)


def test_black_in_the_castillo_go_with_the_holder() -> None:
    # G44, G77 steps 2-4: the holder is a member for his black ones, they count for him and go to his region
    s = scoring_state(holder=1, black={"castillo": 2}, board={"castillo": [1, 0], "galicia": [1, 0]})
    opened = scores.general_scoring(s)
    assert opened[0]["members"] == [0, 1]
    for e in opened:
        s = kit.game.evolve(s, e)
    s, _ = kit.play(s, 0, {"type": "choose_region", "region": "aragon"})
    s, ev = kit.play(s, 1, {"type": "choose_region", "region": "galicia"})
    castillo = next(e for e in kit.of_type(ev, "area_scored") if e["area"] == "castillo")
    assert castillo["points"][1] > castillo["points"][0]  # 2 black beat 1
    assert [BLACK, "castillo", "galicia", 2] in moved(ev, "castillo")
    galicia = next(e for e in kit.of_type(ev, "area_scored") if e["area"] == "galicia")
    assert galicia["points"][1] > galicia["points"][0]  # they count there for the holder
    assert s.black[data.CASTILLO] == 0 and s.black[AREA["galicia"]] == 2


def test_black_without_holder_stay_in_the_castillo() -> None:
    # G44, ruling B8: with no holder they stay, and count for nobody
    s = scoring_state(black={"castillo": 2}, board={"castillo": [1, 0]})
    opened = scores.general_scoring(s)
    assert opened[0]["members"] == [0]
    for e in opened:
        s = kit.game.evolve(s, e)
    s, ev = kit.play(s, 0, {"type": "choose_region", "region": "aragon"})
    assert all(m[0] != BLACK for m in moved(ev, "castillo"))
    assert s.black[data.CASTILLO] == 2


def test_legal_moves_offer_bring_backs_and_changes_within() -> None:
    # G64, G52: legal_moves offers "out" as a source of the Grand Inquisitor's steps and positions within an area
    s = arrange(card="d6_grand_inquisitor", holder=0, black={"caravel": 1, "galicia": 2})
    root = {"type": "declare_action", "moves": []}
    sources = [m["moves"][-1] for m in legal_moves(s, 0, root)]
    assert {"seat": BLACK, "from": "out"} in sources and {"seat": BLACK, "from": "caravel"} in sources
    back = legal_moves(s, 0, {"type": "declare_action", "moves": [{"seat": BLACK, "from": "out"}]})
    assert {"america", "castillo", "france_envoy"} <= {m["moves"][-1]["to"] for m in back}
    assert "new_castile" not in {m["moves"][-1]["to"] for m in back}
    within = legal_moves(s, 0, {"type": "declare_action", "moves": [{"seat": BLACK, "from": "caravel"}]})
    assert "caravel_captain" in {m["moves"][-1]["to"] for m in within}
    assert "caravel" not in {m["moves"][-1]["to"] for m in within}


def test_eviction_takes_the_holders_black_along() -> None:
    # G75: an evicted holder's black caballeros there go with his own to his disc region
    s = arrange(2, card="d4_eviction", holder=1, black={"caravel": 2}, board={"caravel": [1, 1]})
    s, _ = kit.declare(s, 0, area="caravel")
    s, ev = kit.play(s, 1, {"type": "choose_region", "region": "galicia"})
    assert [BLACK, "caravel", "galicia", 2] in moved(ev, "eviction")
    assert s.black[AREA["galicia"]] == 2 and kit.count(s, "caravel", 0) == 1


def test_notation_of_the_extra_and_bring_backs() -> None:
    # G43, G64: the text notation writes and reads the extra and a bring-back
    for move in (
        {"type": "inquisitor_extra", "to": "court"},
        {"type": "inquisitor_extra", "to": "france_envoy"},
    ):
        assert kit.game.parse_move(kit.game.format_move(move), None, 0) == [move]
    back = {"type": "declare_action", "moves": [{"seat": BLACK, "from": "out", "to": "caravel"}]}
    assert kit.game.parse_move(kit.game.format_move(back), None, 0) == [back]


def test_beside_to_on_needs_a_free_space() -> None:
    # G52: beside → on only if a space is free; moving one off first frees it (2 moves, [GIC])
    spaces = data.LIMIT_SPACES[2]
    s = arrange(
        2,
        card="d1_move_four_any",
        board={"galicia": [spaces, 1]},
        cabs=[(cab("galicia", 1, "beside"), 1)],
        limit="galicia",
    )
    on = [{"seat": 1, "from": "galicia_beside", "to": "galicia"}]
    assert refuse(s, 0, {"type": "declare_action", "moves": on}).rule == "G52"
    off = [{"seat": 0, "from": "galicia", "to": "aragon"}]
    s2, _ = kit.declare(s, 0, moves=off + on)
    assert (cab("galicia", 1, mark=True), 1) in s2.cabs


def test_turn_stays_open_for_the_extras_placement() -> None:
    # G43, R34: after the batch and the special action the holder may still place 1 from the court
    s = arrange(card="d3_score_castillo", holder=0, court=[6, 5, 5, 5], board={"castillo": [0, 1, 0, 0]})
    s, _ = kit.play(s, 0, {"type": "place_caballeros", "to": {"old_castile": 3}})
    s, _ = kit.play(s, 0, {"type": "declare_action"})
    assert s.turn is not None and s.turn.seat == 0  # not ended by itself
    s, ev = kit.play(s, 0, {"type": "inquisitor_extra", "to": "valencia"})
    assert "turn_ended" in kit.types(ev)  # nothing left: the turn ends (R34)


def test_special_placement_into_new_regions() -> None:
    # G24, rulings B20, B26, G75: d1_place_two_anywhere may go into america and a free France slot
    s = arrange(
        card="d1_place_two_anywhere", board={"france": [0, 1, 0, 0]}, cabs=[(cab("france", 1, "envoy"), 1)]
    )
    s2, _ = kit.declare(s, 0, places=["america", "france_plain"])
    assert kit.count(s2, "america", 0) == 1 and (cab("france", 0, "plain"), 1) in s2.cabs
    assert refuse(s, 0, {"type": "declare_action", "places": ["france_envoy"]}).rule == "G25"


def test_one_of_your_choice_may_take_a_slot_occupant() -> None:
    # G75, G42a, ruling B25: slot occupants may be taken; the taker names the position
    s = arrange(
        2, card="d2_one_of_your_choice", board={"america": [0, 2]}, cabs=[(cab("america", 1, "viceroy"), 1)]
    )
    s2, ev = kit.declare(s, 0, removals=[{"seat": 1, "region": "america_viceroy"}])
    assert moved(ev, "return") == [[1, "america_viceroy", "province", 1]]
    assert s2.cabs == ()


def test_legal_sources_name_positions_and_skip_marked() -> None:
    # G4a, G42a, G51: sources are named by position; marked caballeros are not offered for relocation
    s = arrange(
        card="d1_move_four_own",
        board={"caravel": [2, 0, 0, 0], "america": [1, 0, 0, 0], "galicia": [1, 0, 0, 0]},
        cabs=[
            (cab("caravel", 0, "captain"), 1),
            (cab("america", 0, "viceroy"), 1),
            (cab("galicia", 0, mark=True), 1),
        ],
    )
    sources = [m["moves"][-1]["from"] for m in legal_moves(s, 0, {"type": "declare_action", "moves": []})]
    assert {"caravel", "caravel_captain", "america_viceroy"} <= set(sources)
    assert "galicia" not in sources
    s2, _ = kit.declare(s, 0, moves=[{"seat": 0, "from": "america_viceroy", "to": "caravel"}])
    assert kit.count(s2, "america", 0) == 0


def test_captain_and_viceroy_hold_one() -> None:
    # G26, G27, G28: one captain, one viceroy; replacing one takes two steps (off, then on)
    s = arrange(
        card="d1_move_four_own",
        king="catalonia",
        board={"caravel": [2, 0, 0, 0], "america": [2, 0, 0, 0]},
        cabs=[(cab("america", 0, "viceroy"), 1)],
    )
    two = [{"seat": 0, "from": "caravel", "to": "caravel_captain"}] * 2
    assert refuse(s, 0, {"type": "declare_action", "moves": two}).rule == "G26"
    on = [{"seat": 0, "from": "america", "to": "america_viceroy"}]
    assert refuse(s, 0, {"type": "declare_action", "moves": on}).rule == "G27"
    off = [{"seat": 0, "from": "america_viceroy", "to": "caravel"}]
    kit.declare(s, 0, moves=off + on)
    s = replace(s, turn=replace(s.turn, card="d5_king.1"))
    assert refuse(s, 0, {"type": "place_caballeros", "to": {"caravel_captain": 2}}).rule == "G26"
    assert refuse(s, 0, {"type": "place_caballeros", "to": {"caravel_beside": 1}}).rule == "G22"
    s2, _ = kit.play(s, 0, {"type": "place_caballeros", "to": {"caravel_captain": 1}})
    assert (cab("caravel", 0, "captain"), 1) in s2.cabs


def test_black_are_own_for_the_holder_and_foreign_for_others() -> None:
    # G41, ruling B3: own for the holder (d1_move_own_region from a region of black only), foreign for others
    s = arrange(card="d1_move_own_region", holder=0, black={"galicia": 2})
    two = [{"seat": BLACK, "from": "galicia", "to": "caravel"}] * 2
    s2, _ = kit.declare(s, 0, moves=two)
    assert s2.black[AREA["caravel"]] == 2
    other = arrange(card="d1_move_own_region", holder=1, black={"galicia": 2})
    assert refuse(other, 0, {"type": "declare_action", "moves": two[:1]}).rule == "§1.6"
    foreign = arrange(card="d1_move_three_foreign", holder=1, black={"galicia": 2})
    s3, _ = kit.declare(foreign, 0, moves=[{"seat": BLACK, "from": "galicia", "to": "france_envoy"}])
    assert (cab("france", BLACK, "envoy", mark=True), 1) in s3.cabs  # G41: black may take slots


def test_bring_back_never_into_moorish_granada() -> None:
    # G64, G85, O-G2, ruling B27: a bring-back never enters Moorish Granada; a relocation may
    s = replace(arrange(card="d6_grand_inquisitor", holder=0, black={"galicia": 1}), moorish=True)
    back = [{"seat": BLACK, "from": "out", "to": "granada"}]
    assert refuse(s, 0, {"type": "declare_action", "moves": back}).rule == "G64"
    s2, _ = kit.declare(s, 0, moves=[{"seat": BLACK, "from": "galicia", "to": "granada"}])
    assert s2.black[AREA["granada"]] == 1


def test_tile_carrier_never_captain_and_picks_keep_carriers_out() -> None:
    # G37, G53, G4a: a carrier is never captain; the tile-less one goes to the Castillo whatever the step order
    s = arrange(
        card="d1_move_four_own",
        king="catalonia",
        board={"caravel": [2, 0, 0, 0]},
        cabs=[(cab("caravel", 0, tile="gold", claimant=0), 1)],
    )
    to_captain = [{"seat": 0, "from": "caravel+gold", "to": "caravel_captain"}]
    assert refuse(s, 0, {"type": "declare_action", "moves": to_captain}).rule == "G37"
    both = [
        {"seat": 0, "from": "caravel", "to": "valencia"},
        {"seat": 0, "from": "caravel", "to": "castillo"},
    ]
    s2, ev = kit.declare(s, 0, moves=both)
    assert s2.board[data.CASTILLO][0] == 1
    assert [0, "caravel", "castillo", 1] in moved(ev, "move")


def test_france_slot_freed_then_taken_in_one_action() -> None:
    # G28, G25: a special action moves the occupant off (1 step), then another onto the slot (1 step)
    s = arrange(
        card="d1_move_four_any",
        board={"france": [1, 1, 1, 0], "aragon": [0, 0, 0, 1]},
        cabs=[
            (cab("france", 0, "plain"), 1),
            (cab("france", 1, "envoy"), 1),
            (cab("france", 2, "ambassador"), 1),
        ],
    )
    on = [{"seat": 3, "from": "aragon", "to": "france_envoy"}]
    assert refuse(s, 0, {"type": "declare_action", "moves": on}).rule == "G25"
    off = [{"seat": 1, "from": "france_envoy", "to": "catalonia"}]
    s2, _ = kit.declare(s, 0, moves=off + on)
    assert (cab("france", 3, "envoy", mark=True), 1) in s2.cabs


def test_the_owner_names_the_position_of_an_intake_supplement() -> None:
    # G42a: a court supplement chosen by the owner names the position (here beside vs on the limit board)
    s = arrange(
        board={"galicia": [3, 0, 0, 0]},
        cabs=[(cab("galicia", 0, "beside"), 1)],
        limit="galicia",
    )
    s = replace(
        s, turn=replace(s.turn, stage="supplement", shortfall=1, card=""), province=(0, *s.province[1:])
    )
    offered = [m["from"] for m in kit.game.legal_moves(s, 0, {"type": "supplement_court", "from": {}})]
    assert {"galicia": 1} in offered and {"galicia_on": 1} in offered and {"galicia_beside": 1} in offered
    _, ev = kit.play(s, 0, {"type": "supplement_court", "from": {"galicia_on": 1}})
    assert kit.of_type(ev, "court_supplemented")[0]["moves"] == [[0, "galicia", "court", 1]]
    with pytest.raises(IllegalMove):  # one named position and its area share the count
        kit.play(s, 0, {"type": "supplement_court", "from": {"galicia_beside": 1, "galicia": 3}})


def test_a_grande_may_enter_france_and_takes_no_slot() -> None:
    # G25, G75, ruling A17: d4_move_grande may go to France; the Grande occupies no slot
    s = arrange(card="d4_move_grande", board={"france": [0, 1, 1, 1]}, cabs=[], king="new_castile")
    s = replace(
        s,
        cabs=pieces.frozen(
            {cab("france", 1, "ambassador"): 1, cab("france", 2, "envoy"): 1, cab("france", 3, "plain"): 1}
        ),
    )
    s2, _ = kit.declare(s, 0, area="france")
    assert (
        s2.grandes[0] == AREA["france"] and sum(s2.board[AREA["france"]]) == 3
    )  # all three slots still full
