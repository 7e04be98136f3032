"""Readable log lines: every event type of every game has a phrase, built only from what is served."""

from __future__ import annotations

import random

import pytest

import engine
from clients.python.describe import GAMES, entry_text
from clients.python.phrases import SERVICE

NAMES = {0: "Ana", 1: "Bo", 2: "Cy"}


@pytest.mark.parametrize("name", engine.GAMES)
def test_every_event_type_has_a_phrase(name: str) -> None:
    assert set(engine.get_game(name).EVENTS) <= set(GAMES[name])


def playout(name: str, seats: int, steps: int, seed: int = 7) -> list[dict]:
    """Returns the events of a random game (random legal moves), at most `steps` moves long."""
    game, rnd = engine.get_game(name), random.Random(seed)
    events = game.setup(seats, {}, f"{seed:064x}")
    state = None
    for event in events:
        state = game.evolve(state, event)
    for _ in range(steps):
        if game.result(state) is not None:
            break
        seat = min(game.pending(state))
        move = {k: v for k, v in rnd.choice(game.legal_moves(state, seat)).items() if k != "complete"}
        for event in game.decide(state, seat, move):
            state = game.evolve(state, event)
            events.append(event)
    return events


@pytest.mark.parametrize(("name", "seats"), [("elgrande", 3), ("kabale", 2)])
def test_lines_of_a_played_game_use_no_raw_facts_and_only_the_redacted_event(name: str, seats: int) -> None:
    game = engine.get_game(name)
    for v, event in enumerate(playout(name, seats, 400), 1):
        served = game.redact(event, 1)
        entry = {"v": v, "hidden": True} if served is None else {"v": v, "kind": "engine", "event": served}
        line = entry_text(entry, NAMES, name)
        assert line.startswith(f"v{v}") and "{" not in line, line
        if served is not None and served != event and event["type"] == "card_played":
            assert line.endswith(f"played a card face down into column {event['column']}"), line


def test_service_entries_hidden_entries_and_unknown_types() -> None:
    created = {"type": "game_created", "game": "kabale", "seats": [{"name": "Ana"}, {"name": "Bo"}]}
    assert (
        entry_text({"v": 1, "kind": "service", "event": created}, NAMES)
        == "v1    game created: kabale for Ana, Bo"
    )
    absent = {"v": 9, "kind": "service", "event": {"type": "seat_absent", "seat": 1}}
    assert entry_text(absent, NAMES).endswith("Bo is auto-played from now on (missed deadlines)")
    assert entry_text({"v": 4, "hidden": True}, NAMES) == "v4    (hidden from you)"
    novel = {"v": 5, "kind": "engine", "event": {"type": "comet_fell", "region": "aragon"}}
    assert entry_text(novel, NAMES, "elgrande") == 'v5    comet fell {"region":"aragon"}'
    played = {
        "v": 6,
        "kind": "engine",
        "event": {"type": "power_card_played", "seat": 0, "value": 7, "default": True},
    }
    assert entry_text(played, NAMES, "elgrande") == "v6    Ana played power card 7 [auto-played]"
    assert "seat_absent" in SERVICE
