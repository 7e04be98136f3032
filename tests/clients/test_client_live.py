"""Drives the Python client against a live server: every call, typed results and typed problems."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import requests

from clients.python import Client, errors
from clients.python.types import CreatedGame


def _kabale(url: str, seats: int = 2) -> tuple[Client, CreatedGame]:
    admin = Client(url)
    created = admin.create_game("kabale", [f"P{i}" for i in range(seats)])
    return admin.with_token(created.admin_token), created


def test_health_and_catalog(server_url: str) -> None:
    client = Client(server_url)
    health = client.health()
    assert health.ok and health.redis == "ok" and (health.status == "ok") == (health.problems == ())
    names = {g.name: g for g in client.catalog()}
    assert names["kabale"].seats == (2, 6) and "play" in names["kabale"].moves


def test_create_summary_and_view_are_typed(server_url: str) -> None:
    admin, created = _kabale(server_url)
    assert created.secrets_shown and all(s.token for s in created.seats)
    summary = admin.game(created.id)
    assert summary.status == "running" and len(summary.seats) == 2 and summary.prompts
    assert admin.versions[created.id] == summary.version
    seat0 = admin.with_token(created.seats[0].token)
    view = seat0.view(created.id)
    assert view.viewer == 0 and view.view is not None


def test_play_a_whole_turn_and_follow_versions(server_url: str) -> None:
    _, created = _kabale(server_url)
    summary = Client(server_url).game(created.id)
    seat = summary.prompts[0].seat
    player = Client(server_url, created.seats[seat].token)
    legal = player.legal_moves(created.id)
    assert legal.prompt is not None and legal.moves
    result = player.play(created.id, legal.moves[0])
    assert result.version > summary.version and player.versions[created.id] == result.version


def test_problems_are_typed_exceptions(server_url: str) -> None:
    _, created = _kabale(server_url)
    spectator = Client(server_url)
    with pytest.raises(errors.UnknownGame):
        spectator.game("no-such-game")
    with pytest.raises(errors.Unauthorized):
        spectator.play(created.id, {"type": "play", "card": "king", "column": 0})
    with pytest.raises(errors.UnsupportedOption):
        spectator.create_game("kabale", ["a", "b"], options={"no_such_option": True})
    summary = spectator.game(created.id)
    idle = 1 - summary.prompts[0].seat
    with pytest.raises(errors.NotYourTurn):
        Client(server_url, created.seats[idle].token).play(
            created.id, {"type": "play", "card": "king", "column": 0}
        )


def test_illegal_move_carries_rule_and_reason(server_url: str) -> None:
    _, created = _kabale(server_url)
    seat = Client(server_url).game(created.id).prompts[0].seat
    player = Client(server_url, created.seats[seat].token)
    hand = {m["card"] for m in player.legal_moves(created.id).moves}
    missing = next(c for c in ("king", "queen", "juliet", "beggar") if c not in hand)
    with pytest.raises(errors.IllegalMove) as caught:
        player.play(created.id, {"type": "play", "card": missing, "column": 0})
    assert caught.value.status == 422 and caught.value.reason


def test_stale_if_match_is_a_version_conflict(server_url: str) -> None:
    _, created = _kabale(server_url)
    seat = Client(server_url).game(created.id).prompts[0].seat
    player = Client(server_url, created.seats[seat].token)
    move = player.legal_moves(created.id).moves[0]
    with pytest.raises(errors.VersionConflict) as caught:
        player.play(created.id, move, if_match=1)
    assert caught.value.status == 412 and caught.value.version == player.versions[created.id]
    with pytest.raises(errors.VersionConflict) as caught:
        player.play(created.id, move, expected_version=1)
    assert caught.value.status == 409


class _LoseFirstAnswer(requests.adapters.HTTPAdapter):
    """Delivers each POST to the server but drops the first answer, as a broken connection would."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def send(self, request: requests.PreparedRequest, **kw: Any) -> requests.Response:  # type: ignore[override]
        response = super().send(request, **kw)
        if request.method == "POST":
            self.keys.append(request.headers["Idempotency-Key"])
            if len(self.keys) == 1:
                raise requests.ConnectionError("connection reset by peer")
        return response


