"""The per-process fold memo (service.memo): used only for its exact (version, hash, engine)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import redis
from flask import Flask
from flask.testing import FlaskClient

from service import store
from service.fold import Folded, fold
from service.games import GameService
from service.memo import FoldMemo
from tests.service.conftest import bearer, create, key


def _play(client: FlaskClient, game: dict[str, Any], count: int) -> None:
    """Plays `count` first legal moves of the seat due, over HTTP."""
    for _ in range(count):
        summary = client.get(f"/games/{game['id']}").get_json()
        seat = summary["prompts"][0]["seat"]
        token = game["seats"][seat]["token"]
        move = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
        headers = {**bearer(token), **key()}
        answer = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers=headers)
        assert answer.status_code == 201, answer.get_json()


def _replay(svc: GameService, gid: str) -> Folded:
    """Returns the fold of the whole stored log (no snapshot, no memo)."""
    return fold(svc.load(gid).game, None, svc.store.read(gid))


def _rewrite(rds: redis.Redis, gid: str, entries: list[tuple[str, bytes]]) -> None:
    """Replaces the game's stream with `entries` (what a tamperer or a restore could do)."""
    rds.delete(store.log_key(gid))
    for entry_id, blob in entries:
        rds.xadd(store.log_key(gid), {"envelope": blob}, id=entry_id)


def _processes(app: Flask) -> tuple[GameService, GameService]:
    """Returns the app's service and a second one on the same Redis (another process)."""
    svc: GameService = app.extensions["castillo"]
    return svc, GameService(svc.redis, svc.config)


def test_a_memo_behind_the_log_folds_what_another_process_appended(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    _play(client, game, 3)
    svc, other = _processes(app)
    gid = game["id"]
    before = other.load(gid)  # the other process remembers version v
    _play(client, game, 2)  # ...and this process appends after it
    after = other.load(gid)
    assert after.version > before.version
    assert after.folded == _replay(svc, gid)
    assert other.memo.get(gid) == (after.game.ENGINE_VERSION, after.folded)


def test_a_memo_whose_hash_is_not_the_logs_is_never_used(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    _play(client, game, 4)
    svc, other = _processes(app)
    gid = game["id"]
    loaded = other.load(gid)
    forged = replace(loaded.folded, state=None, last_hash="f" * 64)  # right version, wrong hash
    other.memo.put(gid, loaded.game.ENGINE_VERSION, forged)
    assert other.load(gid).folded == _replay(svc, gid) == loaded.folded
    assert other.memo.get(gid) == (loaded.game.ENGINE_VERSION, loaded.folded)  # replaced


def test_a_memo_of_another_engine_version_is_never_used(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    _play(client, game, 2)
    svc, other = _processes(app)
    gid = game["id"]
    loaded = other.load(gid)
    other.memo.put(gid, "some-other-engine", replace(loaded.folded, state=None))  # exact version and hash
    assert other.load(gid).folded == _replay(svc, gid) == loaded.folded


def test_an_edited_log_is_folded_afresh_in_every_process(
    app: Flask, client: FlaskClient, rds: redis.Redis
) -> None:
    game = create(client)
    _play(client, game, 5)
    svc, other = _processes(app)
    gid = game["id"]
    remembered = other.load(gid).folded
    raw = svc.store.raw(gid)
    last = json.loads(raw[-1][1])
    edited = store.seal({**last, "t": last["t"] + 1234})  # resealed: a new hash at the memo's version
    _rewrite(rds, gid, [*raw[:-1], (raw[-1][0], store.canonical(edited))])
    for process in (svc, other):
        folded = process.load(gid).folded
        assert folded == _replay(svc, gid) and folded != remembered
        assert folded.last_hash == edited["hash"] and folded.times[-1] == last["t"] + 1234


def test_a_log_shorter_than_the_memo_is_not_answered_from_it(
    app: Flask, client: FlaskClient, rds: redis.Redis
) -> None:
    game = create(client)
    _play(client, game, 4)
    svc, other = _processes(app)
    gid = game["id"]
    remembered = other.load(gid).folded
    _rewrite(rds, gid, svc.store.raw(gid)[:-2])
    folded = other.load(gid).folded
    assert folded.version == remembered.version - 2
    assert folded == fold(other.load(gid).game, None, svc.store.read(gid))


def test_the_memo_is_a_bounded_lru() -> None:
    memo = FoldMemo(size=2)
    for gid in ("a", "b"):
        memo.put(gid, "e1", Folded(version=1))
    memo.get("a")  # "b" is now the least recently used
    memo.put("c", "e1", Folded(version=2))
    assert memo.get("b") is None and memo.get("a") is not None and memo.get("c") is not None
    memo.put("d", "e1", Folded(version=0))  # an empty fold is never remembered
    assert memo.get("d") is None and len(memo) == 2
