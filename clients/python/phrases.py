"""The words shared by the readable log lines: names, regions, cards, scores, service facts.

Each phrase is a function of an event (as served to the caller) and the seats' names.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]
Names = dict[int, str]
Phrase = Callable[[Json, Names], str]


def fallback(event: Json, names: Names) -> str:
    """Returns an event no table knows as its type and its fields."""
    facts = {k: v for k, v in event.items() if k not in ("type", "salt", "seed", "default")}
    kind = str(event.get("type", "?")).replace("_", " ")
    if not facts:
        return kind
    detail = json.dumps(facts, separators=(",", ":"), sort_keys=True)
    return f"{kind} {detail if len(detail) <= 90 else detail[:87] + '...'}"


def who(names: Names, seat: Any) -> str:
    """Returns a seat's name ("seat 2" when the game has none for it)."""
    if not isinstance(seat, int):
        return "?"
    return names.get(seat) or f"seat {seat}"


def words(ident: Any) -> str:
    """Returns an id as words: old_castile -> Old Castile (regions), magic_hood -> magic hood (cards)."""
    return str(ident).replace("_", " ")


def region(ident: Any) -> str:
    """Returns an El Grande region id as its name (old_castile -> Old Castile)."""
    return words(ident).title()


def options_text(options: Any, labels: dict[str, str], default_on: frozenset[str] = frozenset()) -> str:
    """Returns "Options: France, Church, no Veto": the options whose value is not the default.

    An option on by default (`default_on`) is named only when off; any other one when on, with
    its value unless it is `true`; an id without a label is shown as words.
    """
    if not isinstance(options, dict):
        return ""
    parts = []
    for key, value in options.items():
        label = labels.get(key, words(key))
        if key in default_on:
            parts += [f"no {label}"] if value is False else []
        elif value is True:
            parts.append(label)
        elif value not in (False, None, [], {}, 0, ""):
            parts.append(f"{label} {json.dumps(value, separators=(',', ':'))}")
    return f"Options: {', '.join(parts)}" if parts else ""


def per_seat(values: list[Any], names: Names) -> str:
    """Returns `Ana 12, Bo 7` from a list indexed by seat."""
    return ", ".join(f"{who(names, i)} {v}" for i, v in enumerate(values))


def result(event: Json, names: Names) -> str:
    """Returns the final scores and winners of a game_ended event."""
    winners = " and ".join(who(names, w) for w in event.get("winners", []))
    return f"game over: {per_seat(event.get('scores', []), names)} — winner {winners}"


# ----- service entries (GameService facts, same for every game)


def _vacation(e: Json, n: Names) -> str:
    return f"{who(n, e.get('seat'))} is on vacation from {e.get('from')} until {e.get('until')}"


def _bot(e: Json, n: Names) -> str:
    bot = e.get("bot")
    return (
        f"{who(n, e.get('seat'))} is now played by the {bot} bot"
        if bot
        else f"{who(n, e.get('seat'))} is no longer a bot"
    )


SERVICE: dict[str, Phrase] = {
    "game_created": lambda e, n: (
        f"game created: {e.get('game')} for {', '.join(s.get('name', '?') for s in e.get('seats', []))}"
    ),
    "seat_timed_out": lambda e, n: f"{who(n, e.get('seat'))} let the deadline pass",
    "seat_absent": lambda e, n: f"{who(n, e.get('seat'))} is auto-played from now on (missed deadlines)",
    "seat_returned": lambda e, n: f"{who(n, e.get('seat'))} is back",
    "seat_vacation": _vacation,
    "bot_seated": _bot,
    "time_control_changed": lambda e, n: "the time control changed",
    "seat_token_reissued": lambda e, n: (
        f"{who(n, e.get('seat'))} got a new token"
        + (", handed to the admin (who can see that seat's hidden facts)" if e.get("to") == "admin" else "")
    ),
    "game_aborted": lambda e, n: "game aborted" + (f": {e['reason']}" if e.get("reason") else ""),
}
