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
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from service.fold import Folded

MEMO_GAMES = 2048


class FoldMemo:
    """Keeps one (engine version, fold) per game, the least recently used dropped first."""

    def __init__(self, size: int = MEMO_GAMES) -> None:
        self.size = size
        self._items: OrderedDict[str, tuple[str, Folded]] = OrderedDict()
        self._lock = threading.Lock()  # gthread workers share one GameService

    def get(self, game_id: str) -> tuple[str, Folded] | None:
        """Returns the remembered (engine version, fold) of a game, if any."""
        with self._lock:
            found = self._items.get(game_id)
            if found is not None:
                self._items.move_to_end(game_id)
            return found

    def put(self, game_id: str, engine_version: str, folded: Folded) -> None:
        """Remembers `folded` as the game's fold (it was just read from or written to the log)."""
        if folded.version < 1:
            return
        with self._lock:
            self._items[game_id] = (engine_version, folded)
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
