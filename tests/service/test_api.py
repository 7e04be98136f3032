"""End-to-end HTTP tests of the service on real Redis: full games, redaction, errors, admin."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import schemas
from service.api.moves import plain_moves_body
from service.links import make_link_token
from tests.service.conftest import ADMIN, bearer, create, key


def app_service(client: FlaskClient) -> Any:
    return client.application.extensions["castillo"]


def play_to_end(client: FlaskClient, game: dict[str, Any], limit: int = 3000) -> int:
    """Plays scripted seats (first legal move, or a random-walked partial) until the end; returns moves."""
    tokens = [s["token"] for s in game["seats"]]
    for count in range(limit):
        summary = client.get(f"/games/{game['id']}").get_json()
        if summary["status"] != "running":
            return count
        seat = summary["prompts"][0]["seat"]
        legal = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(tokens[seat])).get_json()
        move = legal["moves"][count % len(legal["moves"])]
        answer = client.post(
            f"/games/{game['id']}/moves", json={"move": move}, headers={**bearer(tokens[seat]), **key()}
        )
        assert answer.status_code == 201, answer.get_json()
    raise AssertionError("the game did not end")


def test_catalog_and_health(client: FlaskClient) -> None:
    names = [g["name"] for g in client.get("/catalog").get_json()["games"]]
    assert "kabale" in names
    health = client.get(
        "/health"
    )  # degraded or ok, by the heartbeats of workers (tests/service/test_health.py)
    assert health.status_code == 200 and health.get_json()["redis"] == "ok"


def test_create_stores_no_secret_in_the_log(client: FlaskClient, rds: Any) -> None:
    game = create(client)
    log = client.get(f"/games/{game['id']}/events", headers=bearer(ADMIN)).get_json()
    text = json.dumps(log)
    assert "p0@example.org" not in text and game["seats"][0]["token"] not in text
    assert game["admin_token"] not in text and log["entries"][0]["event"]["type"] == "game_created"
    assert "seed" not in json.dumps(log["entries"][1]["event"])


@pytest.mark.parametrize("name", ["kabale", "elgrande"])
def test_full_game_over_http_then_public_and_verified(client: FlaskClient, name: str) -> None:
    game = create(client, game=name, seats=3)
    moves = play_to_end(client, game)
    assert moves > 20
    summary = client.get(f"/games/{game['id']}").get_json()
    assert summary["status"] == "finished" and summary["result"]["winners"]
    assert summary["prompts"] == []
    view = client.get(f"/games/{game['id']}/view").get_json()
    assert view["viewer"] == "all"
    log = client.get(f"/games/{game['id']}/events?limit=500").get_json()
    assert "seed" in log["entries"][1]["event"] and log["entries"][0]["event"]["format"] == 2
    assert not any("salt" in e or "prev" in e for e in log["entries"])  # derived from the seed, not stored
    report = client.get(f"/games/{game['id']}/verify").get_json()
    assert report["ok"] and report["complete"] and report["replay"]["ok"], report
    text = client.get(f"/games/{game['id']}/record?format=text").data.decode()
    assert "# result:" in text and "P0 (seat 0): " in text
    lines = client.get(f"/games/{game['id']}/record").data.decode().splitlines()
    assert len(lines) == summary["version"] and json.loads(lines[-1])["v"] == summary["version"]


def test_legal_moves_extend_a_partial_move(client: FlaskClient) -> None:
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    seat = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    legal = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[seat])).get_json()
    assert legal["prompt"]["kind"] == "play" and len(legal["notation"]) == len(legal["moves"])
    partial = {"type": "play"}
    steps = client.post(f"/games/{gid}/legal-moves", json={"partial": partial}, headers=bearer(tokens[seat]))
    assert steps.status_code == 200 and steps.get_json()["moves"]
    assert all("complete" in m for m in steps.get_json()["moves"])
    idle = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[1 - seat])).get_json()
    assert idle["prompt"] is None and idle["moves"] == []


def test_redaction_per_viewer_on_every_endpoint(client: FlaskClient) -> None:
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    hand0 = client.get(f"/games/{gid}/view", headers=bearer(tokens[0])).get_json()["view"]
    secret_cards = _hand(hand0, 0)
    assert secret_cards
    for token in (None, tokens[1], ADMIN, game["admin_token"]):
        headers = bearer(token) if token else {}
        for path in ("/view", "/state?at=9", "/events?limit=500", "/record", "/record?format=text", ""):
            body = client.get(f"/games/{gid}{path}", headers=headers).data.decode()
            assert not _leaks(body, secret_cards, 0), (token, path)


def _hand(view: dict[str, Any], seat: int) -> list[str]:
    me = next(p for p in view["players"] if p["seat"] == seat)
    return list(me["hand"])


def _leaks(body: str, cards: list[str], seat: int) -> bool:
    """Tells whether `body` names seat 0's drawn cards (seat 0 draws them in a cards_drawn event)."""
    data = [json.loads(line) for line in body.splitlines() if line.startswith("{")] if "\n{" in body else []
    blobs = data or [json.loads(body)] if body.startswith("{") else []
    for blob in blobs:
        for entry in blob.get("entries", [blob]) if isinstance(blob, dict) else []:
            event = entry.get("event") or {}
            if event.get("type") == "cards_drawn" and event.get("seat") == seat and event.get("cards"):
                return True
        view = blob.get("view") if isinstance(blob, dict) else None
        if view and any(p.get("seat") == seat and p.get("hand") for p in view.get("players", [])):
            return True
    return False


