"""short_game (O-S1): rounds 1, 4 and 7 are not played."""

from __future__ import annotations

from engine.elgrande import data
from engine.elgrande.hooks import Rules


class ShortGame(Rules):
    """Plays rounds 2, 3, 5, 6, 8, 9; the general scorings still follow rounds 3, 6 and 9 (O-S1)."""

    name = "short_game"

    def rounds(self) -> tuple[int, ...]:
        return data.SHORT_GAME_ROUNDS
