"""Composes notification emails: a text and an HTML part from one `Letter`.

A `Letter` is plain content (paragraphs, titled `Section`s of lines, one link); `compose`
builds every address with `email.headerregistry.Address` (written by `workers.headers`, so
a name stays one display name) and adds the headers every Castillo email carries: a deterministic `Message-ID` from the
letter's key (one key per (event, seat, kind)), `Reply-To` for email play, per-game
`List-Id`, `List-Unsubscribe` with RFC 8058 one-click `List-Unsubscribe-Post`, and
`Auto-Submitted` so vacation responders stay quiet.
"""

from __future__ import annotations

import hashlib
import html
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, parseaddr

from workers.headers import POLICY


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of lines; `kind` says how HTML shows it: "list" (bullets), "pre" (a
    monospace block kept line for line) or "moves" (a monospace list of moves to copy)."""

    title: str
    lines: tuple[str, ...]
    kind: str = "list"


@dataclass(frozen=True, slots=True)
class Letter:
    """The content of one email to one seat."""

    key: str
    game_id: str
    to: tuple[str, str]  # (display name, address)
    subject: str
    paragraphs: tuple[str, ...]
    sections: tuple[Section, ...] = ()
    link: str | None = None
    link_label: str = "Open the game"
    reply_to: str | None = None
    unsubscribe_url: str | None = None
    in_reply_to: str | None = None
    unsubscribe_all: bool = False  # the link stops every email to the address, not only this game's
    receipt: str | None = None  # the signed receipt of the version the letter reports (service.receipts)


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


def text_of(letter: Letter) -> str:
    """Returns the plain-text part."""
    out = [f"Hello {letter.to[0]},", ""]
    for paragraph in letter.paragraphs:
        out += [paragraph, ""]
    for section in letter.sections:
        out += [f"{section.title}:", *(f"  {line}" for line in section.lines), ""]
    if letter.link:
        out += [f"{letter.link_label}: {letter.link}", ""]
    out += ["-- ", "Castillo"]
    if letter.unsubscribe_url:
        out.append(f"{_stop_text(letter)} (you stay in it): {letter.unsubscribe_url}")
    return "\n".join(out) + "\n"


def _stop_text(letter: Letter) -> str:
    """Returns what the letter's unsubscribe link stops."""
    if letter.unsubscribe_all:
        return "No more emails from Castillo to this address, about any game"
    return "No more emails about this game"


MONO = "font-family:Menlo,Consolas,'DejaVu Sans Mono',monospace;font-size:13px"
BUTTON = (
    "display:inline-block;padding:10px 18px;background:#7a1f1f;color:#ffffff;"
    "font-weight:bold;text-decoration:none;border-radius:5px"
)


def html_of(letter: Letter) -> str:
    """Returns the HTML part: the same content, escaped, with inline styles and the link as a button."""
    e = html.escape
    out = [f"<p>Hello {e(letter.to[0])},</p>", *(f"<p>{e(p)}</p>" for p in letter.paragraphs)]
    if letter.link:
        out.append(
            f'<p style="margin:22px 0"><a href="{e(letter.link)}" style="{BUTTON}">{e(letter.link_label)}</a></p>'
        )
    out += [_html_section(section) for section in letter.sections]
    footer = "Castillo"
    if letter.unsubscribe_url:
        footer += (
            f' · <a href="{e(letter.unsubscribe_url)}" style="color:#666">{e(_stop_text(letter).lower())}</a>'
            " (you stay in it)"
        )
    out.append(
        f'<hr style="border:0;border-top:1px solid #ddd;margin-top:28px"><p style="color:#666;font-size:12px">{footer}</p>'
    )
    body = "\n".join(out)
    return (
        '<!doctype html><html><body style="margin:0;padding:0;background:#f4f1ec">\n'
        '<div style="max-width:640px;margin:0 auto;padding:20px 24px;background:#ffffff;'
        'font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.45;color:#222">\n'
        f"{body}\n</div>\n</body></html>\n"
    )


def _html_section(section: Section) -> str:
    """Returns one section as a heading and a bullet list, a monospace block or a list of moves."""
    e = html.escape
    title = f'<h3 style="font-size:16px;margin:22px 0 8px;color:#7a1f1f">{e(section.title)}</h3>'
    match section.kind:
        case "pre":
            block = "\n".join(e(line) for line in section.lines)
            return (
                f'{title}<pre style="{MONO};background:#f6f3ee;border-radius:5px;padding:10px 12px;'
                f'white-space:pre-wrap;margin:0">{block}</pre>'
            )
        case "moves":
            items = "".join(f'<li style="margin:2px 0">{e(line)}</li>' for line in section.lines)
            return f'{title}<ul style="{MONO};margin:0;padding-left:22px">{items}</ul>'
    items = "".join(f"<li>{e(line)}</li>" for line in section.lines)
    return f'{title}<ul style="margin:0;padding-left:22px">{items}</ul>'
