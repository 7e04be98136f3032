"""Scenario tests of the ship and the tiles (inquisitor-colonies.md G26-G39; rulings A2, A12, A18, B2, B4-B7,
B30, B31; G82's defaults for bonus moves): `engine.elgrande.expansion.ship`.

States are built from a real setup (`flow.setup` with the option) and arranged with `state.change`;
moves go through `decide`, as the contract does. Stack-7 tiles come from `data.STACK7_ROW`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.elgrande import data, defaults, flow, notation
from engine.elgrande.emitter import Emitter
from engine.elgrande.evolve import evolve
from engine.elgrande.expansion import pieces
from engine.elgrande.legal import legal_moves
from engine.elgrande.prompts import pending
from engine.elgrande.rules import decide
from engine.elgrande.state import NOWHERE, State, change
from engine.errors import RuleViolation

Json = dict[str, Any]
A = data.AREA_INDEX
COAST = ["galicia", "basque_country", "catalonia", "valencia", "seville", "granada"]
FRANCE_SLOTS = ["france_ambassador", "france_envoy", "france_plain"]
R, B, Y = 0, 1, 2


def start(seats: int = 3, seed: str = "ship") -> State:
    s: Any = None
    for e in flow.setup(seats, {"inquisitor_colonies": True}, seed):
        s = evolve(s, e)
    return s


def arrange(
    put: list[tuple[Any, str, int]],
    *,
    seats: int = 3,
    king: str = "aragon",
    church: int = -1,
    loose: tuple[int, int] = (1, 2),
    grandes: list[str] | None = None,
    limit: str | None = None,
    court: int = 5,
) -> State:
    """Returns a state between turns with only the pieces `put` on the board: (owner, state name, count).

    Carried tiles come out of the supply; `loose` gold and goods lie in the colonies (G34).
    """
    s = start(seats)
    n_areas = len(data.AREAS)
    board = [[0] * seats for _ in range(n_areas)]
    black = [0] * n_areas
    cabs: dict[pieces.Cab, int] = {}
    carried = Counter()
    for owner, name, k in put:
        cab = pieces.state_of(name, owner)
        if owner == "black":
            black[cab[0]] += k
        else:
            board[cab[0]][owner] += k
        pieces.add(cabs, cab, k)
        if cab[3]:
            carried[cab[3]] += k
    supply = (
        data.TILE_SUPPLY["gold"] - loose[0] - carried["gold"],
        data.TILE_SUPPLY["goods"] - loose[1] - carried["goods"],
    )
    courts = (court,) * seats
    province = tuple(
        data.EXPANSION_CABALLEROS - court - sum(board[a][p] for a in range(n_areas)) for p in range(seats)
    )
    s = change(
        s,
        {
            "board": tuple(tuple(r) for r in board),
            "black": tuple(black),
            "cabs": pieces.frozen(cabs),
            "court": courts,
            "province": province,
            "king": A[king],
            "church": church,
            "tiles": (*supply, *loose),
            "owed": (0, 0),
            "limit": A[limit] if limit else NOWHERE,
            "grandes": tuple(A[g] for g in grandes) if grandes else s.grandes,
            "phase": "turns",
            "round_index": 0,
            "order": tuple(range(seats)),
            "turn_index": 0,
            "group": None,
            "setup_open": False,
            "turn": None,
        },
    )
    conserved(s)
    return s


def begin(s: State, seat: int = R, card: str = "d2_veto.1", **turn: Any) -> State:
    """Returns `s` with `seat`'s turn started (bonus moves fixed, G29) and at its turn steps."""
    order = s.order or tuple(range(s.seats))
    s = change(s, {"phase": "turns", "order": order, "turn_index": order.index(seat)})
    s = evolve(s, {"type": "turn_started", "seat": seat, "intake": 0, "supplement": 0})
    assert s.turn is not None
    return change(s, {"turn": replace(s.turn, **{"stage": "step", "card": card, "acted": True, **turn})})


def next_round(s: State) -> State:
    """Returns `s` after its turn ended and the next round started (marks cleared, G51)."""
    s = evolve(s, {"type": "turn_ended", "seat": R})
    return evolve(
        s, {"type": "round_started", "round": s.round + 1, "offer": ["d5_king.1"], "start_player": R}
    )


def play(s: State, seat: int, move: Json) -> tuple[State, list[Json]]:
    events = decide(s, seat, move)
    for e in events:
        s = evolve(s, e)
        conserved(s, settled=False)
    conserved(s)
    return s, events


