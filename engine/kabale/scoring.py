"""Resolves a column at round end (KA9-KA25) and computes final scores (K20, K21).

Works on `Piece`s: a slot as the resolution sees it, where a hood slot keeps its hidden
card (KR6) and the Wizard and the Witch judge the two physical cards separately (KA11).
All values are integer half-points until they are reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.kabale.cards import KINDS, goal_kind, goal_value, printed
from engine.kabale.state import Slot

Json = dict[str, Any]
HOOD = "magic_hood"


@dataclass(frozen=True, slots=True)
class Piece:
    """A remaining slot during resolution: its owner, its card, the card under it, its index."""

    seat: int
    card: str
    hidden: str | None
    index: int

    @property
    def face(self) -> str:
        """Returns the card whose value the slot takes: the hidden one in a hood slot (KA15)."""
        return self.hidden or self.card

    @property
    def cards(self) -> tuple[str, ...]:
        """Returns the physical cards of the slot (one, or a hood and its hidden card)."""
        return (self.card, self.hidden) if self.hidden else (self.card,)


def half(value: int) -> int | float:
    """Returns a half-point amount as the printed number (19 -> 9.5, 24 -> 12)."""
    return value // 2 if value % 2 == 0 else value / 2


def _card_j(pieces: list[Piece], k: int, card: str, goal: str) -> int | None:
    """Returns the judged value J of `card` sitting in slot k (KA11, KR1, KR7, KR29)."""
    if card != "doppelganger":
        return printed(card, goal)
    if k + 1 >= len(pieces):
        return None
    return _card_j(pieces, k + 1, pieces[k + 1].face, goal)


def _cards(pieces: list[Piece]) -> list[str]:
    """Returns the physical cards of `pieces` (hidden ones last), to count or look for."""
    return [p.card for p in pieces] + [p.hidden for p in pieces if p.hidden]


def _count(pieces: list[Piece], card: str) -> int:
    return _cards(pieces).count(card)


def _judged(pieces: list[Piece], goal: str) -> dict[tuple[int, int], int | None]:
    """Returns J of every physical card, keyed by (slot, 0 for the card / 1 for the hidden one)."""
    out: dict[tuple[int, int], int | None] = {}
    for k, p in enumerate(pieces):
        for part, card in enumerate(p.cards):
            out[(k, part)] = _card_j(pieces, k, card, goal)
    return out


def _remove(pieces: list[Piece], gone: set[tuple[int, int]], removed: list[Json]) -> list[Piece]:
    """Returns the pieces left after removing the physical cards `gone`, all at once."""
    out: list[Piece] = []
    for k, p in enumerate(pieces):
        main, under = (k, 0) in gone, (k, 1) in gone
        for part, card in enumerate(p.cards):
            if (k, part) in gone:
                removed.append({"position": p.index, "seat": p.seat, "card": card})
        if not main:
            out.append(Piece(p.seat, p.card, None if under else p.hidden, p.index))
        elif p.hidden and not under:
            out.append(Piece(p.seat, p.hidden, None, p.index))  # KR30
    return out


def _wizard(pieces: list[Piece], goal: str, removed: list[Json]) -> list[Piece]:
    """Applies KA12: exactly one Wizard removes every card with J >= 10 (KR1, KR2)."""
    if _count(pieces, "wizard") != 1:
        return pieces
    gone = {key for key, j in _judged(pieces, goal).items() if j is not None and j >= 20}
    return _remove(pieces, gone, removed)


def _witch(pieces: list[Piece], goal: str, removed: list[Json]) -> list[Piece]:
    """Applies KA13: exactly one Witch removes every other card with J <= 9 (KR2, KR3, KR30)."""
    if _count(pieces, "witch") != 1:
        return pieces
    judged = _judged(pieces, goal)
    gone = {
        (k, part)
        for (k, part), j in judged.items()
        if j is not None and j <= 18 and pieces[k].cards[part] != "witch"
    }
    return _remove(pieces, gone, removed)


def _prince_page(pieces: list[Piece]) -> int | None:
    """Returns the KA14 winner: the qualifying seat whose Prince or Page is highest."""
    cards = _cards(pieces)
    if "prince" not in cards or "page" not in cards:
        return None
    best: tuple[int, int] | None = None
    for seat in {p.seat for p in pieces}:
        own = [(k, p) for k, p in enumerate(pieces) if p.seat == seat]
        if all(any(c in p.cards for _, p in own) for c in ("prince", "page")):
            top = min(k for k, p in own if {"prince", "page"} & set(p.cards))
            best = min(best, (top, seat)) if best else (top, seat)
    return best[1] if best else None


def _base(pieces: list[Piece], goal: str, abilities: bool) -> list[int | None]:
    """Returns the values after 5a and, with abilities, 5b (KA15-KA18)."""
    m = len(pieces)
    values: list[int | None] = []
    for p in pieces:
        face = p.face
        value = None if face == "doppelganger" else printed(face, goal)
        if abilities and face == "romeo" and any(q.seat == p.seat and "juliet" in q.cards for q in pieces):
            value = 30  # KA16
        elif abilities and face == "hermit":
            value = 24 - 2 * (m - 1)  # KA17
        elif abilities and face == "little_giant":
            value = 4 + 6 * (m - 1)  # KA18
        values.append(value)
    return values


def _copy_and_dragon(pieces: list[Piece], values: list[int | None]) -> list[int | None]:
    """Applies 5c (Doppelganger, bottom-up, KA19) and 5d (Dragon, KA20) to the values."""
    out = list(values)
    for k in range(len(pieces) - 1, -1, -1):
        if pieces[k].face == "doppelganger":
            out[k] = out[k + 1] if k + 1 < len(pieces) else None
    own: dict[int, int] = {}  # dragons by seat
    for p in pieces:
        own[p.seat] = own.get(p.seat, 0) + p.cards.count("dragon")
    dragons = sum(own.values())
    if dragons:
        for k, p in enumerate(pieces):
            value = out[k]
            if value is not None:
                out[k] = value - 4 * (dragons - own[p.seat])  # the other seats' Dragons
    return out


def _eligible(pieces: list[Piece], values: list[int | None]) -> list[int]:
    """Returns the seats with a slot that is not a valueless Doppelganger (KA22, KR20)."""
    return sorted({p.seat for p, v in zip(pieces, values) if v is not None or p.card == HOOD})


def _award(pieces: list[Piece], totals: dict[int, int], eligible: list[int], beggar: bool) -> int | None:
    """Returns the majority winner (KA23) or, with an active Beggar, the lowest total (KA24)."""
    if not eligible:
        return None  # KA25, KR9
    if beggar:
        low = min(totals[s] for s in eligible)
        tied = [s for s in eligible if totals[s] == low]
        lowest = {p.seat: k for k, p in enumerate(pieces)}  # each seat's lowest slot
        return max(tied, key=lowest.__getitem__)
    high = max(totals[s] for s in eligible)
    tied = [s for s in eligible if totals[s] == high]
    highest = {p.seat: k for k, p in reversed(list(enumerate(pieces)))}  # each seat's highest slot
    return min(tied, key=highest.__getitem__)


def _totals(pieces: list[Piece], values: list[int | None], seats: int) -> dict[int, int]:
    """Returns each seat's total after the floor (KA21, KR8); a valueless slot adds 0."""
    totals = {s: 0 for s in range(seats)}
    for p, v in zip(pieces, values):
        totals[p.seat] += max(0, v or 0)
    return totals


