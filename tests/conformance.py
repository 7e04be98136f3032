"""Plays random games of any engine game through the contract only and checks invariants.

Used by every game's conformance test (design.md, "Testing"): random legal playouts that
random-walk `legal_moves` with `partial`, checking after every decision that

* something is pending until `result` is set, and `legal_moves` is non-empty for every due seat;
* sampled listed moves and `default_move` are accepted by `decide`;
* the game's own invariants hold (`Checks.invariants`), including across each step
  (`Checks.step`), and no view or redacted event leaks (`Checks.leaks`);
* `decide_state` gives `decide`'s events and the state their fold gives;
* replaying the log gives the live state.

`CONFORMANCE_GAMES` (environment) multiplies the number of games for long runs.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Game, Json


def fold(game: Game, events: Iterable[Json]) -> Any:
    """Returns the state folded from `events`."""
    state = None
    for event in events:
        state = game.evolve(state, event)
    return state


def canon(value: Any) -> str:
    """Returns a canonical JSON text of a contract value (for comparisons)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)


def scale() -> int:
    """Returns the multiplier for the number of random games (CONFORMANCE_GAMES, default 1)."""
    return max(1, int(os.environ.get("CONFORMANCE_GAMES", "1")))


@dataclass
class Checks:
    """Game-specific hooks; each returns a list of problems (empty when all is well)."""

    invariants: Callable[[Any], list[str]] = lambda state: []
    step: Callable[[Any, Any, list[Json]], list[str]] = lambda before, after, events: []
    leaks: Callable[[Any, list[Json], Any], list[str]] = lambda state, events, viewer: []
    final: Callable[[Any, list[Json]], list[str]] = lambda state, events: []


@dataclass
class Playout:
    """The outcome of one random game."""

    events: list[Json] = field(default_factory=list)
    state: Any = None
    decisions: int = 0
    problems: list[str] = field(default_factory=list)


def random_move(game: Game, state: Any, seat: int, rnd: random.Random) -> Json:
    """Returns a random complete legal move, random-walking `partial` extensions."""
    legal = game.legal_moves(state, seat)
    move = rnd.choice(legal)
    best = current = move
    for _ in range(40):
        if rnd.random() < 0.15:
            break
        options = game.legal_moves(state, seat, partial=current)
        if not options:
            break
        step = rnd.choice(options)
        current = {k: v for k, v in step.items() if k != "complete"}
        if step.get("complete"):
            best = current
    return best


def _accepts(game: Game, state: Any, seat: int, move: Json) -> str | None:
    try:
        game.decide(state, seat, move)
    except Exception as exc:  # noqa: BLE001 - any refusal of a listed move is a problem
        return f"{type(exc).__name__}: {exc}"
    return None


def play(
    game: Game,
    seats: int,
    options: Json,
    seed: str,
    checks: Checks,
    *,
    max_decisions: int = 20000,
    sample_legal: int = 3,
    check_leaks_every: int = 1,
) -> Playout:
    """Plays one random game and returns its events, final state and the problems found."""
    rnd = random.Random(seed)
    out = Playout(events=list(game.setup(seats, options, seed)))
    state = fold(game, out.events)
    viewers: list[Any] = [None, *range(seats)]
    for _ in range(max_decisions):
        if game.result(state) is not None:
            break
        due = game.pending(state)
        if not due:
            out.problems.append(f"step {out.decisions}: nothing pending and no result")
            break
        for seat in due:
            legal = game.legal_moves(state, seat)
            if not legal:
                out.problems.append(f"step {out.decisions}: no legal move for due seat {seat}")
                return out
            for move in rnd.sample(legal, min(sample_legal, len(legal))):
                if err := _accepts(game, state, seat, move):
                    out.problems.append(f"listed move {move} refused: {err}")
            if err := _accepts(game, state, seat, game.default_move(state, seat)):
                out.problems.append(f"default move for seat {seat} refused: {err}")
        seat = rnd.choice(sorted(due))
        move = random_move(game, state, seat, rnd) if rnd.random() < 0.9 else game.default_move(state, seat)
        new = list(game.decide(state, seat, move))
        new_too, decided = game.decide_state(state, seat, move)
        before = state
        for event in new:
            state = game.evolve(state, event)
        if canon(new_too) != canon(new) or decided != state:
            out.problems.append(f"step {out.decisions}: decide_state differs from decide and the fold")
        out.events.extend(new)
        out.decisions += 1
        out.problems += checks.invariants(state) + checks.step(before, state, new)
        if out.decisions % check_leaks_every == 0:
            for viewer in viewers:
                out.problems += checks.leaks(state, new, viewer)
        if out.problems:
            break
    else:
        out.problems.append(f"did not end within {max_decisions} decisions")
    out.state = state
    if not out.problems:
        if canon(game.view(fold(game, out.events), "all")) != canon(game.view(state, "all")):
            out.problems.append("replay differs from the live state")
        out.problems += checks.final(state, out.events)
    return out