def bonus(
    s: State, who: int, piece: str, to: str, claim: bool = False, **extra: Any
) -> tuple[State, list[Json]]:
    return play(s, who, {"type": "bonus_move", "piece": piece, "to": to, "claim": claim, **extra})


def conserved(s: State, *, settled: bool = True) -> None:
    """Checks G34: 5 gold and 11 goods, each in the supply, lying in its colony or carried once.

    `settled`: after a whole decision, when no carrier stands in a base region any more (G38).
    """
    carried: Counter[str] = Counter()
    for cab, k in s.cabs:
        assert k > 0
        if cab[3]:
            carried[cab[3]] += k
            assert cab[2] not in ("captain", "viceroy"), cab  # G37
            assert cab[0] != data.CASTILLO, cab  # G37
            assert not settled or cab[0] not in data.BASE_REGIONS, cab  # G38
    assert s.tiles[0] + s.tiles[2] + carried["gold"] == data.TILE_SUPPLY["gold"]
    assert s.tiles[1] + s.tiles[3] + carried["goods"] == data.TILE_SUPPLY["goods"]
    assert min(s.tiles) >= 0
    for area, slot in ((data.CARAVEL, "captain"), (data.AMERICA, "viceroy")):
        assert sum(k for c, k in s.cabs if c[0] == area and c[2] == slot) <= 1  # G26, G27


def states(s: State, area: str, owner: Any = R) -> dict[str, int]:
    return {pieces.name(c): k for c, k in pieces.states(s, A[area], owner)}


def offered(s: State, seat: int = R) -> set[tuple[str, str, bool]]:
    return {
        (m["piece"] + ("@black" if m.get("seat") == "black" else ""), m["to"], m["claim"])
        for m in legal_moves(s, seat)
        if m["type"] == "bonus_move"
    }


def refused(s: State, seat: int, move: Json, rule: str | tuple[str, ...]) -> None:
    with pytest.raises(RuleViolation) as err:
        decide(s, seat, move)
    assert getattr(err.value, "rule", None) in ((rule,) if isinstance(rule, str) else rule), err.value


# G29: eligibility is fixed at the start of the turn.


def test_bonus_moves_fixed_at_turn_start_for_own_and_held_black_pieces() -> None:  # G29, ruling B3, G27
    s = arrange(
        [
            (R, "caravel", 2),
            (R, "america_viceroy", 1),
            (R, "mediterranean", 1),
            (B, "caravel", 1),
            ("black", "america", 1),
        ],
        church=R,
        grandes=["caravel", "aragon", "galicia"],
    )
    s = begin(s)
    assert states(s, "caravel") == {"caravel^": 2}
    assert states(s, "america") == {"america_viceroy": 1}  # G27: the viceroy never has one
    assert states(s, "mediterranean") == {"mediterranean^": 1}
    assert states(s, "caravel", B) == {"caravel": 1}  # only the player's pieces
    assert states(s, "america", "black") == {"america^": 1}  # ruling B3: the holder's black ones
    assert s.turn is not None and s.turn.grande_bonus  # G29: the Grande too
    s2 = evolve(s, {"type": "turn_ended", "seat": R})
    assert all(not c[6] for c, _ in s2.cabs)  # for this turn only


def test_no_bonus_for_black_caballeros_without_the_figure() -> None:  # G29, ruling B3
    s = begin(arrange([("black", "caravel", 1)], church=B))
    assert states(s, "caravel", "black") == {"caravel": 1}
    assert not offered(s)


# G31: the table of bonus moves.


def test_caravel_ordinary_caballero_moves() -> None:  # G31 (a)-(e), G25, G4
    s = begin(arrange([(R, "caravel", 1)], king="aragon"))
    got = offered(s)
    coast = {("caravel^", c, False) for c in COAST + FRANCE_SLOTS}
    assert got == coast | {
        ("caravel^", "caravel_captain", False),  # (a)
        ("caravel^", "america_viceroy", False),  # (c)
        ("caravel^", "america", False),  # (d)
        ("caravel^", "america", True),
        ("caravel^", "mediterranean", False),  # (e)
        ("caravel^", "mediterranean", True),
    }


