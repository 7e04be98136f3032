"""Grand Inquisitor & Colonies with movement_limits (G85): N per card and the ship's near moves."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.elgrande import ruleset
from engine.errors import IllegalMove
from tests.engine.elgrande import kit
from tests.engine.elgrande.test_ic_inquisitor import arrange


def limited(s: Any) -> Any:
    """Returns `s` with movement_limits on as well."""
    options = replace(s.options, movement_limits=True)
    return replace(s, options=options, rules=ruleset.of(options))


def transport(board: dict[str, list[int]], moves: list[dict[str, Any]]) -> Any:
    s = limited(arrange(card="d7_transport", board=board, king="new_castile"))
    return kit.declare(s, 0, moves=moves)


def test_transport_has_n_3_so_a_far_move_allows_one() -> None:
    # G85: N is 3 for transport; with a far move at most N - 2 = 1 caballero moves (O-L3)
    board = {"aragon": [2, 0, 0, 0]}
    s2, _ = transport(board, [{"seat": 0, "from": "aragon", "to": "galicia"}])
    assert s2.board[kit.AREA["galicia"]][0] == 1
    with pytest.raises(IllegalMove) as err:
        transport(
            board,
            [{"seat": 0, "from": "aragon", "to": "galicia"}, {"seat": 0, "from": "aragon", "to": "caravel"}],
        )
    assert err.value.rule == "O-L3"


def test_the_ship_routes_are_near() -> None:
    # G85: caravel <-> a coastal region, caravel <-> america and mediterranean are near moves
    board = {"caravel": [2, 0, 0, 0], "galicia": [1, 0, 0, 0]}
    moves = [
        {"seat": 0, "from": "caravel", "to": "america"},
        {"seat": 0, "from": "caravel", "to": "mediterranean"},
        {"seat": 0, "from": "galicia", "to": "caravel"},
    ]
    s2, _ = transport(board, moves)
    assert s2.board[kit.AREA["america"]][0] == 1 and s2.board[kit.AREA["mediterranean"]][0] == 1


def test_france_edges_and_changes_within_an_area_are_near() -> None:
    # G85: the edges of G5 and a change of position within an area (G52) are near
    board = {"aragon": [1, 0, 0, 0], "caravel": [2, 0, 0, 0]}
    moves = [
        {"seat": 0, "from": "aragon", "to": "france_ambassador"},
        {"seat": 0, "from": "caravel", "to": "caravel_captain"},
        {"seat": 0, "from": "caravel", "to": "castillo"},
    ]
    s2, _ = transport(board, moves)
    assert s2.board[kit.AREA["france"]][0] == 1


def test_the_grand_inquisitor_moves_have_n_2() -> None:
    # G85: N is 2 for the Grand Inquisitor's black moves: a far one leaves none
    s = limited(arrange(card="d6_grand_inquisitor", black={"galicia": 2}, holder=0, king="new_castile"))
    with pytest.raises(IllegalMove) as err:
        kit.declare(s, 0, moves=[{"seat": "black", "from": "galicia", "to": "valencia"}])
    assert err.value.rule == "O-L3"
    s2, _ = kit.declare(s, 0, moves=[{"seat": "black", "from": "galicia", "to": "basque_country"}])
    assert s2.black[kit.AREA["basque_country"]] == 1
