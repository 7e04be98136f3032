"""movement_limits (O-L1 … O-L4): a special action with a far move moves at most N − 2 caballeros.

A move is near when it goes to the Castillo or to a region adjacent to its own source
(`Rules.neighbours`, so France's edges count under `france`), far otherwise (O-L2). Only the
move steps of the d1 move cards, d1_move_own_region (also through
d1_place_two_or_move_own_region) and the Church card are limited (O-L1). A caballero put back by
d1_move_own_region is no move at all, so it never counts (O-L4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.hooks import Json, Rules
from engine.errors import IllegalMove
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

# O-L3: N per card; None = the own caballeros in the chosen region (d1_move_own_region, O-C8).
CARD_N: dict[str, int | None] = {
    "d1_move_five_from_region": 5,
    "d1_move_three_foreign": 3,
    "d1_move_three_any": 3,
    "d1_move_two_own_two_foreign": 4,
    "d1_move_four_own": 4,
    "d1_move_four_any": 4,
    "d1_move_own_region": None,
    "d1_place_two_or_move_own_region": None,  # its moves are d1_move_own_region's
    "d6_church": 2,  # church (O-C3): the black moves
    "d6_grand_inquisitor": 2,  # inquisitor_colonies (G85): the black relocations (bring-backs are no moves)
    "d7_transport": 3,  # G85
    "d7_relocation_before_scoring": 2,  # G85: its use is a relocation (G73, ruling B33)
}
FAR_COST = 2  # O-L3


class MovementLimits(Rules):
    """Refuses a declaration with a far move that moves more than N − 2 caballeros (O-L1-O-L4)."""

    name = "movement_limits"

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        moved = [st for st in steps if st[0] == "move"]  # O-L1: placements are never limited
        if card in CARD_N and moved:
            far = [st for st in moved if not self.near(st[2], st[3])]
            n = CARD_N[card]
            if n is None:
                n = own_caballeros(s, seat, moved[0][2])
            if far and len(moved) > n - FAR_COST:
                src, dst = data.AREAS[far[0][2]].id, data.AREAS[far[0][3]].id
                raise IllegalMove(
                    N_(
                        "illegal move {move}: {src}>{dst} is far (neither the castillo nor adjacent to {src}), so {card} moves at most N − 2 = {most} caballero(s), not {count} (O-L3)"
                    ),
                    rule="O-L3",
                    move=repr(move),
                    src=src,
                    dst=dst,
                    card=card,
                    most=max(0, n - FAR_COST),
                    count=len(moved),
                )
        super().check_steps(s, seat, card, steps, move)

    def near(self, src: int, dst: int) -> bool:
        """Returns whether a move from `src` to `dst` is near: to the Castillo or an adjacent region (O-L2)."""
        return dst in (data.CASTILLO, src) or dst in self.near_regions(src)  # G85: also within an area (G52)


def own_caballeros(s: State, seat: int, region: int) -> int:
    """Returns N for d1_move_own_region: `seat`'s caballeros in `region`, black ones for the holder (O-L3, O-C8)."""
    return s.board[region][seat] + (s.black[region] if s.black and s.church == seat else 0)
