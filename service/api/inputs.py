"""Reads what a request brings, at the edge: its size limits and its JSON body, for every route.

One JSON parser serves Flask's `request.get_json`, webargs (every `blp.arguments` body) and the
hot move route. orjson reads the common body; what it refuses (NaN, integers beyond 64 bits,
lone surrogates, a BOM, bad syntax) goes to Python's json, which reads NaN and big integers as
before. Refused with a 400 `validation` problem naming what is wrong: text that is not UTF-8
JSON, nesting deeper than `MAX_DEPTH`, and a string holding a lone surrogate (not Unicode: it
cannot be encoded, so it could never be hashed, stored or mailed).

Size limits (README, "Limits"): the URL (path and query) at most `MAX_URL` bytes (414), at
most `MAX_HEADER_FIELDS` header fields of at most `MAX_HEADER_FIELD` bytes each (431), the
body at most `MAX_BODY` bytes (413, Flask's MAX_CONTENT_LENGTH). gunicorn runs with larger
limits (service.cli.gunicorn_command), so these problems come from the app, as problem+json.
"""

from __future__ import annotations

import json
from typing import Any

import flask_smorest
import orjson
from flask import Request, request
from flask.json.provider import DefaultJSONProvider
from marshmallow import missing
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.routing import IntegerConverter

from engine.errors import Text
from engine.i18n import N_
from service.errors import ServiceError, validation

MAX_DEPTH = 64
MAX_URL = 4096
MAX_HEADER_FIELDS = 100
MAX_HEADER_FIELD = 8190
MAX_BODY = 256 * 1024
HEADER_KEYS = ("HTTP_", "CONTENT_TYPE", "CONTENT_LENGTH")  # the WSGI keys of header fields


def read_json(data: bytes | str) -> Any:
    """Returns the JSON value of a request body; refuses (400) a body no route could use."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        value = _read_leniently(data)
    else:
        if _openings(data) <= MAX_DEPTH:
            return value  # it cannot nest deeper, and orjson refuses lone surrogates
    _refuse_unusable(value)
    return value


def _openings(data: bytes | str) -> int:
    """Returns how many `[` and `{` the text holds (an upper bound of its nesting depth)."""
    if isinstance(data, str):
        return data.count("[") + data.count("{")
    return data.count(b"[") + data.count(b"{")


def _read_leniently(data: bytes | str) -> Any:
    """Returns what Python's json reads of `data` (NaN, integers beyond 64 bits, surrogates)."""
    try:
        text = data if isinstance(data, str) else bytes(data).decode()
        return json.loads(text)
    except UnicodeDecodeError as exc:
        raise validation(Text(N_("the body is not UTF-8 text (byte {start})"), start=exc.start)) from None
    except RecursionError:
        raise _too_deep() from None
    except json.JSONDecodeError as exc:
        raise validation(Text(N_("the body is not valid JSON: {exc}"), exc=exc)) from None
    except ValueError:  # int() refuses more than 4,300 digits
        raise validation(N_("the body holds a number with too many digits")) from None


def _refuse_unusable(value: Any) -> None:
    """Refuses a value nested deeper than MAX_DEPTH or holding a string that is not Unicode."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, str):
            _refuse_surrogates(item)
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise _too_deep()
            children = [*item, *item.values()] if isinstance(item, dict) else item
            todo.extend((child, depth + 1) for child in children)


def _refuse_surrogates(text: str) -> None:
    """Refuses a string holding a lone surrogate (e.g. from the escape "\\ud800")."""
    if text.isascii():
        return
    try:
        text.encode()
    except UnicodeEncodeError as exc:
        snippet, lone = text[max(0, exc.start - 20) : exc.end + 20], text[exc.start]
        raise validation(
            Text(
                N_(
                    "a string of the body, {snippet}, holds a lone surrogate {lone}: that is not Unicode text (a character beyond U+FFFF is written as a pair of escapes)"
                ),
                snippet=ascii(snippet),
                lone=ascii(lone),
            )
        ) from None


def _too_deep() -> ServiceError:
    return validation(Text(N_("the body nests deeper than {depth} levels"), depth=MAX_DEPTH))


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON provider reading with `read_json`, so `request.get_json` has its limits."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Returns the JSON value of `s`; refuses it as `read_json` does."""
        return read_json(s)


class BodyParser(FlaskParser):
    """webargs' Flask parser reading JSON bodies with `read_json` (an empty body is missing)."""

    def _raw_load_json(self, req: Request) -> Any:
        """Returns the request's JSON body, or `missing` when it has none or is not JSON."""
        data = req.get_data(cache=True)
        if not is_json_request(req) or not data:
            return missing
        return read_json(data)


PARSER = BodyParser()


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint whose `arguments` are read by `PARSER` (every API blueprint)."""

    ARGUMENTS_PARSER = PARSER


class AsciiIntConverter(IntegerConverter):
    """Werkzeug's `<int:...>` converter reading ASCII digits only (`\\d` also matches '٣')."""

    regex = r"[0-9]+"


def check_limits() -> None:
    """Refuses a request whose URL (414) or header fields (431) exceed the documented limits."""
    environ = request.environ
    url = len(environ.get("RAW_URI") or request.full_path)  # RAW_URI: as sent (gunicorn, werkzeug)
    fields = [(k.removeprefix("HTTP_"), v) for k, v in environ.items() if k.startswith(HEADER_KEYS)]
    refusal = limit_problem(url, fields)
    if refusal is not None:
        raise refusal


def limit_problem(url: int, fields: list[tuple[str, str]]) -> ServiceError | None:
    """Returns the refusal of a request with a URL of `url` bytes and these header fields (name,
    value), or None within the limits; the stream server's front checks the same (service.streams)."""
    if url > MAX_URL:
        return ServiceError(
            "uri-too-long",
            Text(N_("the URL has {url} bytes; at most {most} are served"), url=url, most=MAX_URL),
        )
    if len(fields) > MAX_HEADER_FIELDS:
        return ServiceError(
            "headers-too-large",
            Text(
                N_("{count} header fields; at most {most} are served"),
                count=len(fields),
                most=MAX_HEADER_FIELDS,
            ),
        )
    for name, value in fields:
        if len(name) + len(value) > MAX_HEADER_FIELD:
            header = name.replace("_", "-").title()
            return ServiceError(
                "headers-too-large",
                Text(
                    N_("the {header} header is longer than {most} bytes"),
                    header=header,
                    most=MAX_HEADER_FIELD,
                ),
            )
    return None
