"""Benchmarks the live streams: many idle SSE streams against API latency and event fan-out.

Run on demand (not collected by pytest), after `pip install -e '.[bench]'`:

    python tests/bench/bench_streams.py [--streams 1000] [--gets 500] [--events 3] [--seated 0.2]

It starts the real layout of `castillo serve` on loopback (the stream server as the front on
--port, gunicorn behind it on a unix socket; Redis as the tests choose it, keys under this
run's KEY_PREFIX, removed at the end), creates one Kabale game, then:

1. a second client (its own process, keep-alive HTTP) times `--gets` GET /games/{id} through
   the front with no stream open: the baseline;
2. opens `--streams` SSE streams on that game from this process (aiohttp; a share `--seated`
   of them with seat tokens, so the fan-out redacts for three viewers), and waits until
   every one has its `retry:` frame;
3. the second client times its GETs again while all streams are open and idle;
4. `--events` times, POSTs a move and records when each stream receives its `id:`, from the
   moment the POST was sent: p50/p99/max and how many streams got it.

It prints the percentiles, the CPU shares of the load generator, the stream server, gunicorn
and Redis over steps 3-4, and the goals: GET p99 <= 50 ms with the streams open, and the event
at every stream within 1 s (p99). Only loopback addresses; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import multiprocessing as mp
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import aiohttp
import psutil
import redis

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_service import free_port, redis_cpu, redis_url
from tests.conftest import remove_run_keys  # sets this run's KEY_PREFIX


def percentiles(values: list[float]) -> dict[str, float]:
    """Returns p50, p90, p99 and max of `values` (milliseconds in, milliseconds out)."""
    ordered = sorted(values)
    if not ordered:
        return {"p50": float("nan"), "p90": float("nan"), "p99": float("nan"), "max": float("nan")}
    at = lambda q: ordered[min(len(ordered) - 1, int(len(ordered) * q))]
    return {"p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": ordered[-1]}


def second_client(port: int, path: str, count: int, out: Any) -> None:
    """Times `count` GETs of `path` over one keep-alive connection; puts the latencies (ms) and CPU on `out`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies, errors = [], 0
    cpu0 = sum(os.times()[:2])
    for _ in range(count):
        started = time.perf_counter()
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        errors += response.status != 200
        time.sleep(0.005)  # a client polling, not a flood
    out.put({"latencies": latencies, "errors": errors, "cpu": sum(os.times()[:2]) - cpu0})


def time_gets(port: int, path: str, count: int) -> dict[str, Any]:
    """Runs the second client in its own process; returns its latencies, errors and CPU."""
    out: Any = mp.Queue()
    process = mp.Process(target=second_client, args=(port, path, count, out))
    process.start()
    result = out.get(timeout=300)
    process.join(timeout=30)
    return dict(result)


