"""Checks players' names and email addresses, and keeps the one record of each address.

A name is shown in emails (`To:` display names, subjects, bodies), pages and answers, so it
may not hold what changes how text is read: control characters (Unicode category Cc, CR and
LF among them), line and paragraph separators (Zl, Zp), lone surrogates (Cs), and the
bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
can make a name read as something else (hostile; the marks U+200E/U+200F stay allowed).
Quotes, commas, `<…>` and `=?…?=` are allowed: they are text, encoded as such in headers.

An address is one plain ASCII addr-spec (dot-atom local part, host name), at most 254
characters, as the standard library's `email.headerregistry.Address` reads it back whole:
no display name, comment, group or second address can ride along.

Normalised (the key of an address's record and of its invitation limit): lowercased, and a
`+tag` dropped from the local part, since most providers deliver `ann+x@` to `ann@` and
treat the local part's case as insignificant. Dots are kept (only some providers ignore
them). Over-matching here only means an address asked for no email once for all its tags.

The record (decision 8 of design.md) holds `do_not_email` (epoch ms, set by the one-click
unsubscribe of an invitation); nothing ever clears it but an operator.
"""

from __future__ import annotations

import re
import time
import unicodedata
from email.headerregistry import Address

import redis

from engine.errors import Text
from engine.i18n import N_
from service.store import address_key

MAX_NAME = 40
MAX_ADDRESS = 254
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
ADDR_SPEC = re.compile(rf"({_ATOM}(?:\.{_ATOM})*)@({_LABEL}(?:\.{_LABEL})*)")
DO_NOT_EMAIL = "do_not_email"


_NOT_IN_NAMES = "\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069"
NAME_PATTERN = f"^[^{_NOT_IN_NAMES}]*[^\\s{_NOT_IN_NAMES}][^{_NOT_IN_NAMES}]*$"
"""What name_problem allows, as a regular expression for the spec (its messages say why not)."""


def name_problem(name: str) -> str | None:
    """Returns why `name` cannot be a player's name (in the current language), or None when it can."""
    why = name_reason(name)
    return None if why is None else why.localized()


def name_reason(name: str) -> Text | None:
    """Returns why `name` cannot be a player's name, as words to read in any language, or None."""
    if not name.strip():
        return Text(N_("is empty or only white space"))
    if len(name) > MAX_NAME:
        return Text(N_("is longer than {most} characters"), most=MAX_NAME)
    for char in name:
        if (why := _char_problem(char)) is not None:
            return Text(N_("contains {what} (U+{code})"), what=Text(why), code=f"{ord(char):04X}")
    return None


def _char_problem(char: str) -> str | None:
    """Returns what makes one character of a name hostile (marked words), or None."""
    if char in BIDI_CONTROLS:
        return N_("a bidirectional override")
    return {
        "Cc": N_("a control character"),
        "Cs": N_("a lone surrogate"),
        "Zl": N_("a line separator"),
        "Zp": N_("a paragraph separator"),
    }.get(unicodedata.category(char))


def address_problem(address: str) -> str | None:
    """Returns why `address` is not one plain email address (in the current language), or None."""
    why = address_reason(address)
    return None if why is None else why.localized()


def address_reason(address: str) -> Text | None:
    """Returns why `address` is not one plain email address, as words to read in any language, or None."""
    if len(address) > MAX_ADDRESS:
        return Text(N_("is longer than {most} characters"), most=MAX_ADDRESS)
    if not address.isascii() or not address.isprintable():
        return Text(
            N_(
                "must be plain ASCII without spaces or line breaks (internationalised addresses are not supported)"
            )
        )
    match = ADDR_SPEC.fullmatch(address)
    if match is None:
        return Text(N_("is not one address of the form name@example.org (no display name, quotes or <...>)"))
    if len(match.group(1)) > 64:
        return Text(N_("has a local part (before @) longer than 64 characters"))
    try:
        parsed = Address(addr_spec=address)
    except (ValueError, IndexError):
        return Text(N_("is not one address of the form name@example.org"))
    return (
        None if parsed.addr_spec == address else Text(N_("is not one address of the form name@example.org"))
    )


def normalised(address: str) -> str:
    """Returns the address's record key form: lowercase, without a `+tag` (see the module doc)."""
    local, _, domain = address.strip().lower().rpartition("@")
    return f"{local.split('+', 1)[0] or local}@{domain}"


def forbid(client: redis.Redis, address: str, now: float | None = None) -> None:
    """Puts `address` on the do-not-email list (kept from the first time it was asked)."""
    ms = int((time.time() if now is None else now) * 1000)
    client.hsetnx(address_key(normalised(address)), DO_NOT_EMAIL, ms)


def forbidden(client: redis.Redis, address: str) -> bool:
    """Says whether `address` is on the do-not-email list."""
    return bool(client.hexists(address_key(normalised(address)), DO_NOT_EMAIL))


def printable(name: str) -> str:
    """Returns `name` with every character `name_problem` refuses replaced by a space, for names
    stored before names were checked (they are still shown, never put into a header raw)."""
    return "".join(" " if _char_problem(c) else c for c in name).strip() or "?"
