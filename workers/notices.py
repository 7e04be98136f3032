"""Writes the content of each notification from what one seat may see (pure functions).

Kinds: `invite` (game created), `turn` (a prompt opened), `reminder` (its deadline nears),
`autopass` (the deadline passed and Castillo played the default), `absent` / `returned`
(a seat entered or left auto-play; sent to everyone), `over` (final result). Every text
comes from the seat's own `view`, redacted log entries, `legal_moves` and `format_move`,
so no email of a running game holds another seat's hidden fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engine.contract import Game, Json

MAX_LEGAL = 40
MAX_CHANGES = 30
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
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    playable: bool = False  # carries a reply address (a prompt of this seat is open)


def when(epoch: float) -> str:
    """Returns an epoch time as `2026-11-21 18:00 UTC`."""
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")


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
    by = f" Deadline: {when(deadline)}." if deadline else " There is no deadline."
    return f"You must decide now — {prompt['kind']}: {doc}.{by}"


def legal_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns the seat's legal moves in the game's notation (the first MAX_LEGAL)."""
    moves = [seen.game.format_move(m) for m in seen.game.legal_moves(seen.state, seat)]
    unique = list(dict.fromkeys(moves))
    more = len(unique) - MAX_LEGAL
    return tuple(unique[:MAX_LEGAL]) + (
        (f"… and {more} more (open the game to see all)",) if more > 0 else ()
    )


def view_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns the seat's own view in short lines: game status, then its own player facts."""
    view = seen.game.view(seen.state, seat)
    lines = [f"{k}: {compact(view[k])}" for k in STATUS_KEYS if view.get(k) is not None]
    players = view.get("players")
    if isinstance(players, list) and 0 <= seat < len(players) and isinstance(players[seat], dict):
        lines += [
            f"your {k.replace('_', ' ')}: {compact(v)}" for k, v in players[seat].items() if k != "seat"
        ]
    return tuple(lines)


def change_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns what happened since the seat's last own move, as the seat may see it."""
    since = 0
    for env in seen.envelopes:
        if env.get("actor") == {"seat": seat}:
            since = env["v"]
    lines = [_entry_line(seen, env, seat) for env in seen.envelopes if env["v"] > since]
    shown = [line for line in lines if line]
    return tuple(shown[-MAX_CHANGES:])


def _entry_line(seen: Seen, env: Json, seat: int) -> str | None:
    actor = env.get("actor")
    who = seen.name(actor["seat"]) if isinstance(actor, dict) else str(actor)
    if env["kind"] != "engine":
        event = env["event"]
        return f"v{env['v']} {event['type'].replace('_', ' ')}" + (
            f": {seen.name(event['seat'])}" if "seat" in event else ""
        )
    event = seen.game.redact(env["event"], seat)
    if event is None:
        return f"v{env['v']} ({who}): hidden"
    fields = {k: v for k, v in event.items() if k not in ("type", "salt", "default")}
    detail = ", ".join(f"{k}={compact(v)}" for k, v in sorted(fields.items()))
    tag = " [default]" if event.get("default") else ""
    return f"v{env['v']} ({who}) {event['type']}{tag}{': ' + detail if detail else ''}"


