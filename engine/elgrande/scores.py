"""Turns the board into area_scored events: one area (§3), a general scoring (R35-R40), final standings."""

from __future__ import annotations

from typing import Any

from engine.elgrande import data, scoring
from engine.elgrande.state import State

Json = dict[str, Any]


def castillo_members(s: State) -> list[int]:
    """Returns the members of the Castillo disc decision: seats with ≥ 1 caballero there (R36, X12),
    and whoever an option adds (`Rules.castillo_members`)."""
    members: list[int] = s.rules.castillo_members(s, [p for p in range(s.seats) if s.board[data.CASTILLO][p]])
    return members


def general_scoring(s: State) -> list[Json]:
    """Returns the opening of a general scoring: the Castillo disc decision, or the scoring itself (R36).

    An option may suspend a general scoring after the Castillo was emptied, by a decision on the
    arrivals (G47's `limit_fill`) or before its regions (`Rules.before_regions`, G73); it then goes
    on here (`Rules.scoring_resume`, or with nobody left in the Castillo, its regions).
    """
    resumed: list[Json] | None = s.rules.scoring_resume(s)
    if resumed is not None:
        return resumed or region_events(s)
    members = castillo_members(s)
    if members:
        return [{"type": "decision_opened", "kind": "castillo_disc", "members": members}]
    return general_scoring_events(s, {})


def general_scoring_events(s: State, discs: dict[int, int]) -> list[Json]:
    """Returns the events of a general scoring with nobody to distribute from the Castillo (`discs`
    empty: a Castillo scoring changes only the scores, so the regions follow from `s`, R37-R40).
    A distribution goes through `castillo_events`, then `regions_next` of the state after it."""
    assert not discs, "a distribution is folded before the regions (decisions.apply)"
    return castillo_events(s, discs) + regions_next(s)


def castillo_events(s: State, discs: dict[int, int]) -> list[Json]:
    """Returns the Castillo's scoring and distribution, given each Castillo holder's region (R37, R38)."""
    events = [score_event(s, data.CASTILLO, "general")] if pays(s, data.CASTILLO) else []  # R52
    moves = [[p, "castillo", data.AREAS[r].id, s.board[data.CASTILLO][p]] for p, r in sorted(discs.items())]
    if moves:
        moves = s.rules.settle(s, None, moves, "castillo")  # G47: arrivals at the limit board
        events.append({"type": "caballeros_moved", "reason": "castillo", "moves": moves})  # R38
    events += s.rules.castillo_exits(s, discs)  # an option's pieces leaving the Castillo (G67)
    return events


def regions_next(s: State) -> list[Json]:
    """Returns what follows the Castillo's distribution: an option's suspension (G73) or the regions."""
    held: list[Json] = s.rules.before_regions(s)
    return held or region_events(s)


def region_events(s: State) -> list[Json]:
    """Returns the general scoring of every region in id order, then its end (R39, R40, X13, R52)."""
    events = [score_event(s, r, "general") for r in s.regions if s.rules.scorable(s, r) and any(s.counts(r))]
    events.append({"type": "general_scoring_ended", "round": s.round})
    return events


def score_event(s: State, area: int, mode: str, row: tuple[int, ...] | None = None) -> Json:
    """Returns the area_scored event for `area` under the current King, Grandes and scoreboards (§3).

    `row` holds the caballeros standing there (default: the board's); the rules count them (§3.1)
    and may pay more on top (`Rules.bonus`).
    """
    points = list(
        scoring.score_area(
            s.counts(area, row),
            s.values(area),
            first_places=mode == "first_places",
            king_here=area == s.king,
            grande_owners=[p for p, g in enumerate(s.grandes) if g == area],
        )
    )
    s.rules.bonus(s, area, points, mode)
    return {"type": "area_scored", "area": data.AREAS[area].id, "mode": mode, "points": points}


def pays(s: State, area: int) -> bool:
    """Returns whether scoring `area` now would rank anybody (R52: else it pays nobody, no event)."""
    return any(s.counts(area))


def standings(scores: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Returns competition ranks and the winners for final scores (R54)."""
    ranks = [1 + sum(1 for q in scores if q > p) for p in scores]
    return ranks, [p for p, r in enumerate(ranks) if r == 1]
