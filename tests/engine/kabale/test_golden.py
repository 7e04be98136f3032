"""Golden records: seeded games played with default moves only replay to known logs and scores.

These pin the engine's behaviour: a change that alters any event of these games must come
with a new ENGINE_VERSION (snapshots are keyed by it) and new golden values here.
"""

from __future__ import annotations

import hashlib

import pytest

from tests.conformance import canon, fold
from tests.engine.kabale.helpers import GAME

GOLDEN = {
    2: (188, [12, 21], [1], "413084a69cd311f1"),
    4: (344, [16, 12, 20, 25], [3], "4dcde7da6eb528c9"),
    6: (486, [25, 14, 14, 42, 19, 7], [3], "c48ca4b58dbeb381"),
}


def _default_game(seats: int) -> tuple[list[dict], object]:
    events = GAME.setup(seats, {}, f"golden-{seats}")
    state = fold(GAME, events)
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        new = GAME.decide(state, seat, GAME.default_move(state, seat))
        for event in new:
            state = GAME.evolve(state, event)
        events += new
    return events, state


@pytest.mark.parametrize("seats", sorted(GOLDEN))
def test_default_game_matches_its_golden_record(seats):  # KD1-KD3, K20, K21
    events, state = _default_game(seats)
    digest = hashlib.sha256("\n".join(canon(e) for e in events).encode()).hexdigest()[:16]
    result = GAME.result(state)
    assert (len(events), result["scores"], result["winners"], digest) == GOLDEN[seats]
    assert GAME.ENGINE_VERSION == "kabale-2"


def test_final_scores_follow_from_the_won_goal_cards():  # K20
    _, state = _default_game(6)
    result = GAME.result(state)
    for seat, won in enumerate(result["won"]):
        plain = sum(int(g.rsplit("_", 1)[1][0]) for g in won)
        best: dict[str, int] = {}
        for g in won:
            kind, value = g.rsplit("_", 1)[0], int(g.rsplit("_", 1)[1][0])
            best[kind] = max(best.get(kind, 0), value)
        bonus = 2 * sum(best.values()) - (len(won) - 6) if len(best) == 6 else 0
        assert result["scores"][seat] == max(plain, bonus)
