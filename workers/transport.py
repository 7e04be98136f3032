"""Delivers composed messages exactly once: SMTP at `SMTP_URL`, else a local maildir.

`SMTP_URL` is `smtp://[user:pass@]host[:port]` (plain; `?starttls=1` upgrades) or
`smtps://…` (implicit TLS). Without it (the embedded default) messages land in
`<DATA_DIR>/maildir` and the first link of each is logged, so a newcomer can click it.

"Exactly once" per (event, seat, kind): `deliver` claims a `SET NX` marker before sending
and releases it when sending fails, so rq's retry can try again. The claim is a lease of
JOB_TIMEOUT_S: a worker killed mid-send cannot release it, and the job's retry (rq finds
the job abandoned only later, workers.recovery) sends once it lapsed. The Message-ID is
derived from the same key, so even a message sent twice by a crash between the SMTP
reply and the marker is recognisably one message to every mail client.
"""

from __future__ import annotations

import logging
import mailbox
import os
import re
import smtplib
import ssl
import threading
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

import redis

from workers.recovery import Recovery

log = logging.getLogger("castillo.mail")
MARKER_TTL_S = 120 * 24 * 3600
SENDING = "sending"  # the marker's value while an attempt holds its lease
SMTP_TIMEOUT_S = 10.0
_OPEN: dict[Transport, smtplib.SMTP] = {}  # one kept-open connection per server, per process
_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class Transport:
    """Where messages go: an SMTP server (host set) or a maildir folder."""

    host: str | None = None
    port: int = 25
    user: str | None = None
    password: str | None = None
    tls: str = "none"  # "none" | "starttls" | "ssl"
    maildir: str | None = None

    @classmethod
    def from_settings(cls, smtp_url: str | None, data_dir: str) -> Transport:
        """Returns the SMTP transport of `smtp_url`, or the maildir under `data_dir` without one."""
        if not smtp_url:
            return cls(maildir=os.path.join(data_dir, "maildir"))
        url = urlsplit(smtp_url)
        if url.scheme not in ("smtp", "smtps") or not url.hostname:
            raise ValueError(
                f"SMTP_URL must look like smtp://host:port or smtps://host:port, got {smtp_url!r}"
            )
        starttls = parse_qs(url.query).get("starttls", ["0"])[0] in ("1", "true", "yes")
        tls = "ssl" if url.scheme == "smtps" else "starttls" if starttls else "none"
        return cls(
            host=url.hostname,
            port=url.port or (465 if tls == "ssl" else 25),
            user=unquote(url.username) if url.username else None,
            password=unquote(url.password) if url.password else None,
            tls=tls,
        )

    def describe(self) -> str:
        """Returns where mail goes, for the worker's start-up log (never the password)."""
        if self.host is None:
            return f"mail is stored in the maildir {os.path.abspath(self.maildir or '')} (no SMTP_URL)"
        return f"mail goes to SMTP {self.host}:{self.port} ({self.tls})"

    def send(self, message: EmailMessage) -> None:
        """Hands `message` to the SMTP server or writes it to the maildir; raises when that fails.

        The SMTP connection stays open for the next message of this process; a connection the
        server dropped meanwhile is replaced once, and any other failure closes it.
        """
        if self.host is None:
            self._store(message)
            return
        with _LOCK:
            try:
                self._send_reusing(message)
            except BaseException:
                self._close()
                raise

    def _send_reusing(self, message: EmailMessage) -> None:
        sender, recipients = envelope(message)
        if self in _OPEN:
            try:
                _OPEN[self].send_message(message, sender, recipients)
                return
            except (smtplib.SMTPServerDisconnected, ConnectionError):
                self._close()  # the server closed an idle connection: open a fresh one
        self._connection().send_message(message, sender, recipients)

    def _connection(self) -> smtplib.SMTP:
        """Returns this process's open connection to the server, opening it if needed."""
        if self in _OPEN:
            return _OPEN[self]
        connect = smtplib.SMTP_SSL if self.tls == "ssl" else smtplib.SMTP
        kwargs = {"context": ssl.create_default_context()} if self.tls == "ssl" else {}
        smtp = connect(self.host, self.port, timeout=SMTP_TIMEOUT_S, **kwargs)
        try:
            if self.tls == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if self.user:
                smtp.login(self.user, self.password or "")
        except BaseException:
            smtp.close()
            raise
        _OPEN[self] = smtp
        return smtp

    def _close(self) -> None:
        smtp = _OPEN.pop(self, None)
        if smtp is not None:
            smtp.close()

    def _store(self, message: EmailMessage) -> None:
        assert self.maildir is not None
        box = mailbox.Maildir(self.maildir, create=True)
        box.add(message)
        link = first_link(message)
        log.info(
            "mail to %s stored in %s: %s%s",
            message["To"],
            self.maildir,
            message["Subject"],
            f" — link {link}" if link else "",
        )


