"""Opens the simultaneous disc and return decisions and applies them after the reveal (§7, R32).

Choices are JSON values: a region id for the discs (M1-M5), a list of sources for
king_returns_choice (M6, "court" or region ids, in canonical order).
"""

from __future__ import annotations

from typing import Any

from engine.elgrande import data, scoring
from engine.elgrande.emitter import Emitter
from engine.elgrande.groups import group_members, legal_choices
from engine.elgrande.scores import castillo_events, regions_next, score_event
from engine.elgrande.state import BLACK

Json = dict[str, Any]


def open_group(em: Emitter, kind: str, context: Any) -> None:
    """Opens a decision group after the veto window; forced members are not asked (R34, M8)."""
    s = em.state
    ctx = data.AREAS[context].id if isinstance(context, int) else context
    asked: list[int] = []
    forced: list[list[Any]] = []
    for p in group_members(s, kind, context):
        options = legal_choices(s, kind, ctx, p)
        if len(options) == 1:
            forced.append([p, options[0]])
        else:
            asked.append(p)
    if asked:
        em.emit({"type": "decision_opened", "kind": kind, "members": asked, "forced": forced, "context": ctx})
        return
    if forced:
        em.emit({"type": "choices_revealed", "kind": kind, "choices": forced, "context": ctx})
    apply(em, kind, ctx, forced)


def apply(em: Emitter, kind: str, context: Any, choices: list[list[Any]]) -> None:
    """Applies the revealed choices of a disc or return decision in seat order (R32, M9)."""
    _apply(em, kind, context, choices)
    if em.state.turn is not None:  # G48: a special action (or an option's step) ends with its last decision
        em.step_end(em.state.turn.seat)


def _apply(em: Emitter, kind: str, context: Any, choices: list[list[Any]]) -> None:
    s = em.state
    own = s.rules.resolve(s, kind, context, choices)
    if own is not None:  # an option's own decision
        for event in own:
            em.emit(event)
        return
    chosen = {p: c for p, c in choices}
    seat = s.turn.seat if s.turn else None
    match kind:
        case "castillo_disc":
            for event in castillo_events(s, {p: data.AREA_INDEX[r] for p, r in chosen.items()}):
                em.emit(event)
            if em.state.group is None:  # a decision on the arrivals (G47) suspends it: flow resumes it
                for event in regions_next(em.state):
                    em.emit(event)
            return
        case "eviction_disc":
            e = data.AREA_INDEX[context]
            moves: list[list[Any]] = []
            for p, r in sorted(chosen.items()):
                moves += [[p, context, r, s.board[e][p]], [BLACK, context, r, s.black_of(p, e)]]  # O-C7
            _moved(em, seat, "eviction", moves)
        case "return_two_disc" | "return_all_disc":
            cap = 2 if kind == "return_two_disc" else data.CABALLEROS
            moves = [
                [p, r, "province", min(cap, s.takeable(p, data.AREA_INDEX[r]))]
                for p, r in sorted(chosen.items())
            ]
            _moved(em, seat, "return", moves)
        case "secret_scoring_disc":
            order = [data.AREAS[r].id for r in s.regions]
            for r in scoring.secret_scoring_regions(chosen.values(), order):  # X27
                if em.state.rules.scorable(em.state, data.AREA_INDEX[r]):  # O-G3: chosen, never scored
                    em.emit(score_event(em.state, data.AREA_INDEX[r], "special"))
        case "king_returns_choice":
            moves = []
            for p, sources in sorted(chosen.items()):
                moves += [[p, src, "province", sources.count(src)] for src in dict.fromkeys(sources)]
            _moved(em, seat, "return", moves)


def _moved(em: Emitter, seat: int | None, reason: str, moves: list[list[Any]]) -> None:
    moves = em.state.rules.settle(em.state, seat, [m for m in moves if m[3]], reason)  # O-F4a, G4a
    if moves:
        em.emit({"type": "caballeros_moved", "seat": seat, "reason": reason, "moves": moves})