class Watchers:
    """The open streams of this process and when each one saw each version."""

    def __init__(self) -> None:
        self.ready = 0
        self.seen: dict[int, list[float]] = {}
        self.failed = 0

    async def watch(self, session: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> None:
        """Reads one stream until it is cancelled, noting when each `id:` arrives."""
        try:
            async with session.get(url, headers=headers) as response:
                if response.status != 200:
                    self.failed += 1
                    return
                async for line in response.content:
                    if line.startswith(b"retry:"):
                        self.ready += 1
                    elif line.startswith(b"id: "):
                        self.seen.setdefault(int(line[4:]), []).append(time.perf_counter())
        except (TimeoutError, aiohttp.ClientError):
            self.failed += 1


def cpu_of(processes: list[psutil.Process]) -> float:
    """Returns the CPU seconds of the processes and their children so far."""
    total = 0.0
    for proc in processes:
        for p in [proc, *proc.children(recursive=True)]:
            try:
                times = p.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                continue
    return total


def children_of(serve: subprocess.Popen[bytes]) -> dict[str, psutil.Process]:
    """Returns the stream server and gunicorn processes of a `castillo serve`."""
    found: dict[str, psutil.Process] = {}
    for child in psutil.Process(serve.pid).children():
        line = " ".join(child.cmdline())
        if "service.cli streams" in line:
            found["streams"] = child
        elif "-m gunicorn" in line:
            found["gunicorn"] = child
    return found


def start_serve(url: str, port: int, data: Path, streams: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "REDIS_URL": url,
        "SECRET_KEY": "bench",
        "PYTHONPATH": str(ROOT),
        "STREAM_MAX_PER_CLIENT": str(streams + 100),
        "STREAM_MAX_TOTAL": str(streams + 100),
    }
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--data", str(data)]
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_until_up(port: int) -> None:
    for _ in range(300):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("castillo serve did not answer within 30 s")


async def post_json(session: aiohttp.ClientSession, url: str, body: Any, headers: dict[str, str]) -> Any:
    async with session.post(url, json=body, headers=headers) as response:
        if response.status not in (200, 201):
            raise RuntimeError(f"POST {url}: {response.status} {await response.text()}")
        return await response.json()


async def play_one(session: aiohttp.ClientSession, base: str, game: dict[str, Any]) -> tuple[int, float]:
    """POSTs the first legal move of the seat that is due; returns the new version and when it was sent."""
    async with session.get(f"{base}/games/{game['id']}") as response:
        seat = (await response.json())["prompts"][0]["seat"]
    token = {"Authorization": f"Bearer {game['seats'][seat]['token']}"}
    async with session.get(f"{base}/games/{game['id']}/legal-moves", headers=token) as response:
        move = (await response.json())["moves"][0]
    sent = time.perf_counter()
    answer = await post_json(
        session,
        f"{base}/games/{game['id']}/moves",
        {"move": move},
        {**token, "Idempotency-Key": uuid.uuid4().hex},
    )
    return int(answer["version"]), sent


async def open_streams(
    session: aiohttp.ClientSession, watchers: Watchers, url: str, game: dict[str, Any], ns: argparse.Namespace
) -> list[asyncio.Task[None]]:
    """Opens the streams in waves of 100 and waits (at most 60 s) until all have their `retry:`."""
    tasks = []
    seated = int(ns.streams * ns.seated)
    for i in range(ns.streams):
        headers = {}
        if i < seated:
            headers = {"Authorization": f"Bearer {game['seats'][i % 2]['token']}"}
        tasks.append(asyncio.create_task(watchers.watch(session, url, headers)))
        if i % 100 == 99:
            await asyncio.sleep(0.05)
    for _ in range(600):
        if watchers.ready + watchers.failed >= ns.streams:
            break
        await asyncio.sleep(0.1)
    return tasks


async def run(ns: argparse.Namespace, port: int, url: str, serve: subprocess.Popen[bytes]) -> None:
    base = f"http://127.0.0.1:{port}"
    connector = aiohttp.TCPConnector(limit=0, force_close=False)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=120)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
        game = await post_json(session, f"{base}/games", body, {"Idempotency-Key": uuid.uuid4().hex})
        path = f"/games/{game['id']}"
        baseline = time_gets(port, path, ns.gets)
        watchers = Watchers()
        t0 = time.perf_counter()
        tasks = await open_streams(session, watchers, f"{base}{path}/stream", game, ns)
        print(
            f"opened {watchers.ready} of {ns.streams} streams in {time.perf_counter() - t0:.1f} s "
            f"({watchers.failed} failed); {int(ns.streams * ns.seated)} with seat tokens"
        )
        procs = children_of(serve)
        me = psutil.Process()
        cpu0 = {name: cpu_of([p]) for name, p in procs.items()}
        cpu0["generator"], redis0, wall0 = cpu_of([me]), redis_cpu(url), time.perf_counter()
        loaded = time_gets(port, path, ns.gets)
        arrivals: list[float] = []
        for _ in range(ns.events):
            version, sent = await play_one(session, base, game)
            posted = (time.perf_counter() - sent) * 1000
            for _ in range(100):
                if len(watchers.seen.get(version, [])) >= watchers.ready:
                    break
                await asyncio.sleep(0.05)
            got = [(t - sent) * 1000 for t in watchers.seen.get(version, [])]
            arrivals += got
            p = percentiles(got)
            print(
                f"event v{version}: reached {len(got)} of {watchers.ready} streams; ms from POST sent: "
                f"p50 {p['p50']:.0f} p99 {p['p99']:.0f} max {p['max']:.0f} (the POST took {posted:.0f} ms)"
            )
            await asyncio.sleep(0.5)
        wall = time.perf_counter() - wall0
        cpu = {name: cpu_of([p]) - cpu0[name] for name, p in procs.items()}
        cpu["generator"] = cpu_of([me]) - cpu0["generator"] + loaded["cpu"]
        cpu["redis"] = redis_cpu(url) - redis0
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    report(ns, baseline, loaded, arrivals, watchers.ready, cpu, wall)


def report(
    ns: argparse.Namespace,
    baseline: dict[str, Any],
    loaded: dict[str, Any],
    arrivals: list[float],
    ready: int,
    cpu: dict[str, float],
    wall: float,
) -> None:
    cores = psutil.cpu_count() or 1
    for name, r in (("no streams open", baseline), (f"{ready} streams open", loaded)):
        p = percentiles(r["latencies"])
        print(
            f"GET /games/{{id}} ({name}): {len(r['latencies'])} requests, {r['errors']} errors; "
            f"ms p50 {p['p50']:.1f} p90 {p['p90']:.1f} p99 {p['p99']:.1f} max {p['max']:.1f}"
        )
    p = percentiles(arrivals)
    print(
        f"events: {len(arrivals)} arrivals of {ns.events} x {ready}; ms p50 {p['p50']:.0f} p99 {p['p99']:.0f} "
        f"max {p['max']:.0f}"
    )
    shares = ", ".join(f"{name} {seconds / (wall * cores):.1%}" for name, seconds in cpu.items())
    print(f"CPU over {wall:.1f} s, share of {cores} cores: {shares}")
    get_p99 = percentiles(loaded["latencies"])["p99"]
    print(
        f"goals: GET p99 with the streams open {get_p99:.1f} ms (<= 50: {'met' if get_p99 <= 50 else 'MISSED'}); "
        f"event to every stream p99 {p['p99']:.0f} ms (<= 1000: {'met' if p['p99'] <= 1000 else 'MISSED'}), "
        f"{len(arrivals)}/{ns.events * ready} delivered"
    )
    print("machine load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


def raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--streams", type=int, default=1000)
    p.add_argument("--gets", type=int, default=500, help="GET /games/{id} per phase (second client)")
    p.add_argument("--events", type=int, default=3, help="moves whose arrival at every stream is timed")
    p.add_argument("--seated", type=float, default=0.2, help="share of streams opened with a seat token")
    ns = p.parse_args()
    raise_open_files(ns.streams * 2 + 256)
    url, port = redis_url(), free_port()
    with tempfile.TemporaryDirectory(prefix="castillo-bench-streams-") as data:
        serve = start_serve(url, port, Path(data), ns.streams)
        try:
            wait_until_up(port)
            print(f"castillo serve on 127.0.0.1:{port} (stream server front, gunicorn behind), Redis {url}")
            asyncio.run(run(ns, port, url, serve))
        finally:
            serve.terminate()
            serve.wait(timeout=60)
            remove_run_keys(redis.Redis.from_url(url))
    return 0


if __name__ == "__main__":
    sys.exit(main())