def test_connection_retry_reuses_the_idempotency_key(server_url: str) -> None:
    _, created = _kabale(server_url)
    seat = Client(server_url).game(created.id).prompts[0].seat
    session = requests.Session()
    adapter = _LoseFirstAnswer()
    session.mount("http://", adapter)
    player = Client(server_url, created.seats[seat].token, session=session)
    before = player.game(created.id).version
    result = player.play(created.id, player.legal_moves(created.id).moves[0], if_match=None)
    assert len(adapter.keys) == 2 and adapter.keys[0] == adapter.keys[1]
    assert player.game(created.id).version == result.version > before
    entries = list(player.all_events(created.id, after=before))
    assert len(entries) == result.version - before


def test_each_logical_call_gets_a_fresh_key(server_url: str) -> None:
    session = requests.Session()
    adapter = _LoseFirstAnswer()
    adapter.keys.append("warm")  # lose nothing
    session.mount("http://", adapter)
    client = Client(server_url, session=session)
    first = client.create_game("kabale", ["a", "b"])
    second = client.create_game("kabale", ["a", "b"])
    assert first.id != second.id and len(set(adapter.keys[1:])) == 2


def test_follow_streams_entries_live_and_stops_at_the_end(server_url: str) -> None:
    admin, created = _kabale(server_url)
    start = admin.game(created.id).version
    seen: list[Any] = []
    follower = threading.Thread(target=lambda: seen.extend(Client(server_url).follow(created.id, 0)))
    follower.start()
    seat = admin.game(created.id).prompts[0].seat
    player = Client(server_url, created.seats[seat].token)
    moved = player.play(created.id, player.legal_moves(created.id).moves[0])
    admin.abort(created.id, "test over")
    follower.join(timeout=20)
    assert not follower.is_alive()
    versions = [e.version for e in seen if e.event == "entry"]
    assert versions == list(range(1, versions[-1] + 1)) and versions[-1] > moved.version > start
    assert seen[-1].event == "end" and seen[-1].data["status"] == "aborted"


def test_follow_resumes_after_a_given_version(server_url: str) -> None:
    admin, created = _kabale(server_url)
    version = admin.game(created.id).version
    admin.abort(created.id)
    events = list(Client(server_url).follow(created.id, version - 1))
    assert [e.version for e in events if e.event == "entry"] == [version, version + 1]


def test_admin_and_seat_powers(server_url: str) -> None:
    admin, created = _kabale(server_url)
    seat0 = Client(server_url, created.seats[0].token)
    assert seat0.set_presence(created.id, 0, "absent")["state"] == "absent"
    assert seat0.set_presence(created.id, 0, "back")["state"] == "back"
    with pytest.raises(errors.Forbidden):
        seat0.reissue_token(created.id, 1)
    fresh = admin.reissue_token(created.id, 0)
    with pytest.raises(errors.Unauthorized):
        seat0.view(created.id)
    assert Client(server_url, fresh["token"]).view(created.id).viewer == 0
    session = Client(server_url).open_session(created.id, created.seats[1].link or "")
    assert session.seat == 1 and Client(server_url, session.token).view(created.id).viewer == 1
    changed = admin.set_time_control(created.id, {"per_move": 7200})
    assert changed["time_control"]["per_move"] == 7200
    assert admin.seat_bot(created.id, 1)["bot"] == "default"
    assert admin.abort(created.id, "done")["status"] == "aborted"
    with pytest.raises(errors.GameOver):
        admin.seat_bot(created.id, 1, None)


