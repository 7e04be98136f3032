"""Remembers, per process, the latest fold of each recently used game (a bounded LRU).

design.md says nothing assumes a single process: there is no in-process cache that must
agree with other processes. This memo needs no agreement because each entry states an
immutable fact — "the fold of game G's log up to version N, whose entry N has hash H, under
engine version E, is F". The log is append-only and every entry's hash covers its
predecessor's, so the fact never goes stale; it can only stop applying. A load therefore
still reads the log from Redis on every request and uses an entry only when the log's entry
at the memo's version carries exactly the memo's hash (the same anchor check a Redis snapshot
gets), folding just the newer entries another process appended. Anything else — another
version at that place (an edited or truncated log), a missing entry, another engine
version — falls back to the Redis snapshot and the log, and the fold read from there
replaces the entry. Two processes holding different entries for one game are both right
about their versions; neither is ever used for a version it does not name.

A move may also skip the read (service.core.Core.recall): it is decided on the
memory and appended with a guard — the append script refuses it unless the log is still
at the memory's version, its entry there has exactly the remembered bytes, and the game's
metadata (credentials) is byte-identical — and a refused or doubtful attempt is decided
again on a fresh read. Redis stays the only judge of what the game is.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from service.fold import Folded

MEMO_GAMES = 2048


def sha1(data: bytes) -> str:
    """Returns the SHA-1 hex digest that Redis' `redis.sha1hex` gives for the same bytes."""
    return hashlib.sha1(data, usedforsecurity=False).hexdigest()


@dataclass(frozen=True)
class Memory:
    """One remembered fact about a game: its fold under an engine version, and what it rests on.

    `anchor` is the SHA-1 of the stored bytes of the log entry at `folded.version` and
    `meta_raw` the game's metadata as stored then; with both known, a move can be decided
    on this memory and appended on condition that Redis still holds exactly those bytes
    (service.store, the append's guard), without reading the game first.
    """

    engine_version: str
    folded: Folded
    anchor: str | None = None
    meta_raw: bytes | None = None
    meta: dict[str, Any] | None = field(default=None, compare=False)

    @classmethod
    def of(
        cls,
        engine_version: str,
        folded: Folded,
        anchor: str | None,
        meta_raw: bytes | None,
        before: Memory | None = None,
    ) -> Memory:
        """Returns a memory with the metadata parsed (the parse kept from `before` if unchanged)."""
        if meta_raw is None:
            return cls(engine_version, folded, anchor)
        if before is not None and before.meta_raw == meta_raw:
            return cls(engine_version, folded, anchor, meta_raw, before.meta)
        return cls(engine_version, folded, anchor, meta_raw, json.loads(meta_raw))


class FoldMemo:
    """Keeps one Memory per game, the least recently used dropped first."""

    def __init__(self, size: int = MEMO_GAMES) -> None:
        self.size = size
        self._items: OrderedDict[str, Memory] = OrderedDict()
        self._lock = threading.Lock()  # gthread workers share one GameService

    def get(self, game_id: str) -> Memory | None:
        """Returns what is remembered of a game, if anything."""
        with self._lock:
            found = self._items.get(game_id)
            if found is not None:
                self._items.move_to_end(game_id)
            return found

    def put(
        self,
        game_id: str,
        engine_version: str,
        folded: Folded,
        anchor: str | None = None,
        meta_raw: bytes | None = None,
    ) -> None:
        """Remembers `folded` as the game's fold (it was just read from or written to the log).

        `anchor` and `meta_raw` are what the fold rests on (see Memory), when known.
        """
        if folded.version < 1:
            return
        with self._lock:
            memory = Memory.of(engine_version, folded, anchor, meta_raw, self._items.get(game_id))
            self._items[game_id] = memory
            self._items.move_to_end(game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self, game_id: str) -> None:
        """Drops a game's entry (tests; nothing relies on it for correctness)."""
        with self._lock:
            self._items.pop(game_id, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
