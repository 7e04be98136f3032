"""Benchmarks the El Grande engine through the public contract (run: python tests/bench/bench_elgrande.py).

Random games pick, at every decision, a random due seat and a uniformly random complete legal
move, random-walking `partial` extensions for the large families (tests/conformance.py
`random_move`). Prints decisions per game and per second, the median and p99 time of
decide_state (events and their fold) per decision, full random 4- and 5-player games per second (move choice
included, as in OpenSpiel's random rollouts), and the median time to replay a finished
5-player game's log, with the ratios against the targets; then 4-player games with every optional
rule on (§9) beside the base game, interleaved, with the ratio of their time per decision.

Reference: the only public El Grande engine (OpenSpiel, Python) plays ~48 random 4p and ~36 5p
games/s and replays a 5p game in ~8 ms. Targets: >= 100 4p games/s, >= 72 5p games/s, replay
<= 4 ms. Options: --games N (per player count), --replays N, --profile (cProfile of 4p games).
Times are CPU seconds of this process (time.process_time), so a busy machine does not skew the
ratios; the CPU share of wall time is printed too. No timed asserts: this only reports.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine
from engine.contract import Game, Json
from tests.conformance import fold, random_move

TARGET_GAMES_PER_S = {4: 100.0, 5: 72.0}
REFERENCE_GAMES_PER_S = {4: 48.0, 5: 36.0}
TARGET_REPLAY_MS = 4.0
REFERENCE_REPLAY_MS = 8.0


@dataclass
class GameRun:
    """One random game: its log, decision count, wall time and per-decision engine times."""

    events: list[Json] = field(default_factory=list)
    decisions: int = 0
    wall_s: float = 0.0
    cpu_s: float = 0.0
    step_s: list[float] = field(default_factory=list)


def play_random(
    game: Game,
    seats: int,
    seed: str,
    *,
    options: Json | None = None,
    max_decisions: int = 20000,
    per_decision: bool = True,
) -> GameRun:
    """Plays one random game and times it (whole game, and `decide_state` per decision).

    `decide_state` gives the events with the state their fold reached (the contract), as the
    service keeps it: the events are not folded a second time. Reading the CPU clock costs about
    2 us, some 7% of a game with a clock read per decision: `per_decision=False` times the whole
    game only (for games per CPU second).
    """
    rnd = random.Random(seed)
    run = GameRun()
    start, cpu = time.perf_counter(), time.process_time()
    run.events = list(game.setup(seats, options or {}, seed))
    state = fold(game, run.events)
    while game.result(state) is None and run.decisions < max_decisions:
        seat = rnd.choice(sorted(game.pending(state)))
        move = random_move(game, state, seat, rnd)
        if per_decision:
            t0 = time.process_time()
            new, state = game.decide_state(state, seat, move)
            run.step_s.append(time.process_time() - t0)
        else:
            new, state = game.decide_state(state, seat, move)
        run.events.extend(new)
        run.decisions += 1
    run.wall_s = time.perf_counter() - start
    run.cpu_s = time.process_time() - cpu
    if game.result(state) is None:
        raise RuntimeError(f"game {seed} did not end within {max_decisions} decisions")
    return run


def percentile(values: list[float], q: float) -> float:
    """Returns the q-quantile (0..1) of values by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def bench_seats(game: Game, seats: int, games: int) -> list[GameRun]:
    """Plays `games` random games with `seats` players and prints their statistics.

    Throughput is given per wall-clock second and per CPU second of this process; the CPU
    share shows how much a busy machine slowed the wall-clock figures. Targets are judged
    on CPU time, which does not depend on other load.
    """
    runs = [play_random(game, seats, f"bench-{seats}p-{i}") for i in range(games)]
    wall = sum(r.wall_s for r in runs)
    cpu = sum(r.cpu_s for r in runs)
    steps = [s for r in runs for s in r.step_s]
    decisions = sum(r.decisions for r in runs)
    per_s = games / cpu
    target, reference = TARGET_GAMES_PER_S[seats], REFERENCE_GAMES_PER_S[seats]
    print(f"\n{seats} players, {games} random games (CPU share of wall time {cpu / wall:.0%})")
    print(f"  decisions per game      median {statistics.median(r.decisions for r in runs):.0f}")
    print(f"  decisions per second    {decisions / cpu:,.0f} per CPU s, {decisions / wall:,.0f} per wall s")
    print(
        f"  decide_state/decision  median {statistics.median(steps) * 1e6:,.0f} us,"
        f" p99 {percentile(steps, 0.99) * 1e6:,.0f} us (CPU)"
    )
    print(
        f"  games per second        {per_s:,.1f} per CPU s, {games / wall:,.1f} per wall s (move choice included)"
    )
    print(
        f"  vs reference {reference:.0f}/s: x{per_s / reference:.2f}; vs target {target:.0f}/s:"
        f" x{per_s / target:.2f} ({'met' if per_s >= target else 'MISSED'})"
    )
    return runs


