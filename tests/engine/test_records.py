"""Replays the stored record corpus (`tests/records`) through the current engines, byte for byte.

Every record was played by the code of its `engine_version` and is never rewritten (see
`tests.records.make`): a record that no longer replays means a game started under that version
no longer plays on as it did. Either the change is a bug, or it changes the rules: then it bumps
ENGINE_VERSION, keeps the old behaviour reachable, and the old version stays listed in the
engine's ENGINE_VERSIONS (README, "Rules versions").
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine.contract import engine_versions
from tests.records.make import HERE, SUFFIX, dumps, entries, read

RECORDS = sorted(HERE.glob(f"*{SUFFIX}"))


def test_there_are_records_of_both_games() -> None:
    assert {read(path)["game"] for path in RECORDS} == set(engine.GAMES)


@pytest.mark.parametrize("name", engine.GAMES)
def test_the_corpus_has_every_record_of_the_current_version(name: str) -> None:
    version = engine.get_game(name).ENGINE_VERSION
    missing = [e.path(version).name for e in entries(name) if not e.path(version).exists()]
    assert not missing, f"records missing: {missing}; run `python -m tests.records.make --game {name}`"


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.removesuffix(SUFFIX) for p in RECORDS])
def test_a_stored_record_replays_byte_for_byte(path: Path) -> None:
    record = read(path)
    game = engine.get_game(record["game"])
    assert record["engine_version"] in engine_versions(game), (
        f"{path.name} was played under rules {record['engine_version']}, which {record['game']} has "
        f"retired (it replays {', '.join(engine_versions(game))}): games started under them no longer play on"
    )
    opening = game.setup(record["seats"], record["options"], record["seed"])
    assert dumps(opening) == dumps(record["opening"]), f"{path.name}: setup gives another opening"
    state = None
    for event in opening:
        state = game.evolve(state, event)
    for n, step in enumerate(record["moves"], start=1):
        events = game.decide(state, step["seat"], step["move"])
        assert dumps(events) == dumps(step["events"]), f"{path.name}: move {n} ({step['move']}) differs"
        for event in events:
            state = game.evolve(state, event)
    assert dumps(game.result(state)) == dumps(record["result"]), f"{path.name}: another result"
