"""Holds what every table of the leak suite shares: the app, the stream server, the mail path, a clock.

The app is the real Flask app on the run's Redis (driven with its test client); streams go
through the real stream server (tests.frontdoor); notification emails are written by the
workers' own code (`workers.jobs.on_entries` decides which, `workers.jobs.notice` writes and
sends each one) to a real SMTP server (tests.workers.smtp). Only rq's transport is left out: the
notices `on_entries` queues are kept by `Jobs` and run at once, in this process.

The service's clock is the suite's `Clock`, so two twin games played step by step get the same
entry times (and so the same deadlines, texts and sizes) when they reach the same step.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient

from service.games import GameService
from tests.workers.smtp import SmtpServer
from workers import jobs
from workers.runtime import Runtime


class Clock:
    """A clock the suite moves: one tick per step, starting an hour before the real time."""

    def __init__(self) -> None:
        self.start = float(int(time.time()) - 3600)
        self.now = self.start

    def __call__(self) -> float:
        return self.now

    def at(self, step: int) -> None:
        """Sets the time of step `step` (half a second per step)."""
        self.now = self.start + step * 0.5


@dataclass
class Jobs:
    """Stands in for rq's queue of the workers' runtime: keeps the notice jobs queued, by job id."""

    queued: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    def enqueue(self, func: str, *args: Any, job_id: str = "", **_options: Any) -> None:
        if func == "workers.jobs.notice":
            self.queued.setdefault(job_id or repr(args), args)

    def enqueue_at(self, *_args: Any, **_options: Any) -> None:
        """Drops scheduled jobs (deadlines and reminders): the suite fires deadlines itself."""


@dataclass
class World:
    """The shared parts of the run."""

    client: FlaskClient
    service: GameService
    stream_url: str
    runtime: Runtime
    smtp: SmtpServer
    clock: Clock
    admin: str

    def mail(self, game_id: str, first: int, last: int) -> list[tuple[int, Any]]:
        """Runs the workers' notices for versions first..last of a game; returns (seat, message)
        of every email that reached the SMTP server meanwhile."""
        queue: Jobs = self.runtime.queue  # type: ignore[assignment]
        queue.queued.clear()
        before = len(self.smtp.inbox.messages)
        jobs.on_entries(game_id, first, last)
        for args in list(queue.queued.values()):
            jobs.notice(*args)
        got = self.smtp.inbox.wait_for(before, timeout=5)[before:]
        raw = self.smtp.inbox.raw[before : before + len(got)]
        return [(_seat_of(str(m["To"])), (m, r)) for m, r in zip(got, raw, strict=True)]


def _seat_of(to: str) -> int:
    """Returns the seat of an address written `…-p<seat>@example.org`."""
    local = to.split("@")[0]
    return int(local.rsplit("-p", 1)[1])
