"""Draws a game as terminal text from its summary and the caller's view (no hidden facts added).

El Grande: a regions table with caballeros per colour, the King, Grandes, scoreboards and
the Castillo, then courts, provinces and scores. Kabale & Hiebe: the columns with their goal
cards and slots, then the players. Anything else: the view's keys, one per line.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Any

from clients.python.describe import options_line
from clients.python.phrases_kabale import goal_words
from clients.python.term import Style, table
from clients.python.types import GameSummary, Json

ELGRANDE_COLOURS = ("yellow", "red", "green", "blue", "black")  # R4: up to five colours
# The board's order (the engine's region ids); a client does not rely on the key order of JSON objects.
ELGRANDE_AREAS = (
    "castillo",
    "galicia",
    "basque_country",
    "aragon",
    "catalonia",
    "old_castile",
    "new_castile",
    "valencia",
    "seville",
    "granada",
    "france",  # option france (O-F1, O-F8)
)
KABALE_ABBR = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "white": "W", "black": "K"}


def render(summary: GameSummary, view: Json | None, style: Style) -> list[str]:
    """Returns the lines showing a game: a header, the board, and what the caller owes."""
    lines = header(summary, style)
    if view is None:
        return lines
    me = view.get("viewer")
    if isinstance(me, int) and any(p.seat == me for p in summary.prompts):
        lines.append(
            style(
                f"your turn: see `castillo moves {summary.id}`, then `castillo play {summary.id} MOVE`",
                "green",
                "bold",
            )
        )
    match summary.game:
        case "elgrande":
            lines += elgrande(summary, view, style)
        case "kabale":
            lines += kabale(summary, view, style)
        case _:
            lines += [f"{k}: {json.dumps(v)}" for k, v in view.items()]
    return lines


def seat_label(summary: GameSummary, seat: int) -> str:
    """Returns "Name (seat k)" for a seat of the game."""
    names = {s.seat: s.name for s in summary.seats}
    return f"{names.get(seat, '?')} (seat {seat})"


def header(summary: GameSummary, style: Style) -> list[str]:
    """Returns the title line, the status line and who owes what."""
    lines = [style(f"{summary.title} · game {summary.id}", "bold")]
    lines.append(f"status {summary.status} · version {summary.version}")
    options = options_line(summary.game, summary.options)
    lines += [options] if options else []
    for prompt in summary.prompts:
        due = f" · due {_when(prompt.deadline)} ({_left(prompt.deadline)})" if prompt.deadline else ""
        lines.append(f"waiting for {seat_label(summary, prompt.seat)}: {prompt.kind}{due}")
    if summary.result:
        lines.append(style(result_line(summary, summary.result), "bold"))
    return lines


def result_line(summary: GameSummary, result: Json) -> str:
    """Returns the final scores and winners in one line."""
    scores = ", ".join(f"{seat_label(summary, i)} {s}" for i, s in enumerate(result.get("scores", [])))
    winners = " and ".join(seat_label(summary, w) for w in result.get("winners", []))
    return f"final: {scores} — winner {winners}"


def _when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _left(epoch: float, now: float | None = None) -> str:
    """Returns the time until `epoch` in words: "in 2 d 5 h", "in 40 min", "passed"."""
    left = int(epoch - (time.time() if now is None else now))
    if left <= 0:
        return "passed"
    days, hours, minutes = left // 86400, left % 86400 // 3600, left % 3600 // 60
    if days:
        return f"in {days} d {hours} h"
    return f"in {hours} h {minutes} min" if hours else f"in {max(minutes, 1)} min"


# ----- El Grande


def elgrande(summary: GameSummary, view: Json, style: Style) -> list[str]:
    """Returns El Grande's board: areas by caballeros per colour, markers, then the seat rows."""
    seats = int(view["seats"])
    names = [_colour_name(summary, i, style) for i in range(seats)]
    king = view["areas"].get(view["king"], {}).get("name", view["king"])
    lines = [f"{_round(view['round'], view['rounds'])} · phase {view['phase']} · King in {king}"]
    order = sorted(view["areas"], key=_board_order)
    rows = [_area_row(a, view["areas"][a], view, names, style) for a in order]
    lines += table(["area", "values", *names, "marks"], rows, "<<" + ">" * seats + "<")
    lines.append("")
    seat_rows = [
        ["court", *[str(n) for n in view["courts"]]],
        ["province", *[str(n) for n in view["provinces"]]],
        ["hand", *[str(h["size"]) for h in view["hands"]]],
        ["power card", *[str(b) if b else "·" for b in view.get("bids") or [0] * seats]],
        ["score", *[style(str(n), "bold") for n in view["scores"]]],
    ]
    lines += table(["", *names], seat_rows, "<" + ">" * seats)
    church = view.get("church")
    if isinstance(church, dict):  # O-C3, O-C4
        holder = church.get("holder")
        lines.append(
            "Church marker: "
            + (seat_label(summary, holder) if isinstance(holder, int) else "beside the board")
        )
    lines += _colonies(summary, view)
    return lines + _elgrande_private(summary, view)


