"""Re-runs a finished game's log through its engine: the part of an audit every verifier shares.

A log entry (design.md, "The log") is an envelope. Format 1: `{game, v, t, actor, kind, cause,
event, prev, hash}` (+ `salt` when the event has a hidden field); its `hash` is the SHA-256 of
the canonical JSON of the envelope without `hash`. Format 2 (`game_created` says `format: 2`):
`{game, v, t, actor, kind, group, event, hash}` with `cause` on the first entry of each move's
`group` and `rules` on the first engine entry (the engine version it was played under, which
must be one of the engine's `ENGINE_VERSIONS`); `prev` and `salt = HMAC(seed, "salt:" + v)` are
derived, not stored, and inside every hash, so no hash can be brute-forced before the seed is
public (the end of the game). Once the game is over the seed is public, so
`check_replay` checks it against the commitment, re-runs `setup` and every recorded move
(`cause.move`, by the actor's seat, or by the timed-out seat for deadline moves) through
`decide`, and demands byte-identical events and the right salts: it proves legality, not only
integrity. The service's `verify` and the clients' offline `verify` both call it.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine import rng
from engine.contract import Game, Json, engine_versions
from engine.errors import RuleViolation

ZERO_HASH = "0" * 64
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(value: Any) -> bytes:
    """Returns the canonical JSON (sorted keys, no spaces, UTF-8) of a JSON value, as hashed by the log.

    The same text as `json.dumps` with these options, from one shared encoder (a move seals
    several envelopes).
    """
    return _CANONICAL.encode(value).encode()


def entry_hash(envelope: Json) -> str:
    """Returns the hash a format-1 envelope must carry: SHA-256 of its canonical JSON without `hash`."""
    return hashlib.sha256(canonical({k: v for k, v in envelope.items() if k != "hash"})).hexdigest()


def sealed_hash(stored: Json, prev: str, salt: str) -> str:
    """Returns the hash a format-2 entry must carry: SHA-256 of the canonical JSON of the stored
    entry without `hash`, with the derived `prev` (the hash before) and `salt` put back in."""
    body = {k: v for k, v in stored.items() if k != "hash"} | {"prev": prev, "salt": salt}
    return hashlib.sha256(canonical(body)).hexdigest()


def log_format(envs: list[Json]) -> int:
    """Returns the log's format: the `format` its `game_created` entry names (1 when none does)."""
    first = envs[0].get("event", {}) if envs else {}
    value = first.get("format", 1) if first.get("type") == "game_created" else 1
    return value if isinstance(value, int) else 1


def log_seed(envs: list[Json]) -> str | None:
    """Returns the seed the log's first engine event reveals (None while hidden)."""
    first = next((e for e in envs if e.get("kind") == "engine" and "event" in e), None)
    seed = first["event"].get("seed") if first is not None else None
    return seed if isinstance(seed, str) else None


def chain_v2(envs: list[Json], seed: str | None) -> tuple[list[str], int]:
    """Returns the problems of a format-2 chain and how many entries could not be checked.

    Every hash covers `prev` and `salt = HMAC(seed, "salt:" + v)`, neither stored: without the
    seed (a running game, seen by a player) no hash can be checked, which is the point.
    """
    problems, unchecked, prev = [], 0, ZERO_HASH
    for index, env in enumerate(envs, start=1):
        if env.get("v") != index:
            problems.append(f"v{index}: the entry says v{env.get('v')}")
        if seed is None or env.get("hidden") or env.get("redacted"):
            unchecked += 1
        elif sealed_hash(env, prev, rng.salt(seed, index)) != env.get("hash"):
            problems.append(f"v{index}: hash does not match the entry, its salt and the hash before")
        prev = str(env.get("hash", ""))
    return problems, unchecked


def check_replay(game: Game, envs: list[Json]) -> list[str]:
    """Returns the problems found re-running setup and every decision of a finished game's log."""
    try:
        return _replay(game, envs)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return [f"a log entry is malformed: {type(exc).__name__}: {exc}"]


