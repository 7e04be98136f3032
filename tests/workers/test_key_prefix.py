"""Every key a game writes carries KEY_PREFIX, and a test run removes only what it wrote (decision 7)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest
from rq import Queue

from service import store
from service.app import create_app
from service.config import Config
from tests.conftest import PREFIX, connect, remove_run_keys, store_urls
from tests.workers import harness
from workers import deadlines

pytestmark = pytest.mark.single_redis("about key prefixes and rq's keys, which share the single server")


@pytest.fixture
def other_prefix() -> Iterator[str]:
    """Switches this process to a prefix of its own for one test, then back to the run's."""
    prefix = f"castillo-other-{uuid.uuid4().hex[:10]}"
    store.use_prefix(prefix)
    yield prefix
    store.use_prefix(PREFIX)


def test_a_whole_game_writes_only_keys_under_its_prefix(redis_url, other_prefix, smtp, monkeypatch):
    monkeypatch.setenv("KEY_PREFIX", other_prefix)
    rt = harness.runtime(redis_url, smtp.url)
    assert rt.queue.name == other_prefix
    game_id = harness.create(rt, seats=2, time_control={"per_move": 3600, "reminders": [1800]})
    harness.pump(rt)
    deadlines.sweep(time.time() + 86400, rt)  # an auto-pass, its emails and the next prompt's jobs
    harness.pump(rt)
    client = connect(redis_url, decode=True)
    try:
        ours = set(client.scan_iter(match=f"{other_prefix}:*", count=1000))
        assert any(key.endswith(f":g:{game_id}:log") for key in ours)
        for key in client.scan_iter(match=f"*{game_id}*", count=1000):
            job = key.startswith("rq:job:") and client.hget(key, "origin") == other_prefix
            assert key in ours or job or key.startswith("rq:results:"), key
    finally:
        assert remove_run_keys(connect(redis_url), other_prefix) > 0
    assert not list(client.scan_iter(match=f"*{game_id}*", count=1000))


def test_removing_a_runs_keys_leaves_every_other_key_alone(redis_url, other_prefix):
    client = connect(redis_url)
    theirs = f"newcomer-{uuid.uuid4().hex[:8]}"
    bystander = f"{theirs}:{{b1}}:g:x:log"  # looks like a game key, under someone else's prefix
    client.set(bystander, "keep", ex=600)
    their_job = Queue(theirs, connection=client).enqueue("builtins.print", "keep")
    our_job = Queue(other_prefix, connection=client).enqueue("builtins.print", "drop")
    client.set(store.plain_key("mine"), "drop")
    try:
        remove_run_keys(client, other_prefix)
        assert client.get(bystander) == b"keep"
        assert client.exists(f"rq:job:{their_job.id}") and client.exists(f"rq:queue:{theirs}")
        assert not client.exists(f"rq:job:{our_job.id}", f"rq:queue:{other_prefix}", store.plain_key("mine"))
    finally:
        remove_run_keys(client, theirs)
        client.delete(bystander)
    assert not client.exists(f"rq:job:{their_job.id}", bystander)


@pytest.mark.parametrize("bad", ["", "{b1}", "a b", "x" * 65, "caf\u00e9"])
def test_a_prefix_that_could_break_hash_tags_or_keys_is_refused(redis_url, bad):
    with pytest.raises(ValueError, match="KEY_PREFIX must be"):
        create_app(Config(**store_urls(redis_url), SECRET_KEY="k", KEY_PREFIX=bad))
    assert store.prefix() == PREFIX
