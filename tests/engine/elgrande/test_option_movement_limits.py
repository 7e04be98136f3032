"""Tests option movement_limits (O-L1 … O-L4; O-C8's N for d1_move_own_region)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from engine.elgrande import data, ruleset
from engine.elgrande.options.movement_limits import MovementLimits, own_caballeros
from engine.elgrande.state import Options, State
from engine.errors import IllegalMove

from .kit import at_turn, count, declare, play, position, start

OPT = {"movement_limits": True}
G = engine.get_game("elgrande")
A = data.AREA_INDEX
BOARD = {
    "aragon": [5, 2, 2, 0],
    "seville": [2, 1, 0, 1],
    "galicia": [1, 0, 0, 0],
}


def mv(seat: int, src: str, dst: str) -> dict[str, object]:
    return {"seat": seat, "from": src, "to": dst}


def _at(card: str, board: dict[str, list[int]] = BOARD, king: str = "granada", **options: bool) -> State:
    s = position(start(4, "limits", **(options or OPT)), board, king=king, court=[5, 5, 5, 5])
    return at_turn(s, 0, card)


def _refused(s: State, moves: list[dict[str, object]]) -> None:
    with pytest.raises(IllegalMove, match=r"is far .*N − 2 .*\(O-L3\)"):
        declare(s, 0, moves=moves)


def _destinations(s: State, moves: list[dict[str, object]], seat: int, src: str) -> list[str]:
    partial = {"type": "declare_action", "moves": [*moves, {"seat": seat, "from": src}]}
    return [m["moves"][-1]["to"] for m in G.legal_moves(s, 0, partial)]


# O-L2: near and far ---------------------------------------------------------------------


def test_near_is_the_castillo_or_a_region_adjacent_to_the_source() -> None:
    # O-L2: aragon's neighbours (§1.2) and the Castillo are near; N = 4 such moves are all allowed
    s = _at("d1_move_four_any")
    moves = [
        mv(0, "aragon", "valencia"),
        mv(0, "aragon", "castillo"),
        mv(1, "aragon", "catalonia"),
        mv(2, "aragon", "basque_country"),
    ]
    s2, _ = declare(s, 0, moves=moves)
    assert count(s2, "aragon", 0) == 3 and count(s2, "castillo", 0) == 1


def test_adjacency_is_to_the_source_not_to_the_kings_region() -> None:
    # O-L2 ruling: seville -> new_castile is near although new_castile is not next to the King's galicia;
    # seville -> old_castile is far although old_castile is next to galicia
    s = _at("d1_move_four_any", king="galicia")
    near = [mv(0, "seville", "new_castile")] * 2 + [
        mv(1, "seville", "new_castile"),
        mv(0, "aragon", "valencia"),
    ]
    s2, _ = declare(s, 0, moves=near)
    assert count(s2, "new_castile", 0) == 2
    _refused(s, [mv(0, "seville", "old_castile"), mv(0, "aragon", "valencia"), mv(1, "seville", "granada")])


# O-L3: N − 2 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "n", "seat"),
    [
        ("d1_move_four_any", 4, 0),
        ("d1_move_four_own", 4, 0),
        ("d1_move_three_any", 3, 0),
        ("d1_move_three_foreign", 3, 2),
        ("d1_move_five_from_region", 5, 0),
    ],
)
def test_a_far_move_limits_the_card_to_n_minus_two(card: str, n: int, seat: int) -> None:
    # O-L3: with a far move (aragon -> seville), at most N - 2 in total
    s = _at(card, {"aragon": [5, 5, 5, 0]})
    far = [mv(seat, "aragon", "seville")]
    near = [mv(seat, "aragon", "valencia")] * (n - 3)
    s2, _ = declare(s, 0, moves=far + near)
    assert count(s2, "seville", seat) == 1
    _refused(s, far + near + [mv(seat, "aragon", "castillo")])
    declare(s, 0, moves=[mv(seat, "aragon", "valencia")] * n)  # all near: up to N


def test_two_own_two_foreign_keeps_its_caps_under_the_limit() -> None:
    # O-L3 ruling: N = 4, so 2 with a far move; the per-colour caps (2 own, 2 foreign) still apply
    s = _at("d1_move_two_own_two_foreign")
    s2, _ = declare(s, 0, moves=[mv(0, "aragon", "seville"), mv(1, "aragon", "valencia")])
    assert count(s2, "seville", 0) == 3
    declare(s, 0, moves=[mv(1, "aragon", "seville"), mv(2, "aragon", "seville")])
    _refused(s, [mv(0, "aragon", "seville"), mv(0, "aragon", "valencia"), mv(1, "aragon", "valencia")])
    with pytest.raises(IllegalMove, match="2 own"):
        declare(s, 0, moves=[mv(0, "aragon", "valencia")] * 3)


def test_move_own_region_n_is_the_own_caballeros_there() -> None:
    # O-L3: N = 5 own in aragon -> 3 with a far move; O-L4: the 2 left (put back) are not moved
    s = _at("d1_move_own_region")
    s2, _ = declare(s, 0, moves=[mv(0, "aragon", "seville")] + [mv(0, "aragon", "castillo")] * 2)
    assert count(s2, "aragon", 0) == 2 and count(s2, "seville", 0) == 3
    _refused(s, [mv(0, "aragon", "seville")] * 4)
    s2, _ = declare(s, 0, moves=[mv(0, "aragon", "valencia")] * 5)  # all near: all 5
    assert count(s2, "aragon", 0) == 0


def test_move_own_region_with_two_allows_no_far_move() -> None:
    # O-L3: N = 2 own in seville -> N - 2 = 0 with a far move
    s = _at("d1_move_own_region")
    _refused(s, [mv(0, "seville", "aragon")])
    s2, _ = declare(s, 0, moves=[mv(0, "seville", "new_castile"), mv(0, "seville", "castillo")])
    assert count(s2, "seville", 0) == 0


def test_place_two_or_move_own_region_limits_its_moves_only() -> None:
    # O-L1: the moves are d1_move_own_region's; the placements are never limited
    s = _at("d1_place_two_or_move_own_region")
    _refused(s, [mv(0, "seville", "aragon")])
    s2, _ = declare(s, 0, places=["catalonia", "galicia"])
    assert count(s2, "catalonia", 0) == 1


def test_placements_are_never_limited() -> None:
    # O-L1: d1_place_two_anywhere and the batch place, they do not move
    s = _at("d1_place_two_anywhere", king="seville")
    s2, _ = declare(s, 0, places=["catalonia", "galicia"])
    assert count(s2, "galicia", 0) == 2
    s2, _ = play(s, 0, {"type": "place_caballeros", "to": {"granada": 1}})
    assert count(s2, "granada", 0) == 1


def test_eviction_is_not_limited() -> None:
    # O-L1: evicted caballeros may go anywhere legal
    s = _at("d4_eviction", king="galicia")
    s, _ = declare(s, 0, area="aragon")
    s, _ = play(s, 1, {"type": "choose_region", "region": "seville"})
    s, _ = play(s, 2, {"type": "choose_region", "region": "granada"})
    assert count(s, "seville", 1) == 3 and count(s, "granada", 2) == 2


def test_without_the_option_moves_go_anywhere() -> None:
    # R24: adjacency does not matter in the base game
    s = _at("d1_move_four_any", movement_limits=False)
    s2, _ = declare(s, 0, moves=[mv(0, "aragon", "seville")] * 4)
    assert count(s2, "seville", 0) == 6


def test_church_card_allows_no_far_black_move() -> None:
    # O-L3: the Church card's N = 2, so a far black move is never legal; near ones are
    rules = ruleset.of(Options(movement_limits=True))
    s = _at("d1_move_four_any")
    near = (("move", "black", A["aragon"], A["valencia"]), ("move", "black", A["seville"], A["granada"]))
    rules.check_steps(s, 0, "d6_church", near, {})
    with pytest.raises(IllegalMove, match="O-L3"):
        rules.check_steps(s, 0, "d6_church", (("move", "black", A["aragon"], A["seville"]),), {})


def test_near_asks_the_rules_for_adjacency() -> None:
    # O-L2, O-F2: edges an option adds (france – aragon) make a move near
    class WithFrance(MovementLimits):
        def neighbours(self, area: int) -> tuple[int, ...]:
            extra = {A["aragon"]: (A["france"],), A["france"]: (A["aragon"], A["catalonia"])}
            return super().neighbours(area) + extra.get(area, ())

    rules = WithFrance(Options(movement_limits=True))
    assert rules.near(A["aragon"], A["france"]) and rules.near(A["france"], A["catalonia"])
    assert not rules.near(A["france"], A["seville"]) and rules.near(A["france"], data.CASTILLO)


def test_own_region_n_counts_the_holders_black_caballeros() -> None:
    # O-C8, O-L3: for the Church marker's holder N counts the black caballeros in the region
    s = position(start(2, "n-black", church=True, movement_limits=True), {"aragon": [2, 0]})
    black = tuple(2 if a == A["aragon"] else 0 for a in range(len(data.AREAS)))
    held = replace(s, black=black, church=0)
    assert own_caballeros(held, 0, A["aragon"]) == 4
    assert own_caballeros(held, 1, A["aragon"]) == 0
    assert own_caballeros(replace(s, black=black, church=-1), 0, A["aragon"]) == 2  # no holder
    off = position(start(2, "n-off", movement_limits=True), {"aragon": [2, 0]})
    assert own_caballeros(off, 0, A["aragon"]) == 2  # church off


# legal_moves -------------------------------------------------------------------------------


def test_legal_moves_offer_far_destinations_only_while_the_limit_allows() -> None:
    # O-L3: d1_move_three_any (N - 2 = 1) may move one caballero far, as its first move; after a near
    # move, a far second move would make 2 > 1, so only near destinations are offered
    s = _at("d1_move_three_any")
    first = _destinations(s, [], 0, "aragon")
    assert "seville" in first and "galicia" in first  # one far move: 1 <= N - 2
    second = _destinations(s, [mv(0, "aragon", "valencia")], 0, "aragon")
    near = {"castillo", "basque_country", "catalonia", "old_castile", "new_castile", "valencia"}
    assert set(second) == near  # a far second move would make 2 > N - 2
    for to in second:
        declare(s, 0, moves=[mv(0, "aragon", "valencia"), mv(0, "aragon", to)])


def test_legal_moves_offer_no_source_once_a_far_move_used_the_limit() -> None:
    # O-L3: d1_move_four_any with a far and a near move has moved N - 2 = 2; no further step is offered
    s = _at("d1_move_four_any")
    moves = [mv(0, "aragon", "seville"), mv(1, "aragon", "valencia")]
    assert G.legal_moves(s, 0, {"type": "declare_action", "moves": moves}) == []
    assert _destinations(s, moves, 2, "aragon") == []
    near_only = [mv(0, "aragon", "castillo"), mv(1, "aragon", "valencia")]
    assert G.legal_moves(s, 0, {"type": "declare_action", "moves": near_only})


def test_legal_moves_of_move_own_region_respect_n() -> None:
    # O-L3: with 2 own in seville only near destinations are offered
    s = _at("d1_move_own_region")
    assert set(_destinations(s, [], 0, "seville")) == {"castillo", "new_castile"}
    assert "seville" in _destinations(s, [], 0, "aragon")
