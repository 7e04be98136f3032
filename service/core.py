"""Reads and writes games in one Redis: load, recall, the conditional append, receipts.

The layer under every change (service.moving, service.creating, service.turns) and every read.
Every change is a list of log entries appended in one conditional write (service.store); the
state is always the fold of the log (service.fold), cached as a snapshot in Redis keyed by
(game, version, engine version) and in a per-process memo (service.memo) used only when the
log's entry at the memo's version has exactly the memo's hash, so nothing needs to agree.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import redis

import engine
from engine.audit import ZERO_HASH
from engine.contract import Game, Json
from engine.errors import Text, UnknownGame
from engine.i18n import N_
from service import deadlines, receipts, snapshots
from service.answers import replayed
from service.config import Config
from service.errors import ServiceError
from service.fold import Folded, fold
from service.links import make_link_token
from service.loaded import Loaded, check_expected
from service.memo import FoldMemo, Memory, sha1
from service.packing import NoContext, complete, unpack
from service.sealing import Item, Prepared, prepare
from service.store import (
    FIELD,
    Append,
    AppendResult,
    Store,
    entry_id,
    first_record,
    idem_keys,
    log_key,
    meta_key,
    snapshot_key,
)

FIELD_B = FIELD.encode()
RETRIES = 8
SNAPSHOT_EVERY = 32  # a cold load folds at most 31 entries; pickling is most of a snapshot's cost


class Core:
    """Loads games and appends to them in one Redis; `service.games.GameService` builds on it."""

    def __init__(self, client: redis.Redis, config: Config, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.store = Store(client, config.APPEND_REPLICAS, config.APPEND_WAIT_MS)
        self.config = config
        self.clock = clock
        self.memo = FoldMemo()
        self.keys = receipts.load(config.RECEIPT_KEY_FILE, config.RECEIPT_PUBLIC_KEYS)

    def receipt(self, game_id: str, version: int, entry_hash: str | None = None) -> str:
        """Returns the signed receipt of the game's log at `version` (its entry's hash, unless
        given, from what this process last wrote or read of the game, else from the log)."""
        memory = self.memo.get(game_id) if entry_hash is None else None
        if memory is not None and memory.folded.version == version:
            entry_hash = memory.folded.last_hash
        if entry_hash is None:
            rows = self.redis.xrange(log_key(game_id), entry_id(version), entry_id(version))
            if not rows:
                raise ServiceError(
                    "version-conflict",
                    Text(N_("game {game_id} has no version {version}"), game_id=game_id, version=version),
                )
            seed = memory.folded.seed if memory is not None else None  # a derived hash needs it
            entry_hash = self.store.completed(game_id, [unpack(rows[0][1][FIELD_B], game_id)], seed)[0][
                "hash"
            ]
        return self.keys.sign(game_id, version, str(entry_hash))

    def now_ms(self) -> int:
        """Returns the clock's time in whole milliseconds (entries' `t`)."""
        return int(self.clock() * 1000)

    # ----- reading

    def load(self, game_id: str, scope: str | None = None) -> Loaded:
        """Returns the game at its latest version; raises `unknown-game`.

        One round trip when this process's memo (service.memo) holds the game: meta, the
        log from the memo's version on (the anchor, whose hash must equal the memo's, then
        any newer entries) and the idempotency record of `scope` (`Loaded.record`). Otherwise,
        or when the anchor does not match, the Redis snapshot and the entries after it
        (`_from_snapshot`). The record is always read after the log: the script that appended
        a request's entries wrote its record too, so a concurrent retry that reads a log
        holding the first request's move also reads its record, and never decides the move
        again against the game that move changed (`not-your-turn`).
        """
        memo = self.memo.get(game_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.get(meta_key(game_id))
        if memo is not None:
            pipe.xrange(log_key(game_id), entry_id(memo.folded.version), "+")
            _read_idem(pipe, game_id, scope)
        else:
            pipe.hgetall(snapshot_key(game_id))
        meta_raw, rows, *found = pipe.execute()
        prior: list[Any] = [found]
        if meta_raw is None:
            raise ServiceError("unknown-game", Text(N_("there is no game {game_id}"), game_id=repr(game_id)))
        meta = json.loads(meta_raw)
        game = engine.get_game(meta["game"])
        start = _anchored(game, memo, rows) if memo is not None else None
        if start is not None:
            anchor_row, rows = rows[:1], rows[1:]
        else:
            snaps: Any = rows if memo is None else self.redis.hgetall(snapshot_key(game_id))
            start, rows, anchor_row, prior = self._from_snapshot(game, game_id, snaps, scope)
        envelopes = self._completed(game_id, [unpack(f[FIELD_B], game_id) for _, f in rows], start)
        folded = fold(game, start, envelopes) if envelopes or start is None else start
        last = (rows or anchor_row)[-1:]
        anchor = sha1(last[0][1][FIELD_B]) if last and folded.version else None
        self.memo.put(game_id, game.ENGINE_VERSION, folded, anchor, meta_raw)
        return Loaded(
            game_id, meta, game, folded, first_record(prior[0]) if scope else None, meta_raw, anchor
        )

    def _completed(self, game_id: str, envs: list[Json], start: Folded | None) -> list[Json]:
        """Returns the entries after `start` (None: from v1) with the hashes left out derived
        (service.packing), from `start`'s last hash and seed when they suffice."""
        try:
            return complete(envs, start.last_hash if start else ZERO_HASH, start.seed if start else None)
        except NoContext:
            return self.store.completed(game_id, envs)

    def game_of(self, game_id: str) -> Game:
        """Returns the engine of a game (from its metadata alone); raises `unknown-game`."""
        raw = self.redis.get(meta_key(game_id))
        if raw is None:
            raise ServiceError("unknown-game", Text(N_("there is no game {game_id}"), game_id=repr(game_id)))
        return engine.get_game(json.loads(raw)["game"])

    def recall(self, game_id: str) -> Loaded | None:
        """Returns the game as this process last read or wrote it, without reading Redis.

        Only for deciding a move that is then appended with a guard (see service.memo): the
        append is refused (`stale`) unless the log is still exactly what this rests on, and
        anything decided on it must be decided again on `load` when refused or doubtful.
        None when nothing usable is remembered.
        """
        memory = self.memo.get(game_id)
        if memory is None or memory.anchor is None or memory.meta is None:
            return None
        try:
            game = engine.get_game(memory.meta["game"])
        except UnknownGame:
            return None
        if game.ENGINE_VERSION != memory.engine_version:
            return None
        return Loaded(
            game_id, memory.meta, game, memory.folded, None, memory.meta_raw, memory.anchor, remembered=True
        )

    def _from_snapshot(
        self, game: Game, game_id: str, snaps: dict[bytes, bytes], scope: str | None
    ) -> tuple[Folded | None, Any, Any, list[Any]]:
        """Returns the game's Redis snapshot for this engine version (if any), the rows after it,
        the snapshot's own entry (its anchor; empty without a snapshot) and, read after them,
        the idempotency record of `scope` (a one-item list)."""
        blob = snaps.get(game.ENGINE_VERSION.encode())
        snap = snapshots.unseal(self.config.SECRET_KEY, game_id, game.ENGINE_VERSION, blob)
        if snap is None or not snap.version:
            return snap, *self._rows_then_record(game_id, 1, scope)
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrange(log_key(game_id), entry_id(snap.version), entry_id(snap.version))  # the anchor
        pipe.xrange(log_key(game_id), entry_id(snap.version + 1), "+")
        _read_idem(pipe, game_id, scope)
        anchor, rows, *prior = pipe.execute()
        if not _anchor_matches(anchor, snap):
            return None, *self._rows_then_record(game_id, 1, scope)
        return snap, rows, anchor, [prior]

    def _rows_then_record(self, game_id: str, first: int, scope: str | None) -> tuple[Any, Any, list[Any]]:
        """Returns the log's rows from version `first` on, no anchor, and then the record of `scope`."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrange(log_key(game_id), entry_id(first), "+")
        _read_idem(pipe, game_id, scope)
        rows, *prior = pipe.execute()
        return rows, [], [prior]

    def recorded(self, game_id: str, scope: str | None, body_hash: str) -> Json | None:
        """Returns the first answer recorded under `scope`, or None; refuses another body."""
        if not scope:
            return None
        raw = first_record(self.redis.mget(idem_keys(game_id, scope)))
        return None if raw is None else replayed(raw, body_hash)

    def play_link(self, game_id: str, seat: int, gen: int | None = None) -> str:
        """Returns a fresh signed play link for a seat (the token sits in the URL fragment).

        The link carries the seat's credential generation: `gen`, or the current one in meta.
        """
        if gen is None:
            raw = self.redis.get(meta_key(game_id))
            if raw is None:
                raise ServiceError(
                    "unknown-game", Text(N_("there is no game {game_id}"), game_id=repr(game_id))
                )
            gen = int(json.loads(raw)["seats"][seat].get("gen", 0))
        token = make_link_token(self.config.SECRET_KEY, game_id, seat, self.config.LINK_MAX_AGE_S, gen)
        return f"{self.config.PUBLIC_URL}/play/{game_id}#k={token}"

    # ----- appending

    def prepare(
        self, loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, decided: Any = None
    ) -> Prepared:
        """Returns the sealed envelopes of `items` appended now (service.sealing.prepare)."""
        return prepare(loaded, items, actor, key, self.now_ms(), decided)

    def append(
        self,
        loaded: Loaded,
        items: list[Item],
        *,
        actor: Json | str,
        idem: tuple[str | None, str] = (None, ""),
        key: str | None = None,
        meta: Json | None = None,
        create: bool = False,
    ) -> AppendResult:
        """Seals `items` as the next entries and appends them iff the log is still at its version."""
        ready = self.prepare(loaded, items, actor, key)
        return self.write(loaded, ready, idem=idem, meta=meta, create=create)

    def write(
        self,
        loaded: Loaded,
        ready: Prepared,
        *,
        idem: tuple[str | None, str] = (None, ""),
        meta: Json | None = None,
        create: bool = False,
        dues: list[deadlines.Due] | None = None,
    ) -> AppendResult:
        """Appends prepared envelopes with deadlines, snapshot and idempotency record, or nothing.

        A `remembered` game (from `recall`) is appended with a guard on the bytes it rests on.
        """
        scope, record = idem
        after = ready.after
        dues = deadlines.due(loaded.game, after) if dues is None else dues
        append = Append(
            loaded.game_id,
            loaded.version,
            ready.envs,
            encoded=ready.encoded,
            idem_scope=scope or "",
            idem_record=record,
            idem_ttl=self.config.IDEMPOTENCY_TTL_S,
            deadlines=deadlines.plan(dues),
            snapshot=self._snapshot(loaded, after),
            meta=json.dumps(meta) if meta is not None else "",
            create=create,
            guard=(sha1(loaded.meta_raw or b""), loaded.anchor or "") if loaded.remembered else None,
        )
        outcome = self.store.append(append)
        if outcome.status == "ok":
            meta_raw = append.meta.encode() if append.meta else loaded.meta_raw
            self.memo.put(
                loaded.game_id, loaded.game.ENGINE_VERSION, after, sha1(ready.encoded[-1]), meta_raw
            )
        elif outcome.status == "exists":
            raise ServiceError("version-conflict", N_("a game with this id exists already"))
        return outcome

    def _snapshot(self, loaded: Loaded, after: Folded) -> tuple[str, bytes] | None:
        """Returns the snapshot to store with an append: every SNAPSHOT_EVERY versions and at the end."""
        crossed = after.version // SNAPSHOT_EVERY != loaded.version // SNAPSHOT_EVERY
        over = after.table.aborted or (
            after.state is not None and loaded.game.result(after.state) is not None
        )
        if not (crossed or over):
            return None
        version = loaded.game.ENGINE_VERSION
        return version, snapshots.seal(self.config.SECRET_KEY, loaded.game_id, version, after)

    def append_service(
        self, game_id: str, events: list[Json], *, meta: Json | None = None, expected: int | None = None
    ) -> int:
        """Appends service events (conditionally on the version just loaded); returns the version."""
        for _ in range(RETRIES):
            loaded = self.load(game_id)
            check_expected(loaded, expected, False)
            outcome = self.append(loaded, [Item("service", e) for e in events], actor="system", meta=meta)
            if outcome.status == "ok":
                return int(outcome.version)
        raise ServiceError("version-conflict", N_("the game kept changing; try again"))


def _anchored(game: Game, memo: Memory, rows: list[Any]) -> Folded | None:
    """Returns the memo's fold if it is of this engine and `rows` start at its exact entry."""
    if memo.engine_version != game.ENGINE_VERSION or not _anchor_matches(rows[:1], memo.folded):
        return None
    return memo.folded


def _anchor_matches(rows: list[Any], folded: Folded) -> bool:
    """Tells whether `rows` start with the entry of `folded`'s version carrying its last hash."""
    if not rows or rows[0][0] != entry_id(folded.version).encode():
        return False
    return bool(unpack(rows[0][1][FIELD_B], "").get("hash") == folded.last_hash)  # a group's last


def _read_idem(pipe: Any, game_id: str, scope: str | None) -> None:
    """Queues the reads of a record of `scope` under each of its names (`idem_keys`), one GET each:
    a cluster pipeline refuses MGET even when the keys share a slot."""
    for key in idem_keys(game_id, scope or "-"):
        pipe.get(key)
