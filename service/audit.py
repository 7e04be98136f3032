"""Verifies a game's log: the hash chain always; once it is over, the seed and every decision.

For a finished (or aborted) game the seed is public: `verify` checks it against the
commitment, re-runs `setup` and every recorded move (`cause.move`, by the actor's seat, or
by the timed-out seat for deadline moves) through `decide`, and demands byte-identical
events and the right salts — so it proves legality, not only integrity.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine import rng
from engine.contract import Game, Json
from engine.errors import RuleViolation
from service.store import ZERO_HASH, canonical


def check_chain(game_id: str, raw: list[tuple[str, bytes]]) -> list[str]:
    """Returns the problems of the stored entries' ids, versions, links and hashes."""
    problems, prev = [], ZERO_HASH
    for index, (entry_id, blob) in enumerate(raw, start=1):
        try:
            env = json.loads(blob)
        except ValueError:
            problems.append(f"v{index}: not JSON")
            continue
        body = {k: v for k, v in env.items() if k != "hash"}
        if entry_id != f"{index}-1" or env.get("v") != index or env.get("game") != game_id:
            problems.append(f"v{index}: entry id {entry_id} or version/game fields do not match")
        if canonical(env) != blob:
            problems.append(f"v{index}: stored bytes are not canonical JSON")
        if env.get("prev") != prev:
            problems.append(f"v{index}: prev does not match the hash of v{index - 1}")
        if hashlib.sha256(canonical(body)).hexdigest() != env.get("hash"):
            problems.append(f"v{index}: hash does not match the entry")
        prev = env.get("hash", "")
    return problems


def check_replay(game: Game, envs: list[Json]) -> list[str]:
    """Returns the problems found re-running setup and every decision of a finished game."""
    engine_envs = [e for e in envs if e["kind"] == "engine"]
    created = next((e["event"] for e in envs if e["event"].get("type") == "game_created"), None)
    if not engine_envs or created is None:
        return ["the log has no game_created entry or no engine events"]
    seed = engine_envs[0]["event"].get("seed")
    commitment = engine_envs[0]["event"].get("commitment")
    if not isinstance(seed, str) or rng.commitment(seed) != commitment:
        return ["the revealed seed does not match the commitment"]
    opening = game.setup(len(created["seats"]), created["options"], seed)
    problems = _compare(opening, engine_envs[: len(opening)], "setup")
    problems += _salts(game, engine_envs, seed)
    return problems + _decisions(game, envs, opening)


def _compare(expected: list[Json], envs: list[Json], what: str) -> list[str]:
    """Returns a problem for every event that differs byte for byte from the re-run."""
    if len(envs) < len(expected):
        return [f"{what}: the log ends before the {len(expected)} events it causes"]
    return [
        f"v{env['v']}: {what} gives another event than the one recorded"
        for want, env in zip(expected, envs)
        if canonical(want) != canonical(env["event"])
    ]


def _salts(game: Game, engine_envs: list[Json], seed: str) -> list[str]:
    """Returns the entries whose salt is missing, wrong or superfluous."""
    problems = []
    for env in engine_envs:
        hidden = game.redact(env["event"], None) != env["event"]
        want = rng.salt(seed, env["v"]) if hidden else None
        if env.get("salt") != want:
            problems.append(f"v{env['v']}: salt is not HMAC(seed, 'salt:{env['v']}')")
    return problems


def _decisions(game: Game, envs: list[Json], opening: list[Json]) -> list[str]:
    """Returns the problems of re-deciding every recorded move in order."""
    state: Any = None
    for event in opening:
        state = game.evolve(state, event)
    engine_envs = [e for e in envs if e["kind"] == "engine"][len(opening) :]
    timed_out = _timed_out_seats(envs)
    i = 0
    while i < len(engine_envs):
        env = engine_envs[i]
        seat = env["actor"]["seat"] if isinstance(env["actor"], dict) else timed_out.get(env["v"])
        move = env["cause"]["move"]
        if seat is None or move is None:
            return [f"v{env['v']}: an engine event without a seat and a move"]
        try:
            events = game.decide(state, seat, move)
        except RuleViolation as exc:
            return [f"v{env['v']}: the recorded move is refused by the rules: {exc.message}"]
        group = engine_envs[i : i + len(events)]
        problems = _compare(events, group, f"the move of seat {seat}")
        if problems or any(canonical(e["cause"]) != canonical(env["cause"]) for e in group):
            return problems or [f"v{env['v']}: events of one move carry different causes"]
        for event in events:
            state = game.evolve(state, event)
        i += len(events)
    return []


def _timed_out_seats(envs: list[Json]) -> dict[int, int]:
    """Returns, for each version of a deadline entry, the seat that `seat_timed_out` named."""
    seats, current = {}, None
    for env in envs:
        if env["kind"] == "service" and env["event"].get("type") == "seat_timed_out":
            current = env["event"]["seat"]
        elif env["kind"] == "engine" and env["actor"] == "deadline":
            seats[env["v"]] = current
    return seats


def verify(game: Game, game_id: str, raw: list[tuple[str, bytes]], over: bool) -> Json:
    """Returns the audit report of a stored log; `over` adds the seed and replay checks."""
    chain = check_chain(game_id, raw)
    report: Json = {"game": game_id, "version": len(raw), "chain": {"ok": not chain, "problems": chain}}
    if over and not chain:
        replay = check_replay(game, [json.loads(blob) for _, blob in raw])
        report["replay"] = {"ok": not replay, "problems": replay}
    else:
        report["replay"] = None
    report["ok"] = not chain and (report["replay"] is None or report["replay"]["ok"])
    report["complete"] = over
    return report
