"""Runs games: create, load, submit, auto-pass and presence — the Flask-free core (style.md).

Every change is a list of log entries appended in one conditional write (service.store);
the state is always the fold of the log (service.fold), cached as a snapshot in Redis keyed
by (game, version, engine version) and in a per-process memo (service.memo) used only when
the log's entry at the memo's version has exactly the memo's hash, so nothing needs to agree.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson
import redis

import engine
from engine import rng
from engine.contract import Game, Json, engine_versions
from engine.errors import GameOver, IllegalMove, RuleViolation, UnknownGame
from service import creating, deadlines, history, idem, receipts, snapshots, turns
from service.auth import Principal
from service.config import Config
from service.errors import ServiceError, validation
from service.fold import Folded, fold
from service.links import make_link_token
from service.memo import FoldMemo, Memory, sha1
from service.packing import unpack
from service.store import (
    FIELD,
    Append,
    Store,
    canonical,
    entry_id,
    idem_key,
    log_key,
    meta_key,
    seal_entry,
    seal_v2,
    snapshot_key,
)

FIELD_B = FIELD.encode()
RETRIES = 8
SNAPSHOT_EVERY = 32  # a cold load folds at most 31 entries; pickling is most of a snapshot's cost
MAX_CHAIN = 500


@dataclass(frozen=True)
class Loaded:
    """A game as of its latest version: metadata, the engine module and the fold."""

    game_id: str
    meta: dict[str, Any]
    game: Game
    folded: Folded
    record: bytes | None = None
    meta_raw: bytes | None = None  # the metadata as stored (what a guarded append compares)
    anchor: str | None = None  # SHA-1 of the stored bytes of the entry at `version`, when known
    remembered: bool = False  # from this process's memo, unread: appends go guarded

    @property
    def version(self) -> int:
        """Returns the number of log entries."""
        return self.folded.version

    @property
    def status(self) -> str:
        """Returns running, finished or aborted."""
        if self.folded.table.aborted:
            return "aborted"
        if self.folded.state is not None and self.game.result(self.folded.state) is not None:
            return "finished"
        return "running"

    @property
    def rules_retired(self) -> bool:
        """Tells whether the game was started under rules this engine no longer plays: its first
        engine entry names a version outside the engine's `ENGINE_VERSIONS` (a format-1 log
        names none and plays on under the current rules)."""
        rules = self.folded.rules
        return rules is not None and rules not in engine_versions(self.game)

    def viewer(self, who: Principal) -> Any:
        """Returns the engine viewer for a principal: "all" once over, the seat, else None."""
        if self.status != "running":
            return "all"
        return who.seat if who.role == "seat" else None


@dataclass(frozen=True)
class Prepared:
    """The sealed envelopes of the next entries, their stored bytes, and the fold after them."""

    envs: list[Json]
    encoded: list[bytes]
    after: Folded


@dataclass(frozen=True)
class Item:
    """One log entry to append: an engine event (with its move) or a service event."""

    kind: str
    event: Json
    move: Json | None = None


class GameService:
    """Creates, loads and changes games in one Redis; used by the HTTP views and the workers."""

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
                raise ServiceError("version-conflict", f"game {game_id} has no version {version}")
            entry_hash = unpack(rows[0][1][FIELD_B], game_id)["hash"]
        return self.keys.sign(game_id, version, str(entry_hash))

    # ----- loading

    def load(self, game_id: str, scope: str | None = None) -> Loaded:
        """Returns the game at its latest version; raises `unknown-game`.

        One round trip when this process's memo (service.memo) holds the game: meta, the
        log from the memo's version on (the anchor, whose hash must equal the memo's, then
        any newer entries) and the idempotency record of `scope` (`Loaded.record`). Otherwise,
        or when the anchor does not match, the Redis snapshot and the entries after it
        (service.games._from_snapshot). The record is always read after the log: the script
        that appended a request's entries wrote its record too, so a concurrent retry that
        reads a log holding the first request's move also reads its record, and never decides
        the move again against the game that move changed (`not-your-turn`).
        """
        memo = self.memo.get(game_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.get(meta_key(game_id))
        if memo is not None:
            pipe.xrange(log_key(game_id), entry_id(memo.folded.version), "+")
            pipe.get(idem_key(game_id, scope or "-"))
        else:
            pipe.hgetall(snapshot_key(game_id))
        meta_raw, rows, *prior = pipe.execute()
        if meta_raw is None:
            raise ServiceError("unknown-game", f"there is no game {game_id!r}")
        meta = json.loads(meta_raw)
        game = engine.get_game(meta["game"])
        start = _anchored(game, memo, rows) if memo is not None else None
        if start is not None:
            anchor_row, rows = rows[:1], rows[1:]
        else:
            snaps: Any = rows if memo is None else self.redis.hgetall(snapshot_key(game_id))
            start, rows, anchor_row, prior = self._from_snapshot(game, game_id, snaps, scope)
        envelopes = [unpack(f[FIELD_B], game_id) for _, f in rows]
        folded = fold(game, start, envelopes) if envelopes or start is None else start
        last = (rows or anchor_row)[-1:]
        anchor = sha1(last[0][1][FIELD_B]) if last and folded.version else None
        self.memo.put(game_id, game.ENGINE_VERSION, folded, anchor, meta_raw)
        return Loaded(game_id, meta, game, folded, prior[0] if scope else None, meta_raw, anchor)

    def game_of(self, game_id: str) -> Game:
        """Returns the engine of a game (from its metadata alone); raises `unknown-game`."""
        raw = self.redis.get(meta_key(game_id))
        if raw is None:
            raise ServiceError("unknown-game", f"there is no game {game_id!r}")
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
        pipe.get(idem_key(game_id, scope or "-"))
        anchor, rows, prior = pipe.execute()
        if not _anchor_matches(anchor, snap):
            return None, *self._rows_then_record(game_id, 1, scope)
        return snap, rows, anchor, [prior]

    def _rows_then_record(self, game_id: str, first: int, scope: str | None) -> tuple[Any, Any, list[Any]]:
        """Returns the log's rows from version `first` on, no anchor, and then the record of `scope`."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrange(log_key(game_id), entry_id(first), "+")
        pipe.get(idem_key(game_id, scope or "-"))
        rows, prior = pipe.execute()
        return rows, [], [prior]

    # ----- creating

    def create(self, spec: Json, *, scope: str | None = None, body_hash: str = "") -> tuple[Json, bool]:
        """Creates a game from `spec`; returns (answer with tokens, False) or (first answer, True).

        `scope` identifies (credential, route, Idempotency-Key): see service.creating.create.
        """
        return creating.create(self, spec, scope=scope, body_hash=body_hash)

    def play_link(self, game_id: str, seat: int, gen: int | None = None) -> str:
        """Returns a fresh signed play link for a seat (the token sits in the URL fragment).

        The link carries the seat's credential generation: `gen`, or the current one in meta.
        """
        if gen is None:
            raw = self.redis.get(meta_key(game_id))
            if raw is None:
                raise ServiceError("unknown-game", f"there is no game {game_id!r}")
            gen = int(json.loads(raw)["seats"][seat].get("gen", 0))
        token = make_link_token(self.config.SECRET_KEY, game_id, seat, self.config.LINK_MAX_AGE_S, gen)
        return f"{self.config.PUBLIC_URL}/play/{game_id}#k={token}"

    # ----- moves

    def submit(self, game_id: str, seat: int, moves: list[Json], **options: Any) -> Json:
        """Decides `moves` for `seat` in order and appends all their events or none.

        Takes the options of `submit_text` (actor, expected_version, idempotency_key, scope,
        body_hash, precondition, loaded). With `expected_version` a stale game is refused
        (`version-conflict`, 412 when it came from If-Match); without it the moves are decided
        against the latest version. A `loaded` game (from `load(game_id, scope)`) saves the
        first round trip.
        """
        return self.submit_text(game_id, seat, moves, **options)[0]

    def submit_text(
        self,
        game_id: str,
        seat: int,
        moves: list[Json],
        *,
        actor: Json | str | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        scope: str | None = None,
        body_hash: str = "",
        precondition: bool = False,
        loaded: Loaded | None = None,
    ) -> tuple[Json, str]:
        """Works as `submit`; returns the answer and its JSON text (encoded once, also recorded)."""
        for _ in range(RETRIES):
            loaded = loaded or self.load(game_id, scope)
            if loaded.record is not None:
                return _with_text(self.replayed(loaded.record, body_hash, loaded, seat))
            check_expected(loaded, expected_version, precondition)
            items, decided = self._decide_all(loaded, seat, moves)
            if loaded.folded.table.absent.get(seat) is not None:
                items.insert(0, Item("service", {"type": "seat_returned", "seat": seat}))
            ready = self._prepare(loaded, items, actor or {"seat": seat}, idempotency_key, decided)
            dues = deadlines.due(loaded.game, ready.after)
            answer, text = _with_text(self._move_answer(loaded, seat, ready.envs, ready.after, dues))
            record = idem.of_move(body_hash, 201, loaded.version + 1, ready.after.version)
            outcome = self._write(loaded, ready, idem=(scope, record), dues=dues)
            if outcome.status == "ok":
                return answer, text
            if outcome.status == "idem":
                return _with_text(self.replayed(outcome.prior, body_hash, loaded, seat))
            if loaded.remembered:
                raise Stale(f"game {game_id} moved on from the version this process remembers")
            loaded = self.load(game_id, scope)
            check_expected(loaded, expected_version, precondition)
        raise ServiceError("version-conflict", "the game kept changing; try again", version=loaded.version)

    def dry_run(self, loaded: Loaded, seat: int, moves: list[Json]) -> Json | None:
        """Returns what `submit` would append for the caller on `loaded`, without appending; None
        when the moves would draw or reveal anything (the game's `REVEALS` events): what they
        would turn up is not the caller's to know before it moves (it could try every move)."""
        check_running(loaded)
        items, decided = self._decide_all(loaded, seat, moves)
        if reveals(loaded.game, [item.event for item in items]):
            return None
        ready = self._prepare(loaded, items, {"seat": seat}, None, decided)
        return self._move_answer(
            loaded, seat, ready.envs, ready.after, deadlines.due(loaded.game, ready.after)
        )

    def _decide_all(self, loaded: Loaded, seat: int, moves: list[Json]) -> tuple[list[Item], Any]:
        """Returns the engine items of `moves` decided in order, and the engine state after them.

        A move that draws or reveals (the game's `REVEALS` events) must be the last of a batch:
        a later move would be decided, and refused, on what it turned up, which the seat did not
        know when it wrote the batch (and a refused batch costs nothing to try again).
        """
        check_running(loaded)
        if not moves:
            raise validation("no move given")
        state, items = loaded.folded.state, []
        for index, move in enumerate(moves):
            try:
                events, state = loaded.game.decide_state(state, seat, move)
            except RuleViolation as exc:
                if len(moves) > 1:
                    exc.message = f"move {index + 1} of {len(moves)}: {exc.message}"
                raise
            if index < len(moves) - 1 and reveals(loaded.game, events):
                raise IllegalMove(
                    f"move {index + 1} of {len(moves)} draws or reveals what was hidden: it must be "
                    "the last move of its batch; send the moves after it separately",
                    reason="reveals-mid-batch",
                )
            items.extend(Item("engine", event, move) for event in events)
        return items, state

    def _move_answer(
        self, loaded: Loaded, seat: int, envs: list[Json], after: Folded, dues: list[deadlines.Due]
    ) -> Json:
        """Returns the answer to a move: new version, the entries as the seat sees them, prompts."""
        now = Loaded(loaded.game_id, loaded.meta, loaded.game, after)
        result = loaded.game.result(after.state) if after.state is not None else None
        return {
            "version": after.version,
            "entries": history.redact_all(loaded.game, envs, now.viewer(Principal("seat", seat))),
            "prompts": [d.to_json() for d in dues],
            "result": result,
            "status": now.status,
        }

    def legal_moves(self, game_id: str, seat: int, partial: Json | None = None) -> Json:
        """Returns the seat's prompt and its legal moves (or the extensions of `partial`)."""
        loaded = self.load(game_id)
        prompt = loaded.game.pending(loaded.folded.state).get(seat) if loaded.status == "running" else None
        if prompt is None:
            return {"version": loaded.version, "seat": seat, "prompt": None, "moves": [], "notation": []}
        moves = loaded.game.legal_moves(loaded.folded.state, seat, partial)
        return {
            "version": loaded.version,
            "seat": seat,
            "prompt": prompt,
            "moves": moves,
            "notation": [_notation(loaded.game, m) for m in moves],
        }

    # ----- appending

    def _prepare(
        self, loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, decided: Any = None
    ) -> Prepared:
        """Returns the sealed envelopes of `items`, their stored bytes and the fold after them.

        `decided` is the engine state after the engine items, when `decide_state` gave it.
        """
        envs, encoded = self._envelopes(loaded, items, actor, key, self._ms())
        return Prepared(envs, encoded, fold(loaded.game, loaded.folded, envs, decided=decided))

    def _append(
        self,
        loaded: Loaded,
        items: list[Item],
        *,
        actor: Json | str,
        idem: tuple[str | None, str] = (None, ""),
        key: str | None = None,
        meta: Json | None = None,
        create: bool = False,
    ) -> Any:
        """Seals `items` as the next entries and appends them iff the log is still at its version."""
        return self._write(
            loaded, self._prepare(loaded, items, actor, key), idem=idem, meta=meta, create=create
        )

    def _write(
        self,
        loaded: Loaded,
        ready: Prepared,
        *,
        idem: tuple[str | None, str] = (None, ""),
        meta: Json | None = None,
        create: bool = False,
        dues: list[deadlines.Due] | None = None,
    ) -> Any:
        """Appends prepared envelopes with deadlines, snapshot and idempotency record, or nothing."""
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
            raise ServiceError("version-conflict", "a game with this id exists already")
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

    def _envelopes(
        self, loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, t: int
    ) -> tuple[list[Json], list[bytes]]:
        """Returns the sealed envelopes of `items` chained after the loaded version, and their bytes."""
        if _log_format(loaded, items) == 2:
            return self._envelopes_v2(loaded, items, actor, key, t)
        prev, seed, out, encoded = loaded.folded.last_hash, loaded.folded.seed, [], []
        causes: dict[int, bytes] = {}  # the events of one move share its cause (by identity)
        for offset, item in enumerate(items, start=1):
            v = loaded.version + offset
            seed = seed or (item.event.get("seed") if item.kind == "engine" else None)
            env: Json = {
                "game": loaded.game_id,
                "v": v,
                "t": t,
                "kind": item.kind,
                "actor": actor if item.kind == "engine" else "system",
                "cause": {"move": item.move, "idempotency_key": key},
                "event": item.event,
                "prev": prev,
            }
            if item.kind == "engine" and seed and loaded.game.redact(item.event, None) != item.event:
                env["salt"] = rng.salt(seed, v)
            if id(item.move) not in causes:
                causes[id(item.move)] = canonical(env["cause"])
            sealed, raw = seal_entry(env, causes[id(item.move)])
            out.append(sealed)
            encoded.append(raw)
            prev = sealed["hash"]
        return out, encoded

    def _envelopes_v2(
        self, loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, t: int
    ) -> tuple[list[Json], list[bytes]]:
        """Returns format-2 entries (engine.audit): every hash covers the derived `prev` and the
        secret `salt` of its version; a move's entries share `group` (the version of the first)
        and only the first carries the move's `cause`; the first engine entry names its `rules`."""
        seed = loaded.folded.seed or _seed_of(items)
        if seed is None:
            raise RuntimeError("a format-2 entry needs the game's seed for its salt")
        prev, out, encoded = loaded.folded.last_hash, [], []
        group, first_engine = 0, loaded.folded.engine_n == 0
        for offset, item in enumerate(items, start=1):
            v = loaded.version + offset
            before = items[offset - 2] if offset > 1 else None
            if (
                before is None
                or item.kind != "engine"
                or before.kind != "engine"
                or item.move is not before.move
            ):
                group = v
            env: Json = {"game": loaded.game_id, "v": v, "t": t, "kind": item.kind, "group": group}
            env["actor"] = actor if item.kind == "engine" else "system"
            if group == v:
                env["cause"] = {"move": item.move, "idempotency_key": key}
            if item.kind == "engine" and first_engine:
                env["rules"], first_engine = {"engine": loaded.game.ENGINE_VERSION}, False
            env["event"] = item.event
            sealed, raw = seal_v2(env, prev, rng.salt(seed, v), loaded.meta["game"])
            out.append(sealed)
            encoded.append(raw)
            prev = sealed["hash"]
        return out, encoded

    def recorded(self, game_id: str, scope: str | None, body_hash: str) -> Json | None:
        """Returns the first answer recorded under `scope`, or None; refuses another body."""
        if not scope:
            return None
        raw = self.redis.get(idem_key(game_id, scope))
        return None if raw is None else self.replayed(raw, body_hash)

    def replayed(self, raw: str | bytes, body_hash: str, loaded: Loaded | None = None, seat: int = 0) -> Json:
        """Returns the first answer of an idempotency record (service.idem); refuses a different
        body. A move's answer is rebuilt from the log of `loaded`, for the `seat` that moved."""
        record = idem.read(raw)
        record.check(body_hash)
        if record.answer is not None:
            return record.answer
        if loaded is None:
            raise ValueError("a move's idempotency record is answered from its game's log")
        return self._rebuilt(loaded, seat, record.first, record.last)

    def _rebuilt(self, loaded: Loaded, seat: int, first: int, last: int) -> Json:
        """Returns the answer `seat` was given for appending versions first..last: the entries as it
        saw them, and the prompts and result of the fold at `last` (from `loaded` when it is not
        past `last`, else from the start)."""
        start = loaded.folded if loaded.version <= last else None
        known = start.version if start else 0
        envs = self.store.read(loaded.game_id, min(known, first - 1), last)
        after = fold(loaded.game, start, [e for e in envs if e["v"] > known])
        mine = [e for e in envs if e["v"] >= first]
        return self._move_answer(loaded, seat, mine, after, deadlines.due(loaded.game, after))

    def _ms(self) -> int:
        return int(self.clock() * 1000)

    # ----- deadlines, presence, admin (service.admin builds on these)

    def pending(self, game_id: str) -> list[deadlines.Due]:
        """Returns the open prompts with their deadlines."""
        loaded = self.load(game_id)
        return deadlines.due(loaded.game, loaded.folded)

    def append_service(
        self, game_id: str, events: list[Json], *, meta: Json | None = None, expected: int | None = None
    ) -> int:
        """Appends service events (conditionally on the version just loaded); returns the version."""
        for _ in range(RETRIES):
            loaded = self.load(game_id)
            check_expected(loaded, expected, False)
            outcome = self._append(loaded, [Item("service", e) for e in events], actor="system", meta=meta)
            if outcome.status == "ok":
                return int(outcome.version)
        raise ServiceError("version-conflict", "the game kept changing; try again")

    def auto_pass(self, game_id: str, seat: int, prompt_id: str, now: float) -> Json:
        """Auto-passes an overdue prompt in one conditional append (see service.turns.auto_pass)."""
        return turns.auto_pass(self, game_id, seat, prompt_id, now)

    def set_presence(
        self, game_id: str, seat: int, state: str, *, days: int = 0, by_admin: bool = False
    ) -> Json:
        """Records a seat absent, back or on vacation (see service.turns.set_presence)."""
        return turns.set_presence(self, game_id, seat, state, days=days, by_admin=by_admin)

    def view(self, loaded: Loaded, viewer: Any, at: int | None = None) -> Json:
        """Returns `viewer`'s view of the game, now or as of version `at`."""
        return history.view_at(self, loaded, viewer, at)


