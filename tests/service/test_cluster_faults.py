"""A Redis Cluster master that crashes while players move loses no acknowledged move: restarted
from its AOF, or replaced by its replica (a failover; appends wait for one replica, WAIT).

Each test runs its own local cluster (tests.cluster, AOF with `appendfsync always`), plays
Kabale games spread over all three masters through the HTTP API from several threads, kills
one master (SIGKILL) in the middle and keeps playing. Every move answered 201 must be in its
log afterwards, as the very entry its receipt signed; moves on the dead master's slots are
refused with 503 meanwhile, and the others go on.
"""

from __future__ import annotations

import base64
import json
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.app import create_app
from service.config import Config
from service.store import Store, log_key
from tests.cluster import LocalCluster, wait_for
from tests.conftest import GENEROUS, connect, store_urls

pytestmark = pytest.mark.large
GAMES = 18
THREADS = 3
LOAD_S = 9.0  # the whole run of moves; the master is down from 2.5 s to about 4.5 s of it


@pytest.fixture
def cluster(redis_server: str) -> Iterator[LocalCluster]:
    running = LocalCluster().start()
    yield running
    running.stop()


@pytest.fixture
def replicated(redis_server: str) -> Iterator[LocalCluster]:
    running = LocalCluster(replicas=1).start()
    yield running
    running.stop()


def _app(url: str) -> Flask:
    return create_app(Config(**store_urls(url), SECRET_KEY="fault-test", **GENEROUS))


def _receipt_hash(header: str) -> tuple[int, str]:
    """Returns (v, hash) of a Castillo-Receipt (a compact JWS; the payload is not checked here)."""
    payload = header.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return int(claims["v"]), str(claims["hash"])


class Load:
    """Plays moves in threads until `until`, keeping every acknowledged move and counting refusals."""

    def __init__(self, app: Flask, games: list[dict[str, Any]], until: float) -> None:
        self.app, self.games, self.until = app, games, until
        self.acked: list[tuple[str, int, str, float]] = []  # (game, v, hash, when) of every 201
        self.refused: list[float] = []  # times of 503s
        self.unexpected: list[Any] = []  # answers to moves neither 201 nor 503
        self.lock = threading.Lock()

    def run(self, share: list[dict[str, Any]]) -> None:
        client = self.app.test_client()
        while time.time() < self.until:
            for game in share:
                self.move(client, game)

    def move(self, client: Any, game: dict[str, Any]) -> None:
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        summary = client.get(f"/games/{gid}")
        if self.unavailable(summary) or summary.get_json()["status"] != "running":
            return
        seat = summary.get_json()["prompts"][0]["seat"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = client.get(f"/games/{gid}/legal-moves", headers=auth)
        if self.unavailable(legal):
            return
        move = legal.get_json()["moves"][0]
        answer = client.post(
            f"/games/{gid}/moves", json={"move": move}, headers={**auth, "Idempotency-Key": uuid.uuid4().hex}
        )
        if self.unavailable(answer):
            return
        with self.lock:
            if answer.status_code != 201:
                self.unexpected.append(answer.get_json())
            else:
                self.acked.append((gid, *_receipt_hash(answer.headers["Castillo-Receipt"]), time.time()))

    def unavailable(self, answer: Any) -> bool:
        """Says whether `answer` is a 503 (the store unavailable), noting when it came."""
        if answer.status_code != 503:
            return False
        with self.lock:
            self.refused.append(time.time())
        return True


def _games(app: Flask) -> list[dict[str, Any]]:
    client, games = app.test_client(), []
    for _ in range(GAMES):
        body = {"game": "kabale", "seats": [{"name": "A"}, {"name": "B"}]}
        created = client.post("/games", json=body, headers={"Idempotency-Key": uuid.uuid4().hex})
        assert created.status_code == 201, created.get_json()
        games.append(created.get_json())
    return games


def _under_load(cluster: LocalCluster, recover: Any) -> tuple[Load, dict[str, int], int, float, float]:
    """Plays for LOAD_S, killing at 2.5 s the master holding most games, then `recover(victim)`;
    returns the load, each game's master port (before), the victim's port, and when it died and
    when the cluster was whole again."""
    app = _app(cluster.url)
    games = _games(app)
    store = connect(cluster.url)
    owner = {g["id"]: store.get_node_from_key(log_key(g["id"])).port for g in games}
    victim = max(cluster.masters(), key=lambda n: sum(p == n.port for p in owner.values()))
    assert len(set(owner.values())) == 3 and victim.port in owner.values()
    load = Load(app, games, time.time() + LOAD_S)
    threads = [threading.Thread(target=load.run, args=(games[i::THREADS],)) for i in range(THREADS)]
    for t in threads:
        t.start()
    time.sleep(2.5)
    victim.kill()
    down = time.time()
    recover(victim)
    cluster.wait_ok(replicas=0)  # a promoted replica has none of its own until the victim is back
    up = time.time()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads) and not load.unexpected, load.unexpected[:3]
    return load, owner, victim.port, down, up


