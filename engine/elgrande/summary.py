"""Renders a seat's view as a few plain-text lines (for emails and terminals).

`text_summary(view, names)` reads only the `view(state, viewer)` dict, so it can show nothing
the viewer may not see (§4). With option inquisitor_colonies every piece it adds is public (G80)
and shown: caballero states on slots, beside the limit board, carrying tiles, marked or with a
bonus move (G4a), the Grand Inquisitor's holder and black caballeros, tiles, the limit board,
held cards, delayed-scoring markers and turned cards. Seats are named by their players' names when `names` (public,
one per seat) tells them apart, else by number ("seat 2"); the viewer's own seat is marked
"(you)".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import seat_name, with_names
from engine.elgrande import data
from engine.elgrande.moves import PROMPTS

Json = dict[str, Any]


def text_summary(view: Json, names: Sequence[str] | None = None) -> list[str]:
    """Returns the board summary of `view`: round, King, areas, pieces, scores, offer, hand, Vetos, what is due."""
    view = with_names(view, names)
    lines = [_heading(view), *_areas(view), _granada(view), *_pieces(view), *_colonies(view), _offer(view)]
    lines += _hand(view) + _vetos(view) + _turn(view) + _decision(view) + _due(view) + _result(view)
    return [line for line in lines if line]


def _seat(view: Json, p: int) -> str:
    name = seat_name(view, p) or f"seat {p}"
    return f"{name} (you)" if view.get("viewer") == p else name


def _per_seat(view: Json, values: list[Any]) -> str:
    return ", ".join(f"{_seat(view, p)} {v}" for p, v in enumerate(values))


def _heading(view: Json) -> str:
    rounds, now = view["rounds"], view["round"]
    if now not in rounds:
        played = "before round 1"
    elif len(rounds) == rounds[-1]:
        played = f"round {now} of {len(rounds)}"
    else:
        played = f"round {now} ({rounds.index(now) + 1} of {len(rounds)} played rounds)"
    return f"El Grande, {played}, phase {view['phase']}; the King stands in {view['areas'][view['king']]['name']}."


def _areas(view: Json) -> list[str]:
    out = ["Board (caballeros per seat; values 1st/2nd/3rd):"]
    for area_id, info in view["areas"].items():
        black = [f"black: {info['black']}"] if info.get("black") else []  # option church (O-C1)
        counts = ", ".join([f"{_seat(view, p)}: {k}" for p, k in enumerate(info["caballeros"]) if k] + black)
        counts = counts or "empty"
        marks = [f"board {info['scoreboard']}"] if info["scoreboard"] else []
        marks += ["King"] if area_id == view["king"] else []
        marks += ["Moorish"] if info.get("moorish") else []
        marks += [f"Grande of {_seat(view, p)}" for p, g in enumerate(view["grandes"]) if g == area_id]
        values = "/".join(map(str, info["values"]))
        marks += [_slots(view, info["slots"])] if "slots" in info else []
        marks += _area_extras(view, area_id, info)
        extra = f" [{'; '.join(marks)}]" if marks else ""
        out.append(f"  {info['name']} {values}{extra}: {counts}")
        states = [_state(view, e) for e in info.get("pieces", []) if _special(e)]
        if states:  # inquisitor_colonies (G4a)
            out.append(f"    of which: {'; '.join(states)}")
    return out


_SLOTS = {"ambassador": 2, "envoy": 1, "plain": 0, "captain": 3, "viceroy": 5}  # G3, G57


def _area_extras(view: Json, area_id: str, info: Json) -> list[str]:
    """Returns an area's marks of option inquisitor_colonies: the limit board, ownerless tiles, delayed markers."""
    marks = []
    limit = view.get("limit_board") or {}
    if limit.get("area") == area_id:  # G45
        marks.append(f"limit board: {limit['on']} of {limit['spaces']} spaces taken")
    for kind in ("gold", "goods"):  # G8: ownerless tiles of a colony
        if info.get(kind):
            marks.append(f"{info[kind]} {kind} tile{'s' * (info[kind] != 1)} free")
    for d in view.get("delayed", []):  # G72
        if d["area"] == area_id:
            marks.append(f"delayed scoring at the end of round {d['round']} ({_seat(view, d['seat'])})")
    return marks


def _special(e: Json) -> bool:
    """Returns whether a caballero state is worth its own words: not plain on or beside nothing (G4a)."""
    return bool(e["position"] not in ("ordinary", "on") or e["tile"] or e["marked"] or e["bonus"])


def _owner(view: Json, owner: Any) -> str:
    return "black" if owner == "black" else _seat(view, owner)


