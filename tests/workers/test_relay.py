"""The relay resumes where a crashed one stopped, and reminders go out once while a prompt is open."""

from __future__ import annotations

from service.store import outbox_key
from tests.workers import harness
from workers import jobs, relay
from workers.deadlines import planned


def test_entries_a_crashed_relay_read_but_never_acknowledged_are_reclaimed(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    relay.ensure_groups(rt.redis, harness.BUCKET_RANGE)
    harness.create(rt)
    streams = [outbox_key(b) for b in harness.BUCKET_RANGE]
    read = [rt.redis.xreadgroup(relay.GROUP, "crashed-relay", {s: ">"}, count=100) for s in streams]
    assert sum(len(entries) for reply in read for _, entries in reply) == 1  # read, then the process died
    assert relay.relay_once(rt.redis, rt.queue, "new-relay", harness.BUCKET_RANGE, block_ms=None) == 0
    assert relay.reclaim(rt.redis, rt.queue, "new-relay", harness.BUCKET_RANGE, min_idle_ms=0) == 1
    harness.work(rt)
    assert len(smtp.inbox.wait_for(3)) == 3
    assert relay.reclaim(rt.redis, rt.queue, "new-relay", harness.BUCKET_RANGE, min_idle_ms=0) == 0
    pending = [rt.redis.xpending(s, relay.GROUP)["pending"] for s in streams]
    assert sum(pending) == 0


def test_reminders_go_out_once_and_only_while_the_prompt_is_open(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, time_control={"per_move": 7200, "reminders": [3600]})
    harness.pump(rt)
    [plan] = planned(rt, game_id)
    assert len(plan.reminders) == 1
    assert jobs.reminder(game_id, plan.seat, plan.prompt, 0) == "sent"
    assert jobs.reminder(game_id, plan.seat, plan.prompt, 0) == "sent-before"
    message = smtp.inbox.wait_for(4)[3]
    assert "reminder" in message["Subject"] and message["Reply-To"].startswith("r-")
    loaded = rt.games.load(game_id)
    rt.games.submit(game_id, plan.seat, [loaded.game.legal_moves(loaded.folded.state, plan.seat)[0]])
    assert jobs.reminder(game_id, plan.seat, plan.prompt, 1) == "closed"


def test_one_job_per_game_covers_the_versions_of_its_outbox_entries(redis_url, r):
    rt = harness.runtime(redis_url, "smtp://127.0.0.1:9")
    entries = [
        (b"1-0", {b"game": b"g1", b"first": b"1", b"v": b"9"}),
        (b"2-0", {b"game": b"g1", b"first": b"10", b"v": b"12"}),
        (b"3-0", {b"game": b"g2", b"v": b"4"}),  # written before outbox entries named `first`
    ]
    stream = outbox_key(0)
    relay.ensure_groups(rt.redis, [0])
    assert relay.dispatch(rt.redis, rt.queue, stream, entries) == 3
    calls = sorted(tuple(job.args) for job in rt.queue.get_jobs())
    assert calls == [("g1", 1, 12), ("g2", 4, 4)]
