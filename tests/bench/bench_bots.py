"""Measures the bots over HTTP: greedy vs random strength, and the cost of one bot decision.

Run on demand (not collected by pytest): `python tests/bench/bench_bots.py [--games N]`.
Starts the real app on a free loopback port (werkzeug, threaded) on REDIS_URL, else a
claimed database of 127.0.0.1:6379 (as the tests do), then plays N 4-player El Grande and
N 3-player Kabale games with one greedy bot among random ones (the greedy seat rotates).
Prints the greedy seat's win share against the 1/seats of a random seat, its mean score
margin, the percentiles of one decision's wall time (legal-moves + view + any partial
extensions + the move POST), and this process's CPU share of the wall time (client and
server share the process, so it is the whole system's Python cost). No timed asserts.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import redis
from werkzeug.serving import make_server

from clients.bots.runner import Table, make_bot
from clients.python import Client
from service.app import create_app
from service.config import Config
from tests.conftest import _claim, _server_url, _with_db


class TimedTable(Table):
    """A bot table that records the wall time of every accepted decision."""

    times: list[float]

    def step(self, seat: int, log: object) -> bool:
        started = time.perf_counter()
        moved = super().step(seat, None)
        if moved:
            self.times.append(time.perf_counter() - started)
        return moved


def start_server() -> tuple[str, str]:
    """Starts the app on a claimed Redis database; returns (server URL, database URL)."""
    url, _server = _server_url()
    db_url = _with_db(url, _claim(url))
    config = Config(REDIS_URL=db_url, SECRET_KEY="bench", PUBLIC_URL="http://bench")
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, create_app(config), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", db_url


def play(url: str, game: str, seats: int, greedy: int, seed: int, times: list[float]) -> dict:
    created = Client(url).create_game(game, [f"bot{i}" for i in range(seats)])
    players = {
        s.seat: (Client(url, s.token), make_bot(game, "greedy" if s.seat == greedy else "random"))
        for s in created.seats
    }
    table = TimedTable(url, created.id, players, seed)
    table.times = times
    final = table.run()
    return final.result or {}


def report(game: str, seats: int, results: list[tuple[int, dict]], times: list[float], wall: float) -> None:
    wins = sum(1 / len(r["winners"]) for g, r in results if g in r["winners"])
    margins = [
        r["scores"][g] - statistics.mean(s for i, s in enumerate(r["scores"]) if i != g) for g, r in results
    ]
    q = statistics.quantiles(times, n=100)
    print(
        f"{game} {seats}p: {len(results)} games, {len(times)} decisions in {wall:.1f}s "
        f"({len(results) / wall:.2f} games/s)"
    )
    print(
        f"  greedy win share {wins / len(results):.2f} (random seat: {1 / seats:.2f}, ratio "
        f"{wins / len(results) * seats:.1f}x); mean score margin {statistics.mean(margins):+.1f}"
    )
    print(
        f"  decision wall time: p50 {q[49] * 1000:.1f} ms, p90 {q[89] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--only", choices=("elgrande", "kabale"), help="bench one game only")
    ns = parser.parse_args()
    url, db_url = start_server()
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    for game, seats in (("elgrande", 4), ("kabale", 3)):
        if ns.only and game != ns.only:
            continue
        times: list[float] = []
        started = time.perf_counter()
        results = [(i % seats, play(url, game, seats, i % seats, i, times)) for i in range(ns.games)]
        report(game, seats, results, times, time.perf_counter() - started)
    wall = time.perf_counter() - wall0
    print(
        f"CPU share of this process (client + server): {(time.process_time() - cpu0) / wall:.0%} of {wall:.1f}s"
    )
    redis.Redis.from_url(db_url).flushdb()  # releases the claimed database too


if __name__ == "__main__":
    main()
