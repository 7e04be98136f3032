"""Games stored before format 2 still verify, and format 2 keeps every hash out of a guesser's reach.

`tests/data/format1-kabale.log` is a finished 2-seat Kabale game stored by the code before
format 2 (its metadata on the first line, then the stored entries): `verify` knows it forever
(design.md decision 1), on the server and offline.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from clients.python.audit import verify_record
from engine.audit import log_format
from service import store
from service.games import GameService
from tests.service.conftest import create

DATA = Path(__file__).resolve().parents[1] / "data" / "format1-kabale.log"


def _stored_format1(svc: GameService) -> tuple[str, list[bytes]]:
    """Writes the format-1 game into the store (under this run's prefix); returns its id and entries."""
    lines = DATA.read_bytes().splitlines()
    meta, blobs = json.loads(lines[0])["meta"], lines[1:]
    gid = meta["id"]
    svc.redis.delete(store.log_key(gid), store.meta_key(gid), store.snapshot_key(gid))
    svc.redis.set(store.meta_key(gid), json.dumps(meta))
    for v, blob in enumerate(blobs, start=1):
        svc.redis.xadd(store.log_key(gid), {store.FIELD: blob}, id=store.entry_id(v))
    return gid, blobs


def test_a_format1_game_still_verifies_on_the_server_and_offline(app: Flask, client: FlaskClient) -> None:
    svc: GameService = app.extensions["castillo"]
    gid, blobs = _stored_format1(svc)
    entries = [json.loads(b) for b in blobs]
    assert log_format(entries) == 1 and any("salt" in e for e in entries)
    report = client.get(f"/games/{gid}/verify").get_json()
    assert report["ok"] and report["complete"] and report["replay"]["ok"], report
    record = client.get(f"/games/{gid}/record").get_data(as_text=True)
    audit = verify_record(record)
    assert audit.ok and audit.replayed and audit.withheld == 0, audit.problems
    edited = entries[40] | {"t": entries[40]["t"] + 1}
    tampered = [json.dumps(edited if i == 40 else e) for i, e in enumerate(entries)]
    assert not verify_record("\n".join(tampered)).ok


def test_format2_hashes_cannot_be_checked_without_the_seed(client: FlaskClient) -> None:
    game = create(client)
    token = game["seats"][0]["token"]
    for headers in ({"Authorization": f"Bearer {token}"}, {}):  # a seat, a spectator
        record = client.get(f"/games/{game['id']}/record", headers=headers).get_data(as_text=True)
        audit = verify_record(record)
        assert audit.ok and audit.withheld == audit.versions  # nothing a guess could be tested on
    report = client.get(f"/games/{game['id']}/verify").get_json()
    assert report["ok"] and report["chain"]["ok"]  # the server holds the seed: it checks every hash
