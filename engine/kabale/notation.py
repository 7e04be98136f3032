"""Writes and reads the one text notation of Kabale & Hiebe moves (email, CLI, records).

    play <card> <column>    e.g. "play king 2", "play fencing master 0" (columns count from 0)
    tuck <card>             e.g. "tuck queen"
    swap <column>           e.g. "swap 1"
    decline                 also "pass", "tuck none", "swap none"

Cards are named by id or English name, case-insensitive, with spaces, hyphens or
underscores. A text holds one move per line (or separated by ";"); blank lines are skipped
and reading stops at a quoted line (">"), a signature ("--") or an "On ... wrote:" line.
"""

from __future__ import annotations

import re
from typing import Any

from engine.errors import MalformedMove, Text
from engine.i18n import N_
from engine.kabale.cards import DECK, NAMES

Json = dict[str, Any]

ALIASES: dict[str, str] = {
    **{card: card for card in DECK},
    **{re.sub(r"[^a-z]+", "_", name.lower()): card for card, name in NAMES.items()},
    "doppelgänger": "doppelganger",
    "look_alike": "doppelganger",
    "lookalike": "doppelganger",
    "swordsman": "fencing_master",
    "troubadour": "minstrel",
    "cloak": "magic_hood",
    "hood": "magic_hood",
    "mercenaries": "musketeers",
    "squire": "page",
    "giant": "little_giant",
}
_DECLINES = {"decline", "pass", "tuck none", "swap none", "none", "no"}
_STOP = re.compile(r"^(>|--\s*$|-- |on .* wrote:)")
_HELP = N_("expected 'play <card> <column>', 'tuck <card>', 'swap <column>' or 'decline'")


def format_move(move: Json) -> str:
    """Returns the notation of a move, e.g. "play king 2"."""
    match move.get("type"):
        case "play":
            return f"play {move.get('card')} {move.get('column')}"
        case "tuck":
            return f"tuck {move.get('card')}"
        case "swap":
            return f"swap {move.get('column')}"
        case "decline":
            return "decline"
    return f"? {move!r}"


def _card(words: list[str], line: str) -> str:
    key = "_".join(words).replace("-", "_")
    if key not in ALIASES:
        raise MalformedMove(
            N_("cannot read {line}: unknown card {words}; {help}"),
            line=repr(line),
            words=repr(" ".join(words)),
            help=Text(_HELP),
        )
    return ALIASES[key]


def _column(word: str, line: str) -> int:
    if not re.fullmatch(r"[0-9]{1,3}", word):
        raise MalformedMove(
            N_("cannot read {line}: the column must be a number; {help}"), line=repr(line), help=Text(_HELP)
        )
    return int(word)


def parse_line(line: str) -> Json:
    """Returns the move written on one line; raises MalformedMove."""
    text = " ".join(line.lower().split())
    words = text.split(" ")
    if text in _DECLINES:
        return {"type": "decline"}
    if words[0] == "play" and len(words) >= 3:
        return {"type": "play", "card": _card(words[1:-1], line), "column": _column(words[-1], line)}
    if words[0] == "tuck" and len(words) >= 2:
        return {"type": "tuck", "card": _card(words[1:], line)}
    if words[0] == "swap" and len(words) == 2:
        return {"type": "swap", "column": _column(words[1], line)}
    raise MalformedMove(N_("cannot read {line}: {help}"), line=repr(line), help=Text(_HELP))


def parse_move(text: Any, state: Any = None, seat: Any = None) -> list[Json]:
    """Returns the moves written in `text`, in order; raises MalformedMove on unreadable text."""
    if not isinstance(text, str):
        raise MalformedMove(
            N_("cannot read {text}: expected text; {help}"), text=repr(text), help=Text(_HELP)
        )
    moves: list[Json] = []
    for raw in re.split(r"[\n;]", text):
        line = raw.strip()
        if _STOP.match(line.lower()):
            break
        if line:
            moves.append(parse_line(line))
    if not moves:
        raise MalformedMove(N_("no move found in {text}; {help}"), text=repr(text[:80]), help=Text(_HELP))
    return moves
