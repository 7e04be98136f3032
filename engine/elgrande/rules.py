"""Decides moves: who owes what (`pending`), and the events a legal move causes (`decide`)."""

from __future__ import annotations

from typing import Any

from engine.elgrande import actions, sealed, turn
from engine.elgrande.emitter import Emitter
from engine.elgrande.flow import advance, turn_end
from engine.elgrande.moves import PROMPT_MOVES, check_shape
from engine.elgrande.prompts import kind_of
from engine.elgrande.state import State
from engine.errors import GameOver, IllegalMove, NotYourTurn
from engine.i18n import N_

Json = dict[str, Any]


def decide(state: State, seat: int, move: Json) -> list[Json]:
    """Returns the events `move` by `seat` causes, or raises a RuleViolation (§2, §6, §7)."""
    return decide_state(state, seat, move)[0]


def decide_state(state: State, seat: int, move: Json) -> tuple[list[Json], State]:
    """Returns `decide`'s events and the state after them (the fold the Emitter builds)."""
    kind = check_shape(move)
    if state.phase == "over":
        raise GameOver(N_("move {move} refused: the game is over (R53)"), rule="R53", move=repr(move))
    due = kind_of(state, seat)
    if due is None:
        raise NotYourTurn(
            N_("move {move} refused: seat {seat} owes no decision now"), move=repr(move), seat=repr(seat)
        )
    if kind not in PROMPT_MOVES[due]:
        allowed = ", ".join(sorted(PROMPT_MOVES[due]))
        raise IllegalMove(
            N_("illegal move {move}: the decision due is {due} (moves: {allowed})"),
            reason="wrong-decision",
            move=repr(move),
            due=due,
            allowed=allowed,
        )
    em = Emitter(state, default=bool(move.get("default")))
    _dispatch(em, seat, kind, move)
    advance(em)
    return em.events, em.state


def _dispatch(em: Emitter, seat: int, kind: str, move: Json) -> None:
    match kind:
        case "play_power_card":
            turn.play_power_card(em, seat, move)
        case "supplement_court":
            turn.supplement_court(em, seat, move)
        case "take_card":
            turn.take_card(em, seat, move)
        case "place_caballeros":
            turn.place_caballeros(em, seat, move)
        case "declare_action":
            actions.declare(em, seat, move)
        case "church_intake" | "inquisitor_extra" | "bonus_move" | "use_turn_over":
            turn.turn_move(em, seat, move)
        case "relocate_before_scoring":
            actions.use_held(em, seat, move)
        case "end_turn":
            for event in turn_end(em.state, seat):
                em.emit(event)
        case _:
            sealed.choose(em, seat, kind, move)
