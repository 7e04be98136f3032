"""Plays one seat through the public API: ask what is legal, choose, submit, repeat.

A bot is a `choose(ctx) -> move` strategy. `Turn` gives it the seat's view, the legal
moves, and `extend(partial)` to build a move of a large family step by step (El Grande's
placements), exactly as a third-party client would with `POST …/legal-moves`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from clients.python import Client, GameOver, NotYourTurn, VersionConflict
from clients.python.types import Json, LegalMoves, MoveResult

MAX_WALK = 12


@dataclass
class Turn:
    """What a bot sees when it must decide: its client, seat, view and legal moves."""

    client: Client
    game_id: str
    seat: int
    view: Json
    legal: LegalMoves
    rnd: random.Random

    @property
    def kind(self) -> str:
        """Returns the kind of the prompt the seat owes."""
        return str((self.legal.prompt or {}).get("kind", ""))

    def extend(self, partial: Json) -> list[Json]:
        """Returns the one-step extensions of `partial`, each flagged `complete`."""
        return list(self.client.legal_moves(self.game_id, partial).moves)


class Bot(Protocol):
    """A strategy: returns a complete legal move for the turn."""

    name: str

    def choose(self, turn: Turn) -> Json: ...


def walk(turn: Turn, start: Json, pick: Callable[[list[Json]], Json | None]) -> Json:
    """Returns a complete move grown from `start` one extension at a time while `pick` picks one.

    Stops when there is no extension or `pick` returns None; the result is the last complete move.
    """
    best = current = start
    for _ in range(MAX_WALK):
        options = turn.extend(current)
        step = pick(options) if options else None
        if step is None:
            break
        current = {k: v for k, v in step.items() if k != "complete"}
        if step.get("complete"):
            best = current
    return best


def play_once(bot: Bot, client: Client, game_id: str, seat: int, rnd: random.Random) -> MoveResult | None:
    """Plays one decision for `seat` if it owes one; returns the server's answer, else None.

    A move refused because the game moved on meanwhile (another seat acted, a deadline
    passed) is not an error: the caller just asks again.
    """
    legal = client.legal_moves(game_id)
    if legal.prompt is None or not legal.moves:
        return None
    view = client.view(game_id).view or {}
    move = bot.choose(Turn(client, game_id, seat, view, legal, rnd))
    try:
        return client.play(game_id, move, if_match=legal.version)
    except (VersionConflict, NotYourTurn, GameOver):
        return None