def test_history_pages_state_at_validate_and_record(server_url: str) -> None:
    _, created = _kabale(server_url)
    spectator = Client(server_url)
    summary = spectator.game(created.id)
    player = Client(server_url, created.seats[summary.prompts[0].seat].token)
    move = player.legal_moves(created.id).moves[0]
    dry = player.validate(created.id, move)
    assert dry.valid and dry.outcome is None  # a play draws a card: a dry run shows none of it
    assert spectator.game(created.id).version == summary.version
    bad = player.validate(created.id, {"type": "play", "card": "nothing", "column": 0})
    assert not bad.valid and bad.problem is not None
    player.play(created.id, move)
    first = spectator.events(created.id, after=0, limit=3)
    assert [e["v"] for e in first.entries] == [1, 2, 3] and first.next == 3
    assert len(list(spectator.all_events(created.id))) == spectator.game(created.id).version
    assert spectator.state_at(created.id, 2).version == 2
    assert spectator.record(created.id, "text").startswith("# Castillo record: kabale")
    report = spectator.verify(created.id)
    assert report.ok and not report.complete and report.replay is None


class _DropFirstStream(requests.Session):
    """Breaks the first event stream after its first chunk, as a dropped connection would."""

    def __init__(self) -> None:
        super().__init__()
        self.resumed_from: list[str | None] = []

    def request(self, method: str, url: str, *args: Any, **kw: Any) -> requests.Response:  # type: ignore[override]
        response = super().request(method, url, *args, **kw)
        if not url.endswith("/stream"):
            return response
        self.resumed_from.append(kw.get("headers", {}).get("Last-Event-ID"))
        if len(self.resumed_from) == 1:
            chunks = response.iter_content

            def broken(chunk_size: int | None = None, decode_unicode: bool = False) -> Any:
                iterator = chunks(chunk_size=chunk_size)
                yield next(iterator)
                yield next(iterator)
                raise requests.exceptions.ChunkedEncodingError("connection broken")

            response.iter_content = broken  # type: ignore[method-assign]
        return response


def test_follow_resumes_with_last_event_id_after_a_dropped_connection(
    server_url: str, monkeypatch: Any
) -> None:
    from clients.python import stream

    monkeypatch.setattr(stream.time, "sleep", lambda _s: None)
    admin, created = _kabale(server_url)
    admin.abort(created.id)
    session = _DropFirstStream()
    events = list(Client(server_url, session=session).follow(created.id, 0))
    versions = [e.version for e in events if e.event == "entry"]
    assert versions == list(range(1, admin.game(created.id).version + 1)) and events[-1].event == "end"
    assert len(session.resumed_from) == 2 and session.resumed_from[0] == "0"
    assert session.resumed_from[1] is not None and 0 < int(session.resumed_from[1]) <= versions[-1]


def test_mail_doors_refuse_what_they_cannot_place(server_url: str) -> None:
    client = Client(server_url)
    assert client.ping()
    with pytest.raises(errors.Forbidden, match="INBOUND_SECRET"):
        client.inbound_email(b"From: a@example.org\r\nTo: r-x@localhost\r\n\r\nplay king 0\r\n", "guess")
    with pytest.raises(errors.NotFound):
        client.unsubscribe("not-a-token")


def test_turns_yields_each_decision_until_the_game_ends(server_url: str) -> None:
    _, created = _kabale(server_url)
    decided: dict[int, int] = {0: 0, 1: 0}

    def play(seat: int) -> None:
        client = Client(server_url, created.seats[seat].token)
        for legal in client.turns(created.id):
            try:
                client.play(created.id, legal.moves[-1], if_match=legal.version)
                decided[seat] += 1
            except errors.VersionConflict:
                continue

    players = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(timeout=120)
    assert Client(server_url).game(created.id).status == "finished"
    assert decided[0] > 10 and decided[1] > 10


def test_the_seen_version_is_the_current_one_even_after_a_look_back(server_url: str) -> None:
    admin, created = _kabale(server_url)
    current = admin.game(created.id).version
    assert admin.state_at(created.id, 2).version == 2
    assert admin.versions[created.id] == current


def test_the_client_lists_the_servers_languages(server_url: str) -> None:
    from clients.python import Client

    found = Client(server_url).languages()
    assert next(iter(found)) == "en"
    assert found["hu"] == "magyar" and found["pl"] == "polski" and found["fi"] == "suomi"
