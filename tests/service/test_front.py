"""The front of `castillo serve` (service.streams.proxy): every request but the streams reaches the
API server unchanged, and its answer comes back unchanged, over real HTTP."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

from service.config import Config
from tests.frontdoor import Front
from tests.service.conftest import bearer, create, key
from tests.service.test_cli import _ask

VARYING = {"date", "server", "connection", "keep-alive", "transfer-encoding"}


@pytest.fixture(scope="module")
def front(config: Config) -> Iterator[Front]:
    server = Front(config)
    with server:
        yield server


def _answer(base: str, method: str, path: str, **kw: Any) -> tuple[int, dict[str, str], bytes]:
    response = requests.request(method, base + path, timeout=10, allow_redirects=False, **kw)
    headers = {k.lower(): v for k, v in response.headers.items() if k.lower() not in VARYING}
    return response.status_code, headers, response.content


def test_ordinary_routes_answer_the_same_through_the_front(front: Front, client: FlaskClient) -> None:
    game = create(client)
    gid, seat = game["id"], bearer(game["seats"][0]["token"])
    requests_ = [
        ("GET", "/catalog", {}),
        ("HEAD", "/catalog", {}),
        ("GET", f"/games/{gid}", {}),
        ("GET", f"/games/{gid}", {"headers": {"If-None-Match": f'"{game["version"]}"'}}),
        ("GET", f"/games/{gid}/view", {"headers": seat}),
        ("GET", f"/games/{gid}/events?after=2&limit=3", {"headers": seat}),
        ("GET", f"/games/{gid}/record?format=text", {}),
        ("POST", f"/games/{gid}/legal-moves", {"json": {"partial": {"type": "play"}}, "headers": seat}),
        ("POST", f"/games/{gid}/moves", {"data": b"{not json", "headers": {**seat, **key()}}),
        ("GET", "/games/no-such-game", {}),
        ("GET", f"/games/{gid}/view", {"headers": {"Authorization": "Bearer wrong"}}),
        ("PUT", "/catalog", {}),
        ("GET", "/play/%7Bodd%7D?x=%20y", {}),
    ]
    for method, path, kw in requests_:
        direct = _answer(front.api_url, method, path, **kw)
        assert _answer(front.url, method, path, **kw) == direct, (method, path)
    etagged = _answer(front.url, "GET", f"/games/{gid}")
    assert etagged[1]["etag"] == f'"{game["version"]}"'


def test_a_move_posted_through_the_front_is_applied_once(front: Front, client: FlaskClient) -> None:
    game = create(client)
    gid, seat = game["id"], bearer(game["seats"][0]["token"])
    move = client.get(f"/games/{gid}/legal-moves", headers=seat).get_json()["moves"][0]
    headers = {**seat, **key(), "If-Match": f'"{game["version"]}"'}
    first = requests.post(f"{front.url}/games/{gid}/moves", json={"move": move}, headers=headers, timeout=10)
    again = requests.post(f"{front.url}/games/{gid}/moves", json={"move": move}, headers=headers, timeout=10)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert client.get(f"/games/{gid}").get_json()["version"] == first.json()["version"]


def _echo(environ: dict[str, Any], start_response: Any) -> Any:
    """Answers with what reached it (or, on /slow, three chunks a second apart; on /cookie, a cookie)."""
    path = environ["PATH_INFO"]
    if path == "/slow":
        start_response("200 OK", [("Content-Type", "text/plain")])
        return _slowly()
    if path == "/cookie":
        start_response("200 OK", [("Set-Cookie", "who=first-client; Path=/"), ("Content-Length", "0")])
        return [b""]
    chunked = environ.get("wsgi.input_terminated")
    body = (
        environ["wsgi.input"].read()
        if chunked
        else environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    )
    seen = {
        k: v for k, v in environ.items() if k.startswith("HTTP_") or k in ("REQUEST_METHOD", "QUERY_STRING")
    }
    answer = json.dumps({**seen, "body": body.decode(), "path": environ.get("RAW_URI", path)}).encode()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(answer)))])
    return [answer]


def _slowly() -> Iterator[bytes]:
    for part in (b"one\n", b"two\n", b"three\n"):
        yield part
        time.sleep(1.0)


@pytest.fixture(scope="module")
def echo(config: Config) -> Iterator[str]:
    with Front(config, wsgi=_echo) as url:
        yield url


def test_the_front_forwards_host_and_names_the_client(echo: str) -> None:
    headers = {
        "Host": "castillo.example",
        "X-Forwarded-For": "198.51.100.7",
        "X-Forwarded-Proto": "https",
        "Connection": "keep-alive, X-Private",
        "X-Private": "hop-by-hop, named in Connection",
        "X-Custom": "end-to-end",
    }
    seen = requests.get(f"{echo}/echo?q=%2F1", headers=headers, timeout=10).json()
    assert seen["HTTP_HOST"] == "castillo.example" and seen["HTTP_X_CUSTOM"] == "end-to-end"
    assert seen["HTTP_X_FORWARDED_FOR"] == "198.51.100.7, 127.0.0.1"  # the peer appended
    assert seen["HTTP_X_FORWARDED_PROTO"] == "http"  # an untrusted peer's claim is replaced
    assert "HTTP_X_PRIVATE" not in seen and seen["QUERY_STRING"] == "q=%2F1"


def test_the_front_streams_bodies_both_ways(echo: str) -> None:
    def parts() -> Iterator[bytes]:
        yield b'{"a": '
        yield b"1}"

    seen = requests.post(f"{echo}/echo", data=parts(), timeout=10).json()  # a chunked request body
    assert seen["body"] == '{"a": 1}'
    started = time.monotonic()
    with requests.get(f"{echo}/slow", stream=True, timeout=10) as response:
        lines = response.iter_lines()
        first = next(lines)
        waited = time.monotonic() - started
        rest = list(lines)
    assert first == b"one" and rest == [b"two", b"three"] and waited < 0.9


def test_the_front_keeps_no_cookies_between_clients(echo: str) -> None:
    assert requests.get(f"{echo}/cookie", timeout=10).headers["Set-Cookie"].startswith("who=first-client")
    assert "HTTP_COOKIE" not in requests.get(f"{echo}/echo", timeout=10).json()


def test_an_api_server_that_does_not_answer_is_a_503_problem(config: Config) -> None:
    server = Front(config, wsgi=_echo)
    with server as url:
        server.wsgi.shutdown()  # type: ignore[union-attr]
        server.wsgi.server_close()  # type: ignore[union-attr]
        answer = requests.get(f"{url}/catalog", timeout=10)
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"
        assert (
            answer.headers["Content-Type"] == "application/problem+json"
            and answer.json()["code"] == "unavailable"
        )


def test_oversize_requests_get_problems_from_the_front_up_to_its_parser_limit(front: Front) -> None:
    from service.api.inputs import MAX_HEADER_FIELD, MAX_HEADER_FIELDS, MAX_URL

    port = int(front.url.rsplit(":", 1)[1])
    cases = [  # past the API's limits, and past gunicorn's (8,190 bytes a line), never its HTML
        ("/catalog?x=" + "a" * MAX_URL, [], 414),
        ("/catalog?x=" + "a" * 20000, [], 414),
        ("/games/x/stream?x=" + "a" * 20000, [], 414),
        ("/catalog", [(f"X-F{i}", b"1") for i in range(MAX_HEADER_FIELDS + 1)], 431),
        ("/catalog", [("X-Long", b"a" * MAX_HEADER_FIELD)], 431),
        ("/catalog", [("X-Long", b"a" * 30000)], 431),
    ]
    for path, headers, status in cases:
        got, kind, body = _ask(port, path, headers)
        assert (got, kind.split(";")[0]) == (status, "application/problem+json"), (
            path[:30],
            len(headers),
            body[:200],
        )
        assert json.loads(body)["status"] == status
    assert _ask(port, "/catalog?x=" + "a" * (MAX_URL - 20), [("X-Long", b"a" * 8000)])[0] == 200
