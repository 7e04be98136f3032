"""Runs the workers: `castillo worker`, `castillo relay`, `castillo inbound-smtp`.

`castillo worker` runs an rq worker with its scheduler (`rq worker --with-scheduler`, through
rq's Python API in the main thread, where rq needs its signal handlers) on the `castillo`
queue, and the relay as a child process (`castillo relay`), started again if it exits and
stopped with the worker. Both wait out Redis outages (workers.outages) and record heartbeats
for GET /health (workers.keeper, service.heartbeats). Jobs run in the
worker process (rq's SimpleWorker): a fork per job costs more than the ~30 ms jobs themselves
(tests/bench/bench_workers.py); `--fork` gives rq's isolating Worker instead. Options:

    castillo worker [--smtp-listen HOST:PORT] [--no-relay] [--burst] [--fork]
    castillo relay [--buckets 0-63] [--sweep-every SECONDS]
    castillo inbound-smtp --listen HOST:PORT

Settings come from the environment (service.config.Config: REDIS_URL, QUEUE_REDIS_URL,
SMTP_URL, MAIL_FROM, MAIL_DOMAIN, PUBLIC_URL, SECRET_KEY, DATA_DIR), and how soon a job whose
worker died mid-job runs again (workers.recovery: JOB_TIMEOUT_S, JOB_GRACE_S,
WORKER_MAINTENANCE_S). Without REDIS_URL, a
command run next to `castillo serve` finds its embedded Redis and SECRET_KEY in DATA_DIR
(default ./castillo-data), so `castillo inbound-smtp --listen 127.0.0.1:2525` just works.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import MutableMapping, Sequence
from pathlib import Path

from service.store import BUCKETS
from workers.runtime import Runtime

log = logging.getLogger("castillo.workers")
COMMANDS = ("worker", "relay", "inbound-smtp")


def parse_buckets(text: str) -> tuple[int, ...]:
    """Returns the buckets of `0-15,32` (ranges and single numbers, 0..63)."""
    out: list[int] = []
    for part in filter(None, text.split(",")):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    if not out or any(not 0 <= b < BUCKETS for b in out):
        raise argparse.ArgumentTypeError(f"buckets are numbers 0..{BUCKETS - 1}, e.g. 0-15,32; got {text!r}")
    return tuple(dict.fromkeys(out))


def parser() -> argparse.ArgumentParser:
    """Returns the argument parser of the three commands."""
    p = argparse.ArgumentParser(prog="castillo", description="Castillo workers: jobs, relay, inbound mail")
    sub = p.add_subparsers(dest="command")
    w = sub.add_parser("worker", help="rq worker with scheduler, plus the relay (child process)")
    w.add_argument("--smtp-listen", metavar="HOST:PORT", help="also receive email replies over SMTP here")
    w.add_argument(
        "--no-relay", action="store_true", help="do not start the relay (run `castillo relay` apart)"
    )
    w.add_argument("--burst", action="store_true", help="run the queued and due jobs, then exit")
    w.add_argument(
        "--fork",
        action="store_true",
        help="fork a work horse per job (rq's default Worker) instead of running jobs in-process",
    )
    r = sub.add_parser("relay", help="turn the bucket outboxes into jobs; sweep missed deadlines")
    r.add_argument(
        "--buckets", type=parse_buckets, default=tuple(range(BUCKETS)), help="e.g. 0-15 (default: all 64)"
    )
    r.add_argument("--sweep-every", type=float, default=15.0, metavar="SECONDS")
    r.add_argument("--parent", type=int, default=0, help=argparse.SUPPRESS)  # stop when this process is gone
    i = sub.add_parser("inbound-smtp", help="receive email replies over SMTP (aiosmtpd)")
    i.add_argument("--listen", required=True, metavar="HOST:PORT")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command of `argv` (default sys.argv[1:]; `worker` when none is named)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        args.insert(0, "worker")
    ns = parser().parse_args(args)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd logs every SMTP command at INFO
    from workers.runtime import current

    use_embedded(os.environ)
    rt = current()
    if not rt.config.REDIS_URL:
        data = os.environ.get("DATA_DIR", "./castillo-data")
        print(
            f"castillo: REDIS_URL is not set and no `castillo serve` runs with data in {data} "
            "(start it there, or set REDIS_URL and SECRET_KEY)",
            file=sys.stderr,
        )
        return 2
    match ns.command:
        case "relay":
            return run_relay(rt, ns.buckets, ns.sweep_every, ns.parent)
        case "inbound-smtp":
            return run_inbound(rt, ns.listen)
    return run_worker(rt, ns)


def use_embedded(env: MutableMapping[str, str]) -> bool:
    """Points REDIS_URL (and SECRET_KEY) at a running `castillo serve`'s data folder when REDIS_URL is unset."""
    if env.get("REDIS_URL"):
        return False
    from service.embedded import EmbeddedRedis, secret_key

    data = env.get("DATA_DIR", "./castillo-data")
    server = EmbeddedRedis(Path(data) / "redis")
    try:
        import redis

        from service.redis_clients import probe_client

        probe_client(server.url).ping()
    except (OSError, redis.RedisError):
        return False
    env["REDIS_URL"] = server.url
    env.setdefault("SECRET_KEY", secret_key(data))
    log.info("using the embedded Redis of `castillo serve` at %s", server.url)
    return True


