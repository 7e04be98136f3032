"""Builds what one viewer may see: `view(state, seat)` and `redact(event, seat)` (KH1-KH11).

A viewer is a seat (int), None (a spectator: public facts only) or "all" (everything; the
service serves it only once the game is over). The shape of a view is documented in the
package docstring.
"""

from __future__ import annotations

from typing import Any

from engine.kabale.cards import goal_kind, goal_value
from engine.kabale.decide import pending
from engine.kabale.moves import HIDDEN
from engine.kabale.scoring import final_score
from engine.kabale.state import Column, Player, Slot, State

Json = dict[str, Any]
Viewer = int | str | None


def _sees(viewer: Viewer, seat: int) -> bool:
    """Tells whether `viewer` sees the private facts of `seat`."""
    return viewer == "all" or (type(viewer) is int and viewer == seat)


def _slot(slot: Slot, viewer: Viewer) -> Json:
    shown = slot.up or slot.known or _sees(viewer, slot.seat)  # KH4
    out: Json = {"seat": slot.seat, "up": slot.up, "card": slot.card if shown else None}
    if slot.card == "magic_hood" and slot.up:  # KH5: whether the hood holds a card is public
        out["holds"] = slot.tucked is not None
        out["hidden"] = slot.tucked if slot.known or _sees(viewer, slot.seat) else None  # K14
    return out


def _column(index: int, col: Column, viewer: Viewer) -> Json:
    return {
        "index": index,
        "goal": {"id": col.goal, "kind": goal_kind(col.goal), "value": goal_value(col.goal)},
        "full": col.full,
        "closed": col.closed,
        "slots": [_slot(s, viewer) for s in col.slots],
    }


def _player(state: State, seat: int, p: Player, viewer: Viewer) -> Json:
    out: Json = {
        "seat": seat,
        "colour": state.colours[seat],
        "hand_size": len(p.hand),
        "draw_size": len(p.draw),
        "discard": list(p.discard),  # KH3, KR15
        "won_count": len(p.won),
    }
    if _sees(viewer, seat):  # KH1, KH8
        out["hand"] = list(p.hand)
        out["won"] = list(p.won)
        out["score"] = final_score(p.won)[0]
    elif state.final is not None:
        out["won"] = list(p.won)
        out["score"] = final_score(p.won)[0]
    if viewer == "all":
        out["draw"] = list(p.draw)  # KH2: nobody else knows the order
    return out


def _prompts(state: State) -> list[Json]:
    out = []
    for seat, prompt in pending(state).items():  # KH10: who decides what is public
        item = {"seat": seat, **prompt}
        if state.decision is not None:
            item["column"] = state.decision.column
            item["position"] = state.decision.position
        out.append(item)
    return out


def view(state: State, seat: Viewer) -> Json:
    """Returns what `seat` may see of `state` (see the package docstring for the shape)."""
    out: Json = {
        "game": "kabale",
        "viewer": seat,
        "version": state.n,
        "round": state.round,
        "rounds": 6,
        "seats": state.seats,
        "colours": list(state.colours),
        "start_seat": state.start_seat,
        "active": state.active,
        "prompts": _prompts(state),
        "columns": [_column(i, c, seat) for i, c in enumerate(state.columns)],
        "players": [_player(state, i, p, seat) for i, p in enumerate(state.players)],
        "goal_stack_size": len(state.stack),  # KH7
        "removed_goals": list(state.removed),  # KH9
        "commitment": state.commitment,
        "result": result(state),
    }
    if seat == "all":
        out["seed"] = state.seed
        out["goal_stack"] = list(state.stack)
        out["last_scoring"] = list(state.scored)
    return out


def redact(event: Json, seat: Viewer) -> Json | None:
    """Returns `event` as `seat` sees it: secret fields (moves.HIDDEN) and their salt removed."""
    if seat == "all":
        return dict(event)
    out = dict(event)
    for field, who in HIDDEN.get(str(event.get("type")), {}).items():
        if field in out and not (who == "owner" and _sees(seat, out.get("seat", -1))):
            del out[field]
            out.pop("salt", None)
    return out


def result(state: State) -> Json | None:
    """Returns `{scores, ranks, winners, tiebreak, ...}` once the game is over (K20, K21), else None."""
    f = state.final
    if f is None:
        return None
    return {
        "scores": f["scores"],
        "ranks": f["ranks"],
        "winners": f["winners"],
        "tiebreak": {"rule": "K21", "goal_counts": f["goal_counts"]},
        "plain": f["plain"],
        "sets": f["sets"],
        "won": f["won"],
    }
