"""Fans each game's new log entries out to its open streams: one XREAD loop per bucket.

A `Watch` holds the open streams of one game and the last version fanned out to them (its
cursor). Each bucket with watched games has one task blocked in `XREAD BLOCK` on the logs of
all of them (their keys share the bucket's hash tag: one command, one Redis Cluster slot); a
new watch wakes it to read again with the new key. Per batch of one game the hub loads the
game once (GameService.load in a small thread pool; its meta is read after the entries),
checks every stream's credential against that meta (service.auth.revoked), redacts the batch
once per distinct viewer and queues the frames on each stream; the stream's own handler
writes them. Once the game is over and all of it is out, every stream gets `event: end`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import redis
import redis.asyncio

from service.auth import Grant, revoked
from service.errors import ServiceError
from service.games import GameService
from service.history import GROUP_MARGIN, redact_all, redact_window, whole_moves
from service.loaded import Loaded
from service.packing import unpack
from service.redis_clients import STORE_ERRORS, STREAM_BLOCK_S
from service.store import FIELD, bucket_of, entry_id, log_key, meta_key
from service.streams.wire import end_frame, entry_frames, receipt_frame, revoked_frame

log = logging.getLogger("castillo.streams")

BATCH = 500  # entries per XREAD / XRANGE
BACKLOG = 256  # batches a stream may fall behind before it is closed (its client resumes from its last id)
LOADERS = 4  # threads that load games (one load per batch per game, shared by its streams)
FIELD_B = FIELD.encode()


@dataclass(frozen=True, slots=True)
class Final:
    """The last item of a stream's queue: a frame to write (or nothing), then the stream closes."""

    frame: bytes = b""


@dataclass(eq=False)
class Subscriber:
    """One open stream: whose credential, the last version queued for it, and its queue of frames."""

    game_id: str
    grant: Grant
    queued: int
    queue: asyncio.Queue[bytes | Final] = field(default_factory=asyncio.Queue)
    done: bool = False

    def push(self, frames: list[tuple[int, bytes]]) -> None:
        """Queues the frames of versions after `queued`; closes a stream that fell too far behind."""
        fresh = [frame for version, frame in frames if version > self.queued]
        if self.done or not fresh:
            return
        self.queued = frames[-1][0]
        if self.queue.qsize() >= BACKLOG:
            self.finish()
            return
        self.queue.put_nowait(b"".join(fresh))

    def finish(self, frame: bytes = b"") -> None:
        """Queues the stream's last frame (once)."""
        if not self.done:
            self.done = True
            self.queue.put_nowait(Final(frame))


@dataclass(eq=False)
class Watch:
    """The open streams of one game and the last version fanned out to them."""

    game_id: str
    cursor: int
    subscribers: set[Subscriber] = field(default_factory=set)


def fan_out(
    watch: Watch, loaded: Loaded, envs: list[dict[str, Any]], now: float, receipt: bytes = b""
) -> None:
    """Queues a batch on every stream of `watch` whose credential still holds; ends the others.

    The batch is redacted once per distinct viewer (spectators share one copy) and followed
    by `receipt` (one signature of its last version, the same for every viewer).
    """
    frames: dict[Any, list[tuple[int, bytes]]] = {}
    for sub in list(watch.subscribers):
        reason = revoked(sub.grant, loaded.meta, now)
        if reason is not None:
            sub.finish(revoked_frame(reason, sub.queued))
            watch.subscribers.discard(sub)
            continue
        viewer = loaded.viewer(sub.grant.principal)
        if viewer not in frames:
            frames[viewer] = entry_frames(redact_all(loaded.game, envs, viewer))
            if receipt:
                frames[viewer].append((envs[-1]["v"], receipt))
        sub.push(frames[viewer])
    watch.cursor = envs[-1]["v"]


