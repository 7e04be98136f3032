"""Packs format-2 log entries into compact stream bytes and unpacks them into the same envelope.

The log's contract is the envelope (design.md, "The log"; engine.audit): what is hashed,
exported and verified. How an entry's bytes sit in Redis is this module's business alone. An
entry used to be stored as the canonical JSON of its envelope (and any entry may still be: the
first byte `{` says so). A packed entry (first byte PACKED) holds the same envelope in fewer
bytes:

    PACKED, flags, dictionary id, varint v,
    [t: 6 bytes] [seat: 1 byte] [varint v - group] [hash: 32 bytes],
    rest: the canonical JSON of the other fields, raw-deflated with the dictionary (or raw)

`game` is the key's game id and never stored; `kind`, `actor`, `t`, `group` and `hash` are
taken out of the JSON when they have their usual form (FLAGS), else left in `rest`. Only the
last entry of each `group` stores its hash: the others leave it out (no HASH flag, no `hash`
in `rest`) and readers derive it (`complete`), as every verifier does anyway: a format-2 hash
is the SHA-256 of the entry, the hash before it and its salt, and the service holds the seed.
A stored hash that could be derived adds no integrity (whoever writes Redis reads the seed
too: receipts are what catch a rewrite), but the last one of each group keeps every read
short: the entry before any group's first carries its hash. The
dictionaries (service/logdict/, DICTIONARIES) hold the JSON each game's events and moves are
made of, so a typical event and its move deflate to a quarter of their text. A dictionary file
never changes once an entry names it (tests/service/test_packing.py pins each one); better
ones get new ids.
"""

from __future__ import annotations

import json
import re
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from engine import rng
from engine.audit import ZERO_HASH, canonical, sealed_hash

PACKED = 1  # the first byte of a packed entry (a JSON entry's is `{`)
MARK = bytes((PACKED,))
DICTIONARIES = ("", "elgrande.1", "kabale.1")  # id -> file in service/logdict/ ("" = none)
LATEST = {"elgrande": 1, "kabale": 2}  # the engine name's dictionary for new entries
KIND = {"engine": 1, "service": 2}
ACTOR = {"system": 2, "deadline": 3}  # 1: {"seat": n}
GROUP, TIME, HASH, DEFLATED = 0x10, 0x20, 0x40, 0x80
_HEX64 = re.compile(r"[0-9a-f]{64}")
_WINDOW = -14  # raw deflate, 16 KB window: room for a dictionary of up to 8 KB and the entry


def pack(envelope: dict[str, Any], words: str = "", *, derived: bool = False) -> bytes:
    """Returns the stored bytes of a sealed format-2 envelope of game `envelope["game"]`, deflated
    with the dictionary of engine `words` (if it has one); its canonical JSON when it has no
    string `game` or no positive int `v` (such an entry is stored as before). With `derived`
    its `hash` is left out, for readers to derive (`complete`): not for a group's last entry."""
    e = dict(envelope)
    if derived and type(e.get("group")) is int and type(e.get("hash")) is str:
        del e["hash"]
    v = e.pop("v", None)
    if type(e.pop("game", None)) is not str or type(v) is not int or v < 1:
        return canonical(envelope)
    flags, head = KIND.get(e.get("kind"), 0), bytearray()  # type: ignore[arg-type]
    if flags:
        del e["kind"]
    if type(e.get("t")) is int and 0 <= e["t"] < 1 << 48:
        flags |= TIME
        head += e.pop("t").to_bytes(6, "big")
    flags |= _take_actor(e, head) << 2
    if type(e.get("group")) is int and 1 <= e["group"] <= v:
        flags |= GROUP
        head += varint(v - e.pop("group"))
    if type(e.get("hash")) is str and _HEX64.fullmatch(e["hash"]):
        flags |= HASH
        head += bytes.fromhex(e.pop("hash"))
    rest, dictionary = canonical(e), LATEST.get(words, 0)
    if dictionary:
        squeezed = _deflate(rest, dictionary)
        if len(squeezed) < len(rest):
            flags, rest = flags | DEFLATED, squeezed
    return bytes((PACKED, flags, dictionary if flags & DEFLATED else 0)) + varint(v) + head + rest


def _take_actor(e: dict[str, Any], head: bytearray) -> int:
    """Moves a usual actor out of `e` (a seat into `head`); returns its ACTOR code (0: kept in `e`)."""
    actor = e.get("actor")
    seat = actor.get("seat") if type(actor) is dict and len(actor) == 1 else None
    if type(seat) is int and 0 <= seat < 256:
        head.append(seat)
        del e["actor"]
        return 1
    code = ACTOR.get(actor) if type(actor) is str else None
    if code is None:
        return 0
    del e["actor"]
    return code


def unpack(blob: bytes, game_id: str) -> dict[str, Any]:
    """Returns the envelope stored in `blob` (canonical JSON or packed) in the log of `game_id`,
    with its keys in sorted order, as `json.loads` of its canonical JSON gives them."""
    if blob[:1] != MARK:
        return dict(json.loads(blob))
    env, rest = _unpacked(blob, game_id)
    env.update(json.loads(rest))
    return dict(sorted(env.items()))


