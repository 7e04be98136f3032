"""A real SMTP server (aiosmtpd) on a loopback port that keeps every message it accepts."""

from __future__ import annotations

import email
import email.policy
import socket
import threading
import time
from email.message import EmailMessage

from aiosmtpd.controller import Controller


def free_port() -> int:
    """Returns a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Inbox:
    """Collects the messages an aiosmtpd server accepted (the server's `handler`)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.raw: list[bytes] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.received_at: list[float] = []
        self.refused: set[str] = set()  # recipients answered 550 at RCPT TO
        self._cond = threading.Condition()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options) -> str:
        if address in self.refused:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self._cond:
            self.messages.append(message)  # type: ignore[arg-type]
            self.raw.append(envelope.original_content)
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
            self.received_at.append(time.time())
            self._cond.notify_all()
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        """Waits until at least `count` messages arrived; returns them all."""
        with self._cond:
            self._cond.wait_for(lambda: len(self.messages) >= count, timeout)
            return list(self.messages)

    def to(self, address: str) -> list[EmailMessage]:
        """Returns the messages addressed to `address`."""
        return [m for m in self.messages if address in str(m["To"])]


class SmtpServer:
    """Starts and stops an aiosmtpd server on one fixed port (so it can be 'down' and back)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = Inbox()
        self._controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> None:
        self._controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None
