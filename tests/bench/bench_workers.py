"""Benchmarks the workers end to end (run: python tests/bench/bench_workers.py).

Starts a real SMTP server (aiosmtpd) and `castillo worker` processes (rq worker with its
scheduler, forking a work horse per job, plus the relay) on a Redis database, then measures

* event → email accepted by SMTP: from the moment `GameService` appended an event (a new
  game's invitations, a move that makes the next seat due) to the moment the SMTP server
  accepted the email it causes, matched by the deterministic Message-ID. Paced (one event
  every --pace s) and burst (--burst games created at once) phases. Goal: p99 <= 2 s.
* deadline lateness: for games whose seats never move (per-move clocks of 2-5 s), the time
  of each auto-pass append minus the prompt's deadline. Goal: never early, p99 <= 1 s.

Prints p50/p90/p99/max, and the load generator's own CPU share. Redis: REDIS_URL, else
127.0.0.1:6379, on a free database claimed like the test runs do (flushed afterwards). No timed asserts: this only reports.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import redis

from tests.conftest import _server_url, remove_run_keys
from tests.workers import harness
from tests.workers.smtp import SmtpServer
from workers.compose import message_id
from workers.deadlines import planned


def pct(values: list[float], p: float) -> float:
    """Returns the p-th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def report(name: str, values: list[float], unit: str = "ms", goal: str = "") -> None:
    """Prints the percentiles of `values` (seconds, shown in ms)."""
    if not values:
        print(f"{name}: no samples")
        return
    ms = [v * 1000 for v in values]
    print(
        f"{name}: n={len(ms)} p50={pct(ms, 50):.0f}{unit} p90={pct(ms, 90):.0f}{unit} "
        f"p99={pct(ms, 99):.0f}{unit} max={max(ms):.0f}{unit} min={min(ms):.0f}{unit}"
        f" mean={statistics.fmean(ms):.0f}{unit} {goal}"
    )


class Arrivals:
    """Records when the SMTP server accepted each Message-ID."""

    def __init__(self, server: SmtpServer) -> None:
        self.server = server

    def by_id(self) -> dict[str, float]:
        inbox = self.server.inbox
        return {str(m["Message-ID"]): t for m, t in zip(inbox.messages, inbox.received_at, strict=True)}