class Stale(Exception):
    """A guarded append found the log moved on from (or not matching) this process's memo."""


def _anchored(game: Game, memo: Memory, rows: list[Any]) -> Folded | None:
    """Returns the memo's fold if it is of this engine and `rows` start at its exact entry."""
    if memo.engine_version != game.ENGINE_VERSION or not _anchor_matches(rows[:1], memo.folded):
        return None
    return memo.folded


def _log_format(loaded: Loaded, items: list[Item]) -> int:
    """Returns the log format of the game being appended to (its game_created, maybe in `items`)."""
    if loaded.version:
        return loaded.folded.table.log_format
    created = items[0].event if items and items[0].event.get("type") == "game_created" else {}
    return int(created.get("format", 1))


def _seed_of(items: list[Item]) -> str | None:
    """Returns the seed an engine event among `items` carries (the opening of a new game)."""
    return next((i.event["seed"] for i in items if i.kind == "engine" and "seed" in i.event), None)


def _anchor_matches(rows: list[Any], folded: Folded) -> bool:
    """Tells whether `rows` start with the entry of `folded`'s version carrying its last hash."""
    if not rows or rows[0][0] != entry_id(folded.version).encode():
        return False
    return bool(unpack(rows[0][1][FIELD_B], "")["hash"] == folded.last_hash)


