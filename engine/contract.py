"""Declares the interface every game module implements (design.md, "The engine contract").

Conventions shared by every game, relied on by the service, workers and clients:

* Moves, events, prompts, views and results are JSON-compatible dicts with a `type`
  (prompts have `kind`). Each game lists its types in `MOVES`, `EVENTS` and `PROMPTS`
  (type -> one-line doc) so the API spec, the email parser and the clients build from them.
* The first event `setup` returns carries `seed` (the secret rng seed, a hidden field) and
  `commitment` (its public SHA-256, `engine.rng.commitment`). `redact` removes `seed` for
  every viewer while the game runs; the service reads it from there to salt hidden events.
* The engine counts its own events: `state` knows how many engine events were folded
  (the engine version, `n`). A prompt is `{id, kind, since, turn}`: `since` is the engine
  version at which it opened, `id` is stable while the decision is open, and `turn` names
  the turn it belongs to: an auto-pass keeps applying `default_move` while the same seat
  owes a prompt with the same `turn` (for a sealed decision, `turn` is the prompt id).
* `decide_state(state, seat, move)` is `decide` that also returns the state after its
  events, exactly what `evolve` folded over them gives (a decider folds as it emits; the
  service keeps that fold instead of folding the events again).
* A move may carry `"default": true` (from `default_move`); the events it causes say so.
* `legal_moves(state, seat)` lists complete moves only (the shortest complete members of the
  large families). `legal_moves(state, seat, partial=m)` lists the one-step extensions of
  `m` (complete or not), each with `"complete": bool`; strip that key before submitting.
* `view(state, seat)`: seat is an int, None (spectator) or "all" (everything, served only
  once the game is over). `redact(event, seat)` returns the event as `seat` may see it, or
  None when it may see nothing of it.
* `REVEALS` lists the event types that draw or turn up what nobody knew before (a card from
  a shuffled pile, a face-down card, sealed choices, the seed at the end). The service lets
  such an event end a batch only, and never shows it before it is played (a dry run that
  causes one says only whether the moves would be accepted): whether a move causes one must
  follow from what its seat knows, so that refusing it tells nothing.
* Refusals are `engine.errors.RuleViolation` subclasses; nothing else escapes `decide`,
  `setup`, `legal_moves` or `parse_move` on bad input.
* `ENGINE_VERSION` names the rules the engine plays now; the service records it on a game's
  first engine entry (`rules`), and a game runs to its end on the rules it started with.
  Optional: `ENGINE_VERSIONS`, every rules version whose games this code replays and plays on
  byte for byte (current first); read it through `engine_versions(game)`, which falls back to
  `(ENGINE_VERSION,)`. A change that alters the events of a listed version must bump
  `ENGINE_VERSION` and keep the old behaviour reachable (README, "Rules versions").
* Optional: `text_summary(view, names=None) -> list[str]`: a plain-text board summary for
  emails, built from a `view(state, seat)` dict alone (so it shows nothing that view hides)
  and the players' public display names, one per seat (used when they tell seats apart).
  Callers check `hasattr(game, "text_summary")`; it is not part of the `Game` protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Json = dict[str, Any]
Viewer = int | str | None


class Game(Protocol):
    """The module-level functions and tables of one registered game."""

    INFO: Json
    MOVES: dict[str, str]
    EVENTS: dict[str, str]
    PROMPTS: dict[str, str]
    REVEALS: frozenset[str]
    ENGINE_VERSION: str  # optional ENGINE_VERSIONS: tuple[str, ...], read through engine_versions(game)

    def setup(self, seats: int, options: Json, rng_seed: str) -> list[Json]: ...

    def evolve(self, state: Any, event: Json) -> Any: ...

    def decide(self, state: Any, seat: int, move: Json) -> list[Json]: ...

    def decide_state(self, state: Any, seat: int, move: Json) -> tuple[list[Json], Any]: ...

    def pending(self, state: Any) -> dict[int, Json]: ...

    def legal_moves(self, state: Any, seat: int, partial: Json | None = None) -> list[Json]: ...

    def default_move(self, state: Any, seat: int) -> Json: ...

    def view(self, state: Any, seat: Viewer) -> Json: ...

    def redact(self, event: Json, seat: Viewer) -> Json | None: ...

    def result(self, state: Any) -> Json | None: ...

    def format_move(self, move: Json) -> str: ...

    def parse_move(self, text: str, state: Any, seat: int) -> list[Json]: ...


def engine_versions(game: Game) -> tuple[str, ...]:
    """Returns the rules versions `game` replays and plays on: its `ENGINE_VERSIONS`, current first
    (`(ENGINE_VERSION,)` for an engine that does not list them)."""
    versions: tuple[str, ...] = getattr(game, "ENGINE_VERSIONS", (game.ENGINE_VERSION,))
    return versions


NAMES_KEY = "_names"  # where `with_names` puts the seat names in a summary's copy of a view


def with_names(view: Json, names: Sequence[str] | None) -> Json:
    """Returns `view` with the seats' display names for a summary, when they tell seats apart."""
    if names is None or len(set(names)) != len(names) or not all(names):
        return view
    return {**view, NAMES_KEY: list(names)}


def seat_name(view: Json, seat: int) -> str | None:
    """Returns the display name `with_names` gave `seat`, or None."""
    names = view.get(NAMES_KEY)
    return names[seat] if isinstance(names, list) and 0 <= seat < len(names) else None
