"""Checks that problem+json answers become the typed exception of their code."""

from __future__ import annotations

import json

import pytest
import requests

from clients.python import errors


def _response(status: int, body: object, content_type: str = "application/problem+json") -> requests.Response:
    response = requests.Response()
    response.status_code = status
    response.reason = "Reason"
    response.headers["Content-Type"] = content_type
    response._content = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    return response


@pytest.mark.parametrize("cls", errors.PROBLEM_CLASSES)
def test_every_code_maps_to_its_class(cls: type[errors.ProblemError]) -> None:
    error = errors.ProblemError.from_response(_response(409, {"code": cls.code, "title": "T"}))
    assert type(error) is cls and error.status == 409 and error.title == "T"


def test_illegal_move_carries_rule_and_reason() -> None:
    problem = {
        "type": "https://castillo.example/problems/illegal-move",
        "title": "Illegal move",
        "detail": "the King stands in granada",
        "rule": "R14",
        "reason": "king-region",
        "status": 422,
    }
    error = errors.ProblemError.from_response(_response(422, problem))
    assert isinstance(error, errors.IllegalMove)
    assert (error.rule, error.reason) == ("R14", "king-region")
    assert str(error) == "Illegal move: the King stands in granada (R14)"


def test_code_is_read_from_type_uri_and_status_is_the_fallback() -> None:
    by_type = errors.ProblemError.from_response(
        _response(404, {"type": "/problems/unknown-game", "title": "x"})
    )
    assert isinstance(by_type, errors.UnknownGame)
    by_status = errors.ProblemError.from_response(_response(412, {"title": "Precondition Failed"}))
    assert isinstance(by_status, errors.PreconditionFailed) and isinstance(by_status, errors.VersionConflict)


def test_non_json_body_still_gives_a_readable_error() -> None:
    error = errors.ProblemError.from_response(_response(502, "<html>Bad gateway</html>", "text/html"))
    assert isinstance(error, errors.ServerError) and str(error) == "Reason"
    error = errors.ProblemError.from_response(_response(503, "try later", "text/plain"))
    assert isinstance(error, errors.Unavailable) and str(error) == "Reason: try later"
