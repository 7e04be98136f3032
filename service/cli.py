"""The `castillo` console script: dispatches each subcommand to its layer, importing it lazily.

    castillo serve [--host H] [--port 8000] [--data ./castillo-data] [--workers N] [--threads T]
    castillo worker | relay | inbound-smtp ...      (workers.cli)
    castillo new | status | moves | play | follow | history | record | verify | bots ...   (clients.cli)

`serve` without REDIS_URL starts an embedded Redis (AOF on, data in --data), supervises a
`castillo worker` child with REDIS_URL pointing at it, and runs gunicorn (gthread workers,
for SSE). With REDIS_URL it only runs gunicorn: start `castillo worker` processes yourself.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger("castillo.serve")

WORKER_COMMANDS = ("worker", "relay", "inbound-smtp")
CLIENT_COMMANDS = ("play", "status", "show", "moves", "follow", "history", "record", "verify", "new", "bots")
USAGE = f"""usage: castillo <command> [options]

  serve        run the HTTP service (embedded Redis and a worker unless REDIS_URL is set)
  {", ".join(WORKER_COMMANDS)}   background workers (see `castillo worker --help`)
  {", ".join(CLIENT_COMMANDS)}
               client commands (see `castillo play --help`)
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the subcommand named by argv[0] (default sys.argv[1:]); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    command = args[0]
    if command == "serve":
        return serve(args[1:])
    if command in WORKER_COMMANDS:
        from workers.cli import main as workers_main

        return int(workers_main(args) or 0)
    if command in CLIENT_COMMANDS:
        from clients.cli import main as clients_main  # type: ignore[import-not-found]

        return int(clients_main(args) or 0)
    print(f"castillo: unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


def serve_parser() -> argparse.ArgumentParser:
    """Returns the options of `castillo serve`."""
    p = argparse.ArgumentParser(prog="castillo serve", description="Run the Castillo HTTP service")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--data",
        default=os.environ.get("DATA_DIR", "./castillo-data"),
        help="folder of the embedded Redis (AOF) and the secret key (default ./castillo-data)",
    )
    p.add_argument("--workers", type=int, default=1, help="gunicorn worker processes (gthread)")
    p.add_argument("--threads", type=int, default=32, help="threads per gunicorn worker (SSE holds one each)")
    p.add_argument("--no-worker", action="store_true", help="do not spawn `castillo worker` (embedded mode)")
    return p


GUNICORN_LIMITS = (
    "--limit-request-line",
    "8190",
    "--limit-request-fields",
    "200",
    "--limit-request-field_size",
    "16380",
)
"""gunicorn's request limits, above the app's own (service.api.inputs: a 4,096-byte URL, 100 header
fields of 8,190 bytes), so the app answers those with problem+json; past these gunicorn answers
itself, in HTML (the request line's 8,190 is gunicorn's maximum)."""


def gunicorn_command(host: str, port: int, workers: int, threads: int) -> list[str]:
    """Returns the production command: gunicorn with threaded (gthread) workers."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--worker-class",
        "gthread",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--bind",
        f"{host}:{port}",
        "--timeout",
        "60",
        "--graceful-timeout",
        "5",
        "--keep-alive",
        "5",
        *GUNICORN_LIMITS,
        "service.wsgi:app",
    ]


def serve(argv: Sequence[str]) -> int:
    """Runs `castillo serve` (see the module docstring); returns when the HTTP server stops."""
    from service.embedded import EmbeddedRedis, secret_key
    from service.receipts import write_key_file

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ns = serve_parser().parse_args(list(argv))
    data = Path(ns.data).resolve()
    env = dict(os.environ)
    env.setdefault("SECRET_KEY", secret_key(data))
    env.setdefault("DATA_DIR", str(data))
    env.setdefault("PUBLIC_URL", f"http://{ns.host}:{ns.port}")
    redis_server = None
    if not env.get("REDIS_URL"):
        env.setdefault("RECEIPT_KEY_FILE", str(write_key_file(data / "receipt_key.pem")))
        redis_server = EmbeddedRedis(data / "redis")
        env["REDIS_URL"] = redis_server.start()
        log.info("embedded Redis (AOF) at %s, data in %s", env["REDIS_URL"], redis_server.folder)
    supervisor = Supervisor(env, redis_server, spawn_worker=redis_server is not None and not ns.no_worker)
    return supervisor.run(gunicorn_command(ns.host, ns.port, ns.workers, ns.threads))


class Supervisor:
    """Keeps the children of `castillo serve` running: gunicorn, the worker, the embedded Redis."""

    def __init__(self, env: dict[str, str], redis_server: object | None, spawn_worker: bool) -> None:
        self.env = env
        self.redis_server = redis_server
        self.spawn_worker = spawn_worker and _importable("workers.cli")
        if spawn_worker and not self.spawn_worker:
            log.warning("workers.cli is not importable: no worker spawned (no emails, no deadlines)")
        self.worker: subprocess.Popen[bytes] | None = None
        self.stopping = False

    def run(self, server_command: list[str]) -> int:
        """Starts the children, restarts a dead worker, and stops all when the server ends or on a signal."""
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        server = subprocess.Popen(server_command, env=self.env)
        log.info("serving on %s", self.env.get("PUBLIC_URL"))
        self._start_worker()
        try:
            while not self.stopping and server.poll() is None:
                time.sleep(0.5)
                self._revive()
        finally:
            self._terminate(server)
            self._terminate(self.worker)
            if self.redis_server is not None:
                self.redis_server.stop()  # type: ignore[attr-defined]
        return server.returncode or 0

    def _revive(self) -> None:
        """Restarts the embedded Redis (from its AOF) or the worker if either has died."""
        if self.redis_server is not None and not self.redis_server.alive():  # type: ignore[attr-defined]
            log.warning("embedded Redis exited; restarting it from its append-only file")
            self.redis_server.start()  # type: ignore[attr-defined]
        if self.spawn_worker and self.worker is not None and self.worker.poll() is not None:
            log.warning("worker exited with %s; restarting it", self.worker.returncode)
            time.sleep(1)
            self._start_worker()

    def _start_worker(self) -> None:
        if self.spawn_worker and not self.stopping:
            command = [sys.executable, "-m", "service.cli", "worker"]
            self.worker = subprocess.Popen(command, env=self.env)

    def _stop(self, signum: int, _frame: object) -> None:
        log.info("signal %s: stopping", signum)
        self.stopping = True

    @staticmethod
    def _terminate(process: subprocess.Popen[bytes] | None) -> None:
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


if __name__ == "__main__":
    sys.exit(main())
