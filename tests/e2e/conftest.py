"""The e2e fixture: `castillo serve` started as the README says (embedded Redis and worker)."""

from __future__ import annotations

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


@pytest.fixture(scope="session")
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