def _replay(game: Game, envs: list[Json]) -> list[str]:
    engine_envs = [e for e in envs if e["kind"] == "engine"]
    created = next((e["event"] for e in envs if e["event"].get("type") == "game_created"), None)
    if not engine_envs or created is None:
        return ["the log has no game_created entry or no engine events"]
    seed = engine_envs[0]["event"].get("seed")
    if not isinstance(seed, str) or rng.commitment(seed) != engine_envs[0]["event"].get("commitment"):
        return ["the revealed seed does not match the commitment"]
    opening = game.setup(len(created["seats"]), created["options"], seed)
    problems = _compare(opening, engine_envs[: len(opening)], "setup")
    if log_format(envs) == 1:
        problems += _salts(game, engine_envs, seed)
    else:
        problems += _rules(game, engine_envs[0])
    return problems or _decisions(game, envs, opening)


def log_rules(envs: Iterable[Json]) -> str | None:
    """Returns the rules version the log's first engine entry names (format 2; None when none does)."""
    first = next((e for e in envs if e.get("kind") == "engine"), None)
    rules = first.get("rules") if first is not None else None
    engine = rules.get("engine") if isinstance(rules, dict) else None
    return engine if isinstance(engine, str) else None


def _rules(game: Game, first: Json) -> list[str]:
    """Returns a problem when the log was played under rules this engine no longer replays (format 2):
    its first engine entry must name one of the engine's `ENGINE_VERSIONS`."""
    rules = first.get("rules") or {}
    versions = engine_versions(game)
    if isinstance(rules, dict) and rules.get("engine") in versions:
        return []
    replays = ", ".join(versions)
    return [f"the log was played under rules {rules!r}, which this verifier no longer replays ({replays})"]


def causes(envs: list[Json]) -> dict[int, Json]:
    """Returns each entry's cause by version: its own (format 1), or its group's first entry's
    (format 2 stores a move's cause once, on the first entry of its `group`)."""
    out: dict[int, Json] = {}
    for env in envs:
        cause = env.get("cause")
        if cause is None and "group" in env:
            cause = out.get(env["group"])
        if cause is not None:
            out[env["v"]] = cause
    return out


def _compare(expected: list[Json], envs: list[Json], what: str) -> list[str]:
    """Returns a problem for every event that differs byte for byte from the re-run."""
    if len(envs) < len(expected):
        return [f"{what}: the log ends before the {len(expected)} events it causes"]
    return [
        f"v{env['v']}: {what} gives another event than the one recorded"
        for want, env in zip(expected, envs, strict=False)
        if canonical(want) != canonical(env["event"])
    ]


def _salts(game: Game, engine_envs: list[Json], seed: str) -> list[str]:
    """Returns the entries whose salt is missing, wrong or superfluous."""
    problems = []
    for env in engine_envs:
        hidden = game.redact(env["event"], None) != env["event"]
        if env.get("salt") != (rng.salt(seed, env["v"]) if hidden else None):
            problems.append(f"v{env['v']}: salt is not HMAC(seed, 'salt:{env['v']}')")
    return problems


def _decisions(game: Game, envs: list[Json], opening: list[Json]) -> list[str]:
    """Returns the first problem of re-deciding every recorded move in order (none if all match)."""
    state: Any = None
    for event in opening:
        state = game.evolve(state, event)
    rest = [e for e in envs if e["kind"] == "engine"][len(opening) :]
    timed_out, cause_of = _timed_out_seats(envs), causes(envs)
    i = 0
    while i < len(rest):
        env = rest[i]
        seat = env["actor"]["seat"] if isinstance(env["actor"], dict) else timed_out.get(env["v"])
        move = cause_of.get(env["v"], {}).get("move")
        if seat is None or move is None:
            return [f"v{env['v']}: an engine event without a seat and a move"]
        try:
            events = game.decide(state, seat, move)
        except RuleViolation as exc:
            return [f"v{env['v']}: the recorded move is refused by the rules: {exc.message}"]
        group = rest[i : i + len(events)]
        problems = _compare(events, group, f"the move of seat {seat}")
        if problems or any(canonical(cause_of.get(e["v"])) != canonical(cause_of[env["v"]]) for e in group):
            return problems or [f"v{env['v']}: events of one move carry different causes"]
        for event in events:
            state = game.evolve(state, event)
        i += len(events)
    return []


