"""Renders a seat's view as a few plain-text lines (for emails and terminals).

`text_summary(view, names)` reads only the `view(state, viewer)` dict, so it can show nothing
the viewer may not see (§4). With option inquisitor_colonies every piece it adds is public (G80)
and shown: caballero states on slots, beside the limit board, carrying tiles, marked or with a
bonus move (G4a), the Grand Inquisitor's holder and black caballeros, tiles, the limit board,
held cards, delayed-scoring markers and turned cards. Seats are named by their players' names when `names` (public,
one per seat) tells them apart, else by number ("seat 2"); the viewer's own seat is marked
"(you)".

Every line comes out in the current language (`engine.i18n`); the game's own words (regions,
action cards, pieces, slots, tiles, colours) are `engine.terms`' names in that language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import seat_name, with_names
from engine.elgrande.moves import PROMPTS
from engine.i18n import NP_, _, n_, p_
from engine.terms import card_name, word

Json = dict[str, Any]

PHASES: dict[str, str] = {
    "bidding": NP_("phase", "bidding"),
    "turns": NP_("phase", "turns"),
    "scoring": NP_("phase", "scoring"),
    "between": NP_("phase", "between"),
    "over": NP_("phase", "over"),
}
"""The phases of a round (state.phase), read with `p_("phase", ...)`."""


def text_summary(view: Json, names: Sequence[str] | None = None) -> list[str]:
    """Returns the board summary of `view`: round, King, areas, pieces, scores, offer, hand, Vetos, what is due."""
    view = with_names(view, names)
    lines = [_heading(view), *_areas(view), _granada(view), *_pieces(view), *_colonies(view), _offer(view)]
    lines += _hand(view) + _vetos(view) + _turn(view) + _decision(view) + _due(view) + _result(view)
    return [line for line in lines if line]


def _seat(view: Json, p: int) -> str:
    name = seat_name(view, p) or _("seat {seat}").format(seat=p)
    return _("{name} (you)").format(name=name) if view.get("viewer") == p else name


def _per_seat(view: Json, values: list[Any]) -> str:
    return ", ".join(f"{_seat(view, p)} {v}" for p, v in enumerate(values))


def _area(area_id: str) -> str:
    return word("region", area_id)


def _heading(view: Json) -> str:
    rounds, now = view["rounds"], view["round"]
    if now not in rounds:
        played = _("before round 1")
    elif len(rounds) == rounds[-1]:
        played = _("round {round} of {rounds}").format(round=now, rounds=len(rounds))
    else:
        played = _("round {round} ({played} of {rounds} played rounds)").format(
            round=now, played=rounds.index(now) + 1, rounds=len(rounds)
        )
    phase = view["phase"]
    return _("El Grande, {played}, phase {phase}; the King stands in {area}.").format(
        played=played,
        phase=p_("phase", PHASES[phase]) if phase in PHASES else phase,
        area=_area(view["king"]),
    )


def _areas(view: Json) -> list[str]:
    out = [_("Board (caballeros per seat; values 1st/2nd/3rd):")]
    black_word = word("colour", "black")
    for area_id, info in view["areas"].items():
        black = [f"{black_word}: {info['black']}"] if info.get("black") else []  # option church (O-C1)
        counts = ", ".join([f"{_seat(view, p)}: {k}" for p, k in enumerate(info["caballeros"]) if k] + black)
        counts = counts or p_("area", "empty")
        marks = [_("board {scoreboard}").format(scoreboard=info["scoreboard"])] if info["scoreboard"] else []
        marks += [word("piece", "king")] if area_id == view["king"] else []
        marks += [_("Moorish")] if info.get("moorish") else []
        marks += [
            _("{grande} of {seat}").format(grande=word("piece", "grande"), seat=_seat(view, p))
            for p, g in enumerate(view["grandes"])
            if g == area_id
        ]
        values = "/".join(map(str, info["values"]))
        marks += [_slots(view, info["slots"])] if "slots" in info else []
        marks += _area_extras(view, area_id, info)
        extra = f" [{'; '.join(marks)}]" if marks else ""
        out.append(f"  {_area(area_id)} {values}{extra}: {counts}")
        states = [_state(view, e) for e in info.get("pieces", []) if _special(e)]
        if states:  # inquisitor_colonies (G4a)
            out.append("    " + _("of which: {states}").format(states="; ".join(states)))
    return out


_SLOTS = {"ambassador": 2, "envoy": 1, "plain": 0, "captain": 3, "viceroy": 5}  # G3, G57


def _area_extras(view: Json, area_id: str, info: Json) -> list[str]:
    """Returns an area's marks of option inquisitor_colonies: the limit board, ownerless tiles, delayed markers."""
    marks = []
    limit = view.get("limit_board") or {}
    if limit.get("area") == area_id:  # G45
        marks.append(
            _("{limit_board}: {on} of {spaces} spaces taken").format(
                limit_board=word("piece", "limit_board"), on=limit["on"], spaces=limit["spaces"]
            )
        )
    for kind in ("gold", "goods"):  # G8: ownerless tiles of a colony
        if info.get(kind):
            n = info[kind]
            marks.append(
                n_("{n} {tile} tile free", "{n} {tile} tiles free", n).format(n=n, tile=word("tile", kind))
            )
    for d in view.get("delayed", []):  # G72
        if d["area"] == area_id:
            marks.append(
                _("delayed scoring at the end of round {round} ({seat})").format(
                    round=d["round"], seat=_seat(view, d["seat"])
                )
            )
    return marks