def test_coastal_means_open_and_king_in_france_blocks_france() -> None:  # G31, R23
    s = begin(arrange([(R, "caravel", 1)], king="catalonia"))
    dests = {to for _, to, _ in offered(s)}
    assert "catalonia" not in dests and "france_envoy" in dests
    s = begin(arrange([(R, "caravel", 1)], king="france"))
    dests = {to for _, to, _ in offered(s)}
    assert not dests & set(FRANCE_SLOTS)
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "france_envoy"}, "R23")


def test_france_by_a_free_slot_only() -> None:  # G31, G25, ruling B1
    s = begin(arrange([(R, "caravel", 1), (B, "france_ambassador", 1), (Y, "france_plain", 1)]))
    dests = {to for _, to, _ in offered(s)}
    assert dests & set(FRANCE_SLOTS) == {"france_envoy"}
    s2, events = bonus(s, R, "caravel", "france")  # one free slot: the choice is forced (R34)
    assert events[0]["moves"] == [[R, "caravel^", "france_envoy", 1]]
    assert states(s2, "france") == {"france_envoy": 1}
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "france_plain"}, "G25")


def test_moorish_granada_is_no_bonus_destination() -> None:  # G85, G31
    s = begin(arrange([(R, "caravel", 1)]))
    s = change(s, {"moorish": True})
    assert "granada" not in {to for _, to, _ in offered(s)}
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "granada"}, "G85")


def test_captain_moves_and_never_steps_down() -> None:  # G26, G31, ruling B30
    s = begin(arrange([(R, "caravel_captain", 1), (R, "caravel", 1)]))
    captain = {(to, c) for p, to, c in offered(s) if p == "caravel_captain^"}
    assert ("caravel", False) not in captain  # ruling B30
    assert {
        ("america", True),
        ("america_viceroy", False),
        ("mediterranean", False),
        ("galicia", False),
    } <= captain
    assert ("caravel_captain", False) not in {(to, c) for p, to, c in offered(s) if p == "caravel^"}  # G26
    refused(s, R, {"type": "bonus_move", "piece": "caravel_captain", "to": "caravel"}, "G31")
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "caravel_captain"}, "G26")
    s2, _ = bonus(s, R, "caravel_captain", "valencia")  # the captain leaves; the slot is free again
    assert ("caravel^", "caravel_captain", False) in offered(s2)


def test_carrier_on_the_caravel_only_goes_ashore_and_cashes_in() -> None:  # G31, G37, G38
    s = begin(arrange([(R, "caravel+gold", 1)], king="aragon"))
    assert {to for _, to, _ in offered(s)} == set(COAST + FRANCE_SLOTS)
    refused(s, R, {"type": "bonus_move", "piece": "caravel+gold", "to": "caravel_captain"}, "G37")
    refused(s, R, {"type": "bonus_move", "piece": "caravel+gold", "to": "america"}, "G31")
    before = s.scores[R]
    s2, events = bonus(s, R, "caravel+gold", "seville")
    cashed = [e for e in events if e["type"] == "tile_cashed"]
    assert cashed == [
        {
            "type": "tile_cashed",
            "seat": R,
            "owner": R,
            "state": "seville+gold",
            "area": "seville",
            "tile": "gold",
            "points": data.TILES["gold"],
        }
    ]
    assert s2.scores[R] == before + 6  # G8: gold 6
    assert states(s2, "seville") == {"seville": 1}  # stays as an ordinary caballero
    assert s2.tiles[0] == s.tiles[0] + 1  # back to the supply


def test_carrier_entering_france_keeps_its_tile() -> None:  # G38
    s = begin(arrange([(R, "caravel+goods", 1)]))
    s2, events = bonus(s, R, "caravel+goods", "france_plain")
    assert not [e for e in events if e["type"] == "tile_cashed"]
    assert states(s2, "france") == {"france_plain+goods": 1}


def test_america_ordinary_caballero_moves() -> None:  # G31 (f), (g), (h)
    s = begin(arrange([(R, "america", 1)], loose=(1, 2)))
    assert offered(s) == {
        ("america^", "america_viceroy", False),  # (f)
        ("america^", "america", True),  # (g)
        ("america^", "caravel", False),  # (h)
        ("america^", "caravel_captain", False),
    }
    s = begin(arrange([(R, "america", 1)], loose=(0, 2)))
    assert ("america^", "america", True) not in offered(s)  # no ownerless gold
    refused(s, R, {"type": "bonus_move", "piece": "america", "to": "america", "claim": True}, "G35")


