"""Answers the queries of the simultaneous decisions (§7): who is asked and what each may choose.

Choices are JSON values: a region id for the discs (M1-M5), a list of sources for
king_returns_choice (M6, "court" or region ids, in canonical order).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from engine.elgrande import data
from engine.elgrande.state import State

Json = dict[str, Any]


def legal_choices(s: State, kind: str, context: Any, seat: int) -> list[Any]:
    """Returns every legal choice of `seat` in a disc or return decision (M1-M6, R31, X11)."""
    own: list[Any] | None = s.rules.choices(s, kind, context, seat)
    if own is not None:  # an option's own decision
        return own
    opened = s.rules.disc_regions(s, kind, context, seat, list(s.open_regions()))
    ids = data.AREAS
    match kind:
        case "castillo_disc":
            return [ids[r].id for r in opened]  # M1
        case "eviction_disc":
            return [ids[r].id for r in opened if ids[r].id != context]  # M2, X23
        case "return_two_disc":
            two = [ids[r].id for r in opened if s.takeable(seat, r) >= 2]  # M3, X20
            return two or [ids[r].id for r in opened if s.takeable(seat, r) == 1]
        case "return_all_disc":
            return [ids[r].id for r in opened if s.takeable(seat, r) >= 1]  # M4
        case "secret_scoring_disc":
            return [
                ids[r].id for r in s.rules.disc_regions(s, kind, context, seat, list(s.regions))
            ]  # M5, X27: the King's too
        case "king_returns_choice":
            return king_returns_options(s, seat)
    return []


def return_sources(s: State, seat: int) -> list[tuple[str, int]]:
    """Returns where `seat` may return caballeros from for d2_king_returns: court, open regions (R26)."""
    out = [("court", s.court[seat])] if s.court[seat] else []
    return out + [(data.AREAS[r].id, k) for r in s.open_regions() if (k := s.takeable(seat, r))]


def king_returns_options(s: State, seat: int) -> list[list[str]]:
    """Returns every multiset of min(3, available) sources `seat` may return (M6)."""
    sources = return_sources(s, seat)
    need = min(3, sum(k for _, k in sources))
    have = dict(sources)
    out = []
    for combo in combinations_with_replacement([n for n, _ in sources], need):
        if all(combo.count(n) <= have[n] for n in set(combo)):
            out.append(list(combo))
    return out


def king_returns_default(s: State, seat: int) -> list[str]:
    """Returns D11's sources: court first, then one by one from the largest own open stack."""
    need = min(3, s.court[seat] + s.takeable_open(seat))
    out = ["court"] * min(need, s.court[seat])
    counts = {r: s.takeable(seat, r) for r in s.open_regions()}
    while len(out) < need:
        r = max(counts, key=lambda a: (counts[a], -a))
        counts[r] -= 1
        out.append(data.AREAS[r].id)
    return sorted(out, key=lambda n: -1 if n == "court" else data.AREA_INDEX[n])


def group_members(s: State, kind: str, context: Any) -> list[int]:
    """Returns the members of a decision group opened by the active player's action (§7)."""
    assert s.turn is not None
    me = s.turn.seat
    match kind:
        case "eviction_disc":
            return [
                p for p in range(s.seats) if p != me and s.board[context][p] + s.black_of(p, context)
            ]  # M2, O-C7
        case "return_two_disc" | "return_all_disc":
            return [
                p for p in range(s.seats) if p != me and legal_choices(s, kind, context, p)
            ]  # M3, M4, X47
        case "king_returns_choice":
            return [p for p in range(s.seats) if p != me and s.court[p] + s.takeable_open(p)]  # M6
        case "secret_scoring_disc":
            return list(range(s.seats))  # M5
    return []


def veto_holders(s: State, seat: int) -> list[int]:
    """Returns the opponents of `seat` who hold an unexpired Veto (V1, V4)."""
    if not s.options.veto:
        return []
    return sorted({v.seat for v in s.vetos if v.seat != seat})
