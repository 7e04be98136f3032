"""Event-store tests on real Redis: races, snapshots = replay, view at N, tampering, deadlines keys."""

from __future__ import annotations

import json
import threading
from typing import Any

import redis
from flask import Flask
from flask.testing import FlaskClient

from engine import rng
from engine.audit import log_seed, sealed_hash
from service import moving, packing, sealing, snapshots, store
from service.audit import verify
from service.core import SNAPSHOT_EVERY
from service.fold import fold
from service.games import GameService
from service.packing import unpack
from service.sealing import Item
from tests.service.conftest import bearer, create, key
from tests.service.test_api import play_to_end


def _due(client: FlaskClient, game: dict[str, Any]) -> tuple[int, dict[str, Any], int]:
    summary = client.get(f"/games/{game['id']}").get_json()
    seat = summary["prompts"][0]["seat"]
    token = game["seats"][seat]["token"]
    move = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
    return seat, move, summary["version"]


def _snapshot(svc: GameService, gid: str, engine_version: str) -> Any:
    """Returns the game's stored snapshot, opened with the service's key (it must be there)."""
    blob = svc.redis.hget(store.snapshot_key(gid), engine_version)
    snap = snapshots.unseal(svc.config.SECRET_KEY, gid, engine_version, blob)
    assert snap is not None
    return snap


def _play_one(client: FlaskClient, game: dict[str, Any]) -> int:
    """Plays the first legal move of the seat due; returns the new version."""
    seat, move, _ = _due(client, game)
    headers = {**bearer(game["seats"][seat]["token"]), **key()}
    answer = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers=headers)
    return int(answer.get_json()["version"])


def test_twenty_concurrent_submits_append_exactly_once(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    seat, move, version = _due(client, game)
    token = game["seats"][seat]["token"]
    statuses: list[tuple[int, str]] = []
    barrier = threading.Barrier(20)

    def submit() -> None:
        own = app.test_client()
        barrier.wait()
        answer = own.post(
            f"/games/{game['id']}/moves",
            json={"move": move, "expected_version": version},
            headers={**bearer(token), **key()},
        )
        statuses.append((answer.status_code, answer.get_json().get("code", "")))

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses).count((201, "")) == 1, statuses
    assert all(s in {(201, ""), (409, "version-conflict"), (409, "not-your-turn")} for s in statuses), (
        statuses
    )
    assert sum(1 for s in statuses if s[1] == "version-conflict") >= 1
    entries = client.get(f"/games/{game['id']}/events?limit=500").get_json()["entries"]
    assert sum(1 for e in entries if e.get("actor") == {"seat": seat}) >= 1
    assert client.get(f"/games/{game['id']}/verify").get_json()["ok"]


def test_snapshot_equals_full_replay(app: Flask, client: FlaskClient, rds: redis.Redis) -> None:
    game = create(client, seats=4)
    play_to_end(client, game)
    svc: GameService = app.extensions["castillo"]
    gid = game["id"]
    loaded = svc.load(gid)
    snap = _snapshot(svc, gid, loaded.game.ENGINE_VERSION)
    replay = fold(loaded.game, None, svc.store.read(gid))
    assert snap.version == replay.version == loaded.version
    assert snap.state == replay.state and snap.table == replay.table and snap.times == replay.times
    assert loaded.game.view(snap.state, "all") == loaded.game.view(replay.state, "all")
    fresh = GameService(svc.redis, svc.config)  # another process: no in-process cache
    assert fresh.load(gid).folded.state == replay.state


