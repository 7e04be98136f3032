"""Fixtures of the leak suite: one World per module (app, stream server, SMTP server, mail runtime)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from service.app import create_app
from service.config import Config
from tests.conftest import GENEROUS
from tests.frontdoor import Front
from tests.leaks.world import Clock, Jobs, World
from tests.workers.smtp import SmtpServer
from workers import runtime as runtime_module
from workers.runtime import install

OPERATOR = "leak-suite-operator"


@pytest.fixture(scope="module")
def world(redis_url: str) -> Iterator[World]:
    config = Config(
        REDIS_URL=redis_url,
        SECRET_KEY="leak-suite-secret",
        ADMIN_TOKEN=OPERATOR,
        PUBLIC_URL="http://castillo.test",
        MAIL_DOMAIN="castillo.test",
        MAIL_FROM="Castillo <castillo@castillo.test>",
        SSE_KEEPALIVE_S=0.2,
        **GENEROUS,
    )
    smtp = SmtpServer()
    smtp.start()
    app = create_app(config)
    before = runtime_module._current
    runtime = install(replace(config, SMTP_URL=smtp.url))
    runtime.__dict__["queue"] = Jobs()
    clock = Clock()
    app.extensions["castillo"].clock = clock
    runtime.games.clock = clock
    front = Front(config, api=False)
    try:
        front.__enter__()
        yield World(app.test_client(), app.extensions["castillo"], front.url, runtime, smtp, clock, OPERATOR)
    finally:
        front.__exit__(None, None, None)
        smtp.stop()
        runtime_module._current = before  # later tests get the runtime they would have had
