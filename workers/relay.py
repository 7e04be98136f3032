"""Turns each bucket's outbox into rq jobs: one consumer group `relay` per bucket stream.

Delivery is at least once. Entries are acknowledged only after their job is enqueued, so
a relay that dies mid-batch leaves them pending; its successor (or any relay, after
`RECLAIM_IDLE_MS`) re-claims them with XAUTOCLAIM (Redis 6.2+) and enqueues again. Job ids
are deterministic (`entries:{game}:{last v}`) and every job is idempotent, so a replay costs
a little work and never a second email or a second auto-pass.

On a plain Redis one XREADGROUP reads all the relay's buckets at once, blocking until an
entry comes. On a Redis Cluster one command may name keys of one slot only, and each bucket
is a slot of its own: a relay of one bucket still blocks on it, and a relay of several reads
each bucket without blocking, one pipeline per node (one round trip each), and when nothing
came waits CLUSTER_POLL_S before the next round. So any bucket range works on a cluster too;
running several relays (`--buckets 0-31`, `--buckets 32-63`) only spreads the work.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Iterable, Sequence

import redis
from redis.cluster import RedisCluster
from rq import Queue

from service import heartbeats
from service.redis_clients import STORE_ERRORS
from service.store import BUCKETS, outbox_key
from workers.deadlines import RELAY_POLL_S, enqueue_due, sweep
from workers.outages import OUTAGE, Backoff
from workers.queue import enqueue_once, job_id

log = logging.getLogger("castillo.relay")
GROUP = "relay"
RECLAIM_IDLE_MS = 15_000
OUTBOX_MAXLEN = 100_000
CLUSTER_POLL_S = 0.05  # a cluster relay of several buckets reads them this often while idle
READ_COUNT = 200
Entry = tuple[bytes, dict[bytes, bytes]]


def consumer_name() -> str:
    """Returns this process's consumer name in the groups (host and pid)."""
    return f"{socket.gethostname()}-{os.getpid()}"


def ensure_groups(client: redis.Redis, buckets: Iterable[int]) -> None:
    """Creates the `relay` group on each bucket's outbox (and the stream) if missing."""
    for b in buckets:
        try:
            client.xgroup_create(outbox_key(b), GROUP, id="0", mkstream=True)
        except redis.ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise


def dispatch(client: redis.Redis, q: Queue, stream: str, entries: Sequence[Entry]) -> int:
    """Enqueues one job per game of `entries` (covering its versions), then acknowledges them."""
    spans: dict[str, tuple[int, int]] = {}
    for _, fields in entries:
        game, v = fields[b"game"].decode(), int(fields[b"v"])
        first = int(fields.get(b"first", v))
        lo, hi = spans.get(game, (first, v))
        spans[game] = (min(lo, first), max(hi, v))
    for game, (first, last) in spans.items():
        enqueue_once(q, "workers.jobs.on_entries", game, first, last, id=job_id("entries", game, first, last))
    if entries:
        client.xack(stream, GROUP, *[eid for eid, _ in entries])
    return len(entries)


def relay_once(
    client: redis.Redis | RedisCluster,
    q: Queue,
    consumer: str,
    buckets: Sequence[int],
    block_ms: int | None = 1000,
) -> int:
    """Reads new entries of `buckets` (waiting up to `block_ms`) and dispatches them; returns how many."""
    if isinstance(client, RedisCluster) and len(buckets) > 1:
        reply = _read_cluster(client, consumer, buckets)
        if not reply and block_ms:
            time.sleep(min(block_ms / 1000, CLUSTER_POLL_S))
    else:
        streams = {outbox_key(b): ">" for b in buckets}
        reply = client.xreadgroup(GROUP, consumer, streams, count=READ_COUNT, block=block_ms) or []
    return sum(dispatch(client, q, _text(stream), entries) for stream, entries in reply)


def _read_cluster(
    client: RedisCluster, consumer: str, buckets: Sequence[int]
) -> list[tuple[str, list[Entry]]]:
    """Returns the new entries of each bucket's outbox on a cluster: one non-blocking XREADGROUP
    per bucket (each is a slot of its own), sent to its node in one pipeline per node.

    A node that fails (down, or MOVED/ASK after a failover) refreshes the client's map of the
    slots, so the next round reads from the new owner; its error is raised only when no other
    node gave entries (entries read are always returned, to be dispatched and acknowledged).
    """
    by_node: dict[str, list[str]] = {}
    for b in buckets:
        by_node.setdefault(client.get_node_from_key(outbox_key(b)).name, []).append(outbox_key(b))
    found: list[tuple[str, list[Entry]]] = []
    failure: Exception | None = None
    for name, keys in by_node.items():
        try:
            pipe = client.get_redis_connection(client.get_node(node_name=name)).pipeline(transaction=False)
            for key in keys:
                pipe.xreadgroup(GROUP, consumer, {key: ">"}, count=READ_COUNT)
            for key, reply in zip(keys, pipe.execute(), strict=True):
                found += [(key, entries) for _, entries in reply or [] if entries]
        except STORE_ERRORS as exc:
            failure = exc
    if failure is not None:
        try:
            client.nodes_manager.initialize()
        except STORE_ERRORS:
            pass  # the cluster is still down: the next round tries again
        if not found:
            raise failure
    return found