def _special(e: Json) -> bool:
    """Returns whether a caballero state is worth its own words: not plain on or beside nothing (G4a)."""
    return bool(e["position"] not in ("ordinary", "on") or e["tile"] or e["marked"] or e["bonus"])


def _owner(view: Json, owner: Any) -> str:
    return word("colour", "black") if owner == "black" else _seat(view, owner)


def _state(view: Json, e: Json) -> str:
    """Returns one caballero state in words: "Ben 1 on the captain slot (+3), bonus move" (G4a)."""
    parts = []
    if e["position"] in _SLOTS:
        bonus = _SLOTS[e["position"]]
        on = _("on the {slot} slot").format(slot=word("slot", e["position"]))
        parts.append(on + (f" (+{bonus})" if bonus else ""))
    elif e["position"] == "beside":
        parts.append(
            _("beside the {limit_board}, not counted").format(limit_board=word("piece", "limit_board"))
        )
    if e["tile"]:
        tile = word("tile", e["tile"])
        mine = e["claimant"] == e["owner"]
        parts.append(
            _("carrying {tile}").format(tile=tile)
            if mine
            else _("carrying {tile} for {seat}").format(tile=tile, seat=_seat(view, e["claimant"]))
        )
    if e["marked"]:
        parts.append(_("relocated this round"))
    if e["bonus"]:
        parts.append(_("bonus move open"))
    return f"{_owner(view, e['owner'])} {e['count']}: {', '.join(parts)}"


def _granada(view: Json) -> str:
    if "moorish" not in view:  # option granada_moorish only
        return ""
    granada = _area("granada")
    if view["moorish"]:
        return _(
            "{granada} is Moorish: no King, Grande or caballero from a court may enter, it is never scored, "
            "and a turn ending with 12 or more caballeros there conquers it (scored double)."
        ).format(granada=granada)
    return _("{granada} has been conquered: it is an ordinary region.").format(granada=granada)


def _slots(view: Json, slots: dict[str, int | None]) -> str:
    """Returns France's slots (O-F4): who holds the ambassador (+2), the envoy (+1) and the plain slot."""
    free = p_("slot", "free")
    held = [f"{word('slot', slot)} {free if p is None else _seat(view, p)}" for slot, p in slots.items()]
    return _("slots ({ambassador} +2, {envoy} +1): {slots}").format(
        ambassador=word("slot", "ambassador"), envoy=word("slot", "envoy"), slots=", ".join(held)
    )


def _pieces(view: Json) -> list[str]:
    return [
        _("Courts: {counts}.").format(counts=_per_seat(view, view["courts"])),
        _("Provinces: {counts}.").format(counts=_per_seat(view, view["provinces"])),
        _("Scores: {scores}.").format(scores=_per_seat(view, view["scores"])),
        _church(view),
        _bids(view),
    ]


def _black_areas(view: Json, black: dict[str, int], nothing: str) -> str:
    return ", ".join(f"{_area(a)} {k}" for a, k in black.items()) or nothing


def _church(view: Json) -> str:
    """Returns the Church line (option church): who holds the marker, where the black caballeros stand."""
    church = view.get("church")
    if church is None:
        return ""
    holder = church["holder"]
    who = (
        _("nobody holds the Church marker, so the black caballeros count for nobody")
        if holder is None
        else _("{seat} holds the Church marker and counts the black caballeros as their own").format(
            seat=_seat(view, holder)
        )
    )
    black = _black_areas(view, church["black"], _("none"))
    used = " " + _("(Church extra used this turn)") if church.get("extra_used") else ""
    return _("Church: {who}{used}; black caballeros: {black}.").format(who=who, used=used, black=black)