def test_view_at_n_equals_the_fold_of_the_first_n_entries(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    while _play_one(client, game) <= SNAPSHOT_EVERY:
        pass
    _play_one(client, game)  # so the snapshot (taken on crossing SNAPSHOT_EVERY) is mid-game
    svc: GameService = app.extensions["castillo"]
    gid, token = game["id"], game["seats"][0]["token"]
    loaded = svc.load(gid)
    snap = _snapshot(svc, gid, loaded.game.ENGINE_VERSION)
    assert 0 < snap.version < loaded.version
    fresh = GameService(svc.redis, svc.config).load(gid)  # snapshot mid-game + the entries after it
    assert fresh.folded == fold(loaded.game, None, svc.store.read(gid))
    for n in range(2, loaded.version + 1):
        served = client.get(f"/games/{gid}/state?at={n}", headers=bearer(token)).get_json()
        folded = fold(loaded.game, None, svc.store.read(gid, 0, n))
        assert served["version"] == n
        assert served["view"] == json.loads(json.dumps(loaded.game.view(folded.state, 0)))


def test_editing_a_stored_event_is_detected(app: Flask, client: FlaskClient, rds: redis.Redis) -> None:
    game = create(client)
    play_to_end(client, game)
    gid = game["id"]
    assert client.get(f"/games/{gid}/verify").get_json()["ok"]
    svc: GameService = app.extensions["castillo"]
    raw, envs = svc.store.raw(gid), svc.store.read(gid)
    key_ = store.log_key(gid)
    victim = unpack(raw[12][1], gid)
    victim["event"] = {**victim["event"], "column": (victim["event"].get("column", 0) or 0) + 1}
    rds.delete(key_)
    for entry_id, blob in raw:
        data = store.canonical(victim) if entry_id == raw[12][0] else blob
        rds.xadd(key_, {"envelope": data}, id=entry_id)
    report = client.get(f"/games/{gid}/verify").get_json()
    # caught at v13's own hash if stored, else at the next stored one (its group's last), whose
    # hash covers v13 through the derived ones: the problem names every entry it covers
    assert not report["ok"] and [_span(p) for p in report["chain"]["problems"]] == [
        (envs[12]["group"], _group_end(envs, 12))
    ]
    # a forger who also recomputes the hash (the seed is in Redis too) breaks the next link:
    # v14's hash covers v13's old hash
    seed = log_seed(envs)
    body = {k: v for k, v in victim.items() if k != "hash"}
    _, resealed = sealing.seal_v2(body, envs[11]["hash"], rng.salt(seed, 13))
    problems = verify(
        app.extensions["castillo"].load(gid).game,
        gid,
        [(i, resealed if i == raw[12][0] else b) for i, b in raw],
        True,
    )
    assert not problems["ok"] and [_span(p) for p in problems["chain"]["problems"]] == [
        (14, _group_end(envs, 13))
    ]


def _span(problem: str) -> tuple[int, int]:
    """Returns the versions a chain problem names (`v13: ...` or `v12-v15: ...`)."""
    first, _, last = problem.split(":")[0].partition("-")
    return int(first[1:]), int((last or first)[1:])


def _group_end(envs: list, index: int) -> int:
    """Returns the version of the last entry of the group of `envs[index]` (its hash is stored)."""
    group = envs[index]["group"]
    return max(e["v"] for e in envs if e["group"] == group)


def test_append_writes_outbox_and_deadline_keys(app: Flask, client: FlaskClient, rds: redis.Redis) -> None:
    game = create(client)
    gid = game["id"]
    bucket = store.bucket_of(gid)
    outbox = rds.xrange(store.outbox_key(bucket))
    mine = [(int(f[b"first"]), int(f[b"v"])) for _, f in outbox if f[b"game"].decode() == gid]
    assert mine == [(1, 9)]  # one outbox entry per append, naming the versions it added
    summary = client.get(f"/games/{gid}").get_json()
    prompt = summary["prompts"][0]
    member = f"{gid}|{prompt['seat']}|{prompt['prompt']}"
    assert rds.zscore(store.zset_key(bucket), member) == prompt["deadline"]
    stored = json.loads(rds.hget(store.deadlines_key(gid), f"{prompt['seat']}|{prompt['prompt']}"))
    assert stored["deadline"] == prompt["deadline"] and stored["kind"] == prompt["kind"]
    seat, move, _ = _due(client, game)
    client.post(
        f"/games/{gid}/moves", json={"move": move}, headers={**bearer(game["seats"][seat]["token"]), **key()}
    )
    assert rds.zscore(store.zset_key(bucket), member) is None
    assert store.tag(gid) in store.log_key(gid) and store.tag(gid) in store.idem_key(gid, "x")


def test_sealed_bytes_are_the_canonical_json_of_the_sealed_envelope() -> None:
    base = {"game": "g1", "v": 3, "t": 5, "kind": "engine", "actor": {"seat": 0}, "prev": "0" * 64}
    envelopes = [
        {**base, "cause": {"move": {"kind": "x", "game": "g1"}, "idempotency_key": "k"}, "event": {"a": "é"}},
        {**base, "cause": {"move": None, "idempotency_key": None}, "event": {"kind": 1}, "salt": "ff"},
        {**base, "kind": "service", "actor": "system", "hash": "stale"},
        {"kind": "engine"},
        {"a": 1},
        {"z": 1},
        {},
    ]
    for envelope in envelopes:
        expected = (store.seal(envelope), store.canonical(store.seal(envelope)))
        assert store.seal_entry(envelope, store.canonical(envelope.get("cause"))) == expected, envelope


def test_entries_written_out_directly_are_the_canonical_json_of_the_sealed_entry() -> None:
    entry = {"game": "g1", "v": 3, "t": 5, "kind": "engine", "actor": {"seat": 0}, "prev": "0" * 64}
    entry["cause"] = {"move": {"type": "play", "note": 'é "q" \\'}, "idempotency_key": "a b"}
    variants = [
        {},
        {"salt": "ab" * 32},
        {"actor": "deadline", "kind": "service"},
        {"actor": {"seat": 1, "x": 2}},
        {"actor": {"seat": True}},
        {"game": "ünïcode id", "prev": 'needs "escaping"'},
        {"event": {"z": [1, 2.5, None], "a": {"é": True}}},
        {"t": 5.0},  # not an int: written by the encoder
        {"v": True},
        {"extra": 1},  # another shape
    ]
    for change in variants:
        envelope = {**entry, "event": {"type": "x"}, **change}
        expected = (store.seal(envelope), store.canonical(store.seal(envelope)))
        assert store.seal_entry(envelope, store.canonical(envelope["cause"])) == expected, change


def test_the_events_of_a_batch_are_sealed_with_their_own_causes(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    svc: GameService = app.extensions["castillo"]
    loaded = svc.load(game["id"])
    seat = next(iter(loaded.game.pending(loaded.folded.state)))
    first = loaded.game.legal_moves(loaded.folded.state, seat)[0]
    items, _ = moving.decide_all(loaded, seat, [first])
    twin = dict(first)  # an equal move given again is still its own cause
    batch = [*items, *[Item("engine", {"type": "x"}, {"other": 1}), Item("engine", {"type": "y"}, twin)]]
    envs, encoded = sealing.envelopes(loaded, batch, {"seat": seat}, "k", 7)
    starts = [0, len(items), len(items) + 1]  # the three moves: the decided one, x, y
    prev = loaded.folded.last_hash
    for i, (env, raw, item) in enumerate(zip(envs, encoded, batch)):
        first = max(s for s in starts if s <= i)
        assert env["group"] == envs[first]["v"]  # format 2: one group per move, its cause once
        assert env.get("cause") == ({"move": item.move, "idempotency_key": "k"} if i == first else None)
        # stored packed (service.packing); only the last entry of each move stores its hash
        last_of_move = i + 1 in starts or i == len(batch) - 1
        assert unpack(raw, env["game"]) == (
            env if last_of_move else {k: v for k, v in env.items() if k != "hash"}
        )
        assert env["hash"] == sealed_hash(env, prev, rng.salt(loaded.folded.seed, env["v"]))
        prev = env["hash"]
    stored = [unpack(raw, envs[0]["game"]) for raw in encoded]
    assert packing.complete(stored, loaded.folded.last_hash, loaded.folded.seed) == envs


def test_a_snapshot_off_the_log_is_ignored_on_a_cold_load(app: Flask, client: FlaskClient) -> None:
    game = create(client)
    play_to_end(client, game)
    svc: GameService = app.extensions["castillo"]
    gid = game["id"]
    loaded = svc.load(gid)
    field = loaded.game.ENGINE_VERSION
    snap = _snapshot(svc, gid, field)
    snap.last_hash, snap.state = "f" * 64, None  # a snapshot that does not match the stored log
    svc.redis.hset(store.snapshot_key(gid), field, snapshots.seal(svc.config.SECRET_KEY, gid, field, snap))
    fresh = GameService(svc.redis, svc.config).load(gid)
    assert fresh.folded == fold(loaded.game, None, svc.store.read(gid)) == loaded.folded
