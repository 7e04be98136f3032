"""Benchmarks the Redis memory a stored game holds: per log entry and per finished game.

Run on demand (not collected by pytest), against the Redis the tests use (127.0.0.1:6379 or
REDIS_URL), under a key prefix of its own whose keys it removes at the end:

    python tests/bench/bench_memory.py [--games 3] [--against /work/main]

Each game is created and played to its end through the Flask app (POST /games, then one POST
moves per random legal move, each with its own Idempotency-Key, as clients do), in a process
of its own; then every key of the run is weighed with MEMORY USAGE: the log stream, the
idempotency records (all still alive: a game played within their 24 h), snapshots, meta and
deadlines. The prefix is as long as the default `castillo`, so keys weigh as in production. It prints bytes per entry and per finished game, with and without the idempotency
records (what stays after 24 h), for a 5-seat El Grande and a 6-seat Kabale game; goals: at most
100 KB per El Grande and 150 KB per Kabale game at all times.

`--against PATH` also plays every game with the code of another checkout (e.g. main) and prints
the ratios: the two alternate game by game, and a game's seed and moves are drawn from the same
numbers in both (the setup seed too, patched in for the bench), so both play the same games.

`--dictionary GAME` instead prints a log dictionary for service/logdict/ (service.packing): the
JSON of the events and moves of seeded random games, the most frequent last. A committed
dictionary never changes; a new one gets a new id.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GAMES = (("elgrande", 5, 100_000), ("kabale", 6, 150_000))


def play_and_weigh(root: str, name: str, seats: int, seed: int, url: str) -> dict[str, Any]:
    """Plays one game with the code at `root` and returns the memory of its keys (in this process)."""
    os.environ["KEY_PREFIX"] = prefix = f"bm{secrets.token_hex(3)}"  # as long as `castillo`: keys weigh alike
    sys.path.insert(0, root)
    import redis

    from service import creating
    from service.app import create_app
    from service.config import Config
    from tests.conformance import random_move

    rnd = random.Random(seed)
    creating.secrets = _Seeded(rnd)  # type: ignore[attr-defined]  # the same setup seed in both trees
    limits = {"CREATE_LIMIT": "100000/hour", "INVITE_LIMIT": "100000/day"}
    app = create_app(Config(REDIS_URL=url, SECRET_KEY="bench", **limits))
    client, svc, rds = app.test_client(), app.extensions["castillo"], redis.Redis.from_url(url)
    try:
        spec = {"game": name, "seats": [{"name": f"p{i}"} for i in range(seats)]}
        game = client.post("/games", json=spec, headers={"Idempotency-Key": _key(rnd)}).get_json()
        gid, tokens, moves = game["id"], [s["token"] for s in game["seats"]], 0
        while (loaded := svc.load(gid)).status == "running":
            state = loaded.folded.state
            seat = rnd.choice(sorted(loaded.game.pending(state)))
            move = random_move(loaded.game, state, seat, rnd)
            headers = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": _key(rnd)}
            answer = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
            assert answer.status_code == 201, answer.get_json()
            moves += 1
        return {"entries": loaded.version, "moves": moves, **weigh(rds, prefix)}
    finally:
        doomed = list(rds.scan_iter(match=f"{prefix}:*", count=1000))
        if doomed:
            rds.delete(*doomed)


class _Seeded:
    """Stands in for `secrets` in service.creating: the game's seed from the bench's numbers."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def token_hex(self, n: int) -> str:
        return self.rnd.randbytes(n).hex()

    def token_bytes(self, n: int) -> bytes:
        return self.rnd.randbytes(n)


def _key(rnd: random.Random) -> str:
    """Returns an Idempotency-Key as clients make them (a UUID's 32 hex digits)."""
    return rnd.randbytes(16).hex()


def weigh(rds: Any, prefix: str) -> dict[str, int]:
    """Returns MEMORY USAGE summed by kind of key under `prefix` (one game's run)."""
    out: dict[str, int] = collections.Counter()
    for raw in rds.scan_iter(match=f"{prefix}:*", count=1000):
        key = raw.decode()
        kind = next((k for k in ("log", "snap", "meta", "deadlines") if key.endswith(f":{k}")), None)
        kind = kind or ("idem" if ":idem" in key or ":i:" in key else "other")
        out[kind] += int(rds.memory_usage(raw, samples=0) or 0)
        out[f"{kind}_keys"] += 1
    out["game"] = sum(out[k] for k in ("log", "idem", "snap", "meta", "deadlines"))
    out["after_24h"] = out["game"] - out["idem"]
    return dict(out)


