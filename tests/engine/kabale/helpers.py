"""Builds Kabale & Hiebe positions for scenario tests: columns written as in the spec's tables.

A column is written top to bottom, items separated by ";", each `colour card`, with
`colour magic_hood[card]` for a hood hiding a card and `colour magic_hood[]` for an empty
face-up hood; a trailing `?` marks a face-down card, `!` a face-down card of public
identity (a moved Explorer). Colours map to seats in KC1 order (red 0, blue 1, ...).
"""

from __future__ import annotations

import re
from typing import Any

import engine
from engine.kabale.cards import COLOURS, DECK, GOALS
from engine.kabale.state import Column, Player, Slot, State

GAME = engine.get_game("kabale")
Json = dict[str, Any]


def slots(text: str, colours: tuple[str, ...] = COLOURS) -> tuple[Slot, ...]:
    """Returns the slots written in `text` (see the module docstring)."""
    out = []
    for item in filter(None, (i.strip() for i in text.split(";"))):
        colour, card = item.split()
        down, known = card.endswith(("?", "!")), card.endswith("!")
        card = card.rstrip("?!")
        hidden = None
        if m := re.fullmatch(r"magic_hood\[(\w*)\]", card):
            card, hidden = "magic_hood", m.group(1) or None
        out.append(Slot(colours.index(colour), card, up=not down, known=known, tucked=hidden))
    return tuple(out)


def table(
    seats: int,
    columns: list[tuple[str, str]],
    hands: dict[int, list[str]] | None = None,
    *,
    active: int = 0,
    draws: dict[int, list[str]] | None = None,
    discards: dict[int, list[str]] | None = None,
    round_: int = 1,
    won: dict[int, list[str]] | None = None,
    colours: tuple[str, ...] | None = None,
) -> State:
    """Returns a round-in-progress state with these columns and hands, the active seat to play.

    Each seat's other cards form its draw pile in deck order (unless `draws` says otherwise),
    so the 25 cards of every seat are conserved. Unused goal cards form the stack.
    """
    hands = hands or {}
    colours = colours or COLOURS[:seats]
    cols = tuple(Column(goal, slots(text, colours)) for goal, text in columns)
    players = []
    for seat in range(seats):
        hand = tuple(hands.get(seat, []))
        discard = tuple((discards or {}).get(seat, []))
        placed = [c for col in cols for s in col.slots if s.seat == seat for c in (s.card, s.tucked) if c]
        rest = [c for c in DECK if c not in hand and c not in placed and c not in discard]
        draw = tuple((draws or {}).get(seat, rest))
        players.append(Player(hand=hand, draw=draw, discard=discard, won=tuple((won or {}).get(seat, []))))
    used = {goal for goal, _ in columns}
    stack = tuple(g for g in GOALS if g not in used)[: seats * (6 - round_)]
    return State(
        n=100,
        seats=seats,
        colours=colours,
        seed="test-seed",
        commitment="c",
        first_seat=0,
        players=tuple(players),
        stack=stack,
        round=round_,
        columns=cols,
        start_seat=active,
        active=active,
        turn=1,
        since=100,
    )


def act(state: State, seat: int, move: Json) -> tuple[State, list[Json]]:
    """Returns the state after `seat`'s move and the events it caused."""
    events = GAME.decide(state, seat, move)
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def play(state: State, seat: int, card: str, column: int) -> tuple[State, list[Json]]:
    """Returns the state after `seat` plays `card` into `column`, and the events."""
    return act(state, seat, {"type": "play", "card": card, "column": column})


def bottom(state: State, column: int) -> list[tuple[str, str, bool]]:
    """Returns a column as (colour, card, face up) from top to bottom."""
    return [(state.colours[s.seat], s.card, s.up) for s in state.columns[column].slots]


def types(events: list[Json]) -> list[str]:
    """Returns the event types in order."""
    return [e["type"] for e in events]
