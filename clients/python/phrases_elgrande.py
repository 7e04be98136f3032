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

from clients.python.phrases import Json, Names, Phrase, options_text, region, result, who, words

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
"""Each option's name in a game's header ("Options: France, Church"); an unknown id is shown as words."""
DEFAULT_ON = frozenset({"veto"})
"""The options that are on unless turned off (the catalog's defaults): shown only when off ("no Veto")."""
SLOT = "france_"
CARD = re.compile(r"d\d_[a-z_]+(\.\d+)?")


def options_line(options: Any) -> str:
    """Returns "Options: France, Church, no Veto" for a game's options ("" when all are the defaults)."""
    return options_text(options, OPTION_NAMES, DEFAULT_ON)


POSITIONS = {
    "captain": "captain slot",
    "viceroy": "viceroy slot",
    "beside": "beside the limit board",
    "on": "on the limit board",
}
"""The expansion's positions a place may name after its area (G3, G4)."""


def _place(ident: Any, names: Names | None = None) -> str:
    """Returns a place as words: court, province, a region's name, France's slot, or a caballero state (G4a)."""
    ident = str(ident)
    if ident in ("court", "province"):
        return ident
    if ident == "out":  # G42: black caballeros beside the board, out of the game
        return "out of the game"
    if ident.startswith("black:"):  # G81: a black caballero named in a return
        return f"black caballero {_place(ident.removeprefix('black:'), names)}"
    if CARD.fullmatch(ident):  # an action card named in a move (held, turned over)
        return ident
    core = ident.rstrip("*^")
    bonus, marked = ident.endswith("^"), core != ident and "*" in ident[len(core) :]
    core, _, carried = core.partition("+")
    notes = []
    if carried:
        tile, _, claimant = carried.partition("@")
        whose = f" for {who(names or {}, int(claimant))}" if claimant.isdigit() else ""
        notes.append(f"carrying {tile}{whose}")
    notes += ["relocated"] if marked else []
    notes += ["bonus move"] if bonus else []
    if core.startswith(SLOT):
        where, slot = "France", f"{words(core[len(SLOT) :])} slot"
    else:
        area, _, position = core.rpartition("_")
        where, slot = (
            (region(area), POSITIONS[position]) if area and position in POSITIONS else (region(core), "")
        )
    inside = "; ".join(([slot] if slot else []) + notes)
    return f"{where} ({inside})" if inside else where


def _owner(names: Names, seat: Any) -> str:
    """Returns a caballero's owner: a seat's name, or "black" (the Church's caballeros, O-C7; the Grand Inquisitor's, G10)."""
    return "black" if seat == "black" else who(names, seat)


def _moves(moves: list[list], names: Names, *, owner: bool = True) -> str:
    """Returns `Ana court→Old Castile 2, …` (without the owner when it is the actor's own)."""
    parts = []
    for seat, src, dst, count in moves:
        mine = f"{_owner(names, seat)} " if owner or seat == "black" else ""
        parts.append(f"{mine}{_place(src, names)}→{_place(dst, names)} {count}")
    return ", ".join(parts) or "none"


def _placed(e: Json, n: Names) -> str:
    moves = e.get("moves", [])
    total = sum(m[3] for m in moves)
    if not total:
        return f"{who(n, e.get('seat'))} placed no caballeros"
    where = ", ".join(f"{_place(m[2])} {m[3]}" for m in moves)
    extra = " (one more with the Church extra)" if e.get("extra") else ""
    return f"{who(n, e.get('seat'))} placed {total} caballero{'s' * (total != 1)}{extra}: {where}"


def _moved(e: Json, n: Names) -> str:
    moves = e.get("moves", [])
    if e.get("reason") == "church":  # O-C6 (a): the holder's extra intake
        owner = e.get("seat", moves[0][0] if moves else None)
        total = sum(m[3] for m in moves) or 1
        return f"{who(n, owner)} used the Church extra: {total} caballero{'s' * (total != 1)} province→court"
    return f"caballeros moved ({words(e.get('reason', 'action'))}): {_moves(moves, n)}"


def _taken(e: Json, n: Names) -> str:
    text = f"{who(n, e.get('seat'))} took action card {e.get('card')}"
    card = str(e.get("card", ""))
    if card.startswith("d6_grand_inquisitor"):  # G64: the figure passes at once
        return text + " and the Grand Inquisitor"
    return text + (" and the Church marker" if card.startswith("d6_church") else "")


def _played(e: Json, n: Names) -> str:
    text = f"{who(n, e.get('seat'))} played power card {e.get('value', '?')}"
    order = e.get("order")
    return text + (f"; turn order {', '.join(who(n, s) for s in order)}" if order else "")


