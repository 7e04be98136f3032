"""Validates moves into events (`decide`) and says who owes what (`pending`, `legal_moves`).

Refusals: `MalformedMove` for anything that is not a move of this game, `GameOver`,
`NotYourTurn` for a seat that owes nothing, `IllegalMove` (with the rule) for the rest.
"""

from __future__ import annotations

from typing import Any

from engine.errors import GameOver, IllegalMove, MalformedMove, NotYourTurn
from engine.i18n import N_
from engine.kabale.cards import DECK, ORDER, nominal
from engine.kabale.flow import Builder, draw, finish_turn, place
from engine.kabale.moves import MOVES
from engine.kabale.state import Decision, State

Json = dict[str, Any]
_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("card", "column"),
    "tuck": ("card",),
    "swap": ("column",),
    "decline": (),
}
_NEEDED = {kind: frozenset({"type", *fields}) for kind, fields in _FIELDS.items()}
_ALLOWED = {kind: needed | {"default"} for kind, needed in _NEEDED.items()}
_ACCEPTS: dict[str, tuple[str, ...]] = {
    "play": ("play",),
    "hood_tuck": ("tuck", "decline"),
    "traitor_swap": ("swap", "decline"),
}


def quote(move: Any) -> str:
    """Returns the repr of a move for a message, cut to 120 characters."""
    text = repr(move)
    return text if len(text) <= 120 else text[:117] + "..."


def due(state: State) -> tuple[int, str] | None:
    """Returns the seat that must act now and the prompt kind, or None once the game is over."""
    if state.final is not None or state.active is None:
        return None
    if state.decision is not None:
        return state.decision.seat, state.decision.kind
    return state.active, "play"


def pending(state: State) -> dict[int, Json]:
    """Returns the one open prompt `{id, kind, since, turn}` by seat (KD4: at most one)."""
    now = due(state)
    if now is None:
        return {}
    seat, kind = now
    since = state.decision.since if state.decision else state.since
    return {
        seat: {
            "id": f"{since}:{kind}:{seat}",
            "kind": kind,
            "since": since,
            "turn": f"{state.round}.{state.turn}",
        }
    }


def _check_shape(move: Any) -> Json:
    """Returns the move if it is a well-formed move of this game; raises MalformedMove."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in MOVES:
        raise MalformedMove(
            N_("malformed move {move}: expected an object with type one of {types}"),
            move=quote(move),
            types=sorted(MOVES),
        )
    fields = _FIELDS[move["type"]]
    if not _NEEDED[move["type"]] <= move.keys() <= _ALLOWED[move["type"]]:
        raise MalformedMove(
            N_("malformed move {move}: {type} takes exactly {fields}"),
            move=quote(move),
            type=move["type"],
            fields=list(fields),
        )
    if "card" in fields and move["card"] not in DECK:
        raise MalformedMove(
            N_("malformed move {move}: unknown card {card}"), move=quote(move), card=repr(move["card"])
        )
    if "column" in fields and (type(move["column"]) is not int):
        raise MalformedMove(N_("malformed move {move}: column must be an integer"), move=quote(move))
    return move


def _check_turn(state: State, seat: Any, move: Json) -> str:
    """Returns the kind of prompt `seat` owes; raises GameOver, NotYourTurn or IllegalMove."""
    now = due(state)
    if now is None:
        raise GameOver(N_("move {move} refused: the game is over (K19)"), rule="K19", move=quote(move))
    if type(seat) is not int or seat != now[0]:
        raise NotYourTurn(
            N_("move {move} refused: seat {seat} owes no decision now; seat {due} does"),
            move=quote(move),
            seat=repr(seat),
            due=now[0],
        )
    if move["type"] not in _ACCEPTS[now[1]]:
        allowed = " or ".join(_ACCEPTS[now[1]])
        raise IllegalMove(
            N_("illegal move {move}: seat {seat} owes a {kind} decision, answered by {allowed} (KD4)"),
            rule="KD4",
            reason="wrong-decision",
            move=quote(move),
            seat=seat,
            kind=now[1],
            allowed=allowed,
        )
    return now[1]


def _check_play(state: State, seat: int, move: Json) -> None:
    card, column = move["card"], move["column"]
    if card not in state.players[seat].hand:
        raise IllegalMove(
            N_("illegal move {move}: {card} is not in your hand (K7)"),
            rule="K7",
            reason="card-not-in-hand",
            move=quote(move),
            card=card,
        )
    if not 0 <= column < state.seats:
        raise IllegalMove(
            N_("illegal move {move}: columns are 0 to {last} (K7)"),
            rule="K7",
            reason="no-such-column",
            move=quote(move),
            last=state.seats - 1,
        )
    if state.columns[column].closed:
        raise IllegalMove(
            N_("illegal move {move}: column {column} is closed by a Storm (KA5)"),
            rule="KA5",
            reason="column-closed",
            move=quote(move),
            column=column,
        )


def _check_tuck(state: State, seat: int, move: Json) -> None:
    if move["card"] not in state.players[seat].hand:
        raise IllegalMove(
            N_("illegal move {move}: {card} is not in your hand (KA6)"),
            rule="KA6",
            reason="card-not-in-hand",
            move=quote(move),
            card=move["card"],
        )


def _check_swap(state: State, move: Json) -> None:
    own = state.decision.column if state.decision else -1
    if not 0 <= move["column"] < state.seats or move["column"] == own:
        raise IllegalMove(
            N_(
                "illegal move {move}: the Traitor in column {own} swaps with another column, 0 to {last} (KA7)"
            ),
            rule="KA7",
            reason="bad-swap-column",
            move=quote(move),
            own=own,
            last=state.seats - 1,
        )


def _decision(state: State) -> Decision:
    if state.decision is None:  # unreachable after _check_turn; kept for the type checker
        raise IllegalMove(N_("no decision is open (KD4)"), rule="KD4")
    return state.decision


def decide(state: State, seat: int, move: Any) -> list[Json]:
    """Returns the events `move` by `seat` causes; raises a RuleViolation if it is refused."""
    return decide_state(state, seat, move)[0]


def decide_state(state: State, seat: int, move: Any) -> tuple[list[Json], State]:
    """Returns `decide`'s events and the state after them (the fold `decide` builds as it goes)."""
    move = _check_shape(move)
    _check_turn(state, seat, move)
    flag = {"default": True} if move.get("default") is True else {}
    b = Builder(state)
    match move["type"]:
        case "play":
            _check_play(state, seat, move)
            place(b, seat, move["card"], move["column"], **flag)
        case "tuck":
            _check_tuck(state, seat, move)
            d = _decision(state)
            b.emit("card_tucked", seat=seat, column=d.column, position=d.position, card=move["card"])
            draw(b, seat)  # KA6
            finish_turn(b)
        case "swap":
            _check_swap(state, move)
            d = _decision(state)
            b.emit("goals_swapped", seat=seat, columns=[d.column, move["column"]])
            finish_turn(b)
        case "decline":
            kind = state.decision.kind if state.decision else ""
            b.emit("declined", seat=seat, decision=kind, **flag)
            finish_turn(b)
    return b.events, b.state


