"""Trust finding 1: no hash a viewer sees can be brute-forced into a hidden move.

A move's cause (the move and its idempotency key) is inside the hash of every entry it
produced. In format 1 only entries whose own event is hidden carried a salt, so a spectator
could hash each candidate move against an unsalted sibling entry of an auto-played Kabale move,
whose key (`deadline:<seat>:<prompt>`) is public in `seat_timed_out`. The attacker below does
exactly that against everything a spectator and each seat can read; on a format-1 game it
recovers hidden cards (so it has teeth), on format 2 (every entry salted with a secret derived
from the seed) it recovers none.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.audit import entry_hash
from engine.kabale.cards import DECK
from service import creating
from service.games import GameService
from tests.service.conftest import bearer, create

Json = dict[str, Any]


def _candidates(entries: list[Json], seat: int) -> list[tuple[Json, str]]:
    """Returns every (move, idempotency key) a guesser would try for `seat`'s hidden moves:
    each card into each column, under every deadline key the log shows and the keys a client
    would likely pick."""
    keys = [
        f"deadline:{e['event']['seat']}:{e['event']['prompt']}"
        for e in entries
        if e.get("event", {}).get("type") == "seat_timed_out"
    ]
    keys += [f"p{seat}-{n}" for n in range(1, 8)]
    moves = [{"type": "play", "card": card, "column": column} for card in set(DECK) for column in range(6)]
    return [(move, k) for move in moves for k in keys]


def recoveries(entries: list[Json]) -> list[tuple[int, Json]]:
    """Returns (version, move) for every entry whose hash a candidate cause reproduces while the
    entry hides its cause from this viewer (format-1 hashing: the only one a guesser can run)."""
    found = []
    for entry in entries:
        cause = entry.get("cause") or {}
        if entry.get("hidden") or "hash" not in entry or cause.get("move") is not None:
            continue
        seat = entry["actor"]["seat"] if isinstance(entry.get("actor"), dict) else _timed_out(entries, entry)
        if seat is None or cause == {}:
            continue
        base = {k: v for k, v in entry.items() if k not in ("hash", "redacted")}
        for move, k in _candidates(entries, seat):
            if entry_hash(base | {"cause": {"move": move, "idempotency_key": k}}) == entry["hash"]:
                found.append((entry["v"], move))
                break
    return found


def _timed_out(entries: list[Json], entry: Json) -> int | None:
    """Returns the seat a deadline entry played for (the last `seat_timed_out` before it)."""
    seats = [
        e["event"]["seat"]
        for e in entries
        if e["v"] < entry["v"] and e.get("event", {}).get("type") == "seat_timed_out"
    ]
    return seats[-1] if entry.get("actor") == "deadline" and seats else None


def _played_with_deadlines(app: Flask, client: FlaskClient, auto_passes: int) -> Json:
    """Creates a 2-seat Kabale game and lets the deadline auto-play the due seat `auto_passes` times,
    with a move over HTTP (key `p<seat>-<n>`) in between."""
    game = create(client, time_control={"per_move": 3600, "reminders": []})
    svc: GameService = app.extensions["castillo"]
    for n in range(1, auto_passes + 1):
        [due] = svc.pending(game["id"])[:1]
        svc.auto_pass(game["id"], due.seat, due.prompt, time.time() + 7200)
        summary = client.get(f"/games/{game['id']}").get_json()
        seat = summary["prompts"][0]["seat"]
        token = game["seats"][seat]["token"]
        legal = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(token)).get_json()
        headers = {**bearer(token), "Idempotency-Key": f"p{seat}-{n}"}
        client.post(f"/games/{game['id']}/moves", json={"move": legal["moves"][-1]}, headers=headers)
    return game


def _reachable(client: FlaskClient, game: Json, headers: dict[str, str]) -> list[Json]:
    return client.get(f"/games/{game['id']}/events?limit=500", headers=headers).get_json()["entries"]


@pytest.mark.parametrize("log_format", [1, 2])
def test_a_guesser_recovers_hidden_moves_only_from_format1_hashes(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, log_format: int
) -> None:
    monkeypatch.setattr(creating, "LOG_FORMAT", log_format)
    game = _played_with_deadlines(app, client, auto_passes=4)
    viewers = {"spectator": {}, **{f"seat {s['seat']}": bearer(s["token"]) for s in game["seats"]}}
    found = {name: recoveries(_reachable(client, game, headers)) for name, headers in viewers.items()}
    count = sum(len(f) for f in found.values())
    print(f"format {log_format}: hidden moves recovered from hashes: {count} ({found})")
    if log_format == 1:
        assert found["spectator"], "the attacker must work on the old format, or it proves nothing"
    else:
        assert count == 0