def _notation(game: Game, move: Json) -> str | None:
    """Returns a complete move in the game's text notation (None for an incomplete extension)."""
    if not move.get("complete", True):
        return None
    try:
        return game.format_move({k: v for k, v in move.items() if k != "complete"})
    except RuleViolation:
        return None


def reveals(game: Game, events: list[Json]) -> bool:
    """Tells whether any of `events` draws or turns up what nobody knew before (`game.REVEALS`)."""
    return any(event.get("type") in game.REVEALS for event in events)


def check_running(loaded: Loaded) -> None:
    """Refuses a move on a game that is over (`game-over`) or whose rules are retired (`check_rules`)."""
    if loaded.status != "running":
        raise GameOver(f"game {loaded.game_id} is {loaded.status}")
    check_rules(loaded)


def check_rules(loaded: Loaded) -> None:
    """Refuses a move on a game whose rules are retired (`rules-retired`): it can be read and
    audited, but this code does not promise to decide its moves as its rules did."""
    if loaded.rules_retired:
        raise ServiceError(
            "rules-retired",
            f"game {loaded.game_id} was started under rules {loaded.folded.rules}, which this server "
            f"no longer plays (it plays {', '.join(engine_versions(loaded.game))}); it can be read "
            "and audited, not moved in",
            rules=loaded.folded.rules,
        )


def check_expected(loaded: Loaded, expected: int | None, precondition: bool) -> None:
    """Refuses a stale expected version: 412 when it came from If-Match, else 409."""
    if expected is not None and expected != loaded.version:
        raise ServiceError(
            "version-conflict",
            f"expected version {expected}, the game is at {loaded.version}",
            status=412 if precondition else 409,
            version=loaded.version,
        )


def record(body_hash: str, status: int, answer: Json) -> str:
    """Returns the idempotency record of a first answer (with the hash of the body it answered)."""
    return record_text(body_hash, status, _with_text(answer)[1])


def record_text(body_hash: str, status: int, answer_text: str) -> str:
    """Returns the idempotency record of a first answer given as JSON text (not re-encoded)."""
    return f'{{"body":{json.dumps(body_hash)},"status":{int(status)},"answer":{answer_text}}}'


def compact(value: Any) -> str:
    """Returns compact JSON text of a JSON value (orjson; integer keys become strings, as in json)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _with_text(answer: Json) -> tuple[Json, str]:
    """Returns an answer with its compact JSON text (what the HTTP view sends)."""
    return answer, compact(answer)
