"""Holds a game as read from the log (`Loaded`) and the checks a change makes on it first.

The bottom layer of the service core: pure values and checks, no Redis. `service.core` reads
and writes games, `service.moving` decides moves, `service.games` puts them behind one facade.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Json, engine_versions
from engine.errors import GameOver, Text
from engine.i18n import N_
from service.auth import Principal
from service.errors import ServiceError
from service.fold import Folded


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


class Stale(Exception):
    """A guarded append found the log moved on from (or not matching) this process's memo."""


def reveals(game: Game, events: list[Json]) -> bool:
    """Tells whether any of `events` draws or turns up what nobody knew before (`game.REVEALS`)."""
    return any(event.get("type") in game.REVEALS for event in events)


def check_running(loaded: Loaded) -> None:
    """Refuses a move on a game that is over (`game-over`) or whose rules are retired (`check_rules`)."""
    if loaded.status != "running":
        raise GameOver(N_("game {game_id} is {status}"), game_id=loaded.game_id, status=loaded.status)
    check_rules(loaded)


def check_rules(loaded: Loaded) -> None:
    """Refuses a move on a game whose rules are retired (`rules-retired`): it can be read and
    audited, but this code does not promise to decide its moves as its rules did."""
    if loaded.rules_retired:
        raise ServiceError(
            "rules-retired",
            Text(
                N_(
                    "game {game_id} was started under rules {rules}, which this server no longer plays (it plays {played}); it can be read and audited, not moved in"
                ),
                game_id=loaded.game_id,
                rules=loaded.folded.rules,
                played=", ".join(engine_versions(loaded.game)),
            ),
            rules=loaded.folded.rules,
        )


def check_expected(loaded: Loaded, expected: int | None, precondition: bool) -> None:
    """Refuses a stale expected version: 412 when it came from If-Match, else 409."""
    if expected is not None and expected != loaded.version:
        raise ServiceError(
            "version-conflict",
            Text(
                N_("expected version {expected}, the game is at {version}"),
                expected=expected,
                version=loaded.version,
            ),
            status=412 if precondition else 409,
            version=loaded.version,
        )
