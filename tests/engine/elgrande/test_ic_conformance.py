"""Grand Inquisitor & Colonies: random full games keep every piece and tile where the rules allow.

After every event: 36 caballeros per colour (G9), 4 black caballeros on the board or out of the
game (G10, G42), 5 gold and 11 goods (G34), caballero states consistent with the totals (G4a),
slots holding at most one (G25-G27), the limit board never over its spaces (G46) with caballeros
beside it only in its region, the King on the continent (G6). Plus the base checks: every listed
move accepted, every default legal, no leak in any view or redacted event, replay equals live.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import engine
from engine.elgrande import data
from engine.elgrande.expansion.pieces import BLACK, in_area
from engine.elgrande.state import NOWHERE, State
from tests.conformance import Checks, play, scale
from tests.engine.elgrande.test_conformance import church_step, final, leaks

Json = dict[str, Any]
SLOT_CAP = {"ambassador": 1, "envoy": 1, "plain": 1, "captain": 1, "viceroy": 1}


def ic_invariants(s: State) -> list[str]:
    problems: list[str] = []
    for p in range(s.seats):
        total = s.province[p] + s.court[p] + sum(row[p] for row in s.board)
        if total != data.EXPANSION_CABALLEROS or min(s.province[p], s.court[p], *(r[p] for r in s.board)) < 0:
            problems.append(f"seat {p}: {total} caballeros (G9: 36)")
    if min(s.black) < 0 or sum(s.black) > data.BLACK_CABALLEROS:
        problems.append(f"black caballeros {s.black} (G10)")
    special: dict[tuple[int, Any], int] = {}
    slots: dict[tuple[int, str], int] = {}
    carried = {"gold": 0, "goods": 0}
    for cab, k in s.cabs:
        area, owner, pos, tile = cab[:4]
        if k <= 0:
            problems.append(f"state {cab} with count {k}")
        special[area, owner] = special.get((area, owner), 0) + k
        if pos in SLOT_CAP:
            slots[area, pos] = slots.get((area, pos), 0) + k
        if pos == "beside" and area != s.limit:
            problems.append(f"{cab}: beside the limit board outside its region (G46)")
        if tile:
            carried[tile] += k
            if pos in ("captain", "viceroy") or area == data.CASTILLO or area in data.BASE_REGIONS:
                problems.append(f"{cab}: a tile carrier where none may be (G37, G38)")
    for (area, owner), k in special.items():
        have = s.black[area] if owner == BLACK else s.board[area][owner]
        if k > have:
            problems.append(
                f"{k} special states of {owner} in {data.AREAS[area].id}, only {have} there (G4a)"
            )
    problems += [f"{data.AREAS[a].id} {pos} holds {k} (G25-G27)" for (a, pos), k in slots.items() if k > 1]
    if s.board[data.FRANCE] and sum(s.board[data.FRANCE]) + s.black[data.FRANCE] > 3:
        problems.append("France holds more than 3 (G25)")
    if s.tiles[0] + s.tiles[2] + carried["gold"] != data.TILE_SUPPLY["gold"]:
        problems.append(f"gold: supply {s.tiles[0]}, loose {s.tiles[2]}, carried {carried['gold']} (G34)")
    if s.tiles[1] + s.tiles[3] + carried["goods"] != data.TILE_SUPPLY["goods"]:
        problems.append(f"goods: supply {s.tiles[1]}, loose {s.tiles[3]}, carried {carried['goods']} (G34)")
    if min(s.tiles) < 0:
        problems.append(f"tiles {s.tiles}")
    if s.limit != NOWHERE:
        on = sum(k for c, k in in_area(s, s.limit) if c[2] == "")
        if on > data.LIMIT_SPACES[s.seats]:
            problems.append(f"{on} on a limit board of {data.LIMIT_SPACES[s.seats]} (G46)")
        if s.limit == data.FRANCE:
            problems.append("the limit board in France (G49)")
    if s.king in data.OVERSEAS or s.king == data.CASTILLO:
        problems.append(f"the King in {data.AREAS[s.king].id} (G6)")
    return problems


GAME = engine.get_game("elgrande")
IC_CHECKS = Checks(invariants=ic_invariants, step=church_step, leaks=leaks, final=final)
IC = {"inquisitor_colonies": True}
MIXES: list[Json] = [
    IC,
    {**IC, "veto": False},
    {**IC, "short_game": True, "grande_counts_one": True},
    {**IC, "short_game_six_rounds": True, "movement_limits": True},
    {**IC, "granada_moorish": True},
]


@pytest.mark.parametrize(("seats", "mix"), list(itertools.product(range(2, 6), range(len(MIXES)))))
def test_random_expansion_games_keep_every_piece_and_tile(seats: int, mix: int) -> None:
    # G9, G10, G34, G4a, G25-G27, G46, G6; the engine contract
    for k in range(2 * scale()):
        seed = f"ic-{seats}-{mix}-{k}"
        out = play(GAME, seats, MIXES[mix], seed, IC_CHECKS, sample_legal=2, check_leaks_every=3)
        assert not out.problems, (seed, MIXES[mix], out.problems[:5])