def _timed_out_seats(envs: list[Json]) -> dict[int, int]:
    """Returns, for each version of a deadline entry, the seat that `seat_timed_out` named."""
    seats: dict[int, int] = {}
    current = None
    for env in envs:
        if env["kind"] == "service" and env["event"].get("type") == "seat_timed_out":
            current = env["event"]["seat"]
        elif env["kind"] == "engine" and env["actor"] == "deadline" and current is not None:
            seats[env["v"]] = current
    return seats


MAX_RECEIPT = 512


def open_receipt(receipt: str, verify: Callable[[str, bytes, bytes], bool]) -> Json | None:
    """Returns the payload `{game, hash, v}` of a receipt (a compact JWS, alg EdDSA) when
    `verify(kid, signing input, signature)` accepts its signature, else None.

    Only the signature check needs a cryptography library; everything else here is stdlib, so
    an auditor can bring any Ed25519 implementation.
    """
    try:
        head, body, signature = receipt.split(".")
        header = json.loads(_unb64url(head))
        if len(receipt) > MAX_RECEIPT or header.get("alg") != "EdDSA":
            return None
        if not verify(str(header.get("kid", "")), f"{head}.{body}".encode(), _unb64url(signature)):
            return None
        payload = json.loads(_unb64url(body))
    except (ValueError, TypeError, AttributeError):
        return None
    ok = isinstance(payload, dict) and {"game", "hash", "v"} <= payload.keys()
    return payload if ok and type(payload["v"]) is int else None


def receipt_reader(keys: Mapping[str, Any], invalid: type[Exception]) -> Callable[[str], Json | None]:
    """Returns `open_receipt` bound to `keys` (kid -> a public key whose `verify(signature,
    message)` raises `invalid` on a bad signature, as the `cryptography` package's do)."""

    def verify(kid: str, message: bytes, signature: bytes) -> bool:
        key = keys.get(kid)
        if key is None:
            return False
        try:
            key.verify(signature, message)
        except invalid:
            return False
        return True

    return lambda receipt: open_receipt(receipt, verify)


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_receipts(
    game_id: str,
    hashes: list[str | None],
    receipts: list[str],
    payload_of: Callable[[str], Json | None],
) -> list[str]:
    """Returns a problem for every receipt the log contradicts (design.md, "Receipts").

    `hashes[v - 1]` is the log's hash at version v (None where the caller cannot see it);
    `payload_of` returns a receipt's signed payload `{game, v, hash}`, or None when no trusted
    key signed it. A receipt for a version past the log's end means a truncated log; one whose
    hash differs, a rewritten or forked log.
    """
    problems: list[str] = []
    for n, receipt in enumerate(receipts, start=1):
        payload = payload_of(receipt)
        if payload is None:
            problems.append(f"receipt {n}: not signed by a published key")
            continue
        v, signed = payload["v"], payload["hash"]
        if payload["game"] != game_id:
            problems.append(f"receipt {n}: for game {payload['game']!r}, not {game_id!r}")
        elif not 1 <= v <= len(hashes):
            problems.append(f"receipt {n}: the server signed v{v}, but the log ends at v{len(hashes)}")
        elif hashes[v - 1] is not None and hashes[v - 1] != signed:
            problems.append(
                f"receipt {n}: v{v} differs from the entry the server signed (rewritten or forked)"
            )
    return problems
