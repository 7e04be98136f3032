"""Fires prompt deadlines: rq scheduler jobs, reminders, and the sweep that catches misses.

The service fixes each open prompt's deadline in the game's deadline hash and its bucket's
sorted set (the source of truth; `service.deadlines`). The relay's job schedules
`deadline:{game}:{seat}:{prompt}` at that time with rq's scheduler (aware UTC datetimes),
plus one job per reminder. rq's scheduler keeps whole seconds and polls once a second, so it
can start a job up to a second early: the job reads the deadline again and, a little early,
sleeps the difference; further early (or the deadline moved) it schedules itself again. It
acts only if the prompt is still planned, through `GameService.auto_pass` (one conditional
append, actor "deadline"), which refuses when the player moved first.

Two more paths make it prompt and sure: the relay wakes at each planned deadline
(`enqueue_due`) and queues the job at once, and `sweep(now)` scans the 64 sorted sets for
anything due and acts (the relay runs it every 15 s; tests call it with their own clock).
Whichever path runs first acts; the others find the prompt closed.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import redis
from rq import Queue

from engine.contract import Game
from service.store import BUCKETS, deadlines_key, zset_key
from workers.queue import at, enqueue_once, job_id, job_retry
from workers.runtime import Runtime

log = logging.getLogger("castillo.deadlines")
SLEEP_IF_EARLY_S = 0.25
RELAY_POLL_S = 1.0


@dataclass(frozen=True, slots=True)
class Planned:
    """One open prompt with a clock, as the deadline hash stores it."""

    seat: int
    prompt: str
    kind: str
    deadline: float
    reminders: tuple[float, ...]

    @classmethod
    def from_json(cls, raw: bytes | str) -> Planned:
        """Returns the plan of one deadline hash value."""
        d = json.loads(raw)
        return cls(
            int(d["seat"]), d["prompt"], d["kind"], float(d["deadline"]), tuple(d.get("reminders") or ())
        )


def planned(rt: Runtime, game_id: str) -> list[Planned]:
    """Returns the game's open prompts with a clock."""
    return [Planned.from_json(v) for v in rt.redis.hvals(deadlines_key(game_id))]


def planned_one(rt: Runtime, game_id: str, seat: int, prompt_id: str) -> Planned | None:
    """Returns the plan of one prompt, or None once it closed (moved, passed or game over)."""
    raw = rt.redis.hget(deadlines_key(game_id), f"{seat}|{prompt_id}")
    return Planned.from_json(raw) if raw is not None else None


def schedule(rt: Runtime, game_id: str, now: float) -> list[Planned]:
    """Schedules the deadline and future reminder jobs of every open prompt; returns the plans.

    Scheduling again under the same job ids only moves them (a changed time control).
    """
    plans = planned(rt, game_id)
    for p in plans:
        rt.queue.enqueue_at(
            at(p.deadline),
            "workers.jobs.deadline",
            game_id,
            p.seat,
            p.prompt,
            job_id=job_id("deadline", game_id, p.seat, p.prompt),
            result_ttl=3600,
            retry=job_retry(),
        )
        for i, when in enumerate(p.reminders):
            if when > now:
                rt.queue.enqueue_at(
                    at(when),
                    "workers.jobs.reminder",
                    game_id,
                    p.seat,
                    p.prompt,
                    i,
                    job_id=job_id("reminder", game_id, p.seat, p.prompt, i),
                    result_ttl=3600,
                    retry=job_retry(),
                )
    return plans