def start_workers(url: str, smtp_url: str, count: int, fork: bool = False) -> list[subprocess.Popen]:
    env = {
        **os.environ,
        "REDIS_URL": url,
        "SMTP_URL": smtp_url,
        "SECRET_KEY": harness.SECRET,
        "MAIL_DOMAIN": harness.DOMAIN,
        "PUBLIC_URL": harness.PUBLIC,
        "PYTHONPATH": os.getcwd(),
    }
    procs = []
    for i in range(count):
        args = (
            [sys.executable, "-m", "workers.cli", "worker"]
            + (["--no-relay"] if i else [])
            + (["--fork"] if fork else [])
        )
        procs.append(
            subprocess.Popen(
                args,
                env=env,
                stdout=open(os.path.join(tempfile.gettempdir(), f"bench-worker-{i}.log"), "w"),  # noqa: SIM115
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )
    time.sleep(1.5)
    return procs


def stop_workers(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        os.killpg(p.pid, signal.SIGTERM)
    for p in procs:
        p.wait(timeout=30)


def wait_for(arrivals: Arrivals, expected: dict[str, float], timeout: float) -> None:
    """Waits until every expected Message-ID arrived (or `timeout` s passed)."""
    end = time.time() + timeout
    while time.time() < end and not set(expected) <= set(arrivals.by_id()):
        time.sleep(0.02)


def turn_id(rt, game_id: str) -> tuple[str, int, str]:
    loaded = rt.games.load(game_id)
    seat, prompt = next(iter(loaded.game.pending(loaded.folded.state).items()))
    return message_id(f"{game_id}:{seat}:turn:{prompt['id']}", harness.DOMAIN), seat, prompt["id"]


def email_latency(rt, smtp: SmtpServer, games: int, moves: int, pace: float, burst: int) -> list[float]:
    """Returns event → SMTP acceptance latencies (s) over paced moves and a burst of new games."""
    expected: dict[str, float] = {}
    ids = []
    for _ in range(games):
        t0 = time.time()
        gid = harness.create(rt)
        ids.append(gid)
        for seat in range(3):
            expected[message_id(f"{gid}:{seat}:invite:", harness.DOMAIN)] = t0
        time.sleep(pace)
    arrivals = Arrivals(smtp)
    for _ in range(moves):
        wait_for(arrivals, expected, 30)  # a player moves once the email told them to
        for gid in ids:
            loaded = rt.games.load(gid)
            seat = next(iter(loaded.game.pending(loaded.folded.state)))
            t0 = time.time()
            rt.games.submit(gid, seat, [loaded.game.legal_moves(loaded.folded.state, seat)[0]])
            mid, _, _ = turn_id(rt, gid)
            expected[mid] = t0
            time.sleep(pace)
    t0 = time.time()
    for _ in range(burst):
        gid = harness.create(rt)
        for seat in range(3):
            expected[message_id(f"{gid}:{seat}:invite:", harness.DOMAIN)] = t0
    wait_for(arrivals, expected, 60)
    got = arrivals.by_id()
    missing = [m for m in expected if m not in got]
    if missing:
        print(f"  {len(missing)} of {len(expected)} emails never arrived")
    return [got[m] - t for m, t in expected.items() if m in got]


def deadline_lateness(rt, games: int, window: float) -> list[float]:
    """Returns auto-pass time minus deadline (s) for silent games with 2-5 s clocks."""
    rnd = random.Random(1)
    ids = [
        harness.create(
            rt,
            seats=2,
            emails=False,
            time_control={"per_move": rnd.randint(2, 5), "reminders": [], "absent_after": 100},
        )
        for _ in range(games)
    ]
    seen: dict[tuple[str, int, str], float] = {}
    end = time.time() + window
    while time.time() < end:
        for gid in ids:
            for p in planned(rt, gid):
                seen.setdefault((gid, p.seat, p.prompt), p.deadline)
        time.sleep(0.05)
    late = []
    for gid in ids:
        for env in rt.games.store.read(gid):
            e = env["event"]
            if e["type"] == "seat_timed_out" and (gid, e["seat"], e["prompt"]) in seen:
                late.append(env["t"] / 1000 - seen[(gid, e["seat"], e["prompt"])])
    return late


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=1, help="castillo worker processes")
    ap.add_argument("--fork", action="store_true", help="rq's forking Worker (a work horse per job)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--moves", type=int, default=5)
    ap.add_argument("--pace", type=float, default=0.05)
    ap.add_argument("--burst", type=int, default=30)
    ap.add_argument("--deadline-games", type=int, default=40)
    ap.add_argument("--window", type=float, default=15.0)
    ns = ap.parse_args()
    url, _server = _server_url()  # keys under this run's KEY_PREFIX (tests.conftest)
    smtp = SmtpServer()
    smtp.start()
    rt = harness.runtime(url, smtp.url)
    procs = start_workers(url, smtp.url, ns.workers, ns.fork)
    cpu0, wall0 = time.process_time(), time.time()
    try:
        lat = email_latency(rt, smtp, ns.games, ns.moves, ns.pace, ns.burst)
        report("event -> email accepted by SMTP", lat, goal="(goal p99 <= 2000ms)")
        late = deadline_lateness(rt, ns.deadline_games, ns.window)
        report(
            "deadline lateness (auto-pass append - deadline)", late, goal="(goal: min >= 0, p99 <= 1000ms)"
        )
        print(f"early auto-passes: {sum(1 for x in late if x < 0)}")
    finally:
        stop_workers(procs)
        smtp.stop()
        remove_run_keys(redis.Redis.from_url(url))
    cpu, wall = time.process_time() - cpu0, time.time() - wall0
    print(
        f"load generator CPU: {cpu:.1f}s of {wall:.1f}s wall ({100 * cpu / wall:.0f}% of one core); "
        f"workers: {ns.workers}, cores: {os.cpu_count()}"
    )


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    main()
