"""Receives replies over SMTP (aiosmtpd): `castillo worker --smtp-listen HOST:PORT` or
`castillo inbound-smtp --listen HOST:PORT`.

Point the MX (or a forwarding rule) of MAIL_DOMAIN's `r-…` addresses here. A recipient is
accepted at RCPT time only if it is a live reply address of ours (else `550 5.1.1`), so
forged or expired addresses bounce at the sender's server and never reach a job; an
accepted message is queued as `workers.jobs.inbound` and answered by email.
"""

from __future__ import annotations

import logging
from typing import Any

from aiosmtpd.controller import Controller

from service import mailplay
from workers.runtime import Runtime

log = logging.getLogger("castillo.inbound")
MAX_MESSAGE_BYTES = 1_000_000


class ReplyHandler:
    """aiosmtpd hooks: vet recipients against the reply-address store, queue the message."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        domain = self.runtime.config.MAIL_DOMAIN
        if mailplay.resolve_address(self.runtime.redis, address, domain) is None:
            return "550 5.1.1 unknown or expired reply address"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = bytes(envelope.original_content or envelope.content)
        job = mailplay.enqueue_inbound(self.runtime.queue, raw, tuple(envelope.rcpt_tos))
        log.info("inbound message from %s for %s queued as %s", envelope.mail_from, envelope.rcpt_tos, job)
        return "250 2.0.0 queued"


def parse_listen(value: str) -> tuple[str, int]:
    """Returns (host, port) of `HOST:PORT`; raises ValueError with the expected form."""
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit():
        raise ValueError(f"--smtp-listen wants HOST:PORT, got {value!r}")
    return host or "127.0.0.1", int(port)


def start(runtime: Runtime, listen: str) -> Controller:
    """Starts the listener on `listen` in a background thread; returns its controller."""
    host, port = parse_listen(listen)
    controller = Controller(
        ReplyHandler(runtime), hostname=host, port=port, data_size_limit=MAX_MESSAGE_BYTES
    )
    controller.start()
    log.info("listening for email replies on %s:%d", host, port)
    return controller