def _colonies(view: Json) -> list[str]:
    """Returns the lines of option inquisitor_colonies (G80): the Grand Inquisitor, tiles, held, delayed and turned cards."""
    inq = view.get("inquisitor")
    if inq is None:
        return []
    holder = inq["holder"]
    who = (
        _("nobody holds the Grand Inquisitor, so the black caballeros count for nobody")
        if holder is None
        else _("{seat} holds the Grand Inquisitor and counts the black caballeros as their own").format(
            seat=_seat(view, holder)
        )
    )
    used = " " + _("(Inquisitor extra used this turn)") if inq.get("extra_used") else ""
    black = _black_areas(view, inq["black"], _("none on the board"))
    out = inq.get("out_of_game")
    out_of_game = "; " + _("{count} out of the game").format(count=out) if out else ""
    lines = [
        _("Grand Inquisitor: {who}{used}; black caballeros: {black}{out_of_game}.").format(
            who=who, used=used, black=black, out_of_game=out_of_game
        )
    ]
    limit = view.get("limit_board") or {}
    if limit.get("area"):
        lines.append(
            _(
                "Limit board: in {area}, {on} of {spaces} spaces taken; only the caballeros on it count there."
            ).format(area=_area(limit["area"]), on=limit["on"], spaces=limit["spaces"])
        )
    else:
        lines.append(_("Limit board: beside the board."))
    lines.append(_tiles(view))
    held = [f"{_seat(view, h['seat'])} {_card_words(h['card'])}" for h in view.get("held_cards", [])]
    lines += [_("Held cards: {cards}.").format(cards="; ".join(held))] if held else []
    delayed = [
        _("{area} scores at the end of round {round} ({seat}'s {card})").format(
            area=_area(d["area"]), round=d["round"], seat=_seat(view, d["seat"]), card=d["card"]
        )
        for d in view.get("delayed", [])
    ]
    lines += [_("Delayed scoring markers: {markers}.").format(markers="; ".join(delayed))] if delayed else []
    turned = [_card_words(c) for c in view.get("turned", [])]
    lines += [_("Turned face down this round: {cards}.").format(cards="; ".join(turned))] if turned else []
    return lines


def _tiles(view: Json) -> str:
    """Returns the tiles (G8, G36): the supply, the ownerless ones, who carries what for whom, what is owed."""
    tiles = view.get("tiles") or {}
    supply, loose, owed = tiles.get("supply", {}), tiles.get("loose", {}), tiles.get("owed", {})
    gold, goods = word("tile", "gold"), word("tile", "goods")
    text = _(
        "Tiles: supply {supply_gold} {gold}, {supply_goods} {goods}; "
        "free {free_gold} {gold} in {america}, {free_goods} {goods} in the {mediterranean}"
    ).format(
        supply_gold=supply.get("gold", 0),
        supply_goods=supply.get("goods", 0),
        free_gold=loose.get("gold", 0),
        free_goods=loose.get("goods", 0),
        gold=gold,
        goods=goods,
        america=_area("america"),
        mediterranean=_area("mediterranean"),
    )
    carried = [
        _carried(view, area_id, e)
        for area_id, info in view["areas"].items()
        for e in info.get("pieces", [])
        if e["tile"]
    ]
    text += "; " + (_("carried: {tiles}").format(tiles=", ".join(carried)) if carried else _("none carried"))
    if owed.get("gold") or owed.get("goods"):
        text += "; " + _("owed this turn: {owed_gold} {gold}, {owed_goods} {goods}").format(
            owed_gold=owed.get("gold", 0), owed_goods=owed.get("goods", 0), gold=gold, goods=goods
        )
    return text + "."


def _carried(view: Json, area_id: str, e: Json) -> str:
    """Returns one carrier of a tile: "Ben 1 gold in America for Ann" (G36)."""
    values = {"owner": _owner(view, e["owner"]), "count": e["count"], "tile": word("tile", e["tile"])}
    if e["claimant"] == e["owner"]:
        return _("{owner} {count} {tile} in {area}").format(area=_area(area_id), **values)
    return _("{owner} {count} {tile} in {area} for {seat}").format(
        area=_area(area_id), seat=_seat(view, e["claimant"]), **values
    )


def _card_words(instance: str) -> str:
    return f"{instance} ({card_name(instance)})"


