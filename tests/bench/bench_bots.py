"""Measures the bots: greedy vs random strength, and the cost of one bot decision.

Run on demand (not collected by pytest): `python tests/bench/bench_bots.py [--games N]`.
By default it plays Kabale engine-only (no server: `play_offline`, the same `Turn` a bot gets
over HTTP, its view JSON round-tripped) with one greedy bot among random ones at 2, 3 and 4
seats (the greedy seat rotates), printing the greedy seat's win share against the 1/seats of
a random seat, its mean score margin and the mean and p99 time of one greedy decision.
`--http` instead starts the real app on a free loopback port (werkzeug, threaded) on
REDIS_URL, else a claimed database of 127.0.0.1:6379 (as the tests do), and plays 4-player
El Grande and 3-player Kabale games through the API, timing one whole decision (legal-moves
+ view + any partial extensions + the move POST) and this process's CPU share of the wall
time (client and server share the process). No timed asserts.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from clients.bots.base import Bot, Turn
from clients.bots.runner import Table, make_bot
from clients.python import Client
from clients.python.types import GameSummary, Json, LegalMoves
from engine import get_game


class EngineClient:
    """Answers a bot's `extend` from the engine, as `POST …/legal-moves` with `partial` would."""

    def __init__(self, game: Any, state: Any, seat: int) -> None:
        self.game, self.state, self.seat = game, state, seat

    def legal_moves(self, game_id: str, partial: Json | None = None) -> LegalMoves:
        """Returns the seat's legal moves, or the one-step extensions of `partial`."""
        moves = tuple(self.game.legal_moves(self.state, self.seat, partial))
        return LegalMoves(self.state.n, self.seat, None, moves, (None,) * len(moves), {})


def offline_turn(game: Any, state: Any, seat: int, prompt: Json, rnd: random.Random) -> Turn:
    """Returns the `Turn` a bot would get over HTTP: the seat's own view (as JSON) and legal moves."""
    view = json.loads(json.dumps(game.view(state, seat)))
    moves = tuple(game.legal_moves(state, seat))
    legal = LegalMoves(state.n, seat, prompt, moves, (None,) * len(moves), {})
    return Turn(EngineClient(game, state, seat), "offline", seat, view, legal, rnd)  # type: ignore[arg-type]


def play_offline(name: str, bots: list[Bot], seed: str, times: dict[str, list[float]] | None = None) -> Json:
    """Plays one game engine-only, bot i at seat i; returns the result (raises on an illegal move).

    `times` collects each decision's wall time by bot name.
    """
    game = get_game(name)
    state = None
    for event in game.setup(len(bots), {}, seed):
        state = game.evolve(state, event)
    rnd = random.Random(seed)
    while prompts := game.pending(state):
        for seat, prompt in prompts.items():
            turn = offline_turn(game, state, seat, prompt, rnd)
            started = time.perf_counter()
            move = bots[seat].choose(turn)
            if times is not None:
                times.setdefault(bots[seat].name, []).append(time.perf_counter() - started)
            if move not in turn.legal.moves:
                raise AssertionError(f"{bots[seat].name} bot at seat {seat} chose an illegal move {move}")
            for event in game.decide(state, seat, move):
                state = game.evolve(state, event)
    return game.result(state) or {}


def greedy_share(results: list[tuple[int, Json]]) -> tuple[float, float]:
    """Returns the greedy seat's win share (shared wins split) and mean score margin over the rest."""
    wins = sum(1 / len(r["winners"]) for g, r in results if g in r["winners"])
    margins = [
        r["scores"][g] - statistics.mean(s for i, s in enumerate(r["scores"]) if i != g) for g, r in results
    ]
    return wins / len(results), statistics.mean(margins)


