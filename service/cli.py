"""The `castillo` console script: dispatches each subcommand to its layer, importing it lazily.

    castillo serve [--host H] [--port 8000] [--data ./castillo-data] [--workers N] [--threads T]
    castillo streams [--host H] [--port 8001] [--upstream unix:PATH | http://HOST:PORT]
    castillo worker | relay | inbound-smtp ...      (workers.cli)
    castillo new | catalog | status | moves | play | follow | history | record | verify | bots ...   (clients.cli)

`serve` locks its data folder (a second `serve` on it exits naming the first), starts an
embedded Redis there unless REDIS_URL is set (AOF on), and supervises its children
(service.supervise: each restarted with back-off when it dies): gunicorn (gthread) on a unix
socket in the data folder, the stream server on --port as the public front (it serves the
streams and proxies every other request to gunicorn), and, in embedded mode, a `castillo
worker`. With REDIS_URL, start `castillo worker` processes yourself.

A global `--lang LANGUAGE` before the command (`castillo --lang hu status GAME`) is handed to
the client commands, which also take it after the command (clients.i18n picks the language).

`streams` runs the stream server alone (service.streams), for a proxy that routes
`/games/*/stream` to it and everything else to gunicorn.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.i18n import _, speaking

log = logging.getLogger("castillo.serve")

WORKER_COMMANDS = ("worker", "relay", "inbound-smtp")
CLIENT_COMMANDS = (
    "play",
    "status",
    "show",
    "moves",
    "follow",
    "history",
    "record",
    "verify",
    "new",
    "bots",
    "catalog",
)


def usage() -> str:
    """Returns the overview of the commands, in the current language."""
    return "\n".join(
        (
            _("usage: castillo [--lang LANGUAGE] <command> [options]"),
            "",
            "  serve        "
            + _("run the HTTP service (embedded Redis and a worker unless REDIS_URL is set)"),
            "  streams      "
            + _("run the stream server alone (live updates; see `castillo streams --help`)"),
            f"  {', '.join(WORKER_COMMANDS)}   " + _("background workers (see `castillo worker --help`)"),
            f"  {', '.join(CLIENT_COMMANDS)}",
            "               " + _("client commands (see `castillo play --help`)"),
            "",
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the subcommand named by argv[0] (default sys.argv[1:]); returns the exit status."""
    lang, args = global_lang(list(sys.argv[1:] if argv is None else argv))
    if not args or args[0] in ("-h", "--help", "help") or args[0] not in KNOWN:
        return help_text(args[0] if args else None, lang)
    command = args[0]
    if command == "serve":
        return serve(args[1:])
    if command == "streams":
        return streams(args[1:])
    if command in WORKER_COMMANDS:
        from workers.cli import main as workers_main

        return int(workers_main(args) or 0)
    from clients.cli import main as clients_main  # type: ignore[import-not-found]

    return int(clients_main([command, *lang, *args[1:]]) or 0)  # one of CLIENT_COMMANDS


KNOWN = frozenset({"serve", "streams", *WORKER_COMMANDS, *CLIENT_COMMANDS})


def help_text(command: str | None, lang: list[str]) -> int:
    """Prints the overview (to stderr after an unknown command) in the chosen language; returns
    the exit status: 0 for help, 2 for an unknown command."""
    import service.i18n  # noqa: F401  (registers the api catalog, where these words are)
    from clients.cli import lang_flag  # type: ignore[import-not-found]
    from clients.i18n import choose

    with speaking(choose(lang_flag(lang), os.environ)):
        if command is None or command in ("-h", "--help", "help"):
            print(usage())
            return 0
        text = _("castillo: unknown command {command}").format(command=repr(command))
        print(f"{text}\n\n{usage()}", file=sys.stderr)
        return 2


def global_lang(args: list[str]) -> tuple[list[str], list[str]]:
    """Returns a leading `--lang X` (or `--lang=X`) and the arguments after it (the client
    commands get it after their name; the others speak English and ignore it)."""
    if args[:1] == ["--lang"] and len(args) >= 2:
        return args[:2], args[2:]
    if args and args[0].startswith("--lang="):
        return args[:1], args[1:]
    return [], args


def serve_parser() -> argparse.ArgumentParser:
    """Returns the options of `castillo serve`."""
    p = argparse.ArgumentParser(prog="castillo serve", description="Run the Castillo HTTP service")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--data",
        default=os.environ.get("DATA_DIR", "./castillo-data"),
        help="folder of the embedded Redis (AOF), the secret key and the API's socket (default ./castillo-data)",
    )
    p.add_argument("--workers", type=int, default=1, help="gunicorn worker processes (gthread)")
    p.add_argument("--threads", type=int, default=8, help="threads per gunicorn worker (streams need none)")
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