def run_one(root: str, name: str, seats: int, seed: int, url: str) -> dict[str, Any]:
    """Runs `play_and_weigh` in a fresh interpreter with `root` first on the path."""
    args = [sys.executable, __file__, "--one", root, name, str(seats), str(seed), url]
    env = {**os.environ, "PYTHONPATH": root}
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def report(label: str, runs: list[dict[str, Any]], goal: int) -> dict[str, float]:
    """Prints the means (and ranges) of one code tree's runs of one game; returns the means."""
    mean = {k: statistics.fmean(r.get(k, 0) for r in runs) for k in runs[0]}
    lo, hi = min(r["game"] for r in runs), max(r["game"] for r in runs)
    print(
        f"  {label:>8}: {mean['entries']:.0f} entries, {mean['moves']:.0f} moves; "
        f"log {mean['log'] / 1000:.1f} KB = {mean['log'] / mean['entries']:.0f} B/entry; "
        f"idem {mean['idem'] / 1000:.1f} KB ({mean['idem'] / max(1, mean['idem_keys']):.0f} B/record); "
        f"snap {mean['snap'] / 1000:.1f} KB; meta {mean['meta'] / 1000:.1f} KB"
    )
    print(
        f"  {'':>8}  per game {mean['game'] / 1000:.1f} KB (range {lo / 1000:.1f}-{hi / 1000:.1f}), "
        f"after 24 h {mean['after_24h'] / 1000:.1f} KB, all in {mean['game'] / mean['entries']:.0f} B/entry; "
        f"goal <= {goal / 1000:.0f} KB: {'met' if hi <= goal else 'NOT met'}"
    )
    return mean


def bench(games: int, against: str | None, url: str) -> None:
    """Plays `games` games of each kind (alternating trees per game) and prints the report."""
    trees = [("this", str(ROOT))] + ([("against", against)] if against else [])
    for name, seats, goal in GAMES:
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
        for seed in range(1, games + 1):
            for label, root in trees if seed % 2 else trees[::-1]:
                runs[label].append(run_one(root, name, seats, seed, url))
        print(f"{name}, {seats} seats, {games} games:")
        means = {label: report(label, runs[label], goal) for label, _ in trees}
        if against:
            ratio = {k: means["this"][k] / means["against"][k] for k in ("log", "idem", "game", "after_24h")}
            per_entry = (means["this"]["log"] / means["this"]["entries"]) / (
                means["against"]["log"] / means["against"]["entries"]
            )
            print(
                "  this/against: "
                + ", ".join(f"{k} {v:.3f}" for k, v in ratio.items())
                + f", log per entry {per_entry:.3f}"
            )


def dictionary(name: str, games: int = 40, size: int = 8192) -> bytes:
    """Returns a log dictionary for engine `name`: the canonical JSON of the events and moves of
    `games` seeded random games (seat counts and options varied), the most frequent last, cut
    to `size` bytes, then the skeleton every packed entry's rest shares."""
    import engine
    from engine.audit import canonical
    from tests.conformance import random_move

    game, rnd, seen = engine.get_game(name), random.Random(7), collections.Counter[bytes]()
    for _ in range(games):
        state: Any = None
        for event in _random_setup(game, rnd):
            state = game.evolve(state, event)
        while game.result(state) is None:
            seat = rnd.choice(sorted(game.pending(state)))
            move = random_move(game, state, seat, rnd)
            seen[canonical(move)] += 1
            for event in game.decide(state, seat, move):
                seen[canonical(event)] += 1
                state = game.evolve(state, event)
    skeleton = b'{"cause":{"idempotency_key":"","move":{"type":"'
    body = b"".join(
        text for text, _ in sorted(seen.items(), key=lambda item: (item[1], item[0])) if len(text) < 400
    )
    return body[-(size - len(skeleton)) :] + skeleton


def _random_setup(game: Any, rnd: random.Random) -> list[Any]:
    """Returns the opening of a game with a random seat count and random (combinable) options."""
    from engine.errors import RuleViolation

    low, high = game.INFO["seats"]
    flags = [k for k, o in game.INFO["options"].items() if o["type"] == "bool" and not o.get("preview")]
    while True:
        options = {k: rnd.random() < 0.5 for k in flags}
        try:
            return list(game.setup(rnd.randint(low, high), options, rnd.randbytes(32).hex()))
        except RuleViolation:
            continue  # options that exclude each other: draw again


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--against", help="another checkout to measure on the same games")
    parser.add_argument("--dictionary", help="print a log dictionary for this engine instead")
    parser.add_argument("--one", nargs=5, help=argparse.SUPPRESS)  # root name seats seed url (a child)
    args = parser.parse_args()
    if args.one:
        root, name, seats, seed, url = args.one
        print(json.dumps(play_and_weigh(root, name, int(seats), int(seed), url)))
    elif args.dictionary:
        sys.path.insert(0, str(ROOT))
        sys.stdout.buffer.write(dictionary(args.dictionary))
    else:
        bench(args.games, args.against, os.environ.get("REDIS_URL", "redis://127.0.0.1:6379"))


if __name__ == "__main__":
    main()
