"""The per-process fold memo (service.memo): used only for its exact (version, hash, engine)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from engine import rng
from engine.audit import sealed_hash
from service import sealing, store
from service.app import create_app
from service.config import Config
from service.fold import Folded, fold
from service.games import GameService
from service.memo import FoldMemo, sha1
from service.packing import unpack
from service.sealing import Item
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
    memory = other.memo.get(gid)
    assert memory is not None and (memory.engine_version, memory.folded) == (
        after.game.ENGINE_VERSION,
        after.folded,
    )


def test_a_memo_whose_hash_is_not_the_logs_is_never_used(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    _play(client, game, 4)
    svc, other = _processes(app)
    gid = game["id"]
    loaded = other.load(gid)
    forged = replace(loaded.folded, state=None, last_hash="f" * 64)  # right version, wrong hash
    other.memo.put(gid, loaded.game.ENGINE_VERSION, forged)
    assert other.load(gid).folded == _replay(svc, gid) == loaded.folded
    memory = other.memo.get(gid)
    assert memory is not None and memory.folded == loaded.folded  # replaced


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
    last = unpack(raw[-1][1], gid)
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


# ----- moves decided on the memo and appended with a guard (GameService.recall)


def _second_process(config: Config) -> FlaskClient:
    """Returns a client of another app on the same Redis: its own GameService and memo."""
    return create_app(config).test_client()


def _due_move(client: FlaskClient, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Returns the token of the seat due and its first legal move."""
    seat = client.get(f"/games/{game['id']}").get_json()["prompts"][0]["seat"]
    token = game["seats"][seat]["token"]
    move = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
    return token, move


