"""The words shared by the readable log lines: names, regions, cards, scores, service facts.

Each phrase is a function of an event (as served to the caller) and the seats' names.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.i18n import N_, _, p_
from engine.terms import REGIONS, word

REGION_IDS = frozenset(REGIONS)
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
    return names.get(seat) or _("seat {seat}").format(seat=seat)


def words(ident: Any) -> str:
    """Returns an id as words: old_castile -> Old Castile (regions), magic_hood -> magic hood (cards)."""
    return str(ident).replace("_", " ")


def region(ident: Any) -> str:
    """Returns an El Grande region id as its name in the current language (old_castile -> Old Castile)."""
    return word("region", ident) if isinstance(ident, str) and ident in REGION_IDS else words(ident).title()


def joined(items: list[str]) -> str:
    """Returns "Ana and Bo and Cy" in the current language."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{first} and {second}").format(first=out, second=item)
    return out


def options_text(options: Any, labels: dict[str, str], default_on: frozenset[str] = frozenset()) -> str:
    """Returns "Options: France, Church, no Veto": the options whose value is not the default.

    An option on by default (`default_on`) is named only when off; any other one when on, with
    its value unless it is `true`; an id without a label is shown as words.
    """
    if not isinstance(options, dict):
        return ""
    parts = []
    for key, value in options.items():
        label = p_("option", labels[key]) if key in labels else words(key)
        if key in default_on:
            parts += [_("no {option}").format(option=label)] if value is False else []
        elif value is True:
            parts.append(label)
        elif value not in (False, None, [], {}, 0, ""):
            parts.append(f"{label} {json.dumps(value, separators=(',', ':'))}")
    return _("Options: {options}").format(options=", ".join(parts)) if parts else ""


def per_seat(values: list[Any], names: Names) -> str:
    """Returns `Ana 12, Bo 7` from a list indexed by seat."""
    return ", ".join(f"{who(names, i)} {v}" for i, v in enumerate(values))


def result(event: Json, names: Names) -> str:
    """Returns the final scores and winners of a game_ended event."""
    winners = joined([who(names, w) for w in event.get("winners", [])])
    return _("game over: {scores} — winner {winners}").format(
        scores=per_seat(event.get("scores", []), names), winners=winners
    )


# ----- service entries (GameService facts, same for every game)


def _vacation(e: Json, n: Names) -> str:
    return _("{who} is on vacation from {start} until {end}").format(
        who=who(n, e.get("seat")), start=e.get("from"), end=e.get("until")
    )


def _bot(e: Json, n: Names) -> str:
    bot = e.get("bot")
    if bot:
        return _("{who} is now played by the {bot} bot").format(who=who(n, e.get("seat")), bot=bot)
    return _("{who} is no longer a bot").format(who=who(n, e.get("seat")))


def _reissued(e: Json, n: Names) -> str:
    if e.get("to") == "admin":
        return _("{who} got a new token, handed to the admin (who can see that seat's hidden facts)").format(
            who=who(n, e.get("seat"))
        )
    return _("{who} got a new token").format(who=who(n, e.get("seat")))


def _aborted(e: Json, n: Names) -> str:
    if e.get("reason"):
        return _("game aborted: {reason}").format(reason=e["reason"])
    return _("game aborted")


def _seat(message: str) -> Phrase:
    """Returns the phrase of an entry that names only its seat (`message` has a {who})."""
    return lambda e, n: _(message).format(who=who(n, e.get("seat")))


SERVICE: dict[str, Phrase] = {
    "game_created": lambda e, n: _("game created: {game} for {seats}").format(
        game=e.get("game"), seats=", ".join(s.get("name", "?") for s in e.get("seats", []))
    ),
    "seat_timed_out": _seat(N_("{who} let the deadline pass")),
    "seat_absent": _seat(N_("{who} is auto-played from now on (missed deadlines)")),
    "seat_returned": _seat(N_("{who} is back")),
    "seat_vacation": _vacation,
    "bot_seated": _bot,
    "time_control_changed": lambda e, n: _("the time control changed"),
    "seat_token_reissued": _reissued,
    "seat_language_changed": lambda e, n: _("{who} now reads Castillo in language {language}").format(
        who=who(n, e.get("seat")), language=e.get("language")
    ),
    "game_aborted": _aborted,
}
