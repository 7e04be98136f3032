"""Fixtures of the browser tests: a real server on a loopback port, headless Chromium, game helpers.

The server is the layout of `castillo serve` in the test process (tests.frontdoor): the stream
server as the front, serving the live updates and proxying every other request to the Flask
app from `service.create_app` on werkzeug's threaded server, on the run's Redis.
Chromium is Debian's /usr/bin/chromium driven by Playwright; `playwright install` cannot
download browsers here, so without that binary the browser tests are skipped.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def base_url(redis_url: str) -> Iterator[str]:
    """Yields the URL of a live Castillo server (the stream server in front of the app) on the run's Redis."""
    from service.config import Config
    from tests.conftest import GENEROUS
    from tests.frontdoor import Front

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    config = Config(
        REDIS_URL=redis_url,
        SECRET_KEY="browser-test-secret",
        ADMIN_TOKEN="browser-admin",
        PUBLIC_URL=url,
        SSE_KEEPALIVE_S=0.2,
        **GENEROUS,
    )
    with Front(config, port=port):
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Yields a headless Chromium (Debian's binary) driven by Playwright."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: the browser tests need Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page_factory(browser: Any) -> Iterator[Any]:
    """Yields `open(viewport)` -> a new page in its own context; collects page errors."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page(viewport: dict[str, int] = DESKTOP) -> Any:
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)  # generous: a loaded 2-core CI machine renders slowly
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    open_page.errors = errors  # type: ignore[attr-defined]
    yield open_page
    for context in contexts:
        context.close()
    assert not errors, errors


def shot(page: Any, name: str) -> Path:
    """Saves a full-page screenshot to artifacts/screenshots/<name>.png and returns its path."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


class Api:
    """Calls the public HTTP API the way a player's client does (requests, bearer tokens)."""

    def __init__(self, base_url: str) -> None:
        self.base = base_url
        self.http = requests.Session()

    def create(self, game: str, names: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Creates a game; returns the 201 answer with seat tokens and play links."""
        body = {"game": game, "options": options or {}, "seats": [{"name": n} for n in names]}
        answer = self.http.post(
            f"{self.base}/games", json=body, headers={"Idempotency-Key": uuid.uuid4().hex}
        )
        assert answer.status_code == 201, answer.text
        return dict(answer.json())

    def get(self, path: str, token: str | None = None, **params: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.http.get(f"{self.base}{path}", headers=headers, params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def post(self, path: str, body: Any, token: str) -> Any:
        headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex}
        answer = self.http.post(f"{self.base}{path}", json=body, headers=headers)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()


@pytest.fixture(scope="session")
def api(base_url: str) -> Api:
    return Api(base_url)