def envelope(message: EmailMessage) -> tuple[str, list[str]]:
    """Returns MAIL FROM and RCPT TO: the addresses the message's From and To headers were
    built from (never smtplib's re-reading of the headers' text)."""
    sender = message["From"].addresses[0].addr_spec
    return sender, [a.addr_spec for field in ("To", "Cc") for a in getattr(message[field], "addresses", ())]


def first_link(message: EmailMessage) -> str | None:
    """Returns the first play link of the message's text part, if any."""
    part = message.get_body(("plain",))
    text = part.get_content() if part is not None else ""
    match = re.search(r"https?://\S+/play/\S+", text)
    return match.group() if match else None


def permanent(exc: BaseException) -> str | None:
    """Returns the server's answer when `exc` is a refusal of this message for good (5xx to
    every RCPT TO, or to DATA), else None: a 4xx, a closed connection, a refused login or
    sender (the server's or our configuration, not this message) are worth retrying."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in exc.recipients.values()]
        answers = "; ".join(f"{code} {_text(text)}" for code, text in exc.recipients.values())
        return answers if codes and all(500 <= code < 600 for code in codes) else None
    if isinstance(exc, smtplib.SMTPDataError) and 500 <= exc.smtp_code < 600:
        return f"{exc.smtp_code} {_text(exc.smtp_error)}"
    return None


def _text(answer: bytes | str) -> str:
    return answer.decode("utf-8", "replace") if isinstance(answer, bytes) else str(answer)


class StillSending(Exception):
    """Another attempt claimed a message and may be sending it now: rq's retry tries again later."""


def sent(client: redis.Redis, marker: str) -> bool:
    """Tells whether the message of `marker` is settled: it went out, or was given up for good
    (workers.notify.post); an attempt's live claim does not count."""
    value = client.get(marker)
    return value is not None and (value.decode() if isinstance(value, bytes) else value) != SENDING


def deliver(
    client: redis.Redis, transport: Transport, message: EmailMessage, marker: str, lease_s: int | None = None
) -> bool:
    """Sends `message` unless it was sent under `marker`; says whether this call sent it.

    The marker is claimed (SET NX) for `lease_s` (default JOB_TIMEOUT_S: rq stops a job that
    runs longer) before sending, released if sending raises, and holds the Message-ID for
    MARKER_TTL_S once sent. So a retried job sends the message once the server is back, and a
    replayed job never does; one that finds another attempt's claim raises StillSending.
    """
    lease = lease_s or Recovery.from_env().job_timeout_s
    if not client.set(marker, SENDING, nx=True, ex=lease):
        if sent(client, marker):
            return False
        raise StillSending(f"{marker} is claimed by an attempt that may be sending it (lease {lease} s)")
    try:
        transport.send(message)
    except BaseException:
        client.delete(marker)
        raise
    client.set(marker, str(message["Message-ID"]), ex=MARKER_TTL_S)
    return True