class Hub:
    """The watches of one stream server and the bucket loops that feed them."""

    def __init__(self, games: GameService, client: redis.asyncio.Redis) -> None:
        self.games = games
        self.redis = client
        self.pool = ThreadPoolExecutor(LOADERS, thread_name_prefix="castillo-load")
        self.watches: dict[str, Watch] = {}
        self.buckets: dict[int, set[str]] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.wakes: dict[int, asyncio.Event] = {}
        self.errors = 0  # failed reads and loads so far (each retried)

    async def load(self, game_id: str) -> Loaded:
        """Returns the game at its latest version (raises `unknown-game`), loaded in the thread pool."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, self.games.load, game_id)

    async def completed(self, game_id: str, envs: list[Any], seed: str | None) -> list[Any]:
        """Returns consecutive entries with the hashes left out derived (service.packing), reading
        what that needs in the loaders' pool (nothing when every hash is stored)."""
        if all("hash" in env for env in envs):
            return envs
        complete = self.games.store.completed
        return await asyncio.get_running_loop().run_in_executor(self.pool, complete, game_id, envs, seed)

    def subscribe(self, loaded: Loaded, granted: Grant, after: int) -> tuple[Subscriber, int]:
        """Opens a stream of `loaded`'s game after version `after`.

        Returns it and the version D from which the hub feeds it: entries after..D are the
        caller's to send (`page`), the hub queues everything after D.
        """
        watch = self.watches.get(loaded.game_id) or self._watch(loaded)
        sub = Subscriber(loaded.game_id, granted, max(after, watch.cursor))
        watch.subscribers.add(sub)
        return sub, watch.cursor

    def unsubscribe(self, sub: Subscriber) -> None:
        """Closes a stream; the last stream of a game ends its watch."""
        watch = self.watches.get(sub.game_id)
        if watch is None:
            return
        watch.subscribers.discard(sub)
        if not watch.subscribers:
            self._unwatch(watch)

    async def page(self, sub: Subscriber, loaded: Loaded, after: int, until: int) -> bytes | Final:
        """Returns the frames of versions after..until (at most BATCH) as `sub` may see them.

        The game's meta is read after the entries, so a credential revoked by then gets the
        stream's last frame (a Final) instead.
        """
        key = log_key(sub.game_id)
        lo, hi = entry_id(max(1, after - GROUP_MARGIN + 1)), entry_id(until + GROUP_MARGIN)
        rows = await self.redis.xrange(key, lo, hi)
        meta = await self.redis.get(meta_key(sub.game_id))
        reason = revoked(sub.grant, json.loads(meta), time.time()) if meta else "the game is gone"
        if reason is not None:
            return Final(revoked_frame(reason, after))
        envs = [unpack(fields[FIELD_B], sub.game_id) for _, fields in rows]
        envs = await self.completed(sub.game_id, envs, loaded.folded.seed)
        shown = redact_window(loaded.game, envs, loaded.viewer(sub.grant.principal), after, until)
        tail = [env for env in envs if env.get("v") == until and "hash" in env]
        receipt = (
            [receipt_frame(self.games.receipt(sub.game_id, until, tail[0]["hash"]), until)] if tail else []
        )
        return b"".join([*(frame for _, frame in entry_frames(shown)), *receipt])

    async def close(self) -> None:
        """Ends every stream, stops the bucket loops and closes the clients."""
        for watch in list(self.watches.values()):
            for sub in watch.subscribers:
                sub.finish()
        self.watches.clear()
        self.buckets.clear()
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.pool.shutdown(wait=False, cancel_futures=True)
        await _aclose(self.redis)

    def _watch(self, loaded: Loaded) -> Watch:
        watch = Watch(loaded.game_id, loaded.version)
        self.watches[loaded.game_id] = watch
        bucket = bucket_of(loaded.game_id)
        self.buckets.setdefault(bucket, set()).add(loaded.game_id)
        self._wake(bucket)
        return watch

    def _unwatch(self, watch: Watch) -> None:
        if self.watches.get(watch.game_id) is not watch:
            return
        del self.watches[watch.game_id]
        bucket = bucket_of(watch.game_id)
        games = self.buckets.get(bucket, set())
        games.discard(watch.game_id)
        if not games:
            self.buckets.pop(bucket, None)
            self._wake(bucket)  # its loop ends now rather than after its XREAD times out

    def _wake(self, bucket: int) -> None:
        """Makes the bucket's loop read again with its current games (starts it if it is not running)."""
        task = self.tasks.get(bucket)
        if task is not None and not task.done():
            self.wakes[bucket].set()
        elif bucket in self.buckets:
            self.wakes[bucket] = asyncio.Event()
            self.tasks[bucket] = asyncio.create_task(self._run_bucket(bucket), name=f"bucket-{bucket}")

    async def _run_bucket(self, bucket: int) -> None:
        """Reads the bucket's watched logs and fans out each batch, until no game of it is watched."""
        failures = 0
        while self.buckets.get(bucket):
            games = {log_key(g): g for g in self.buckets[bucket]}
            streams = {key: entry_id(self.watches[g].cursor) for key, g in games.items()}
            self.wakes[bucket].clear()
            try:
                rows = await self._read(streams, self.wakes[bucket])
                for key, entries in _by_key(rows):
                    await self._deliver(games[key.decode()], entries)
                failures = 0
            except (*STORE_ERRORS, OSError) as exc:
                failures += 1
                self.errors += 1
                pause = min(5.0, 0.1 * 2**failures)
                log.warning("stream hub: bucket %d: %s; reading again in %.1f s", bucket, exc, pause)
                await asyncio.sleep(pause)
            except Exception:
                self.errors += 1
                log.exception("stream hub: bucket %d failed; reading again in 1 s", bucket)
                await asyncio.sleep(1.0)

    async def _read(self, streams: dict[str, str], wake: asyncio.Event) -> Any:
        """Returns XREAD's answer, or None when `wake` is set first (the blocked read is then cancelled)."""
        read = asyncio.ensure_future(self.redis.xread(streams, count=BATCH, block=int(STREAM_BLOCK_S * 1000)))
        woken = asyncio.ensure_future(wake.wait())
        try:
            done, _ = await asyncio.wait((read, woken), return_when=asyncio.FIRST_COMPLETED)
        finally:
            woken.cancel()
            if not read.done():
                read.cancel()
                read.add_done_callback(_retrieve)
        return read.result() if read in done else None

    async def _deliver(self, game_id: str, rows: list[Any]) -> None:
        """Fans out one batch of a game; ends its streams once the game is over and all of it is out."""
        watch = self.watches.get(game_id)
        envs = [unpack(fields[FIELD_B], game_id) for _, fields in rows]
        if watch is None or not envs:
            return
        if len(envs) >= BATCH:
            envs = whole_moves(envs)
        try:
            loaded = await self.load(game_id)
        except (
            ServiceError
        ) as exc:  # the game is gone: its streams close, their clients learn why on reconnecting
            log.warning("stream hub: %s; closing its %d streams", exc, len(watch.subscribers))
            loaded = None
        if loaded is not None:
            envs = await self.completed(game_id, envs, loaded.folded.seed)
        if self.watches.get(game_id) is not watch:
            return
        if loaded is None:
            for sub in watch.subscribers:
                sub.finish()
            self._unwatch(watch)
            return
        last = envs[-1]
        receipt = receipt_frame(self.games.receipt(game_id, last["v"], last["hash"]), last["v"])
        fan_out(watch, loaded, envs, time.time(), receipt)
        if loaded.status != "running" and watch.cursor >= loaded.version:
            for sub in watch.subscribers:
                sub.finish(end_frame(loaded.status, sub.queued))
            self._unwatch(watch)


def _by_key(rows: Any) -> list[tuple[bytes, list[Any]]]:
    """Returns XREAD's answer as (key, entries) pairs (RESP2 gives a list, RESP3 a map)."""
    if not rows:
        return []
    if isinstance(rows, dict):
        return [
            (key, entries[0] if entries and isinstance(entries[0], list) else entries)
            for key, entries in rows.items()
        ]
    return [(key, entries) for key, entries in rows]


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Reads the outcome of a read cancelled too late, so asyncio does not log it as lost."""
    if not task.cancelled():
        task.exception()


async def _aclose(client: redis.asyncio.Redis) -> None:
    """Closes an asyncio client (`aclose` since redis-py 5.0.1, `close` before)."""
    close = getattr(client, "aclose", None) or client.close
    await close()
