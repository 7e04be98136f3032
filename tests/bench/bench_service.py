"""Benchmarks POST-move throughput and latency under gunicorn against a trivial endpoint's ceiling.

Run on demand (not collected by pytest):

    python tests/bench/bench_service.py [--games 1000] [--game kabale|elgrande] [--clients 16] [--moves 24]
                                        [--workers 2] [--threads 8] [--bound]

It creates the games through GameService, precomputes each game's next moves with the engine
(decide is deterministic given the folded state, seed included), starts gunicorn (gthread) on
a loopback port, then runs `--clients` separate client processes, each owning a share of the
games and POSTing their moves over keep-alive HTTP (bodies and headers built beforehand). In
the same run it measures GET /ping (no Redis) and GET /health (one Redis PING) with the same
clients, alternating ping, health and move phases (`--rounds`) so that load from other
processes on the machine drifts into all alike. It prints throughput, p50/p90/p99 latency, the
move/ping ratio (goal >= 0.5, p99 <= 50 ms), what one Redis round trip alone costs against
ping, the CPU share of the load generator, the server and Redis, the server's CPU per
request, and the machine's load average.

`--bound` serves tests/bench/bound_app.py instead: the same app with POST moves cut down to
the work no design can skip (decide, seal, one append), to show how far the ratio could rise
on this stack at all.

`--compare` runs the full service and `--bound` side by side in one run: both servers up at
once, each with its own `--games` games, their move phases interleaved (`--rounds`, the order
swapped every round), for each worker count of `--workers` (e.g. `1,2`). It prints, per worker
count, each side's throughput and latency, the full/bound ratio of every round and their
median, and the CPU shares of clients, each server and Redis while each side ran: with the
two cores busy, a second worker can only take what the first left idle (what serializes).

`--in-app` instead measures the app's own CPU per POST move (no gunicorn, no HTTP): a Flask
test-client loop over `--games` games, half El Grande (4 seats) and half Kabale, each first
played to mid-game, moving round-robin; it prints CPU per move against GET /ping, the
per-batch minimum (the least disturbed by other load), and with `--profile` the top of
cProfile by cumulative and by own time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import psutil
import redis

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.conftest import remove_run_keys  # sets this run's KEY_PREFIX


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_url() -> str:
    """Returns the Redis the test suite would use; keys carry this run's KEY_PREFIX (tests.conftest)."""
    from tests.conftest import _server_url

    url, _server = _server_url()
    return url


SEATS = {"kabale": 2, "elgrande": 4}


def prepare(url: str, games: int, moves: int, name: str = "kabale") -> list[dict[str, Any]]:
    """Creates the games and returns, per game, the scripted (token, move) list."""
    from service.config import Config
    from service.games import GameService

    svc = GameService(redis.Redis.from_url(url), Config(REDIS_URL=url, SECRET_KEY="bench").completed())
    out = []
    for _ in range(games):
        seats = [{"name": f"p{i}"} for i in range(SEATS[name])]
        answer, _ = svc.create({"game": name, "seats": seats})
        loaded = svc.load(answer["id"])
        game, state, script = loaded.game, loaded.folded.state, []
        for _ in range(moves):
            seat, _prompt = next(iter(sorted(game.pending(state).items())))
            move = game.legal_moves(state, seat)[0]
            for event in game.decide(state, seat, move):
                state = game.evolve(state, event)
            script.append((answer["seats"][seat]["token"], move))
        out.append({"id": answer["id"], "script": script})
    return out


def client(port: int, path_kind: str, work: list[dict[str, Any]], duration: float, queue: Any) -> None:
    """Runs one client process: POSTs its games' moves (or GETs /ping) and reports latencies.

    Request bodies and headers are built before the clock starts and before the CPU baseline,
    so the load generator's share is the HTTP exchange itself (as with a wrk script).
    """
    steps = max((len(g["script"]) for g in work), default=0)
    requests = [
        (
            f"/games/{g['id']}/moves",
            json.dumps({"move": g["script"][step][1]}),
            {
                "Authorization": f"Bearer {g['script'][step][0]}",
                "Idempotency-Key": uuid.uuid4().hex,
                "Content-Type": "application/json",
            },
        )
        for step in range(steps)
        for g in work
        if step < len(g["script"])
    ]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies: list[float] = []
    errors = 0
    cpu0 = sum(os.times()[:2])
    start = time.perf_counter()
    if path_kind != "moves":
        while time.perf_counter() - start < duration:
            t0 = time.perf_counter()
            conn.request("GET", f"/{path_kind}")
            response = conn.getresponse()
            response.read()
            latencies.append(time.perf_counter() - t0)
            errors += response.status != 200
    else:
        for path, body, headers in requests:
            t0 = time.perf_counter()
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            latencies.append(time.perf_counter() - t0)
            errors += response.status != 201
    cpu = sum(os.times()[:2]) - cpu0
    queue.put({"latencies": latencies, "errors": errors, "cpu": cpu, "wall": time.perf_counter() - start})