def _colonies(summary: GameSummary, view: Json) -> list[str]:
    """Returns the public lines of inquisitor_colonies (G80): the holder, tiles, held, delayed and turned cards."""
    inq = view.get("inquisitor")
    if not isinstance(inq, dict):
        return []
    holder = inq.get("holder")
    out = inq.get("out_of_game") or 0
    lines = [
        "Grand Inquisitor: "
        + (seat_label(summary, holder) if isinstance(holder, int) else "beside the board")
        + (f" · {out} black out of the game" if out else "")
    ]
    tiles = view.get("tiles") or {}
    supply, loose = tiles.get("supply", {}), tiles.get("loose", {})
    lines.append(
        f"tiles: supply {supply.get('gold', 0)} gold, {supply.get('goods', 0)} goods · "
        f"free {loose.get('gold', 0)} gold, {loose.get('goods', 0)} goods"
    )
    held = [f"{c['card']} ({seat_label(summary, c['seat'])})" for c in view.get("held_cards", [])]
    lines += ["held cards: " + ", ".join(held)] if held else []
    delayed = [
        f"{d['area']} in round {d['round']} ({seat_label(summary, d['seat'])})"
        for d in view.get("delayed", [])
    ]
    lines += ["delayed scoring: " + ", ".join(delayed)] if delayed else []
    lines += ["turned face down: " + ", ".join(view["turned"])] if view.get("turned") else []
    return lines


def _round(now: int, rounds: list[int]) -> str:
    """Returns "round 3 of 9", or "round 5 (3 of 6)" when rounds are skipped (short game)."""
    if rounds == list(range(1, len(rounds) + 1)) or now not in rounds:
        return f"round {now} of {len(rounds)}"
    return f"round {now} ({rounds.index(now) + 1} of {len(rounds)})"


def _board_order(area_id: str) -> tuple[int, str]:
    """Sorts areas as on the board: the Castillo, then the regions in id order (unknown ones last)."""
    known = area_id in ELGRANDE_AREAS
    return (ELGRANDE_AREAS.index(area_id) if known else len(ELGRANDE_AREAS), area_id)


def _colour_name(summary: GameSummary, seat: int, style: Style) -> str:
    colour = ELGRANDE_COLOURS[seat % len(ELGRANDE_COLOURS)]
    name = next((s.name for s in summary.seats if s.seat == seat), f"seat {seat}")
    return style(f"{name[:10]} ({colour})", colour, "bold")


def _area_row(area_id: str, area: Json, view: Json, names: list[str], style: Style) -> list[str]:
    counts = area["caballeros"][: len(names)]
    top = max(counts) if any(counts) else 0
    cells = [
        style(str(n), ELGRANDE_COLOURS[i % 5], "bold") if n and n == top else (str(n) if n else "·")
        for i, n in enumerate(counts)
    ]
    marks = []
    if area_id == view["king"]:
        marks.append(style("King", "magenta", "bold"))
    marks += [
        f"Grande of {names[i]}" for i, g in enumerate(view["grandes"]) if g == area_id and i < len(names)
    ]
    if area.get("scoreboard"):
        marks.append(f"board {area['scoreboard']}")
    marks += _option_marks(area, names)
    marks += _state_marks(area_id, area, view, names)
    values = "/".join(str(v) for v in area["values"])
    return [area["name"], values, *cells, " ".join(marks)]


def _option_marks(area: Json, names: list[str]) -> list[str]:
    """Returns the marks of the options' pieces in an area: black caballeros, France's slots, Moorish Granada."""
    marks = [f"black (Church) {area['black']}"] if area.get("black") and "pieces" not in area else []  # O-C1
    slots = area.get("slots")  # france: slot -> seat or None (O-F4)
    if isinstance(slots, dict):
        marks.append(
            "slots "
            + ", ".join(
                f"{slot} {names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else '·'}"
                for slot, seat in slots.items()
            )
        )
    if area.get("moorish"):  # granada_moorish (O-G2)
        marks.append("Moorish")
    return marks


