"""El Grande's log lines: one phrase per event type (engine.elgrande's EVENTS table).

Caballero moves are `[owner, from, to, count]`; regions are ids (`old_castile`), shown as
names; the court and the provinces are the places "court" and "province"; France's slots
are places of their own (`france_envoy`: "France (envoy slot)"). The owner of a black
caballero (options church and inquisitor_colonies) is "black". With inquisitor_colonies a place
may be a caballero state (G4a, `<spot>[+gold|+goods[@claimant]][*][^]`): the captain's and the
viceroy's slots, on or beside the limit board, a carried tile and its owner, the relocation mark
and an open bonus move ("Caravel (captain slot; carrying gold for Ana; bonus move)"); black
caballeros out of the game are "out of the game". `OPTION_NAMES` names the options for a game's
header.
"""

from __future__ import annotations

import re
from typing import Any

from clients.python.phrases import Json, Names, Phrase, joined, options_text, region, result, who, words
from clients.python.phrases_elgrande_words import (
    DECISIONS,
    DEFAULT_ON,
    FIELDS,
    MODES,
    OPTION_NAMES,
    POSITIONS,
    REASONS,
    SCORING_MODES,
    SLOT_NAMES,
)
from engine.i18n import N_, _, n_, p_
from engine.terms import ACTION_CARDS, card_name, word

SLOT = "france_"
CARD = re.compile(r"d\d_[a-z_]+(\.\d+)?")


def options_line(options: Any) -> str:
    """Returns "Options: France, Church, no Veto" for a game's options ("" when all are the defaults)."""
    return options_text(options, OPTION_NAMES, DEFAULT_ON)


def card(ident: object) -> str:
    """Returns an action card in a line: its id in English (the notation a player types), with
    its name in other languages ("Vétó! (d2_veto.1)")."""
    ident = str(ident)
    if ident.rsplit(".", 1)[0] not in ACTION_CARDS:
        return ident
    name = card_name(ident)
    # TRANSLATORS: an action card named in a log line; {id} is its id in the move notation
    # (d3_score_fours.2), {name} its name in your language: write "{name} ({id})".
    return p_("action card in a line", "{id}").format(id=ident, name=name)


def _tile(ident: object) -> str:
    return word("tile", str(ident))


def _place(ident: Any, names: Names | None = None) -> str:
    """Returns a place as words: court, province, a region's name, France's slot, or a caballero state (G4a)."""
    ident = str(ident)
    if ident in ("court", "province"):
        return word("place", ident)
    if ident == "out":  # G42: black caballeros beside the board, out of the game
        return _("out of the game")
    if ident.startswith("black:"):  # G81: a black caballero named in a return
        return _("black caballero {place}").format(place=_place(ident.removeprefix("black:"), names))
    if CARD.fullmatch(ident):  # an action card named in a move (held, turned over)
        return card(ident)
    core = ident.rstrip("*^")
    bonus, marked = ident.endswith("^"), core != ident and "*" in ident[len(core) :]
    core, _sep, carried = core.partition("+")
    notes = []
    if carried:
        tile, _sep, claimant = carried.partition("@")
        if claimant.isdigit():
            notes.append(
                _("carrying {tile} for {who}").format(tile=_tile(tile), who=who(names or {}, int(claimant)))
            )
        else:
            notes.append(_("carrying {tile}").format(tile=_tile(tile)))
    notes += [_("relocated")] if marked else []
    notes += [_("bonus move")] if bonus else []
    if core.startswith(SLOT):
        slot_id = core[len(SLOT) :]
        where = region("france")
        slot = (
            _(SLOT_NAMES[slot_id]) if slot_id in SLOT_NAMES else _("{slot} slot").format(slot=words(slot_id))
        )
    else:
        area, _sep, position = core.rpartition("_")
        where, slot = (
            (region(area), _(POSITIONS[position])) if area and position in POSITIONS else (region(core), "")
        )
    inside = "; ".join(([slot] if slot else []) + notes)
    return f"{where} ({inside})" if inside else where


