"""Measures the Kabale & Hiebe engine: decide+evolve latency, decisions/s, games/s, replay time.

Run on demand (not collected by pytest): `python tests/bench/bench_kabale.py [games per count]`.
Games are random playouts through the contract (seeded Python `random` picks among
`legal_moves`); only `decide` + `evolve` are timed per decision.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine

GAME = engine.get_game("kabale")


def playout(seats: int, seed: str, timings: list[float]) -> list[dict]:
    """Plays one random game and returns its events; appends each decision's time to `timings`."""
    rnd = random.Random(seed)
    events = list(GAME.setup(seats, {}, seed))
    state = None
    for event in events:
        state = GAME.evolve(state, event)
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        move = rnd.choice(GAME.legal_moves(state, seat))
        t = time.perf_counter()
        new = GAME.decide(state, seat, move)
        for event in new:
            state = GAME.evolve(state, event)
        timings.append(time.perf_counter() - t)
        events.extend(new)
    return events


def pct(values: list[float], q: float) -> float:
    """Returns the q-quantile (0..1) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    per_count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    all_timings: list[float] = []
    last6: list[dict] = []
    print(f"{'seats':>5} {'games/s':>8} {'decisions/game':>15} {'median us':>10} {'p99 us':>8}")
    for seats in range(2, 7):
        timings: list[float] = []
        t0 = time.perf_counter()
        for g in range(per_count):
            events = playout(seats, f"bench-{seats}-{g}", timings)
        elapsed = time.perf_counter() - t0
        last6 = events if seats == 6 else last6
        all_timings += timings
        print(
            f"{seats:>5} {per_count / elapsed:>8.1f} {len(timings) / per_count:>15.0f} "
            f"{statistics.median(timings) * 1e6:>10.0f} {pct(timings, 0.99) * 1e6:>8.0f}"
        )
    total = sum(all_timings)
    print(
        f"decide+evolve: {len(all_timings) / total:.0f} decisions/s, median "
        f"{statistics.median(all_timings) * 1e6:.0f} us, p99 {pct(all_timings, 0.99) * 1e6:.0f} us"
    )
    runs = []
    for _ in range(20):
        t = time.perf_counter()
        state = None
        for event in last6:
            state = GAME.evolve(state, event)
        runs.append(time.perf_counter() - t)
    print(
        f"replay of a finished 6-player game ({len(last6)} events): median "
        f"{statistics.median(runs) * 1e3:.2f} ms, max {max(runs) * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
