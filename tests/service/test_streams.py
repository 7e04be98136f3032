"""The stream server (service.streams) over real HTTP and the run's Redis, in front of the Flask app.

Live delivery and redaction per viewer, resume, the route's problems, revocation mid-stream
(design.md decision 3: every batch re-checks the credential), the caps, and the Flask route's
own answer when a stream request reaches it directly.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

from service.config import Config
from service.links import make_session_token
from tests.conftest import store_urls
from tests.frontdoor import Front
from tests.service.conftest import bearer, create, key
from tests.streamclient import Stream, end_of, entries, wait_for


@pytest.fixture(scope="module")
def front(config: Config) -> Iterator[Front]:
    server = Front(config)
    with server:
        yield server


def _play(base: str, game: dict[str, Any], moves: int) -> list[int]:
    """Plays `moves` first legal moves of whoever is due, over HTTP; returns the versions after each."""
    gid, versions = game["id"], []
    for _ in range(moves):
        seat = requests.get(f"{base}/games/{gid}", timeout=10).json()["prompts"][0]["seat"]
        token = bearer(game["seats"][seat]["token"])
        move = requests.get(f"{base}/games/{gid}/legal-moves", headers=token, timeout=10).json()["moves"][0]
        answer = requests.post(
            f"{base}/games/{gid}/moves", json={"move": move}, headers={**token, **key()}, timeout=10
        )
        assert answer.status_code == 201, answer.text
        versions.append(answer.json()["version"])
    return versions


def _own_cards(frames: list[dict[str, str]], seat: int) -> list[dict[str, Any]]:
    """Returns the entries among `frames` that show `seat`'s drawn cards."""
    return [
        e
        for e in entries(frames)
        if e.get("event", {}).get("type") == "cards_drawn"
        and e["event"].get("seat") == seat
        and e["event"].get("cards")
    ]


def test_stream_resumes_with_last_event_id_and_redacts(front: Front, client: FlaskClient) -> None:
    game = create(client)
    gid = game["id"]
    spectator = Stream(f"{front.url}/games/{gid}/stream", {"Last-Event-ID": "3"})
    frames = spectator.until(lambda f: f.get("comment") == "keep-alive")
    spectator.close()
    assert (
        frames[0] == {"retry": "3000"} and spectator.response.headers["Content-Type"] == "text/event-stream"
    )
    assert [int(f["id"]) for f in frames if "id" in f] == list(range(4, game["version"] + 1))
    drawn = [e for e in entries(frames) if e.get("event", {}).get("type") == "cards_drawn"]
    assert drawn and not any(e["event"].get("cards") for e in drawn)
    own = Stream(f"{front.url}/games/{gid}/stream?after=0", bearer(game["seats"][0]["token"]))
    mine = own.until(lambda f: f.get("comment") == "keep-alive")
    own.close()
    assert [int(f["id"]) for f in mine if "id" in f] == list(range(1, game["version"] + 1))
    assert _own_cards(mine, 0) and not _own_cards(mine, 1)


def test_live_entries_reach_every_viewer_redacted_for_each(front: Front, client: FlaskClient) -> None:
    game = create(client)
    gid, start = game["id"], game["version"]
    watchers = {
        "spectator": Stream(f"{front.url}/games/{gid}/stream"),
        "seat0": Stream(f"{front.url}/games/{gid}/stream", bearer(game["seats"][0]["token"])),
        "seat1": Stream(f"{front.url}/games/{gid}/stream", bearer(game["seats"][1]["token"])),
    }
    for stream in watchers.values():
        assert stream.frame() == {"retry": "3000"}
    last = _play(front.url, game, 4)[-1]
    seen = {name: s.until(lambda f: f.get("id") == str(last)) for name, s in watchers.items()}
    for name, frames in seen.items():
        watchers[name].close()
        assert [int(f["id"]) for f in frames if "id" in f] == list(range(start + 1, last + 1)), name
    assert _own_cards(seen["seat0"], 0) and not _own_cards(seen["seat0"], 1)
    assert _own_cards(seen["seat1"], 1) and not _own_cards(seen["seat1"], 0)
    assert not _own_cards(seen["spectator"], 0) and not _own_cards(seen["spectator"], 1)


def test_a_finished_game_streams_everything_public_then_ends(front: Front, client: FlaskClient) -> None:
    game = create(client)
    gid = game["id"]
    aborted = client.post(f"/games/{gid}/abort", json={"reason": "test"}, headers=bearer(game["admin_token"]))
    assert aborted.status_code == 200, aborted.get_json()
    version = aborted.get_json()["version"]
    frames = Stream(f"{front.url}/games/{gid}/stream", {"Last-Event-ID": str(version - 2)}).rest()
    assert [int(f["id"]) for f in frames if "id" in f] == [version - 1, version]
    assert end_of(frames) == {"status": "aborted", "version": version}


