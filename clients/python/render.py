"""Draws a game as terminal text from its summary and the caller's view (no hidden facts added).

The words are in the current language (`engine.i18n`; game words through the phrase
functions), deadlines in the locale's format and the time zone of `TZ` (else the system's).

El Grande: a regions table with caballeros per colour, the King, Grandes, scoreboards and
the Castillo, then courts, provinces and scores. Kabale & Hiebe: the columns with their goal
cards and slots, then the players. Anything else: the view's keys, one per line.
"""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime, tzinfo
from typing import Any

from babel.dates import format_datetime, get_timezone

from clients.python.describe import options_line
from clients.python.phrases import region
from clients.python.phrases_kabale import goal_words
from clients.python.term import Style, table
from clients.python.types import GameSummary, Json
from engine import terms
from engine.i18n import NP_, SOURCE, _, current, p_

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
COLOUR_WORDS = {
    "yellow": NP_("colour", "yellow"),
    "red": NP_("colour", "red"),
    "green": NP_("colour", "green"),
    "blue": NP_("colour", "blue"),
    "black": NP_("colour", "black"),
    "white": NP_("colour", "white"),
}
"""The seats' colours as words (read with `colour`); the colour ids stay the style names."""
STATUS_WORDS = {
    "running": NP_("status", "running"),
    "finished": NP_("status", "finished"),
    "aborted": NP_("status", "aborted"),
}
PHASE_WORDS = {  # El Grande's phases (engine.elgrande views)
    "bidding": NP_("phase", "bidding"),
    "turns": NP_("phase", "turns"),
    "scoring": NP_("phase", "scoring"),
    "between": NP_("phase", "between"),
    "over": NP_("phase", "over"),
}


def _card(offered: Json) -> str:
    """Returns an offered action card's name in the current language (the server's English when
    the terms do not know the card)."""
    ident = str(offered["card"]).rsplit(".", 1)[0]
    return terms.word("action card", ident) if terms.english("action card", ident) else str(offered["name"])


def colour(ident: str) -> str:
    """Returns a colour id as a word of the current language (an unknown id as it is)."""
    return p_("colour", COLOUR_WORDS[ident]) if ident in COLOUR_WORDS else ident


def status_word(ident: object) -> str:
    """Returns a game status (running, finished, aborted) as a word of the current language."""
    return (
        p_("status", STATUS_WORDS[ident]) if isinstance(ident, str) and ident in STATUS_WORDS else str(ident)
    )


def _phase(ident: object) -> str:
    return p_("phase", PHASE_WORDS[ident]) if isinstance(ident, str) and ident in PHASE_WORDS else str(ident)


def render(summary: GameSummary, view: Json | None, style: Style) -> list[str]:
    """Returns the lines showing a game: a header, the board, and what the caller owes."""
    lines = header(summary, style)
    if view is None:
        return lines
    me = view.get("viewer")
    if isinstance(me, int) and any(p.seat == me for p in summary.prompts):
        text = _("your turn: see `castillo moves {id}`, then `castillo play {id} MOVE`")
        lines.append(style(text.format(id=summary.id), "green", "bold"))
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
    return _("{name} (seat {seat})").format(name=names.get(seat, "?"), seat=seat)


def header(summary: GameSummary, style: Style) -> list[str]:
    """Returns the title line, the status line and who owes what."""
    lines = [style(_("{title} · game {id}").format(title=summary.title, id=summary.id), "bold")]
    lines.append(
        _("status {status} · version {version}").format(
            status=status_word(summary.status), version=summary.version
        )
    )
    options = options_line(summary.game, summary.options)
    lines += [options] if options else []
    for prompt in summary.prompts:
        due = ""
        if prompt.deadline:
            due = _(" · due {when} ({left})").format(when=_when(prompt.deadline), left=_left(prompt.deadline))
        text = _("waiting for {seat}: {kind}{due}")
        lines.append(text.format(seat=seat_label(summary, prompt.seat), kind=prompt.kind, due=due))
    if summary.result:
        lines.append(style(result_line(summary, summary.result), "bold"))
    return lines


