"""Checks the client against the API contract: every operation of the spec has a client method."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path
from typing import Any

import pytest
import yaml

from clients.python import Client
from clients.python.client import BROWSER_ONLY, OPERATIONS

METHODS = ("get", "post", "put", "patch", "delete")
SPEC_FILE = Path(__file__).resolve().parents[2] / "openapi.yaml"


def _operations(spec: dict[str, Any]) -> set[tuple[str, str]]:
    return {(m.upper(), path) for path, ops in spec["paths"].items() for m in ops if m in METHODS}


def _live_spec() -> dict[str, Any]:
    from service.app import create_app
    from service.config import Config

    app = create_app(Config(REDIS_URL="redis://127.0.0.1:6379/0", SECRET_KEY="spec"))
    return app.extensions["castillo_api"].spec.to_dict()


def _specs() -> list[Any]:
    specs = [pytest.param(_live_spec, id="app-spec")]
    if SPEC_FILE.exists():
        specs.append(pytest.param(lambda: yaml.safe_load(SPEC_FILE.read_text()), id="openapi.yaml"))
    return specs


@pytest.mark.parametrize("load", _specs())
def test_every_operation_has_a_client_method(load: Any) -> None:
    operations = _operations(load()) - BROWSER_ONLY
    missing = sorted(op for op in operations if op not in OPERATIONS)
    assert not missing, f"operations without a client method: {missing}"
    stale = sorted(op for op in OPERATIONS if op not in operations)
    assert not stale, f"client methods for operations the spec lacks: {stale}"


def test_every_mapped_method_exists_and_is_documented() -> None:
    for name in set(OPERATIONS.values()):
        method = getattr(Client, name)
        assert inspect.isfunction(method) and method.__doc__, name


# Each typed result and the component schema of openapi.yaml it reads; RENAMED maps a
# field to the member it is read from where the two names differ.
RESULTS = {
    "Health": "Health", "GameInfo": "CatalogGame", "OptionInfo": "CatalogOption", "SeatCredentials": "SeatCreated", "CreatedGame": "Created",
    "Seat": "SeatOut", "Prompt": "Due", "GameSummary": "Summary", "SessionToken": "Session",
    "GameView": "ViewOut", "LegalMoves": "Legal", "MoveResult": "MoveOut", "EventPage": "Page",
    "Validated": "Validated", "Check": "Checked", "VerifyReport": "Verified", "PresenceResult": "PresenceOut",
    "ReissuedToken": "Reissued", "BotSeated": "BotOut", "TimeControlChanged": "TimeControlChanged",
    "Aborted": "Aborted", "Unsubscribed": "Unsubscribed", "Queued": "Queued", "SeatLanguage": "LanguageOut",
}  # fmt: skip
RENAMED = {("Prompt", "id"): "prompt", ("Health", "ok"): "status"}


@pytest.mark.parametrize("load", _specs())
@pytest.mark.parametrize(("name", "schema"), sorted(RESULTS.items()))
def test_typed_results_read_only_documented_members(load: Any, name: str, schema: str) -> None:
    from clients.python import types

    properties = set(load()["components"]["schemas"][schema]["properties"])
    cls = getattr(types, name)
    names = (
        [f.name for f in dataclasses.fields(cls)]
        if dataclasses.is_dataclass(cls)
        else list(cls.__annotations__)
    )
    members = {RENAMED.get((name, n), n) for n in names if n != "raw"}
    assert members <= properties, f"{name} reads {sorted(members - properties)}, not in {schema}"
