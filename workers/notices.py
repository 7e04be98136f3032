"""Writes the content of each notification from what one seat may see (pure functions).

Kinds: `invite` (game created), `turn` (a prompt opened), `reminder` (its deadline nears),
`autopass` (the deadline passed and Castillo played the default), `absent` / `returned`
(a seat entered or left auto-play; sent to everyone), `over` (final result), `aborted`
(the admin ended the game without a result). Every text
comes from the seat's own `view`, redacted log entries, `legal_moves` and `format_move`,
so no email of a running game holds another seat's hidden fact. The words of each kind are its
template's (`workers/templates/<kind>.j2`, workers.render), in the current language: build a
seat's email inside `with speaking(its language):`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Game, Json
from engine.i18n import N_, _, n_
from workers import render
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
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return _("seat {seat}").format(seat=seat)

    def values(self) -> dict[str, Any]:
        """Returns what every template reads of the game: title, id, round and time zone."""
        round_ = self.game.view(self.state, None).get("round") if self.state is not None else None
        return {"title": self.title, "game": self.game_id, "round": round_, "timezone": self.timezone}


@dataclass(frozen=True, slots=True)
class Content:
    """One email's template (`workers/templates/<template>.j2`), the values it reads and its
    sections (links and headers are added later)."""

    template: str
    values: Mapping[str, Any] = field(default_factory=dict)
    sections: tuple[Section, ...] = ()
    playable: bool = False  # carries a reply address (a prompt of this seat is open)
    unsubscribe: str = "game"  # what its one-click link stops: this game's emails, or all to the `address`

    @property
    def subject(self) -> str:
        """Returns the subject line, in the current language."""
        return render.subject(self.template, self.values)


def compact(value: Any) -> str:
    """Returns a short one-line text of a JSON value."""
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(map(str, value)) or _("(none)")
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(", ", ": "), sort_keys=True)
    return str(value)


def prompt_of(seen: Seen, seat: int) -> Json | None:
    """Returns the seat's open prompt, if any."""
    if seen.state is None or seen.game.result(seen.state) is not None:
        return None
    return seen.game.pending(seen.state).get(seat)


def asking(seen: Seen, seat: int, prompt: Json) -> dict[str, Any]:
    """Returns the values that ask the seat for its open decision: what and by when (`parts.asking`).

    The game's words for the decision are read through the catalogs (the engine's, where it marks
    them), so a translated prompt shows translated; one no catalog holds stays as the game wrote it.
    """
    doc = str(seen.game.PROMPTS.get(prompt["kind"]) or prompt["kind"])
    return {
        "decision": _(doc),
        "deadline": seen.deadlines.get((seat, prompt["id"])),
        "kind": _(kind_text(prompt)),
    }


def kind_text(prompt: Json) -> str:
    """Returns a prompt's kind as words for a subject line ("choose action card")."""
    return str(prompt["kind"]).replace("_", " ")


def legal_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns the seat's legal moves in the game's notation (the first MAX_LEGAL)."""
    moves = [seen.game.format_move(m) for m in seen.game.legal_moves(seen.state, seat)]
    unique = list(dict.fromkeys(moves))
    more = len(unique) - MAX_LEGAL
    return tuple(unique[:MAX_LEGAL]) + (
        (
            n_(
                "… and {n} more (open the game to see all)", "… and {n} more (open the game to see all)", more
            ).format(n=more),
        )
        if more > 0
        else ()
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
            label
            if value is True
            else _("no {option}").format(option=label)
            if value is False
            else f"{label} {compact(value)}"
        )
    return _("Options: {options}.").format(options=", ".join(parts)) if parts else ""


def summary_lines(seen: Seen, seat: int) -> tuple[str, ...]:
    """Returns the seat's own view as text: who sits where, the options away from their defaults,
    then the game's `text_summary` when it has one, else a short list of the view's status and
    the seat's own facts."""
    view = seen.game.view(seen.state, seat)
    you = _("(you)")
    seats = ", ".join(
        f"{i} {seen.name(i)}" + (f" {you}" if i == seat else "") for i in range(len(seen.names))
    )
    head = [_("Seats: {seats}.").format(seats=seats)]
    options = options_line(seen.game, view.get("options"))
    head += [options] if options else []
    summary = getattr(seen.game, "text_summary", None)
    if summary is not None:
        return (*head, *summary(view, seen.names))
    lines = head + [f"{k}: {compact(view[k])}" for k in STATUS_KEYS if view.get(k) is not None]
    players = view.get("players")
    if isinstance(players, list) and 0 <= seat < len(players) and isinstance(players[seat], dict):
        lines += [
            _("your {what}: {value}").format(what=k.replace("_", " "), value=compact(v))
            for k, v in players[seat].items()
            if k != "seat"
        ]
    return tuple(lines)


