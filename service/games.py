"""Runs games: create, move, read and change them — the Flask-free core (style.md) as one facade.

`GameService` is what the HTTP views and the workers call. Its layers, from the bottom:
`service.loaded` (a game as read, and the checks on it) and `service.sealing` (the next
entries of a log, sealed) are pure; `service.core` reads games and appends to them in Redis;
`service.moving` (moves), `service.creating` (new games), `service.turns` (auto-pass,
presence, admin powers) and `service.history` (redacted reads) build on those. None of them
imports this module.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Json
from service import creating, deadlines, history, moving, turns
from service.core import Core
from service.loaded import Loaded


class GameService(Core):
    """Creates, loads and changes games in one Redis; used by the HTTP views and the workers."""

    def create(self, spec: Json, *, scope: str | None = None, body_hash: str = "") -> tuple[Json, bool]:
        """Creates a game from `spec`; returns (answer with tokens, False) or (first answer, True).

        `scope` identifies (credential, route, Idempotency-Key): see service.creating.create.
        """
        return creating.create(self, spec, scope=scope, body_hash=body_hash)

    def play(self, request: moving.MoveRequest) -> moving.Played:
        """Answers a move request in one call: load or recall, authorize, decide, append
        (service.moving.play)."""
        return moving.play(self, request)

    def submit(self, game_id: str, seat: int, moves: list[Json], **options: Any) -> Json:
        """Decides `moves` for `seat` and appends all their events or none (service.moving.submit)."""
        return moving.submit(self, game_id, seat, moves, **options)

    def dry_run(self, loaded: Loaded, seat: int, moves: list[Json]) -> Json | None:
        """Returns what `submit` would append for the caller, or None (service.moving.dry_run)."""
        return moving.dry_run(self, loaded, seat, moves)

    def legal_moves(self, game_id: str, seat: int, partial: Json | None = None) -> Json:
        """Returns the seat's prompt and its legal moves (or the extensions of `partial`)."""
        return moving.legal_moves(self.load(game_id), seat, partial)

    def pending(self, game_id: str) -> list[deadlines.Due]:
        """Returns the open prompts with their deadlines."""
        loaded = self.load(game_id)
        return deadlines.due(loaded.game, loaded.folded)

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
        return history.view_at(self.store, loaded, viewer, at)