def _stop_on_signals() -> threading.Event:
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    return stop


def run_relay(rt: Runtime, buckets: Sequence[int], sweep_every: float, parent: int = 0) -> int:
    """Relays until SIGTERM/SIGINT (or, as a worker's child, until that worker is gone)."""
    from workers import relay

    stop = _stop_on_signals()
    if parent:
        threading.Thread(target=_watch_parent, args=(parent, stop), daemon=True).start()
    log.info("relay on %d buckets", len(buckets))
    relay.run(rt.redis, rt.queue, tuple(buckets), stop, sweep_every, rt.config.HEARTBEAT_S)
    return 0


def _watch_parent(parent: int, stop: threading.Event) -> None:
    """Sets `stop` once `parent` is no longer this process's parent (it died, even by SIGKILL)."""
    while not stop.wait(1.0):
        if os.getppid() != parent:
            log.warning("worker %d is gone; relay stopping", parent)
            stop.set()


def run_inbound(rt: Runtime, listen: str) -> int:
    """Receives email replies until SIGTERM/SIGINT."""
    from workers import inbound

    controller = inbound.start(rt, listen)
    _stop_on_signals().wait()
    controller.stop()
    return 0


def preload(rt: Runtime) -> None:
    """Imports the job modules and every game before rq forks a work horse per job.

    Forked horses inherit what the worker imported; without this each job would import
    the service and the engines again (hundreds of ms), and the imports die with the horse.
    """
    import engine
    import workers.jobs  # noqa: F401 - imported for the forked work horses

    for name in engine.GAMES:
        engine.get_game(name)
    _ = rt.games, rt.transport


def run_worker(rt: Runtime, ns: argparse.Namespace) -> int:
    """Runs the rq worker in the main thread (through Redis outages), the relay as a child kept
    running, the heartbeat and the SMTP listener as threads."""
    from workers import outages, recovery
    from workers.keeper import Keeper

    relay = [sys.executable, "-m", "workers.cli", "relay", "--parent", str(os.getpid())]
    keeper = None if ns.burst else Keeper(rt, None if ns.no_relay else relay).start()
    controller = None
    if ns.smtp_listen:
        from workers import inbound

        controller = inbound.start(rt, ns.smtp_listen)
    preload(rt)
    log.info(rt.transport.describe())
    try:
        if ns.burst:
            recovery.worker([rt.queue], fork=ns.fork).work(with_scheduler=True, burst=True)
        else:
            outages.work([rt.queue], ns.fork, threading.Event())
    finally:
        if controller is not None:
            controller.stop()
        if keeper is not None:
            keeper.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
