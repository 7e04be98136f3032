"""The `castillo` console script: dispatch, `serve` (embedded Redis, the front, gunicorn and the worker,
each restarted when it dies; one `serve` per data folder) and `streams` alone, as real processes."""

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
from flask.testing import FlaskClient

from service.api.inputs import MAX_HEADER_FIELD, MAX_HEADER_FIELDS, MAX_URL
from service.cli import gunicorn_command, main
from service.config import Config
from tests.conftest import store_urls
from tests.service.conftest import bearer, create, key
from tests.streamclient import Stream, entries, wait_for

ROOT = Path(__file__).resolve().parents[2]


def test_help_and_unknown_commands() -> None:
    assert main(["--help"]) == 0
    assert main(["frobnicate"]) == 2


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve_command(data: Path, port: int) -> tuple[list[str], dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SECRET_KEY", "PUBLIC_URL")}
    return [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--data", str(data)], env


def _serve(data: Path, port: int, log: Path | None = None) -> subprocess.Popen[bytes]:
    command, env = _serve_command(data, port)
    out = log.open("wb") if log else subprocess.DEVNULL
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out, start_new_session=True)


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
        ) as stream:  # SSE from the stream server, the front on --port
            lines = stream.iter_lines(decode_unicode=True)
            assert "id: 1" in [next(lines) for _ in range(4)]
        children = [" ".join(p.cmdline()) for p in psutil.Process(process.pid).children(recursive=True)]
        assert any("redis-server" in c for c in children)
        assert any("gunicorn" in c and "gthread" in c and f"unix:{data}" in c for c in children)
        assert any("service.cli streams" in c and f"--port {port}" in c for c in children)
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
    env = {**os.environ, **store_urls(redis_url), "SECRET_KEY": "k"}
    command = gunicorn_command(f"127.0.0.1:{port}", 1, 2)
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
            if content_type == "text/html" and got == 400:
                got = status  # gunicorn 22 (the lowest allowed) says 400 Bad Request where 27 says 414/431
            assert (got, kind.split(";")[0]) == (status, content_type), (path[:40], len(headers), body[:200])
            if kind == problem:
                assert json.loads(body)["status"] == status
        assert _ask(port, "/catalog?x=" + "a" * (MAX_URL - 20), [("X-Long", b"a" * 8000)])[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


def _child(serve: subprocess.Popen[bytes], needle: str) -> psutil.Process | None:
    """Returns the running child of `castillo serve` whose command line holds `needle`."""
    for child in psutil.Process(serve.pid).children():
        try:
            if needle in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE:
                return child
        except psutil.NoSuchProcess:
            continue
    return None


def _successor(serve: subprocess.Popen[bytes], needle: str, dead: int) -> psutil.Process:
    for _ in range(300):
        child = _child(serve, needle)
        if child is not None and child.pid != dead:
            return child
        time.sleep(0.1)
    raise AssertionError(f"no new {needle!r} child after {dead} died")


def test_serve_restarts_each_child_that_dies(tmp_path: Path) -> None:
    port, data, log = _port(), tmp_path / "data", tmp_path / "serve.log"
    base = f"http://127.0.0.1:{port}"
    process = _serve(data, port, log)
    try:
        _wait(f"{base}/health")
        body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
        gid = requests.post(f"{base}/games", json=body, headers={"Idempotency-Key": "k"}, timeout=10).json()[
            "id"
        ]
        for name, needle in (
            ("streams", "service.cli streams"),
            ("gunicorn", "-m gunicorn"),
            ("worker", "cli worker"),
        ):
            victim = _child(process, needle)
            assert victim is not None, needle
            victim.kill()  # SIGKILL: no goodbye
            _successor(process, needle, victim.pid)
            _wait(f"{base}/games/{gid}")  # the front and the API answer again
            assert f"{name} exited with status -9" in log.read_text(), log.read_text()
        with requests.get(f"{base}/games/{gid}/stream?after=0", stream=True, timeout=10) as stream:
            lines = stream.iter_lines(decode_unicode=True)
            assert "id: 1" in [next(lines) for _ in range(4)]
    finally:
        _stop(process)


def test_a_second_serve_on_the_same_data_folder_exits_naming_the_first(tmp_path: Path) -> None:
    port, data = _port(), tmp_path / "data"
    base = f"http://127.0.0.1:{port}"
    first = _serve(data, port)
    try:
        _wait(f"{base}/health")
        command, env = _serve_command(data, _port())
        second = subprocess.run(command, check=False, env=env, cwd=ROOT, capture_output=True, timeout=60)
        assert second.returncode == 1
        message = second.stderr.decode()
        assert f"in use by process {first.pid}" in message and str(data.resolve()) in message
        body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
        created = requests.post(f"{base}/games", json=body, headers={"Idempotency-Key": "k2"}, timeout=10)
        assert created.status_code == 201  # the first one's Redis and sockets are untouched
    finally:
        _stop(first)


def test_castillo_streams_alone_serves_the_streams(
    client: FlaskClient, config: Config, redis_url: str
) -> None:
    port = _port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        **store_urls(redis_url),
        "SECRET_KEY": config.SECRET_KEY,
        "ADMIN_TOKEN": config.ADMIN_TOKEN,
        "SSE_KEEPALIVE_S": "0.5",
    }
    command = [sys.executable, "-m", "service.cli", "streams", "--port", str(port)]
    process = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        game = create(client)
        wait_for(lambda: _answers(f"{base}/health"))
        assert requests.get(f"{base}/health", timeout=10).json()["code"] == "not-found"
        stream = Stream(f"{base}/games/{game['id']}/stream?after=0", bearer(game["seats"][0]["token"]))
        frames = stream.until(lambda f: f.get("id") == str(game["version"]))
        drawn = [e for e in entries(frames) if e["event"].get("type") == "cards_drawn"]
        assert any(e["event"]["seat"] == 0 and e["event"]["cards"] for e in drawn)
        seat = client.get(f"/games/{game['id']}").get_json()["prompts"][0]["seat"]
        token = bearer(game["seats"][seat]["token"])
        move = client.get(f"/games/{game['id']}/legal-moves", headers=token).get_json()["moves"][0]
        moved = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers={**token, **key()})
        live = stream.until(lambda f: f.get("id") == str(moved.get_json()["version"]))
        stream.close()
        assert entries(live)[-1]["v"] == moved.get_json()["version"]
    finally:
        process.terminate()
        process.wait(timeout=20)


