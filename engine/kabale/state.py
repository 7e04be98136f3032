"""Holds the Kabale & Hiebe state as frozen values and folds events into it (`evolve`).

`evolve` never validates and never draws: every outcome is already in the event. Slot
indexes in events are 0-based from the top of a column (index 0 is the spec's position 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from engine.kabale.cards import goal_value

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Slot:
    """One slot of a column: an influence card, or a Magic hood with the card under it (KR6)."""

    seat: int
    card: str
    up: bool = False
    known: bool = False  # public while hidden: a moved Explorer face down (KH4), hood contents after K14
    tucked: str | None = None  # KA6: the card hidden under a face-up hood


@dataclass(frozen=True, slots=True)
class Column:
    """A goal card and the slots hanging below it, top first."""

    goal: str
    slots: tuple[Slot, ...] = ()

    @property
    def closed(self) -> bool:
        """Tells whether a face-up Storm closes the column (KA5)."""
        for s in self.slots:
            if s.card == "storm" and s.up:
                return True
        return False

    @property
    def full(self) -> bool:
        """Tells whether the column is full: slots >= goal value, or Storm-closed (K10)."""
        return len(self.slots) >= goal_value(self.goal) or self.closed


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's cards: hand, draw pile (top first), discard pile, won goal cards."""

    hand: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    won: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """An open KD2/KD3 decision: who decides, about which revealed card, since which version."""

    kind: str  # "hood_tuck" | "traitor_swap"
    seat: int
    column: int
    position: int
    since: int


@dataclass(frozen=True)
class State:
    """The whole game as folded from its events; `n` counts the engine events.

    The one value without slots: a fold copies its twenty fields as one dict (`clone`), a few
    times cheaper than twenty slot writes, which were most of a fold's cost. It pickles as a
    slotted frozen dataclass does (the list of its field values), so a snapshot written by
    either layout loads in the other.
    """

    n: int
    seats: int
    colours: tuple[str, ...]
    seed: str
    commitment: str
    first_seat: int
    players: tuple[Player, ...]
    stack: tuple[str, ...] = ()
    round: int = 0
    columns: tuple[Column, ...] = ()
    start_seat: int = 0
    active: int | None = None
    turn: int = 0
    since: int = 0
    decision: Decision | None = None
    moved: frozenset[int] = frozenset()
    last_played: int | None = None
    removed: tuple[str, ...] = ()
    scored: tuple[Json, ...] = ()
    final: Json | None = None

    def __getstate__(self) -> list[Any]:
        """Returns the field values in order, as a pickled slotted frozen dataclass holds them."""
        return [getattr(self, f.name) for f in fields(self)]

    def __setstate__(self, state: list[Any]) -> None:
        """Restores the field values of `__getstate__`."""
        for f, value in zip(fields(self), state):
            object.__setattr__(self, f.name, value)


def clone(state: State) -> State:
    """Returns a copy of `state` for `fold` to change in place."""
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", vars(state).copy())  # read back faster than an update
    return new


# Slots are values: equal ones may be one object, made once (a few thousand at most; typed,
# so that an int field never comes back as an equal bool or float).
_slot = lru_cache(maxsize=None, typed=True)(Slot)


def _player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    """Returns the players with `seat`'s replaced by `player`."""
    players = state.players
    return players[:seat] + (player,) + players[seat + 1 :]


def _column(columns: tuple[Column, ...], index: int, column: Column) -> tuple[Column, ...]:
    """Returns `columns` with the one at `index` replaced by `column`."""
    return columns[:index] + (column,) + columns[index + 1 :]


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _start(event: Json) -> State:
    seats = int(event["seats"])
    return State(
        n=1,
        seats=seats,
        colours=tuple(event["colours"]),
        seed=str(event["seed"]),
        commitment=str(event["commitment"]),
        first_seat=int(event["first_seat"]),
        players=tuple(Player() for _ in range(seats)),
    )


# Each handler returns the changed fields of the state; `fold` applies them and counts the event.


def _goals(state: State, event: Json) -> Json:
    return {"stack": tuple(event["stack"])}


def _deck(state: State, event: Json) -> Json:
    p = state.players[event["seat"]]
    return {"players": _player(state, event["seat"], Player(p.hand, tuple(event["order"]), p.discard, p.won))}


def _reshuffled(state: State, event: Json) -> Json:
    p = state.players[event["seat"]]
    return {"players": _player(state, event["seat"], Player(p.hand, tuple(event["order"]), (), p.won))}


def _drawn(state: State, event: Json) -> Json:
    p = state.players[event["seat"]]
    k = len(event["cards"])
    return {
        "players": _player(state, event["seat"], Player(p.hand + p.draw[:k], p.draw[k:], p.discard, p.won))
    }


def _played(state: State, event: Json) -> Json:
    seat, c, card = event["seat"], event["column"], event["card"]
    col = state.columns[c]
    p = state.players[seat]
    return {
        "players": _player(state, seat, Player(_without(p.hand, card), p.draw, p.discard, p.won)),
        "columns": _column(
            state.columns, c, Column(col.goal, col.slots + (_slot(seat, card, False, False, None),))
        ),
        "last_played": seat,
    }


