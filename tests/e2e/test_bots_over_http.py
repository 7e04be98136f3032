"""End to end: `castillo serve` as the README starts it, bots play whole games over HTTP,
and the exported records verify offline.

The server runs as a subprocess exactly as documented (`castillo serve --port P --data DIR`,
REDIS_URL unset, so it starts its embedded Redis and worker); every step after that is the
`castillo` client command a user would type.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import castillo


def cli(url: str, *argv: str, timeout: float = 120) -> str:
    """Runs one `castillo` client command against the server; returns its stdout."""
    env = {**os.environ, "CASTILLO_URL": url, "NO_COLOR": "1"}
    done = subprocess.run(
        [*castillo(), *argv], env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"castillo {' '.join(argv)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.parametrize(
    ("game", "bots", "options"),
    [
        ("elgrande", ["greedy", "greedy", "random", "greedy"], []),
        ("elgrande", ["greedy", "random", "greedy", "random", "greedy"], ["inquisitor_colonies"]),  # G1
        ("kabale", ["greedy", "random", "greedy"], []),
    ],
)
def test_bots_play_a_whole_game_whose_record_verifies(
    server: str, game: str, bots: list[str], options: list[str], tmp_path: Path
) -> None:
    flags = [a for kind in bots for a in ("--bot", kind)] + [a for o in options for a in ("--option", o)]
    created = json.loads(cli(server, "new", game, *flags, "--json"))
    started = time.perf_counter()
    out = cli(server, "bots", "--game", created["id"], "--admin-token", created["admin_token"], "--seed", "7")
    took = time.perf_counter() - started
    assert "final: " in out and "winner" in out
    status = cli(server, "status", created["id"])
    assert "status finished" in status and "final: " in status
    record = tmp_path / f"{game}.jsonl"
    cli(server, "record", created["id"], "-o", str(record))
    verdict = cli(server, "verify", str(record))
    assert verdict.startswith(f"verified: {game}") and "seed and full re-run" in verdict
    assert cli(server, "verify", "--game", created["id"]).startswith("verified: game")
    entries = len(record.read_text().splitlines())
    print(
        f"\n{game} {' '.join(options)} with {len(bots)} bots: {entries} log entries, {took:.1f}s "
        f"({1000 * took / entries:.0f} ms per entry incl. legal-moves and view)"
    )
