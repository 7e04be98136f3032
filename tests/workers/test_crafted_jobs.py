"""Trust finding 3, for rq: a job record written into the queue's Redis runs no code of its own.

An attacker who writes Redis can enqueue a job naming any function, or a pickled payload. The
workers read jobs as JSON and run only functions of workers.jobs (workers.jobclass): such jobs
fail without running, and Castillo's own jobs still run.
"""

from __future__ import annotations

from pathlib import Path

from rq import Queue
from rq.job import Job, JobStatus

from tests.workers import harness
from workers.jobclass import SERIALIZER


def test_jobs_naming_other_functions_or_pickled_fail_without_running(redis_url, r, smtp, tmp_path: Path):
    rt = harness.runtime(redis_url, smtp.url)
    proof = tmp_path / "ran"
    command = f"touch {proof}"
    forged = Queue(rt.queue.name, connection=rt.queue.connection, serializer=SERIALIZER)
    named = forged.enqueue("os.system", command)  # a plain JSON record naming another function
    callback = forged.enqueue("workers.jobs.on_entries", "nope", 1, 1, on_success="os.system")
    pickled = Queue(rt.queue.name, connection=rt.queue.connection).enqueue("os.system", command)  # pickle
    game_id = harness.create(rt)
    harness.pump(rt)  # runs every queued job, Castillo's own among them
    assert not proof.exists()
    for job in (named, callback, pickled):
        status = Job.fetch(job.id, connection=rt.queue.connection, serializer=SERIALIZER).get_status()
        assert status == JobStatus.FAILED, (job.id, status)
    assert len(smtp.inbox.wait_for(3)) == 3  # the game's invitations went out as usual
    assert game_id