def view_section(seen: Seen, seat: int) -> Section:
    """Returns the "Your view" section (a monospace block in HTML)."""
    return Section(_("Your view"), summary_lines(seen, seat), "pre")


def play_sections(seen: Seen, seat: int, prompt: Json, *, changes: bool = True) -> tuple[Section, ...]:
    """Returns the sections of an email that asks the seat to decide (`changes`: with what happened)."""
    legal = Section(
        _("Your legal moves (reply with one per line; a whole turn may go in one reply)"),
        legal_lines(seen, seat),
        "moves",
    )
    news = change_lines(seen.game, seen.envelopes, seat, seen.name) if changes else ()
    return (
        *((Section(_("Since your last move"), news),) if news else ()),
        view_section(seen, seat),
        legal,
        *hint_sections(seen, prompt),
    )


def hint_sections(seen: Seen, prompt: Json) -> tuple[Section, ...]:
    """Returns how to write the prompt's moves that the legal list cannot hold, if it has such."""
    hint = HINTS.get((seen.game.INFO["name"], prompt["kind"]))
    return (
        (Section(_("How to write the longer moves"), tuple(_(line) for line in hint), "moves"),)
        if hint
        else ()
    )


# Notation of the move families too large to list (each game's notation module has them all).
HINTS: dict[tuple[str, str], tuple[str, ...]] = {
    ("elgrande", "turn_step"): (
        N_(
            "place old_castile:2 castillo   (caballeros from your court: region:count, count 1 may be left out)"
        ),
        N_("declare ...                    (your card's special action, in the forms listed above)"),
        N_("end                            (end your turn, skipping what is left of it)"),
    ),
    ("elgrande", "supplement_court"): (
        N_("supplement aragon:2 galicia    (your caballeros from those regions into your court)"),
    ),
    ("elgrande", "king_returns_choice"): (N_("return court court aragon   (one source per caballero)"),),
}


def turn(seen: Seen, seat: int, prompt: Json) -> Content:
    """Returns the 'your turn' email of a seat whose prompt just opened."""
    values = seen.values() | asking(seen, seat, prompt)
    return Content("turn", values, play_sections(seen, seat, prompt), playable=True)


def reminder(seen: Seen, seat: int, prompt: Json, now: float) -> Content:
    """Returns the reminder of a seat whose deadline nears."""
    values = seen.values() | asking(seen, seat, prompt)
    values["left"] = (values["deadline"] or now) - now
    values["deadline"] = values["deadline"] or now
    return Content("reminder", values, play_sections(seen, seat, prompt), playable=True)


def invite(seen: Seen, seat: int) -> Content:
    """Returns the invitation of a seat in a new game."""
    prompt = prompt_of(seen, seat)
    values = seen.values() | {"name": seen.name(seat), "seat": seat, "due": prompt is not None}
    if prompt is not None:
        values |= asking(seen, seat, prompt)
        sections = play_sections(seen, seat, prompt, changes=False)
    else:
        sections = (view_section(seen, seat),)
    return Content(
        "invite",
        values,
        sections,
        playable=prompt is not None,
        unsubscribe="address",  # someone typed this address in: its owner may never have asked
    )


