"""Describes log entries in one readable line each ("v12   Ana played power card 7").

Works from the entries the API serves, already redacted for the caller: a line says only
what its entry holds, so an entry redacted for you ("a card face down") stays vague, and a
hidden one reads "(hidden from you)". One table per game maps an event type to its phrase;
service entries share one table; an event type no table knows is shown by its type and
fields, so a newer server never breaks the client.
"""

from __future__ import annotations

from clients.python.phrases import SERVICE, Json, Names, Phrase, fallback
from clients.python.phrases_elgrande import ELGRANDE
from clients.python.phrases_kabale import KABALE

GAMES: dict[str, dict[str, Phrase]] = {"elgrande": ELGRANDE, "kabale": KABALE}


def entry_text(entry: Json, names: Names, game: str = "") -> str:
    """Returns `vN  <what happened>` for one served log entry."""
    head = f"v{entry.get('v', '?')}".ljust(6)
    if entry.get("hidden"):
        return head + "(hidden from you)"
    event = entry.get("event") or {}
    table = SERVICE if entry.get("kind") == "service" else GAMES.get(game, {})
    phrase = table.get(event.get("type", ""))
    text = phrase(event, names) if phrase else fallback(event, names)
    if event.get("default"):
        text += " [auto-played]"
    return head + text
