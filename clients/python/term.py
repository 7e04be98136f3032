"""Formats text for a terminal: aligned tables and ANSI colour only when wanted.

Colour is on when the stream is a TTY, `NO_COLOR` is unset or empty (no-color.org) and
`TERM` is not "dumb"; otherwise every helper returns plain text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TextIO

ANSI = re.compile(r"\x1b\[[0-9;]*m")
CODES: dict[str, str] = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "white": "37",
    "black": "90",
    "orange": "38;5;208",
    "purple": "38;5;129",
}


def colour_wanted(stream: TextIO) -> bool:
    """Returns whether ANSI colour should be written to `stream`."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Style:
    """Wraps text in ANSI codes when `enabled`, else returns it unchanged."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, *names: str) -> str:
        """Returns `text` styled with the named codes (unknown names are ignored)."""
        codes = ";".join(CODES[n] for n in names if n in CODES)
        if not self.enabled or not codes:
            return text
        return f"\x1b[{codes}m{text}\x1b[0m"


def width(text: str) -> int:
    """Returns the printed width of `text`, not counting ANSI codes."""
    return len(ANSI.sub("", text))


def pad(text: str, size: int, align: str = "<") -> str:
    """Returns `text` padded with spaces to `size` printed columns (align "<" or ">")."""
    gap = " " * max(0, size - width(text))
    return gap + text if align == ">" else text + gap


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> list[str]:
    """Returns the lines of an aligned table; `align` holds "<" or ">" per column (default "<")."""
    cells = [list(headers)] + [[str(c) for c in row] for row in rows]
    sizes = [max(width(row[i]) for row in cells if i < len(row)) for i in range(len(headers))]
    aligns = align.ljust(len(headers), "<")
    lines = ["  ".join(pad(c, sizes[i], aligns[i]) for i, c in enumerate(row)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * s for s in sizes))
    return lines
