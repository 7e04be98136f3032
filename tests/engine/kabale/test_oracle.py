"""Checks the column resolution against a second, independent reading of KA9-KA25.

`oracle` is written straight from the spec in physical-card terms (a hood slot is a dict
with the hood and what it hides), without the engine's `Piece` model; random columns rich
in end-of-round cards must get the same winner and the same totals from both.
"""

from __future__ import annotations

import random
from typing import Any

from engine.kabale.cards import DECK, GOALS
from engine.kabale.scoring import resolve
from engine.kabale.state import Slot

Json = dict[str, Any]
PRINTED = {  # KC2, in half-points; specialists by goal (KA8) below
    "king": 40, "queen": 32, "juliet": 28, "explorer": 26, "assassin": 19, "storm": 18,
    "magic_hood": 0, "traitor": 20, "musketeers": 22, "wizard": 14, "witch": 2, "prince": 28,
    "page": 4, "hermit": 24, "little_giant": 4, "doppelganger": None, "dragon": 22, "romeo": 10,
    "beggar": 8,
}  # fmt: skip
KIND = {"alchemist": "alchemy", "fencing_master": "fencing", "landlord": "agriculture"}
KIND |= {"merchant": "trade", "cardinal": "religion", "minstrel": "music"}
LIVELY = ["doppelganger", "magic_hood", "wizard", "witch", "prince", "page", "hermit", "little_giant"]
LIVELY += ["dragon", "romeo", "juliet", "beggar", "musketeers"]


def value(card: str, goal: str) -> int | None:
    """Returns the printed value (KC2, KA8)."""
    return (24 if goal.startswith(KIND[card]) else 16) if card in KIND else PRINTED[card]


def cards(slot: Json) -> list[str]:
    return [slot["card"]] + ([slot["hidden"]] if slot["hidden"] else [])


def face(slot: Json) -> str:
    """Returns the card a slot is valued as: a hood's hidden card, or the hood if empty (KA15)."""
    return (slot["hidden"] or "magic_hood") if slot["hood"] else slot["card"]


def judged(col: list[Json], k: int, card: str, goal: str) -> int | None:
    """Returns J (KA11): a Doppelganger takes the J of the slot below, none at the bottom."""
    if card != "doppelganger":
        return value(card, goal)
    return judged(col, k + 1, face(col[k + 1]), goal) if k + 1 < len(col) else None


def purge(col: list[Json], goal: str, hit: Any) -> list[Json]:
    """Removes every physical card `hit(J, card)` picks, all at once (KA11-KA13, KR30)."""
    out = []
    for k, s in enumerate(col):
        main = hit(judged(col, k, s["card"], goal), s["card"])
        under = bool(s["hidden"]) and hit(judged(col, k, s["hidden"], goal), s["hidden"])
        if not main:
            out.append({**s, "hidden": None if under else s["hidden"]})
        elif s["hood"] and s["hidden"] and not under:
            out.append({"seat": s["seat"], "card": s["hidden"], "hidden": None, "hood": False})
    return out


def paired(col: list[Json]) -> int | None:
    """Returns the KA14 winner: own Prince and Page, the highest of them wins."""
    best = []
    for seat in {s["seat"] for s in col}:
        mine = [(k, cards(s)) for k, s in enumerate(col) if s["seat"] == seat]
        if all(any(c in cs for _, cs in mine) for c in ("prince", "page")):
            best.append((min(k for k, cs in mine if {"prince", "page"} & set(cs)), seat))
    return min(best)[1] if best else None


def values(col: list[Json], goal: str, musketeers: bool) -> list[int | None]:
    """Returns slot values after 5a-5d (KA15-KA20)."""
    m, out = len(col), []
    for s in col:
        f, v = face(s), value(face(s), goal)
        if (
            not musketeers
            and f == "romeo"
            and any(t["seat"] == s["seat"] and "juliet" in cards(t) for t in col)
        ):
            v = 30
        elif not musketeers and f in ("hermit", "little_giant"):
            v = 24 - 2 * (m - 1) if f == "hermit" else 4 + 6 * (m - 1)
        out.append(v)
    if musketeers:
        return out
    for k in reversed(range(m)):
        if face(col[k]) == "doppelganger":
            out[k] = out[k + 1] if k + 1 < m else None
    dragons = [s["seat"] for s in col for c in cards(s) if c == "dragon"]
    return [None if v is None else v - 4 * sum(d != s["seat"] for d in dragons) for s, v in zip(col, out)]


def oracle(goal: str, col: list[Json]) -> tuple[int | None, dict[int, int] | None]:
    """Returns (winner, totals of eligible seats in half-points; None after Prince + Page)."""
    physical = [c for s in col for c in cards(s)]
    musketeers = "musketeers" in physical
    if not musketeers:
        if physical.count("wizard") == 1:
            col = purge(col, goal, lambda j, c: j is not None and j >= 20)
        if [c for s in col for c in cards(s)].count("witch") == 1:
            col = purge(col, goal, lambda j, c: j is not None and j <= 18 and c != "witch")
        if (seat := paired(col)) is not None:
            return seat, None
    vals = values(col, goal, musketeers)
    totals: dict[int, int] = {}
    for s, v in zip(col, vals):
        totals[s["seat"]] = totals.get(s["seat"], 0) + max(0, v or 0)
    eligible = {s["seat"] for s, v in zip(col, vals) if v is not None or s["hood"]}
    totals = {seat: t for seat, t in totals.items() if seat in eligible}
    if not eligible:
        return None, totals
    at = {seat: [k for k, s in enumerate(col) if s["seat"] == seat] for seat in eligible}
    if not musketeers and "beggar" in [c for s in col for c in cards(s)]:
        low = min(totals.values())
        return max((s for s in eligible if totals[s] == low), key=lambda s: max(at[s])), totals
    high = max(totals.values())
    return min((s for s in eligible if totals[s] == high), key=lambda s: min(at[s])), totals


def random_column(rnd: random.Random, seats: int) -> list[Json]:
    """Returns up to 7 slots of distinct cards per seat, rich in end-of-round cards and hoods."""
    used: set[tuple[int, str]] = set()
    col = []
    for _ in range(rnd.randint(1, 7)):
        seat = rnd.randrange(seats)
        pick = [c for c in LIVELY * 3 + list(DECK) if (seat, c) not in used]
        card = rnd.choice(pick)
        used.add((seat, card))
        hidden = None
        if card == "magic_hood" and rnd.random() < 0.7:
            hidden = rnd.choice([c for c in pick if (seat, c) not in used])
            used.add((seat, hidden))
        col.append({"seat": seat, "card": card, "hidden": hidden, "hood": card == "magic_hood"})
    return col


def test_resolution_agrees_with_an_independent_reading():  # KA9-KA25, KR1-KR10, KR20-KR31
    rnd = random.Random(2024)
    for _ in range(3000):
        goal, seats = rnd.choice(GOALS), rnd.randint(2, 4)
        col = random_column(rnd, seats)
        got = resolve(goal, tuple(Slot(s["seat"], s["card"], True, False, s["hidden"]) for s in col), seats)
        winner, totals = oracle(goal, col)
        assert got["winner"] == winner, (goal, col)
        if totals is not None:
            assert {s: t * 2 for s, t in enumerate(got["totals"]) if t is not None} == totals, (goal, col)
