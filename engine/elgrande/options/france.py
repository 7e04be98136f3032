"""france (O-F1 … O-F10): a tenth region, France, with three slots worth +2, +1 and +0.

France is area 10 (`data.FRANCE`, values 3/1/0, O-F3). It has no region card (O-F1), so the
region deck is unchanged. Its caballeros stand on slots (`State.slots`: ambassador, envoy,
plain); moves, places, batches and removals name the slot (`france_envoy`), and the exits
whose choice is the owner's and automatic (returns, court supplements, eviction) say
`france` and leave plain, envoy, ambassador in that order (`state.vacate`, O-F4a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.hooks import Json, Move, Rules
from engine.errors import IllegalMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

FRANCE = data.FRANCE
REGIONS = (*data.BASE_REGIONS, FRANCE)  # O-F8: id order, France after granada
NEIGHBOURS = data.neighbours(data.EDGES + data.FRANCE_EDGES)  # O-F2
NO_FRANCE = frozenset(
    {"castillo_disc", "eviction_disc", "return_two_disc", "return_all_disc", "secret_scoring_disc"}
)


def _illegal(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


class France(Rules):
    """Adds France with its slots: entry by slot, capacity 3, slot bonuses in every scoring (O-F1 … O-F10)."""

    name = "france"

    def regions(self) -> tuple[int, ...]:
        return REGIONS

    def neighbours(self, area: int) -> tuple[int, ...]:
        return NEIGHBOURS[area]

    def king_may_enter(self, s: State, region: int) -> bool:
        return region != FRANCE and super().king_may_enter(s, region)  # O-F1, R28

    def grande_may_enter(self, s: State, region: int) -> bool:
        return region != FRANCE and super().grande_may_enter(s, region)  # O-F1, R29

    def bonus(self, s: State, area: int, points: list[int], mode: str) -> None:
        super().bonus(s, area, points, mode)
        if area != FRANCE:
            return
        for owner, extra in zip(s.slots, data.SLOT_BONUS, strict=True):  # O-F5: every scoring, any rank
            if owner >= 0:
                points[owner] += extra

    def disc_regions(self, s: State, kind: str, context: Any, seat: int, regions: list[int]) -> list[int]:
        regions = super().disc_regions(s, kind, context, seat, regions)
        return [r for r in regions if r != FRANCE] if kind in NO_FRANCE else regions  # O-F6

    def check_batch(self, s: State, seat: int, moves: list[Move], move: Json) -> None:
        super().check_batch(s, seat, moves, move)
        slots = list(s.slots)
        for _, _, to, k in moves:
            if k > 1 and to in data.SLOT_INDEX:
                raise _illegal(move, N_("{to} holds one caballero"), "O-F4", to=to)
            _enter(slots, seat, to, move)

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        super().check_steps(s, seat, card, steps, move)
        slots = list(s.slots)
        entered: set[int] = set()
        for st in steps:  # O-F4b: step by step, in the declared order
            match st[0]:
                case "move":
                    if st[2] == FRANCE:
                        _leave(slots, entered, st[1], st[4], move, "O-F4a")
                    if st[3] == FRANCE:
                        entered.add(_enter(slots, st[1], st[5], move))
                case "place":
                    if st[2] == FRANCE:
                        entered.add(_enter(slots, st[1], st[3], move))
                case "remove":
                    if st[2] == FRANCE:
                        _leave(slots, entered, st[1], st[3], move, "O-F10")

    def view(self, s: State, out: Json) -> None:
        super().view(s, out)
        out["areas"]["france"]["slots"] = {
            slot: (owner if owner >= 0 else None) for slot, owner in zip(data.SLOTS, s.slots, strict=True)
        }


def _enter(slots: list[int], owner: Any, name: str, move: Json) -> int:
    """Seats `owner` on the slot `name` if it is free (O-F4); returns its index."""
    if name not in data.SLOT_INDEX:
        if data.SPOT_AREA.get(name) != FRANCE:
            return -1
        free = [data.SLOT_IDS[i] for i, p in enumerate(slots) if p == -1]
        raise _illegal(
            move,
            N_("a caballero enters France on a free slot: {free}"),
            "O-F4",
            free=", ".join(free) or "none is free",
        )
    i = data.SLOT_INDEX[name]
    if slots[i] != -1:
        raise _illegal(
            move,
            N_("{name} is taken by seat {seat}; France holds at most 3"),
            "O-F4b",
            name=name,
            seat=slots[i],
        )
    slots[i] = owner
    return i


def _leave(slots: list[int], entered: set[int], owner: Any, name: str, move: Json, rule: str) -> None:
    """Frees the slot `name`, which must hold a caballero of `owner` that has not moved yet (O-F4a, X30)."""
    if name not in data.SLOT_INDEX:
        raise _illegal(
            move,
            N_("a caballero leaving France is named by its slot: {slots}"),
            rule,
            slots=", ".join(data.SLOT_IDS),
        )
    i = data.SLOT_INDEX[name]
    if slots[i] != owner or i in entered:
        raise _illegal(
            move, N_("seat {owner} has no caballero to take from {name}"), rule, owner=owner, name=name
        )
    slots[i] = -1
