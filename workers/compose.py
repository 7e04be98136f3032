"""Composes notification emails: a text and an HTML part from one `Letter`.

A `Letter` is plain content (paragraphs, titled sections of lines, one link); `compose`
adds the headers every Castillo email carries: a deterministic `Message-ID` from the
letter's key (one key per (event, seat, kind)), `Reply-To` for email play, per-game
`List-Id`, `List-Unsubscribe` with RFC 8058 one-click `List-Unsubscribe-Post`, and
`Auto-Submitted` so vacation responders stay quiet.
"""

from __future__ import annotations

import email.policy
import hashlib
import html
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, formatdate

# Headers unfolded up to RFC 5322's 998: List-Unsubscribe URLs must never become encoded words.
POLICY = email.policy.default.clone(max_line_length=998)


@dataclass(frozen=True, slots=True)
class Letter:
    """The content of one email to one seat."""

    key: str
    game_id: str
    to: tuple[str, str]  # (display name, address)
    subject: str
    paragraphs: tuple[str, ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    link: str | None = None
    link_label: str = "Open the game"
    reply_to: str | None = None
    unsubscribe_url: str | None = None
    in_reply_to: str | None = None


def message_id(key: str, domain: str) -> str:
    """Returns the Message-ID every attempt to send the email `key` shares."""
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:40]}@{domain}>"


def compose(letter: Letter, *, sender: str, domain: str) -> EmailMessage:
    """Returns the MIME message (text + HTML alternative) of `letter`."""
    message = EmailMessage(policy=POLICY)
    message["From"] = sender
    message["To"] = formataddr(letter.to)
    message["Subject"] = letter.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = message_id(letter.key, domain)
    message["Auto-Submitted"] = "auto-generated"
    message["List-Id"] = f"Castillo game {letter.game_id} <{letter.game_id.lower()}.games.{domain}>"
    if letter.reply_to:
        message["Reply-To"] = letter.reply_to
    if letter.in_reply_to:
        message["In-Reply-To"] = letter.in_reply_to
        message["References"] = letter.in_reply_to
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
    for title, lines in letter.sections:
        out += [f"{title}:", *(f"  {line}" for line in lines), ""]
    if letter.link:
        out += [f"{letter.link_label}: {letter.link}", ""]
    out += ["-- ", "Castillo"]
    if letter.unsubscribe_url:
        out.append(f"No more emails about this game (you stay in it): {letter.unsubscribe_url}")
    return "\n".join(out) + "\n"


def html_of(letter: Letter) -> str:
    """Returns the HTML part: the same content, escaped, with the link as a button."""
    e = html.escape
    out = [f"<p>Hello {e(letter.to[0])},</p>", *(f"<p>{e(p)}</p>" for p in letter.paragraphs)]
    for title, lines in letter.sections:
        items = "".join(f"<li><code>{e(line)}</code></li>" for line in lines)
        out.append(f"<h3>{e(title)}</h3><ul>{items}</ul>")
    if letter.link:
        out.append(
            f'<p><a href="{e(letter.link)}" style="display:inline-block;padding:8px 14px;'
            f'background:#7a1f1f;color:#fff;text-decoration:none;border-radius:4px">'
            f"{e(letter.link_label)}</a></p>"
        )
    footer = "Castillo"
    if letter.unsubscribe_url:
        footer += (
            f' · <a href="{e(letter.unsubscribe_url)}">no more emails about this game</a> (you stay in it)'
        )
    out.append(f'<hr><p style="color:#666;font-size:small">{footer}</p>')
    body = "\n".join(out)
    return f'<!doctype html><html><body style="font-family:sans-serif">\n{body}\n</body></html>\n'
