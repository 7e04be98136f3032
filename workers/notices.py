"""Writes the content of each notification from what one seat may see (pure functions).

Kinds: `invite` (game created), `turn` (a prompt opened), `reminder` (its deadline nears),
`autopass` (the deadline passed and Castillo played the default), `absent` / `returned`
(a seat entered or left auto-play; sent to everyone), `over` (final result), `aborted`
(the admin ended the game without a result). Every text
comes from the seat's own `view`, redacted log entries, `legal_moves` and `format_move`,
so no email of a running game holds another seat's hidden fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.contract import Game, Json
from workers.changes import change_lines
from workers.compose import Section

MAX_LEGAL = 40
STATUS_KEYS = ("round", "rounds", "phase", "turn", "active")


@dataclass(frozen=True, slots=True)
class Seen:
    """What notifications need to know of one game at one version."""

    game_id: str
    game: Game
    state: Any
    names: tuple[str, ...]
    envelopes: tuple[Json, ...]  # the whole log, unredacted: only ever shown through `redact`
    deadlines: dict[tuple[int, str], float]
    timezone: str = "UTC"  # the game's time control zone: deadlines are shown in it too

    @property
    def title(self) -> str:
        """Returns the game's display title."""
        return str(self.game.INFO.get("title", self.game.INFO["name"]))

    def name(self, seat: int) -> str:
        """Returns the display name of a seat."""
        return self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else f"seat {seat}"


@dataclass(frozen=True, slots=True)
class Content:
    """Subject, paragraphs and sections of one email (links and headers are added later)."""

    subject: str
    paragraphs: tuple[str, ...]
    sections: tuple[Section, ...] = ()
    playable: bool = False  # carries a reply address (a prompt of this seat is open)
    unsubscribe: str = "game"  # what its one-click link stops: this game's emails, or all to the `address`


def when(epoch: float, timezone: str = "UTC") -> str:
    """Returns an epoch time as `2026-11-21 18:00 UTC`, or `2026-11-21 19:00 Europe/Budapest (18:00 UTC)`."""
    utc = datetime.fromtimestamp(epoch, UTC)
    try:
        local = utc.astimezone(ZoneInfo(timezone)) if timezone != "UTC" else None
    except (ZoneInfoNotFoundError, ValueError):
        local = None
    if local is None:
        return utc.strftime("%Y-%m-%d %H:%M UTC")
    return f"{local.strftime('%Y-%m-%d %H:%M')} {timezone} ({utc.strftime('%H:%M')} UTC)"


def duration(seconds: float) -> str:
    """Returns a span of time in words: "2 d 5 h", "3 h 20 min", "12 min", "40 s"."""
    left = max(0, int(seconds))
    days, hours, minutes = left // 86400, left % 86400 // 3600, left % 3600 // 60
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min" if minutes else f"{left} s"


def compact(value: Any) -> str:
    """Returns a short one-line text of a JSON value."""
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(map(str, value)) or "(none)"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(", ", ": "), sort_keys=True)
    return str(value)


def subject(seen: Seen, what: str) -> str:
    """Returns `[Castillo] <title> <id> · round N: <what>`."""
    round_ = seen.game.view(seen.state, None).get("round") if seen.state is not None else None
    where = f" · round {round_}" if round_ else ""
    return f"[Castillo] {seen.title} {seen.game_id}{where}: {what}"


def prompt_of(seen: Seen, seat: int) -> Json | None:
    """Returns the seat's open prompt, if any."""
    if seen.state is None or seen.game.result(seen.state) is not None:
        return None
    return seen.game.pending(seen.state).get(seat)


def due_line(seen: Seen, seat: int, prompt: Json) -> str:
    """Returns what the seat must decide and by when."""
    doc = seen.game.PROMPTS.get(prompt["kind"], prompt["kind"])
    deadline = seen.deadlines.get((seat, prompt["id"]))
    by = f" Deadline: {when(deadline, seen.timezone)}." if deadline else " There is no deadline."
    return f"Your decision: {doc}.{by}"


