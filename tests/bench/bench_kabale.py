"""Measures the Kabale & Hiebe engine: games per CPU-second, decide+evolve latency, replay time.

Run on demand (not collected by pytest): `python tests/bench/bench_kabale.py [games per count]`.
Games are random playouts through the contract (seeded Python `random` picks among
`legal_moves`). A game's CPU time (time.process_time, so a busy machine does not skew it)
covers the whole playout: setup, pending, legal_moves, decide and evolve, as in OpenSpiel's
random rollouts; the decide+evolve share is timed per decision as well, and the 6-seat games
are played once more through `decide_state`, as the service plays them. Target: >= 200 random
6-seat games per CPU-second (issue #15). No timed asserts: this only reports.
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
TARGET = 200.0  # 6-seat games per CPU-second


def playout(seats: int, seed: str, timings: list[float]) -> tuple[list[dict], float]:
    """Plays one random game; returns its events and its CPU seconds, appending each decision's
    decide+evolve CPU seconds to `timings`."""
    cpu = time.process_time()
    rnd = random.Random(seed)
    events = list(GAME.setup(seats, {}, seed))
    state = None
    for event in events:
        state = GAME.evolve(state, event)
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        move = rnd.choice(GAME.legal_moves(state, seat))
        t = time.process_time()
        new = GAME.decide(state, seat, move)
        for event in new:
            state = GAME.evolve(state, event)
        timings.append(time.process_time() - t)
        events.extend(new)
    return events, time.process_time() - cpu


def playout_folded(seats: int, seed: str) -> float:
    """Plays the same game through `decide_state` (the service's path: no second fold of the
    events by `evolve`) and returns its CPU seconds."""
    cpu = time.process_time()
    rnd = random.Random(seed)
    state = None
    for event in GAME.setup(seats, {}, seed):
        state = GAME.evolve(state, event)
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        _, state = GAME.decide_state(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    return time.process_time() - cpu


def pct(values: list[float], q: float) -> float:
    """Returns the q-quantile (0..1) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    per_count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    all_timings: list[float] = []
    last6: list[dict] = []
    print(
        f"{'seats':>5} {'games/cpu-s':>12} {'d+e games/cpu-s':>16} {'decisions/game':>15} {'median us':>10} {'p99 us':>8}"
    )
    for seats in range(2, 7):
        timings: list[float] = []
        cpu = 0.0
        for g in range(per_count):
            events, spent = playout(seats, f"bench-{seats}-{g}", timings)
            cpu += spent
        last6 = events if seats == 6 else last6
        all_timings += timings
        print(
            f"{seats:>5} {per_count / cpu:>12.1f} {per_count / sum(timings):>16.1f} "
            f"{len(timings) / per_count:>15.0f} {statistics.median(timings) * 1e6:>10.0f} "
            f"{pct(timings, 0.99) * 1e6:>8.0f}"
        )
        if seats == 6:
            print(
                f"6 seats: {per_count / cpu:.1f} games per CPU-second, {per_count / cpu / TARGET:.2f}x the target"
            )
            folded = sum(playout_folded(6, f"bench-6-{g}") for g in range(per_count))
            print(
                f"6 seats through decide_state (no second fold): {per_count / folded:.1f} games per CPU-second"
            )
    total = sum(all_timings)
    print(
        f"decide+evolve: {len(all_timings) / total:.0f} decisions per CPU-second, median "
        f"{statistics.median(all_timings) * 1e6:.0f} us, p99 {pct(all_timings, 0.99) * 1e6:.0f} us"
    )
    runs = []
    for _ in range(20):
        t = time.process_time()
        state = None
        for event in last6:
            state = GAME.evolve(state, event)
        runs.append(time.process_time() - t)
    print(
        f"replay of a finished 6-player game ({len(last6)} events): median "
        f"{statistics.median(runs) * 1e3:.2f} ms, max {max(runs) * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
