"""Plays random Kabale & Hiebe games through the contract and checks the game's invariants.

Invariants: 25 cards per seat across hand, draw pile, discard pile and columns (hood
contents included); hands never above 3; won goal counts only rise; 6 rounds; every goal
card of the stack awarded or removed; no leaks (a view is unchanged when another seat's
hidden cards are shuffled among its hidden places, and redacted events carry no secret
field of another seat). `CONFORMANCE_GAMES` multiplies the number of games.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

import engine
from engine.kabale.cards import DECK
from engine.kabale.state import Column, State
from tests.conformance import Checks, canon, play, scale

GAME = engine.get_game("kabale")
Json = dict[str, Any]


def _seat_cards(state: State, seat: int) -> list[str]:
    p = state.players[seat]
    cards = list(p.hand + p.draw + p.discard)
    for col in state.columns:
        for slot in col.slots:
            if slot.seat == seat:
                cards += [slot.card] + ([slot.tucked] if slot.tucked else [])
    return cards


def invariants(state: State) -> list[str]:
    """Returns conservation problems: 25 distinct cards per seat, hands of at most 3 (KC2, K2),
    and face-down cards only at the bottom of a column (K8)."""
    out = []
    for c, col in enumerate(state.columns):
        if any(not slot.up for slot in col.slots[:-1]):
            out.append(f"column {c} has a face-down card above its bottom slot")
    for seat in range(state.seats):
        cards = _seat_cards(state, seat)
        if Counter(cards) != Counter(DECK):
            out.append(f"seat {seat} holds {len(cards)} cards, not its 25: {sorted(cards)}")
        if len(state.players[seat].hand) > 3:
            out.append(f"seat {seat} has {len(state.players[seat].hand)} cards in hand")
    return out


def step(before: State, after: State, events: list[Json]) -> list[str]:
    """Returns problems across one decision: won counts and rounds only rise."""
    out = []
    for seat in range(after.seats):
        if len(after.players[seat].won) < len(before.players[seat].won):
            out.append(f"seat {seat} lost a goal card")
    if after.round < before.round:
        out.append("round went backwards")
    out += [
        f"event type {e['type']!r} is not listed in EVENTS" for e in events if e["type"] not in GAME.EVENTS
    ]
    out += [
        f"prompt kind {p['kind']!r} is not listed"
        for p in GAME.pending(after).values()
        if p["kind"] not in GAME.PROMPTS
    ]
    return out


def scramble(state: State, viewer: Any, rnd: random.Random) -> State:
    """Returns `state` with every card hidden from `viewer` moved among its seat's hidden places
    (hand, draw pile, face-down slots, hood contents; only the draw order for the viewer's own
    cards), and, while the game runs, the won goal cards of the other seats dealt out anew (KH8)."""
    hands = [list(p.hand) for p in state.players]
    draws = [list(p.draw) for p in state.players]
    slots = [[[s.card, s.tucked] for s in col.slots] for col in state.columns]
    for seat in range(state.seats):
        places: list[tuple[list[Any], int]] = [(draws[seat], i) for i in range(len(draws[seat]))]
        if viewer != seat:
            places += [(hands[seat], i) for i in range(len(hands[seat]))]
            for c, col in enumerate(state.columns):
                for i, slot in enumerate(col.slots):
                    if slot.seat == seat and not slot.up and not slot.known:
                        places.append((slots[c][i], 0))
                    if slot.seat == seat and slot.tucked and not slot.known:  # K14 makes it public
                        places.append((slots[c][i], 1))
        cards = [where[k] for where, k in places]
        rnd.shuffle(cards)
        for (where, k), card in zip(places, cards):
            where[k] = card
    won = [list(p.won) for p in state.players]
    if state.final is None:
        others = [seat for seat in range(state.seats) if seat != viewer]
        pool = [goal for seat in others for goal in won[seat]]
        rnd.shuffle(pool)
        for seat in others:
            k = len(won[seat])
            won[seat], pool = pool[:k], pool[k:]
    players = tuple(
        replace(p, hand=tuple(hands[i]), draw=tuple(draws[i]), won=tuple(won[i]))
        for i, p in enumerate(state.players)
    )
    columns = tuple(
        Column(col.goal, tuple(replace(s, card=new[0], tucked=new[1]) for s, new in zip(col.slots, slots[c])))
        for c, col in enumerate(state.columns)
    )
    return replace(state, players=players, columns=columns)


SECRET_FIELDS = {"seed", "order", "stack"}  # KH2, KH7: secret from every seat
OWNER_FIELDS = {"card_played": "card", "card_tucked": "card", "cards_drawn": "cards"}  # KH1, KH4, KH5


def leaks(state: State, events: list[Json], viewer: Any) -> list[str]:
    """Returns leaks: a view that depends on hidden cards, or a secret field left in an event."""
    out = []
    rnd = random.Random(state.n)
    if canon(GAME.view(state, viewer)) != canon(GAME.view(scramble(state, viewer, rnd), viewer)):
        out.append(f"view for {viewer!r} depends on cards hidden from it")
    for event in events:
        seen = GAME.redact(event, viewer)
        if seen is None:
            continue
        if SECRET_FIELDS & set(seen):
            out.append(f"{event['type']} shows {SECRET_FIELDS & set(seen)} to {viewer!r}")
        field = OWNER_FIELDS.get(event["type"])
        if field and field in seen and event["seat"] != viewer:
            out.append(f"{event['type']} shows {field} of seat {event['seat']} to {viewer!r}")
    return out


def final(state: State, events: list[Json]) -> list[str]:
    """Returns end-of-game problems: 6 rounds, every goal card of the stack awarded or removed."""
    out = []
    if sum(e["type"] == "round_ended" for e in events) != 6:
        out.append("the game did not last 6 rounds (K5)")
    won = [g for p in state.players for g in p.won] + list(state.removed)
    stack = next(e["stack"] for e in events if e["type"] == "goals_shuffled")
    if sorted(won) != sorted(stack):
        out.append(f"goal cards awarded or removed {sorted(won)} differ from the stack {sorted(stack)}")
    result = GAME.result(state)
    if result is None or len(result["scores"]) != state.seats or not result["winners"]:
        out.append(f"bad result {result}")
    return out


CHECKS = Checks(invariants=invariants, step=step, leaks=leaks, final=final)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(seats: int) -> None:
    """Plays random games per seat count with full leak checks on a sample of them (K5, KH1-KH11)."""
    games = 50 * scale()
    for g in range(games):
        every = 1 if g % 10 == 0 else 25
        out = play(GAME, seats, {}, f"conf-{seats}-{g}", CHECKS, check_leaks_every=every, sample_legal=2)
        assert not out.problems, (g, out.problems[:3])


def test_scramble_really_changes_hidden_cards() -> None:
    """Checks the leak test's premise: scrambling changes the state a seat's view is built from."""
    events = GAME.setup(4, {}, "scramble")
    state = None
    for e in events:
        state = GAME.evolve(state, e)
    assert isinstance(state, State)
    other = scramble(state, 0, random.Random(1))
    assert canon(GAME.view(state, "all")) != canon(GAME.view(other, "all"))
    assert canon(GAME.view(state, 0)) == canon(GAME.view(other, 0))
    players = list(state.players)
    players[1] = replace(players[1], won=("music_1",))
    players[2] = replace(players[2], won=("trade_5",))
    won = replace(state, players=tuple(players))
    other = scramble(won, 0, random.Random(3))
    assert other.players[1].won == ("trade_5",) and canon(GAME.view(won, 0)) == canon(GAME.view(other, 0))


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_random_games_with_options(seats: int) -> None:
    """Plays random games with a chosen start seat and colours (K1, K4, KR33)."""
    from engine.kabale.cards import COLOURS

    options = {"first_seat": seats - 1, "colours": list(reversed(COLOURS))[:seats]}
    for g in range(5 * scale()):
        out = play(GAME, seats, options, f"opt-{seats}-{g}", CHECKS, check_leaks_every=5, sample_legal=2)
        assert not out.problems, (g, out.problems[:3])
        assert out.events[0]["colours"] == options["colours"]


def test_rerunning_every_decision_gives_the_same_log() -> None:
    """Re-runs setup and every recorded move and demands identical events (what `verify` does)."""
    rnd = random.Random(11)
    for seats in (3, 6):
        events = GAME.setup(seats, {}, f"rerun-{seats}")
        state, moves = None, []
        for event in events:
            state = GAME.evolve(state, event)
        while GAME.result(state) is None:
            seat = next(iter(GAME.pending(state)))
            move = rnd.choice(GAME.legal_moves(state, seat))
            moves.append((seat, move, GAME.decide(state, seat, move)))
            for event in moves[-1][2]:
                state = GAME.evolve(state, event)
        again = None
        for event in GAME.setup(seats, {}, f"rerun-{seats}"):
            again = GAME.evolve(again, event)
        for seat, move, recorded in moves:
            fresh = GAME.decide(again, seat, move)
            assert canon(fresh) == canon(recorded)
            for event in fresh:
                again = GAME.evolve(again, event)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_views_at_every_version_leak_nothing(seats: int) -> None:
    """Checks the view after every single event, not only after whole decisions: the service
    serves a view as of any version (KH1-KH11; after the final reveal hood contents are public, K14)."""
    rnd = random.Random(seats)
    state: Any = None
    for event in GAME.setup(seats, {}, f"every-{seats}"):
        state = GAME.evolve(state, event)
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        for event in GAME.decide(state, seat, rnd.choice(GAME.legal_moves(state, seat))):
            state = GAME.evolve(state, event)
            for viewer in (None, *range(seats)):
                assert not leaks(state, [event], viewer), (event["type"], viewer)
