"""A busy Inquisitor & Colonies position for the surface tests (browser, text summary, phrases).

`showcase()` plays a real 4-player game with the option (random legal moves, fixed seed) until a
turn step is due, then puts pieces of every kind the expansion adds on the board with
`state.change`: France's slots, the captain and the viceroy, carried tiles (one carried by a
black caballero for a seat), relocation marks, bonus moves, the limit board with caballeros on
and beside it, a holder, a black caballero out of the game, held cards, a delayed-scoring
marker and a turned card. The rules never check this position; it only feeds `views.view`.
"""

from __future__ import annotations

import random
from typing import Any

from engine.elgrande import data, flow
from engine.elgrande.evolve import evolve
from engine.elgrande.legal import legal_moves
from engine.elgrande.prompts import pending
from engine.elgrande.rules import decide
from engine.elgrande.state import State, change

A = data.AREA_INDEX
LIMIT = "valencia"
# (area, owner, position, tile, claimant, mark, bonus), count: every piece the showcase adds.
PIECES: list[tuple[tuple[Any, ...], int]] = [
    ((A["france"], 0, "ambassador", "", -1, False, False), 1),
    ((A["france"], 2, "envoy", "", -1, False, False), 1),
    ((A["france"], 1, "plain", "", -1, True, False), 1),
    ((A["caravel"], 1, "captain", "", -1, False, True), 1),
    ((A["caravel"], 0, "", "", -1, False, True), 2),
    ((A["caravel"], 3, "", "gold", 3, False, True), 1),
    ((A["caravel"], "black", "", "goods", 0, False, False), 1),
    ((A["america"], 2, "viceroy", "", -1, False, False), 1),
    ((A["america"], 0, "", "gold", 0, False, False), 1),
    ((A["america"], 3, "", "", -1, False, False), 2),
    ((A["mediterranean"], 3, "", "", -1, False, False), 2),
    ((A["mediterranean"], 1, "", "goods", 1, True, False), 1),
    ((A[LIMIT], 0, "", "", -1, False, False), 3),
    ((A[LIMIT], 1, "", "", -1, False, False), 2),
    ((A[LIMIT], 2, "beside", "", -1, False, False), 2),
    ((A[LIMIT], "black", "", "", -1, False, False), 1),
    ((A["aragon"], 2, "", "", -1, True, False), 1),
    ((A["aragon"], "black", "", "", -1, True, False), 1),
    ((A["castillo"], 3, "", "", -1, False, False), 2),
]
HOLDER = 2
KEEPS = ((0, "d7_doubling.1"), (3, "d7_relocation_before_scoring.1"))
DELAYED_AREA = "galicia"
TURNED = ("d1_move_four_any.1",)


def _to_turn(seed: str) -> State:
    s: Any = None
    for e in flow.setup(4, {"inquisitor_colonies": True}, seed):
        s = evolve(s, e)
    r = random.Random(seed)
    while not any(p["kind"] == "turn_step" for p in pending(s).values()):
        seat = min(pending(s))
        for e in decide(s, seat, r.choice(legal_moves(s, seat))):
            s = evolve(s, e)
    assert isinstance(s, State)
    return s


def showcase(seed: str = "showcase") -> State:
    """Returns the busy position (a turn step is due); see the module docstring."""
    s = _to_turn(seed)
    board = [list(row) for row in s.board]
    black = [0] * data.N_AREAS
    province = list(s.province)
    cabs: dict[tuple[Any, ...], int] = {}
    for cab, k in PIECES:
        area, owner = cab[0], cab[1]
        if owner == "black":
            black[area] += k
        else:
            board[area][owner] += k
            province[owner] -= k
        if cab[2:] != ("", "", -1, False, False):
            cabs[cab] = cabs.get(cab, 0) + k
    carried = {t: sum(k for c, k in PIECES if c[3] == t) for t in ("gold", "goods")}
    return change(
        s,
        {
            "board": tuple(tuple(row) for row in board),
            "province": tuple(province),
            "black": tuple(black),
            "church": HOLDER,
            "cabs": tuple(sorted(cabs.items(), key=repr)),
            "limit": A[LIMIT],
            "tiles": (
                data.TILE_SUPPLY["gold"] - carried["gold"] - 1 - 1,
                data.TILE_SUPPLY["goods"] - carried["goods"] - 3 - 1,
                1,
                3,
            ),
            "keeps": KEEPS,
            "delayed": (
                (
                    1,
                    "d7_special_scoring_delayed_region.1",
                    A[DELAYED_AREA],
                    min(s.round_index + 1, len(s.rounds) - 1),
                ),
            ),
            "turned": TURNED,
        },
    )