def reclaim(client: redis.Redis, q: Queue, consumer: str, buckets: Sequence[int], min_idle_ms: int) -> int:
    """Claims entries pending longer than `min_idle_ms` (a crashed relay's) and dispatches them."""
    handled = 0
    for b in buckets:
        start = "0-0"
        while True:
            reply = client.xautoclaim(outbox_key(b), GROUP, consumer, min_idle_ms, start, count=200)
            start, entries = _text(reply[0]), [e for e in reply[1] if e[1]]
            handled += dispatch(client, q, outbox_key(b), entries)
            if start == "0-0":
                break
    return handled


def trim(client: redis.Redis, buckets: Iterable[int]) -> None:
    """Keeps each outbox to about OUTBOX_MAXLEN entries (acknowledged ones are history)."""
    for b in buckets:
        client.xtrim(outbox_key(b), maxlen=OUTBOX_MAXLEN, approximate=True)


def run(
    client: redis.Redis,
    q: Queue,
    buckets: Sequence[int] = tuple(range(BUCKETS)),
    stop: threading.Event | None = None,
    sweep_every_s: float = 15.0,
    heartbeat_s: float = 5.0,
) -> None:
    """Relays until `stop` is set: new entries, due deadlines (waking at each), re-claims, the sweep.

    Beats every `heartbeat_s` (service.heartbeats, with its buckets) while it reads. A lost
    connection is waited out with back-off (workers.outages, one warning per outage); the
    groups are ensured again before the next read, as after a server that came back empty.
    """
    stop = stop or threading.Event()
    loop = _Loop(client, q, tuple(buckets), heartbeat_s)
    try:
        while not stop.is_set():
            try:
                loop.round()
            except OUTAGE as exc:
                loop.ready = False
                stop.wait(loop.backoff.failed(exc))
                continue
            except redis.RedisError as exc:
                loop.ready = "NOGROUP" not in str(exc)  # the outbox or its group is gone: make them again
                log.warning("relay cannot read the outboxes (%s); retrying in 1 s", exc)
                stop.wait(1.0)
                continue
            loop.backoff.succeeded()
            loop.chores(sweep_every_s)
    finally:
        loop.forget()


class _Loop:
    """The relay's state between rounds: groups ready, when chores and the heartbeat are due."""

    def __init__(self, client: redis.Redis, q: Queue, buckets: tuple[int, ...], heartbeat_s: float) -> None:
        self.client, self.q, self.buckets, self.heartbeat_s = client, q, buckets, heartbeat_s
        self.consumer = consumer_name()
        self.who = heartbeats.member(
            "relay", socket.gethostname(), os.getpid(), heartbeats.bucket_text(buckets)
        )
        self.backoff = Backoff("relay", log)
        self.ready = self.started = False
        self.next_chores = self.next_beat = 0.0

    def round(self) -> None:
        """Ensures the groups (first, and after an outage), beats when due, relays one read."""
        if not self.ready:
            ensure_groups(self.client, self.buckets)
            if not self.started:  # our own and any dead relay's pending entries
                reclaim(self.client, self.q, self.consumer, self.buckets, 0)
            self.ready = self.started = True
        if time.time() >= self.next_beat:
            heartbeats.beat(self.client, self.who)
            self.next_beat = time.time() + self.heartbeat_s
        upcoming = enqueue_due(self.client, self.q, self.buckets, time.time())
        wait = min(RELAY_POLL_S, max(0.001, upcoming - time.time()))
        relay_once(self.client, self.q, self.consumer, self.buckets, block_ms=max(1, int(wait * 1000)))

    def chores(self, every_s: float) -> None:
        """Runs the chores when due (every `every_s` seconds)."""
        if time.time() >= self.next_chores:
            _chores(self.client, self.q, self.consumer, self.buckets)
            self.next_chores = time.time() + every_s

    def forget(self) -> None:
        """Removes the relay's heartbeat as it stops (best effort: Redis may be gone)."""
        try:
            heartbeats.forget(self.client, self.who)
        except STORE_ERRORS:
            pass


def _chores(client: redis.Redis, q: Queue, consumer: str, buckets: Sequence[int]) -> None:
    """Re-claims stale entries, trims the outboxes and sweeps missed deadlines."""
    try:
        reclaim(client, q, consumer, buckets, RECLAIM_IDLE_MS)
        trim(client, buckets)
        sweep(time.time(), buckets=buckets)
    except Exception:
        log.exception("relay chores failed; retrying next round")


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
