"""The `castillo` console script: dispatch, and `serve` with its embedded Redis and worker child."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil
import requests

from service.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_help_and_unknown_commands() -> None:
    assert main(["--help"]) == 0
    assert main(["frobnicate"]) == 2


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(data: Path, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SECRET_KEY", "PUBLIC_URL")}
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--data", str(data)]
    return subprocess.Popen(
        command,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _wait(url: str) -> None:
    for _ in range(300):
        try:
            if requests.get(url, timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{url} never answered")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stops `castillo serve` by SIGTERM; if it hangs, kills its whole group (Redis, gunicorn, worker) and fails."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise


def test_serve_embedded_persists_across_restarts_and_supervises_a_worker(tmp_path: Path) -> None:
    port, data = _port(), tmp_path / "data"
    base = f"http://127.0.0.1:{port}"
    process = _serve(data, port)
    try:
        _wait(f"{base}/health")
        body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
        created = requests.post(
            f"{base}/games", json=body, headers={"Idempotency-Key": "k"}, timeout=10
        ).json()
        with requests.get(
            f"{base}/games/{created['id']}/stream", headers={"Last-Event-ID": "0"}, stream=True, timeout=10
        ) as stream:  # SSE through gunicorn's threaded workers
            lines = stream.iter_lines(decode_unicode=True)
            assert "id: 1" in [next(lines) for _ in range(4)]
        children = [" ".join(p.cmdline()) for p in psutil.Process(process.pid).children(recursive=True)]
        assert any("redis-server" in c for c in children)
        assert any("gunicorn" in c and "gthread" in c for c in children)
        assert any("service.cli worker" in c for c in children)
        assert (data / "redis" / "appendonly.aof").exists() and (data / "secret_key").exists()
        redis_child = next(p for p in psutil.Process(process.pid).children() if "redis-server" in p.name())
        redis_child.kill()  # a crash of the embedded Redis: the supervisor restarts it from the AOF
        _wait(f"{base}/games/{created['id']}")
    finally:
        _stop(process)
    assert not psutil.pid_exists(process.pid) or psutil.Process(process.pid).status() == psutil.STATUS_ZOMBIE
    process = _serve(data, port)
    try:
        _wait(f"{base}/health")
        summary = requests.get(f"{base}/games/{created['id']}", timeout=10).json()
        assert summary["version"] == created["version"]
        link = created["seats"][0]["link"].split("#k=")[1]
        session = requests.post(f"{base}/games/{created['id']}/sessions", json={"link": link}, timeout=10)
        assert session.status_code == 201  # the persisted SECRET_KEY still signs the same links
    finally:
        _stop(process)