def test_problem_json_for_bad_requests(client: FlaskClient) -> None:
    game = create(client)
    gid, token = game["id"], game["seats"][0]["token"]
    cases = [
        (client.get("/games/zzz"), 404, "unknown-game"),
        (client.get("/nowhere"), 404, "not-found"),
        (client.put("/catalog"), 405, "method-not-allowed"),
        (client.post("/games", json={"game": "kabale"}, headers=key()), 400, "validation"),
        (
            client.post("/games", json={"game": "chess", "seats": [{"name": "a"}]}, headers=key()),
            404,
            "unknown-game",
        ),
        (
            client.post(
                "/games",
                json={"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}], "options": {"nope": 1}},
                headers=key(),
            ),
            422,
            "unsupported-option",
        ),
        (client.post("/games", json={"game": "kabale", "seats": [{"name": "a"}]}), 400, "validation"),
        (
            client.post(f"/games/{gid}/moves", json={"move": {"type": "play"}}, headers=key()),
            401,
            "unauthorized",
        ),
        (
            client.post(
                f"/games/{gid}/moves", json={"move": {"type": "fly"}}, headers={**key(), **bearer(token)}
            ),
            400,
            "malformed-move",
        ),
        (
            client.post(
                f"/games/{gid}/moves",
                data="{",
                content_type="application/json",
                headers={**key(), **bearer(token)},
            ),
            400,
            "validation",
        ),
        (client.get(f"/games/{gid}/view", headers=bearer("forged")), 401, "unauthorized"),
        (client.get(f"/games/{gid}/state?at=999"), 404, "not-found"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, (code, response.get_json())
        assert response.content_type == "application/problem+json"
        assert response.get_json()["code"] == code


def test_not_your_turn_and_illegal_move_quote_the_engine(client: FlaskClient) -> None:
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    summary = client.get(f"/games/{gid}").get_json()
    due = summary["prompts"][0]["seat"]
    other = 1 - due
    legal = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[due])).get_json()["moves"]
    wrong = client.post(
        f"/games/{gid}/moves", json={"move": legal[0]}, headers={**key(), **bearer(tokens[other])}
    )
    assert wrong.status_code == 409 and wrong.get_json()["code"] == "not-your-turn"
    bad = {**legal[0], "column": 99}
    refused = client.post(f"/games/{gid}/moves", json={"move": bad}, headers={**key(), **bearer(tokens[due])})
    assert refused.status_code in (400, 422) and refused.get_json()["reason"]
    dry = client.post(
        f"/games/{gid}/moves/validate", json={"move": bad}, headers=bearer(tokens[due])
    ).get_json()
    assert dry["valid"] is False and dry["problem"]["code"] == refused.get_json()["code"]
    ok = client.post(f"/games/{gid}/moves/validate", json={"move": legal[0]}, headers=bearer(tokens[due]))
    assert ok.get_json()["valid"] is True
    assert client.get(f"/games/{gid}").headers["ETag"] == f'"{summary["version"]}"'


def test_versions_if_match_and_expected_version(client: FlaskClient) -> None:
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    summary = client.get(f"/games/{gid}").get_json()
    seat, version = summary["prompts"][0]["seat"], summary["version"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[seat])).get_json()["moves"][0]
    auth = bearer(tokens[seat])
    stale = client.post(
        f"/games/{gid}/moves", json={"move": move}, headers={**auth, **key(), "If-Match": '"3"'}
    )
    assert stale.status_code == 412 and stale.get_json()["code"] == "version-conflict"
    stale = client.post(
        f"/games/{gid}/moves", json={"move": move, "expected_version": 3}, headers={**auth, **key()}
    )
    assert stale.status_code == 409 and stale.get_json()["version"] == version
    ok = client.post(
        f"/games/{gid}/moves", json={"move": move}, headers={**auth, **key(), "If-Match": f'"{version}"'}
    )
    assert ok.status_code == 201 and ok.headers["ETag"] == f'"{ok.get_json()["version"]}"'


