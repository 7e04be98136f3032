"""Turns the board into area_scored events: one area (§3), a general scoring (R35-R40), final standings."""

from __future__ import annotations

from typing import Any

from engine.elgrande import data, scoring
from engine.elgrande.evolve import evolve
from engine.elgrande.state import State

Json = dict[str, Any]


def castillo_members(s: State) -> list[int]:
    """Returns the seats with ≥ 1 caballero in the Castillo (R36, X12; options add members)."""
    members: list[int] = s.rules.castillo_members(s, [p for p in range(s.seats) if s.board[data.CASTILLO][p]])
    return members


def general_scoring(s: State) -> list[Json]:
    """Returns the opening of a general scoring: the Castillo disc decision, or the scoring itself (R36)."""
    members = castillo_members(s)
    if members:
        return [{"type": "decision_opened", "kind": "castillo_disc", "members": members}]
    return general_scoring_events(s, {})


def general_scoring_events(s: State, discs: dict[int, int]) -> list[Json]:
    """Returns the events of a general scoring, given each Castillo holder's region (R37-R40)."""
    events = [score_event(s, data.CASTILLO, "general")] if s.total(data.CASTILLO) else []
    moves = [[p, "castillo", data.AREAS[r].id, s.board[data.CASTILLO][p]] for p, r in sorted(discs.items())]
    after = s
    if moves:
        moves = s.rules.settle(s, None, moves, "castillo")  # G47: arrivals at the limit board
        event: Json = {"type": "caballeros_moved", "reason": "castillo", "moves": moves}
        events.append(event)  # R38
        after = evolve(s, event)  # the regions are scored as the distribution left them (options' pieces too)
    for r in s.regions:  # R39, X13: id order
        if after.rules.scorable(after, r) and any(after.counts(r)):  # R52
            events.append(score_event(after, r, "general"))
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