def test_claim_in_place_is_the_bonus_move() -> None:  # G31 (g), G35 (a), ruling B31
    s = begin(arrange([(R, "america", 2)], loose=(2, 2)))
    s2, events = bonus(s, R, "america", "america", claim=True)
    assert events == [{"type": "tile_claimed", "seat": R, "owner": R, "state": "america^", "tile": "gold"}]
    assert states(s2, "america") == {"america+gold": 1, "america^": 1}  # the claimant's bonus move is used
    assert s2.tiles[2] == 1
    s3, _ = bonus(s2, R, "america", "america", claim=True)  # the other one claims the second tile
    assert states(s3, "america") == {"america+gold": 2}
    assert not offered(s3)  # ruling B31: no further bonus move


def test_colony_carrier_goes_back_to_the_caravel_as_ordinary() -> None:  # G31, G37
    s = begin(arrange([(R, "mediterranean+goods", 1)]))
    assert offered(s) == {("mediterranean+goods^", "caravel", False)}
    s2, _ = bonus(s, R, "mediterranean+goods", "caravel")
    assert states(s2, "caravel") == {"caravel+goods": 1}


def test_mediterranean_ordinary_caballero_moves() -> None:  # G31 (i), (h')
    s = begin(arrange([(R, "mediterranean", 1)]))
    assert offered(s) == {
        ("mediterranean^", "mediterranean", True),  # (i)
        ("mediterranean^", "caravel", False),  # (h')
        ("mediterranean^", "caravel_captain", False),
    }
    s2, events = bonus(s, R, "mediterranean^", "caravel_captain")
    assert events[0]["reason"] == "bonus"
    assert states(s2, "caravel") == {"caravel_captain": 1}


def test_caravel_to_colony_claiming_on_arrival() -> None:  # G31 (d), G35 (a), G36
    s = begin(arrange([(R, "caravel", 1)], loose=(1, 2)))
    s2, events = bonus(s, R, "caravel", "america", claim=True)
    assert [e["type"] for e in events] == ["caballeros_moved", "tile_claimed"]
    assert events[0]["moves"] == [[R, "caravel^", "america+gold", 1]]
    assert events[1] == {"type": "tile_claimed", "seat": R, "owner": R, "state": "america", "tile": "gold"}
    assert states(s2, "america") == {"america+gold": 1}
    assert s2.tiles[2] == 0
    assert not offered(s2)  # G29: an arrival gets no bonus move


def test_viceroy_has_no_bonus_move_and_is_not_supplemented() -> None:  # G27, ruling B2
    s = begin(arrange([(R, "america_viceroy", 1)]))
    assert not offered(s)
    refused(s, R, {"type": "bonus_move", "piece": "america_viceroy", "to": "caravel"}, "G29")
    s = arrange([(R, "america_viceroy", 1)], court=0)
    s = change(s, {"province": (0, 0, 0)})
    s = evolve(s, {"type": "turn_started", "seat": R, "intake": 0, "supplement": 1})
    refused(s, R, {"type": "supplement_court", "from": {"america": 1}}, ("G27", "R17"))  # none to take


def test_viceroy_slot_holds_one() -> None:  # G27, G31 (c)
    s = begin(arrange([(R, "caravel", 1), (B, "america_viceroy", 1)]))
    assert "america_viceroy" not in {to for _, to, _ in offered(s)}
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "america_viceroy"}, "G27")


def test_grande_bonus_moves() -> None:  # G31, ruling B4, G32
    s = begin(arrange([], grandes=["caravel", "aragon", "galicia"]))
    assert offered(s) == {("grande", "america", False), ("grande", "mediterranean", False)}
    refused(s, R, {"type": "bonus_move", "piece": "grande", "to": "galicia"}, "G31")  # ruling B4
    s2, events = bonus(s, R, "grande", "america")
    assert events == [
        {"type": "grande_moved", "seat": R, "from": "caravel", "to": "america", "reason": "bonus"}
    ]
    assert s2.grandes[R] == A["america"]  # G32: his home follows the Grande
    assert not offered(s2)
    refused(s2, R, {"type": "bonus_move", "piece": "grande", "to": "caravel"}, "G29")
    s = begin(arrange([], grandes=["mediterranean", "aragon", "galicia"]))
    assert offered(s) == {("grande", "caravel", False)}
    refused(s, R, {"type": "bonus_move", "piece": "grande", "to": "america", "claim": True}, "G31")