def _nothing_acknowledged_is_lost(cluster: LocalCluster, load: Load) -> None:
    logs, client = Store(connect(cluster.url)), _app(cluster.url).test_client()
    for gid, v, digest, _ in load.acked:
        entries = logs.read(gid, v - 1, v)
        assert entries and entries[0]["hash"] == digest, f"acknowledged move {gid} v{v} is lost"
    for gid in {a[0] for a in load.acked}:
        assert client.get(f"/games/{gid}/verify").get_json()["ok"]


def test_a_master_killed_and_restarted_under_load_loses_no_acknowledged_move(cluster: LocalCluster) -> None:
    def restart(victim: Any) -> None:
        time.sleep(2.0)
        victim.start()

    load, owner, port, down, up = _under_load(cluster, restart)
    _nothing_acknowledged_is_lost(cluster, load)
    victims = {gid for gid, p in owner.items() if p == port}
    assert [t for t in load.refused if down <= t <= up + 1], "no request was refused: the fault missed"
    assert [a for a in load.acked if a[0] in victims and a[3] > up], "the restarted master's games stopped"
    print(f"restart: acknowledged {len(load.acked)} moves, refused {len(load.refused)} (503)")


def test_a_master_killed_for_good_is_replaced_by_its_replica_and_loses_no_acknowledged_move(
    replicated: LocalCluster,
) -> None:
    store = Store(connect(replicated.url), replicas=1)
    assert store._replicas_of(log_key("any-game")) == 1  # appends here wait for one replica

    def promoted(victim: Any) -> None:  # its replica is a master, serving the victim's slots
        wait_for(lambda: len(replicated.masters()) == 3, 30, "the replica's promotion")

    load, owner, port, down, up = _under_load(replicated, promoted)
    _nothing_acknowledged_is_lost(replicated, load)
    victims = {gid for gid, p in owner.items() if p == port}
    assert [a for a in load.acked if a[0] in victims and a[3] > up], "the failed-over games stopped"
    print(f"failover in {up - down:.1f} s: acknowledged {len(load.acked)}, refused {len(load.refused)} (503)")


def test_a_move_no_replica_confirmed_is_refused_and_its_retry_gets_the_recorded_answer(
    replicated: LocalCluster,
) -> None:
    app = create_app(Config(**store_urls(replicated.url), SECRET_KEY="t", APPEND_WAIT_MS=300, **GENEROUS))
    client, [game] = app.test_client(), _games(app)[:1]
    cluster_client = app.extensions["castillo"].redis
    slot = cluster_client.keyslot(log_key(game["id"]))
    [replica_port] = [n.port for n in cluster_client.nodes_manager.slots_cache[slot][1:]]
    [replica] = [n for n in replicated.nodes if n.port == replica_port]
    seat = client.get(f"/games/{game['id']}").get_json()["prompts"][0]["seat"]
    auth = {"Authorization": f"Bearer {game['seats'][seat]['token']}"}
    move = client.get(f"/games/{game['id']}/legal-moves", headers=auth).get_json()["moves"][0]
    headers = {**auth, "Idempotency-Key": "k-1"}
    assert replica.process is not None
    replica.process.send_signal(signal.SIGSTOP)
    try:
        refused = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers=headers)
    finally:
        replica.process.send_signal(signal.SIGCONT)
    assert refused.status_code == 503 and refused.get_json()["code"] == "unavailable"
    retried = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers=headers)
    assert retried.status_code == 201  # the refused append had landed: its record answers the retry
    assert client.get(f"/games/{game['id']}").get_json()["version"] == retried.get_json()["version"]
