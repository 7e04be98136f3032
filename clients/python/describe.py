"""Describes log entries in one readable line each ("v12   Ana played power card 7").

Works from the entries the API serves, already redacted for the caller: a line says only
what its entry holds, so an entry redacted for you ("a card face down") stays vague, and a
hidden one reads "(hidden from you)". One table per game maps an event type to its phrase;
service entries share one table; an event type no table knows is shown by its type and
fields, so a newer server never breaks the client.
"""

from __future__ import annotations

from typing import Any

from clients.python.phrases import SERVICE, Json, Names, Phrase, fallback, options_text
from clients.python.phrases_elgrande import ELGRANDE
from clients.python.phrases_elgrande import move_text as elgrande_move
from clients.python.phrases_elgrande_words import DEFAULT_ON, OPTION_NAMES
from clients.python.phrases_kabale import KABALE
from engine.i18n import _

GAMES: dict[str, dict[str, Phrase]] = {"elgrande": ELGRANDE, "kabale": KABALE}
OPTIONS: dict[str, tuple[dict[str, str], frozenset[str]]] = {"elgrande": (OPTION_NAMES, DEFAULT_ON)}
"""Per game: the options' names and those on by default (a game not listed shows ids as words)."""


MOVES: dict[str, Phrase] = {"elgrande": elgrande_move}
"""Per game: a move (also a partial one) in words, where the game's notation has none."""


def move_text(game: str, move: Json, names: Names | None = None) -> str:
    """Returns a move in words ("declare d6_church: black Aragon→Catalonia"), else as its type."""
    phrase = MOVES.get(game)
    return phrase(move, names or {}) if phrase else fallback(move, names or {})


def options_line(game: str, options: Any) -> str:
    """Returns a game's header line of its options ("Options: France, Church"); "" for the defaults."""
    labels, default_on = OPTIONS.get(game, ({}, frozenset()))
    return options_text(options, labels, default_on)


def entry_text(entry: Json, names: Names, game: str = "") -> str:
    """Returns `vN  <what happened>` for one served log entry."""
    head = f"v{entry.get('v', '?')}".ljust(6)
    if entry.get("hidden"):
        return head + _("(hidden from you)")
    event = entry.get("event") or {}
    table = SERVICE if entry.get("kind") == "service" else GAMES.get(game, {})
    phrase = table.get(event.get("type", ""))
    text = phrase(event, names) if phrase else fallback(event, names)
    if event.get("default"):
        text += _(" [auto-played]")
    return head + text