def fire(rt: Runtime, game_id: str, seat: int, prompt_id: str) -> str:
    """Runs a scheduled deadline job: waits out a slightly early start, reschedules an earlier one."""
    plan = planned_one(rt, game_id, seat, prompt_id)
    if plan is None:
        return "closed"
    early = plan.deadline - time.time()
    if early > SLEEP_IF_EARLY_S:
        rt.queue.enqueue_at(
            at(plan.deadline),
            "workers.jobs.deadline",
            game_id,
            seat,
            prompt_id,
            job_id=job_id("deadline", game_id, seat, prompt_id, int(plan.deadline * 1000)),
            result_ttl=3600,
            retry=job_retry(),
        )
        return "rescheduled"
    if early > 0:
        time.sleep(early + 0.001)
    return act(rt, game_id, seat, prompt_id, max(time.time(), plan.deadline))


def enqueue_due(client: redis.Redis, q: Queue, buckets: Sequence[int], now: float) -> float:
    """Queues a deadline job for every planned deadline at or before `now` (the relay's precise
    path: rq's scheduler keeps whole seconds and polls once a second); returns the next later
    deadline, or infinity when none is planned."""
    pipe = client.pipeline(transaction=False)
    for b in buckets:
        pipe.zrangebyscore(zset_key(b), "-inf", now)
        pipe.zrangebyscore(zset_key(b), f"({now}", "+inf", start=0, num=1, withscores=True)
    replies = pipe.execute()
    upcoming = math.inf
    for due, later in zip(replies[::2], replies[1::2], strict=True):
        for member in due:
            game_id, seat, prompt_id = _text(member).split("|", 2)
            enqueue_once(
                q,
                "workers.jobs.deadline",
                game_id,
                int(seat),
                prompt_id,
                result_ttl=60,
                failure_ttl=60,
                at_front=True,  # a deadline is due now; emails can wait a moment
                id=job_id("deadline", game_id, seat, prompt_id, "due"),
            )
        if later:
            upcoming = min(upcoming, float(later[0][1]))
    return upcoming


def act(rt: Runtime, game_id: str, seat: int, prompt_id: str, now: float) -> str:
    """Auto-passes the prompt if it is still open and due at `now`.

    The seat's email about it is queued by `workers.jobs.on_entries` from the appended
    entries, so a worker killed right after the append loses nothing.
    """
    plan = planned_one(rt, game_id, seat, prompt_id)
    if plan is None:
        return "closed"
    if now < plan.deadline:
        return "early"
    outcome = rt.games.auto_pass(game_id, seat, prompt_id, now)
    if not outcome.get("done"):
        log.info(
            "deadline %s seat %s prompt %s: nothing to do (%s)",
            game_id,
            seat,
            prompt_id,
            outcome.get("skipped"),
        )
        return str(outcome.get("skipped", "refused"))
    played = notation(rt.games.load(game_id).game, outcome.get("moves", []))
    log.info("deadline %s seat %s prompt %s: auto-passed %s", game_id, seat, prompt_id, played)
    return "passed"


def notation(game: Game, moves: Iterable[dict]) -> list[str]:
    """Returns default moves in the game's notation (without their `default` flag)."""
    return [game.format_move({k: v for k, v in m.items() if k != "default"}) for m in moves]


def sweep(
    now: float, rt: Runtime | None = None, buckets: Iterable[int] = range(BUCKETS)
) -> list[tuple[str, int, str, str]]:
    """Acts on every planned deadline at or before `now`; returns (game, seat, prompt, outcome)."""
    from workers.runtime import current

    rt = rt or current()
    done = []
    for b in buckets:
        for member in rt.redis.zrangebyscore(zset_key(b), "-inf", now):
            game_id, seat, prompt_id = _text(member).split("|", 2)
            done.append((game_id, int(seat), prompt_id, _act_logged(rt, game_id, int(seat), prompt_id, now)))
    return done


def _act_logged(rt: Runtime, game_id: str, seat: int, prompt_id: str, now: float) -> str:
    """Runs `act`, logging a failure instead of stopping the sweep of the other deadlines."""
    try:
        return act(rt, game_id, seat, prompt_id, now)
    except Exception:
        log.exception("deadline %s seat %s prompt %s failed", game_id, seat, prompt_id)
        return "error"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
