"""Folds a game's log: engine entries through the game's `evolve`, service entries into a `Table`.

`Folded` is what a snapshot caches: the engine state after version N together with the
service facts (absent seats, bots, vacations, time control, abort) and the times at which
engine events were appended (prompt deadlines start there). Folding is pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from engine.audit import ZERO_HASH
from engine.contract import Game


@dataclass
class Table:
    """Holds the service facts of a game, folded from its service entries."""

    seats: int = 0
    time_control: dict[str, Any] = field(default_factory=dict)
    tc_changed_ms: int = 0
    absent: dict[int, int] = field(default_factory=dict)
    bots: dict[int, tuple[str, int]] = field(default_factory=dict)
    vacations: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    timeouts: dict[int, int] = field(default_factory=dict)
    aborted: str | None = None
    created_ms: int = 0
    log_format: int = 1  # the format its game_created names (engine.audit.log_format)

    def copy(self) -> Table:
        """Returns a copy whose dicts and lists can change without touching this table."""
        return replace(
            self,
            time_control=dict(self.time_control),
            absent=dict(self.absent),
            bots=dict(self.bots),
            vacations={seat: list(spans) for seat, spans in self.vacations.items()},
            timeouts=dict(self.timeouts),
        )

    def vacation_spans(self, seat: int) -> list[tuple[date, date]]:
        """Returns the seat's vacations as (first day, last day) pairs."""
        return [(date.fromisoformat(a), date.fromisoformat(b)) for a, b in self.vacations.get(seat, [])]


@dataclass
class Folded:
    """The fold of a game's first `version` log entries (what snapshots cache)."""

    version: int = 0
    state: Any = None
    engine_n: int = 0
    times: list[int] = field(default_factory=list)
    table: Table = field(default_factory=Table)
    last_hash: str = ZERO_HASH
    seed: str | None = None
    rules: str | None = None  # the engine version the first engine entry names (None: format 1)


def apply_service(table: Table, envelope: dict[str, Any]) -> None:
    """Applies one service entry to `table` (in place)."""
    event, t = envelope["event"], envelope["t"]
    match event["type"]:
        case "game_created":
            table.seats, table.created_ms = len(event["seats"]), t
            table.log_format = event.get("format", 1)
            table.time_control, table.tc_changed_ms = event["time_control"], t
        case "time_control_changed":
            table.time_control, table.tc_changed_ms = event["time_control"], t
        case "seat_timed_out":
            table.timeouts[event["seat"]] = table.timeouts.get(event["seat"], 0) + 1
        case "seat_absent":
            table.absent[event["seat"]] = t
        case "seat_returned":
            table.absent.pop(event["seat"], None)
            table.timeouts[event["seat"]] = 0
        case "seat_vacation":
            table.vacations.setdefault(event["seat"], []).append((event["from"], event["until"]))
        case "bot_seated":
            _seat_bot(table, event["seat"], event.get("bot"), t)
        case "game_aborted":
            table.aborted = event.get("reason") or "aborted"


def _seat_bot(table: Table, seat: int, bot: str | None, t: int) -> None:
    if bot:
        table.bots[seat] = (bot, t)
    else:
        table.bots.pop(seat, None)


def fold(
    game: Game, start: Folded | None, envelopes: Iterable[dict[str, Any]], *, decided: Any = None
) -> Folded:
    """Returns the fold of `start` (not modified) followed by `envelopes` in version order.

    `decided` is the engine state `game.decide_state` reached from `start` with exactly the
    engine events of `envelopes`: it is taken as is instead of evolving them again.
    """
    base = start or Folded()
    out = replace(base, times=list(base.times), table=base.table.copy())
    for env in envelopes:
        if env["kind"] == "engine":
            if decided is None:
                out.state = game.evolve(out.state, env["event"])
            out.engine_n += 1
            out.times.append(env["t"])
            if out.engine_n == 1:
                out.rules = (env.get("rules") or {}).get("engine")
            if out.seed is None and "seed" in env["event"]:
                out.seed = env["event"]["seed"]
            if isinstance(env["actor"], dict):
                out.table.timeouts[env["actor"]["seat"]] = 0
        else:
            apply_service(out.table, env)
        out.version, out.last_hash = env["v"], env["hash"]
    if decided is not None:
        out.state = decided
    return out
