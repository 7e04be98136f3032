"""Nothing read back from Redis can run code: snapshots are unpickled only when sealed with SECRET_KEY."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from service import snapshots, store
from service.fold import fold
from service.games import GameService
from tests.service.conftest import create
from tests.service.test_api import play_to_end


class Payload:
    """A pickle that, when loaded, creates a file: proof that code ran."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.path}",)


def _finished(app: Flask, client: FlaskClient) -> tuple[GameService, str, str]:
    game = create(client)
    play_to_end(client, game)
    svc: GameService = app.extensions["castillo"]
    return svc, game["id"], svc.load(game["id"]).game.ENGINE_VERSION


def test_a_crafted_snapshot_is_refused_without_running_anything(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:  # Trust finding 3
    svc, gid, field = _finished(app, client)
    proof = tmp_path / "ran"
    replay = fold(svc.load(gid).game, None, svc.store.read(gid))
    forged = [pickle.dumps(Payload(proof)), b"\0" * 32 + pickle.dumps(Payload(proof))]
    for blob in forged:  # a bare pickle, and one behind a made-up MAC
        svc.redis.hset(store.snapshot_key(gid), field, blob)
        fresh = GameService(svc.redis, svc.config)  # a cold load reads the snapshot
        assert fresh.load(gid).folded == replay
        assert not proof.exists()


def test_a_sealed_snapshot_opens_only_for_its_key_game_and_engine(app: Flask, client: FlaskClient) -> None:
    svc, gid, field = _finished(app, client)
    blob = svc.redis.hget(store.snapshot_key(gid), field)
    secret = svc.config.SECRET_KEY
    assert snapshots.unseal(secret, gid, field, blob) is not None
    assert snapshots.unseal("another-key", gid, field, blob) is None
    assert snapshots.unseal(secret, "another-game", field, blob) is None
    assert snapshots.unseal(secret, gid, "another-engine", blob) is None
    flipped = blob[:-1] + bytes([blob[-1] ^ 1])
    assert snapshots.unseal(secret, gid, field, flipped) is None
