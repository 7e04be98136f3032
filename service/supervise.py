"""Keeps the children of `castillo serve` running: each one restarted with back-off when it dies.

Children (gunicorn, the stream server, the worker) are plain processes; the embedded Redis
is restarted from its append-only file. A child that dies is logged with its exit status and
started again after a pause that doubles with each quick death (0.5 s, 1 s, 2 s ... at most
30 s) and falls back to 0.5 s once a child has run for STABLE_S. SIGTERM or SIGINT stops the
children in the reverse order of their start, then the Redis.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("castillo.serve")

FIRST_PAUSE_S = 0.5
MAX_PAUSE_S = 30.0
STABLE_S = 30.0
POLL_S = 0.2
STOP_WAIT_S = 15.0


@dataclass
class Child:
    """One supervised process: its command, and when it last started and how often it died quickly."""

    name: str
    command: list[str]
    env: dict[str, str]
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    started: float = 0.0
    quick_deaths: int = 0
    due: float = 0.0

    def start(self, now: float) -> None:
        """Starts the process."""
        self.process = subprocess.Popen(self.command, env=self.env)
        self.started = now
        log.info("%s started (pid %d)", self.name, self.process.pid)

    def pause_after_death(self, now: float) -> float:
        """Returns how long to wait before starting again a process that just died, and schedules it."""
        self.quick_deaths = 0 if now - self.started >= STABLE_S else self.quick_deaths + 1
        pause = min(MAX_PAUSE_S, FIRST_PAUSE_S * 2 ** max(0, self.quick_deaths - 1))
        self.due = now + pause
        return pause

    def stop(self) -> None:
        """Stops the process: SIGTERM, then SIGKILL if it has not exited within STOP_WAIT_S."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=STOP_WAIT_S)
        except subprocess.TimeoutExpired:
            log.warning("%s ignored SIGTERM for %.0f s; killing it", self.name, STOP_WAIT_S)
            process.kill()
            process.wait()


class Supervisor:
    """Runs the children and the embedded Redis (if any) until a signal stops them."""

    def __init__(self, children: list[Child], redis_server: Any | None = None) -> None:
        self.children = children
        self.redis_server = redis_server
        self.stopping = False

    def run(self) -> int:
        """Starts every child, restarts any that dies, and stops them all on SIGTERM/SIGINT."""
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        now = time.monotonic()
        for child in self.children:
            child.start(now)
        try:
            while not self.stopping:
                time.sleep(POLL_S)
                self.tick(time.monotonic())
        finally:
            for child in reversed(self.children):
                child.stop()
            if self.redis_server is not None:
                self.redis_server.stop()
        return 0

    def tick(self, now: float) -> None:
        """Restarts the Redis if it died, notices children that died and starts those that are due."""
        if self.redis_server is not None and not self.redis_server.alive():
            log.warning("embedded Redis exited; restarting it from its append-only file")
            self.redis_server.start()
        for child in self.children:
            if child.process is None:
                if now >= child.due and not self.stopping:
                    child.start(now)
                continue
            status = child.process.poll()
            if status is not None:
                ran = now - child.started
                pause = child.pause_after_death(now)
                log.warning(
                    "%s exited with status %s after %.1f s; restarting it in %.1f s",
                    child.name,
                    status,
                    ran,
                    pause,
                )
                child.process = None

    def _stop(self, signum: int, _frame: object) -> None:
        log.info("signal %s: stopping", signum)
        self.stopping = True
