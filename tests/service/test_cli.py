"""The `castillo` console script: dispatch, and `serve` with its embedded Redis and worker child."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil
import requests

from service.api.inputs import MAX_HEADER_FIELD, MAX_HEADER_FIELDS, MAX_URL
from service.cli import gunicorn_command, main

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


def _ask(port: int, path: str, headers: list[tuple[str, bytes]]) -> tuple[int, str, bytes]:
    """Sends one raw GET (header values as bytes, as sent) and returns (status, content type, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        for name, value in headers:
            conn.putheader(name, value)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.getheader("Content-Type", ""), answer.read()
    finally:
        conn.close()


def test_gunicorn_leaves_oversize_requests_to_the_app_up_to_its_own_limits(redis_url: str) -> None:
    port = _port()
    env = {**os.environ, "REDIS_URL": redis_url, "SECRET_KEY": "k"}
    command = gunicorn_command("127.0.0.1", port, 1, 2)
    server = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        base = f"http://127.0.0.1:{port}"
        _wait(f"{base}/health")
        body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
        game = requests.post(f"{base}/games", json=body, headers={"Idempotency-Key": "k"}, timeout=10).json()
        problem = "application/problem+json"
        cases = [  # (path, headers, status, whose answer)
            ("/catalog?x=" + "a" * MAX_URL, [], 414, problem),
            ("/catalog?x=" + "a" * 8190, [], 414, "text/html"),  # past gunicorn's longest request line
            ("/catalog", [(f"X-F{i}", b"1") for i in range(MAX_HEADER_FIELDS + 1)], 431, problem),
            ("/catalog", [(f"X-F{i}", b"1") for i in range(200)], 431, "text/html"),
            ("/catalog", [("X-Long", b"a" * MAX_HEADER_FIELD)], 431, problem),
            ("/catalog", [("X-Long", b"a" * 16380)], 431, "text/html"),
            (f"/games/{game['id']}", [("Authorization", "Bearer é".encode())], 401, problem),  # UTF-8
        ]
        for path, headers, status, content_type in cases:
            got, kind, body = _ask(port, path, headers)
            assert (got, kind.split(";")[0]) == (status, content_type), (path[:40], len(headers), body[:200])
            if kind == problem:
                assert json.loads(body)["status"] == status
        assert _ask(port, "/catalog?x=" + "a" * (MAX_URL - 20), [("X-Long", b"a" * 8000)])[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
