"""Declares special actions and carries out their steps (R21, §1.6, §6 V2-V7)."""

from __future__ import annotations

from typing import Any

from engine.elgrande import cards, data, decisions
from engine.elgrande.emitter import Emitter
from engine.elgrande.groups import veto_holders
from engine.elgrande.scores import pays, score_event
from engine.elgrande.state import COURT, PROVINCE, State, location_id

Json = dict[str, Any]

REASONS = {"move": "move", "place": "place", "remove": "return", "back": "back"}


def declare(em: Emitter, seat: int, move: Json) -> None:
    """Declares the whole special action; opens the veto window or carries it out (V2-V4)."""
    s = em.state
    assert s.turn is not None
    plan = cards.plan(s, seat, move)
    if plan.void:  # V2: a declaration that changes nothing skips the special action
        em.emit({"type": "action_skipped", "seat": seat, "card": s.turn.card})
        return
    vetoers = veto_holders(s, seat)
    event: Json = {
        "type": "action_declared",
        "seat": seat,
        "card": s.turn.card,
        "action": plan.action,
        "steps": len(plan.steps),
        "vetoers": vetoers,
    }
    if plan.steps[0][0] == "score":  # V13, H8: the areas scored, step by step, for the vetoers
        event["areas"] = [data.AREAS[st[1]].id for st in plan.steps]
    em.emit(event)
    if not vetoers:  # V3
        execute(em, plan.steps)


def use_held(em: Emitter, seat: int, move: Json) -> None:
    """Carries out the use of a held card outside the turn, planned as the card's special action
    (`Rules.held_card`, `Rules.held_used`: G73's relocation before scoring), then ends the step (G48)."""
    s = em.state
    card = s.rules.held_card(s, seat, move)
    if card is None:
        for event in s.rules.turn_move(s, seat, move):  # refuses it, naming why
            em.emit(event)
        return
    fields = {k: v for k, v in move.items() if k not in ("type", "default")}
    plan = cards.plan(s, seat, {"type": "declare_action", **fields}, instance=card)
    moves = [[st[1], st[4], st[5], 1] for st in plan.steps if st[0] == "move"]
    for event in s.rules.held_used(s, seat, card, plan.action, moves, plan.void):
        em.emit(event)
    em.step_end(seat)


def execute(em: Emitter, steps: tuple[cards.Step, ...]) -> None:
    """Carries out `steps` in order, batching consecutive caballero steps into one event; then the step ends (G48)."""
    batch: list[list[Any]] = []
    reason = ""
    for st in steps:
        kind = REASONS.get(st[0])
        if kind is None or kind != reason:
            _flush(em, batch, reason)
            batch, reason = [], kind or ""
        if kind is not None:
            batch.append(_caballero_move(st))
        else:
            _carry_out(em, st)
    _flush(em, batch, reason)
    if em.state.turn is not None:  # G48: the whole special action ended (unless a decision is still open)
        em.step_end(em.state.turn.seat)


def _caballero_move(st: cards.Step) -> list[Any]:
    match st[0]:
        case "move":
            return [st[1], st[4], st[5], 1]
        case "place":
            return [st[1], "court", st[3], 1]
        case "back":  # G64: a black caballero comes back into the game
            return [st[1], "out", st[5], 1]
    return [st[1], st[3], "province", 1]


def _flush(em: Emitter, batch: list[list[Any]], reason: str) -> None:
    if batch:
        seat = em.state.turn.seat if em.state.turn else None
        moves = em.state.rules.settle(em.state, seat, batch, reason)
        em.emit({"type": "caballeros_moved", "seat": seat, "reason": reason, "moves": moves})


def _carry_out(em: Emitter, st: cards.Step) -> None:
    s = em.state
    match st[0]:
        case "score":
            if pays(s, st[1]):  # R52: an area where nobody counts pays nobody; no event
                em.emit(score_event(s, st[1], st[2]))
        case "king":
            em.emit({"type": "king_moved", "from": data.AREAS[s.king].id, "to": data.AREAS[st[1]].id})
        case "grande":
            frm = data.AREAS[s.grandes[st[1]]].id
            em.emit({"type": "grande_moved", "seat": st[1], "from": frm, "to": data.AREAS[st[2]].id})
        case "scoreboard":
            where = s.scoreboards[st[1]]
            em.emit(
                {
                    "type": "scoreboard_placed",
                    "scoreboard": data.SCOREBOARDS[st[1]].id,
                    "from": data.AREAS[where].id if where >= 0 else None,
                    "to": data.AREAS[st[2]].id,
                }
            )
        case "take_back":
            em.emit(_taken_back(s, st[1], st[2]))
        case "decay":
            _decay(em, st[1])
        case "court_two":
            moves = [[st[1], "province", "court", st[2]]] if st[2] else []
            moves += [list(m) for m in st[3]]
            moves = s.rules.settle(s, st[1], moves, "court")  # O-F4a, G42a
            em.emit({"type": "caballeros_moved", "seat": st[1], "reason": "court", "moves": moves})
        case "group":
            decisions.open_group(em, st[1], st[2])
        case _:
            for event in s.rules.carry_out(s, st) or []:  # an option's own step
                em.emit(event)


def _taken_back(s: State, seat: int, value: int) -> Json:
    pile = [v for v in s.played[seat] if v != value]
    return {
        "type": "power_card_taken_back",
        "seat": seat,
        "value": value,  # H3: hidden from everyone but the owner
        "top": pile[-1] if pile else None,
        "pile": len(pile),
        "hand": len(s.hands[seat]) + 1,
    }


def _decay(em: Emitter, limit: int) -> None:
    s = em.state
    assert s.turn is not None
    moves = [
        [p, location_id(COURT), location_id(PROVINCE), min(limit, s.court[p])]
        for p in range(s.seats)
        if p != s.turn.seat and s.court[p]
    ]  # X18: nothing from the board
    em.emit({"type": "caballeros_moved", "seat": s.turn.seat, "reason": "decay", "moves": moves})
