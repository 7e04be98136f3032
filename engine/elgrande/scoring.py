"""Scores one area and selects the regions a special scoring covers (spec §3, R41-R52).

Pure functions over plain numbers: the caller counts C(p, A) (adding the Grande under
`grande_counts_one` or the black caballeros under `church`, §3.1), looks up the area's
current values (a mobile scoreboard replaces the printed ones, §1.3) and passes region
data in id order, so every result comes back in id order (R39, R51).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

Values = tuple[int, int, int]

KING_BONUS = 2  # R43
HOME_BONUS = 2  # R44


def paid_ranks(n: int, *, first_places: bool = False) -> int:
    """Returns how many ranks are paid with n players (R42), or 1 in first-places mode (R47)."""
    if first_places:
        return 1
    return max(1, min(n - 1, 3))  # R42: n=2 -> 1, n=3 -> 2, n=4..5 -> 3


def ranks(counts: Sequence[int]) -> tuple[int | None, ...]:
    """Returns each seat's rank in an area (§3.2), None for seats with no counted caballero.

    A tied group drops one rank (R42, X3), and the next group takes the rank after it:
    counts 4, 4, 4, 3 give ranks 2, 2, 2, 3.
    """
    result: list[int | None] = [None] * len(counts)
    pos = 1
    for c in sorted({c for c in counts if c >= 1}, reverse=True):
        group = [p for p, cp in enumerate(counts) if cp == c]
        rank = pos if len(group) == 1 else pos + 1
        for p in group:
            result[p] = rank
        pos = rank + 1
    return tuple(result)


def sole_leader(counts: Sequence[int]) -> int | None:
    """Returns the seat with strictly more counted caballeros than every other seat (§3.3), else None."""
    best = max(counts, default=0)
    if best < 1 or list(counts).count(best) != 1:
        return None
    return list(counts).index(best)


def score_area(
    counts: Sequence[int],
    values: Values,
    *,
    first_places: bool = False,
    king_here: bool = False,
    grande_owners: Collection[int] = (),
) -> tuple[int, ...]:
    """Returns the points per seat (len(counts) = n players) for scoring one area (§3).

    counts[p] = C(p, A); ranks with the tie rule, paid ranks by n (R42) or 1 (R47);
    +2 King's bonus to the sole leader if king_here (R43); +2 home bonus to the sole leader
    if they are in grande_owners (seats whose Grande stands in A, R44). The bonuses do not
    depend on the paid ranks and stack (§3.3). An area with no counted caballero pays nobody (R52).
    """
    limit = paid_ranks(len(counts), first_places=first_places)
    points = [
        values[rank - 1] if rank is not None and rank <= limit and rank <= 3 else 0 for rank in ranks(counts)
    ]
    leader = sole_leader(counts)
    if leader is not None:
        points[leader] += KING_BONUS if king_here else 0  # R43
        points[leader] += HOME_BONUS if leader in grande_owners else 0  # R44
    return tuple(points)


def value_class(values: Values) -> int:
    """Returns an area's value class: its current first value (§1.1, R49)."""
    return values[0]


def class_regions(region_values: Mapping[str, Values], classes: Collection[int]) -> tuple[str, ...]:
    """Returns the regions whose current first value is in `classes`, in the mapping's order.

    For d3_score_fours ({4}), d3_score_fives ({5}) and d3_score_sixes_sevens ({6, 7}) (R49, R50):
    pass regions only, with scoreboard values applied; a region under sb_8_4_0 (class 8)
    falls in none of these classes (E23, E27). The Castillo is never a region (R50, X14).
    """
    return tuple(r for r, v in region_values.items() if value_class(v) in classes)


def most_regions(totals: Mapping[str, int]) -> tuple[str, ...]:
    """Returns the regions whose caballero total (all colours) is the maximum, in the mapping's order.

    For d3_score_most (X25): all tied regions, the King's region included; nothing if every
    region is empty. Pass regions only: the Castillo is never a candidate (R50).
    """
    top = max(totals.values(), default=0)
    return () if top < 1 else _with_total(totals, top)


def fewest_regions(totals: Mapping[str, int]) -> tuple[str, ...]:
    """Returns the non-empty regions whose caballero total is the minimum, in the mapping's order.

    For d3_score_fewest (X25): empty regions are ignored, all tied regions are scored.
    Pass regions only: the Castillo is never a candidate (R50).
    """
    low = min((t for t in totals.values() if t >= 1), default=0)
    return () if low < 1 else _with_total(totals, low)


def secret_scoring_regions(choices: Iterable[str], id_order: Sequence[str]) -> tuple[str, ...]:
    """Returns the regions chosen by exactly one player, in id order (d4_secret_scoring, X27, E30)."""
    chosen = list(choices)
    return tuple(r for r in id_order if chosen.count(r) == 1)


def _with_total(totals: Mapping[str, int], total: int) -> tuple[str, ...]:
    return tuple(r for r, t in totals.items() if t == total)
