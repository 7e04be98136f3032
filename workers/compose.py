"""Composes notification emails: a text and an HTML part from one `Letter`.

A `Letter` names its template (workers.render: one Jinja2 source gives both parts, in the
current language) and carries its values, titled `Section`s of lines and one link; `compose`
builds every address with `email.headerregistry.Address` (written by `workers.headers`, so
a name stays one display name) and adds the headers every Castillo email carries: a deterministic `Message-ID` from the
letter's key (one key per (event, seat, kind)), `Reply-To` for email play, per-game
`List-Id`, `List-Unsubscribe` with RFC 8058 one-click `List-Unsubscribe-Post`, and
`Auto-Submitted` so vacation responders stay quiet.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, parseaddr
from typing import Any

from engine.i18n import N_, current
from workers.headers import POLICY
from workers.render import render


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of lines; `kind` says how HTML shows it: "list" (bullets), "pre" (a
    monospace block kept line for line) or "moves" (a monospace list of moves to copy)."""

    title: str
    lines: tuple[str, ...]
    kind: str = "list"


@dataclass(frozen=True, slots=True)
class Letter:
    """The content of one email to one seat: the template `workers/templates/<template>.j2` (the
    layout `letter` shows `paragraphs` as they are; a message kind writes its own from `values`)."""

    key: str
    game_id: str
    to: tuple[str, str]  # (display name, address)
    subject: str
    paragraphs: tuple[str, ...] = ()
    sections: tuple[Section, ...] = ()
    link: str | None = None
    link_label: str = N_("Open the game")  # translated when rendered
    reply_to: str | None = None
    unsubscribe_url: str | None = None
    in_reply_to: str | None = None
    unsubscribe_all: bool = False  # the link stops every email to the address, not only this game's
    receipt: str | None = None  # the signed receipt of the version the letter reports (service.receipts)
    language_url: str | None = None  # the signed page where the seat picks its emails' language
    template: str = "letter"
    values: Mapping[str, Any] = field(default_factory=dict)


def message_id(key: str, domain: str) -> str:
    """Returns the Message-ID every attempt to send the email `key` shares."""
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:40]}@{domain}>"


def compose(letter: Letter, *, sender: str, domain: str) -> EmailMessage:
    """Returns the MIME message (text + HTML alternative) of `letter`."""
    message = EmailMessage(policy=POLICY)
    name, address = parseaddr(sender)
    message["From"] = Address(display_name=name or "Castillo", addr_spec=address)
    message["To"] = Address(display_name=letter.to[0], addr_spec=letter.to[1])
    message["Subject"] = letter.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = message_id(letter.key, domain)
    message["Auto-Submitted"] = "auto-generated"
    message["List-Id"] = f"Castillo game {letter.game_id} <{letter.game_id.lower()}.games.{domain}>"
    if letter.reply_to:
        message["Reply-To"] = Address(addr_spec=letter.reply_to)
    if letter.in_reply_to:
        message["In-Reply-To"] = letter.in_reply_to
        message["References"] = letter.in_reply_to
    if letter.receipt:
        message["Castillo-Receipt"] = letter.receipt  # kept with the email: proof of the history it reports
    if letter.unsubscribe_url:
        message["List-Unsubscribe"] = f"<{letter.unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(text_of(letter), cte="quoted-printable")
    message.add_alternative(html_of(letter), subtype="html", cte="quoted-printable")
    return message


def values_of(letter: Letter) -> dict[str, Any]:
    """Returns what the letter's template reads: its own values, the letter and the language."""
    return {**letter.values, "letter": letter, "language": current()}


def text_of(letter: Letter) -> str:
    """Returns the plain-text part (the letter's template, rendered as text)."""
    return render(letter.template, values_of(letter), html=False)


def html_of(letter: Letter) -> str:
    """Returns the HTML part: the same template, every value escaped, with inline styles and the
    link as a button."""
    return render(letter.template, values_of(letter), html=True)
