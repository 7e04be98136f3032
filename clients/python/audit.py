"""Verifies an exported record (JSON Lines) offline, with the stdlib-only rules engine.

An auditor needs nothing from the server: every line is one log entry; `hash` is the
SHA-256 of the entry's canonical JSON without `hash`, `prev` links it to the entry before
(64 zeros first). A record of a finished game is complete (seed and salts included), so
the seed is checked against its commitment and setup and every recorded move are re-run
through the engine's `decide`, demanding byte-identical events. A record exported by a
player of a running game has withheld parts: those entries are counted, not checked.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from engine import get_game, rng
from engine.errors import RuleViolation

Json = dict[str, Any]
ZERO_HASH = "0" * 64


@dataclass
class Audit:
    """The outcome of an offline audit: what was checked and every problem found."""

    game: str = ""
    versions: int = 0
    withheld: int = 0
    replayed: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Tells whether no problem was found."""
        return not self.problems


def canonical(value: Any) -> bytes:
    """Returns the canonical JSON of a value (sorted keys, no spaces, UTF-8), as hashed by the log."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def read_record(text: str) -> list[Json]:
    """Returns the entries of a JSON Lines record; raises ValueError naming a bad line."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                entries.append(json.loads(line))
            except ValueError as error:
                raise ValueError(f"line {number} is not JSON: {error}") from None
    if not entries:
        raise ValueError("the record holds no entries")
    return entries


def verify_record(text: str) -> Audit:
    """Returns the audit of a JSON Lines record: hash chain, then (when complete) a full re-run."""
    audit = Audit()
    try:
        entries = read_record(text)
    except ValueError as error:
        audit.problems.append(str(error))
        return audit
    audit.versions = len(entries)
    audit.problems += check_chain(entries, audit)
    created = next((e["event"] for e in entries if e.get("event", {}).get("type") == "game_created"), None)
    audit.game = str(created.get("game", "")) if created else ""
    if not audit.problems and not audit.withheld and created is not None and _over(entries):
        audit.problems += check_replay(audit.game, created, entries)
        audit.replayed = True
    return audit


def check_chain(entries: list[Json], audit: Audit) -> list[str]:
    """Returns the chain's problems: versions in order, each hash right, each prev the hash before."""
    problems: list[str] = []
    prev: str | None = ZERO_HASH
    for index, env in enumerate(entries, start=1):
        if env.get("v") != index:
            problems.append(f"v{index}: the entry says v{env.get('v')}")
        if prev is not None and env.get("prev") != prev:
            problems.append(f"v{index}: prev is not the hash of v{index - 1}")
        prev = env.get("hash")  # a hidden entry shows no hash: the next link cannot be checked
        if env.get("hidden") or env.get("redacted"):
            audit.withheld += 1
            continue
        body = {k: v for k, v in env.items() if k != "hash"}
        if hashlib.sha256(canonical(body)).hexdigest() != env.get("hash"):
            problems.append(f"v{index}: the hash does not match the entry")
    return problems


def _over(entries: list[Json]) -> bool:
    """Tells whether the record ends a game (an engine `game_ended` or a service abort)."""
    return any(e.get("event", {}).get("type") in ("game_ended", "game_aborted") for e in entries)


def check_replay(name: str, created: Json, entries: list[Json]) -> list[str]:
    """Returns the problems of re-running setup and every recorded move through the engine."""
    try:
        game = get_game(name)
    except LookupError as error:
        return [str(error)]
    engine_envs = [e for e in entries if e.get("kind") == "engine"]
    first = engine_envs[0]["event"] if engine_envs else {}
    seed = first.get("seed")
    if not isinstance(seed, str) or rng.commitment(seed) != first.get("commitment"):
        return ["the revealed seed does not match the commitment"]
    opening = game.setup(len(created["seats"]), created["options"], seed)
    problems = _compare(opening, engine_envs[: len(opening)], "setup")
    problems += [
        f"v{e['v']}: the salt is not HMAC(seed, 'salt:{e['v']}')"
        for e in engine_envs
        if e.get("salt") != (rng.salt(seed, e["v"]) if game.redact(e["event"], None) != e["event"] else None)
    ]
    return problems or _redecide(game, entries, opening)


def _compare(expected: list[Json], envs: list[Json], what: str) -> list[str]:
    """Returns a problem for each recorded event that differs from the re-run's."""
    if len(envs) < len(expected):
        return [f"{what}: the record ends before the {len(expected)} events it causes"]
    return [
        f"v{env['v']}: {what} gives another event than the one recorded"
        for want, env in zip(expected, envs)
        if canonical(want) != canonical(env["event"])
    ]


def _redecide(game: Any, entries: list[Json], opening: list[Json]) -> list[str]:
    """Returns the first problem of re-deciding the recorded moves in order (none if all match)."""
    state: Any = None
    for event in opening:
        state = game.evolve(state, event)
    rest = [e for e in entries if e.get("kind") == "engine"][len(opening) :]
    seats = _deadline_seats(entries)
    i = 0
    while i < len(rest):
        env = rest[i]
        seat = env["actor"]["seat"] if isinstance(env["actor"], dict) else seats.get(env["v"])
        move = env.get("cause", {}).get("move")
        if seat is None or move is None:
            return [f"v{env['v']}: an engine event without a seat and a move"]
        try:
            events = game.decide(state, seat, move)
        except RuleViolation as error:
            return [f"v{env['v']}: the rules refuse the recorded move: {error.message}"]
        problems = _compare(events, rest[i : i + len(events)], f"the move of seat {seat}")
        if problems:
            return problems
        for event in events:
            state = game.evolve(state, event)
        i += len(events)
    return []


def _deadline_seats(entries: list[Json]) -> dict[int, int]:
    """Returns, per version of a deadline move, the seat its preceding `seat_timed_out` named."""
    seats: dict[int, int] = {}
    current = None
    for env in entries:
        event = env.get("event", {})
        if env.get("kind") == "service" and event.get("type") == "seat_timed_out":
            current = event.get("seat")
        elif env.get("kind") == "engine" and env.get("actor") == "deadline" and current is not None:
            seats[env["v"]] = current
    return seats
