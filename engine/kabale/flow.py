"""Produces the events of a turn: placement, reveal chains, draws, turn and round changes.

A `Builder` folds each event into a working state as it is emitted, so `decide` reasons on
exactly the state `evolve` will rebuild. The working state is a copy the Builder alone holds,
folded in place (`state.fold`): read it afresh after each `emit`. Chance is drawn here, never
in `evolve`: every reshuffle uses the label `chance:<n>:0`, n being the version of the event
that records it.
"""

from __future__ import annotations

from typing import Any

from engine.kabale.cards import ORDER
from engine.kabale.scoring import final_score, ranking, resolve
from engine.kabale.state import State, clone, fold
from engine.rng import Draws

Json = dict[str, Any]
ROUNDS = 6  # K5


class Builder:
    """Collects the events of one decision, folding each into `state` (a copy) as it goes."""

    def __init__(self, state: State) -> None:
        self.state = clone(state)
        self.events: list[Json] = []

    def emit(self, kind: str, **fields: Any) -> None:
        """Appends an event of type `kind` and folds it into `state`."""
        event = {"type": kind, **fields}
        fold(self.state, event)
        self.events.append(event)

    def draws(self) -> Draws:
        """Returns the chance stream of the next event (`chance:<n>:0`)."""
        return Draws(self.state.seed, f"chance:{self.state.n + 1}:0")


def draw(b: Builder, seat: int) -> None:
    """Draws one card for `seat`, reshuffling its discard pile first if needed (K9)."""
    p = b.state.players[seat]
    if not p.draw and p.discard:
        pile = sorted(p.discard, key=ORDER.__getitem__)
        order = b.draws().shuffle(pile)
        b.emit("discard_reshuffled", seat=seat, order=order, count=len(order))
    p = b.state.players[seat]
    if p.draw:
        b.emit("cards_drawn", seat=seat, cards=[p.draw[0]], count=1)


def place(b: Builder, seat: int, card: str, column: int, **flag: bool) -> None:
    """Plays `card` face down at the bottom of `column` and resolves what it reveals (K7, K8)."""
    below = b.state.columns[column].slots
    b.emit("card_played", seat=seat, card=card, column=column, **flag)
    if below and not below[-1].up:
        reveal(b, column, len(below) - 1)
    finish_turn(b)


def reveal(b: Builder, column: int, position: int) -> None:
    """Turns a card face up and resolves its on-reveal ability, chains included (KA1-KA7)."""
    while True:
        slot = b.state.columns[column].slots[position]
        b.emit("card_revealed", column=column, position=position, seat=slot.seat, card=slot.card)
        if slot.card == "assassin":  # KA4
            victim = b.state.columns[column].slots[position + 1]
            b.emit("card_killed", column=column, position=position + 1, seat=victim.seat, card=victim.card)
            return
        if slot.card != "explorer" or slot.seat in b.state.moved:  # KA3.1 loop guard
            return
        target = explorer_target(b.state, column)
        if target is None:  # KR5
            return
        below = b.state.columns[target].slots
        b.emit("explorer_moved", column=column, position=position, to=target, seat=slot.seat)
        if not below or below[-1].up:
            return
        column, position = target, len(below) - 1


def explorer_target(state: State, column: int) -> int | None:
    """Returns the first column to the right not closed by a Storm, wrapping (KA3.2)."""
    n = state.seats
    for step in range(1, n):
        target = (column + step) % n
        if not state.columns[target].closed:
            return target
    return None


def finish_turn(b: Builder) -> None:
    """Ends the turn unless a decision is open: draw (K9), end check (K11), next turn."""
    if b.state.decision is not None:
        return
    active = b.state.active if b.state.active is not None else b.state.start_seat
    draw(b, active)
    if all(c.full for c in b.state.columns):  # K11, KR18
        end_round(b)
    else:
        next_turn(b, (active + 1) % b.state.seats)


def next_turn(b: Builder, seat: int) -> None:
    """Starts the turn of `seat`, skipping seats that cannot play (K12, K13, KR11)."""
    for _ in range(b.state.seats):
        b.emit("turn_started", seat=seat)
        if not b.state.players[seat].hand:
            draw(b, seat)
        if b.state.players[seat].hand:
            return
        b.emit("seat_skipped", seat=seat)
        seat = (seat + 1) % b.state.seats
    end_round(b)  # K13


def end_round(b: Builder) -> None:
    """Scores the round: final reveal, each column, cleanup, then the next round or the end."""
    s = b.state
    number, seats, columns = s.round, s.seats, s.columns
    last = s.last_played if s.last_played is not None else s.start_seat
    b.emit(
        "round_revealed",
        round=number,
        columns=[[{"seat": x.seat, "card": x.card, "hidden": x.tucked} for x in c.slots] for c in columns],
    )  # K14
    for i, col in enumerate(columns):  # K15
        b.emit("column_scored", column=i, **resolve(col.goal, col.slots, seats))
    start = (last + 1) % seats  # K18, KR16
    b.emit("round_ended", round=number, next_start=start)
    if number < ROUNDS:
        start_round(b, number + 1, start)
    else:
        end_game(b)


def start_round(b: Builder, number: int, start: int) -> None:
    """Reveals the next goal cards (K6) and starts the turn of the round's start seat."""
    goals = list(b.state.stack[: b.state.seats])
    b.emit("round_started", round=number, start_seat=start, goals=goals)
    next_turn(b, start)


def end_game(b: Builder) -> None:
    """Reveals every won goal card and the final scores (K19-K21)."""
    rows = [final_score(p.won) for p in b.state.players]
    scores = [r[0] for r in rows]
    counts = [len(p.won) for p in b.state.players]
    ranks = ranking(scores, counts)
    b.emit(
        "game_ended",
        scores=scores,
        plain=[r[1] for r in rows],
        sets=[r[2] for r in rows],
        won=[list(p.won) for p in b.state.players],
        goal_counts=counts,
        ranks=ranks,
        winners=[seat for seat, r in enumerate(ranks) if r == 1],
    )