def _owner(names: Names, seat: Any) -> str:
    """Returns a caballero's owner: a seat's name, or "black" (the Church's caballeros, O-C7; the Grand Inquisitor's, G10)."""
    return word("colour", "black") if seat == "black" else who(names, seat)


def _moves(moves: list[list], names: Names, *, owner: bool = True) -> str:
    """Returns `Ana court→Old Castile 2, …` (without the owner when it is the actor's own)."""
    parts = []
    for seat, src, dst, count in moves:
        mine = f"{_owner(names, seat)} " if owner or seat == "black" else ""
        parts.append(f"{mine}{_place(src, names)}→{_place(dst, names)} {count}")
    return ", ".join(parts) or _("none")


def _placed(e: Json, n: Names) -> str:
    moves = e.get("moves", [])
    total = sum(m[3] for m in moves)
    if not total:
        return _("{who} placed no caballeros").format(who=who(n, e.get("seat")))
    where = ", ".join(f"{_place(m[2])} {m[3]}" for m in moves)
    if e.get("extra"):
        text = n_(
            "{who} placed {n} caballero (one more with the Church extra): {where}",
            "{who} placed {n} caballeros (one more with the Church extra): {where}",
            total,
        )
    else:
        text = n_("{who} placed {n} caballero: {where}", "{who} placed {n} caballeros: {where}", total)
    return text.format(who=who(n, e.get("seat")), n=total, where=where)


def _moved(e: Json, n: Names) -> str:
    moves = e.get("moves", [])
    if e.get("reason") == "church":  # O-C6 (a): the holder's extra intake
        owner = e.get("seat", moves[0][0] if moves else None)
        total = sum(m[3] for m in moves) or 1
        return n_(
            "{who} used the Church extra: {n} caballero {province}→{court}",
            "{who} used the Church extra: {n} caballeros {province}→{court}",
            total,
        ).format(who=who(n, owner), n=total, province=word("place", "province"), court=word("place", "court"))
    return _("caballeros moved ({reason}): {moves}").format(
        reason=_reason(e.get("reason", "action")), moves=_moves(moves, n)
    )


def _reason(ident: object) -> str:
    """Returns why caballeros moved ("move", "return", "eviction"), as words of the current language."""
    return p_("move reason", REASONS[ident]) if isinstance(ident, str) and ident in REASONS else words(ident)


def _taken(e: Json, n: Names) -> str:
    taken = str(e.get("card", ""))
    fields = {"who": who(n, e.get("seat")), "card": card(e.get("card"))}
    if taken.startswith("d6_grand_inquisitor"):  # G64: the figure passes at once
        return _("{who} took action card {card} and the Grand Inquisitor").format(**fields)
    if taken.startswith("d6_church"):
        return _("{who} took action card {card} and the Church marker").format(**fields)
    return _("{who} took action card {card}").format(**fields)


def _played(e: Json, n: Names) -> str:
    fields = {"who": who(n, e.get("seat")), "value": e.get("value", "?")}
    order = e.get("order")
    if order:
        return _("{who} played power card {value}; turn order {order}").format(
            order=", ".join(who(n, s) for s in order), **fields
        )
    return _("{who} played power card {value}").format(**fields)


def _turn(e: Json, n: Names) -> str:
    intake = e.get("intake", 0)
    text = n_(
        "{who}'s turn: {n} caballero(s) from the provinces to the court",
        "{who}'s turn: {n} caballero(s) from the provinces to the court",
        intake if isinstance(intake, int) else 2,
    ).format(who=who(n, e.get("seat")), n=intake)
    short = e.get("supplement", 0)
    return text + (_(" ({n} short)").format(n=short) if short else "")


def _declared(e: Json, n: Names) -> str:
    action = e.get("action") or {}
    parts = [
        f"{_field(k)} {_value(v, n)}" for k, v in sorted(action.items()) if k != "sealed" and v is not None
    ]
    if e.get("areas"):
        parts.append(_("scoring {areas}").format(areas=", ".join(region(a) for a in e["areas"])))
    parts += [_("(sealed)")] if action.get("sealed") else []
    body = "; ".join(parts) or _("no choices")
    return _("{who} declared {card}: {body}").format(
        who=who(n, e.get("seat")), card=card(e.get("card")), body=body
    )