def kind_text(prompt: Json) -> str:
    """Returns a prompt's kind as words for a subject line ("choose action card")."""
    return str(prompt["kind"]).replace("_", " ")


def legal_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns the seat's legal moves in the game's notation (the first MAX_LEGAL)."""
    moves = [seen.game.format_move(m) for m in seen.game.legal_moves(seen.state, seat)]
    unique = list(dict.fromkeys(moves))
    more = len(unique) - MAX_LEGAL
    return tuple(unique[:MAX_LEGAL]) + (
        (f"… and {more} more (open the game to see all)",) if more > 0 else ()
    )


# The options' names in an email's header; an option not named here is shown by its id as words.
OPTION_NAMES: dict[str, str] = {
    "veto": "Veto",
    "short_game": "short game (rounds 2, 3, 5, 6, 8, 9)",
    "short_game_six_rounds": "short game (rounds 1-6)",
    "grande_counts_one": "Grande counts one",
    "movement_limits": "movement limits",
    "france": "France",
    "granada_moorish": "Moorish Granada",
    "church": "Church",
    "inquisitor_colonies": "Grand Inquisitor & Colonies",
}


def options_line(game: Game, options: Any) -> str:
    """Returns "Options: France, Church, no Veto": the options the view shows away from their
    defaults in the game's INFO ("" when all are the defaults, or the view shows none)."""
    if not isinstance(options, dict):
        return ""
    parts = []
    for key, spec in game.INFO.get("options", {}).items():
        value, default = options.get(key, spec.get("default")), spec.get("default")
        label = OPTION_NAMES.get(key, key.replace("_", " "))
        if value == default or value is None:
            continue
        parts.append(
            label if value is True else f"no {label}" if value is False else f"{label} {compact(value)}"
        )
    return f"Options: {', '.join(parts)}." if parts else ""


def summary_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns the seat's own view as text: who sits where, the options away from their defaults,
    then the game's `text_summary` when it has one, else a short list of the view's status and
    the seat's own facts."""
    view = seen.game.view(seen.state, seat)
    seats = ", ".join(f"{i} {seen.name(i)}" + (" (you)" if i == seat else "") for i in range(len(seen.names)))
    head = [f"Seats: {seats}."]
    options = options_line(seen.game, view.get("options"))
    head += [options] if options else []
    summary = getattr(seen.game, "text_summary", None)
    if summary is not None:
        return (*head, *summary(view, seen.names))
    lines = head + [f"{k}: {compact(view[k])}" for k in STATUS_KEYS if view.get(k) is not None]
    players = view.get("players")
    if isinstance(players, list) and 0 <= seat < len(players) and isinstance(players[seat], dict):
        lines += [
            f"your {k.replace('_', ' ')}: {compact(v)}" for k, v in players[seat].items() if k != "seat"
        ]
    return tuple(lines)


def view_section(seen: Seen, seat: int) -> Section:
    """Returns the "Your view" section (a monospace block in HTML)."""
    return Section("Your view", summary_lines(seen, seat), "pre")


def play_sections(seen: Seen, seat: int, prompt: Json, *, changes: bool = True) -> tuple[Section, ...]:
    """Returns the sections of an email that asks the seat to decide (`changes`: with what happened)."""
    legal = Section(
        "Your legal moves (reply with one per line; a whole turn may go in one reply)",
        legal_lines(seen, seat),
        "moves",
    )
    news = change_lines(seen.game, seen.envelopes, seat, seen.name) if changes else ()
    return (
        *((Section("Since your last move", news),) if news else ()),
        view_section(seen, seat),
        legal,
        *hint_sections(seen, prompt),
    )


def hint_sections(seen: Seen, prompt: Json) -> tuple[Section, ...]:
    """Returns how to write the prompt's moves that the legal list cannot hold, if it has such."""
    hint = HINTS.get((seen.game.INFO["name"], prompt["kind"]))
    return (Section("How to write the longer moves", hint, "moves"),) if hint else ()


