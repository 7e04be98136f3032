"""Encodes answers once as JSON text, and keeps them as idempotency records (design.md decision 1).

A first answer is recorded as `{"body": <hash of the request body>, "status", "answer"}`; a
retry with the same key and body gets `answer` back, one with another body is refused.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from engine.contract import Json
from service import idem


def compact(value: Any) -> str:
    """Returns compact JSON text of a JSON value (orjson; integer keys become strings, as in json)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def with_text(answer: Json) -> tuple[Json, str]:
    """Returns an answer with its compact JSON text (what the HTTP view sends)."""
    return answer, compact(answer)


def record(body_hash: str, status: int, answer: Json) -> str:
    """Returns the idempotency record of a first answer (with the hash of the body it answered)."""
    return record_text(body_hash, status, compact(answer))


def record_text(body_hash: str, status: int, answer_text: str) -> str:
    """Returns the idempotency record of a first answer given as JSON text (not re-encoded)."""
    return f'{{"body":{json.dumps(body_hash)},"status":{int(status)},"answer":{answer_text}}}'


def replayed(raw: str | bytes, body_hash: str) -> Json:
    """Returns the first answer of an idempotency record that keeps it (a creation's, or one
    written before records pointed into the log: service.idem); refuses a different body."""
    stored = idem.read(raw)
    stored.check(body_hash)
    if stored.answer is None:
        raise ValueError("a move's idempotency record is answered from its game's log (moving.replayed)")
    return stored.answer