def test_black_caballeros_of_the_holder_move_and_claim_for_him() -> None:  # G29, G35, G36, ruling B3
    s = begin(arrange([("black", "caravel", 1)], church=R))
    assert ("caravel^@black", "mediterranean", True) in offered(s)
    refused(
        s, R, {"type": "bonus_move", "piece": "caravel", "to": "mediterranean"}, "G29"
    )  # names his colour
    s2, events = bonus(s, R, "caravel", "mediterranean", claim=True, seat="black")
    assert events[1]["owner"] == "black" and events[1]["seat"] == R
    assert states(s2, "mediterranean", "black") == {"mediterranean+goods@0": 1}
    # G36: the tile stays R's when the figure changes court; A12: whoever brings it ashore, R scores.
    s3 = change(s2, {"church": B, "turn": None})
    s3 = begin(s3, B, card="d1_move_three_any.1", acted=False)
    s4, events = play(
        s3,
        B,
        {"type": "declare_action", "moves": [{"seat": "black", "from": "mediterranean", "to": "valencia"}]},
    )
    cashed = [e for e in events if e["type"] == "tile_cashed"]
    assert [(e["seat"], e["owner"], e["points"]) for e in cashed] == [(R, "black", data.TILES["goods"])]
    assert s4.scores[R] == s3.scores[R] + 4 and s4.scores[B] == s3.scores[B]


def test_a_piece_moved_otherwise_loses_its_bonus_move() -> None:  # G29, ruling B5
    s = begin(arrange([(R, "caravel", 2)]), card="d1_move_three_any.1", acted=False)
    s2, _ = play(s, R, {"type": "declare_action", "moves": [{"seat": R, "from": "caravel", "to": "america"}]})
    assert states(s2, "america") == {"america*": 1}  # a relocation: marked, no bonus move
    assert states(s2, "caravel") == {"caravel^": 1}


def test_each_piece_moves_once() -> None:  # G29, G31
    s = begin(arrange([(R, "caravel", 1)]))
    s2, _ = bonus(s, R, "caravel", "mediterranean")
    assert not offered(s2)
    refused(s2, R, {"type": "bonus_move", "piece": "mediterranean", "to": "caravel"}, "G29")


def test_bonus_move_arrival_on_the_limit_board() -> None:  # G32, G46
    s = begin(arrange([(R, "caravel", 1), (B, "galicia", 6)], limit="galicia"))  # n = 3: 6 spaces, full
    _, events = bonus(s, R, "caravel", "galicia")
    assert events[0]["moves"] == [[R, "caravel^", "galicia_beside", 1]]


def test_unlimited_capacity_overseas() -> None:  # ruling A18, G3
    s = begin(arrange([(R, "caravel", 20), (B, "america", 12)]))
    s2, _ = bonus(s, R, "caravel", "america")
    assert s2.board[A["america"]] == (1, 12, 0)


def test_malformed_and_foreign_bonus_moves_are_refused() -> None:  # G29, G31
    s = begin(arrange([(R, "caravel", 1), (B, "caravel", 1)]))
    with pytest.raises(RuleViolation):
        decide(s, R, {"type": "bonus_move", "piece": "nowhere", "to": "america"})
    with pytest.raises(RuleViolation):
        decide(s, R, {"type": "bonus_move", "piece": "caravel", "to": 3})
    with pytest.raises(RuleViolation):
        decide(s, R, {"type": "bonus_move", "piece": "caravel", "to": "america", "claim": "yes"})
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "america", "seat": B}, "G29")
    refused(s, R, {"type": "bonus_move", "piece": "caravel", "to": "america", "seat": "black"}, "G41")
    refused(s, R, {"type": "bonus_move", "piece": "america", "to": "caravel"}, "G29")


# G30, G82: when and by default.


def test_turn_stays_open_while_a_bonus_move_remains() -> None:  # G30, G19
    s = begin(arrange([(R, "caravel", 1)]), placed=True, acted=True)
    _, events = bonus(s, R, "caravel", "america")
    assert {
        "type": "turn_ended",
        "seat": R,
    } in events  # the last step: nothing is left, so the turn ends (R34)
    s = begin(arrange([(R, "caravel", 2)]), placed=True, acted=True)
    _, events = bonus(s, R, "caravel", "america")
    assert "turn_ended" not in [e["type"] for e in events]


