"""Decides the ordinary parts of a turn: bidding, court supplement, card choice, placement batch."""

from __future__ import annotations

from typing import Any

from engine.elgrande import data
from engine.elgrande.bidding import bid_event, legal_bids
from engine.elgrande.emitter import Emitter
from engine.elgrande.moves import counts, integer, text
from engine.elgrande.state import State
from engine.errors import IllegalMove, MalformedMove, Text
from engine.i18n import N_

Json = dict[str, Any]


def area(s: State, move: Json, name: Any, what: str = "area") -> int:
    """Returns the index of an area in play named `name`; raises MalformedMove for any other name."""
    idx = data.AREA_INDEX.get(text(move, name, what), -1)
    if idx != data.CASTILLO and idx not in s.regions:
        known = ", ".join(data.AREAS[a].id for a in (data.CASTILLO, *s.regions))
        raise MalformedMove(
            N_("malformed move {move}: unknown {what} {name}; areas: {known}"),
            move=repr(move),
            what=what,
            name=repr(name),
            known=known,
        )
    return idx


def spot(s: State, move: Json, name: Any, what: str = "area") -> tuple[int, str]:
    """Returns (area index, location name) of an area in play, a France slot (O-F4) or, in the
    expansion, a caballero state (G4a); the rules decide which names they know (`Rules.spot`)."""
    loc = text(move, name, what)
    found: tuple[int, str] | None = s.rules.spot(s, loc)
    return found if found is not None else (area(s, move, loc, what), loc)


def open_spot(s: State, move: Json, name: Any, what: str) -> tuple[int, str]:
    """Returns (region index, location name) of an open region or a France slot (R23, R24, O-F4)."""
    idx, loc = spot(s, move, name, what)
    if idx == data.CASTILLO:
        raise illegal(move, N_("{what} must be a region, not the castillo"), "R24", what=what)
    if idx == s.king:
        raise illegal(move, N_("the King stands in {area}"), "R23", area=data.AREAS[idx].id)
    return idx, loc


