"""Runs only Castillo's own jobs, read as JSON: nothing an rq job record in Redis holds can run code.

rq stores a job as the name of a function, its arguments and callbacks, by default pickled.
Anyone who can write the queue's Redis could then run any code in a worker: an unpickled
payload, or a plain record naming `os.system`. So every queue and worker here reads jobs with
rq's JSONSerializer (data, no objects), and `CastilloJob` resolves only functions of
`workers.jobs` (no bound instances, no callbacks); any other job fails without running.
"""

from __future__ import annotations

from typing import Any

from rq.job import Job
from rq.serializers import JSONSerializer

SERIALIZER = JSONSerializer
ALLOWED_MODULE = "workers.jobs"


class RefusedJob(RuntimeError):
    """Raised (inside rq's job execution, so the job fails) for a job Castillo never enqueues."""


class CastilloJob(Job):
    """An rq job that resolves only `workers.jobs.<function>` and carries no callbacks."""

    @property
    def func(self) -> Any:
        """Returns the job's function when it is one of workers.jobs; raises RefusedJob otherwise."""
        name = self.func_name or ""
        module, _, function = name.rpartition(".")
        if self.instance is not None or module != ALLOWED_MODULE or not function.isidentifier():
            raise RefusedJob(f"refusing job {self.id}: {name!r} is not a function of {ALLOWED_MODULE}")
        return super().func

    @property
    def success_callback(self) -> Any:
        """Returns None: Castillo's jobs have no callbacks (one named in Redis is refused)."""
        return _no_callback(self, "_success_callback_name")

    @property
    def failure_callback(self) -> Any:
        """Returns None: Castillo's jobs have no callbacks (one named in Redis is refused)."""
        return _no_callback(self, "_failure_callback_name")

    @property
    def stopped_callback(self) -> Any:
        """Returns None: Castillo's jobs have no callbacks (one named in Redis is refused)."""
        return _no_callback(self, "_stopped_callback_name")


def _no_callback(job: Job, attribute: str) -> None:
    if getattr(job, attribute, None):
        raise RefusedJob(f"refusing job {job.id}: it names a callback, which Castillo's jobs never do")