def test_default_makes_no_bonus_moves_and_no_claims() -> None:  # G82, ruling B21
    s = begin(arrange([(R, "caravel", 1), (R, "america", 1)]))
    assert defaults.default_move(s, R) == {"type": "end_turn", "default": True}
    s2, events = play(s, R, defaults.default_move(s, R))
    assert not [e for e in events if e["type"] in ("tile_claimed", "caballeros_moved")]
    assert states(s2, "america") == {"america": 1}


# G33-G35: tiles placed, claimed on arrival.


@pytest.mark.parametrize("card", sorted(data.STACK7_ROW))
def test_taking_a_stack7_card_places_its_tiles(card: str) -> None:  # G33
    s = arrange([], loose=(0, 0))
    s = evolve(s, {"type": "turn_started", "seat": R, "intake": 0, "supplement": 0})
    s = change(s, {"offer": (card, "d5_king.1")})
    s2, events = play(s, R, {"type": "take_card", "card": card})
    row = data.STACK7_ROW[card]
    placed = [e for e in events if e["type"] == "tiles_placed"]
    assert [(e["gold"], e["goods"], e["owed"]) for e in placed] == [(row.gold, row.goods, [0, 0])]
    assert s2.tiles[2:] == (row.gold, row.goods)


def test_short_supply_places_what_is_left_and_owes_the_rest() -> None:  # G33, ruling A2, ruling B6
    card = next(c for c, r in data.STACK7_ROW.items() if r.goods)
    row = data.STACK7_ROW[card]
    carriers = data.TILE_SUPPLY["goods"]  # every goods tile carried: the supply is empty
    s = arrange([(R, "caravel+goods", carriers - 1), (R, "america", 1)], loose=(0, 1))
    s = evolve(s, {"type": "turn_started", "seat": R, "intake": 0, "supplement": 0})
    s = change(s, {"offer": (card, "d5_king.1")})
    s2, events = play(s, R, {"type": "take_card", "card": card})
    assert s2.owed == (0, row.goods) and s2.tiles[1] == 0
    assert next(e for e in events if e["type"] == "tiles_placed")["owed"] == [0, row.goods]
    # a carrier cashes in during the turn: the owed goods tile is placed at once
    s2 = change(
        s2, {"cabs": tuple((c[:6] + (True,), k) for c, k in s2.cabs)}
    )  # give the carriers bonus moves
    s3, events = bonus(s2, R, "caravel+goods", "galicia")
    placed = [e for e in events if e["type"] == "tiles_placed"]
    assert [(e["goods"], e["owed"]) for e in placed] == [(1, [0, row.goods - 1])]
    assert s3.tiles[3] == 2 and s3.tiles[1] == 0
    s4 = evolve(s3, {"type": "turn_ended", "seat": R})
    assert s4.owed == (0, 0)  # what is still owed lapses


def test_claim_on_arrival_by_special_action_move() -> None:  # G35 (b), G65-style relocation, G36
    s = begin(
        arrange([(R, "caravel", 1), (R, "new_castile", 2)], loose=(1, 2)),
        card="d1_move_three_any.1",
        acted=False,
    )
    move = {
        "type": "declare_action",
        "moves": [
            {"seat": R, "from": "new_castile", "to": "america+gold"},
            {"seat": R, "from": "caravel", "to": "mediterranean+goods"},
        ],
    }
    s2, events = play(s, R, move)
    claims = [e for e in events if e["type"] == "tile_claimed"]
    assert [(e["state"], e["tile"]) for e in claims] == [("america*", "gold"), ("mediterranean*", "goods")]
    assert states(s2, "america") == {"america+gold*": 1}
    assert states(s2, "mediterranean") == {"mediterranean+goods*": 1}


def test_claim_on_arrival_by_special_placement() -> None:  # G35 (b), G24, ruling B26
    s = begin(arrange([], loose=(1, 2)), card="d1_place_two_anywhere.1", acted=False)
    s2, _ = play(s, R, {"type": "declare_action", "places": ["mediterranean+goods", "mediterranean+goods"]})
    assert states(s2, "mediterranean") == {"mediterranean+goods": 2}
    assert s2.tiles[3] == 0
    refused(s, R, {"type": "declare_action", "places": ["america+gold", "america+gold"]}, "G35")  # one gold