class _Counter:
    """Counts the round trips a GameService makes to Redis (commands and pipelines)."""

    def __init__(self, svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        execute, pipeline = svc.redis.execute_command, svc.redis.pipeline

        def counted_execute(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(str(args[0]))
            return execute(*args, **kwargs)

        def counted_pipeline(*args: Any, **kwargs: Any) -> Any:
            self.calls.append("pipeline")
            return pipeline(*args, **kwargs)

        monkeypatch.setattr(svc.redis, "execute_command", counted_execute)
        monkeypatch.setattr(svc.redis, "pipeline", counted_pipeline)


def test_a_move_on_a_remembered_game_is_one_round_trip(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = create(client)
    _play(client, game, 2)  # this process now remembers the game as it wrote it
    token, move = _due_move(client, game)
    counter = _Counter(app.extensions["castillo"], monkeypatch)
    answer = client.post(
        f"/games/{game['id']}/moves", json={"move": move}, headers={**bearer(token), **key()}
    )
    assert answer.status_code == 201, answer.get_json()
    assert counter.calls == ["EVALSHA"]  # no read: the guarded append is the only call
    svc: GameService = app.extensions["castillo"]
    assert svc.load(game["id"]).folded == _replay(svc, game["id"])


def test_a_remembered_game_another_process_moved_on_is_decided_on_the_log(
    app: Flask, client: FlaskClient, config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = create(client)
    _play(client, game, 2)
    other = _second_process(config)
    _play(other, game, 3)  # the log moves on where this process does not see it
    svc: GameService = app.extensions["castillo"]
    behind = svc.memo.get(game["id"])
    assert behind is not None and behind.folded.version < svc.store.version(game["id"])
    token, move = _due_move(other, game)
    counter = _Counter(svc, monkeypatch)
    answer = client.post(
        f"/games/{game['id']}/moves", json={"move": move}, headers={**bearer(token), **key()}
    )
    assert answer.status_code == 201, answer.get_json()
    assert counter.calls[-2:] == [
        "pipeline",
        "EVALSHA",
    ]  # read afresh (after a refusal, if any), then appended
    assert answer.get_json()["version"] == svc.store.version(game["id"])
    assert svc.load(game["id"]).folded == _replay(svc, game["id"])


def test_an_if_match_of_a_remembered_version_the_log_left_is_refused(
    app: Flask, client: FlaskClient, config: Config
) -> None:
    game = create(client)
    _play(client, game, 2)
    svc: GameService = app.extensions["castillo"]
    remembered = svc.memo.get(game["id"])
    assert remembered is not None
    other = _second_process(config)
    _play(other, game, 1)
    token, move = _due_move(other, game)
    stale = remembered.folded.version  # this process would accept it; the log does not
    answer = client.post(
        f"/games/{game['id']}/moves",
        json={"move": move},
        headers={**bearer(token), **key(), "If-Match": f'"{stale}"'},
    )
    assert answer.status_code == 412 and answer.get_json()["version"] == svc.store.version(game["id"])


def test_a_token_reissued_in_another_process_stops_working_here_at_once(
    client: FlaskClient, config: Config
) -> None:
    game = create(client, emails=False)
    _play(client, game, 2)
    token, move = _due_move(client, game)
    seat = next(s["seat"] for s in game["seats"] if s["token"] == token)
    other = _second_process(config)
    reissued = other.post(f"/games/{game['id']}/seats/{seat}/token", headers=bearer(game["admin_token"]))
    assert reissued.status_code == 201, reissued.get_json()
    old = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers={**bearer(token), **key()})
    assert old.status_code == 401  # this process remembered the old metadata; the log refused it
    fresh = reissued.get_json()["token"]
    new = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers={**bearer(fresh), **key()})
    assert new.status_code == 201, new.get_json()


def test_a_retry_on_a_remembered_game_returns_the_first_answer(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    _play(client, game, 2)
    token, move = _due_move(client, game)
    headers = {**bearer(token), **key()}
    first = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers=headers)
    again = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    other = client.post(f"/games/{game['id']}/moves", json={"move": {"type": "x"}}, headers=headers)
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency-mismatch"
    svc: GameService = app.extensions["castillo"]
    assert svc.store.version(game["id"]) == first.get_json()["version"]


def test_an_edited_entry_under_a_remembered_game_sends_the_move_to_the_log(
    app: Flask, client: FlaskClient, config: Config, rds: redis.Redis
) -> None:
    game = create(client)
    _play(client, game, 3)
    svc: GameService = app.extensions["castillo"]
    gid = game["id"]
    raw = svc.store.raw(gid)
    last = unpack(raw[-1][1], gid)
    body = {k: v for k, v in last.items() if k != "hash"} | {"t": last["t"] + 1}  # same version, other bytes
    prev, seed = svc.store.read(gid)[-2]["hash"], svc.load(gid).folded.seed  # v-1 may store none
    edited, blob = sealing.seal_v2(body, prev, rng.salt(seed, last["v"]))
    _rewrite(rds, gid, [*raw[:-1], (raw[-1][0], blob)])
    remembered = svc.memo.get(gid)
    assert remembered is not None and remembered.folded.last_hash != edited["hash"]
    token, move = _due_move(_second_process(config), game)
    answer = client.post(f"/games/{gid}/moves", json={"move": move}, headers={**bearer(token), **key()})
    assert answer.status_code == 201, answer.get_json()
    after = svc.store.read(gid)[last["v"]]  # chained to the edited entry (prev is inside the hash)
    assert after["hash"] == sealed_hash(after, edited["hash"], rng.salt(seed, after["v"]))
    assert svc.load(gid).folded == _replay(svc, gid)


def test_the_append_guard_refuses_other_metadata_or_another_entry_at_the_version(
    app: Flask, client: FlaskClient
) -> None:
    game = create(client)
    _play(client, game, 1)
    svc: GameService = app.extensions["castillo"]
    loaded = svc.load(game["id"])
    assert loaded.meta_raw is not None and loaded.anchor is not None
    event = {"type": "seat_absent", "seat": 0}
    good = (sha1(loaded.meta_raw), loaded.anchor)
    for guard in [(sha1(loaded.meta_raw + b" "), loaded.anchor), (good[0], sha1(b"another entry"))]:
        ready = svc.prepare(loaded, [Item("service", event)], "system", None)
        outcome = svc.store.append(
            store.Append(game["id"], loaded.version, ready.envs, encoded=ready.encoded, guard=guard)
        )
        assert outcome.status == "stale" and svc.store.version(game["id"]) == loaded.version
    ready = svc.prepare(loaded, [Item("service", event)], "system", None)
    outcome = svc.store.append(
        store.Append(game["id"], loaded.version, ready.envs, encoded=ready.encoded, guard=good)
    )
    assert outcome.status == "ok" and svc.store.version(game["id"]) == loaded.version + 1