def autopass(seen: Seen, seat: int, played: tuple[str, ...]) -> Content:
    """Returns the notice that the seat's deadline passed and `played` (notation) was played for it."""
    prompt = prompt_of(seen, seat)
    values = seen.values() | {"due": prompt is not None}
    sections = [Section(_("Played for you"), played or (_("(the rules' default)"),), "moves")]
    if prompt is not None:
        values |= asking(seen, seat, prompt)
        sections += play_sections(seen, seat, prompt)
    else:
        sections.append(view_section(seen, seat))
    return Content("autopass", values, tuple(sections), prompt is not None)


def presence(seen: Seen, seat: int, who: int, absent: bool) -> Content:
    """Returns the notice (to everyone) that seat `who` is now auto-played, or back."""
    values = seen.values() | {"you": who == seat, "name": seen.name(who), "absent": absent}
    return Content("presence", values)


def over(seen: Seen, seat: int) -> Content:
    """Returns the final result email."""
    result = seen.game.result(seen.state) or {}
    scores, ranks = result.get("scores", []), result.get("ranks", [])
    lines = tuple(
        score_line(seen.name(i), scores[i] if i < len(scores) else None, ranks[i] if i < len(ranks) else None)
        for i in range(len(seen.names))
    )
    winners = ", ".join(seen.name(w) for w in result.get("winners", []))
    values = seen.values() | {"winners": winners}
    return Content("over", values, (Section(_("Final scores"), lines), view_section(seen, seat)))


def score_line(name: str, score: Any, rank: Any) -> str:
    """Returns "Ana: 42 points, rank 1" (a "?" for what the result lacks)."""
    if not isinstance(score, int):
        return _("{name}: ? points, rank {rank}").format(name=name, rank=rank if rank is not None else "?")
    text = n_("{name}: {n} point, rank {rank}", "{name}: {n} points, rank {rank}", score)
    return text.format(name=name, n=score, rank=rank if rank is not None else "?")


def aborted(seen: Seen, seat: int, reason: str) -> Content:
    """Returns the notice that the game's admin aborted the game (no result)."""
    why = reason if reason and not reason.lower().startswith("aborted") else ""
    return Content("aborted", seen.values() | {"reason": why})


def answer(
    seen: Seen,
    seat: int,
    status: str,
    moves: tuple[str, ...],
    error: Json,
    legal: tuple[str, ...],
    words: tuple[str, ...] = (),
) -> Content:
    """Returns the answer to an emailed move: accepted (in the notation, beside the player's own
    words when they differ: a move written in another language), or why not with the legal options."""
    prompt = prompt_of(seen, seat)
    values = seen.values() | {"status": status, "due": prompt is not None, "moves": "; ".join(moves)}
    values["words"] = "; ".join(words) if words and tuple(words) != tuple(moves) else ""
    if prompt is not None:
        values |= asking(seen, seat, prompt)
    if status in ("accepted", "closed"):
        sections = play_sections(seen, seat, prompt) if prompt is not None else (view_section(seen, seat),)
        return Content("answer", values, sections, prompt is not None)
    values["reason"] = refusal(error)
    refused = [Section(_("You wrote"), moves, "moves")] if moves else []
    refused.append(Section(_("Your legal moves"), legal or (_("(none)"),), "moves"))
    if prompt is not None:
        refused += hint_sections(seen, prompt)
    return Content("answer", values, tuple(refused), prompt is not None)


def refusal(error: Json) -> str:
    """Returns the engine's reason without the echo of the move's JSON, with its rule once."""
    message = str(error.get("message") or error.get("code") or "refused")
    start = message.find("{")
    if 0 <= start < 40:  # "illegal move {...}: why", in any language: the move's JSON is not repeated
        depth = 0
        for i, char in enumerate(message[start:], start):
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth == 0:
                rest = message[i + 1 :]
                message = (
                    rest.removeprefix(":").strip() if rest.startswith(":") and rest.strip(": ") else message
                )
                break
    rule = error.get("rule")
    return message + (f" ({rule})" if rule and f"({rule})" not in message else "")
