"""Fixes the deadline of every open prompt from the fold (design.md, "Deadlines").

A prompt's clock starts at the time of the engine event `since` (or later, when the time
control changed after it opened). Absent seats and bot seats are due at once (from when
they became so). The result feeds the game's deadline hash and its bucket's sorted set,
which the append script replaces as a whole, so closed prompts disappear in the same write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from engine.contract import Game
from service.fold import Folded
from service.timecontrol import TimeControl, deadline


@dataclass(frozen=True)
class Due:
    """One open prompt of one seat with its deadline (epoch s; None = no clock)."""

    seat: int
    prompt: dict[str, Any]
    opened: float
    deadline: float | None
    reminders: tuple[float, ...]

    @property
    def field(self) -> str:
        """Returns the deadline hash field `<seat>|<prompt_id>`."""
        return f"{self.seat}|{self.prompt['id']}"

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON stored in the deadline hash and served in game summaries."""
        p = self.prompt
        return {
            "seat": self.seat,
            "prompt": p["id"],
            "kind": p["kind"],
            "since": p.get("since"),
            "turn": p.get("turn"),
            "opened": self.opened,
            "deadline": self.deadline,
            "reminders": list(self.reminders),
        }


def opened_at(folded: Folded, since: int | None) -> float:
    """Returns the epoch time (s) of engine event `since` (creation time if unknown)."""
    if since and 0 < since <= len(folded.times):
        return folded.times[since - 1] / 1000
    return (folded.times[-1] if folded.times else folded.table.created_ms) / 1000


def due(game: Game, folded: Folded) -> list[Due]:
    """Returns the open prompts of a running game, each with its deadline."""
    if folded.state is None or folded.table.aborted or game.result(folded.state) is not None:
        return []
    tc = TimeControl.from_json(folded.table.time_control)
    out = []
    for seat, prompt in sorted(game.pending(folded.state).items()):
        opened = opened_at(folded, prompt.get("since"))
        out.append(_fix(folded, tc, int(seat), prompt, opened))
    return out


def _fix(folded: Folded, tc: TimeControl, seat: int, prompt: dict[str, Any], opened: float) -> Due:
    """Returns the deadline of one prompt, honouring absent and bot seats."""
    table = folded.table
    immediate = [table.absent.get(seat), table.bots.get(seat, (None, None))[1]]
    marks = [m / 1000 for m in immediate if m is not None]
    if marks:
        at = max(opened, min(marks))
        return Due(seat, prompt, opened, at, ())
    start = max(opened, table.tc_changed_ms / 1000)
    fixed = deadline(tc, prompt["kind"], start, table.vacation_spans(seat))
    if fixed is None:
        return Due(seat, prompt, opened, None, ())
    return Due(seat, prompt, opened, fixed.at, fixed.reminders)


def plan(dues: list[Due]) -> dict[str, tuple[float, str]]:
    """Returns the deadline hash/zset plan of the append script (only prompts with a clock)."""
    return {
        d.field: (d.deadline, orjson.dumps(d.to_json(), option=orjson.OPT_SORT_KEYS).decode())
        for d in dues
        if d.deadline is not None
    }