# Notation of the move families too large to list (each game's notation module has them all).
HINTS: dict[tuple[str, str], tuple[str, ...]] = {
    ("elgrande", "turn_step"): (
        "place old_castile:2 castillo   (caballeros from your court: region:count, count 1 may be left out)",
        "declare ...                    (your card's special action, in the forms listed above)",
        "end                            (end your turn, skipping what is left of it)",
    ),
    ("elgrande", "supplement_court"): (
        "supplement aragon:2 galicia    (your caballeros from those regions into your court)",
    ),
    ("elgrande", "king_returns_choice"): ("return court court aragon   (one source per caballero)",),
}

REPLY_HINT = (
    "Play by replying to this email: write your move(s) in the notation shown, one per line, "
    "above the quoted text. Or open the game with the button or link."
)


def _asking(seen: Seen, seat: int, prompt: Json) -> list[str]:
    """Returns the paragraphs that ask the seat for its open decision."""
    return [due_line(seen, seat, prompt), REPLY_HINT]


def turn(seen: Seen, seat: int, prompt: Json) -> Content:
    """Returns the 'your turn' email of a seat whose prompt just opened."""
    return Content(
        subject(seen, f"your turn — {kind_text(prompt)}"),
        (f"It is your turn in {seen.title} (game {seen.game_id}).", *_asking(seen, seat, prompt)),
        play_sections(seen, seat, prompt),
        playable=True,
    )


def reminder(seen: Seen, seat: int, prompt: Json, now: float) -> Content:
    """Returns the reminder of a seat whose deadline nears."""
    deadline = seen.deadlines.get((seat, prompt["id"]), now)
    return Content(
        subject(seen, f"reminder — {kind_text(prompt)} due {when(deadline, seen.timezone)}"),
        (
            f"Your decision in {seen.title} (game {seen.game_id}) is still open: {duration(deadline - now)} left.",
            *_asking(seen, seat, prompt),
            "If the deadline passes, Castillo plays the rules' default move for you.",
        ),
        play_sections(seen, seat, prompt),
        playable=True,
    )


def invite(seen: Seen, seat: int) -> Content:
    """Returns the invitation of a seat in a new game."""
    prompt = prompt_of(seen, seat)
    paragraphs = [
        f"You are invited to play {seen.title} (game {seen.game_id}) as {seen.name(seat)}, seat {seat}."
    ]
    if prompt is not None:
        paragraphs += _asking(seen, seat, prompt)
        sections = play_sections(seen, seat, prompt, changes=False)
    else:
        paragraphs.append("You will get an email whenever you must decide.")
        sections = (view_section(seen, seat),)
    return Content(
        subject(seen, "you are invited"),
        tuple(paragraphs),
        sections,
        playable=prompt is not None,
        unsubscribe="address",  # someone typed this address in: its owner may never have asked
    )


def autopass(seen: Seen, seat: int, played: tuple[str, ...]) -> Content:
    """Returns the notice that the seat's deadline passed and `played` (notation) was played for it."""
    paragraphs = [
        f"Your deadline in {seen.title} (game {seen.game_id}) passed; Castillo played the rules' default for you."
    ]
    prompt = prompt_of(seen, seat)
    sections = [Section("Played for you", played or ("(the rules' default)",), "moves")]
    if prompt is not None:
        paragraphs += _asking(seen, seat, prompt)
        sections += play_sections(seen, seat, prompt)
    else:
        paragraphs.append("Nothing more is due from you now; you will get an email when it is.")
        sections.append(view_section(seen, seat))
    return Content(
        subject(seen, "your deadline passed"), tuple(paragraphs), tuple(sections), prompt is not None
    )


def presence(seen: Seen, seat: int, who: int, absent: bool) -> Content:
    """Returns the notice (to everyone) that seat `who` is now auto-played, or back."""
    name = "You" if who == seat else seen.name(who)
    if absent:
        text = (
            f"{name} missed too many deadlines in a row in {seen.title} (game {seen.game_id}) and "
            "{is} now auto-played at once until {they} act{s} again."
        )
        if who == seat:
            text += " To take your seat back, open the game with the button or link and make your next move there."
        verb = {
            "is": "are" if who == seat else "is",
            "they": "you" if who == seat else "they",
            "s": "" if who == seat else "s",
        }
        return Content(subject(seen, f"{seen.name(who)} is auto-played"), (text.format(**verb),))
    return Content(
        subject(seen, f"{seen.name(who)} is back"),
        (f"{name} acted again in game {seen.game_id}: no more auto-play.",),
    )