def _unpacked(blob: bytes, game_id: str) -> tuple[dict[str, Any], bytes]:
    """Returns the fields a packed entry took out of its JSON, and the JSON text of its rest."""
    flags, dictionary = blob[1], blob[2]
    v, at = read_varint(blob, 3)
    out: dict[str, Any] = {"game": game_id, "v": v}
    if flags & 3:
        out["kind"] = ("", "engine", "service")[flags & 3]
    if flags & TIME:
        out["t"], at = int.from_bytes(blob[at : at + 6], "big"), at + 6
    match (flags >> 2) & 3:
        case 1:
            out["actor"], at = {"seat": blob[at]}, at + 1
        case 2:
            out["actor"] = "system"
        case 3:
            out["actor"] = "deadline"
    if flags & GROUP:
        back, at = read_varint(blob, at)
        out["group"] = v - back
    if flags & HASH:
        out["hash"], at = blob[at : at + 32].hex(), at + 32
    rest = blob[at:]
    if flags & DEFLATED:
        inflater = zlib.decompressobj(_WINDOW, zdict=dictionary_bytes(dictionary))
        rest = inflater.decompress(rest)
        if not inflater.eof or inflater.unused_data:
            raise ValueError("the deflated rest does not end where the entry ends")
    return out, rest


class NoContext(ValueError):
    """Raised when an entry's hash is to be derived but the hash before it or the seed is unknown."""


def complete(envs: list[dict[str, Any]], prev: str | None, seed: str | None = None) -> list[dict[str, Any]]:
    """Returns consecutive entries of one log with the hashes `pack` left out derived, in order:
    `prev` is the hash of the entry before the first (None: unknown, ZERO_HASH before v1),
    `seed` the log's seed (else the first engine event among `envs` that reveals it). Raises
    NoContext when an entry to derive lacks either."""
    out = []
    for env in envs:
        if seed is None and env.get("kind") == "engine" and isinstance(env.get("event"), dict):
            found = env["event"].get("seed")
            seed = found if isinstance(found, str) else None
        if "hash" not in env:
            if prev is None or seed is None or type(env.get("v")) is not int:
                raise NoContext(f"v{env.get('v')}: its hash is derived from the hash before it and the seed")
            env = dict(sorted({**env, "hash": sealed_hash(env, prev, rng.salt(seed, env["v"]))}.items()))
        prev = env["hash"] if isinstance(env["hash"], str) else None
        out.append(env)
    return out


def reach(first: dict[str, Any]) -> tuple[int, str | None]:
    """Returns where a reader of entries from `first` on (which left its hash out) reads back
    from so `complete` can derive them, and the `prev` to pass: the end of the group before
    `first`'s own, whose hash is stored, or v1 after ZERO_HASH."""
    group, v = first.get("group"), first.get("v")
    base = group - 1 if type(group) is int and type(v) is int and 1 <= group <= v else 0
    return (base, None) if base else (1, ZERO_HASH)


def problem(blob: bytes, game_id: str) -> str | None:
    """Returns why `blob` is no faithful stored entry (None when it is): canonical JSON, or a
    packed entry that unpacks completely and whose rest is the canonical JSON of an object with
    none of the fields taken out of it (so no two readers can see two entries in the same bytes)."""
    if blob[:1] != MARK:
        try:
            value = json.loads(blob)
        except ValueError:
            return "not JSON"
        return None if canonical(value) == blob else "stored bytes are not canonical JSON"
    try:
        taken, rest = _unpacked(blob, game_id)
        value = json.loads(rest)
    except (ValueError, IndexError, zlib.error):
        return "a packed entry that does not unpack"
    if not isinstance(value, dict) or canonical(value) != rest or value.keys() & taken.keys():
        return "a packed entry whose rest is not canonical JSON of its other fields"
    return None


@cache
def dictionary_bytes(dictionary: int) -> bytes:
    """Returns the preset dictionary `dictionary` (DICTIONARIES; raises on an unknown id)."""
    if not 0 < dictionary < len(DICTIONARIES):
        raise ValueError(f"unknown log dictionary {dictionary}")
    return (Path(__file__).parent / "logdict" / f"{DICTIONARIES[dictionary]}.txt").read_bytes()


@cache
def _deflater(dictionary: int) -> Any:
    """Returns a deflater primed with `dictionary`, to be copied for each entry (cheaper than
    priming a new one)."""
    return zlib.compressobj(
        9, zlib.DEFLATED, _WINDOW, 8, zlib.Z_DEFAULT_STRATEGY, dictionary_bytes(dictionary)
    )


def _deflate(text: bytes, dictionary: int) -> bytes:
    deflater = _deflater(dictionary).copy()
    return bytes(deflater.compress(text) + deflater.flush())


def varint(n: int) -> bytes:
    """Returns `n` >= 0 in 7-bit groups, low first (the high bit says another group follows)."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def read_varint(blob: bytes, at: int) -> tuple[int, int]:
    """Returns the varint at `at` and the offset after it."""
    n = shift = 0
    while True:
        byte = blob[at]
        n |= (byte & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if not byte & 0x80:
            return n, at
