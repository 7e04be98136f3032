"""Concurrent retries with one Idempotency-Key: every one gets the first answer, one append happens.

Each thread posts through an app of its own or shares one (several API processes, each with
its own fold memo, and threads of one process), all released at once by a barrier. Before the
idempotency record was read after the log (service.core.Core.load), a retry that read
the log holding the first request's move but the record from before it decided the move again
and was answered `409 not-your-turn` (about a quarter of the answers here).
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from flask import Flask

from service.app import create_app
from service.config import Config
from tests.service.conftest import bearer, create

APPS = 4
THREADS = 8
ROUNDS = 12


@pytest.fixture(scope="module")
def apps(config: Config) -> list[Flask]:
    """Returns apps of their own, like separate API processes (no shared memo)."""
    return [create_app(config) for _ in range(APPS)]


def race(apps: list[Flask], path: str, bodies: list[Any], headers: dict[str, str]) -> list[tuple[int, Any]]:
    """POSTs `bodies[i]` to `path` from THREADS threads at once (clients of the apps in turn);
    returns (status, JSON body) of each answer."""
    barrier, answers = threading.Barrier(THREADS), [None] * THREADS

    def one(i: int) -> None:
        client = apps[i % len(apps)].test_client()
        barrier.wait()
        response = client.post(path, json=bodies[i % len(bodies)], headers=headers)
        answers[i] = (response.status_code, response.get_json())

    threads = [threading.Thread(target=one, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers  # type: ignore[return-value]


def opening(client: Any) -> tuple[str, dict[str, str], dict[str, Any], int]:
    """Creates a game; returns its id, the auth of the seat to move, a legal move and the version."""
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    summary = client.get(f"/games/{gid}").get_json()
    auth = bearer(tokens[summary["prompts"][0]["seat"]])
    move = client.get(f"/games/{gid}/legal-moves", headers=auth).get_json()["moves"][0]
    return gid, auth, move, summary["version"]


def test_concurrent_retries_of_a_move_all_get_the_first_answer(apps: list[Flask]) -> None:
    for _ in range(ROUNDS):
        gid, auth, move, version = opening(apps[0].test_client())
        headers = {**auth, "Idempotency-Key": uuid.uuid4().hex}
        answers = race(apps, f"/games/{gid}/moves", [{"move": move}], headers)
        assert all(a == answers[0] for a in answers), {a[0]: a[1] for a in answers}
        status, first = answers[0]
        assert status == 201 and first["entries"][0]["v"] == version + 1
        now = apps[0].test_client().get(f"/games/{gid}").get_json()["version"]
        assert now == first["version"]  # one append


def test_concurrent_moves_with_one_key_and_two_bodies_get_one_answer_or_a_mismatch(
    apps: list[Flask],
) -> None:
    for _ in range(ROUNDS // 2):
        gid, auth, move, version = opening(apps[0].test_client())
        headers = {**auth, "Idempotency-Key": uuid.uuid4().hex}
        bodies = [{"move": move}, {"move": move, "expected_version": version}]
        answers = race(apps, f"/games/{gid}/moves", bodies, headers)
        accepted = [a for a in answers if a[0] == 201]
        refused = [a for a in answers if a[0] != 201]
        assert accepted and all(a == accepted[0] for a in accepted)
        assert all(a[0] == 422 and a[1]["code"] == "idempotency-mismatch" for a in refused), refused
        assert apps[0].test_client().get(f"/games/{gid}").get_json()["version"] == accepted[0][1]["version"]


def test_concurrent_retries_of_a_creation_make_one_game(apps: list[Flask]) -> None:
    body = {"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]}
    for _ in range(ROUNDS // 2):
        headers = {"Idempotency-Key": uuid.uuid4().hex}
        answers = race(apps, "/games", [body], headers)
        assert {status for status, _ in answers} == {201}
        shown = [a for _, a in answers if a["secrets_shown"]]
        withheld = [a for _, a in answers if not a["secrets_shown"]]
        assert len(shown) == 1 and len(withheld) == THREADS - 1
        assert all(a == withheld[0] for a in withheld)
        assert withheld[0]["id"] == shown[0]["id"] and withheld[0]["version"] == shown[0]["version"]
