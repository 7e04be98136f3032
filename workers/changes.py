"""Tells one seat, in short lines, what happened in a game since its own last move.

The lines come from the log redacted for that seat (`service.history.redact_all`, the same
redaction the API serves), so a move is shown in the game's notation only when the seat may
see it; otherwise the line shows the public fields of its first event ("card played (column
0; the rest is hidden from you)"). Opening entries nobody chose
(setup, a round's deal) and the games' own bookkeeping are left out: the seat's board
summary in the same email shows where they left things.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.contract import Game, Json
from engine.i18n import N_, _
from service.history import group_key, redact_all

MAX_CHANGES = 30

SERVICE_TEXT: dict[str, str] = {
    "seat_timed_out": N_("{name} let the deadline pass"),
    "seat_absent": N_("{name} is now auto-played at once (missed deadlines in a row)"),
    "seat_returned": N_("{name} is back (no more auto-play)"),
    "seat_vacation": N_("{name} is on vacation"),
    "bot_seated": N_("{name} is now played by a bot"),
    "seat_token_reissued": N_("{name} got a new play link"),
    "time_control_changed": N_("the time control changed"),
    "game_aborted": N_("the game was aborted"),
}


ADMIN_HOLDS_TOKEN = N_("{name} got a new play link, handed to the game's admin (who can see {name}'s hand)")


def since_last_move(envelopes: Sequence[Json], seat: int) -> list[Json]:
    """Returns the entries after the last one the seat itself caused (all of them if none)."""
    last = max((env["v"] for env in envelopes if env.get("actor") == {"seat": seat}), default=0)
    return [env for env in envelopes if env["v"] > last]


def change_lines(
    game: Game, envelopes: Sequence[Json], seat: int, name: Callable[[int], str]
) -> tuple[str, ...]:
    """Returns one line per move (and per service fact) since the seat's last move, as it may see them."""
    entries = redact_all(game, since_last_move(envelopes, seat), seat)
    lines: list[str] = []
    last_cause: Any = None
    for entry in entries:
        if entry.get("hidden"):
            continue
        cause = group_key(entry)
        if entry["kind"] == "engine" and cause == last_cause:
            continue  # the further events of one move
        last_cause = cause
        line = _line(game, entry, seat, name)
        if line:
            lines.append(line)
    return tuple(lines[-MAX_CHANGES:])


def _line(game: Game, entry: Json, seat: int, name: Callable[[int], str]) -> str | None:
    """Returns the line of the first entry of a move, or of a service entry (None: not worth a line)."""
    event, actor = entry["event"], entry["actor"]
    if entry["kind"] != "engine":
        text = SERVICE_TEXT.get(event["type"])
        if event["type"] == "seat_token_reissued" and event.get("to") == "admin":
            text = ADMIN_HOLDS_TOKEN
        who = name(event["seat"]) if isinstance(event.get("seat"), int) else "?"
        return f"v{entry['v']} {_(text).format(name=who)}" if text else None
    move = (entry.get("cause") or {}).get("move")
    if actor == "system":
        return None
    who = name(actor["seat"]) if isinstance(actor, dict) else _owner(event, name)
    if actor == "deadline":
        who += " " + _("(auto-played: deadline passed)")
    if move is None:
        return f"v{entry['v']} {who}: {_public(event)}"
    return f"v{entry['v']} {who}: {game.format_move(move)}"


def _public(event: Json) -> str:
    """Returns what a move's first event shows of it when the move itself is hidden from the seat."""
    facts = [
        str(k) if v is True else f"{k} {v}"
        for k, v in event.items()
        if k not in ("type", "seat", "salt", "default")
        and v is not None
        and v is not False
        and v not in ([], {})
    ]
    what = str(event["type"]).replace("_", " ")
    if facts:
        return _("{what} ({facts}; the rest is hidden from you)").format(what=what, facts=", ".join(facts))
    return _("{what} (hidden from you)").format(what=what)


def _owner(event: Json, name: Callable[[int], str]) -> str:
    """Returns the name of the seat an automatic move was made for."""
    return name(event["seat"]) if isinstance(event.get("seat"), int) else _("a seat")
