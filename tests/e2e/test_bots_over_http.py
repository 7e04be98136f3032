"""End to end: `castillo serve` as the README starts it, bots play whole games over HTTP,
and the exported records verify offline.

The server runs as a subprocess exactly as documented (`castillo serve --port P --data DIR`,
REDIS_URL unset, so it starts its embedded Redis and worker); every step after that is the
`castillo` client command a user would type.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

STARTUP_S = 60


def castillo() -> list[str]:
    """Returns the command that runs the `castillo` console script."""
    found = shutil.which("castillo")
    return [found] if found else [sys.executable, "-m", "service.cli"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yields the URL of `castillo serve` started as the README says, stopped afterwards."""
    data = tmp_path_factory.mktemp("castillo-data")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "QUEUE_REDIS_URL")}
    log = (data / "serve.log").open("wb")
    process = subprocess.Popen(
        [*castillo(), "serve", "--port", str(port), "--data", str(data)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, process, data / "serve.log")
        yield url
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"castillo serve exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(f"{url}/health", timeout=1).json().get("status") == "ok":
                return
        except (requests.RequestException, ValueError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"castillo serve did not become healthy in {STARTUP_S}s:\n{log.read_text()[-3000:]}")


def cli(url: str, *argv: str, timeout: float = 120) -> str:
    """Runs one `castillo` client command against the server; returns its stdout."""
    env = {**os.environ, "CASTILLO_URL": url, "NO_COLOR": "1"}
    done = subprocess.run(
        [*castillo(), *argv], env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"castillo {' '.join(argv)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.parametrize(
    ("game", "bots"),
    [
        ("elgrande", ["greedy", "greedy", "random", "greedy"]),
        ("kabale", ["greedy", "random", "greedy"]),
    ],
)
def test_bots_play_a_whole_game_whose_record_verifies(
    server: str, game: str, bots: list[str], tmp_path: Path
) -> None:
    created = json.loads(cli(server, "new", game, *[a for kind in bots for a in ("--bot", kind)], "--json"))
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
    moves = sum(1 for line in out.splitlines() if line.startswith("seat "))
    print(
        f"\n{game} with {len(bots)} bots: {moves} moves, {len(record.read_text().splitlines())} entries, "
        f"{took:.1f}s ({1000 * took / max(moves, 1):.0f} ms per move incl. legal-moves and view)"
    )