def test_idempotent_retry_returns_the_first_answer(client: FlaskClient) -> None:
    body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
    headers = key()
    first = client.post("/games", json=body, headers=headers).get_json()
    again = client.post("/games", json=body, headers=headers)
    assert again.status_code == 201 and again.get_json()["id"] == first["id"]
    assert again.get_json()["admin_token"] is None and again.get_json()["secrets_shown"] is False
    other = client.post("/games", json={**body, "options": {"first_seat": 1}}, headers=headers)
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency-mismatch"
    gid, tokens = first["id"], [s["token"] for s in first["seats"]]
    seat = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[seat])).get_json()["moves"][0]
    headers = {**bearer(tokens[seat]), **key()}
    one = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
    two = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
    assert one.status_code == two.status_code == 201 and one.get_json() == two.get_json()
    assert client.get(f"/games/{gid}").get_json()["version"] == one.get_json()["version"]
    moved = client.post(f"/games/{gid}/moves", json={"text": "x"}, headers=headers)
    assert moved.status_code == 422 and moved.get_json()["code"] == "idempotency-mismatch"


def test_batch_is_all_or_nothing(client: FlaskClient) -> None:
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    summary = client.get(f"/games/{gid}").get_json()
    seat = summary["prompts"][0]["seat"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[seat])).get_json()["moves"][0]
    refused = client.post(
        f"/games/{gid}/moves", json={"moves": [move, move]}, headers={**bearer(tokens[seat]), **key()}
    )
    assert refused.status_code == 422 and "move 1 of 2" in refused.get_json()["detail"]  # a play draws
    assert client.get(f"/games/{gid}").get_json()["version"] == summary["version"]


def test_text_moves_use_the_game_notation(client: FlaskClient, app: Any) -> None:
    import engine

    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    seat = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[seat])).get_json()["moves"][0]
    text = engine.get_game("kabale").format_move(move)
    answer = client.post(
        f"/games/{gid}/moves", json={"text": text}, headers={**bearer(tokens[seat]), **key()}
    )
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["entries"][0]["cause"]["move"]["type"] == move["type"]


def test_play_link_session_and_reissue(client: FlaskClient, config: Any) -> None:
    game = create(client)
    gid = game["id"]
    link = game["seats"][1]["link"]
    assert link.startswith(f"http://castillo.test/play/{gid}#k=")
    token = link.split("#k=")[1]
    session = client.post(f"/games/{gid}/sessions", json={"link": token})
    assert session.status_code == 201
    bearer1 = session.get_json()["token"]
    assert client.get(f"/games/{gid}", headers=bearer(bearer1)).get_json()["you"] == {
        "role": "seat",
        "seat": 1,
    }
    other = create(client)
    forged = client.post(f"/games/{other['id']}/sessions", json={"link": token})
    assert forged.status_code == 401
    expired = make_link_token(config.SECRET_KEY, gid, 1, -10)
    assert client.post(f"/games/{gid}/sessions", json={"link": expired}).status_code == 401
    seat_token = game["seats"][1]["token"]
    assert client.post(f"/games/{gid}/seats/1/token", headers=bearer(seat_token)).status_code == 403
    emailed = client.post(f"/games/{gid}/seats/1/token", headers=bearer(game["admin_token"]))
    assert (
        emailed.status_code == 201 and emailed.get_json()["token"] is None
    )  # emailed, not shown to the admin
    assert client.get(f"/games/{gid}/view", headers=bearer(seat_token)).status_code == 401
    # at once, with no clock in between: links and sessions from before the re-issue are refused
    assert client.post(f"/games/{gid}/sessions", json={"link": token}).status_code == 401
    assert client.get(f"/games/{gid}/view", headers=bearer(bearer1)).status_code == 401
    fresh = app_service(client).play_link(gid, 1).split("#k=")[1]
    assert client.post(f"/games/{gid}/sessions", json={"link": fresh}).status_code == 201
    plain = create(client, emails=False)
    answer = client.post(
        f"/games/{plain['id']}/seats/0/token", headers=bearer(plain["admin_token"])
    ).get_json()
    assert answer["delivered"] == "answer"
    assert client.get(f"/games/{plain['id']}/view", headers=bearer(answer["token"])).get_json()["viewer"] == 0


