"""Computes prompt deadlines from a game's time control; pure functions of their inputs.

The clock of a prompt runs from the moment it opens and pauses on whole local days: Saturdays
and Sundays when `weekend_pause` is on, and the days of the seat's vacations, both in the
game's time zone (zoneinfo, so DST shifts are exact). Reminders are points of remaining clock,
so they pause with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MAX_SECONDS = 366 * 86400
MAX_DAYS_SCANNED = 4000

Vacation = tuple[date, date]


class BadTimeControl(ValueError):
    """Signals a time control that cannot be used (unknown zone, negative times, ...)."""


@dataclass(frozen=True)
class TimeControl:
    """Holds the time settings of one game; `per_move=None` means no deadlines."""

    per_move: int | None = 3 * 86400
    per_kind: Mapping[str, int] = field(default_factory=dict)
    reminders: tuple[int, ...] = (86400, 3600)
    weekend_pause: bool = False
    timezone: str = "UTC"
    vacation_days: int = 14
    absent_after: int = 3

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> TimeControl:
        """Returns the time control of `data` (missing keys take defaults); raises BadTimeControl."""
        data = dict(data or {})
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise BadTimeControl(f"unknown time control settings: {', '.join(sorted(unknown))}")
        tc = cls(
            **{
                **data,
                "reminders": tuple(data.get("reminders", cls.reminders)),
                "per_kind": dict(data.get("per_kind", {})),
            }
        )
        tc.check()
        return tc

    def check(self) -> None:
        """Raises BadTimeControl unless every setting is in range."""
        seconds = [self.per_move] if self.per_move is not None else []
        for value in [*seconds, *self.per_kind.values(), *self.reminders]:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SECONDS:
                raise BadTimeControl(f"time values are whole seconds in 0..{MAX_SECONDS}, got {value!r}")
        if not 0 <= self.vacation_days <= 365 or not 0 <= self.absent_after <= 100:
            raise BadTimeControl("vacation_days must be 0..365 and absent_after 0..100")
        zone(self.timezone)

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form stored in the log and served by the API."""
        return {
            "per_move": self.per_move,
            "per_kind": dict(self.per_kind),
            "reminders": list(self.reminders),
            "weekend_pause": self.weekend_pause,
            "timezone": self.timezone,
            "vacation_days": self.vacation_days,
            "absent_after": self.absent_after,
        }

    def seconds_for(self, kind: str) -> int | None:
        """Returns the clock time of a prompt of `kind` (per-kind override, else per move)."""
        return self.per_kind.get(kind, self.per_move)


@dataclass(frozen=True)
class Deadline:
    """A prompt's deadline and reminder times, epoch seconds."""

    at: float
    reminders: tuple[float, ...]


def zone(name: str) -> ZoneInfo:
    """Returns the zone `name`; raises BadTimeControl if it is unknown."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise BadTimeControl(f"unknown time zone {name!r}") from None


def pause_rule(tc: TimeControl, vacations: Iterable[Vacation] = ()) -> Callable[[date], bool]:
    """Returns the predicate telling whether the clock is paused on a local day."""
    spans = tuple(vacations)

    def paused(day: date) -> bool:
        weekend = tc.weekend_pause and day.weekday() >= 5
        return weekend or any(lo <= day <= hi for lo, hi in spans)

    return paused


def advance(start: float, seconds: float, tz: ZoneInfo, paused: Callable[[date], bool]) -> float:
    """Returns the epoch time when `seconds` of running clock have passed since `start`."""
    return advance_all(start, (seconds,), tz, paused)[0]


def advance_all(
    start: float, amounts: Sequence[float], tz: ZoneInfo, paused: Callable[[date], bool]
) -> list[float]:
    """Returns `advance(start, s, tz, paused)` for each of `amounts`, scanning the days once.

    Each amount keeps its own remaining clock and loses the same chunks in the same order
    as a scan of its own, so the results are bit for bit those of separate scans.
    """
    now = datetime.fromtimestamp(start, tz)
    remaining = [float(s) for s in amounts]
    out: list[float | None] = [None] * len(remaining)
    for _ in range(MAX_DAYS_SCANNED):
        day = now.date()
        next_day = datetime.combine(day + timedelta(days=1), datetime.min.time(), tz)
        if paused(day):
            now = next_day
            continue
        span = next_day.timestamp() - now.timestamp()  # real seconds: aware `-` in one zone ignores DST
        for i, left in enumerate(remaining):
            if out[i] is None:
                if min(left, span) >= left:
                    out[i] = now.timestamp() + left
                else:
                    remaining[i] = left - span
        if None not in out:
            return [t for t in out if t is not None]
        now = next_day
    raise BadTimeControl("the clock never runs: every scanned day is paused")


def deadline(
    tc: TimeControl, kind: str, opened: float, vacations: Iterable[Vacation] = ()
) -> Deadline | None:
    """Returns the deadline of a prompt of `kind` opened at `opened`, or None without a clock."""
    seconds = tc.seconds_for(kind)
    if seconds is None:
        return None
    spans = tuple(vacations)
    early = [seconds - r for r in tc.reminders if 0 < r < seconds]
    if not tc.weekend_pause and not spans:  # no day can pause the clock: it runs straight through
        at, *points = [opened + s for s in (seconds, *early)]
    else:
        at, *points = advance_all(opened, [seconds, *early], zone(tc.timezone), pause_rule(tc, spans))
    return Deadline(at, tuple(sorted(set(points))))


def local_day(tc: TimeControl, when: float) -> date:
    """Returns the local calendar day of an epoch time in the game's zone."""
    return datetime.fromtimestamp(when, zone(tc.timezone)).date()


def vacation_used(vacations: Iterable[Vacation]) -> int:
    """Returns the number of distinct days the vacations cover."""
    days: set[date] = set()
    for lo, hi in vacations:
        days.update(lo + timedelta(days=i) for i in range((hi - lo).days + 1))
    return len(days)
