"""Verifies a game's stored log: the hash chain always; once it is over, the seed and every decision.

The chain check reads the raw stream entries (ids, bytes: canonical JSON, or packed by
service.packing); the re-run of a finished (or
aborted) game is `engine.audit.check_replay`, shared with the clients' offline verify.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable

from engine import rng
from engine.audit import (
    ZERO_HASH,
    canonical,
    check_receipts,
    check_replay,
    entry_hash,
    log_format,
    log_rules,
    log_seed,
    sealed_hash,
)
from engine.contract import Game, Json, engine_versions
from service.packing import NoContext, complete, problem, unpack


def check_chain(game_id: str, raw: list[tuple[str, bytes]]) -> list[str]:
    """Returns the problems of the stored entries' ids, versions, links and hashes (the service
    holds the log's seed, so it checks format-2 hashes, salts included, while a game runs)."""
    envs = _parsed(game_id, raw)
    if log_format([e for e in envs if e is not None][:1]) == 2:
        return _check_v2(game_id, raw, envs)
    problems, prev = [], ZERO_HASH
    for index, (entry_id, blob) in enumerate(raw, start=1):
        try:
            env = json.loads(blob)
        except ValueError:
            problems.append(f"v{index}: not JSON")
            continue
        if entry_id != f"{index}-1" or env.get("v") != index or env.get("game") != game_id:
            problems.append(f"v{index}: entry id {entry_id} or version/game fields do not match")
        if canonical(env) != blob:
            problems.append(f"v{index}: stored bytes are not canonical JSON")
        if env.get("prev") != prev:
            problems.append(f"v{index}: prev does not match the hash of v{index - 1}")
        if entry_hash(env) != env.get("hash"):
            problems.append(f"v{index}: hash does not match the entry")
        prev = env.get("hash", "")
    return problems


def _parsed(game_id: str, raw: list[tuple[str, bytes]]) -> list[Json | None]:
    """Returns each stored entry of `game_id`'s log unpacked (None where it is no JSON object);
    an entry that is not its group's last has no `hash` (service.packing: it is derived)."""
    return [_parse(game_id, blob) for _, blob in raw]


def _envelopes(game_id: str, raw: list[tuple[str, bytes]]) -> list[Json | None]:
    """Returns `_parsed` with the hashes left out derived (service.packing.complete) when every
    entry reads and the seed comes before the first of them (else as parsed)."""
    envs = _parsed(game_id, raw)
    parsed = [e for e in envs if e is not None]
    if len(parsed) < len(envs):
        return envs
    try:
        return list(complete(parsed, ZERO_HASH))
    except NoContext:
        return envs


def _parse(game_id: str, blob: bytes) -> Json | None:
    try:
        value = unpack(blob, game_id)
    except (ValueError, IndexError, zlib.error):
        return None
    return value if isinstance(value, dict) else None


def _check_v2(game_id: str, raw: list[tuple[str, bytes]], envs: list[Json | None]) -> list[str]:
    """Returns the problems of a format-2 log: ids, faithful bytes (service.packing.problem), then
    the salted chain."""
    problems = []
    for index, ((entry_id, blob), env) in enumerate(zip(raw, envs, strict=True), start=1):
        why = problem(blob, game_id)
        if env is None:
            problems.append(f"v{index}: {why or 'not JSON'}")
        elif entry_id != f"{index}-1" or env.get("game") != game_id:
            problems.append(f"v{index}: entry id {entry_id} or game field do not match")
        elif why is not None:
            problems.append(f"v{index}: {why}")
    if problems:
        return problems
    return _chain([e for e in envs if e is not None])  # all of them: a None was reported above


def _chain(envs: list[Json]) -> list[str]:
    """Returns the problems of a stored format-2 chain (engine.audit.chain_v2, with the seed the
    log holds): each stored hash is checked against its entry, its salt and the hash before,
    and the hashes packing left out are derived on the way, so a stored hash also covers the
    entries since the one stored before it (a group's), and a problem names them all."""
    seed, problems, prev, since = log_seed(envs), [], ZERO_HASH, 1
    for index, env in enumerate(envs, start=1):
        if env.get("v") != index:
            problems.append(f"v{index}: the entry says v{env.get('v')}")
        expected = sealed_hash(env, prev, rng.salt(seed, index)) if seed is not None else None
        if "hash" not in env:
            if expected is None:
                return [*problems, f"v{index}: its hash is derived, but the log reveals no seed before it"]
            prev = expected
            continue
        if expected != env["hash"]:
            problems.append(
                f"v{index}: hash does not match the entry, its salt and the hash before"
                if since == index
                else f"v{since}-v{index}: the hash stored at v{index} does not match these entries "
                "(the others' hashes are derived), their salts and the hash before"
            )
        prev, since = str(env["hash"]), index + 1
    return problems


def verify(game: Game, game_id: str, raw: list[tuple[str, bytes]], over: bool) -> Json:
    """Returns the audit report of a stored log; `over` adds the seed and replay checks."""
    chain = check_chain(game_id, raw)
    report: Json = {"game": game_id, "version": len(raw), "chain": {"ok": not chain, "problems": chain}}
    if over and not chain:
        replay = check_replay(game, [e for e in _envelopes(game_id, raw) if e is not None])
        report["replay"] = {"ok": not replay, "problems": replay}
    else:
        report["replay"] = None
    report["ok"] = not chain and (report["replay"] is None or report["replay"]["ok"])
    report["complete"] = over
    report["rules"] = rules_of(game, game_id, raw)
    report["receipts"] = None
    return report


def rules_of(game: Game, game_id: str, raw: list[tuple[str, bytes]]) -> Json:
    """Returns the rules the stored log names (its first engine entry's; none in format 1) and
    whether this server has retired them (then it refuses moves, and a finished game's replay
    reports the mismatch)."""
    engine = log_rules(env for env in _parsed(game_id, raw) if env is not None)
    return {"engine": engine, "retired": engine is not None and engine not in engine_versions(game)}


def with_receipts(
    report: Json,
    game_id: str,
    raw: list[tuple[str, bytes]],
    receipts: list[str],
    payload_of: Callable[[str], Json | None],
) -> Json:
    """Returns `report` with the check of `receipts` against the stored hashes (engine.audit)."""
    hashes = [_hash_of(env) for env in _envelopes(game_id, raw)]
    problems = check_receipts(game_id, hashes, receipts, payload_of)
    return {
        **report,
        "receipts": {"ok": not problems, "problems": problems},
        "ok": report["ok"] and not problems,
    }


def _hash_of(env: Json | None) -> str | None:
    value = env.get("hash") if env is not None else None
    return value if isinstance(value, str) else None