def _stream_problem(url: str, headers: dict[str, str]) -> tuple[int, str, Any, str | None]:
    answer = requests.get(url, headers=headers, timeout=10)
    return (
        answer.status_code,
        answer.headers["Content-Type"],
        answer.json(),
        answer.headers.get("WWW-Authenticate"),
    )


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/games/{gid}/stream?after=-1", {}),
        ("/games/{gid}/stream?after=abc", {}),
        ("/games/{gid}/stream?after=", {}),
        ("/games/no-such-game/stream", {}),
        ("/games/no-such-game/stream?after=abc", {}),
        ("/games/{gid}/stream", {"Authorization": "Bearer not-a-token"}),
        ("/games/{gid}/stream", {"Authorization": "Basic abc"}),
        ("/games/{gid}/stream", {"Last-Event-ID": "seven"}),
        ("/games/{gid}/stream?after=x", {"Last-Event-ID": "4"}),
        ("/games/{gid}/stream", {"Last-Event-ID": "1234567890123"}),
    ],
)
def test_refusals_are_the_flask_routes_own(
    front: Front, client: FlaskClient, path: str, headers: dict[str, str]
) -> None:
    gid = create(client)["id"]
    url = path.format(gid=gid)
    direct = client.get(url, headers=headers)
    expected = (
        direct.status_code,
        direct.content_type,
        direct.get_json(),
        direct.headers.get("WWW-Authenticate"),
    )
    assert _stream_problem(front.url + url, headers) == expected
    assert expected[0] in (400, 401, 404)


def test_the_flask_route_itself_tells_to_route_streams_to_the_stream_server(client: FlaskClient) -> None:
    game = create(client)
    answer = client.get(f"/games/{game['id']}/stream", headers=bearer(game["seats"][0]["token"]))
    assert answer.status_code == 421 and answer.content_type == "application/problem+json"
    assert answer.get_json()["code"] == "misdirected" and "castillo streams" in answer.get_json()["detail"]


@pytest.mark.parametrize("credential", ["seat token", "session"])
def test_reissuing_a_seat_token_ends_its_streams_before_any_further_hidden_entry(
    front: Front, client: FlaskClient, credential: str
) -> None:
    game = create(client, emails=False)
    gid, admin = game["id"], bearer(game["admin_token"])
    if credential == "session":
        link = game["seats"][0]["link"].split("#k=")[1]
        token = client.post(f"/games/{gid}/sessions", json={"link": link}).get_json()["token"]
    else:
        token = game["seats"][0]["token"]
    watched = Stream(f"{front.url}/games/{gid}/stream", bearer(token))
    spectator = Stream(f"{front.url}/games/{gid}/stream")
    assert watched.frame() == {"retry": "3000"} and spectator.frame() == {"retry": "3000"}
    reissued = client.post(f"/games/{gid}/seats/0/token", headers=admin).get_json()
    game["seats"][0]["token"] = reissued["token"]
    last = _play(front.url, game, 6)[-1]
    frames = watched.until(lambda f: f.get("event") == "end" or f.get("id") == str(last))
    assert watched.frame() is None  # closed by the server after its last frame
    problem = end_of(frames)
    assert problem is not None and problem["code"] == "unauthorized" and problem["status"] == 401
    assert "re-issued" in problem["detail"] and problem["version"] < reissued["version"]
    assert all(int(f["id"]) < reissued["version"] for f in frames if "id" in f)
    after = Stream(f"{front.url}/games/{gid}/stream?after={reissued['version']}", bearer(reissued["token"]))
    hidden_later = _own_cards(after.until(lambda f: f.get("id") == str(last)), 0)
    after.close()
    assert hidden_later, "seat 0 drew cards after the re-issue: the old credential would have seen them"
    public = spectator.until(lambda f: f.get("id") == str(last))
    spectator.close()
    assert [int(f["id"]) for f in public if "id" in f][-1] == last and end_of(public) is None


def test_a_session_stream_ends_when_the_session_expires(
    front: Front, client: FlaskClient, config: Config
) -> None:
    game = create(client)
    session = make_session_token(config.SECRET_KEY, game["id"], 1, max_age_s=1)
    started = time.monotonic()
    frames = Stream(f"{front.url}/games/{game['id']}/stream", bearer(session)).rest()
    problem = end_of(frames)
    assert problem is not None and problem["code"] == "unauthorized" and "expired" in problem["detail"]
    assert time.monotonic() - started < 4


@pytest.fixture()
def capped(config: Config) -> Iterator[Front]:
    """Yields a front with small caps, trusting loopback proxies so X-Forwarded-For names clients."""
    small = replace(config, STREAM_MAX_TOTAL=3, STREAM_MAX_PER_CLIENT=2, TRUSTED_PROXIES="127.0.0.1")
    server = Front(small)
    with server:
        yield server