def _bids(view: Json) -> str:
    bids = [(p, b) for p, b in enumerate(view["bids"]) if b]
    if not bids:
        return ""
    text = ", ".join(f"{_seat(view, p)} {b}" for p, b in bids)
    order = ", ".join(str(p) for p in view["turn_order"])
    line = _("Power cards this round: {bids}.").format(bids=text)
    return line + (" " + _("Turn order: seats {order}.").format(order=order) if order else "")


def _offer(view: Json) -> str:
    cards = "; ".join(
        _("{card} ({name}; heads {heads})").format(
            card=c["card"], name=card_name(c["card"]), heads=c["heads"]
        )
        for c in view["offer"]
    )
    return _("Offer: {cards}.").format(cards=cards) if cards else ""


def _hand(view: Json) -> list[str]:
    if view.get("hand") is None:
        return []
    pile = view["played"][view["viewer"]].get("cards", []) if isinstance(view["viewer"], int) else []
    played = " " + _("Played: {cards}.").format(cards=" ".join(map(str, pile))) if pile else ""
    cards = " ".join(map(str, view["hand"])) or p_("hand", "empty")
    return [_("Your hand: {cards}.").format(cards=cards) + played]


def _vetos(view: Json) -> list[str]:
    held = [
        _("{seat} (usable through round {round})").format(
            seat=_seat(view, v["seat"]), round=v["expires_round"]
        )
        for v in view["vetos"]
    ]
    return [_("Vetos held: {vetos}.").format(vetos=", ".join(held))] if held else []


def _turn(view: Json) -> list[str]:
    t = view.get("turn")
    if not t:
        return []
    card = (
        " " + _("with {card} ({name})").format(card=t["card"], name=card_name(t["card"])) if t["card"] else ""
    )
    done = [_("batch placed")] if t["placed"] else []
    done += [_("special action declared or skipped")] if t["acted"] else []
    done += [_("Grande's bonus move open")] if t.get("grande_bonus") else []  # G29
    done += [_("Inquisitor extra used")] if t.get("extra") else []  # G43
    line = _("Turn: {seat}{card}").format(seat=_seat(view, t["seat"]), card=card)
    return [line + (f"; {', '.join(done)}." if done else ".")]


def _decision(view: Json) -> list[str]:
    d = view.get("decision")
    if not d:
        return []
    waiting = [p for p in d["members"] if p not in d["chosen"]]
    line = _("Open decision {kind}: waiting for seats {seats}.").format(
        kind=d["kind"], seats=", ".join(map(str, waiting)) or _("none")
    )
    out = [line]
    if d.get("declaration"):
        out.append(
            "  " + _("Declared: {declaration}").format(declaration=_declaration(view, d["declaration"]))
        )
    if "my_choice" in d:
        out.append("  " + _("Your sealed choice: {choice}.").format(choice=d["my_choice"]))
    return out


_LISTED = ("moves", "places", "removals", "sealed")


def _declaration(view: Json, event: Json) -> str:
    action = event.get("action", {})
    parts = [f"{m['seat']}:{m['from']}>{m['to']}" for m in action.get("moves", [])]
    parts += list(action.get("places", []))
    parts += [f"{r['seat']}:{r['region']}" for r in action.get("removals", [])]
    parts += event.get("areas", [])
    parts += [f"{k} {_value(v)}" for k, v in action.items() if k not in _LISTED and v is not None]
    parts += [_("(a sealed power card)")] if action.get("sealed") else []
    steps = n_("{n} step(s)", "{n} step(s)", event["steps"]).format(n=event["steps"])
    return _("{seat} plays {card}: {parts} ({steps}).").format(
        seat=_seat(view, event["seat"]),
        card=event["card"],
        parts=" ".join(map(str, parts)) or "-",
        steps=steps,
    )


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return " ".join(f"{a}:{k}" for a, k in v.items()) or _("none")
    return str(v)


def _due(view: Json) -> list[str]:
    out = []
    for seat, prompt in sorted(view["pending"].items(), key=lambda kv: int(kv[0])):
        kind = prompt["kind"]
        what = _(PROMPTS[kind]) if kind in PROMPTS else kind
        out.append(_("Due: {seat} must {what}.").format(seat=_seat(view, int(seat)), what=what))
    return out


def _result(view: Json) -> list[str]:
    r = view.get("result")
    if not r:
        return []
    winners = ", ".join(_seat(view, p) for p in r["winners"])
    return [
        _("Game over. Final scores: {scores}. Winner(s): {winners}.").format(
            scores=_per_seat(view, r["scores"]), winners=winners
        )
    ]