def _turn(e: Json, n: Names) -> str:
    text = (
        f"{who(n, e.get('seat'))}'s turn: {e.get('intake', 0)} caballero(s) from the provinces to the court"
    )
    short = e.get("supplement", 0)
    return text + (f" ({short} short)" if short else "")


def _declared(e: Json, n: Names) -> str:
    action = e.get("action") or {}
    parts = [f"{k} {_value(v, n)}" for k, v in sorted(action.items()) if k != "sealed" and v is not None]
    parts += [f"scoring {', '.join(region(a) for a in e['areas'])}"] if e.get("areas") else []
    parts += ["(sealed)"] if action.get("sealed") else []
    body = "; ".join(parts) or "no choices"
    return f"{who(n, e.get('seat'))} declared {e.get('card')}: {body}"


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
        return ", ".join(items) or "none"
    if isinstance(value, dict) and "take" in value:  # G81: a return naming caballero states
        return _value(value["take"], n)
    if isinstance(value, dict):  # {area: count}, e.g. d4_court_two's supplement
        return _counts(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _place(str(value), n)


def _scored(e: Json, n: Names) -> str:
    points = [(s, p) for s, p in enumerate(e.get("points", [])) if p]
    gains = ", ".join(f"{who(n, s)} +{p}" for s, p in points) or "nobody scores"
    mode = MODES.get(e.get("mode") or "", f" ({words(e.get('mode'))})" if e.get("mode") else "")
    return f"{_place(e.get('area', '?'))} scored{mode}: {gains}"


MODES = {"conquest": " (conquest: rank points doubled)"}  # O-G4


def _conquered(e: Json, n: Names) -> str:
    held = e.get("caballeros")
    count = f" with {held} caballeros" if isinstance(held, int) else ""
    return f"Granada is conquered{count}: a normal region from now on, scored once now at double points"


def _choice(e: Json, n: Names) -> str:
    if e.get("sealed") or "choice" not in e:
        return f"{who(n, e.get('seat'))} made a sealed choice ({words(e.get('kind'))})"
    return f"{who(n, e.get('seat'))} chose {_value(e['choice'], n)} ({words(e.get('kind'))}; sealed from the others)"


def _revealed(e: Json, n: Names) -> str:
    kind = e.get("kind", "")
    if kind == "veto_answer":
        answers = ", ".join(
            f"{who(n, s)} {'allows' if not c else f'vetoes from step {c}'}" for s, c in e.get("choices", [])
        )
        spent = (
            f"; vetoed by {who(n, e['vetoed_by'])} with {e.get('spent')}"
            if e.get("vetoed_by") is not None
            else ""
        )
        return f"veto answers revealed: {answers}{spent}"
    choices = ", ".join(f"{who(n, s)} {_value(c, n)}" for s, c in e.get("choices", []))
    return f"choices revealed ({words(kind)}): {choices}"


def _scoreboard(e: Json, n: Names) -> str:
    if e.get("from"):
        return f"scoreboard {e.get('scoreboard')} moved from {region(e['from'])} to {region(e.get('to'))}"
    return f"scoreboard {e.get('scoreboard')} placed on {region(e.get('to'))}"


def _round_ended(e: Json, n: Names) -> str:
    nxt = e.get("next_start")
    return f"round {e.get('round')} ended" + (f"; {who(n, nxt)} starts the next" if nxt is not None else "")


def _started(e: Json, n: Names) -> str:
    homes = ", ".join(f"{who(n, s)} {region(h)}" for s, h in enumerate(e.get("homes", [])))
    church = e.get("church_regions") or e.get("inquisitor_regions")  # O-C2, G14 step 2
    black = f"; black caballeros in {' and '.join(region(r) for r in church)}" if church else ""
    if e.get("limit_region"):  # G14 step 3
        black += f"; the limit board in {region(e['limit_region'])}"
    options = options_line(e.get("options"))
    return (
        f"game started: {len(e.get('rounds', []))} rounds, the King in {region(e.get('king'))}, "
        f"Grandes: {homes}{black}; {who(n, e.get('start_player'))} starts"
        + (f"; {options}" if options else "")
    )


def _counts(value: Any) -> str:
    """Returns `{area: count}` as "Aragon 2, France (envoy slot) 1" ("none" when empty)."""
    if not isinstance(value, dict):
        return "none"
    return ", ".join(f"{_place(a)} {k}" for a, k in value.items()) or "none"


def move_text(move: Json, names: Names) -> str:
    """Returns a move (complete or partial) in words: "place France (envoy slot) 1",
    "declare d6_church: black Aragon→Catalonia", "use the Church extra (province→court 1)"."""
    match move.get("type"):
        case "play_power_card":
            return f"play power card {move.get('value', '?')}"
        case "supplement_court":
            return f"supplement the court from {_counts(move.get('from'))}"
        case "take_card":
            return f"take {move.get('card', '?')}"
        case "place_caballeros":
            return f"place {_counts(move.get('to'))}"
        case "declare_action":
            fields = [
                f"{k} {_value(v, names)}" for k, v in move.items() if k not in ("type", "complete", "default")
            ]
            return f"declare {'; '.join(fields) or 'the action'}"
        case "church_intake":  # O-C6 (a)
            return "use the Church extra (province→court 1)"
        case "bonus_move":  # G31
            claim = " claiming a tile" if move.get("claim") else ""
            return f"bonus move {move.get('piece', '?')}→{move.get('to', '?')}{claim}"
        case "end_turn":
            return "end the turn"
        case "answer_veto":
            return "allow" if move.get("answer") == "allow" else f"veto from step {move.get('from', '?')}"
        case "choose_region":
            named = move.get("sources")
            taking = f", returning {', '.join(_place(x, names) for x in named)}" if named else ""  # G81
            return f"choose {_place(move.get('region', '?'))}{taking}"
        case "return_caballeros":
            return f"return from {', '.join(_place(x, names) for x in move.get('sources', [])) or 'nowhere'}"
    fields = [
        f"{words(k)} {_value(v, names)}" for k, v in move.items() if k not in ("type", "complete", "default")
    ]
    return words(move.get("type", "?")) + (
        f": {'; '.join(fields)}" if fields else ""
    )  # any other move, new ones too


ELGRANDE: dict[str, Phrase] = {
    "game_started": _started,
    "round_started": lambda e, n: f"round {e.get('round')} began; offer: {', '.join(e.get('offer', []))}",
    "power_card_played": _played,
    "turn_started": _turn,
    "court_supplemented": lambda e, n: (
        f"{who(n, e.get('seat'))} supplemented the court: {_moves(e.get('moves', []), n, owner=False)}"
    ),
    "action_card_taken": _taken,
    "caballeros_placed": _placed,
    "action_declared": _declared,
    "action_skipped": lambda e, n: f"{who(n, e.get('seat'))} skipped the action of {e.get('card')}",
    "caballeros_moved": _moved,
    "king_moved": lambda e, n: f"the King moved from {region(e.get('from'))} to {region(e.get('to'))}",
    "grande_moved": lambda e, n: (
        f"{who(n, e.get('seat'))}'s Grande moved from {region(e.get('from'))} to {region(e.get('to'))}"
    ),
    "scoreboard_placed": _scoreboard,
    "power_card_taken_back": lambda e, n: f"{who(n, e.get('seat'))} took a played power card back",
    "decision_opened": lambda e, n: (
        f"{words(e.get('kind'))} opened for {', '.join(who(n, s) for s in e.get('members', []))}"
    ),
    "choice_made": _choice,
    "choices_revealed": _revealed,
    "area_scored": _scored,
    "granada_conquered": _conquered,
    "tile_claimed": lambda e, n: (
        f"{who(n, e.get('seat'))} claimed a {e.get('tile')} tile with {_owner(n, e.get('owner'))}'s caballero"
    ),  # G35
    "tile_cashed": lambda e, n: (
        f"{who(n, e.get('seat'))} cashed in a {e.get('tile')} tile in {region(e.get('area'))}: "
        f"+{e.get('points')}"
    ),  # G38
    "tiles_placed": lambda e, n: (
        f"tiles placed in the colonies: gold {e.get('gold')}, goods {e.get('goods')}"
    ),
    "figure_passed": lambda e, n: f"the Grand Inquisitor went to {who(n, e.get('seat'))}'s court",  # G40
    "card_turned_over": lambda e, n: (
        f"{who(n, e.get('seat'))} turned {e.get('card')} face down: nobody takes it this round"
    ),  # G69
    "delayed_marker_placed": lambda e, n: (
        f"{who(n, e.get('seat'))} put a delayed-scoring marker on {region(e.get('area'))}"
    ),  # G72
    "delayed_marker_removed": lambda e, n: f"the delayed-scoring marker on {region(e.get('area'))} is done",
    "held_card_used": lambda e, n: f"{who(n, e.get('seat'))} used the held card {e.get('card')}",  # G74
    "copy_offered": lambda e, n: (
        f"{who(n, e.get('seat'))} may copy {who(n, e.get('from'))}'s {e.get('card')} with Doubling"
    ),  # G68
    "limit_board_moved": lambda e, n: (
        f"{who(n, e.get('seat'))} moved the limit board from "
        f"{region(e.get('from')) if e.get('from') else 'beside the board'} to {region(e.get('to'))}"
    ),  # G66
    "general_scoring_ended": lambda e, n: f"general scoring of round {e.get('round')} done",
    "turn_ended": lambda e, n: f"{who(n, e.get('seat'))}'s turn ended",
    "round_ended": _round_ended,
    "game_ended": result,
}
"""Phrases of El Grande's events, by type."""