def _winner(
    pieces: list[Piece], eligible: list[int], totals: dict[int, int], musketeers: bool, present: set[str]
) -> Json:
    """Returns {winner, rule}: Prince + Page (KA14), else the Beggar or majority award.

    `present` holds the column's cards before any removal, so a card absent from it is gone."""
    if not musketeers and {"prince", "page"} <= present and (paired := _prince_page(pieces)) is not None:
        return {"winner": paired, "rule": "KA14"}  # KR31
    beggar = not musketeers and "beggar" in present and _count(pieces, "beggar") > 0
    winner = _award(pieces, totals, eligible, beggar)
    return {"winner": winner, "rule": "KR9" if winner is None else ("KA24" if beggar else "KA23")}


def resolve(goal: str, slots: tuple[Slot, ...], seats: int) -> Json:
    """Returns the resolution of one column: removals, slot values, totals, winner, rule (KA9)."""
    pieces = [Piece(s.seat, s.card, s.tucked, i) for i, s in enumerate(slots)]
    removed: list[Json] = []
    present = set(_cards(pieces))  # steps whose cards are absent change nothing
    musketeers = "musketeers" in present  # KA10
    if not musketeers and not present.isdisjoint(("wizard", "witch")):
        pieces = _witch(_wizard(pieces, goal, removed), goal, removed)
    values = _base(pieces, goal, not musketeers)
    if not musketeers and not present.isdisjoint(("doppelganger", "dragon")):
        values = _copy_and_dragon(pieces, values)
    totals = _totals(pieces, values, seats)
    eligible = _eligible(pieces, values)
    slot_rows = [
        {
            "position": p.index,
            "seat": p.seat,
            "card": p.card,
            "hidden": p.hidden,
            "value": None if v is None else half(max(0, v)),
        }
        for p, v in zip(pieces, values)
    ]
    return {
        "goal": goal,
        **_winner(pieces, eligible, totals, musketeers, present),
        "musketeers": musketeers,
        "removed": removed,
        "slots": slot_rows,
        "totals": [half(totals[s]) if s in eligible else None for s in range(seats)],
    }


def final_score(won: tuple[str, ...]) -> tuple[int, int, int | None]:
    """Returns (score, plain, set) for a seat's won goal cards; set is None if not eligible (K20)."""
    plain = sum(goal_value(g) for g in won)
    best: dict[str, int] = {}
    for g in won:
        best[goal_kind(g)] = max(best.get(goal_kind(g), 0), goal_value(g))
    if len(best) < len(KINDS):
        return plain, plain, None
    bonus = 2 * sum(best.values()) - (len(won) - len(KINDS))
    return max(plain, bonus), plain, bonus


def ranking(scores: list[int], counts: list[int]) -> list[int]:
    """Returns 1-based ranks by score, then number of goal cards; full ties share (K21, KR12)."""
    keys = [(s, c) for s, c in zip(scores, counts)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]
