"""Writes headers so that no player's name can become another header, recipient or text.

Every address header is built from `email.headerregistry.Address` values, and the message
keeps them as the registry parsed them. But the registry (CPython 3.11 to 3.13) builds each
header's parse tree from its *text*, so an RFC 2047 encoded word inside a display name
(`=?utf-8?b?ZXZpbEB4Lm9yZw==?=`) is decoded on the way in and written out bare: a reader
then sees `To: evil@x.org <p0@example.org>`, an extra recipient. The same happens to an
encoded word in a subject.

`SafePolicy` changes only how such headers are written: a display name (or a text header)
that is not plain printable ASCII free of `=?` goes out as RFC 2047 encoded words (base64
UTF-8, one per continuation line), which every reader decodes exactly once, back to the name
as given. Anything else is written by the standard library as before.
"""

from __future__ import annotations

import base64
from email.headerregistry import Address, AddressHeader, BaseHeader
from email.policy import EmailPolicy
from typing import Any

WORD_BYTES = 45  # 60 base64 characters: `=?utf-8?b?…?=` stays within RFC 2047's 75


def needs_words(text: str) -> bool:
    """Says whether `text` must be written as encoded words (non-ASCII, controls, or `=?`)."""
    return "=?" in text or not all(" " <= char <= "~" for char in text)


def encoded_words(text: str, separator: str = " ") -> str:
    """Returns `text` as RFC 2047 encoded words (UTF-8, base64), split between characters."""
    words: list[str] = []
    chunk = b""
    for char in text:
        raw = char.encode("utf-8", "surrogatepass")
        if len(chunk) + len(raw) > WORD_BYTES:
            words.append(chunk)
            chunk = b""
        chunk += raw
    words.append(chunk)
    return separator.join(f"=?utf-8?b?{base64.b64encode(w).decode('ascii')}?=" for w in words)


def mailbox(address: Address, separator: str = " ") -> str:
    """Returns one mailbox as header text: the display name as encoded words where needed."""
    name = address.display_name
    if name and needs_words(name):
        return f"{encoded_words(name, separator)} <{address.addr_spec}>"
    return str(address)


class SafePolicy(EmailPolicy):
    """email.policy.default, but names and texts with encoded words or non-ASCII are written
    as encoded words of their exact text (see the module doc)."""

    def header_store_parse(self, name: str, value: Any) -> tuple[str, Any]:
        """Stores a text header whose value holds `=?` as encoded words, so the registry's one
        decoding gives back the text as given."""
        if isinstance(value, str) and "=?" in value and not _is_address(self, name):
            value = encoded_words(value)
        return super().header_store_parse(name, value)  # type: ignore[no-any-return]

    def fold(self, name: str, value: Any) -> str:
        """Returns the header as text (see `_written`)."""
        return self._written(name, value) or super().fold(name, value)

    def fold_binary(self, name: str, value: Any) -> bytes:
        """Returns the header as bytes (see `_written`)."""
        written = self._written(name, value)
        return written.encode("ascii") if written else super().fold_binary(name, value)

    def _written(self, name: str, value: Any) -> str | None:
        """Returns the header as we write it, or None to leave it to the standard library."""
        if not isinstance(value, BaseHeader):
            return None  # a header read from a message's source keeps its source
        fold = self.linesep + " "
        if isinstance(value, AddressHeader):
            if any(g.display_name for g in value.groups):
                return None
            if not any(a.display_name and needs_words(a.display_name) for a in value.addresses):
                return None
            return f"{name}: {', '.join(mailbox(a, fold) for a in value.addresses)}{self.linesep}"
        text = str(value)
        return f"{name}: {encoded_words(text, fold)}{self.linesep}" if "=?" in text else None


def _is_address(policy: EmailPolicy, name: str) -> bool:
    return issubclass(policy.header_factory[name], AddressHeader)  # type: ignore[index]


POLICY = SafePolicy(max_line_length=998)  # unfolded up to 998: List-Unsubscribe URLs stay whole