def over(seen: Seen, seat: int) -> Content:
    """Returns the final result email."""
    result = seen.game.result(seen.state) or {}
    scores, ranks = result.get("scores", []), result.get("ranks", [])
    lines = tuple(
        f"{seen.name(i)}: {scores[i] if i < len(scores) else '?'} points, rank {ranks[i] if i < len(ranks) else '?'}"
        for i in range(len(seen.names))
    )
    winners = ", ".join(seen.name(w) for w in result.get("winners", [])) or "nobody"
    return Content(
        subject(seen, "game over"),
        (
            f"{seen.title} game {seen.game_id} is over. Winner: {winners}.",
            "The whole history, the seed included, is now public: open the game to replay or verify it.",
        ),
        (Section("Final scores", lines), view_section(seen, seat)),
    )


def aborted(seen: Seen, seat: int, reason: str) -> Content:
    """Returns the notice that the game's admin aborted the game (no result)."""
    why = f" The reason given: {reason}." if reason and not reason.lower().startswith("aborted") else ""
    return Content(
        subject(seen, "game aborted"),
        (
            f"{seen.title} game {seen.game_id} was aborted by its admin and ends without a result.{why}",
            "Nothing more is due from you. The whole history, the seed included, is now public.",
        ),
    )


def answer(
    seen: Seen, seat: int, status: str, moves: tuple[str, ...], error: Json, legal: tuple[str, ...]
) -> Content:
    """Returns the answer to an emailed move: accepted, or why not with the legal options."""
    prompt = prompt_of(seen, seat)
    if status == "accepted":
        return _accepted(seen, seat, moves, prompt)
    if status == "closed":
        text = "That email's decision is already closed (you moved, the deadline passed, or the game ended); nothing was played."
        if prompt is not None:
            return Content(
                subject(seen, "nothing played — decision closed"),
                (text, *_asking(seen, seat, prompt)),
                play_sections(seen, seat, prompt),
                True,
            )
        return Content(
            subject(seen, "nothing played — decision closed"), (text,), (view_section(seen, seat),)
        )
    sections = [Section("You wrote", moves, "moves")] if moves else []
    sections.append(Section("Your legal moves", legal or ("(none)",), "moves"))
    reason = f"Not played: {refusal(error)}."
    if prompt is not None:
        sections += hint_sections(seen, prompt)
    paragraphs = (reason, "Nothing was played; your decision is still open. Reply again with a legal move.")
    return Content(subject(seen, "move refused"), paragraphs, tuple(sections), prompt is not None)


def refusal(error: Json) -> str:
    """Returns the engine's reason without the echo of the move's JSON, with its rule once."""
    message = str(error.get("message") or error.get("code") or "refused")
    if message.startswith(("illegal move {", "malformed move {")):
        depth, start = 0, message.index("{")
        for i, char in enumerate(message[start:], start):
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth == 0:
                message = message[i + 1 :].removeprefix(":").strip() or message
                break
    rule = error.get("rule")
    return message + (f" ({rule})" if rule and f"({rule})" not in message else "")


def _accepted(seen: Seen, seat: int, moves: tuple[str, ...], prompt: Json | None) -> Content:
    """Returns the answer to an emailed move that was played."""
    paragraphs = [f"Accepted in {seen.title} (game {seen.game_id}): " + "; ".join(moves) + "."]
    if prompt is None:
        paragraphs.append("Nothing more is due from you now; you will get an email when it is.")
        sections: tuple[Section, ...] = (view_section(seen, seat),)
    else:
        paragraphs += _asking(seen, seat, prompt)
        sections = play_sections(seen, seat, prompt)
    return Content(subject(seen, "move accepted"), tuple(paragraphs), sections, prompt is not None)
