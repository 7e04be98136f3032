"""Fixtures of the service tests: the app on the run's Redis, a client, and game helpers."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from service.app import create_app
from service.config import Config
from tests.conftest import GENEROUS, connect, store_urls

ADMIN = "operator-secret-token"


@pytest.fixture(scope="session")
def config(redis_url: str) -> Config:
    return Config(
        **store_urls(redis_url),
        SECRET_KEY="test-secret",
        ADMIN_TOKEN=ADMIN,
        PUBLIC_URL="http://castillo.test",
        SSE_KEEPALIVE_S=0.2,
        **GENEROUS,
    )


@pytest.fixture(scope="session")
def app(config: Config) -> Flask:
    return create_app(config)


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def rds(redis_url: str) -> Iterator[redis.Redis]:
    client = connect(redis_url)
    yield client
    client.close()


def key() -> dict[str, str]:
    """Returns a fresh Idempotency-Key header."""
    return {"Idempotency-Key": uuid.uuid4().hex}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(
    client: FlaskClient, game: str = "kabale", seats: int = 2, emails: bool = True, **extra: Any
) -> dict[str, Any]:
    """Creates a game over HTTP; returns the 201 answer (tokens included)."""
    people = [{"name": f"P{i}", **({"email": f"p{i}@example.org"} if emails else {})} for i in range(seats)]
    body = {"game": game, "seats": people, **extra}
    response = client.post("/games", json=body, headers=key())
    assert response.status_code == 201, response.get_json()
    return response.get_json()