def test_caps_per_client_and_in_total_answer_503_with_retry_after(capped: Front, client: FlaskClient) -> None:
    gid = create(client)["id"]
    url = f"{capped.url}/games/{gid}/stream"

    def open_as(address: str) -> Stream:
        return Stream(url, {"X-Forwarded-For": address})

    first = [open_as("203.0.113.1"), open_as("203.0.113.1")]
    refused = requests.get(url, headers={"X-Forwarded-For": "203.0.113.1"}, timeout=10)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == str(
        capped.config.STREAM_RETRY_AFTER_S
    )
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "too-many-streams" and "per client" in refused.json()["detail"]
    third = open_as("203.0.113.2")
    full = requests.get(url, headers={"X-Forwarded-For": "203.0.113.3"}, timeout=10)
    assert full.status_code == 503 and "STREAM_MAX_TOTAL" in full.json()["detail"]
    assert all(s.status == 200 for s in [*first, third])
    first[0].close()  # a client that leaves frees its place at once

    def admitted() -> Stream | None:
        stream = open_as("203.0.113.3")
        if stream.status == 200:
            return stream
        stream.close()
        return None

    for stream in [wait_for(admitted, timeout=5), first[1], third]:
        stream.close()


def test_each_open_stream_costs_no_thread(front: Front, client: FlaskClient) -> None:
    import threading

    gid = create(client)["id"]
    before = threading.active_count()
    streams = [Stream(f"{front.url}/games/{gid}/stream") for _ in range(40)]
    for stream in streams:
        assert stream.frame() == {"retry": "3000"}
    during = threading.active_count()
    for stream in streams:
        stream.close()
    assert during - before <= 4  # at most the hub's loader pool, started on first use


def test_unknown_paths_of_the_stream_server_alone_are_404_problems(
    config: Config, client: FlaskClient
) -> None:
    game = create(client)
    with Front(config, api=False) as url:
        stream = Stream(f"{url}/games/{game['id']}/stream?after=0")
        frames = stream.until(lambda f: f.get("id") == str(game["version"]))
        stream.close()
        assert len(entries(frames)) == game["version"]
        other = requests.get(f"{url}/games/{game['id']}", timeout=10)
        assert other.status_code == 404 and other.json()["code"] == "not-found"


def test_shipped_settings_keep_an_idle_stream_open_past_20_s_and_still_deliver(
    redis_url: str, config: Config, client: FlaskClient
) -> None:
    """SLOW on purpose (~21 s): the shipped settings, not the shortened keep-alive of the other tests.

    The default Config (15 s keep-alive) and the Redis clients of service.redis_clients: an idle
    stream gets its keep-alive, is still open after 20 s, and then delivers a move at once; the
    hub's blocked XREADs (10 s each) ran into no socket timeout (redis-py 8 defaults to 5 s).
    """
    shipped = Config(**store_urls(redis_url), SECRET_KEY=config.SECRET_KEY, ADMIN_TOKEN=config.ADMIN_TOKEN)
    assert shipped.SSE_KEEPALIVE_S == 15.0
    game = create(client)
    server = Front(shipped)
    with server as url:
        stream = Stream(f"{url}/games/{game['id']}/stream", timeout=30)
        started = time.monotonic()
        assert stream.frame() == {"retry": "3000"}
        assert stream.frame() == {"comment": "keep-alive"}
        assert 14 < time.monotonic() - started < 17
        time.sleep(max(0.0, 21 - (time.monotonic() - started)))
        last = _play(url, game, 1)[-1]
        moved = time.monotonic()
        frames = stream.until(lambda f: f.get("id") == str(last))
        stream.close()
        assert time.monotonic() - moved < 2 and entries(frames)[-1]["v"] == last
        assert server.hub.errors == 0


def test_the_stream_server_answers_in_the_request_language(front: Front, client: FlaskClient) -> None:
    game = create(client)
    url = f"{front.url}/games/{game['id']}/stream"
    refused = requests.get(f"{url}?after=x", headers={"Accept-Language": "fi"}, timeout=10)
    direct = client.get(f"/games/{game['id']}/stream?after=x", headers={"Accept-Language": "fi"})
    assert refused.status_code == 400 and refused.json() == direct.get_json()
    assert refused.json()["title"] == "Pyyntö ei ole kelvollinen"
    assert refused.headers["Content-Language"] == "fi" and "Accept-Language" in refused.headers["Vary"]
    with requests.get(url, headers={"Accept-Language": "de"}, stream=True, timeout=10) as live:
        assert live.status_code == 200 and live.headers["Content-Language"] == "de"
        assert live.headers["Vary"] == "Accept-Language"
    plain = requests.get(f"{url}?after=x", timeout=10)
    assert plain.json()["title"] == "The request is not valid" and plain.headers["Content-Language"] == "en"