def illegal(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    """Returns the IllegalMove for `move` with a reason citing `rule`."""
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


def open_region(s: State, move: Json, name: Any, what: str) -> int:
    """Returns the index of an open region; raises when it is the Castillo or the King's region."""
    idx = area(s, move, name, what)
    if idx == data.CASTILLO:
        raise illegal(move, N_("{what} must be a region, not the castillo"), "R24", what=what)
    if idx == s.king:
        raise illegal(move, N_("the King stands in {area}"), "R23", area=data.AREAS[idx].id)
    return idx


def play_power_card(em: Emitter, seat: int, move: Json) -> None:
    """Plays a power card from hand whose value nobody played this round (R11)."""
    s = em.state
    value = integer(move, move["value"], "value")
    if value not in s.hands[seat]:
        raise illegal(move, N_("power card {value} is not in your hand"), "R11", value=value)
    if value not in legal_bids(s, seat):
        raise illegal(move, N_("value {value} was already played this round"), "R11", value=value)
    em.emit(bid_event(s, seat, value))


def supplement_court(em: Emitter, seat: int, move: Json) -> None:
    """Takes up to the shortfall of own caballeros from open regions into the court (R17, X7)."""
    s = em.state
    assert s.turn is not None
    moves = board_supplement(s, seat, move, move.get("from", {}), s.turn.shortfall, "R17")
    em.emit(
        {"type": "court_supplemented", "seat": seat, "moves": s.rules.settle(s, seat, moves, "supplement")}
    )
    em.step_end(seat)  # G48: the intake supplement is a step


def board_supplement(s: State, seat: int, move: Json, raw: Any, limit: int, rule: str) -> list[list[Any]]:
    """Returns the moves [seat, region, "court", k] of a board supplement, checked (R17, R23, X7).

    A supplement from France names "france"; `state.vacate` picks the slots (O-F4a).
    """
    wanted = counts(move, raw, "from")
    if sum(wanted.values()) > limit:
        raise illegal(move, N_("at most {limit} caballero(s) may come from the board"), rule, limit=limit)
    out: list[list[Any]] = []
    reason = "supplement" if rule == "R17" else "court"
    per_area: dict[int, int] = {}
    for name, k in sorted(wanted.items(), key=lambda kv: data.spot_key(kv[0])):
        r, loc = open_spot(s, move, name, "source region")
        have = s.takeable(seat, r, reason)  # G42: options exclude pieces
        if loc != data.AREAS[r].id:
            named: int | None = s.rules.named_source(s, seat, r, loc, reason)  # G42a: the owner names it
            if named is None:
                raise illegal(
                    move,
                    N_("name {area}: its slots are vacated plain, envoy, ambassador"),
                    "O-F4a",
                    area=data.AREAS[r].id,
                )
            have = min(have, named)
        per_area[r] = per_area.get(r, 0) + k
        if have < k or per_area[r] > s.takeable(seat, r, reason):
            raise illegal(
                move, N_("you have only {have} caballero(s) in {name} to take"), rule, have=have, name=name
            )
        out.append([seat, name, "court", k])
    return out


def find_card(s: State, move: Json) -> str:
    """Returns the offered card instance named by the move (instance or card id) (R18)."""
    name = text(move, move["card"], "card")
    for card in s.offer:
        if card == name or card.rsplit(".", 1)[0] == name:
            return card
    if name.rsplit(".", 1)[0] not in data.CARD_INDEX:
        raise MalformedMove(
            N_("malformed move {move}: unknown card {name}"), move=repr(move), name=repr(name)
        )
    raise illegal(
        move, N_("{name} is not in the offer ({offer})"), "R18", name=name, offer=", ".join(s.offer)
    )


def turn_move(em: Emitter, seat: int, move: Json) -> None:
    """Carries out an option's own turn_step move (e.g. church_intake, O-C6); the option decides its events."""
    for event in em.state.rules.turn_move(em.state, seat, move):
        em.emit(event)
    em.step_end(seat)  # G48: each such move is a whole step (bonus move, extra, held card)


def take_card(em: Emitter, seat: int, move: Json) -> None:
    """Takes one card of the offer (R18); taking a Veto makes the seat hold it (V1)."""
    em.emit({"type": "action_card_taken", "seat": seat, "card": find_card(em.state, move)})


def batch_areas(s: State) -> tuple[int, ...]:
    """Returns the areas a placement batch may use: regions adjacent to the King, the Castillo (R20; options add)."""
    areas: tuple[int, ...] = s.rules.batch_areas(s)
    return areas


def batch_limit(s: State, seat: int, wanted: dict[int, int]) -> int:
    """Returns the largest batch `wanted` may be: min(heads of the taken card, court) (R20; options add)."""
    heads: int = s.rules.batch_limit(s, seat, wanted)
    return min(heads, s.court[seat])


def check_batch(s: State, seat: int, move: Json) -> list[list[Any]]:
    """Returns the moves [seat, "court", location, k] of a placement batch, checked (R20, R23)."""
    wanted = counts(move, move.get("to", {}), "to")
    areas = {name: spot(s, move, name)[0] for name in wanted}
    where: dict[int, int] = {}
    for name, k in wanted.items():
        where[areas[name]] = where.get(areas[name], 0) + k
    limit = batch_limit(s, seat, where)
    if sum(wanted.values()) > limit:
        raise illegal(
            move, N_("the batch is at most {limit} caballero(s) (heads, court)"), "R20", limit=limit
        )
    allowed = batch_areas(s)
    for name, idx in areas.items():
        if idx == s.king:
            raise illegal(move, N_("the King stands in {name}"), "R23", name=name)
        if idx not in allowed:
            raise illegal(
                move,
                N_("{name} is not adjacent to the King's region {area}"),
                "R20",
                name=name,
                area=data.AREAS[s.king].id,
            )
    moves = [
        [seat, "court", name, k] for name, k in sorted(wanted.items(), key=lambda kv: data.spot_key(kv[0]))
    ]
    if "check_batch" in s.rules.overrides:
        s.rules.check_batch(s, seat, moves, move)
    return moves


def place_caballeros(em: Emitter, seat: int, move: Json) -> None:
    """Places the batch all at once next to the King and/or into the Castillo (R19, R20, R23)."""
    s = em.state
    assert s.turn is not None
    if s.turn.placed:
        raise illegal(move, N_("the placement batch was already placed this turn"), "R19")
    moves = check_batch(s, seat, move)
    fields = s.rules.batch_fields(s, seat, moves)
    em.emit(
        {
            "type": "caballeros_placed",
            "seat": seat,
            "moves": s.rules.settle(s, seat, moves, "place"),
            **fields,
        }
    )
    em.step_end(seat)  # G48
