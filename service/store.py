"""Keeps each game's log in one Redis stream and appends to it atomically (design.md, "The log").

Version N of a game is the stream entry with explicit id `N-1`; the entry's one field
`envelope` holds the envelope: its canonical JSON, or packed (service.packing, format 2). All keys of a game share the hash tag of
its bucket, so the one append script (version check, an optional guard on the bytes a
remembered fold rests on, entries, one outbox entry, idempotency record, deadlines, snapshot,
meta) touches one Redis Cluster slot. The Lua stays Redis 6.2-compatible.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

import orjson
import redis
from redis.cluster import RedisCluster

from engine.audit import ZERO_HASH, canonical
from service.packing import NoContext, complete, reach, unpack

BUCKETS = 64
FIELD = "envelope"
DEFAULT_PREFIX = "castillo"
_PREFIX_RE = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_prefix = os.environ.get("KEY_PREFIX") or DEFAULT_PREFIX


def use_prefix(prefix: str) -> None:
    """Makes `prefix` (KEY_PREFIX) the first part of every Redis key this process names.

    One deployment uses one prefix in all its processes; tests give each run its own, so a
    run touches only keys it wrote. Letters, digits, `_`, `.` and `-` only (no hash-tag braces).
    """
    global _prefix
    if not _PREFIX_RE.fullmatch(prefix):
        raise ValueError(f"KEY_PREFIX must be 1-64 of A-Z a-z 0-9 _ . -, got {prefix!r}")
    _prefix = prefix


def prefix() -> str:
    """Returns the key prefix in use (KEY_PREFIX, default `castillo`)."""
    return _prefix


def bucket_of(game_id: str) -> int:
    """Returns the bucket (0..63) of a game: crc32 of its id modulo BUCKETS."""
    return zlib.crc32(game_id.encode()) % BUCKETS


def tag(game_id: str) -> str:
    """Returns the Redis Cluster hash tag `{bN}` shared by all keys of a game."""
    return f"{{b{bucket_of(game_id)}}}"


def game_key(game_id: str, name: str) -> str:
    """Returns the key `name` in the game's bucket (same hash tag as its log)."""
    return f"{_prefix}:{tag(game_id)}:{name}"


def plain_key(name: str) -> str:
    """Returns a key outside every bucket (e.g. `reply:<local part>`)."""
    return f"{_prefix}:{name}"


def address_key(address: str) -> str:
    """Returns the key of the record of one normalised email address (service.contacts), under
    the hash tag `{a<crc32(address) mod 64>}` of its own: indexes across games never share a
    slot with a game's keys (design.md, decision 7)."""
    return f"{_prefix}:{{a{zlib.crc32(address.encode()) % BUCKETS}}}:addr:{address}"


def log_key(game_id: str) -> str:
    """Returns the key of the game's stream."""
    return f"{_prefix}:{tag(game_id)}:g:{game_id}:log"


def meta_key(game_id: str) -> str:
    """Returns the key of the game's metadata JSON (public and private)."""
    return f"{_prefix}:{tag(game_id)}:g:{game_id}:meta"


def snapshot_key(game_id: str) -> str:
    """Returns the key of the hash of snapshots (field = engine version)."""
    return f"{_prefix}:{tag(game_id)}:g:{game_id}:snap"


def deadlines_key(game_id: str) -> str:
    """Returns the key of the game's deadline hash (`<seat>|<prompt_id>` -> JSON)."""
    return f"{_prefix}:{tag(game_id)}:g:{game_id}:deadlines"


def outbox_key(bucket: int) -> str:
    """Returns the key of a bucket's outbox stream: one entry per append, fields `game`, `first`, `v`.

    The append added versions `first` to `v` of `game` (entries written before `first`
    existed carry only `v`).
    """
    return f"{_prefix}:{{b{bucket}}}:outbox"


def zset_key(bucket: int) -> str:
    """Returns the key of a bucket's deadline sorted set (`<game>|<seat>|<prompt>` -> epoch s)."""
    return f"{_prefix}:{{b{bucket}}}:deadlines"