def streams_parser() -> argparse.ArgumentParser:
    """Returns the options of `castillo streams`."""
    p = argparse.ArgumentParser(
        prog="castillo streams",
        description="Run the stream server (GET /games/{id}/stream); settings from the environment",
    )
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8001)
    p.add_argument(
        "--upstream",
        metavar="unix:PATH|http://HOST:PORT",
        help="also proxy every other request to the API server there (as the front of `castillo serve`)",
    )
    return p


def gunicorn_command(bind: str, workers: int, threads: int) -> list[str]:
    """Returns the API server's command: gunicorn with threaded (gthread) workers bound to `bind`.

    `bind` is HOST:PORT or unix:PATH. Its keep-alive (60 s) outlasts the front's pooled
    connections (service.streams.proxy.KEEPALIVE_S), so the front never reuses one gunicorn closed.
    """
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
        bind,
        "--timeout",
        "60",
        "--graceful-timeout",
        "5",
        "--keep-alive",
        "60",
        *GUNICORN_LIMITS,
        *no_control_socket(),
        "service.wsgi:app",
    ]


def no_control_socket() -> list[str]:
    """Returns `--no-control-socket` where gunicorn has a control socket (27 and later): it opens
    one at a path shared by every gunicorn of the user (~/.gunicorn/gunicorn.ctl), so a second
    server would take it over; Castillo does not use it. Older gunicorns know no such flag."""
    from gunicorn.config import KNOWN_SETTINGS

    return ["--no-control-socket"] if any(s.name == "control_socket_disable" for s in KNOWN_SETTINGS) else []


def streams_command(host: str, port: int, upstream: str) -> list[str]:
    """Returns the front's command: the stream server on host:port, proxying the rest to `upstream`."""
    command = [sys.executable, "-m", "service.cli", "streams", "--host", host, "--port", str(port)]
    return [*command, "--upstream", upstream]


def with_unix(trusted: str) -> str:
    """Returns TRUSTED_PROXIES with `unix` in it (the front reaches gunicorn on a unix socket)."""
    items = [item.strip() for item in trusted.split(",") if item.strip()]
    return ",".join(items if "unix" in items else [*items, "unix"])


def serve(argv: Sequence[str]) -> int:
    """Runs `castillo serve` (see the module docstring) until SIGTERM or SIGINT; returns the exit status."""
    from service.embedded import EmbeddedRedis, secret_key
    from service.folderlock import FolderBusy, FolderLock
    from service.receipts import write_key_file
    from service.supervise import Supervisor

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ns = serve_parser().parse_args(list(argv))
    data = Path(ns.data).resolve()
    try:
        FolderLock(data).acquire()  # held until this process exits
    except FolderBusy as exc:
        print(f"castillo serve: {exc}", file=sys.stderr)
        return 1
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
    log.info("serving on %s", env["PUBLIC_URL"])
    return Supervisor(serve_children(ns, env, data, worker=redis_server is not None), redis_server).run()


def serve_children(ns: argparse.Namespace, env: dict[str, str], data: Path, worker: bool) -> list[Any]:
    """Returns the children of `castillo serve`: gunicorn on the data folder's socket, the front, the worker."""
    from service.supervise import Child

    upstream = f"unix:{data / 'gunicorn.sock'}"
    api_env = {**env, "TRUSTED_PROXIES": with_unix(env.get("TRUSTED_PROXIES", ""))}
    children = [
        Child("gunicorn", gunicorn_command(upstream, ns.workers, ns.threads), api_env),
        Child("streams", streams_command(ns.host, ns.port, upstream), env),
    ]
    if worker and not ns.no_worker:
        if _importable("workers.cli"):
            children.append(Child("worker", [sys.executable, "-m", "service.cli", "worker"], env))
        else:
            log.warning("workers.cli is not importable: no worker spawned (no emails, no deadlines)")
    return children


def streams(argv: Sequence[str]) -> int:
    """Runs `castillo streams` until SIGTERM or SIGINT; returns the exit status."""
    from service.config import Config
    from service.streams.server import run

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ns = streams_parser().parse_args(list(argv))
    config = Config.from_env()
    if not config.REDIS_URL:
        print(
            "castillo streams: set REDIS_URL (and SECRET_KEY, ADMIN_TOKEN as the API has them)",
            file=sys.stderr,
        )
        return 2
    run(config, ns.host, ns.port, ns.upstream)
    return 0


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


if __name__ == "__main__":
    sys.exit(main())
