"""Draws all chance of every game from one secret seed with HMAC-SHA256 only.

An outside auditor can re-implement it in a few lines:

* key = the seed string, UTF-8 encoded.
* block k of a label = HMAC-SHA256(key, f"{label}|{k}".encode()), k = 0, 1, 2, ...
* an integer below n: take the next block, x = first 8 bytes big-endian; accept x if
  x < 2**64 - (2**64 % n) and return x % n, else take the next block (rejection sampling).
* a shuffle is Fisher–Yates from the top: for i = len-1 down to 1, swap item i with
  item `below(i + 1)`, all draws from the same label in sequence.
* the seed's public commitment is SHA-256(seed UTF-8) in hex.
* the salt of the log entry at version v is HMAC-SHA256(key, f"salt:{v}") in hex.

Labels keep draws independent: `setup:<step>` during setup, `chance:<n>:<k>` for the k-th
draw of the decision that produces engine event n. Every outcome is written into an event.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_SPAN = 2**64


class Draws:
    """Yields the integers of one label in order; create one per label."""

    __slots__ = ("_block", "_key", "_label")

    def __init__(self, seed: str, label: str) -> None:
        self._key = seed.encode()
        self._label = label
        self._block = 0

    def _next(self) -> int:
        msg = f"{self._label}|{self._block}".encode()
        self._block += 1
        return int.from_bytes(hmac.new(self._key, msg, hashlib.sha256).digest()[:8], "big")

    def below(self, n: int) -> int:
        """Returns a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = _SPAN - (_SPAN % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """Returns one item, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Returns a new list with the items in Fisher–Yates order."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def commitment(seed: str) -> str:
    """Returns the public SHA-256 commitment (hex) of a seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def salt(seed: str, version: int) -> str:
    """Returns the secret salt (hex) of the log entry at `version`."""
    return hmac.new(seed.encode(), f"salt:{version}".encode(), hashlib.sha256).hexdigest()