def _state(view: Json, e: Json) -> str:
    """Returns one caballero state in words: "Ben 1 on the captain slot (+3), bonus move" (G4a)."""
    parts = []
    if e["position"] in _SLOTS:
        bonus = _SLOTS[e["position"]]
        parts.append(f"on the {e['position']} slot" + (f" (+{bonus})" if bonus else ""))
    elif e["position"] == "beside":
        parts.append("beside the limit board, not counted")
    if e["tile"]:
        mine = e["claimant"] == e["owner"]
        parts.append(f"carrying {e['tile']}" + ("" if mine else f" for {_seat(view, e['claimant'])}"))
    if e["marked"]:
        parts.append("relocated this round")
    if e["bonus"]:
        parts.append("bonus move open")
    return f"{_owner(view, e['owner'])} {e['count']}: {', '.join(parts)}"


def _granada(view: Json) -> str:
    if "moorish" not in view:  # option granada_moorish only
        return ""
    if view["moorish"]:
        return (
            "Granada is Moorish: no King, Grande or caballero from a court may enter, it is never scored, "
            "and a turn ending with 12 or more caballeros there conquers it (scored double)."
        )
    return "Granada has been conquered: it is an ordinary region."


def _slots(view: Json, slots: dict[str, int | None]) -> str:
    """Returns France's slots (O-F4): who holds the ambassador (+2), the envoy (+1) and the plain slot."""
    held = [f"{slot} {'free' if p is None else _seat(view, p)}" for slot, p in slots.items()]
    return "slots (ambassador +2, envoy +1): " + ", ".join(held)


def _pieces(view: Json) -> list[str]:
    return [
        f"Courts: {_per_seat(view, view['courts'])}.",
        f"Provinces: {_per_seat(view, view['provinces'])}.",
        f"Scores: {_per_seat(view, view['scores'])}.",
        _church(view),
        _bids(view),
    ]


def _church(view: Json) -> str:
    """Returns the Church line (option church): who holds the marker, where the black caballeros stand."""
    church = view.get("church")
    if church is None:
        return ""
    holder = church["holder"]
    who = (
        "nobody holds the Church marker, so the black caballeros count for nobody"
        if holder is None
        else f"{_seat(view, holder)} holds the Church marker and counts the black caballeros as their own"
    )
    black = ", ".join(f"{view['areas'][a]['name']} {k}" for a, k in church["black"].items()) or "none"
    used = " (Church extra used this turn)" if church.get("extra_used") else ""
    return f"Church: {who}{used}; black caballeros: {black}."


def _colonies(view: Json) -> list[str]:
    """Returns the lines of option inquisitor_colonies (G80): the Grand Inquisitor, tiles, held, delayed and turned cards."""
    inq = view.get("inquisitor")
    if inq is None:
        return []
    holder = inq["holder"]
    who = (
        "nobody holds the Grand Inquisitor, so the black caballeros count for nobody"
        if holder is None
        else f"{_seat(view, holder)} holds the Grand Inquisitor and counts the black caballeros as their own"
    )
    used = " (Inquisitor extra used this turn)" if inq.get("extra_used") else ""
    black = (
        ", ".join(f"{view['areas'][a]['name']} {k}" for a, k in inq["black"].items()) or "none on the board"
    )
    out_of_game = f"; {inq['out_of_game']} out of the game" if inq.get("out_of_game") else ""
    lines = [f"Grand Inquisitor: {who}{used}; black caballeros: {black}{out_of_game}."]
    limit = view.get("limit_board") or {}
    if limit.get("area"):
        name = view["areas"][limit["area"]]["name"]
        lines.append(
            f"Limit board: in {name}, {limit['on']} of {limit['spaces']} spaces taken; "
            "only the caballeros on it count there."
        )
    else:
        lines.append("Limit board: beside the board.")
    lines.append(_tiles(view))
    held = [f"{_seat(view, h['seat'])} {_card_words(h['card'])}" for h in view.get("held_cards", [])]
    lines += [f"Held cards: {'; '.join(held)}."] if held else []
    delayed = [
        f"{view['areas'][d['area']]['name']} scores at the end of round {d['round']} "
        f"({_seat(view, d['seat'])}'s {d['card']})"
        for d in view.get("delayed", [])
    ]
    lines += [f"Delayed scoring markers: {'; '.join(delayed)}."] if delayed else []
    turned = [_card_words(c) for c in view.get("turned", [])]
    lines += [f"Turned face down this round: {'; '.join(turned)}."] if turned else []
    return lines


