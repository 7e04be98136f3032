"""Writes and reads idempotency records, kept small: a move's record points into the log.

design.md decision 1: a record holds the hash of the body it answered, its status and the
versions its request appended; the answer is rebuilt from the log (GameService.replayed),
so a record of a move weighs a few dozen bytes, not its whole answer. A record of a creation
keeps its answer as JSON (secrets withheld; one per game), the form every record had before
(those are read until they expire).

A move's record: MOVE, 16 bytes of the SHA-256 of the body hash, then varints of the status
and of the first and last version appended.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from engine.i18n import N_
from service.errors import ServiceError
from service.packing import read_varint, varint

MOVE = b"\x02"  # the first byte of a move's record (a JSON record's is `{`)
BODY = 16  # bytes of a move record's body digest: another body is refused but for a 2^-128 chance


@dataclass(frozen=True)
class Record:
    """One idempotency record: the body it answered (its hash, or a move's digest of that hash),
    the status, and either the versions appended (a move's) or the answer itself (a creation's,
    or any record written before)."""

    body: bytes | str
    status: int
    first: int = 0
    last: int = 0
    answer: dict[str, Any] | None = None

    def check(self, body_hash: str) -> None:
        """Refuses a request whose body differs from the one recorded (`idempotency-mismatch`)."""
        given = body_hash if isinstance(self.body, str) else _digest(body_hash)
        if given != self.body:
            raise ServiceError("idempotency-mismatch", N_("this Idempotency-Key was used with another body"))


def of_move(body_hash: str, status: int, first: int, last: int) -> bytes:
    """Returns the record of a move's first answer: the request appended versions first..last."""
    return MOVE + _digest(body_hash) + varint(status) + varint(first) + varint(last)


def _digest(body_hash: str) -> bytes:
    return hashlib.sha256(body_hash.encode()).digest()[:BODY]


def read(raw: bytes | str) -> Record:
    """Returns the record stored as `raw` (a move's, or JSON)."""
    data = raw.encode() if isinstance(raw, str) else raw
    if data[:1] != MOVE:
        record = json.loads(data)
        return Record(record["body"], int(record["status"]), answer=dict(record["answer"]))
    at = 1 + BODY
    status, at = read_varint(data, at)
    first, at = read_varint(data, at)
    last, _ = read_varint(data, at)
    return Record(data[1 : 1 + BODY], status, first, last)
