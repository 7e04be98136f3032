"""Records that worker and relay processes are alive, and reads it back for GET /health.

One sorted set per deployment, `{prefix}:heartbeats`: a member per process (the canonical
JSON of `{kind, host, pid}`, plus `buckets` for a relay), scored with the Redis server's
clock at its last beat, so hosts whose clocks disagree are still compared fairly. A process
beats every HEARTBEAT_S seconds; it counts as live while its last beat is younger than
`stale_after(HEARTBEAT_S)` (three beats), and a process that stops cleanly removes its member.
A member silent for FORGET_S is dropped by the next beat of any process. Reading all of it is
one round trip (a read-only script of TIME and ZRANGE on the node that holds the set, so the clock
read is the one the beats were scored with, on a Redis Cluster too), cheap enough for a health
route polled often.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import redis

from engine.audit import canonical
from service.store import BUCKETS, plain_key

FORGET_S = 600
BEATS_PER_LIFE = 3

_BEAT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
return 1
"""
_SEEN = """
local t = redis.call('TIME')
return {t[1], t[2], redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')}
"""


def heartbeats_key() -> str:
    """Returns the key of the deployment's heartbeat set (member -> server time of the last beat)."""
    return plain_key("heartbeats")


def stale_after(interval_s: float) -> float:
    """Returns how old a process's last beat may be while it still counts as live."""
    return BEATS_PER_LIFE * interval_s


def member(kind: str, host: str, pid: int, buckets: str | None = None) -> str:
    """Returns the set member of one process: `kind` is worker or relay; a relay names its buckets."""
    fields: dict[str, Any] = {"kind": kind, "host": host, "pid": pid}
    if buckets is not None:
        fields["buckets"] = buckets
    return canonical(fields).decode()


def beat(client: redis.Redis, who: str) -> None:
    """Records a beat of the process `who` (a `member`) at the server's time; forgets long-silent ones."""
    client.eval(_BEAT, 1, heartbeats_key(), who, FORGET_S)


def forget(client: redis.Redis, who: str) -> None:
    """Removes the process `who` at once (it stops cleanly)."""
    client.zrem(heartbeats_key(), who)


@dataclass(frozen=True, slots=True)
class Seen:
    """One process as its beats show it: what it is, how long ago it last beat, whether that is live."""

    kind: str
    host: str
    pid: int
    age_s: float
    live: bool
    buckets: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Returns the process as /health reports it (`buckets` only for a relay)."""
        out: dict[str, Any] = {"host": self.host, "pid": self.pid, "age_s": self.age_s, "live": self.live}
        if self.buckets is not None:
            out["buckets"] = self.buckets
        return out


def seen(client: redis.Redis, interval_s: float) -> list[Seen]:
    """Returns every process that beat within FORGET_S, youngest first; raises redis errors."""
    secs, micros, flat = client.eval(_SEEN, 1, heartbeats_key())
    now, limit = int(secs) + int(micros) / 1e6, stale_after(interval_s)
    out = []
    for raw, score in zip(flat[::2], flat[1::2], strict=True):
        fields, age = json.loads(raw), max(0.0, now - float(score))
        if age <= FORGET_S:
            live = age <= limit
            out.append(
                Seen(
                    fields["kind"], fields["host"], fields["pid"], round(age, 1), live, fields.get("buckets")
                )
            )
    return sorted(out, key=lambda s: s.age_s)


def report(client: redis.Redis, interval_s: float) -> dict[str, Any]:
    """Returns the body of GET /health with Redis answering: the processes seen and what is missing.

    `problems` lists `no-live-worker` (no worker beat within `stale_after`) and `no-live-relay`
    (some bucket, named in `unrelayed`, has no live relay); `status` is ok without problems,
    else degraded.
    """
    processes = seen(client, interval_s)
    workers = [p for p in processes if p.kind == "worker"]
    relays = [p for p in processes if p.kind == "relay"]
    covered = {b for r in relays if r.live for b in bucket_set(r.buckets or "")}
    unrelayed = bucket_text(b for b in range(BUCKETS) if b not in covered)
    problems = [] if any(w.live for w in workers) else ["no-live-worker"]
    problems += ["no-live-relay"] if unrelayed else []
    return {
        "status": "degraded" if problems else "ok",
        "redis": "ok",
        "problems": problems,
        "workers": [w.to_json() for w in workers],
        "relays": [r.to_json() for r in relays],
        "unrelayed": unrelayed,
        "stale_after_s": stale_after(interval_s),
    }


def unreachable(interval_s: float) -> dict[str, Any]:
    """Returns the body of GET /health when Redis does not answer (nothing is known of the others)."""
    return {
        "status": "degraded",
        "redis": "unreachable",
        "problems": ["redis-unreachable"],
        "workers": [],
        "relays": [],
        "unrelayed": bucket_text(range(BUCKETS)),
        "stale_after_s": stale_after(interval_s),
    }


def bucket_text(buckets: Iterable[int]) -> str:
    """Returns bucket numbers as ranges, the notation of `castillo relay --buckets`: 0-2,5."""
    spans: list[list[int]] = []
    for b in sorted(set(buckets)):
        if spans and spans[-1][1] == b - 1:
            spans[-1][1] = b
        else:
            spans.append([b, b])
    return ",".join(f"{lo}-{hi}" if hi > lo else f"{lo}" for lo, hi in spans)


def bucket_set(text: str) -> set[int]:
    """Returns the bucket numbers of ranges written by `bucket_text`."""
    out: set[int] = set()
    for part in filter(None, text.split(",")):
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    return out