def _revealed(state: State, event: Json) -> Json:
    c, i = event["column"], event["position"]
    col = state.columns[c]
    slot = col.slots[i]
    up = _slot(slot.seat, slot.card, True, slot.known, slot.tucked)
    out: Json = {
        "columns": _column(state.columns, c, Column(col.goal, col.slots[:i] + (up,) + col.slots[i + 1 :]))
    }
    kind = _DECISIONS.get(slot.card)
    if kind and (kind == "traitor_swap" or state.players[slot.seat].hand):  # KD5
        out["decision"] = Decision(kind, slot.seat, c, i, state.n + 1)  # since: this event's version
    return out


def _explorer(state: State, event: Json) -> Json:
    c, i, to = event["column"], event["position"], event["to"]
    col = state.columns[c]
    slot = col.slots[i]
    columns = _column(state.columns, c, Column(col.goal, col.slots[:i] + col.slots[i + 1 :]))
    dest = columns[to]
    columns = _column(
        columns, to, Column(dest.goal, dest.slots + (_slot(slot.seat, slot.card, False, True, None),))
    )
    return {"columns": columns, "moved": state.moved | {slot.seat}}


def _killed(state: State, event: Json) -> Json:
    c, i = event["column"], event["position"]
    col = state.columns[c]
    slot = col.slots[i]
    p = state.players[slot.seat]
    return {
        "columns": _column(state.columns, c, Column(col.goal, col.slots[:i] + col.slots[i + 1 :])),
        "players": _player(state, slot.seat, Player(p.hand, p.draw, p.discard + (slot.card,), p.won)),
    }


def _tucked(state: State, event: Json) -> Json:
    c, i, seat, card = event["column"], event["position"], event["seat"], event["card"]
    col = state.columns[c]
    old = col.slots[i]
    hood = _slot(old.seat, old.card, old.up, old.known, card)
    p = state.players[seat]
    return {
        "players": _player(state, seat, Player(_without(p.hand, card), p.draw, p.discard, p.won)),
        "columns": _column(state.columns, c, Column(col.goal, col.slots[:i] + (hood,) + col.slots[i + 1 :])),
        "decision": None,
    }


def _swapped(state: State, event: Json) -> Json:
    a, b = event["columns"]
    old_a, old_b = state.columns[a], state.columns[b]
    columns = _column(state.columns, a, Column(old_b.goal, old_a.slots))
    return {"columns": _column(columns, b, Column(old_a.goal, old_b.slots)), "decision": None}


def _declined(state: State, event: Json) -> Json:
    return {"decision": None}


def _final_reveal(state: State, event: Json) -> Json:
    columns = tuple(
        Column(c.goal, tuple(_slot(s.seat, s.card, True, True, s.tucked) for s in c.slots))
        for c in state.columns
    )  # K14: hood contents too (KH5)
    return {"columns": columns}


def _scored(state: State, event: Json) -> Json:
    scored = state.scored + (event,)
    winner = event["winner"]
    if winner is None:
        return {"scored": scored, "removed": state.removed + (event["goal"],)}  # KR9
    p = state.players[winner]
    return {
        "scored": scored,
        "players": _player(state, winner, Player(p.hand, p.draw, p.discard, p.won + (event["goal"],))),
    }  # K16


def _cleanup(state: State, event: Json) -> Json:
    discards = [list(p.discard) for p in state.players]
    for col in state.columns:  # K17
        for slot in col.slots:
            discards[slot.seat] += [slot.card] + ([slot.tucked] if slot.tucked else [])
    players = tuple(Player(p.hand, p.draw, tuple(d), p.won) for p, d in zip(state.players, discards))
    return {"players": players, "columns": (), "active": None, "decision": None, "moved": frozenset()}


def _round(state: State, event: Json) -> Json:
    n = state.seats
    return {
        "round": event["round"],
        "start_seat": event["start_seat"],
        "columns": tuple(Column(goal) for goal in state.stack[:n]),
        "stack": state.stack[n:],
        "scored": (),
        "last_played": None,
    }


def _turn(state: State, event: Json) -> Json:
    return {
        "active": event["seat"],
        "turn": state.turn + 1,
        "since": state.n + 1,  # this event's version
        "moved": frozenset(),
        "decision": None,
    }


def _ended(state: State, event: Json) -> Json:
    return {"final": {k: v for k, v in event.items() if k != "type"}, "active": None}


_DECISIONS = {"magic_hood": "hood_tuck", "traitor": "traitor_swap"}
_HANDLERS: dict[str, Callable[[State, Json], Json]] = {
    "goals_shuffled": _goals,
    "deck_shuffled": _deck,
    "discard_reshuffled": _reshuffled,
    "cards_drawn": _drawn,
    "round_started": _round,
    "turn_started": _turn,
    "card_played": _played,
    "card_revealed": _revealed,
    "explorer_moved": _explorer,
    "card_killed": _killed,
    "card_tucked": _tucked,
    "goals_swapped": _swapped,
    "declined": _declined,
    "round_revealed": _final_reveal,
    "column_scored": _scored,
    "round_ended": _cleanup,
    "game_ended": _ended,
}  # any other event (seat_skipped) only counts


def fold(draft: State, event: Json) -> None:
    """Folds `event` into `draft` in place: a copy nobody else holds yet (`clone`).

    `Builder` folds a whole decision into one draft; `evolve` folds one event into a fresh copy.
    """
    handler = _HANDLERS.get(event["type"])
    values = vars(draft)
    if handler is not None:
        values.update(handler(draft, event))
    values["n"] += 1


def evolve(state: State | None, event: Json) -> State:
    """Returns the state after `event`; `evolve(None, game_started)` starts the game."""
    if state is None:
        return _start(event)
    draft = clone(state)
    fold(draft, event)
    return draft