def legal_moves(state: State, seat: int, partial: Json | None = None) -> list[Json]:
    """Returns every complete legal move of `seat`, or the one-step extensions of `partial`."""
    now = due(state)
    if now is None or type(seat) is not int or seat != now[0]:
        return []
    moves = _all_moves(state, seat, now[1])
    if partial is None:
        return moves
    if not isinstance(partial, dict):
        return []
    return _extensions(moves, {k: v for k, v in partial.items() if k != "complete"})


def _all_moves(state: State, seat: int, kind: str) -> list[Json]:
    hand = sorted(state.players[seat].hand, key=ORDER.__getitem__)
    if kind == "play":
        open_columns = [i for i, c in enumerate(state.columns) if not c.closed]
        return [{"type": "play", "card": card, "column": i} for card in hand for i in open_columns]
    if kind == "hood_tuck":
        return [{"type": "tuck", "card": card} for card in hand] + [{"type": "decline"}]
    own = state.decision.column if state.decision else -1
    return [{"type": "swap", "column": i} for i in range(state.seats) if i != own] + [{"type": "decline"}]


def _extensions(moves: list[Json], partial: Json) -> list[Json]:
    """Returns the moves one field longer than `partial` that agree with it, flagged `complete`."""
    seen: list[Json] = []
    for move in moves:
        if any(move.get(k) != v for k, v in partial.items()) or len(move) <= len(partial):
            continue
        keys = ["type", *_FIELDS[move["type"]]][: len(partial) + 1]
        step = {k: move[k] for k in keys}
        step["complete"] = len(step) == len(move)
        if step not in seen:
            seen.append(step)
    return seen


def default_move(state: State, seat: int) -> Json:
    """Returns the KD1-KD3 default: the lowest card into the leftmost non-full column; decline."""
    now = due(state)
    if now is None:
        raise GameOver(N_("the game is over: there is no default move (K19)"), rule="K19")
    if type(seat) is not int or seat != now[0]:
        raise NotYourTurn(
            N_("seat {seat} owes no decision now; seat {due} does"), seat=repr(seat), due=now[0]
        )
    if now[1] != "play":
        return {"type": "decline", "default": True}  # KD2, KD3, KD6
    card = min(state.players[seat].hand, key=lambda c: (nominal(c), ORDER[c]))
    free = [i for i, c in enumerate(state.columns) if not c.full] or [
        i for i, c in enumerate(state.columns) if not c.closed
    ]
    return {"type": "play", "card": card, "column": free[0], "default": True}
