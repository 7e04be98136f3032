"""The random bot: a uniformly random legal move, grown by a random walk over extensions.

It is the API twin of the conformance suite's random player: pick any complete legal move,
then sometimes extend it step by step (`POST …/legal-moves` with `partial`), keeping the
last complete one.
"""

from __future__ import annotations

from clients.bots.base import Turn, walk
from clients.python.types import Json

STOP = 0.3  # chance of stopping before each extension


class RandomBot:
    """Plays uniformly random legal moves (any game)."""

    name = "random"

    def choose(self, turn: Turn) -> Json:
        """Returns a random complete legal move, possibly extended by a random walk."""
        start = turn.rnd.choice(list(turn.legal.moves))
        if turn.rnd.random() < STOP:
            return start
        return walk(
            turn, start, lambda options: None if turn.rnd.random() < STOP else turn.rnd.choice(options)
        )
