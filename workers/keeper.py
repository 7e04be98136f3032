"""Keeps a `castillo worker` process visible and whole: its heartbeat, and its relay child.

A thread beats for the worker every HEARTBEAT_S (service.heartbeats), so GET /health tells a
live worker from a dead one, and starts the relay child again whenever it exited (the relay
itself waits out Redis outages; this covers a crash). A Redis outage is logged once, as in
workers.outages; the heartbeat is removed when the worker stops cleanly.
"""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import threading

from service import heartbeats
from service.redis_clients import STORE_ERRORS
from workers.outages import OUTAGE, Backoff
from workers.runtime import Runtime

log = logging.getLogger("castillo.workers")


class Keeper:
    """The worker's heartbeat and its relay child (started by `start`, stopped by `stop`)."""

    def __init__(self, rt: Runtime, relay: list[str] | None) -> None:
        self.rt = rt
        self.relay = relay
        self.child: subprocess.Popen[bytes] | None = None
        self.who = heartbeats.member("worker", socket.gethostname(), os.getpid())
        self.backoff = Backoff("worker heartbeat", log)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="castillo-keeper", daemon=True)

    def start(self) -> Keeper:
        """Starts the relay child (if any) and the heartbeat thread; returns self."""
        if self.relay is not None:
            self.child = subprocess.Popen(self.relay)
        self.thread.start()
        return self

    def _run(self) -> None:
        while not self.done.wait(self._beat()):
            self._keep_relay()

    def _beat(self) -> float:
        """Beats once; returns the seconds to the next beat (sooner while Redis is away)."""
        interval = self.rt.config.HEARTBEAT_S
        try:
            heartbeats.beat(self.rt.redis, self.who)
        except OUTAGE as exc:
            return min(interval, self.backoff.failed(exc))
        self.backoff.succeeded()
        return interval

    def _keep_relay(self) -> None:
        """Starts the relay child again if it exited."""
        if self.relay is None or self.child is None or self.child.poll() is None:
            return
        log.warning(
            "the relay (pid %d) exited with %s; starting it again", self.child.pid, self.child.returncode
        )
        self.child = subprocess.Popen(self.relay)

    def stop(self) -> None:
        """Stops the thread and the relay child, and removes the worker's heartbeat."""
        self.done.set()
        self.thread.join(timeout=10)
        if self.child is not None:
            self.child.terminate()
            self.child.wait(timeout=10)
        try:
            heartbeats.forget(self.rt.redis, self.who)
        except STORE_ERRORS:
            pass