def _state_marks(area_id: str, area: Json, view: Json, names: list[str]) -> list[str]:
    """Returns the marks of inquisitor_colonies in an area (G4a, G80): black caballeros, slots, carried
    tiles and their owners, caballeros beside the limit board, marks, bonus moves, the limit board, free tiles."""
    if "pieces" not in area:
        return []

    def owner(o: Any) -> str:
        return "black" if o == "black" else names[o] if isinstance(o, int) and 0 <= o < len(names) else "?"

    marks = [f"black (Inquisitor) {area['black']}"] if area.get("black") else []
    limit = view.get("limit_board") or {}
    if limit.get("area") == area_id:
        marks.append(f"limit board {limit['on']}/{limit['spaces']}")
    for e in area["pieces"]:
        notes = []
        if e["position"] not in ("ordinary", "on"):
            notes.append(e["position"])
        if e["tile"]:
            notes.append(e["tile"] + ("" if e["claimant"] == e["owner"] else f" for {owner(e['claimant'])}"))
        notes += ["relocated"] if e["marked"] else []
        notes += ["bonus move"] if e["bonus"] else []
        if notes:
            marks.append(f"{owner(e['owner'])} {e['count']}: {', '.join(notes)}")
    for kind in ("gold", "goods"):
        if area.get(kind):
            marks.append(f"free {kind} {area[kind]}")
    return ["; ".join(marks)] if marks else []


def _elgrande_private(summary: GameSummary, view: Json) -> list[str]:
    """Returns the hand (if the caller has one), the offer and whose turn it is at which stage."""
    lines = []
    if view.get("hand") is not None:
        lines.append("your power cards: " + " ".join(str(c) for c in view["hand"]))
    if view.get("offer"):
        lines += ["action cards on offer:"] + [
            "  " + row
            for row in table(["card", "action"], [[c["card"], c["name"]] for c in view["offer"]])[2:]
        ]
    turn = view.get("turn")
    if turn:
        card = f" · card {turn['card']}" if turn["card"] else ""
        lines.append(f"turn: {seat_label(summary, turn['seat'])} · {turn['stage']}{card}")
    return lines


# ----- Kabale & Hiebe


def kabale(summary: GameSummary, view: Json, style: Style) -> list[str]:
    """Returns Kabale & Hiebe's columns (goal, slots top to bottom, state) and the players."""
    colours = view["colours"]
    lines = [f"round {view['round']} of {view['rounds']} · goal cards left {view['goal_stack_size']}"]
    rows = [_column_row(col, colours, style) for col in view["columns"]]
    if rows:
        lines += [*table(["col", "goal", "cards (top → bottom)", "state"], rows, ">"), ""]
    players = [_player_row(summary, p, style) for p in view["players"]]
    lines += table(["seat", "colour", "hand", "draw", "discard", "won", "score"], players, "<<>>><>")
    me = next((p for p in view["players"] if "hand" in p and p["seat"] == view.get("viewer")), None)
    if me is not None:
        lines.append("your hand: " + " ".join(me["hand"]))
    return lines


def _column_row(col: Json, colours: list[str], style: Style) -> list[str]:
    goal = col["goal"]
    cards = " ".join(_slot(slot, colours, style) for slot in col["slots"]) or "·"
    state = "closed" if col.get("closed") else ("full" if col.get("full") else "")
    return [str(col["index"]), f"{goal['kind']} {goal['value']}", cards, state]


def _slot(slot: Json, colours: list[str], style: Style) -> str:
    colour = colours[slot["seat"]]
    card = slot["card"] or "?"
    text = (
        f"{KABALE_ABBR.get(colour, colour)}:{card}"
        if slot["up"]
        else f"{KABALE_ABBR.get(colour, colour)}:[{card}]"
    )
    if slot.get("holds"):
        text += f"+[{slot.get('hidden') or '?'}]"
    return style(text, colour if colour in ("red", "blue", "yellow", "green", "white") else "dim")


def _player_row(summary: GameSummary, player: Json, style: Style) -> list[str]:
    score = player.get("score")
    won = player.get("won")
    won_text = f"{player['won_count']}" + (f" ({', '.join(goal_words(g) for g in won)})" if won else "")
    return [
        seat_label(summary, player["seat"]),
        style(player["colour"], player["colour"]),
        str(player["hand_size"]),
        str(player["draw_size"]),
        str(len(player["discard"])),
        won_text,
        "" if score is None else str(score),
    ]
