"""Packed log entries unpack into the very envelope that was sealed; logs stored as JSON still read,
export and verify as before; idempotency records of moves are small and answer as the first time."""

from __future__ import annotations

import hashlib

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from service import idem, packing, store
from service.audit import check_chain
from service.games import GameService
from tests.service.conftest import bearer, create, key
from tests.service.test_api import play_to_end

# A dictionary never changes once entries name it (service.packing): new ones get new ids.
PINNED = {
    "elgrande.1": "07aeffe6e541c5d38d3e98da5cc3b4a780d2a6280b9e9787b526911ee3149d12",
    "kabale.1": "21408ecb1a486e85d3fe7bf66a723f26b266a8296ea3ffaef9f8a4848e8cc9f8",
}


def test_the_dictionaries_never_change() -> None:
    for number, name in enumerate(packing.DICTIONARIES[1:], start=1):
        assert hashlib.sha256(packing.dictionary_bytes(number)).hexdigest() == PINNED[name]


@pytest.mark.parametrize(
    "envelope",
    [
        {
            "game": "g",
            "v": 7,
            "t": 1,
            "kind": "engine",
            "group": 5,
            "actor": {"seat": 3},
            "event": {"a": "é"},
        },
        {
            "game": "g",
            "v": 1,
            "t": 2,
            "kind": "service",
            "group": 1,
            "actor": "system",
            "event": {},
            "hash": "a" * 64,
        },
        {
            "game": "g",
            "v": 300,
            "kind": "other",
            "actor": {"seat": 999},
            "event": {"x": [1.5, None]},
            "hash": "F" * 64,
        },
        {"game": "g", "v": 2, "t": -1, "group": 3, "actor": {"seat": 1, "n": 2}, "cause": {"move": None}},
        {"game": "g", "v": 9, "actor": "deadline", "rules": {"engine": "e"}, "event": {"type": "played"}},
    ],
)
def test_an_envelope_unpacks_as_sealed(envelope: dict) -> None:
    for words in ("", "elgrande", "kabale"):
        blob = packing.pack(envelope, words)
        assert blob[:1] == packing.MARK and packing.problem(blob, "g") is None
        assert packing.unpack(blob, "g") == envelope
        assert list(packing.unpack(blob, "g")) == sorted(envelope)  # as json.loads of canonical JSON


def test_an_envelope_without_game_or_version_is_stored_as_canonical_json() -> None:
    for odd in ({"v": 1, "event": {}}, {"game": "g", "v": "1"}, {"game": "g", "v": 0}):
        assert packing.pack(odd, "kabale") == store.canonical(odd)


def test_packed_bytes_that_could_read_two_ways_are_a_problem() -> None:
    blob = packing.pack({"game": "g", "v": 1, "kind": "engine", "event": {}}, "")
    assert packing.problem(blob[:-1] + b',"kind":"service"}', "g") is not None  # a field taken out, again
    assert packing.problem(blob.replace(b'{"event":{}}', b'{"event": {}}'), "g") is not None
    assert packing.problem(blob[:4], "g") is not None
    assert packing.problem(b'{"b":1,"a":2}', "g") == "stored bytes are not canonical JSON"


def test_a_game_stored_as_json_reads_exports_and_verifies_as_before(
    client: FlaskClient, app: Flask, rds: redis.Redis
) -> None:
    game = create(client)
    play_to_end(client, game)
    gid, svc = game["id"], app.extensions["castillo"]
    before = [client.get(f"/games/{gid}/{what}").get_data() for what in ("record", "verify", "events")]
    raw, envs = svc.store.raw(gid), svc.store.read(gid)
    rds.delete(store.log_key(gid), store.snapshot_key(gid))
    for (entry_id, _), env in zip(raw, envs, strict=True):  # as format 2 was stored before packing
        rds.xadd(store.log_key(gid), {store.FIELD: store.canonical(env)}, id=entry_id)
    fresh = GameService(svc.redis, svc.config)
    app.extensions["castillo"] = fresh
    assert [
        client.get(f"/games/{gid}/{what}").get_data() for what in ("record", "verify", "events")
    ] == before
    assert not check_chain(gid, svc.store.raw(gid))


