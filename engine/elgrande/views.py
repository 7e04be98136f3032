"""Shows the game to one viewer: `view`, `redact` and `result` never leak hidden facts (§4).

Hidden facts (H1-H7): power-card hands, the order of the face-down action stacks and of the
unused region cards, the seed (until the game ends), the value of a taken-back power card
(its owner sees it), and sealed choices (their author sees them) until the reveal.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from engine.elgrande import data
from engine.elgrande.prompts import pending
from engine.elgrande.ruleset import OPTIONS
from engine.elgrande.scores import standings
from engine.elgrande.state import State

Json = dict[str, Any]
Viewer = int | str | None
SECRET_SETUP = ("seed", "region_cards", "stacks")


def _sees(viewer: Viewer, seat: Any) -> bool:
    return viewer == "all" or (_is_seat(viewer) and viewer == seat)


def _is_seat(viewer: Any) -> TypeGuard[int]:
    return isinstance(viewer, int) and not isinstance(viewer, bool)


def redact(event: Json, seat: Viewer) -> Json | None:
    """Returns `event` as `seat` may see it (None = spectator, "all" = everything)."""
    if seat == "all":
        return event
    out = {k: v for k, v in event.items() if k != "salt"}
    match event["type"]:
        case "game_started":
            for key in SECRET_SETUP:
                out.pop(key, None)  # H4, H5, contract: the seed stays hidden while the game runs
        case "power_card_taken_back":
            if not _sees(seat, event["seat"]):
                out.pop("value", None)  # H3
        case "action_declared":
            out = _declaration(out, seat)
        case "choice_made":
            if not _sees(seat, event["seat"]):
                out.pop("choice", None)  # H6, H7
                out["sealed"] = True
    return out


def _declaration(event: Json, seat: Viewer) -> Json:
    if data.card_of(event["card"]).id == "d4_power_card_back" and not _sees(seat, event["seat"]):
        return {**event, "action": {"value": None, "sealed": True}}  # H3, H8
    return event


def result(state: State) -> Json | None:
    """Returns {scores, ranks, winners, tiebreak} once the game is over (R54), else None."""
    if state.phase != "over":
        return None
    ranks, winners = standings(state.scores)
    return {"scores": list(state.scores), "ranks": ranks, "winners": winners, "tiebreak": None}


def view(state: State, seat: Viewer) -> Json:
    """Returns what `seat` may see now; the shape is documented in the package docstring."""
    s = state
    over = s.phase == "over"
    out: Json = {
        "game": "elgrande",
        "version": s.n,
        "viewer": seat,
        "seats": s.seats,
        "options": {name: getattr(s.options, name) for name in OPTIONS},
        "rounds": list(s.rounds),
        "round": s.round,
        "phase": s.phase,
        "king": data.AREAS[s.king].id,
        "areas": _areas(s),
        "grandes": [data.AREAS[g].id for g in s.grandes],
        "scoreboards": {sb.id: _where(s.scoreboards[sb.idx]) for sb in data.SCOREBOARDS},
        "courts": list(s.court),
        "provinces": list(s.province),
        "scores": list(s.scores),
        "start_player": s.start_player,
        "bids": [b or None for b in s.bids],
        "turn_order": list(s.order),
        "active": s.turn.seat if s.turn else None,
        "offer": [_card(c) for c in s.offer],
        "stacks": [len(st) for st in s.stacks],
        "discard": list(s.discard),
        "hands": [_hand(s, p, seat) for p in range(s.seats)],
        "hand": list(s.hands[seat]) if _is_seat(seat) and 0 <= seat < s.seats else None,
        "played": [_pile(s, p, seat) for p in range(s.seats)],
        "vetos": [_veto(s, v.seat, v.card, v.taken) for v in s.vetos],
        "turn": _turn(s),
        "decision": _decision(s, seat),
        "pending": {str(p): prompt for p, prompt in pending(s).items()},
        "last_events": [e for e in (redact(ev, seat) for ev in s.last) if e is not None],
        "commitment": s.commitment,
        "result": result(s),
    }
    s.rules.view(s, out)
    if over or seat == "all":
        out["seed"] = s.seed  # H12, R55
    if seat == "all":
        out["stack_order"] = [list(st) for st in s.stacks]
    return out


def _where(area: int) -> str | None:
    return data.AREAS[area].id if area >= 0 else None


def _areas(s: State) -> Json:
    out: Json = {}
    for a in (data.CASTILLO, *s.regions):
        sb = next((data.SCOREBOARDS[i].id for i, w in enumerate(s.scoreboards) if w == a), None)
        out[data.AREAS[a].id] = {
            "name": data.AREAS[a].name,
            "caballeros": list(s.board[a]),
            "values": list(s.values(a)),
            "printed": list(data.AREAS[a].values),
            "scoreboard": sb,
            "neighbours": [data.AREAS[r].id for r in s.rules.neighbours(a)],
        }
    return out


def _card(instance: str) -> Json:
    c = data.card_of(instance)
    return {"card": instance, "id": c.id, "stack": c.stack, "heads": c.heads, "name": c.name}


def _hand(s: State, p: int, seat: Viewer) -> Json:
    out: Json = {"size": len(s.hands[p])}
    if _sees(seat, p):
        out["cards"] = list(s.hands[p])  # H1
    return out


def _pile(s: State, p: int, seat: Viewer) -> Json:
    pile = s.played[p]
    out: Json = {"top": pile[-1] if pile else None, "size": len(pile)}
    if _sees(seat, p):
        out["cards"] = list(pile)  # H2: the owner sees the whole pile
    return out


def _veto(s: State, seat: int, card: str, taken: int) -> Json:
    expires = s.rounds[min(taken + 1, len(s.rounds) - 1)]
    return {"seat": seat, "card": card, "taken_round": s.rounds[taken], "expires_round": expires}


def _turn(s: State) -> Json | None:
    t = s.turn
    if t is None:
        return None
    return {"seat": t.seat, "stage": t.stage, "card": t.card or None, "placed": t.placed, "acted": t.acted}


def _decision(s: State, seat: Viewer) -> Json | None:
    g = s.group
    if g is None:
        return None
    out: Json = {
        "kind": g.kind,
        "members": list(g.members),
        "chosen": [p for p, _ in g.choices],
        "forced": [list(f) for f in g.forced],
    }
    if g.kind == "veto_answer":
        out["declaration"] = redact(g.context, seat)
    else:
        out["context"] = g.context
    mine = [c for p, c in g.choices if _sees(seat, p)]
    if seat == "all":
        out["choices"] = [[p, c] for p, c in g.choices]
    elif mine:
        out["my_choice"] = mine[0]
    return out
