"""Seals the next entries of a game's log: envelopes, hash chain and salts (design.md, "The log").

Pure: given the game as loaded and the items to append (engine events with their move, or
service events), it returns the sealed envelopes, their stored bytes and the fold after them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import rng
from engine.audit import canonical, sealed_hash
from engine.contract import Json
from service.fold import Folded, fold
from service.loaded import Loaded
from service.packing import pack
from service.store import seal_entry


@dataclass(frozen=True)
class Item:
    """One log entry to append: an engine event (with its move) or a service event."""

    kind: str
    event: Json
    move: Json | None = None


@dataclass(frozen=True)
class Prepared:
    """The sealed envelopes of the next entries, their stored bytes, and the fold after them."""

    envs: list[Json]
    encoded: list[bytes]
    after: Folded


def prepare(
    loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, t: int, decided: Any = None
) -> Prepared:
    """Returns the sealed envelopes of `items` (appended at time `t`, ms), their stored bytes and
    the fold after them. `decided` is the engine state after the engine items, when
    `decide_state` gave it."""
    envs, encoded = envelopes(loaded, items, actor, key, t)
    return Prepared(envs, encoded, fold(loaded.game, loaded.folded, envs, decided=decided))


def envelopes(
    loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, t: int
) -> tuple[list[Json], list[bytes]]:
    """Returns the sealed envelopes of `items` chained after the loaded version, and their bytes."""
    if log_format(loaded, items) == 2:
        return _envelopes_v2(loaded, items, actor, key, t)
    prev, seed, out, encoded = loaded.folded.last_hash, loaded.folded.seed, [], []
    causes: dict[int, bytes] = {}  # the events of one move share its cause (by identity)
    for offset, item in enumerate(items, start=1):
        v = loaded.version + offset
        seed = seed or (item.event.get("seed") if item.kind == "engine" else None)
        env: Json = {
            "game": loaded.game_id,
            "v": v,
            "t": t,
            "kind": item.kind,
            "actor": actor if item.kind == "engine" else "system",
            "cause": {"move": item.move, "idempotency_key": key},
            "event": item.event,
            "prev": prev,
        }
        if item.kind == "engine" and seed and loaded.game.redact(item.event, None) != item.event:
            env["salt"] = rng.salt(seed, v)
        if id(item.move) not in causes:
            causes[id(item.move)] = canonical(env["cause"])
        sealed, raw = seal_entry(env, causes[id(item.move)])
        out.append(sealed)
        encoded.append(raw)
        prev = sealed["hash"]
    return out, encoded


def _envelopes_v2(
    loaded: Loaded, items: list[Item], actor: Json | str, key: str | None, t: int
) -> tuple[list[Json], list[bytes]]:
    """Returns format-2 entries (engine.audit): every hash covers the derived `prev` and the
    secret `salt` of its version; a move's entries share `group` (the version of the first)
    and only the first carries the move's `cause`; the first engine entry names its `rules`."""
    seed = loaded.folded.seed or _seed_of(items)
    if seed is None:
        raise RuntimeError("a format-2 entry needs the game's seed for its salt")
    prev, out, encoded = loaded.folded.last_hash, [], []
    groups, first_engine = _groups(loaded.version, items), loaded.folded.engine_n == 0
    for offset, (item, group) in enumerate(zip(items, groups, strict=True), start=1):
        v = loaded.version + offset
        env: Json = {"game": loaded.game_id, "v": v, "t": t, "kind": item.kind, "group": group}
        env["actor"] = actor if item.kind == "engine" else "system"
        if group == v:
            env["cause"] = {"move": item.move, "idempotency_key": key}
        if item.kind == "engine" and first_engine:
            env["rules"], first_engine = {"engine": loaded.game.ENGINE_VERSION}, False
        env["event"] = item.event
        last_of_group = offset == len(items) or groups[offset] != group
        sealed, raw = seal_v2(env, prev, rng.salt(seed, v), loaded.meta["game"], derived=not last_of_group)
        out.append(sealed)
        encoded.append(raw)
        prev = sealed["hash"]
    return out, encoded


def _groups(version: int, items: list[Item]) -> list[int]:
    """Returns the `group` of each item appended after `version`: the version of its move's first
    entry (the engine events of one move share it; a service entry is a group of its own)."""
    out: list[int] = []
    for offset, item in enumerate(items, start=1):
        before = items[offset - 2] if offset > 1 else None
        same = before is not None and item.kind == before.kind == "engine" and item.move is before.move
        out.append(out[-1] if same else version + offset)
    return out


def seal_v2(
    envelope: Json, prev: str, salt: str, words: str = "", *, derived: bool = False
) -> tuple[Json, bytes]:
    """Returns a format-2 entry as sealed (with its `hash`) and its stored bytes, packed with the
    dictionary of engine `words` (service.packing): the hash covers `prev` and the secret `salt`,
    which are not stored (engine.audit.sealed_hash); with `derived` (an entry that is not its
    group's last) neither is the hash: readers derive it (service.packing.complete)."""
    stored = {**envelope, "hash": sealed_hash(envelope, prev, salt)}
    return stored, pack(stored, words, derived=derived)


def log_format(loaded: Loaded, items: list[Item]) -> int:
    """Returns the log format of the game being appended to (its game_created, maybe in `items`)."""
    if loaded.version:
        return loaded.folded.table.log_format
    created = items[0].event if items and items[0].event.get("type") == "game_created" else {}
    return int(created.get("format", 1))


def _seed_of(items: list[Item]) -> str | None:
    """Returns the seed an engine event among `items` carries (the opening of a new game)."""
    return next((i.event["seed"] for i in items if i.kind == "engine" and "seed" in i.event), None)