def result_line(summary: GameSummary, result: Json) -> str:
    """Returns the final scores and winners in one line."""
    scores = ", ".join(f"{seat_label(summary, i)} {s}" for i, s in enumerate(result.get("scores", [])))
    winners = _(" and ").join(seat_label(summary, w) for w in result.get("winners", []))
    return _("final: {scores} — winner {winners}").format(scores=scores, winners=winners)


def _when(epoch: float, zone: tzinfo | None = None) -> str:
    """Returns a moment in the current language's format and `zone` (default: the reader's),
    with the zone's name: "2026-11-25 01:39 UTC" in English, "2026. 11. 25. 1:39 UTC" in Hungarian."""
    moment = datetime.fromtimestamp(epoch, UTC)
    zone = zone or reader_zone()
    language = current()
    text = format_datetime(
        moment, "yyyy-MM-dd HH:mm" if language == SOURCE else "short", tzinfo=zone, locale=language
    )
    return f"{text} {format_datetime(moment, 'z', tzinfo=zone, locale=language)}"


def reader_zone() -> tzinfo:
    """Returns the reader's time zone: `TZ` (an IANA name), else the system's, else UTC."""
    name = os.environ.get("TZ", "").lstrip(":")
    try:
        return get_timezone(name or None)
    except LookupError:
        return UTC


