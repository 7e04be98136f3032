"""Holds the Kabale & Hiebe state as frozen values and folds events into it (`evolve`).

`evolve` never validates and never draws: every outcome is already in the event. Slot
indexes in events are 0-based from the top of a column (index 0 is the spec's position 1).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from itertools import repeat
from operator import attrgetter, call
from typing import Any, TypeVar

from engine.kabale.cards import goal_value

Json = dict[str, Any]
T = TypeVar("T")
_COPIERS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], tuple[Callable[[Any, Any], None], ...]]] = {}
_set = object.__setattr__
_drain: Callable[[Iterable[Any]], None] = deque(maxlen=0).extend


def clone(obj: T) -> T:
    """Returns a field-by-field copy of a frozen slots dataclass, to be folded into (`fold`).

    Reads every field at once and writes each through its slot, all in C: a few times
    cheaper than `dataclasses.replace`, whose frozen `__init__` dominated the fold.
    """
    cls = type(obj)
    if cls not in _COPIERS:
        names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        _COPIERS[cls] = attrgetter(*names), tuple(getattr(cls, name).__set__ for name in names)
    read, writers = _COPIERS[cls]
    new = object.__new__(cls)
    _drain(map(call, writers, repeat(new), read(obj)))
    return new


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
            if s.up and s.card == "storm":
                return True
        return False

    @property
    def full(self) -> bool:
        """Tells whether the column is full: slots >= goal value, or Storm-closed (K10)."""
        return self.closed or len(self.slots) >= goal_value(self.goal)


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


@dataclass(frozen=True, slots=True)
class State:
    """The whole game as folded from its events; `n` counts the engine events."""

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


def _put_player(state: State, seat: int, player: Player) -> None:
    players = state.players
    _set(state, "players", players[:seat] + (player,) + players[seat + 1 :])


def _put_column(state: State, index: int, column: Column) -> None:
    columns = state.columns
    _set(state, "columns", columns[:index] + (column,) + columns[index + 1 :])


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


# Each handler folds one event into a draft whose `n` already is this event's version.


def _goals(s: State, event: Json) -> None:
    _set(s, "stack", tuple(event["stack"]))


def _deck(s: State, event: Json) -> None:
    p = s.players[event["seat"]]
    _put_player(s, event["seat"], Player(p.hand, tuple(event["order"]), p.discard, p.won))


def _reshuffled(s: State, event: Json) -> None:
    p = s.players[event["seat"]]
    _put_player(s, event["seat"], Player(p.hand, tuple(event["order"]), (), p.won))


def _drawn(s: State, event: Json) -> None:
    p = s.players[event["seat"]]
    k = len(event["cards"])
    _put_player(s, event["seat"], Player(p.hand + p.draw[:k], p.draw[k:], p.discard, p.won))


def _played(s: State, event: Json) -> None:
    seat, c, card = event["seat"], event["column"], event["card"]
    col = s.columns[c]
    _put_column(s, c, Column(col.goal, col.slots + (Slot(seat, card),)))
    p = s.players[seat]
    _put_player(s, seat, Player(_without(p.hand, card), p.draw, p.discard, p.won))
    _set(s, "last_played", seat)


def _revealed(s: State, event: Json) -> None:
    c, i = event["column"], event["position"]
    col = s.columns[c]
    slot = col.slots[i]
    up = Slot(slot.seat, slot.card, True, slot.known, slot.tucked)
    _put_column(s, c, Column(col.goal, col.slots[:i] + (up,) + col.slots[i + 1 :]))
    kind = _DECISIONS.get(slot.card)
    if kind and (kind == "traitor_swap" or s.players[slot.seat].hand):  # KD5
        _set(s, "decision", Decision(kind, slot.seat, c, i, s.n))


def _explorer(s: State, event: Json) -> None:
    c, i, to = event["column"], event["position"], event["to"]
    col = s.columns[c]
    slot = col.slots[i]
    _put_column(s, c, Column(col.goal, col.slots[:i] + col.slots[i + 1 :]))
    dest = s.columns[to]
    _put_column(s, to, Column(dest.goal, dest.slots + (Slot(slot.seat, slot.card, False, True),)))
    _set(s, "moved", s.moved | {slot.seat})


def _killed(s: State, event: Json) -> None:
    c, i = event["column"], event["position"]
    col = s.columns[c]
    slot = col.slots[i]
    _put_column(s, c, Column(col.goal, col.slots[:i] + col.slots[i + 1 :]))
    p = s.players[slot.seat]
    _put_player(s, slot.seat, Player(p.hand, p.draw, p.discard + (slot.card,), p.won))


def _tucked(s: State, event: Json) -> None:
    c, i, seat, card = event["column"], event["position"], event["seat"], event["card"]
    col = s.columns[c]
    old = col.slots[i]
    hood = Slot(old.seat, old.card, old.up, old.known, card)
    _put_column(s, c, Column(col.goal, col.slots[:i] + (hood,) + col.slots[i + 1 :]))
    p = s.players[seat]
    _put_player(s, seat, Player(_without(p.hand, card), p.draw, p.discard, p.won))
    _set(s, "decision", None)


def _swapped(s: State, event: Json) -> None:
    a, b = event["columns"]
    old_a, old_b = s.columns[a], s.columns[b]
    _put_column(s, a, Column(old_b.goal, old_a.slots))
    _put_column(s, b, Column(old_a.goal, old_b.slots))
    _set(s, "decision", None)


def _declined(s: State, event: Json) -> None:
    _set(s, "decision", None)


def _final_reveal(s: State, event: Json) -> None:
    columns = tuple(
        Column(c.goal, tuple(Slot(x.seat, x.card, True, True, x.tucked) for x in c.slots)) for c in s.columns
    )  # K14: hood contents too (KH5)
    _set(s, "columns", columns)


def _scored(s: State, event: Json) -> None:
    _set(s, "scored", s.scored + (event,))
    winner = event["winner"]
    if winner is None:
        _set(s, "removed", s.removed + (event["goal"],))  # KR9
        return
    p = s.players[winner]
    _put_player(s, winner, Player(p.hand, p.draw, p.discard, p.won + (event["goal"],)))  # K16


def _cleanup(s: State, event: Json) -> None:
    discards = [list(p.discard) for p in s.players]
    for col in s.columns:  # K17
        for slot in col.slots:
            discards[slot.seat] += [slot.card] + ([slot.tucked] if slot.tucked else [])
    _set(s, "players", tuple(Player(p.hand, p.draw, tuple(d), p.won) for p, d in zip(s.players, discards)))
    _set(s, "columns", ())
    _set(s, "active", None)
    _set(s, "decision", None)
    _set(s, "moved", frozenset())


def _round(s: State, event: Json) -> None:
    n = s.seats
    _set(s, "round", event["round"])
    _set(s, "start_seat", event["start_seat"])
    _set(s, "columns", tuple(Column(goal) for goal in s.stack[:n]))
    _set(s, "stack", s.stack[n:])
    _set(s, "scored", ())
    _set(s, "last_played", None)


def _turn(s: State, event: Json) -> None:
    _set(s, "active", event["seat"])
    _set(s, "turn", s.turn + 1)
    _set(s, "since", s.n)
    _set(s, "moved", frozenset())
    _set(s, "decision", None)


def _ended(s: State, event: Json) -> None:
    _set(s, "final", {k: v for k, v in event.items() if k != "type"})
    _set(s, "active", None)


_DECISIONS = {"magic_hood": "hood_tuck", "traitor": "traitor_swap"}
_HANDLERS: dict[str, Callable[[State, Json], None]] = {
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
}  # any other event (game_started again, seat_skipped) only counts


def fold(draft: State, event: Json) -> None:
    """Folds `event` into `draft` in place: only a copy nobody else holds yet (`clone`).

    `Builder` folds a whole decision into one draft; `evolve` folds one event into a fresh copy.
    """
    _set(draft, "n", draft.n + 1)
    handler = _HANDLERS.get(event["type"])
    if handler is not None:
        handler(draft, event)


def evolve(state: State | None, event: Json) -> State:
    """Returns the state after `event`; `evolve(None, game_started)` starts the game."""
    if state is None:
        return _start(event)
    draft = clone(state)
    fold(draft, event)
    return draft
