"""Holds the Kabale & Hiebe state as frozen values and folds events into it (`evolve`).

`evolve` never validates and never draws: every outcome is already in the event. Slot
indexes in events are 0-based from the top of a column (index 0 is the spec's position 1).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

from engine.kabale.cards import goal_value

Json = dict[str, Any]
T = TypeVar("T")
_NAMES: dict[type, tuple[str, ...]] = {}
_set = object.__setattr__


def replace(obj: T, **changes: Any) -> T:
    """Returns a copy of a frozen slots dataclass with `changes` applied.

    Does what `dataclasses.replace` does minus the `__init__` call, which is about half
    of the cost of a fold; every dataclass here has plain fields without `__post_init__`.
    """
    cls = type(obj)
    names = _NAMES.get(cls) or _NAMES.setdefault(cls, tuple(f.name for f in fields(obj)))  # type: ignore[arg-type]
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(obj, name))
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
        return any(s.up and s.card == "storm" for s in self.slots)

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


def _player(state: State, seat: int, **changes: Any) -> tuple[Player, ...]:
    """Returns the players with `changes` applied to `seat`."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _set_slots(columns: list[Column], index: int, slots: tuple[Slot, ...]) -> None:
    columns[index] = replace(columns[index], slots=slots)


def _with_slot(col: Column, i: int, slot: Slot) -> tuple[Slot, ...]:
    return col.slots[:i] + (slot,) + col.slots[i + 1 :]


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


# Each handler returns the changed fields of the state; `evolve` makes one copy per event.


def _drawn(state: State, event: Json) -> Json:
    p = state.players[event["seat"]]
    k = len(event["cards"])
    return {"players": _player(state, event["seat"], hand=p.hand + p.draw[:k], draw=p.draw[k:])}


def _played(state: State, event: Json) -> Json:
    seat, c = event["seat"], event["column"]
    columns = list(state.columns)
    _set_slots(columns, c, columns[c].slots + (Slot(seat, event["card"]),))
    return {
        "players": _player(state, seat, hand=_without(state.players[seat].hand, event["card"])),
        "columns": tuple(columns),
        "last_played": seat,
    }


def _revealed(state: State, event: Json) -> Json:
    c, i = event["column"], event["position"]
    col = state.columns[c]
    slot = replace(col.slots[i], up=True)
    columns = list(state.columns)
    _set_slots(columns, c, _with_slot(col, i, slot))
    out: Json = {"columns": tuple(columns)}
    kind = {"magic_hood": "hood_tuck", "traitor": "traitor_swap"}.get(slot.card)
    if kind and (kind == "traitor_swap" or state.players[slot.seat].hand):  # KD5
        out["decision"] = Decision(kind, slot.seat, c, i, state.n + 1)  # since: this event's version
    return out


def _explorer(state: State, event: Json) -> Json:
    c, i, to = event["column"], event["position"], event["to"]
    slot = state.columns[c].slots[i]
    columns = list(state.columns)
    _set_slots(columns, c, columns[c].slots[:i] + columns[c].slots[i + 1 :])
    _set_slots(columns, to, columns[to].slots + (Slot(slot.seat, slot.card, up=False, known=True),))
    return {"columns": tuple(columns), "moved": state.moved | {slot.seat}}


def _killed(state: State, event: Json) -> Json:
    c, i = event["column"], event["position"]
    slot = state.columns[c].slots[i]
    columns = list(state.columns)
    _set_slots(columns, c, columns[c].slots[:i] + columns[c].slots[i + 1 :])
    discard = state.players[slot.seat].discard + (slot.card,)
    return {"columns": tuple(columns), "players": _player(state, slot.seat, discard=discard)}


def _tucked(state: State, event: Json) -> Json:
    c, i, seat = event["column"], event["position"], event["seat"]
    col = state.columns[c]
    columns = list(state.columns)
    _set_slots(columns, c, _with_slot(col, i, replace(col.slots[i], tucked=event["card"])))
    return {
        "players": _player(state, seat, hand=_without(state.players[seat].hand, event["card"])),
        "columns": tuple(columns),
        "decision": None,
    }


def _swapped(state: State, event: Json) -> Json:
    a, b = event["columns"]
    columns = list(state.columns)
    columns[a] = replace(state.columns[a], goal=state.columns[b].goal)
    columns[b] = replace(state.columns[b], goal=state.columns[a].goal)
    return {"columns": tuple(columns), "decision": None}


def _final_reveal(state: State) -> Json:
    columns = tuple(
        replace(c, slots=tuple(replace(s, up=True, known=True) for s in c.slots)) for c in state.columns
    )  # K14: hood contents too (KH5)
    return {"columns": columns}


def _scored(state: State, event: Json) -> Json:
    scored = state.scored + (event,)
    winner = event["winner"]
    if winner is None:
        return {"scored": scored, "removed": state.removed + (event["goal"],)}  # KR9
    return {
        "scored": scored,
        "players": _player(state, winner, won=state.players[winner].won + (event["goal"],)),
    }  # K16


def _cleanup(state: State) -> Json:
    discards = [list(p.discard) for p in state.players]
    for col in state.columns:  # K17
        for slot in col.slots:
            discards[slot.seat] += [slot.card] + ([slot.tucked] if slot.tucked else [])
    players = tuple(replace(p, discard=tuple(d)) for p, d in zip(state.players, discards))
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


def _apply(state: State, event: Json) -> Json:
    match event["type"]:
        case "goals_shuffled":
            return {"stack": tuple(event["stack"])}
        case "deck_shuffled":
            return {"players": _player(state, event["seat"], draw=tuple(event["order"]))}
        case "discard_reshuffled":
            return {"players": _player(state, event["seat"], draw=tuple(event["order"]), discard=())}
        case "cards_drawn":
            return _drawn(state, event)
        case "round_started":
            return _round(state, event)
        case "turn_started":
            return _turn(state, event)
        case "card_played":
            return _played(state, event)
        case "card_revealed":
            return _revealed(state, event)
        case "explorer_moved":
            return _explorer(state, event)
        case "card_killed":
            return _killed(state, event)
        case "card_tucked":
            return _tucked(state, event)
        case "goals_swapped":
            return _swapped(state, event)
        case "declined":
            return {"decision": None}
        case "round_revealed":
            return _final_reveal(state)
        case "column_scored":
            return _scored(state, event)
        case "round_ended":
            return _cleanup(state)
        case "game_ended":
            return {"final": {k: v for k, v in event.items() if k != "type"}, "active": None}
    return {}


def evolve(state: State | None, event: Json) -> State:
    """Returns the state after `event`; `evolve(None, game_started)` starts the game."""
    if state is None:
        return _start(event)
    return replace(state, n=state.n + 1, **_apply(state, event))