def _left(epoch: float, now: float | None = None) -> str:
    """Returns the time until `epoch` in words: "in 2 d 5 h", "in 40 min", "passed"."""
    left = int(epoch - (time.time() if now is None else now))
    if left <= 0:
        return _("passed")
    days, hours, minutes = left // 86400, left % 86400 // 3600, left % 3600 // 60
    if days:
        return _("in {days} d {hours} h").format(days=days, hours=hours)
    if hours:
        return _("in {hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return _("in {minutes} min").format(minutes=max(minutes, 1))


# ----- El Grande


def elgrande(summary: GameSummary, view: Json, style: Style) -> list[str]:
    """Returns El Grande's board: areas by caballeros per colour, markers, then the seat rows."""
    seats = int(view["seats"])
    names = [_colour_name(summary, i, style) for i in range(seats)]
    king = _area_name(view["king"], view["areas"].get(view["king"], {}))
    text = _("{round} · phase {phase} · King in {king}")
    lines = [text.format(round=_round(view["round"], view["rounds"]), phase=_phase(view["phase"]), king=king)]
    order = sorted(view["areas"], key=_board_order)
    rows = [_area_row(a, view["areas"][a], view, names, style) for a in order]
    lines += table([_("area"), _("values"), *names, _("marks")], rows, "<<" + ">" * seats + "<")
    lines.append("")
    seat_rows = [
        [_("court"), *[str(n) for n in view["courts"]]],
        [_("province"), *[str(n) for n in view["provinces"]]],
        [_("hand"), *[str(h["size"]) for h in view["hands"]]],
        [_("power card"), *[str(b) if b else "·" for b in view.get("bids") or [0] * seats]],
        [_("score"), *[style(str(n), "bold") for n in view["scores"]]],
    ]
    lines += table(["", *names], seat_rows, "<" + ">" * seats)
    church = view.get("church")
    if isinstance(church, dict):  # O-C3, O-C4
        holder = church.get("holder")
        where = seat_label(summary, holder) if isinstance(holder, int) else _("beside the board")
        lines.append(_("Church marker: {holder}").format(holder=where))
    lines += _colonies(summary, view)
    return lines + _elgrande_private(summary, view)


def _colonies(summary: GameSummary, view: Json) -> list[str]:
    """Returns the public lines of inquisitor_colonies (G80): the holder, tiles, held, delayed and turned cards."""
    inq = view.get("inquisitor")
    if not isinstance(inq, dict):
        return []
    holder = inq.get("holder")
    out = inq.get("out_of_game") or 0
    where = seat_label(summary, holder) if isinstance(holder, int) else _("beside the board")
    lines = [
        _("Grand Inquisitor: {holder}").format(holder=where)
        + (_(" · {n} black out of the game").format(n=out) if out else "")
    ]
    tiles = view.get("tiles") or {}
    supply, loose = tiles.get("supply", {}), tiles.get("loose", {})
    text = _("tiles: supply {gold} gold, {goods} goods · free {free_gold} gold, {free_goods} goods")
    lines.append(
        text.format(
            gold=supply.get("gold", 0),
            goods=supply.get("goods", 0),
            free_gold=loose.get("gold", 0),
            free_goods=loose.get("goods", 0),
        )
    )
    held = [f"{c['card']} ({seat_label(summary, c['seat'])})" for c in view.get("held_cards", [])]
    lines += [_("held cards: {cards}").format(cards=", ".join(held))] if held else []
    delayed = [
        _("{area} in round {round} ({seat})").format(
            area=d["area"], round=d["round"], seat=seat_label(summary, d["seat"])
        )
        for d in view.get("delayed", [])
    ]
    lines += [_("delayed scoring: {areas}").format(areas=", ".join(delayed))] if delayed else []
    if view.get("turned"):
        lines.append(_("turned face down: {cards}").format(cards=", ".join(view["turned"])))
    return lines


def _round(now: int, rounds: list[int]) -> str:
    """Returns "round 3 of 9", or "round 5 (3 of 6)" when rounds are skipped (short game)."""
    if rounds == list(range(1, len(rounds) + 1)) or now not in rounds:
        return _("round {now} of {total}").format(now=now, total=len(rounds))
    return _("round {now} ({index} of {total})").format(
        now=now, index=rounds.index(now) + 1, total=len(rounds)
    )


def _board_order(area_id: str) -> tuple[int, str]:
    """Sorts areas as on the board: the Castillo, then the regions in id order (unknown ones last)."""
    known = area_id in ELGRANDE_AREAS
    return (ELGRANDE_AREAS.index(area_id) if known else len(ELGRANDE_AREAS), area_id)


def _area_name(area_id: str, area: Json) -> str:
    """Returns an area's name in the current language (a region the client does not know by its served name)."""
    return region(area_id) if area_id in ELGRANDE_AREAS else str(area.get("name", area_id))


def _colour_name(summary: GameSummary, seat: int, style: Style) -> str:
    ident = ELGRANDE_COLOURS[seat % len(ELGRANDE_COLOURS)]
    name = next((s.name for s in summary.seats if s.seat == seat), _("seat {seat}").format(seat=seat))
    return style(f"{name[:10]} ({colour(ident)})", ident, "bold")


def _area_row(area_id: str, area: Json, view: Json, names: list[str], style: Style) -> list[str]:
    counts = area["caballeros"][: len(names)]
    top = max(counts) if any(counts) else 0
    cells = [
        style(str(n), ELGRANDE_COLOURS[i % 5], "bold") if n and n == top else (str(n) if n else "·")
        for i, n in enumerate(counts)
    ]
    marks = []
    if area_id == view["king"]:
        marks.append(style(_("King"), "magenta", "bold"))
    marks += [
        _("Grande of {name}").format(name=names[i])
        for i, g in enumerate(view["grandes"])
        if g == area_id and i < len(names)
    ]
    if area.get("scoreboard"):
        marks.append(_("board {n}").format(n=area["scoreboard"]))
    marks += _option_marks(area, names)
    marks += _state_marks(area_id, area, view, names)
    values = "/".join(str(v) for v in area["values"])
    return [_area_name(area_id, area), values, *cells, " ".join(marks)]


def _option_marks(area: Json, names: list[str]) -> list[str]:
    """Returns the marks of the options' pieces in an area: black caballeros, France's slots, Moorish Granada."""
    church = area.get("black") and "pieces" not in area
    marks = [_("black (Church) {n}").format(n=area["black"])] if church else []  # O-C1
    slots = area.get("slots")  # france: slot -> seat or None (O-F4)
    if isinstance(slots, dict):
        held = ", ".join(
            f"{slot} {names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else '·'}"
            for slot, seat in slots.items()
        )
        marks.append(_("slots {slots}").format(slots=held))
    if area.get("moorish"):  # granada_moorish (O-G2)
        marks.append(_("Moorish"))
    return marks


def _state_marks(area_id: str, area: Json, view: Json, names: list[str]) -> list[str]:
    """Returns the marks of inquisitor_colonies in an area (G4a, G80): black caballeros, slots, carried
    tiles and their owners, caballeros beside the limit board, marks, bonus moves, the limit board, free tiles."""
    if "pieces" not in area:
        return []

    def owner(o: Any) -> str:
        if o == "black":
            return colour("black")
        return names[o] if isinstance(o, int) and 0 <= o < len(names) else "?"

    marks = [_("black (Inquisitor) {n}").format(n=area["black"])] if area.get("black") else []
    limit = view.get("limit_board") or {}
    if limit.get("area") == area_id:
        marks.append(_("limit board {on}/{spaces}").format(on=limit["on"], spaces=limit["spaces"]))
    for e in area["pieces"]:
        notes = []
        if e["position"] not in ("ordinary", "on"):
            notes.append(e["position"])
        if e["tile"]:
            tile = _tile(e["tile"])
            claimant = e["claimant"]
            notes.append(
                tile
                if claimant == e["owner"]
                else _("{tile} for {seat}").format(tile=tile, seat=owner(claimant))
            )
        notes += [_("relocated")] if e["marked"] else []
        notes += [_("bonus move")] if e["bonus"] else []
        if notes:
            marks.append(f"{owner(e['owner'])} {e['count']}: {', '.join(notes)}")
    free = {"gold": _("free gold {n}"), "goods": _("free goods {n}")}
    marks += [free[kind].format(n=area[kind]) for kind in ("gold", "goods") if area.get(kind)]
    return ["; ".join(marks)] if marks else []


def _tile(kind: str) -> str:
    """Returns a colony tile's kind as a word ("gold", "goods"; another one as it is)."""
    return {"gold": _("gold"), "goods": _("goods")}.get(kind, kind)


def _elgrande_private(summary: GameSummary, view: Json) -> list[str]:
    """Returns the hand (if the caller has one), the offer and whose turn it is at which stage."""
    lines = []
    if view.get("hand") is not None:
        lines.append(_("your power cards: {cards}").format(cards=" ".join(str(c) for c in view["hand"])))
    if view.get("offer"):
        offer = [[c["card"], _card(c)] for c in view["offer"]]
        lines += [_("action cards on offer:")] + [
            "  " + row for row in table([_("card"), _("action")], offer)[2:]
        ]
    turn = view.get("turn")
    if turn:
        card = _(" · card {card}").format(card=turn["card"]) if turn["card"] else ""
        text = _("turn: {seat} · {stage}{card}")
        lines.append(text.format(seat=seat_label(summary, turn["seat"]), stage=turn["stage"], card=card))
    return lines


# ----- Kabale & Hiebe


def kabale(summary: GameSummary, view: Json, style: Style) -> list[str]:
    """Returns Kabale & Hiebe's columns (goal, slots top to bottom, state) and the players."""
    colours = view["colours"]
    text = _("round {round} of {rounds} · goal cards left {n}")
    lines = [text.format(round=view["round"], rounds=view["rounds"], n=view["goal_stack_size"])]
    rows = [_column_row(col, colours, style) for col in view["columns"]]
    if rows:
        lines += [*table([_("col"), _("goal"), _("cards (top → bottom)"), _("state")], rows, ">"), ""]
    players = [_player_row(summary, p, style) for p in view["players"]]
    headers = [_("seat"), _("colour"), _("hand"), _("draw"), _("discard"), _("won"), _("score")]
    lines += table(headers, players, "<<>>><>")
    me = next((p for p in view["players"] if "hand" in p and p["seat"] == view.get("viewer")), None)
    if me is not None:
        lines.append(_("your hand: {cards}").format(cards=" ".join(me["hand"])))
    return lines


def _column_row(col: Json, colours: list[str], style: Style) -> list[str]:
    goal = col["goal"]
    cards = " ".join(_slot(slot, colours, style) for slot in col["slots"]) or "·"
    state = _("closed") if col.get("closed") else (_("full") if col.get("full") else "")
    words = goal_words(goal["id"]) if goal.get("id") else f"{goal['kind']} {goal['value']}"
    return [str(col["index"]), words, cards, state]


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
        style(colour(player["colour"]), player["colour"]),
        str(player["hand_size"]),
        str(player["draw_size"]),
        str(len(player["discard"])),
        won_text,
        "" if score is None else str(score),
    ]