def idem_key(game_id: str, scope: str) -> str:
    """Returns the key of one idempotency record, stored in the game's bucket: `i:` and 16 bytes
    of the SHA-256 of its scope in base64url (22 characters; a record weighs little more than
    its key)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(scope.encode()).digest()[:16]).rstrip(b"=")
    return f"{_prefix}:{tag(game_id)}:i:{digest.decode()}"


def idem_keys(game_id: str, scope: str) -> list[str]:
    """Returns the keys a record of `scope` is read from, newest name first: `idem_key`, then
    the name records were written under before (`idem:<scope>`), so a retry of a request
    answered before the change of names still finds its record. Remove the old name once every
    deployment has run this code for IDEMPOTENCY_TTL_S (24 h): no record is left under it."""
    return [idem_key(game_id, scope), f"{_prefix}:{tag(game_id)}:idem:{scope}"]


def first_record(found: list[Any]) -> Any:
    """Returns the record MGET of `idem_keys` found (the newest name's first), or None."""
    return next((record for record in found if record is not None), None)


def entry_id(version: int) -> str:
    """Returns the stream entry id of `version` (1-based)."""
    return f"{version}-1"


def version_of(entry: bytes | str) -> int:
    """Returns the version of a stream entry id."""
    text = entry.decode() if isinstance(entry, bytes) else entry
    return int(text.split("-")[0])


def seal(envelope: dict[str, Any]) -> dict[str, Any]:
    """Returns the envelope with `hash` set: SHA-256 of its canonical JSON without `hash`."""
    body = {k: v for k, v in envelope.items() if k != "hash"}
    return {**body, "hash": hashlib.sha256(canonical(body)).hexdigest()}


ENTRY_KEYS = frozenset(("actor", "cause", "event", "game", "kind", "prev", "t", "v"))
SALTED_ENTRY_KEYS = ENTRY_KEYS | {"salt"}


def seal_entry(envelope: dict[str, Any], cause: bytes) -> tuple[dict[str, Any], bytes]:
    """Returns `seal(envelope)` and its canonical JSON, for a log entry whose cause is encoded already.

    An entry has the keys of ENTRY_KEYS (+ `salt`), so its canonical text is written out in
    key order directly: only the event is run through the encoder, and `cause` (=
    `canonical(envelope["cause"])`) is shared by the events of one move. Any other shape
    is sealed and encoded as a whole.
    """
    e, keys = envelope, envelope.keys()
    if (
        (keys != ENTRY_KEYS and keys != SALTED_ENTRY_KEYS)
        or type(e["t"]) is not int
        or type(e["v"]) is not int
    ):
        sealed = seal(envelope)
        return sealed, canonical(sealed)
    head = b",".join(
        (
            b'{"actor":' + _encoded(e["actor"]),
            b'"cause":' + cause,
            b'"event":' + canonical(e["event"]),
            b'"game":' + _encoded(e["game"]),
        )
    )
    tail = [b'"kind":' + _encoded(e["kind"]), b'"prev":' + _encoded(e["prev"])]
    if "salt" in e:
        tail.append(b'"salt":' + _encoded(e["salt"]))
    tail += [b'"t":%d' % e["t"], b'"v":%d}' % e["v"]]
    rest = b",".join(tail)
    digest = hashlib.sha256(head + b"," + rest).hexdigest()
    return {**e, "hash": digest}, head + b',"hash":"' + digest.encode() + b'",' + rest


_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:")


def _encoded(value: Any) -> bytes:
    """Returns `canonical(value)`; plain strings and `{"seat": n}` are written without the encoder."""
    if type(value) is str and _PLAIN.issuperset(value):
        return b'"' + value.encode() + b'"'
    if type(value) is dict and value.keys() == {"seat"} and type(value["seat"]) is int:
        return b'{"seat":%d}' % value["seat"]
    return canonical(value)


_APPEND = """
-- KEYS: 1 log, 2 outbox, 3 idem, 4 zset, 5 deadline hash, 6 snapshot hash, 7 meta, 8 idem (its old name)
-- ARGV: 1 expected version, 2 game, 3 idem record ('' = none), 4 idem ttl, 5 deadline plan json,
--       6 snapshot field, 7 snapshot blob, 8 meta json ('' = keep, '!' prefix = create only),
--       9 guard: SHA-1 of the meta ('' = none), 10 guard: SHA-1 of the entry at the expected
--       version, 11.. entries
if ARGV[3] ~= '' then
  local prior = redis.call('GET', KEYS[3]) or redis.call('GET', KEYS[8])
  if prior then return {'idem', prior} end
end
local v = redis.call('XLEN', KEYS[1])
if v ~= tonumber(ARGV[1]) then return {'conflict', tostring(v)} end
if ARGV[9] ~= '' then
  local meta = redis.call('GET', KEYS[7])
  if not meta or redis.sha1hex(meta) ~= ARGV[9] then return {'stale', tostring(v)} end
  local at = redis.call('XRANGE', KEYS[1], v .. '-1', v .. '-1')
  if #at ~= 1 or redis.sha1hex(at[1][2][2]) ~= ARGV[10] then return {'stale', tostring(v)} end
end
if ARGV[8] ~= '' then
  if string.sub(ARGV[8], 1, 1) == '!' then
    if redis.call('SET', KEYS[7], string.sub(ARGV[8], 2), 'NX') == false then return {'exists', '0'} end
  else
    redis.call('SET', KEYS[7], ARGV[8])
  end
end
local first = v + 1
for i = 11, #ARGV do
  v = v + 1
  redis.call('XADD', KEYS[1], v .. '-1', 'envelope', ARGV[i])
end
if v >= first then redis.call('XADD', KEYS[2], '*', 'game', ARGV[2], 'first', tostring(first), 'v', tostring(v)) end
if ARGV[3] ~= '' then redis.call('SET', KEYS[3], ARGV[3], 'EX', tonumber(ARGV[4])) end
if ARGV[5] ~= '' then
  local plan = cjson.decode(ARGV[5])
  local old = redis.call('HKEYS', KEYS[5])
  for _, f in ipairs(old) do
    if plan.keep[f] == nil then
      redis.call('HDEL', KEYS[5], f)
      redis.call('ZREM', KEYS[4], ARGV[2] .. '|' .. f)
    end
  end
  for f, item in pairs(plan.keep) do
    redis.call('HSET', KEYS[5], f, item[2])
    redis.call('ZADD', KEYS[4], item[1], ARGV[2] .. '|' .. f)
  end
end
if ARGV[6] ~= '' then redis.call('HSET', KEYS[6], ARGV[6], ARGV[7]) end
return {'ok', tostring(v)}
"""


@dataclass
class Append:
    """One conditional append: the envelopes (sealed) and what is written with them."""

    game_id: str
    expected: int
    envelopes: list[dict[str, Any]]
    encoded: list[bytes] = field(default_factory=list)  # canonical(e) of each envelope, if known
    idem_scope: str = ""
    idem_record: str | bytes = ""
    idem_ttl: int = 86400
    deadlines: dict[str, tuple[float, str]] | None = None
    snapshot: tuple[str, bytes] | None = None
    meta: str = ""
    create: bool = False
    guard: tuple[str, str] | None = None  # (SHA-1 of the meta, SHA-1 of the entry at `expected`)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class AppendResult:
    """The outcome of an append: `status` is ok, conflict, idem, exists or stale (guard failed)."""

    status: str
    version: int = 0
    prior: bytes = b""


class NotReplicated(redis.RedisError):
    """An append reached its master but not `APPEND_REPLICAS` replicas within APPEND_WAIT_MS: it
    is not acknowledged (503), since a failover now could lose it. A retry with the same
    idempotency key gets the recorded answer if it survived, else is decided again."""


class Store:
    """Reads and appends game logs in one Redis (or a Redis Cluster: keys are bucket-tagged).

    On a cluster whose master of the game's slot has replicas, an append waits (WAIT, on the
    connection that ran the script) until `replicas` of them (at most as many as the slot has)
    hold it, for up to `wait_ms`; fewer raise NotReplicated.
    """

    def __init__(self, client: redis.Redis | RedisCluster, replicas: int = 0, wait_ms: int = 1000) -> None:
        self.redis = client
        self.replicas, self.wait_ms = replicas, wait_ms
        self._append = client.register_script(_APPEND)

    def append(self, a: Append) -> AppendResult:
        """Appends `a.envelopes` iff the log is at `a.expected`; returns what happened."""
        b = bucket_of(a.game_id)
        idem, legacy = idem_keys(a.game_id, a.idem_scope or "-")
        keys = [log_key(a.game_id), outbox_key(b), idem, zset_key(b)]
        keys += [deadlines_key(a.game_id), snapshot_key(a.game_id), meta_key(a.game_id), legacy]
        plan = b"" if a.deadlines is None else orjson.dumps({"keep": _lua_map(a.deadlines)})
        snap_field, snap_blob = a.snapshot or ("", b"")
        meta = ("!" + a.meta) if a.create else a.meta
        args: list[Any] = [a.expected, a.game_id, a.idem_record if a.idem_scope else "", a.idem_ttl]
        args += [plan, snap_field, snap_blob, meta, *(a.guard or ("", ""))]
        args += a.encoded or [canonical(e) for e in a.envelopes]
        status, value = self._run(keys, args)
        status = status.decode()
        if status == "ok":
            return AppendResult("ok", int(value))
        if status == "idem":
            return AppendResult("idem", prior=value)
        return AppendResult(status, int(value))

    def _run(self, keys: list[str], args: list[Any]) -> Any:
        """Runs the append script; on a cluster with replicas, then WAIT on the same connection."""
        want = self._replicas_of(keys[0])
        if not want:
            return self._append(keys=keys, args=args)
        assert isinstance(self.redis, RedisCluster)
        for attempt in range(3):
            node = self.redis.nodes_manager.get_node_from_slot(self.redis.keyslot(keys[0]))
            pipe = self.redis.get_redis_connection(node).pipeline(transaction=False)
            pipe.evalsha(self._append.sha, len(keys), *keys, *args)
            pipe.execute_command("WAIT", want, self.wait_ms)
            try:
                reply, acked = pipe.execute()
            except redis.exceptions.NoScriptError:
                self.redis.get_redis_connection(node).script_load(_APPEND)
                continue
            except redis.exceptions.AskError:  # MOVED too: the slot has a new master (failover)
                self.redis.nodes_manager.initialize()
                continue
            if reply[0] == b"ok" and int(acked) < want:
                raise NotReplicated(f"append reached {acked} of {want} replicas in {self.wait_ms} ms")
            return reply
        raise redis.exceptions.ClusterDownError("the game's slot kept moving during an append")

    def _replicas_of(self, key: str) -> int:
        """Returns how many replicas an append to `key` waits for: 0 on a plain Redis, else at most
        as many as the cluster's map of the slots shows for its slot."""
        if self.replicas <= 0 or not isinstance(self.redis, RedisCluster):
            return 0
        nodes = self.redis.nodes_manager.slots_cache.get(self.redis.keyslot(key)) or []
        return min(self.replicas, max(0, len(nodes) - 1))

    def version(self, game_id: str) -> int:
        """Returns the game's version (number of log entries)."""
        return int(self.redis.xlen(log_key(game_id)))

    def read(
        self, game_id: str, after: int = 0, until: int | None = None, seed: str | None = None
    ) -> list[dict[str, Any]]:
        """Returns the envelopes of versions after..until (inclusive), oldest first, every hash
        in place (service.packing derives the ones left out; `seed`, the game's, when known,
        saves reading it from the log)."""
        end = "+" if until is None else entry_id(until)
        rows = self.redis.xrange(log_key(game_id), entry_id(after + 1), end)
        return self.completed(game_id, [unpack(fields[FIELD.encode()], game_id) for _, fields in rows], seed)

    def completed(
        self, game_id: str, envs: list[dict[str, Any]], seed: str | None = None
    ) -> list[dict[str, Any]]:
        """Returns consecutive entries of the game's log with every hash derived that was left
        out (service.packing.complete), reading the entries before them that this needs: back to
        the last stored hash, or from v1 when the seed is needed too."""
        if all("hash" in env for env in envs):
            return envs
        start, prev = reach(envs[0]) if "hash" not in envs[0] else (envs[0]["v"], None)
        for lo, base in ((start, prev), (1, ZERO_HASH)):
            back = self._unpacked(game_id, lo, envs[0]["v"] - 1)
            try:
                return complete(back + envs, base, seed)[len(back) :]
            except NoContext:
                continue  # no seed yet: read the log from its start, which reveals it
        raise NoContext(f"game {game_id}: a hash left out cannot be derived")

    def _unpacked(self, game_id: str, first: int, last: int) -> list[dict[str, Any]]:
        """Returns the envelopes of versions first..last as stored (hashes maybe left out)."""
        if last < first:
            return []
        rows = self.redis.xrange(log_key(game_id), entry_id(first), entry_id(last))
        return [unpack(fields[FIELD.encode()], game_id) for _, fields in rows]

    def raw(self, game_id: str) -> list[tuple[str, bytes]]:
        """Returns (entry id, stored bytes) of every entry, for audits and tests."""
        rows = self.redis.xrange(log_key(game_id), "-", "+")
        return [(rid.decode(), fields[FIELD.encode()]) for rid, fields in rows]


def _lua_map(deadlines: dict[str, tuple[float, str]]) -> dict[str, list[Any]]:
    """Returns the deadline plan as cjson-friendly lists, scores as exact decimal strings."""
    return {f: [repr(float(score)), item] for f, (score, item) in deadlines.items()}