def test_reissued_link_works_at_once_and_older_ones_never(client: FlaskClient) -> None:
    plain = create(client, emails=False)
    gid, admin = plain["id"], bearer(plain["admin_token"])
    first = plain["seats"][0]["link"].split("#k=")[1]
    old_session = client.post(f"/games/{gid}/sessions", json={"link": first}).get_json()["token"]
    links = []
    for _ in range(3):  # several re-issues within one second: each link works, its elders do not
        answer = client.post(f"/games/{gid}/seats/0/token", headers=admin).get_json()
        links.append(answer["link"].split("#k=")[1])
        session = client.post(f"/games/{gid}/sessions", json={"link": links[-1]})
        assert session.status_code == 201, session.get_json()
        assert (
            client.get(f"/games/{gid}/view", headers=bearer(session.get_json()["token"])).status_code == 200
        )
    for stale in (first, *links[:-1]):
        refused = client.post(f"/games/{gid}/sessions", json={"link": stale})
        assert refused.status_code == 401 and refused.get_json()["code"] == "unauthorized"
    assert client.get(f"/games/{gid}/view", headers=bearer(old_session)).status_code == 401
    assert client.get(f"/games/{gid}/view", headers=bearer(plain["seats"][1]["token"])).status_code == 200


def test_admin_powers_reveal_nothing_and_abort_makes_public(client: FlaskClient) -> None:
    game = create(client)
    gid, admin = game["id"], bearer(game["admin_token"])
    assert client.get(f"/games/{gid}/legal-moves", headers=admin).status_code == 403
    assert client.get(f"/games/{gid}/view", headers=admin).get_json()["viewer"] is None
    tc = client.put(f"/games/{gid}/time-control", json={"per_move": 60, "weekend_pause": True}, headers=admin)
    assert tc.status_code == 200 and tc.get_json()["time_control"]["per_move"] == 60
    absent = client.post(f"/games/{gid}/seats/1/presence", json={"state": "absent"}, headers=admin)
    assert absent.status_code == 200
    assert client.get(f"/games/{gid}").get_json()["seats"][1]["absent"] is True
    bot = client.post(f"/games/{gid}/seats/0/bot", json={"bot": "default"}, headers=admin)
    assert bot.status_code == 200 and client.get(f"/games/{gid}").get_json()["seats"][0]["bot"] == "default"
    assert (
        client.post(f"/games/{gid}/abort", json={}, headers=bearer(game["seats"][0]["token"])).status_code
        == 403
    )
    assert (
        client.post(f"/games/{gid}/abort", json={"reason": "test"}, headers=admin).get_json()["status"]
        == "aborted"
    )
    assert client.get(f"/games/{gid}/view").get_json()["viewer"] == "all"
    report = client.get(f"/games/{gid}/verify").get_json()
    assert report["ok"], report


def test_vacation_allowance(client: FlaskClient) -> None:
    game = create(client, time_control={"vacation_days": 3})
    gid, token = game["id"], bearer(game["seats"][0]["token"])
    assert (
        client.post(
            f"/games/{gid}/seats/0/presence", json={"state": "vacation", "days": 2}, headers=token
        ).status_code
        == 200
    )
    refused = client.post(
        f"/games/{gid}/seats/0/presence", json={"state": "vacation", "days": 5}, headers=token
    )
    assert refused.status_code == 422 and refused.get_json()["left"] == 1
    assert (
        client.post(f"/games/{gid}/seats/1/presence", json={"state": "back"}, headers=token).status_code
        == 403
    )