def _tiles(view: Json) -> str:
    """Returns the tiles (G8, G36): the supply, the ownerless ones, who carries what for whom, what is owed."""
    tiles = view.get("tiles") or {}
    supply, loose, owed = tiles.get("supply", {}), tiles.get("loose", {}), tiles.get("owed", {})
    text = (
        f"Tiles: supply {supply.get('gold', 0)} gold, {supply.get('goods', 0)} goods; "
        f"free {loose.get('gold', 0)} gold in America, {loose.get('goods', 0)} goods in the Mediterranean"
    )
    carried = [
        f"{_owner(view, e['owner'])} {e['count']} {e['tile']} in {info['name']}"
        + ("" if e["claimant"] == e["owner"] else f" for {_seat(view, e['claimant'])}")
        for info in view["areas"].values()
        for e in info.get("pieces", [])
        if e["tile"]
    ]
    text += f"; carried: {', '.join(carried)}" if carried else "; none carried"
    if owed.get("gold") or owed.get("goods"):
        text += f"; owed this turn: {owed.get('gold', 0)} gold, {owed.get('goods', 0)} goods"
    return text + "."


def _card_words(instance: str) -> str:
    return f"{instance} ({data.card_of(instance).name})"


def _bids(view: Json) -> str:
    bids = [(p, b) for p, b in enumerate(view["bids"]) if b]
    if not bids:
        return ""
    text = ", ".join(f"{_seat(view, p)} {b}" for p, b in bids)
    order = ", ".join(str(p) for p in view["turn_order"])
    return f"Power cards this round: {text}." + (f" Turn order: seats {order}." if order else "")


def _offer(view: Json) -> str:
    cards = "; ".join(f"{c['card']} ({c['name']}; heads {c['heads']})" for c in view["offer"])
    return f"Offer: {cards}." if cards else ""


def _hand(view: Json) -> list[str]:
    if view.get("hand") is None:
        return []
    pile = view["played"][view["viewer"]].get("cards", []) if isinstance(view["viewer"], int) else []
    played = f" Played: {' '.join(map(str, pile))}." if pile else ""
    return [f"Your hand: {' '.join(map(str, view['hand'])) or 'empty'}.{played}"]


def _vetos(view: Json) -> list[str]:
    held = [f"{_seat(view, v['seat'])} (usable through round {v['expires_round']})" for v in view["vetos"]]
    return [f"Vetos held: {', '.join(held)}."] if held else []


def _turn(view: Json) -> list[str]:
    t = view.get("turn")
    if not t:
        return []
    card = f" with {t['card']} ({data.card_of(t['card']).name})" if t["card"] else ""
    done = [
        part
        for part, flag in (("batch placed", t["placed"]), ("special action declared or skipped", t["acted"]))
        if flag
    ]
    done += ["Grande's bonus move open"] if t.get("grande_bonus") else []  # G29
    done += ["Inquisitor extra used"] if t.get("extra") else []  # G43
    return [f"Turn: {_seat(view, t['seat'])}{card}" + (f"; {', '.join(done)}." if done else ".")]


def _decision(view: Json) -> list[str]:
    d = view.get("decision")
    if not d:
        return []
    waiting = [p for p in d["members"] if p not in d["chosen"]]
    line = f"Open decision {d['kind']}: waiting for seats {', '.join(map(str, waiting)) or 'none'}."
    out = [line]
    if d.get("declaration"):
        out.append(f"  Declared: {_declaration(view, d['declaration'])}")
    if "my_choice" in d:
        out.append(f"  Your sealed choice: {d['my_choice']}.")
    return out


_LISTED = ("moves", "places", "removals", "sealed")


def _declaration(view: Json, event: Json) -> str:
    action = event.get("action", {})
    parts = [f"{m['seat']}:{m['from']}>{m['to']}" for m in action.get("moves", [])]
    parts += list(action.get("places", []))
    parts += [f"{r['seat']}:{r['region']}" for r in action.get("removals", [])]
    parts += event.get("areas", [])
    parts += [f"{k} {_value(v)}" for k, v in action.items() if k not in _LISTED and v is not None]
    parts += ["(a sealed power card)"] if action.get("sealed") else []
    steps = f"{event['steps']} step(s)"
    return (
        f"{_seat(view, event['seat'])} plays {event['card']}: {' '.join(map(str, parts)) or '-'} ({steps})."
    )


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return " ".join(f"{a}:{k}" for a, k in v.items()) or "none"
    return str(v)


def _due(view: Json) -> list[str]:
    out = []
    for seat, prompt in sorted(view["pending"].items(), key=lambda kv: int(kv[0])):
        what = PROMPTS.get(prompt["kind"], prompt["kind"])
        out.append(f"Due: {_seat(view, int(seat))} must {what}.")
    return out


def _result(view: Json) -> list[str]:
    r = view.get("result")
    if not r:
        return []
    winners = ", ".join(_seat(view, p) for p in r["winners"])
    return [f"Game over. Final scores: {_per_seat(view, r['scores'])}. Winner(s): {winners}."]