def test_another_players_caballero_moved_into_a_colony_cannot_claim() -> None:  # G35, ruling B7
    s = begin(arrange([(B, "caravel", 1)]), card="d1_move_three_any.1", acted=False)
    move = {"type": "declare_action", "moves": [{"seat": B, "from": "caravel", "to": "america+gold"}]}
    refused(s, R, move, "G35")
    _, events = play(
        s, R, {"type": "declare_action", "moves": [{"seat": B, "from": "caravel", "to": "america"}]}
    )
    assert not [e for e in events if e["type"] == "tile_claimed"]


def test_claims_need_the_right_colony_and_a_free_hand() -> None:  # G8, G34, G35
    s = begin(
        arrange([(R, "caravel+goods", 1), (R, "new_castile", 1)]), card="d1_move_three_any.1", acted=False
    )
    bad = [
        ({"seat": R, "from": "new_castile", "to": "america+goods"}, "G8"),
        ({"seat": R, "from": "new_castile", "to": "america_viceroy+gold"}, "G35"),
        ({"seat": R, "from": "caravel+goods", "to": "america+gold"}, "G34"),
    ]
    for entry, rule in bad:
        refused(s, R, {"type": "declare_action", "moves": [entry]}, rule)


def test_carriers_never_into_the_castillo_or_a_slot_by_special_action() -> None:  # G37, G53
    s = begin(arrange([(R, "caravel+gold", 1)]), card="d1_move_three_any.1", acted=False)
    refused(
        s, R, {"type": "declare_action", "moves": [{"seat": R, "from": "caravel", "to": "castillo"}]}, "G37"
    )
    refused(
        s,
        R,
        {"type": "declare_action", "moves": [{"seat": R, "from": "caravel", "to": "america_viceroy"}]},
        "G37",
    )


def test_special_actions_respect_the_captain_slot() -> None:  # G26, G28
    s = begin(
        arrange([(B, "caravel_captain", 1), (R, "new_castile", 2)]),
        card="d1_move_two_own_two_foreign.1",
        acted=False,
    )
    move = {"type": "declare_action", "moves": [{"seat": R, "from": "new_castile", "to": "caravel_captain"}]}
    refused(s, R, move, "G26")
    two_steps = {  # G28: move the occupant off, then another onto the slot
        "type": "declare_action",
        "moves": [
            {"seat": B, "from": "caravel_captain", "to": "america"},
            {"seat": R, "from": "new_castile", "to": "caravel_captain"},
        ],
    }
    s2, _ = play(s, R, two_steps)
    assert states(s2, "caravel") == {"caravel_captain*": 1}


def test_opponent_bringing_a_carrier_ashore_scores_the_owner() -> None:  # G38, ruling A12
    s = begin(arrange([(B, "caravel+gold", 1)]), card="d1_move_three_any.1", acted=False)
    s2, events = play(
        s, R, {"type": "declare_action", "moves": [{"seat": B, "from": "caravel", "to": "galicia"}]}
    )
    cashed = [e for e in events if e["type"] == "tile_cashed"]
    assert [(e["seat"], e["points"]) for e in cashed] == [(B, 6)]
    assert s2.scores[B] == s.scores[B] + 6


# G39: the four-round example.


def test_fetching_a_tile_by_ship_takes_four_rounds() -> None:  # G39, G22, G29, G31, G35, G38
    s = arrange([(R, "new_castile", 1)], king="catalonia", loose=(1, 2))
    # round 1: a caballero reaches the caravel (a special-action move stands in for G22's placement)
    s = begin(s, card="d1_move_three_any.1", acted=False)
    s, _ = play(
        s, R, {"type": "declare_action", "moves": [{"seat": R, "from": "new_castile", "to": "caravel"}]}
    )
    assert not offered(s)  # G29: it arrived this turn
    s = next_round(s)
    # round 2: by bonus move to america, claiming the gold tile
    s = begin(s)
    s, _ = bonus(s, R, "caravel", "america", claim=True)
    assert states(s, "america") == {"america+gold": 1}
    assert not offered(s)
    s = next_round(s)
    # round 3: by bonus move back to the caravel
    s = begin(s)
    assert offered(s) == {("america+gold^", "caravel", False)}
    s, _ = bonus(s, R, "america+gold", "caravel")
    s = next_round(s)
    # round 4: by bonus move to an open coastal base region, where it cashes in
    s = begin(s)
    assert "catalonia" not in {to for _, to, _ in offered(s)}  # the King's region is not open
    before = s.scores[R]
    s, events = bonus(s, R, "caravel+gold", "valencia")
    assert [e["type"] for e in events][:2] == ["caballeros_moved", "tile_cashed"]
    assert s.scores[R] == before + data.TILES["gold"]
    assert s.tiles[0] == data.TILE_SUPPLY["gold"]  # every gold tile back in the supply


