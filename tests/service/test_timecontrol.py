"""Unit tests of the pure deadline computation (service.timecontrol)."""

from __future__ import annotations

import random
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from service.timecontrol import (
    BadTimeControl,
    TimeControl,
    advance,
    advance_all,
    deadline,
    pause_rule,
    vacation_used,
)

BUD = ZoneInfo("Europe/Budapest")


def at(*parts: int, tz: ZoneInfo = BUD) -> float:
    return datetime(*parts, tzinfo=tz).timestamp()


def test_plain_clock_adds_seconds() -> None:
    tc = TimeControl(per_move=3600, reminders=(600,))
    d = deadline(tc, "play", 1000.0)
    assert d is not None and d.at == 4600.0 and d.reminders == (4000.0,)


def test_per_kind_override_and_no_clock() -> None:
    tc = TimeControl(per_move=None, per_kind={"veto": 60})
    assert deadline(tc, "play", 0.0) is None
    d = deadline(tc, "veto", 0.0)
    assert d is not None and d.at == 60.0


def test_weekend_pause_skips_saturday_and_sunday_in_local_time() -> None:
    tc = TimeControl(per_move=86400, weekend_pause=True, timezone="Europe/Budapest", reminders=())
    opened = at(2026, 11, 20, 12, 0)  # Friday noon in Budapest
    d = deadline(tc, "play", opened)
    assert d is not None and d.at == at(2026, 11, 23, 12, 0)  # Monday noon


def test_opened_on_a_weekend_starts_monday_midnight() -> None:
    tc = TimeControl(per_move=3600, weekend_pause=True, timezone="Europe/Budapest", reminders=())
    d = deadline(tc, "play", at(2026, 11, 21, 15, 0))
    assert d is not None and d.at == at(2026, 11, 23, 1, 0)


def test_dst_change_counts_real_seconds() -> None:
    tc = TimeControl(per_move=86400, timezone="Europe/Budapest", reminders=())
    opened = at(2026, 10, 24, 12, 0)  # the night of 25 Oct 2026 has 25 hours
    d = deadline(tc, "play", opened)
    assert d is not None and d.at == opened + 86400
    assert datetime.fromtimestamp(d.at, BUD).hour == 11


def test_vacation_days_pause_the_seat_clock() -> None:
    tc = TimeControl(per_move=2 * 86400, timezone="UTC", reminders=(86400,))
    opened = at(2026, 11, 2, 0, 0, tz=ZoneInfo("UTC"))
    d = deadline(tc, "play", opened, [(date(2026, 11, 3), date(2026, 11, 5))])
    assert d is not None and d.at == at(2026, 11, 7, 0, 0, tz=ZoneInfo("UTC"))
    assert d.reminders == (at(2026, 11, 3, 0, 0, tz=ZoneInfo("UTC")),)  # one day left as the vacation starts


def test_vacation_used_counts_distinct_days() -> None:
    assert vacation_used([(date(2026, 1, 1), date(2026, 1, 3)), (date(2026, 1, 3), date(2026, 1, 4))]) == 4


@pytest.mark.parametrize(
    "data",
    [
        {"per_move": -1},
        {"timezone": "Mars/Olympus"},
        {"bogus": 1},
        {"reminders": ["x"]},
        {"absent_after": 1000},
    ],
)
def test_bad_time_controls_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(BadTimeControl):
        TimeControl.from_json(data)


def test_round_trip_json() -> None:
    tc = TimeControl.from_json({"per_move": 60, "per_kind": {"a": 5}, "weekend_pause": True})
    assert TimeControl.from_json(tc.to_json()) == tc


def test_one_scan_for_many_amounts_equals_a_scan_each() -> None:
    rnd = random.Random(7)
    for _ in range(300):
        tc = TimeControl(weekend_pause=rnd.random() < 0.5, timezone=rnd.choice(["UTC", "Europe/Budapest"]))
        start = rnd.uniform(1.6e9, 1.8e9)  # many of these scans cross a DST change
        first = date.fromtimestamp(start)
        paused = pause_rule(tc, [(first, first)] if rnd.random() < 0.3 else [])
        amounts = [rnd.choice([0, 59, 86400, rnd.randint(1, 20 * 86400)]) for _ in range(rnd.randint(1, 4))]
        tz = ZoneInfo(tc.timezone)
        assert advance_all(start, amounts, tz, paused) == [advance(start, s, tz, paused) for s in amounts]


def test_a_clock_that_never_pauses_is_plain_addition_as_the_day_scan_finds() -> None:
    rnd = random.Random(11)
    never = pause_rule(TimeControl())
    for _ in range(300):
        tz = rnd.choice(["UTC", "Europe/Budapest", "America/New_York"])
        tc = TimeControl(per_move=rnd.randint(1, 20 * 86400), reminders=(3600, 86400), timezone=tz)
        opened = rnd.uniform(1.6e9, 1.8e9)  # many cross a DST change, which running clocks ignore
        d = deadline(tc, "turn", opened)
        assert tc.per_move is not None and d is not None
        early = [tc.per_move - r for r in tc.reminders if 0 < r < tc.per_move]
        at, *points = advance_all(opened, [tc.per_move, *early], ZoneInfo(tz), never)
        assert d.at == pytest.approx(at, abs=1e-5)
        assert d.reminders == pytest.approx(tuple(sorted(set(points))), abs=1e-5)


def test_a_running_day_with_a_dst_change_counts_its_real_length() -> None:
    # Budapest leaves summer time on Sunday 2026-10-25, a 25-hour day; the seat's vacation
    # later on makes the clock scan day by day, and that Sunday still runs 25 real hours.
    tc = TimeControl(per_move=3 * 86400, reminders=(), timezone="Europe/Budapest")
    opened = at(2026, 10, 24, 12, 0)
    d = deadline(tc, "turn", opened, [(date(2026, 10, 28), date(2026, 10, 28))])
    assert d is not None and d.at == pytest.approx(opened + 3 * 86400, abs=1e-5)
    assert datetime.fromtimestamp(d.at, BUD).hour == 11  # Tuesday 11:00 in winter time