def test_a_moves_idempotency_record_is_small_and_answers_as_the_first_time(
    client: FlaskClient, app: Flask, rds: redis.Redis
) -> None:
    game = create(client)
    gid = game["id"]
    seat = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    token = game["seats"][seat]["token"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
    headers = {**bearer(token), **key()}
    pattern = f"{store.prefix()}:{store.tag(gid)}:i:*"
    before = set(rds.scan_iter(match=pattern))
    first = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
    names = set(rds.scan_iter(match=pattern)) - before
    records = [rds.get(k) for k in names]
    assert len(records) == 1 and records[0][:1] == idem.MOVE and len(records[0]) < 24
    assert len(names.pop()) == len(f"{store.prefix()}:{store.tag(gid)}:i:") + 22
    for process in (app.extensions["castillo"], GameService(rds, app.extensions["castillo"].config)):
        app.extensions["castillo"] = process  # one that remembers the game, one that reads it afresh
        again = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
        assert again.status_code == 201 and again.get_json() == first.get_json()
    play_to_end(client, game)  # later moves, the game over: the record still answers as then
    again = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
    assert again.get_json() == first.get_json()


def test_a_record_under_its_old_name_still_answers_retries(
    client: FlaskClient, app: Flask, rds: redis.Redis
) -> None:
    """Records written before idempotency keys got short names (`idem:<scope>`) answer for their
    24 h: a retry read from the log, and one that reaches the append script."""
    game = create(client)
    gid = game["id"]
    seat = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    token = game["seats"][seat]["token"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
    headers = {**bearer(token), **key()}
    before = set(rds.scan_iter(match=f"{store.prefix()}:{store.tag(gid)}:i:*"))
    first = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
    (name,) = set(rds.scan_iter(match=f"{store.prefix()}:{store.tag(gid)}:i:*")) - before
    ident = hashlib.sha256(token.encode()).hexdigest()  # as service.api.common scopes it
    route = f"POST /games/{gid}/moves"
    scope = hashlib.sha256(f"{ident}|{route}|{headers['Idempotency-Key']}".encode()).hexdigest()
    assert store.idem_key(gid, scope).encode() == name
    old = store.idem_keys(gid, scope)[1]
    assert old.endswith(f":idem:{scope}")
    rds.rename(name, old)
    for process in (app.extensions["castillo"], GameService(rds, app.extensions["castillo"].config)):
        app.extensions["castillo"] = process
        again = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
        assert again.status_code == 201 and again.get_json() == first.get_json()
        other = client.post(f"/games/{gid}/moves", json={"move": {"type": "pass"}}, headers=headers)
        assert other.get_json()["code"] == "idempotency-mismatch"
    svc = app.extensions["castillo"]
    loaded = svc.load(gid)
    raced = store.Append(gid, loaded.version, [], idem_scope=scope, idem_record=b"x")
    assert svc.store.append(raced).status == "idem" and svc.store.version(gid) == loaded.version


def test_only_a_groups_last_entry_stores_its_hash_and_every_read_derives_the_others(
    client: FlaskClient, app: Flask
) -> None:
    game = create(client)
    play_to_end(client, game)
    gid, svc = game["id"], app.extensions["castillo"]
    stored = [packing.unpack(blob, gid) for _, blob in svc.store.raw(gid)]
    ends = {
        e["v"]
        for e, after in zip(stored, [*stored[1:], None])
        if after is None or after["group"] != e["group"]
    }
    assert {e["v"] for e in stored if "hash" in e} == ends and len(ends) < len(stored)
    whole = GameService(svc.redis, svc.config).store.read(gid)  # a process that knows nothing yet
    assert [e["v"] for e in whole] == list(range(1, len(stored) + 1))
    assert not check_chain(gid, svc.store.raw(gid))
    seed = svc.load(gid).folded.seed
    for after in range(len(whole)):  # any range, mid-group or not, with or without the seed
        for until in {after + 1, min(after + 5, len(whole))}:
            assert svc.store.read(gid, after, until) == whole[after:until]
            assert svc.store.read(gid, after, until, seed) == whole[after:until]
    with pytest.raises(packing.NoContext):
        packing.complete([e for e in stored if "hash" not in e][:1], None, seed)
    assert packing.complete(stored, packing.ZERO_HASH) == whole
    fresh = GameService(svc.redis, svc.config)  # no memo: the receipt of a derived hash reads back
    derived = next(e for e in stored if "hash" not in e)
    payload = fresh.keys.check(fresh.receipt(gid, derived["v"]))
    assert payload is not None and payload["hash"] == whole[derived["v"] - 1]["hash"]
