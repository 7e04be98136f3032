"""Runs again, soon, every job whose worker died mid-job (SIGKILL, out of memory, a lost machine).

rq 3 files a started job in the queue's StartedJobRegistry until a heartbeat TTL: its
timeout plus a grace (60 s in rq's SimpleWorker; the forking Worker renews it every
`job_monitoring_interval` seconds while its horse runs). A worker's maintenance, run at
start and then every `maintenance_interval` seconds (rq: 600; an idle worker runs it only
between waits for a job of `worker_ttl - 15` seconds, rq: 405), treats the entries past that
point as abandoned: a job with retries left is retried (`Retry`, as after an exception),
any other is moved to the failed registry. Every Castillo job has a Retry, and is
idempotent, so running it again does its work once (workers.transport's marker lease
covers an email cut off mid-send).

So a job whose worker was killed starts again at most `job_timeout_s + grace_s +
maintenance_s` after it started, once some worker runs — plus its first retry interval,
which rq's scheduler serves: when the killed worker held the scheduler, its lock lapses
61 s later and another worker takes it over at its next maintenance.

Settings (environment, whole seconds; the defaults suit production):

| variable | default | meaning |
|---|---|---|
| `JOB_TIMEOUT_S` | 120 | a job running longer is stopped and retried (jobs take ~30 ms; a mail job at most a few 10 s SMTP timeouts) |
| `JOB_GRACE_S` | 60 | how long past its timeout a started job of a silent worker counts as running |
| `WORKER_MAINTENANCE_S` | 60 | how often a worker looks for abandoned jobs (and for a free scheduler lock) |
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rq import Queue, SimpleWorker, Worker
from rq.defaults import DEFAULT_WORKER_TTL
from rq.job import Job
from rq.worker import BaseWorker

from workers.jobclass import SERIALIZER, CastilloJob

_VARIABLES = {
    "job_timeout_s": "JOB_TIMEOUT_S",
    "grace_s": "JOB_GRACE_S",
    "maintenance_s": "WORKER_MAINTENANCE_S",
}


@dataclass(frozen=True, slots=True)
class Recovery:
    """The timeouts that bound how late an abandoned job runs again (see the module docstring)."""

    job_timeout_s: int = 120
    grace_s: int = 60
    maintenance_s: int = 60

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Recovery:
        """Returns the settings of JOB_TIMEOUT_S, JOB_GRACE_S and WORKER_MAINTENANCE_S in `env`
        (default os.environ), each a positive whole number of seconds."""
        env = os.environ if env is None else env
        values = {}
        for name, variable in _VARIABLES.items():
            raw = env.get(variable, "").strip()
            if raw:
                if not raw.isdigit() or int(raw) < 1:
                    raise ValueError(f"{variable} must be a whole number of seconds > 0, got {raw!r}")
                values[name] = int(raw)
        return cls(**values)


class Stoppable:
    """Sets the worker's `stopping` event on rq's stop request (SIGTERM/SIGINT): whoever runs
    rq's loop again after it quit (workers.outages) tells a requested stop from a lost
    connection. rq's wait between dequeue attempts on a lost connection is capped at 30 s."""

    stopping: threading.Event
    max_connection_wait_time = 30.0

    def request_stop(self, signum: Any, frame: Any) -> None:
        """Records the stop request, then lets rq stop (after the current job)."""
        self.stopping.set()
        super().request_stop(signum, frame)  # type: ignore[misc]


class LeasedSimpleWorker(Stoppable, SimpleWorker):
    """rq's SimpleWorker whose started jobs count as abandoned JOB_GRACE_S after their timeout."""

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        """Returns how long the job's registry entry (and this worker's heartbeat) lasts: it is not renewed mid-job."""
        timeout = job.timeout if job.timeout and job.timeout > 0 else DEFAULT_WORKER_TTL
        return int(timeout) + Recovery.from_env().grace_s


class LeasedWorker(Stoppable, Worker):
    """rq's forking Worker whose horse's job counts as abandoned JOB_GRACE_S after a missed heartbeat."""

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        """Returns how long the job's registry entry lasts until the next heartbeat renews it."""
        if job.timeout and job.timeout > 0:
            renewal = min(job.timeout - working_time, self.job_monitoring_interval)
        else:
            renewal = self.job_monitoring_interval
        return int(renewal) + Recovery.from_env().grace_s


def worker(
    queues: Sequence[Queue], fork: bool = False, stopping: threading.Event | None = None
) -> BaseWorker:
    """Returns an rq worker on `queues` (jobs in-process, or a forked horse each) that runs its
    maintenance every WORKER_MAINTENANCE_S and sets `stopping` (default: an event of its own)
    when a signal asks it to stop."""
    maintenance_s = Recovery.from_env().maintenance_s
    kind = LeasedWorker if fork else LeasedSimpleWorker
    made = kind(
        list(queues),
        connection=queues[0].connection,
        job_class=CastilloJob,
        serializer=SERIALIZER,
        maintenance_interval=maintenance_s,
        worker_ttl=maintenance_s + 15,  # an idle worker waits for jobs worker_ttl - 15 s at a time
    )
    made.stopping = stopping or threading.Event()
    return made
