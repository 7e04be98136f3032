"""grande_counts_one (O-M1, O-M2): a Grande counts as one caballero; +1 batch placement at home."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.elgrande.hooks import Rules

if TYPE_CHECKING:
    from engine.elgrande.state import State


class GrandeCountsOne(Rules):
    """Adds each Grande to its owner's count (O-M1) and allows a home batch of heads + 1 (O-M2)."""

    name = "grande_counts_one"

    def counts(self, s: State, area: int, row: tuple[int, ...]) -> tuple[int, ...]:
        row = super().counts(s, area, row)
        if area not in s.grandes:
            return row
        return tuple(c + (g == area) for c, g in zip(row, s.grandes, strict=True))  # O-M1, E34, E35

    def batch_limit(self, s: State, seat: int, wanted: dict[int, int]) -> int:
        limit = super().batch_limit(s, seat, wanted)
        home = s.grandes[seat]
        if wanted and set(wanted) == {home}:  # O-M2: the whole batch, >= 1, into the home region
            return limit + 1
        return limit