# Random games from a crowded sea: every bonus move legal_moves offers is accepted, and G34 holds throughout.


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_pieces_overseas_keep_the_tiles(seed: int) -> None:  # G29-G38, G34
    rnd = random.Random(seed)
    seats = 2 + seed % 3
    put: list[tuple[Any, str, int]] = []
    for p in range(seats):
        put += [(p, "caravel", 3), (p, "america", 2), (p, "mediterranean", 2), (p, "caravel+goods", 1)]
        put += [(p, rnd.choice(COAST), 3)]
    put += [("black", "caravel", 2), ("black", "america", 1)]
    s = arrange(
        put,
        seats=seats,
        king="old_castile",
        loose=(1, 2),
        church=0,
        grandes=["caravel", "america", "mediterranean", "galicia", "seville"][:seats],
    )
    s = change(s, {"bids": tuple(13 - p for p in range(seats)), "offer": s.offer or ("d5_king.1",)})
    em = Emitter(s)
    flow.advance(em)
    s = em.state
    seen: Counter[str] = Counter()
    for _ in range(400):
        if s.phase == "over":
            break
        seat = min(pending(s))
        moves = legal_moves(s, seat)
        ship = [m for m in moves if m["type"] == "bonus_move"]
        move = rnd.choice(ship) if ship and rnd.random() < 0.7 else rnd.choice(moves)
        move = grow(s, seat, move, rnd)
        if move["type"] == "bonus_move":  # the notation reads back what it writes
            assert notation.parse_move(notation.format_move(move), None, seat) == [move]
        s, events = play(s, seat, move)
        seen.update(e["type"] for e in events)
    assert seen["tile_claimed"] and seen["tile_cashed"]


def grow(s: State, seat: int, move: Json, rnd: random.Random) -> Json:
    """Returns `move` grown by random legal extensions (special-action moves and placements, claims included)."""
    best = move
    for _ in range(4):
        if move["type"] != "declare_action":
            break
        options = legal_moves(s, seat, move)
        if not options:
            break
        move = rnd.choice(options)
        if move.get("complete"):
            best = move
    return {k: v for k, v in best.items() if k != "complete"}


def test_returns_never_take_a_tile_carrier() -> None:  # G37, G42, ruling A11
    s = begin(
        arrange([(B, "mediterranean+goods", 1), (B, "mediterranean", 1), (Y, "america+gold", 1)]),
        card="d2_one_of_your_choice.1",
        acted=False,
    )
    both = [{"seat": B, "region": "mediterranean"}, {"seat": Y, "region": "america"}]
    refused(s, R, {"type": "declare_action", "removals": both}, "R26")  # Y has nothing but a carrier
    s2, events = play(s, R, {"type": "declare_action", "removals": both[:1]})
    returned = [m for e in events if e["type"] == "caballeros_moved" for m in e["moves"]]
    assert returned == [[B, "mediterranean", "province", 1]]
    assert states(s2, "mediterranean", B) == {"mediterranean+goods": 1}
    assert states(s2, "america", Y) == {"america+gold": 1}


def test_a_grande_moved_by_a_special_action_loses_its_bonus_move() -> None:  # G29, ruling B5
    s = begin(arrange([], grandes=["caravel", "aragon", "galicia"]), card="d4_move_grande.1", acted=False)
    s2, _ = play(s, R, {"type": "declare_action", "area": "america"})
    assert s2.turn is not None and not s2.turn.grande_bonus
    assert not offered(s2)


def test_eviction_brings_carriers_ashore_and_cashes_them_in() -> None:  # G38 ("by any means"), G75
    s = begin(arrange([(B, "caravel+gold", 1), (B, "caravel", 1)]), card="d4_eviction.1", acted=False)
    s2, _ = play(s, R, {"type": "declare_action", "area": "caravel"})
    s3, events = play(s2, B, {"type": "choose_region", "region": "galicia"})
    cashed = [e for e in events if e["type"] == "tile_cashed"]
    assert [(e["seat"], e["area"], e["points"]) for e in cashed] == [(B, "galicia", 6)]
    assert states(s3, "galicia", B) == {"galicia": 2}
