"""Verifies an exported record (JSON Lines) offline, with the stdlib-only rules engine.

An auditor needs nothing from the server: every line is one log entry. In format 1 `hash` is
the SHA-256 of the entry's canonical JSON without `hash`, `prev` links it to the entry before
(64 zeros first); in format 2 the hash also covers that `prev` and a secret salt per entry,
neither stored, derived from the seed once the game is over (engine.audit.chain_v2), so a
running game's hashes are checked with receipts instead. A record of a finished game is complete (seed and salts included), so
the seed is checked against its commitment and setup and every recorded move are re-run
through the engine's `decide`, demanding byte-identical events (`engine.audit`, the same
re-run the server's `verify` does). A record exported by a
player of a running game has withheld parts: those entries are counted, not checked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine import audit as engine_audit
from engine import get_game
from engine.audit import ZERO_HASH, entry_hash
from engine.i18n import _

Json = dict[str, Any]


@dataclass
class Audit:
    """The outcome of an offline audit: what was checked and every problem found."""

    game: str = ""
    game_id: str = ""
    entries: list[Json] = field(default_factory=list, repr=False)
    versions: int = 0
    withheld: int = 0
    replayed: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Tells whether no problem was found."""
        return not self.problems


def read_record(text: str) -> list[Json]:
    """Returns the entries of a JSON Lines record; raises ValueError naming a bad line."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                entries.append(json.loads(line))
            except ValueError as error:
                raise ValueError(
                    _("line {number} is not JSON: {error}").format(number=number, error=error)
                ) from None
    if not entries:
        raise ValueError(_("the record holds no entries"))
    return entries


def verify_record(text: str) -> Audit:
    """Returns the audit of a JSON Lines record: hash chain, then (when complete) a full re-run."""
    audit = Audit()
    try:
        entries = read_record(text)
    except ValueError as error:
        audit.problems.append(str(error))
        return audit
    audit.versions, audit.entries = len(entries), entries
    audit.game_id = str(entries[0].get("game", ""))
    if engine_audit.log_format(entries) == 2:  # hashes need the seed: public once the game is over
        problems, audit.withheld = engine_audit.chain_v2(entries, engine_audit.log_seed(entries))
        audit.problems += problems
    else:
        audit.problems += check_chain(entries, audit)
    created = next((e["event"] for e in entries if e.get("event", {}).get("type") == "game_created"), None)
    audit.game = str(created.get("game", "")) if created else ""
    if not audit.problems and not audit.withheld and created is not None and _over(entries):
        audit.problems += check_replay(audit.game, entries)
        audit.replayed = True
    return audit


def check_chain(entries: list[Json], audit: Audit) -> list[str]:
    """Returns the chain's problems: versions in order, each hash right, each prev the hash before."""
    problems: list[str] = []
    prev: str | None = ZERO_HASH
    for index, env in enumerate(entries, start=1):
        if env.get("v") != index:
            problems.append(_("v{v}: the entry says v{said}").format(v=index, said=env.get("v")))
        if prev is not None and env.get("prev") != prev:
            problems.append(_("v{v}: prev is not the hash of v{before}").format(v=index, before=index - 1))
        prev = env.get("hash")  # a hidden entry shows no hash: the next link cannot be checked
        if env.get("hidden") or env.get("redacted"):
            audit.withheld += 1
            continue
        if entry_hash(env) != env.get("hash"):
            problems.append(_("v{v}: the hash does not match the entry").format(v=index))
    return problems


def _over(entries: list[Json]) -> bool:
    """Tells whether the record ends a game (an engine `game_ended` or a service abort)."""
    return any(e.get("event", {}).get("type") in ("game_ended", "game_aborted") for e in entries)


def check_replay(name: str, entries: list[Json]) -> list[str]:
    """Returns the problems of re-running setup and every recorded move through the engine."""
    try:
        game = get_game(name)
    except LookupError as error:
        return [str(error)]
    return engine_audit.check_replay(game, entries)