def bench_offline(seats: int, games: int) -> None:
    """Plays `games` Kabale games engine-only, one greedy bot among random ones, and prints the numbers."""
    times: dict[str, list[float]] = {}
    results = []
    started = time.perf_counter()
    for i in range(games):
        bots = [make_bot("kabale", "greedy" if s == i % seats else "random") for s in range(seats)]
        results.append((i % seats, play_offline("kabale", bots, f"bench-{seats}-{i}", times)))
    wall = time.perf_counter() - started
    share, margin = greedy_share(results)
    greedy = times["greedy"]
    q = statistics.quantiles(greedy, n=100)
    print(
        f"kabale {seats}p engine-only: {games} games in {wall:.1f}s; greedy win share {share:.2f} "
        f"(random seat: {1 / seats:.2f}, ratio {share * seats:.1f}x); mean score margin {margin:+.1f}"
    )
    print(
        f"  greedy decision: mean {statistics.mean(greedy) * 1000:.2f} ms, p50 {q[49] * 1000:.2f} ms, "
        f"p99 {q[98] * 1000:.2f} ms, max {max(greedy) * 1000:.2f} ms over {len(greedy)} decisions"
    )


class TimedTable(Table):
    """A bot table that records the wall time of every accepted decision."""

    times: list[float]

    def step(self, seat: int, log: Any, summary: GameSummary) -> bool:
        started = time.perf_counter()
        moved = super().step(seat, None, summary)
        if moved:
            self.times.append(time.perf_counter() - started)
        return moved


def start_server() -> tuple[str, str]:
    """Starts the app on a claimed Redis database; returns (server URL, database URL)."""
    import logging
    import threading

    from werkzeug.serving import make_server

    from service.app import create_app
    from service.config import Config
    from tests.conftest import GENEROUS, _server_url

    db_url, _server = _server_url()  # keys under this run's KEY_PREFIX (tests.conftest)
    config = Config(REDIS_URL=db_url, SECRET_KEY="bench", PUBLIC_URL="http://bench", **GENEROUS)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, create_app(config), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", db_url


def play(url: str, game: str, seats: int, greedy: int, seed: int, times: list[float]) -> Json:
    created = Client(url).create_game(game, [f"bot{i}" for i in range(seats)])
    players = {
        s.seat: (Client(url, s.token), make_bot(game, "greedy" if s.seat == greedy else "random"))
        for s in created.seats
    }
    table = TimedTable(url, created.id, players, seed)
    table.times = times
    final = table.run()
    return final.result or {}


def report(game: str, seats: int, results: list[tuple[int, Json]], times: list[float], wall: float) -> None:
    share, margin = greedy_share(results)
    q = statistics.quantiles(times, n=100)
    print(
        f"{game} {seats}p: {len(results)} games, {len(times)} decisions in {wall:.1f}s "
        f"({len(results) / wall:.2f} games/s)"
    )
    print(
        f"  greedy win share {share:.2f} (random seat: {1 / seats:.2f}, ratio "
        f"{share * seats:.1f}x); mean score margin {margin:+.1f}"
    )
    print(
        f"  decision wall time: p50 {q[49] * 1000:.1f} ms, p90 {q[89] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms"
    )


def bench_http(games: int, only: str | None) -> None:
    """Plays `games` games of each game over HTTP and prints strength, decision times and CPU share."""
    import redis

    from tests.conftest import remove_run_keys

    url, db_url = start_server()
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    for game, seats in (("elgrande", 4), ("kabale", 3)):
        if only and game != only:
            continue
        times: list[float] = []
        started = time.perf_counter()
        results = [(i % seats, play(url, game, seats, i % seats, i, times)) for i in range(games)]
        report(game, seats, results, times, time.perf_counter() - started)
    wall = time.perf_counter() - wall0
    print(
        f"CPU share of this process (client + server): {(time.process_time() - cpu0) / wall:.0%} of {wall:.1f}s"
    )
    remove_run_keys(redis.Redis.from_url(db_url))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, help="games per table (default: 200/150/120 offline, 12 http)")
    parser.add_argument("--http", action="store_true", help="play through the API instead of the engine")
    parser.add_argument("--only", choices=("elgrande", "kabale"), help="with --http: bench one game only")
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 3, 4], help="offline: Kabale seat counts")
    ns = parser.parse_args()
    if ns.http:
        bench_http(ns.games or 12, ns.only)
        return
    for seats in ns.seats:
        bench_offline(seats, ns.games or {2: 200, 3: 150}.get(seats, 120))


if __name__ == "__main__":
    main()