def _field(key: object) -> str:
    """Returns a declared field's name (the notation's key in English: "moves", "area")."""
    return p_("declared field", FIELDS[key]) if key in FIELDS else str(key)


def _value(value: object, n: Names) -> str:
    """Returns a declared field: regions by name, caballero moves as arrows, lists joined."""
    if isinstance(value, list):
        items = [
            f"{_owner(n, v.get('seat'))} {_place(v.get('from', v.get('region', '?')), n)}"
            + (f"→{_place(v['to'], n)}" if "to" in v else "")
            if isinstance(v, dict)
            else _place(str(v), n)
            for v in value
        ]
        return ", ".join(items) or _("none")
    if isinstance(value, dict) and "take" in value:  # G81: a return naming caballero states
        return _value(value["take"], n)
    if isinstance(value, dict):  # {area: count}, e.g. d4_court_two's supplement
        return _counts(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return _place(str(value), n)


def _scored(e: Json, n: Names) -> str:
    points = [(s, p) for s, p in enumerate(e.get("points", [])) if p]
    gains = ", ".join(f"{who(n, s)} +{p}" for s, p in points) or _("nobody scores")
    mode = e.get("mode")
    area = _place(e.get("area", "?"))
    if mode in MODES:
        return _(MODES[mode]).format(area=area, gains=gains)
    if mode:
        shown = p_("scoring mode", SCORING_MODES[mode]) if mode in SCORING_MODES else words(mode)
        return _("{area} scored ({mode}): {gains}").format(area=area, mode=shown, gains=gains)
    return _("{area} scored: {gains}").format(area=area, gains=gains)


def _conquered(e: Json, n: Names) -> str:
    held = e.get("caballeros")
    granada = region("granada")
    if isinstance(held, int):
        return n_(
            "{granada} is conquered with {n} caballeros: a normal region from now on, scored once now at double points",
            "{granada} is conquered with {n} caballeros: a normal region from now on, scored once now at double points",
            held,
        ).format(granada=granada, n=held)
    return _("{granada} is conquered: a normal region from now on, scored once now at double points").format(
        granada=granada
    )


def _choice(e: Json, n: Names) -> str:
    fields = {"who": who(n, e.get("seat")), "kind": _decision(e.get("kind"))}
    if e.get("sealed") or "choice" not in e:
        return _("{who} made a sealed choice ({kind})").format(**fields)
    return _("{who} chose {choice} ({kind}; sealed from the others)").format(
        choice=_value(e["choice"], n), **fields
    )


def _decision(kind: object) -> str:
    """Returns a decision's kind as words ("veto answer")."""
    return p_("decision", DECISIONS[kind]) if isinstance(kind, str) and kind in DECISIONS else words(kind)


def _revealed(e: Json, n: Names) -> str:
    kind = e.get("kind", "")
    if kind == "veto_answer":
        answers = ", ".join(
            _("{who} allows").format(who=who(n, s))
            if not c
            else _("{who} vetoes from step {step}").format(who=who(n, s), step=c)
            for s, c in e.get("choices", [])
        )
        spent = (
            _("; vetoed by {who} with {card}").format(who=who(n, e["vetoed_by"]), card=card(e.get("spent")))
            if e.get("vetoed_by") is not None
            else ""
        )
        return _("veto answers revealed: {answers}").format(answers=answers) + spent
    choices = ", ".join(f"{who(n, s)} {_value(c, n)}" for s, c in e.get("choices", []))
    return _("choices revealed ({kind}): {choices}").format(kind=_decision(kind), choices=choices)


def _scoreboard(e: Json, n: Names) -> str:
    fields = {"scoreboard": e.get("scoreboard"), "to": region(e.get("to"))}
    if e.get("from"):
        return _("scoreboard {scoreboard} moved from {start} to {to}").format(
            start=region(e["from"]), **fields
        )
    return _("scoreboard {scoreboard} placed on {to}").format(**fields)


def _round_ended(e: Json, n: Names) -> str:
    nxt = e.get("next_start")
    if nxt is not None:
        return _("round {round} ended; {who} starts the next").format(round=e.get("round"), who=who(n, nxt))
    return _("round {round} ended").format(round=e.get("round"))


def _started(e: Json, n: Names) -> str:
    homes = ", ".join(f"{who(n, s)} {region(h)}" for s, h in enumerate(e.get("homes", [])))
    church = e.get("church_regions") or e.get("inquisitor_regions")  # O-C2, G14 step 2
    black = (
        _("; black caballeros in {areas}").format(areas=joined([region(r) for r in church])) if church else ""
    )
    if e.get("limit_region"):  # G14 step 3
        black += _("; the limit board in {area}").format(area=region(e["limit_region"]))
    options = options_line(e.get("options"))
    rounds = len(e.get("rounds", []))
    text = n_(
        "game started: {n} rounds, the King in {king}, Grandes: {homes}{black}; {who} starts",
        "game started: {n} rounds, the King in {king}, Grandes: {homes}{black}; {who} starts",
        rounds,
    ).format(
        n=rounds, king=region(e.get("king")), homes=homes, black=black, who=who(n, e.get("start_player"))
    )
    return text + (f"; {options}" if options else "")


def _counts(value: Any) -> str:
    """Returns `{area: count}` as "Aragon 2, France (envoy slot) 1" ("none" when empty)."""
    if not isinstance(value, dict):
        return _("none")
    return ", ".join(f"{_place(a)} {k}" for a, k in value.items()) or _("none")


def move_text(move: Json, names: Names) -> str:
    """Returns a move (complete or partial) in words: "place France (envoy slot) 1",
    "declare d6_church: black Aragon→Catalonia", "use the Church extra (province→court 1)"."""
    match move.get("type"):
        case "play_power_card":
            return _("play power card {value}").format(value=move.get("value", "?"))
        case "supplement_court":
            return _("supplement the court from {counts}").format(counts=_counts(move.get("from")))
        case "take_card":
            return _("take {card}").format(card=card(move.get("card", "?")))
        case "place_caballeros":
            return _("place {counts}").format(counts=_counts(move.get("to")))
        case "declare_action":
            fields = [
                f"{_field(k)} {_value(v, names)}"
                for k, v in move.items()
                if k not in ("type", "complete", "default")
            ]
            if not fields:
                return _("declare the action")
            return _("declare {fields}").format(fields="; ".join(fields))
        case "church_intake":  # O-C6 (a)
            return _("use the Church extra ({province}→{court} 1)").format(
                province=word("place", "province"), court=word("place", "court")
            )
        case "bonus_move":  # G31
            text = _("bonus move {piece}→{to}").format(piece=move.get("piece", "?"), to=move.get("to", "?"))
            return text + (_(" claiming a tile") if move.get("claim") else "")
        case "end_turn":
            return _("end the turn")
        case "answer_veto":
            if move.get("answer") == "allow":
                return _("allow")
            return _("veto from step {step}").format(step=move.get("from", "?"))
        case "choose_region":
            named = move.get("sources")
            text = _("choose {region}").format(region=_place(move.get("region", "?")))
            if named:  # G81
                return text + _(", returning {sources}").format(
                    sources=", ".join(_place(x, names) for x in named)
                )
            return text
        case "return_caballeros":
            sources = ", ".join(_place(x, names) for x in move.get("sources", [])) or _("nowhere")
            return _("return from {sources}").format(sources=sources)
    fields = [
        f"{words(k)} {_value(v, names)}" for k, v in move.items() if k not in ("type", "complete", "default")
    ]
    return words(move.get("type", "?")) + (
        f": {'; '.join(fields)}" if fields else ""
    )  # any other move, new ones too


def _seat(message: str) -> Phrase:
    """Returns the phrase of an event that names its seat ({who}) and maybe its card ({card})."""
    return lambda e, n: _(message).format(who=who(n, e.get("seat")), card=card(e.get("card")))


def _areas(message: str) -> Phrase:
    """Returns the phrase of an event that names areas ({start}, {to}, {area}) and maybe its seat."""
    return lambda e, n: _(message).format(
        who=who(n, e.get("seat")),
        start=region(e.get("from")),
        to=region(e.get("to")),
        area=region(e.get("area")),
    )


def _limit_moved(e: Json, n: Names) -> str:
    start = region(e.get("from")) if e.get("from") else _("beside the board")
    return _("{who} moved the limit board from {start} to {to}").format(
        who=who(n, e.get("seat")), start=start, to=region(e.get("to"))
    )


ELGRANDE: dict[str, Phrase] = {
    "game_started": _started,
    "round_started": lambda e, n: _("round {round} began; offer: {offer}").format(
        round=e.get("round"), offer=", ".join(card(c) for c in e.get("offer", []))
    ),
    "power_card_played": _played,
    "turn_started": _turn,
    "court_supplemented": lambda e, n: _("{who} supplemented the court: {moves}").format(
        who=who(n, e.get("seat")), moves=_moves(e.get("moves", []), n, owner=False)
    ),
    "action_card_taken": _taken,
    "caballeros_placed": _placed,
    "action_declared": _declared,
    "action_skipped": _seat(N_("{who} skipped the action of {card}")),
    "caballeros_moved": _moved,
    "king_moved": _areas(N_("the King moved from {start} to {to}")),
    "grande_moved": _areas(N_("{who}'s Grande moved from {start} to {to}")),
    "scoreboard_placed": _scoreboard,
    "power_card_taken_back": _seat(N_("{who} took a played power card back")),
    "decision_opened": lambda e, n: _("{kind} opened for {members}").format(
        kind=_decision(e.get("kind")), members=", ".join(who(n, s) for s in e.get("members", []))
    ),
    "choice_made": _choice,
    "choices_revealed": _revealed,
    "area_scored": _scored,
    "granada_conquered": _conquered,
    "tile_claimed": lambda e, n: _("{who} claimed a {tile} tile with {owner}'s caballero").format(
        who=who(n, e.get("seat")), tile=_tile(e.get("tile")), owner=_owner(n, e.get("owner"))
    ),  # G35
    "tile_cashed": lambda e, n: _("{who} cashed in a {tile} tile in {area}: +{points}").format(
        who=who(n, e.get("seat")),
        tile=_tile(e.get("tile")),
        area=region(e.get("area")),
        points=e.get("points"),
    ),  # G38
    "tiles_placed": lambda e, n: _("tiles placed in the colonies: gold {gold}, goods {goods}").format(
        gold=e.get("gold"), goods=e.get("goods")
    ),
    "figure_passed": _seat(N_("the Grand Inquisitor went to {who}'s court")),  # G40
    "card_turned_over": _seat(N_("{who} turned {card} face down: nobody takes it this round")),  # G69
    "delayed_marker_placed": _areas(N_("{who} put a delayed-scoring marker on {area}")),  # G72
    "delayed_marker_removed": _areas(N_("the delayed-scoring marker on {area} is done")),
    "held_card_used": _seat(N_("{who} used the held card {card}")),  # G74
    "copy_offered": lambda e, n: _("{who} may copy {other}'s {card} with Doubling").format(
        who=who(n, e.get("seat")), other=who(n, e.get("from")), card=card(e.get("card"))
    ),  # G68
    "limit_board_moved": _limit_moved,  # G66
    "general_scoring_ended": lambda e, n: _("general scoring of round {round} done").format(
        round=e.get("round")
    ),
    "turn_ended": _seat(N_("{who}'s turn ended")),
    "round_ended": _round_ended,
    "game_ended": result,
}
"""Phrases of El Grande's events, by type."""