def _answers(url: str) -> bool:
    try:
        requests.get(url, timeout=1)
        return True
    except requests.RequestException:
        return False


def test_a_child_that_keeps_dying_waits_longer_each_time_until_it_has_run_a_while() -> None:
    from service.supervise import MAX_PAUSE_S, STABLE_S, Child

    child = Child("worker", ["true"], {})
    pauses = []
    for now in range(0, 200, 20):
        child.started = float(now)
        pauses.append(child.pause_after_death(now + 1.0))
    assert pauses[:5] == [0.5, 1.0, 2.0, 4.0, 8.0] and pauses[-1] == MAX_PAUSE_S
    child.started = 0.0
    assert child.pause_after_death(STABLE_S + 1) == 0.5 and child.due == STABLE_S + 1.5


def test_gunicorn_opens_no_control_socket_another_server_could_take(redis_url: str, tmp_path: Path) -> None:
    # gunicorn 27 opens ~/.gunicorn/gunicorn.ctl by default: one path for every server of the user
    port = _port()
    env = {**os.environ, **store_urls(redis_url), "SECRET_KEY": "k", "HOME": str(tmp_path)}
    server = subprocess.Popen(
        gunicorn_command(f"127.0.0.1:{port}", 1, 2),
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait(f"http://127.0.0.1:{port}/health")
        assert not (tmp_path / ".gunicorn").exists()
    finally:
        server.terminate()
        server.wait(timeout=30)