@pytest.mark.parametrize("path", ["/play/abc", "/play/static/app.js"])
def test_browser_files_are_served(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200 and response.data


@pytest.mark.parametrize("name", ["kabale", "elgrande"])
def test_every_endpoint_serves_exactly_the_engine_redaction(client: FlaskClient, name: str) -> None:
    import engine
    from service.fold import fold

    game = create(client, game=name, seats=3)
    play_some(client, game, 25)
    svc, gid, rules = app_service(client), game["id"], engine.get_game(name)
    full = svc.store.read(gid)
    viewers = [
        (0, bearer(game["seats"][0]["token"])),
        (2, bearer(game["seats"][2]["token"])),
        (None, {}),
        (None, bearer(game["admin_token"])),
    ]
    for viewer, headers in viewers:
        entries = client.get(f"/games/{gid}/events?limit=500", headers=headers).get_json()["entries"]
        lines = [json.loads(x) for x in client.get(f"/games/{gid}/record", headers=headers).data.splitlines()]
        assert entries == lines and len(entries) == len(full)
        for served, env in zip(entries, full):
            assert "salt" not in served and "seed" not in json.dumps(served.get("event", {}))
            if env["kind"] == "engine":
                expected = rules.redact(env["event"], viewer)
                assert served.get("event") == expected or (
                    expected is None and served == {"v": env["v"], "hidden": True}
                )
        for n in (len(full) // 2, len(full)):
            state = client.get(f"/games/{gid}/state?at={n}", headers=headers).get_json()["view"]
            assert state == json.loads(json.dumps(rules.view(fold(rules, None, full[:n]).state, viewer)))


def play_some(client: FlaskClient, game: dict[str, Any], moves: int) -> None:
    """Plays `moves` first-legal moves of whoever is due."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(moves):
        summary = client.get(f"/games/{game['id']}").get_json()
        seat = summary["prompts"][0]["seat"]
        legal = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(tokens[seat])).get_json()
        answer = client.post(
            f"/games/{game['id']}/moves",
            json={"move": legal["moves"][-1]},
            headers={**bearer(tokens[seat]), **key()},
        )
        assert answer.status_code == 201, answer.get_json()


def test_paging_the_log_gives_the_same_entries_as_one_page(client: FlaskClient) -> None:
    game = create(client, seats=3)
    play_some(client, game, 12)
    headers = bearer(game["seats"][1]["token"])
    whole = client.get(f"/games/{game['id']}/events?limit=500", headers=headers).get_json()
    pages, after = [], 0
    while after is not None:
        page = client.get(f"/games/{game['id']}/events?after={after}&limit=4", headers=headers)
        assert page.headers["ETag"] == f'"{whole["version"]}"'
        body = page.get_json()
        pages += body["entries"]
        after = body["next"]
    assert pages == whole["entries"] and [e["v"] for e in pages] == list(range(1, whole["version"] + 1))


BAD_MOVE_BODIES = [
    {},
    {"move": 1},
    {"move": {}, "text": "x"},
    {"moves": []},
    {"moves": [1]},
    {"moves": [{}] * 201},
    {"text": ""},
    {"text": 5},
    {"move": {}, "expected_version": -1},
    {"move": {}, "expected_version": None},
    {"move": {}, "expected_version": True},
    {"move": {}, "extra": 1},
    [],
    "move",
]


def test_move_bodies_are_refused_exactly_as_the_schema_says(client: FlaskClient) -> None:
    game = create(client)
    gid, token = game["id"], game["seats"][0]["token"]
    for body in BAD_MOVE_BODIES:
        answer = client.post(f"/games/{gid}/moves", json=body, headers={**key(), **bearer(token)})
        expected = schemas.MovesIn().validate(body) if isinstance(body, dict) else None
        assert answer.status_code == 400, (body, answer.get_json())
        assert answer.content_type == "application/problem+json"
        assert answer.get_json()["code"] == "validation"
        if expected:
            assert answer.get_json()["errors"] == json.loads(json.dumps(expected)), body
    as_text = client.post(
        f"/games/{gid}/moves",
        data='{"move": {}}',
        content_type="text/plain",
        headers={**key(), **bearer(token)},
    )
    assert as_text.status_code == 400 and as_text.get_json()["code"] == "validation"


def test_the_plain_body_check_vouches_only_for_what_the_schema_loads_unchanged() -> None:
    good = [
        {"move": {"type": "x", "n": [1, 2]}},
        {"moves": [{"type": "x"}, {}], "expected_version": 0},
        {"text": "a" * 5000, "expected_version": 10**9},
    ]
    for body in good:
        assert plain_moves_body(body) and schemas.MovesIn().load(body) == body
    for body in [*BAD_MOVE_BODIES, {"move": {}, "expected_version": "5"}, {"text": "a" * 5001}, None]:
        assert not plain_moves_body(body), body


def test_views_keep_the_engines_key_order(client: FlaskClient) -> None:
    from flask import current_app

    game = create(client, game="elgrande", seats=4)
    view = client.get(f"/games/{game['id']}/view").get_json()
    with client.application.app_context():
        svc = current_app.extensions["castillo"]
        loaded = svc.load(game["id"])
        expected = loaded.game.view(loaded.folded.state, None)
    assert list(view["view"]) == list(expected)  # not sorted: the board's own order
    regions = next((k for k, v in expected.items() if isinstance(v, dict) and len(v) > 5), None)
    assert regions is not None and list(view["view"][regions]) == list(expected[regions])


def test_move_bodies_orjson_refuses_are_read_by_the_stdlib_parser(client: FlaskClient) -> None:
    # NaN and a 100-digit integer are valid to Python's json (orjson refuses them): each move
    # is decided and refused as malformed, never a 500; a BOM-prefixed body is a 400 problem.
    game = create(client)
    gid = game["id"]
    summary = client.get(f"/games/{gid}")
    seat = summary.get_json()["prompts"][0]["seat"]
    headers = {**bearer(game["seats"][seat]["token"]), "Content-Type": "application/json"}
    for text in (
        '{"move": {"type": "play", "card": NaN}}',
        '{"move": {"type": "play", "card": 1%s}}' % ("0" * 99),
    ):
        answer = client.post(f"/games/{gid}/moves", data=text, headers={**headers, **key()})
        assert answer.status_code == 400 and answer.get_json()["code"] == "malformed-move", answer.get_json()
    bom = client.post(f"/games/{gid}/moves", data='\ufeff{"move": {}}'.encode(), headers={**headers, **key()})
    assert bom.status_code == 400 and bom.content_type == "application/problem+json"
    assert client.get(f"/games/{gid}").headers["ETag"] == summary.headers["ETag"]  # nothing appended


def test_the_readable_record_says_what_others_may_see_of_a_hidden_move(client: FlaskClient) -> None:
    game = create(client)  # Kabale: a card goes into a column face down (K7), then its owner draws
    play_some(client, game, 8)  # at least two turns of each seat
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    own = client.get(f"/games/{gid}/record?format=text", headers=bearer(tokens[0])).data.decode()
    other = client.get(f"/games/{gid}/record?format=text", headers=bearer(tokens[1])).data.decode()
    mine = [line for line in own.splitlines() if "P0 (seat 0): " in line]
    seen = [line for line in other.splitlines() if "P0 (seat 0): " in line]
    assert len(mine) == len(seen) >= 2
    plays = 0
    for line, shown in zip(mine, seen, strict=True):
        own, other = line.split(": ", 1)[1], shown.split(": ", 1)[1]
        if own.startswith("play "):  # "play <card> <column>" in the seat's own record
            plays += 1
            assert other == f"(hidden move: card played, column {own.split()[-1]})"
        else:  # a public decision (e.g. declining the Traitor) reads the same for everyone
            assert other == own
    assert plays >= 2


def test_reads_answer_304_while_the_game_is_at_the_if_none_match_version(client: FlaskClient) -> None:
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    seat = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    for path in (f"/games/{gid}", f"/games/{gid}/view", f"/games/{gid}/legal-moves"):
        first = client.get(path, headers=bearer(tokens[seat]))
        tag = first.headers["ETag"]
        for held in (tag, f"W/{tag}", f'"0", {tag}', "*"):
            again = client.get(path, headers={**bearer(tokens[seat]), "If-None-Match": held})
            assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag, (
                path,
                held,
            )
            assert (
                again.headers["Vary"] == first.headers["Vary"] == "Authorization, Accept-Language"
            )  # per-caller, per-language copies
            assert "no-store" in first.headers["Cache-Control"]  # see tests/browser/test_http_cache.py
        other = client.get(path, headers={**bearer(tokens[seat]), "If-None-Match": '"999"'})
        assert other.status_code == 200 and other.get_json() == first.get_json()
        bad = client.get(path, headers={**bearer("nope"), "If-None-Match": tag})
        assert bad.status_code == 401  # the credential is checked first
    play_some(client, game, 1)
    moved = client.get(f"/games/{gid}", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag


def test_reissuing_a_token_while_a_move_lands_reads_the_game_again(
    client: FlaskClient, monkeypatch: Any
) -> None:
    game = create(client, emails=False)
    gid, svc = game["id"], app_service(client)
    real, raced = svc.append_service, []

    def racing(game_id: str, events: list[Any], **options: Any) -> int:
        if not raced:  # between the reissue's read and its write, the game moves on
            raced.append(real(game_id, [{"type": "bot_seated", "seat": 1, "bot": None}]))
        return int(real(game_id, events, **options))

    monkeypatch.setattr(svc, "append_service", racing)
    answer = client.post(f"/games/{gid}/seats/0/token", headers=bearer(game["admin_token"]))
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["version"] == raced[0] + 1
    assert (
        client.get(f"/games/{gid}/view", headers=bearer(answer.get_json()["token"])).get_json()["viewer"] == 0
    )
    old = client.get(f"/games/{gid}/view", headers=bearer(game["seats"][0]["token"]))
    assert old.status_code == 401


def test_a_vacation_racing_another_is_checked_against_both(client: FlaskClient, monkeypatch: Any) -> None:
    game = create(client, time_control={"vacation_days": 14})
    gid, svc = game["id"], app_service(client)
    real, raced = svc.append_service, []
    later = {"type": "seat_vacation", "seat": 0, "from": "2099-01-01", "until": "2099-01-10"}

    def racing(game_id: str, events: list[Any], **options: Any) -> int:
        if not raced:  # another request books 10 days between this one's read and its write
            raced.append(real(game_id, [later]))
        return int(real(game_id, events, **options))

    monkeypatch.setattr(svc, "append_service", racing)
    answer = client.post(
        f"/games/{gid}/seats/0/presence",
        json={"state": "vacation", "days": 10},
        headers=bearer(game["seats"][0]["token"]),
    )
    assert answer.status_code == 422 and answer.get_json()["left"] == 4, answer.get_json()
    assert client.get(f"/games/{gid}").get_json()["version"] == raced[0]  # nothing more appended


def test_an_abort_racing_the_end_of_the_game_leaves_the_end_alone(
    client: FlaskClient, monkeypatch: Any
) -> None:
    game = create(client)
    gid, svc = game["id"], app_service(client)
    real, raced = svc.append_service, []

    def racing(game_id: str, events: list[Any], **options: Any) -> int:
        if not raced:  # the game ends (here: another abort) between this abort's read and its write
            raced.append(real(game_id, [{"type": "game_aborted", "reason": "first"}]))
        return int(real(game_id, events, **options))

    monkeypatch.setattr(svc, "append_service", racing)
    second = client.post(
        f"/games/{gid}/abort", json={"reason": "second"}, headers=bearer(game["admin_token"])
    )
    assert second.status_code == 409 and second.get_json()["code"] == "game-over", second.get_json()
    assert client.get(f"/games/{gid}").get_json()["version"] == raced[0]


def test_a_token_handed_to_the_admin_is_a_public_entry_every_viewer_sees(client: FlaskClient) -> None:
    # Trust finding 5 / design.md decision 12: the admin can read a seat whose token it was handed
    plain = create(client, emails=False)
    gid = plain["id"]
    client.post(f"/games/{gid}/seats/1/token", headers=bearer(plain["admin_token"]))
    viewers = [bearer(plain["seats"][0]["token"]), {}]  # another seat, a spectator
    for headers in viewers:
        entries = client.get(f"/games/{gid}/events", headers=headers).get_json()["entries"]
        [entry] = [e for e in entries if e["event"]["type"] == "seat_token_reissued"]
        assert entry["event"] == {"type": "seat_token_reissued", "seat": 1, "to": "admin"}
        text = client.get(f"/games/{gid}/record?format=text", headers=headers).get_data(as_text=True)
        assert "handed to the admin" in text
    emailed = create(client)
    client.post(f"/games/{emailed['id']}/seats/1/token", headers=bearer(emailed["admin_token"]))
    entries = client.get(f"/games/{emailed['id']}/events").get_json()["entries"]
    assert entries[-1]["event"] == {"type": "seat_token_reissued", "seat": 1, "to": "email"}