def bench_replay(game: Game, events: list[Json], repeats: int) -> None:
    """Prints the median and p99 time to fold a finished game's log from scratch."""
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        fold(game, events)
        times.append(time.process_time() - t0)
    median_ms = statistics.median(times) * 1e3
    print(f"\nreplay of a finished 5-player game ({len(events)} events, {repeats} repeats, CPU time)")
    print(f"  median {median_ms:.2f} ms, p99 {percentile(times, 0.99) * 1e3:.2f} ms")
    print(
        f"  vs reference {REFERENCE_REPLAY_MS:.0f} ms: x{REFERENCE_REPLAY_MS / median_ms:.2f} faster;"
        f" vs target {TARGET_REPLAY_MS:.0f} ms: x{TARGET_REPLAY_MS / median_ms:.2f}"
        f" ({'met' if median_ms <= TARGET_REPLAY_MS else 'MISSED'})"
    )


def all_options(game: Game) -> Json:
    """Returns every optional rule of §9 on at once (short_game gives way to short_game_six_rounds;
    the expansion, which excludes france and church, is benched on its own)."""
    skip = ("veto", "short_game", "inquisitor_colonies")
    return {name: True for name in game.INFO["options"] if name not in skip}


EXPANSION: Json = {"inquisitor_colonies": True}


def bench_options(game: Game, games: int) -> None:
    """Prints 4-player games/s and time per decision with every option on beside the base game.

    The two are interleaved game by game so that a busy machine slows both alike. Target: the
    all-options game's median time per decision within 1.5x the base game's.
    """
    opts = all_options(game)
    runs: dict[str, list[GameRun]] = {"base game": [], "all options": [], "expansion": []}
    for i in range(games):
        runs["base game"].append(play_random(game, 4, f"bench-opt-{i}"))
        runs["all options"].append(play_random(game, 4, f"bench-opt-{i}", options=opts))
        runs["expansion"].append(play_random(game, 4, f"bench-opt-{i}", options=EXPANSION))
    print(f"\n4 players, {games} interleaved random games each; all options = {', '.join(sorted(opts))};")
    print("  expansion = inquisitor_colonies (Grand Inquisitor & Colonies)")
    median = {}
    for name, rs in runs.items():
        steps = [s for r in rs for s in r.step_s]
        cpu = sum(r.cpu_s for r in rs)
        median[name] = statistics.median(steps)
        print(
            f"  {name:12} {games / cpu:6.1f} games per CPU s, {sum(r.decisions for r in rs) / cpu:,.0f} decisions/s,"
            f" decide_state median {median[name] * 1e6:,.0f} us, p99 {percentile(steps, 0.99) * 1e6:,.0f} us"
        )
    ratio = median["all options"] / median["base game"]
    print(
        f"  time per decision, all options / base: x{ratio:.2f} (target <= 1.5: {'met' if ratio <= 1.5 else 'MISSED'})"
    )
    print(f"  time per decision, expansion / base: x{median['expansion'] / median['base game']:.2f}")


def profile(game: Game, seats: int, games: int) -> None:
    """Prints the top cumulative and own-time hotspots of random games."""
    prof = cProfile.Profile()
    prof.enable()
    for i in range(games):
        play_random(game, seats, f"profile-{i}")
    prof.disable()
    stats = pstats.Stats(prof)
    print(f"\ncProfile of {games} random {seats}-player games: top by own time")
    stats.sort_stats("tottime").print_stats(20)
    print("top by cumulative time")
    stats.sort_stats("cumulative").print_stats(25)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=30, help="random games per player count")
    parser.add_argument("--replays", type=int, default=50, help="repeats of the replay timing")
    parser.add_argument("--profile", action="store_true", help="also profile random 4-player games")
    args = parser.parse_args(argv)
    game: Any = engine.get_game("elgrande")
    print(f"El Grande engine {getattr(game, 'ENGINE_VERSION', '?')}, Python {sys.version.split()[0]}")
    bench_seats(game, 4, args.games)
    runs5 = bench_seats(game, 5, args.games)
    bench_replay(game, runs5[0].events, args.replays)
    bench_options(game, max(5, args.games // 2))
    if args.profile:
        profile(game, 4, max(3, args.games // 5))


if __name__ == "__main__":
    main()