def run_clients(port: int, kind: str, shares: list[list[dict[str, Any]]], duration: float) -> dict[str, Any]:
    """Starts one process per share, waits, and returns their pooled latencies, wall time and CPU."""
    queue: Any = mp.Queue()
    procs = [mp.Process(target=client, args=(port, kind, share, duration, queue)) for share in shares]
    for p in procs:
        p.start()
    reports = [queue.get() for _ in procs]
    for p in procs:
        p.join()
    return {
        "lat": [x for r in reports for x in r["latencies"]],
        "wall": max(r["wall"] for r in reports),
        "errors": sum(r["errors"] for r in reports),
        "client_cpu": sum(r["cpu"] for r in reports),
    }


def summary(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Returns count, total wall time, errors, client CPU and latency percentiles over phases."""
    lat = sorted(x for part in parts for x in part["lat"])
    return {
        "n": len(lat),
        "wall": sum(part["wall"] for part in parts),
        "errors": sum(part["errors"] for part in parts),
        "client_cpu": sum(part["client_cpu"] for part in parts),
        "p50": lat[len(lat) // 2] * 1000,
        "p90": lat[int(len(lat) * 0.9)] * 1000,
        "p99": lat[int(len(lat) * 0.99)] * 1000,
        "mean": statistics.fmean(lat) * 1000,
    }


def server_cpu(proc: psutil.Process) -> float:
    procs = [proc, *proc.children(recursive=True)]
    return sum(p.cpu_times().user + p.cpu_times().system for p in procs if p.is_running())


def redis_cpu(url: str) -> float:
    """Returns the Redis server's CPU seconds so far (shared with anything else using that server)."""
    info = redis.Redis.from_url(url).info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def report(name: str, r: dict[str, Any], cpu_server: float, cpu_redis: float = 0.0) -> None:
    rps = r["n"] / r["wall"]
    cores = psutil.cpu_count() or 1
    print(
        f"{name:>6}: {r['n']} requests in {r['wall']:.1f} s = {rps:,.0f}/s; errors {r['errors']}; "
        f"latency ms p50 {r['p50']:.1f} p90 {r['p90']:.1f} p99 {r['p99']:.1f} mean {r['mean']:.1f}"
    )
    print(
        f"        CPU: load generator {r['client_cpu'] / (r['wall'] * cores):.0%} of {cores} cores, "
        f"server (gunicorn) {cpu_server / (r['wall'] * cores):.0%} = {cpu_server / r['n'] * 1000:.2f} ms "
        f"per request, Redis {cpu_redis / (r['wall'] * cores):.0%}"
    )


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=1000)
    p.add_argument(
        "--game", choices=sorted(SEATS), default="kabale", help="2-seat Kabale or 4-seat El Grande"
    )
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--moves", type=int, default=24)
    p.add_argument("--workers", default="2", help="gunicorn workers; with --compare a list, e.g. 1,2")
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--ping-seconds", type=float, default=8.0)
    p.add_argument(
        "--rounds", type=int, default=4, help="alternate ping, health and move phases (evens out load drift)"
    )
    p.add_argument(
        "--compare", action="store_true", help="the full service against --bound, interleaved, in one run"
    )
    p.add_argument("--in-app", action="store_true", help="Flask test-client CPU per move (no gunicorn)")
    p.add_argument("--profile", action="store_true", help="with --in-app: print cProfile tables")
    p.add_argument(
        "--bound",
        action="store_true",
        help="serve tests/bench/bound_app.py: moves doing only their irreducible work (an upper bound)",
    )
    ns = p.parse_args()
    url = redis_url()
    if ns.in_app:
        try:
            return in_app(url, min(ns.games, 200), ns.profile)
        finally:
            remove_run_keys(redis.Redis.from_url(url))
    if ns.compare:
        try:
            return compare(url, ns)
        finally:
            remove_run_keys(redis.Redis.from_url(url))
    t0 = time.perf_counter()
    games = prepare(url, ns.games, ns.moves, ns.game)
    print(
        f"prepared {ns.games} {ns.game} games x {ns.moves} moves in {time.perf_counter() - t0:.1f} s (Redis {url})"
    )
    port = free_port()
    server = start_server(port, int(ns.workers), ns.threads, ns.bound)
    if ns.bound:
        print("--bound: POST moves do only their irreducible work (tests/bench/bound_app.py)")
    try:
        _wait(port)
        proc = psutil.Process(server.pid)
        shares = [games[i :: ns.clients] for i in range(ns.clients)]
        print(f"gunicorn gthread: {ns.workers} workers x {ns.threads} threads; {ns.clients} client processes")
        ping, moves = measure(port, proc, url, shares, ns)
        ratio = (moves["n"] / moves["wall"]) / (ping["n"] / ping["wall"])
        print(f"ratio moves/ping = {ratio:.2f} (goal >= 0.5); move p99 = {moves['p99']:.1f} ms (goal <= 50)")
        print("machine load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    finally:
        server.terminate()
        server.wait(timeout=15)
        remove_run_keys(redis.Redis.from_url(url))
    return 0


def start_server(port: int, workers: int, threads: int, bound: bool) -> subprocess.Popen[bytes]:
    """Starts gunicorn on a loopback port serving the app (or tests/bench/bound_app.py) and waits."""
    from service.cli import gunicorn_command

    env = {**os.environ, "REDIS_URL": redis_url(), "SECRET_KEY": "bench", "PYTHONPATH": str(ROOT)}
    command = gunicorn_command(f"127.0.0.1:{port}", workers, threads)
    if bound:
        command[-1] = "tests.bench.bound_app:app"
    server = subprocess.Popen(command, env=env, cwd=ROOT, stderr=subprocess.DEVNULL)
    _wait(port)
    return server


def compare(url: str, ns: argparse.Namespace) -> int:
    """Runs the full service and the bound side by side, per worker count, and prints ratios."""
    counts = [int(w) for w in str(ns.workers).split(",")]
    slices = len(counts) * (ns.rounds + 1)  # + a warm-up slice per worker count
    if ns.moves < slices:
        raise SystemExit(f"--moves must be at least worker counts x (rounds + 1) = {slices}")
    t0 = time.perf_counter()
    sides = {
        "full": prepare(url, ns.games, ns.moves, ns.game),
        "bound": prepare(url, ns.games, ns.moves, ns.game),
    }
    print(f"prepared 2 x {ns.games} {ns.game} games x {ns.moves} moves in {time.perf_counter() - t0:.1f} s")
    print(f"{ns.clients} client processes; gunicorn gthread x {ns.threads} threads; {ns.rounds} rounds")
    step = ns.moves // slices
    for i, workers in enumerate(counts):
        ports = {side: free_port() for side in sides}
        procs = {side: start_server(ports[side], workers, ns.threads, side == "bound") for side in sides}
        try:
            compare_rounds(url, ns, workers, sides, ports, procs, i * (ns.rounds + 1) * step, step)
        finally:
            for proc in procs.values():
                proc.terminate()
                proc.wait(timeout=15)
    print("machine load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


def compare_rounds(
    url: str,
    ns: argparse.Namespace,
    workers: int,
    sides: dict[str, list[dict[str, Any]]],
    ports: dict[str, int],
    procs: dict[str, subprocess.Popen[bytes]],
    first: int,
    step: int,
) -> None:
    """Plays a warm-up slice, then `ns.rounds` rounds of one move phase per side (the order swapped
    each round), and reports them."""
    parts: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
    cpu = {side: {"server": 0.0, "redis": 0.0} for side in sides}
    ratios = []

    def shares(side: str, lo: int) -> list[list[dict[str, Any]]]:
        games = sides[side]
        return [
            [{"id": g["id"], "script": g["script"][lo : lo + step]} for g in games[k :: ns.clients]]
            for k in range(ns.clients)
        ]

    for side in sides:  # each server reads its games once: the rounds measure moves, not cold loads
        run_clients(ports[side], "moves", shares(side, first), 0)
    for r in range(ns.rounds):
        lo = first + (r + 1) * step
        rates = {}
        for side in sorted(sides, reverse=r % 2 == 1):
            proc = psutil.Process(procs[side].pid)
            before, before_redis = server_cpu(proc), redis_cpu(url)
            part = run_clients(ports[side], "moves", shares(side, lo), 0)
            cpu[side]["server"] += server_cpu(proc) - before
            cpu[side]["redis"] += redis_cpu(url) - before_redis
            parts[side].append(part)
            rates[side] = len(part["lat"]) / part["wall"]
        ratios.append(rates["full"] / rates["bound"])
    print(f"--- {workers} worker(s)")
    rate = {}
    for side in sides:
        r = summary(parts[side])
        rate[side] = r["n"] / r["wall"]
        report(side, r, cpu[side]["server"], cpu[side]["redis"])
    rounds = " ".join(f"{x:.2f}" for x in ratios)
    print(
        f"full/bound: rounds {rounds}; median {statistics.median(ratios):.2f} (goal >= 0.9); "
        f"throughput full {rate['full']:,.0f}/s, bound {rate['bound']:,.0f}/s"
    )


def measure(
    port: int, proc: psutil.Process, url: str, shares: list[list[dict[str, Any]]], ns: argparse.Namespace
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Alternates ping, health and move phases (`--rounds`), reports them, returns ping and moves.

    GET /health does one Redis round trip (PING) and nothing else: the ceiling of any
    request that touches Redis once, printed next to the moves for scale.
    """
    parts: dict[str, list[dict[str, Any]]] = {"ping": [], "health": [], "moves": []}
    cpu = {"ping": 0.0, "health": 0.0, "moves": 0.0, "redis": 0.0}
    step = -(-ns.moves // ns.rounds)
    for r in range(ns.rounds):
        for kind in ("ping", "health"):
            before = server_cpu(proc)
            parts[kind].append(run_clients(port, kind, [[] for _ in shares], ns.ping_seconds / ns.rounds))
            cpu[kind] += server_cpu(proc) - before
        part = [
            [{"id": g["id"], "script": g["script"][r * step : (r + 1) * step]} for g in s] for s in shares
        ]
        before, before_redis = server_cpu(proc), redis_cpu(url)
        parts["moves"].append(run_clients(port, "moves", part, 0))
        cpu["moves"] += server_cpu(proc) - before
        cpu["redis"] += redis_cpu(url) - before_redis
    ping, health, move = summary(parts["ping"]), summary(parts["health"]), summary(parts["moves"])
    report("ping", ping, cpu["ping"])
    report("health", health, cpu["health"])
    report("moves", move, cpu["moves"], cpu["redis"])
    per = {kind: cpu[kind] / summary(parts[kind])["n"] * 1000 for kind in parts}
    print(
        f"server CPU per request: ping {per['ping']:.2f} ms, health {per['health']:.2f} ms, "
        f"move {per['moves']:.2f} ms (ratio ping/move {per['ping'] / per['moves']:.2f})"
    )
    rate = {name: r["n"] / r["wall"] for name, r in (("ping", ping), ("health", health), ("moves", move))}
    print(
        f"one Redis round trip (health) reaches {rate['health'] / rate['ping']:.2f} of ping; "
        f"moves reach {rate['moves'] / rate['health']:.2f} of health"
    )
    return ping, move


def in_app(url: str, games: int, profile: bool) -> int:
    """Times POST moves through the Flask test client on mid-game El Grande and Kabale games."""
    import cProfile
    import pstats

    from service.app import create_app
    from service.config import Config

    app = create_app(Config(REDIS_URL=url, SECRET_KEY="bench"))
    client, requests = app.test_client(), scripted_mid_games(app, games)
    client.get("/ping")
    prof, batches, n = cProfile.Profile(), [], 0
    for start in range(0, len(requests), 50):
        if profile:
            prof.enable()
        t0 = time.thread_time()
        for gid, token, move in requests[start : start + 50]:
            headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex}
            answer = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
            assert answer.status_code == 201, answer.get_json()
        batches.append((time.thread_time() - t0) / len(requests[start : start + 50]))
        prof.disable()
        n += len(requests[start : start + 50])
    t0 = time.thread_time()
    for _ in range(2000):
        client.get("/ping")
    ping = (time.thread_time() - t0) / 2000
    mean = statistics.fmean(batches)
    print(
        f"in-app CPU per move: mean {mean * 1000:.3f} ms, best batch {min(batches) * 1000:.3f} ms over {n} moves"
    )
    print(f"in-app CPU per ping: {ping * 1000:.3f} ms (ratio ping/move {ping / mean:.2f})")
    if profile:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    return 0


def scripted_mid_games(app: Any, games: int, ahead: int = 30) -> list[tuple[str, str, Any]]:
    """Creates the games, plays each to mid-game, returns the next moves round-robin (id, token, move)."""
    import random

    from tests.conformance import random_move

    svc, rnd, scripts = app.extensions["castillo"], random.Random(1), []
    for i in range(games):
        name, seats, warm = ("elgrande", 4, 40) if i % 2 else ("kabale", 2, 20)
        answer, _ = svc.create({"game": name, "seats": [{"name": f"p{k}"} for k in range(seats)]})
        loaded = svc.load(answer["id"])
        game, state, script = loaded.game, loaded.folded.state, []
        while len(script) < warm + ahead and game.result(state) is None:
            seat = rnd.choice(sorted(game.pending(state)))
            move = random_move(game, state, seat, rnd)
            if len(script) < warm:
                svc.submit(answer["id"], seat, [move])
            for event in game.decide(state, seat, move):
                state = game.evolve(state, event)
            script.append((answer["id"], answer["seats"][seat]["token"], move))
        scripts.append(script[warm:])
    return [s[k] for k in range(ahead) for s in scripts if k < len(s)]


def _wait(port: int) -> None:
    for _ in range(200):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/ping")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("gunicorn did not start")


if __name__ == "__main__":
    sys.exit(main())
