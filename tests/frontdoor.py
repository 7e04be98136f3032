"""Runs the real layout in the test process: the Flask app on a threaded werkzeug server, and the
stream server (service.streams) on its own event loop in a background thread, in front of it.

`Front(config)` is a context manager yielding the front's base URL: streams are served by the
stream server, every other request is proxied to the Flask app, as `castillo serve` does.
`Front(config, api=False)` runs the stream server alone (as `castillo streams`), and
`Front(config, wsgi=other_app)` puts another WSGI app behind it.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from werkzeug.serving import BaseWSGIServer, make_server

from service.app import create_app
from service.config import Config
from service.streams.hub import Hub
from service.streams.server import HUB, make_app, start


class Front:
    """The stream server in a thread (with the Flask app behind it unless `api` is False)."""

    def __init__(self, config: Config, api: bool = True, wsgi: Any = None, port: int = 0) -> None:
        self.config = config
        self.api = api
        self.wsgi_app = wsgi
        self.wsgi: BaseWSGIServer | None = None
        self.loop = asyncio.new_event_loop()
        self.thread: threading.Thread | None = None
        self.port = port
        self.app: Any = None

    @property
    def url(self) -> str:
        """Returns the front's base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """Returns the base URL of the WSGI server behind the front (requests sent there skip it)."""
        assert self.wsgi is not None
        return f"http://127.0.0.1:{self.wsgi.server_port}"

    @property
    def hub(self) -> Hub:
        """Returns the stream server's hub (for looking inside)."""
        return self.app[HUB]

    def __enter__(self) -> str:
        upstream = None
        if self.api:
            logging.getLogger("werkzeug").setLevel(logging.WARNING)
            app = self.wsgi_app or create_app(self.config)
            self.wsgi = make_server("127.0.0.1", 0, app, threaded=True)
            self.wsgi.daemon_threads = True
            threading.Thread(target=self.wsgi.serve_forever, daemon=True).start()
            upstream = f"http://127.0.0.1:{self.wsgi.server_port}"
        self.app = make_app(self.config, upstream)
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True, name="stream-server")
        self.thread.start()
        if not ready.wait(20):
            raise RuntimeError("the stream server did not start")
        return self.url

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        runner = self.loop.run_until_complete(start(self.app, "127.0.0.1", self.port))
        self.port = runner.addresses[0][1]
        ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(runner.cleanup())
        self.loop.close()

    def call(self, func: Any, *args: Any) -> Any:
        """Runs `func(*args)` on the server's loop and returns its result (for looking inside)."""
        future = asyncio.run_coroutine_threadsafe(_call(func, *args), self.loop)
        return future.result(timeout=10)

    def __exit__(self, *_exc: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        if self.thread is not None:
            self.thread.join(timeout=20)
        if self.wsgi is not None:
            self.wsgi.shutdown()


async def _call(func: Any, *args: Any) -> Any:
    return func(*args)
