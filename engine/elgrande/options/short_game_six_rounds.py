"""short_game_six_rounds (O-S2): rounds 1-6 only."""

from __future__ import annotations

from engine.elgrande.hooks import Rules

ROUNDS = (1, 2, 3, 4, 5, 6)


class ShortGameSixRounds(Rules):
    """Plays rounds 1-6; the game ends after the general scoring following round 6 (O-S2, R53)."""

    name = "short_game_six_rounds"

    def rounds(self) -> tuple[int, ...]:
        return ROUNDS