def play_sections(seen: Seen, seat: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Returns the sections of an email that asks the seat to decide."""
    changes = change_lines(seen, seat) or ("(nothing new)",)
    return (
        ("Since your last move", changes),
        ("Your view", view_lines(seen, seat)),
        (
            "Your legal moves (reply with one per line; a whole turn may go in one reply)",
            legal_lines(seen, seat),
        ),
    )


REPLY_HINT = (
    "Play by replying to this email: write your move(s) in the notation shown, one per line, "
    "above the quoted text. Or open the game with the link below."
)


def turn(seen: Seen, seat: int, prompt: Json) -> Content:
    """Returns the 'your turn' email of a seat whose prompt just opened."""
    return Content(
        subject(seen, f"your turn — {prompt['kind']}"),
        (f"It is your turn in {seen.title} (game {seen.game_id}).", due_line(seen, seat, prompt), REPLY_HINT),
        play_sections(seen, seat),
        playable=True,
    )


def reminder(seen: Seen, seat: int, prompt: Json, now: float) -> Content:
    """Returns the reminder of a seat whose deadline nears."""
    deadline = seen.deadlines.get((seat, prompt["id"]), now)
    left = max(0, int(deadline - now))
    return Content(
        subject(seen, f"reminder — {prompt['kind']} due {when(deadline)}"),
        (
            f"Your decision in {seen.title} (game {seen.game_id}) is still open: {left // 3600} h {left % 3600 // 60} min left.",
            due_line(seen, seat, prompt),
            "If the deadline passes, Castillo plays the rules' default move for you.",
            REPLY_HINT,
        ),
        play_sections(seen, seat),
        playable=True,
    )


def invite(seen: Seen, seat: int) -> Content:
    """Returns the invitation of a seat in a new game."""
    players = tuple(
        f"seat {i}: {seen.name(i)}" + (" (you)" if i == seat else "") for i in range(len(seen.names))
    )
    prompt = prompt_of(seen, seat)
    paragraphs = [
        f"You are invited to play {seen.title} (game {seen.game_id}) as {seen.name(seat)}, seat {seat}."
    ]
    sections: list[tuple[str, tuple[str, ...]]] = [("Players", players)]
    if prompt is not None:
        paragraphs += [due_line(seen, seat, prompt), REPLY_HINT]
        sections += list(play_sections(seen, seat))[1:]
    else:
        paragraphs.append("You will get an email whenever you must decide.")
    return Content(
        subject(seen, "you are invited"), tuple(paragraphs), tuple(sections), playable=prompt is not None
    )


def autopass(seen: Seen, seat: int, played: tuple[str, ...]) -> Content:
    """Returns the notice that the seat's deadline passed and `played` (notation) was played for it."""
    paragraphs = [
        f"Your deadline in {seen.title} (game {seen.game_id}) passed; Castillo played the rules' default for you."
    ]
    prompt = prompt_of(seen, seat)
    sections: list[tuple[str, tuple[str, ...]]] = [("Played for you", played or ("(the rules' default)",))]
    if prompt is not None:
        paragraphs += [due_line(seen, seat, prompt), REPLY_HINT]
        sections += list(play_sections(seen, seat))
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
        (("Final scores", lines),),
    )


def answer(
    seen: Seen, seat: int, status: str, moves: tuple[str, ...], error: Json, legal: tuple[str, ...]
) -> Content:
    """Returns the answer to an emailed move: accepted, or why not with the legal options."""
    prompt = prompt_of(seen, seat)
    sections: list[tuple[str, tuple[str, ...]]] = []
    if status == "accepted":
        paragraphs = [f"Accepted in {seen.title} (game {seen.game_id}): " + "; ".join(moves) + "."]
        if prompt is not None:
            paragraphs += [due_line(seen, seat, prompt), REPLY_HINT]
            sections += list(play_sections(seen, seat))
        else:
            paragraphs.append("Nothing more is due from you now; you will get an email when it is.")
        return Content(subject(seen, "move accepted"), tuple(paragraphs), tuple(sections), prompt is not None)
    if status == "closed":
        text = "That email's decision is already closed (you moved, the deadline passed, or the game ended); nothing was played."
        if prompt is not None:
            return Content(
                subject(seen, "nothing played — decision closed"),
                (text, due_line(seen, seat, prompt), REPLY_HINT),
                play_sections(seen, seat),
                True,
            )
        return Content(subject(seen, "nothing played — decision closed"), (text,))
    rule = f" (rule {error['rule']})" if error.get("rule") else ""
    reason = f"Not played: {error.get('message', 'refused')}{rule} [{error.get('code', 'refused')}]."
    sections.append(("Your legal moves", legal or ("(none)",)))
    paragraphs = [reason, "Nothing was played; your decision is still open. Reply again with a legal move."]
    return Content(subject(seen, "move refused"), tuple(paragraphs), tuple(sections), prompt is not None)
