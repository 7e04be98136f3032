"""Checks a special-action declaration and turns it into its ordered steps (§1.6, R23-R34, V2, V7).

A step is a tuple whose first item names it:
("move", owner, src, dst, from, to) (owner a seat or "black", O-C7; from/to name France's slots, O-F4),
("place", owner, dst, to), ("remove", owner, region, from),
("score", area, mode), ("king", region), ("grande", seat, region), ("scoreboard", sb, area),
("take_back", seat, value), ("decay", limit), ("court_two", seat, intake, supplement),
("group", kind, context) — a simultaneous decision asked after the veto window (V7).
Caballero steps carry both the area index and the location name (a France slot, O-F4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.elgrande import data, scoring
from engine.elgrande.groups import group_members
from engine.elgrande.moves import integer, items, text
from engine.elgrande.scores import score_event
from engine.elgrande.state import BLACK, OUT, State
from engine.elgrande.turn import area, board_supplement, illegal, open_region, open_spot, spot
from engine.errors import MalformedMove
from engine.i18n import N_

Json = dict[str, Any]
Step = tuple[Any, ...]

# card -> (total, own max, foreign max, single source, own only) for the move cards (§1.6).
MOVE_RULES: dict[str, tuple[int, int, int, bool]] = {
    "d1_move_five_from_region": (5, 5, 5, True),
    "d1_move_three_foreign": (3, 0, 3, False),
    "d1_move_three_any": (3, 3, 3, False),
    "d1_move_two_own_two_foreign": (4, 2, 2, False),
    "d1_move_four_own": (4, 4, 0, False),
    "d1_move_four_any": (4, 4, 4, False),
    "d1_move_own_region": (30, 30, 0, True),
    "d6_church": (2, 2, 2, False),  # O-C3: black caballeros only (BLACK_ONLY), the taker holds the marker
    "d7_transport": (3, 3, 0, False),  # G65: up to 3 own (black ones for the holder), 1 step each
    "d7_relocation_before_scoring": (2, 2, 0, False),  # G73: its use at a general scoring
    "d6_grand_inquisitor": (2, 2, 2, False),  # G64: black only; a step may bring one back from "out"
}
BLACK_ONLY: dict[str, str] = {"d6_church": "O-C3", "d6_grand_inquisitor": "G64"}  # card -> its rule
FIELDS: dict[str, frozenset[str]] = {
    **{c: frozenset({"moves"}) for c in MOVE_RULES},
    "d1_place_two_anywhere": frozenset({"places"}),
    "d1_place_two_or_move_own_region": frozenset({"places", "moves"}),
    "d2_one_of_your_choice": frozenset({"removals"}),
    "d2_score_any_region": frozenset({"area"}),
    "d3_score_any_region": frozenset({"area"}),
    "d4_mobile_scoreboard": frozenset({"scoreboard", "area"}),
    "d4_royal_adviser": frozenset({"area"}),
    "d4_eviction": frozenset({"area"}),
    "d4_move_grande": frozenset({"area"}),
    "d5_king": frozenset({"area"}),
    "d4_power_card_back": frozenset({"value"}),
    "d4_court_two": frozenset({"supplement"}),
    "d7_special_scoring_delayed_region": frozenset({"area"}),  # G72
    "d7_turn_over_action_card": frozenset({"card"}),  # G69: its use (use_turn_over), replanned after a veto
    "d7_move_limit_board": frozenset({"area", "on"}),  # G66
}


@dataclass(frozen=True, slots=True)
class Plan:
    """Holds a checked declaration: its normalised JSON form and its steps in order."""

    card: str
    action: Json
    steps: tuple[Step, ...]
    void: bool


def plan(s: State, seat: int, move: Json, *, replan: bool = False, instance: str = "") -> Plan:
    """Returns the checked plan of a declare_action move for the seat's taken card.

    `replan` rebuilds the plan of a declaration already made (after its veto window);
    `instance` names the declared card when it is not the taken one (a held card's use, G69).
    """
    if not instance:
        assert s.turn is not None
        instance = s.turn.card
        if s.turn.acted and not replan:
            raise illegal(move, N_("the special action was already used or skipped this turn"), "R19")
    card = data.card_of(instance).id
    check_fields(card, move)
    steps, action = _steps(s, seat, card, move)
    s.rules.check_steps(s, seat, card, tuple(steps), move)
    return Plan(card, action, tuple(steps), _void(s, steps))


def check_fields(card: str, move: Json) -> None:
    """Refuses a declaration with fields its card does not take (MalformedMove)."""
    extra = set(move) - {"type", "default"} - FIELDS.get(card, frozenset())
    if extra:
        raise MalformedMove(
            N_("malformed move {move}: {card} takes no field(s) {extra}"),
            move=repr(move),
            card=card,
            extra=", ".join(sorted(extra)),
        )


def _steps(s: State, seat: int, card: str, move: Json) -> tuple[list[Step], Json]:
    steps, action = _card_steps(s, seat, card, move)
    prefix: list[Step] = s.rules.declare_prefix(s, seat, card)  # e.g. a copy's own figure step (G68)
    return prefix + steps, action


def _card_steps(s: State, seat: int, card: str, move: Json) -> tuple[list[Step], Json]:
    own = s.rules.declare(s, seat, card, move)
    if own is not None:  # an option's own card
        steps: list[Step] = own[0]
        action: Json = own[1]
        return steps, action
    if card in MOVE_RULES:
        return _moves(s, seat, card, move)
    match card:
        case "d1_place_two_anywhere":
            return _places(s, seat, move)
        case "d1_place_two_or_move_own_region":
            if "places" in move and "moves" in move:
                raise illegal(move, N_("choose either places or moves, not both"), "§1.6")
            return _moves(s, seat, "d1_move_own_region", move) if "moves" in move else _places(s, seat, move)
        case "d2_decay_court_all" | "d2_decay_court_three":
            return [("decay", 3 if card.endswith("three") else data.CABALLEROS)], {}
        case "d2_king_returns" | "d2_secret_return_two" | "d2_secret_return_all" | "d4_secret_scoring":
            return [("group", GROUP_OF[card], None)], {}
        case "d2_one_of_your_choice":
            return _removals(s, seat, move)
        case "d2_score_any_region" | "d3_score_any_region":
            a = area(s, move, move.get("area"), "area")
            return [("score", a, "special")], {"area": data.AREAS[a].id}
        case "d3_score_castillo":
            return [("score", data.CASTILLO, "special")], {}
        case "d3_score_fours" | "d3_score_fives" | "d3_score_sixes_sevens":
            classes = data.VALUE_CLASS_CARDS[card]  # R49, R50
            return [("score", r, "special") for r in scorable(s) if s.values(r)[0] in classes], {}
        case "d3_score_first_places":
            return [("score", r, "first_places") for r in scorable(s)], {}  # R47
        case "d3_score_most" | "d3_score_fewest":
            totals = {data.AREAS[r].id: s.total(r) for r in scorable(s)}
            pick = scoring.most_regions if card.endswith("most") else scoring.fewest_regions
            return [("score", data.AREA_INDEX[r], "special") for r in pick(totals)], {}
        case "d4_mobile_scoreboard":
            return _scoreboard(s, move)
        case "d4_royal_adviser" | "d5_king":
            return _king(s, card, move)
        case "d4_eviction":
            e = open_region(s, move, move.get("area"), "eviction region")
            return [("group", "eviction_disc", e)], {"area": data.AREAS[e].id}
        case "d4_move_grande":
            return _grande(s, seat, move)
        case "d4_power_card_back":
            value = integer(move, move.get("value"), "value")
            if value not in s.played[seat]:
                raise illegal(move, N_("power card {value} is not on your played pile"), "§1.6", value=value)
            return [("take_back", seat, value)], {"value": value}
        case "d4_court_two":
            return _court_two(s, seat, move)
    return [], {}  # d2_veto: taking it was the whole action (V8)


def scorable(s: State) -> list[int]:
    """Returns the regions a special scoring may cover, in id order (R50, R51)."""
    return [r for r in s.regions if s.rules.scorable(s, r)]


GROUP_OF = {
    "d2_king_returns": "king_returns_choice",
    "d2_secret_return_two": "return_two_disc",
    "d2_secret_return_all": "return_all_disc",
    "d4_secret_scoring": "secret_scoring_disc",
}


def move_steps(s: State, seat: int, card: str, move: Json) -> tuple[list[Step], Json]:
    """Returns the checked move steps of a declaration of the move card `card` (MOVE_RULES; for an
    option that adds steps to a move card's own, e.g. a copy's step 1, G68)."""
    check_fields(card, move)
    return _moves(s, seat, card, move)


def _moves(s: State, seat: int, card: str, move: Json) -> tuple[list[Step], Json]:
    total, own_max, foreign_max, single = MOVE_RULES[card]
    raw = items(move, move.get("moves", []), "moves")
    steps: list[Step] = []
    used: dict[tuple[int | str, int], int] = {}
    for entry in raw:
        if isinstance(entry, dict) and entry.get("from") == "out" and s.rules.brings_back(s, card):
            steps.append(_back(s, move, entry, sum(1 for st in steps if st[0] == "back")))
            continue
        owner, src, dst, frm, to = _one_move(s, move, entry)
        if card in BLACK_ONLY and owner != BLACK:
            raise illegal(move, N_("{card} moves black caballeros only"), BLACK_ONLY[card], card=card)
        used[owner, src] = used.get((owner, src), 0) + 1
        have = s.pieces(src, owner)
        if used[owner, src] > have:  # R24, X30: each cube moves at most once
            who = "black" if owner == BLACK else f"seat {owner}"
            raise illegal(
                move,
                N_("{who} has only {have} in {area}"),
                "X30",
                who=who,
                have=have,
                area=data.AREAS[src].id,
            )
        steps.append(("move", owner, src, dst, frm, to))
    own = sum(1 for st in steps if s.owns(seat, st[1]))  # O-C7: black are the holder's own
    if len(steps) > total or own > own_max or len(steps) - own > foreign_max:
        raise illegal(
            move,
            N_("{card} moves at most {total} ({own_max} own, {foreign_max} foreign)"),
            "§1.6",
            card=card,
            total=total,
            own_max=own_max,
            foreign_max=foreign_max,
        )
    if single and len({st[2] for st in steps}) > 1:
        raise illegal(move, N_("{card} moves out of one region only"), "X43", card=card)
    action = {"moves": [{"seat": st[1], "from": st[4], "to": st[5]} for st in steps]}
    return steps, action


def _one_move(s: State, move: Json, entry: Any) -> tuple[int | str, int, int, str, str]:
    if not isinstance(entry, dict) or set(entry) != {"seat", "from", "to"}:
        raise MalformedMove(
            N_("malformed move {move}: each move is {{seat, from, to}}, not {entry}"),
            move=repr(move),
            entry=repr(entry),
        )
    owner = owner_of(s, move, entry["seat"], "moves[].seat")
    src, frm = open_spot(s, move, entry["from"], "source")
    dst, to = spot(s, move, entry["to"], "destination")
    if dst == s.king:
        raise illegal(move, N_("the King stands in {area}"), "R23", area=data.AREAS[dst].id)
    if dst == src and not s.rules.moves_within(s, src, frm, to):  # O-F4: nor between France's slots (G52 may)
        raise illegal(move, N_("a move must leave {area} for another area"), "X30", area=data.AREAS[src].id)
    return owner, src, dst, frm, to


def _back(s: State, move: Json, entry: Any, before: int) -> Step:
    """Returns the step ("back", "black", OUT, dst, "out", to) bringing a black caballero back into the game (G64)."""
    if set(entry) != {"seat", "from", "to"} or entry["seat"] != BLACK:
        raise MalformedMove(
            N_("malformed move {move}: a bring-back is {{seat: black, from: out, to}}"), move=repr(move)
        )
    out = data.BLACK_CABALLEROS - sum(s.black)
    if before >= out:
        raise illegal(move, N_("only {out} black caballero(s) are out of the game"), "G64", out=out)
    dst, to = spot(s, move, entry["to"], "destination")
    if dst == s.king:
        raise illegal(move, N_("the King stands in {area}"), "R23", area=data.AREAS[dst].id)
    return ("back", BLACK, OUT, dst, "out", to)


def owner_of(s: State, move: Json, raw: Any, what: str) -> int | str:
    """Returns the owner named in a move entry: a seat, or "black" when black caballeros are in play."""
    if raw == BLACK and s.black:
        return BLACK
    owner = integer(move, raw, what)
    if not 0 <= owner < s.seats:
        raise MalformedMove(N_("malformed move {move}: no seat {owner}"), move=repr(move), owner=owner)
    return owner


def _places(s: State, seat: int, move: Json) -> tuple[list[Step], Json]:
    raw = items(move, move.get("places", []), "places")
    if len(raw) > 2:
        raise illegal(move, N_("d1_place_two_anywhere places at most 2 caballeros"), "§1.6")
    if len(raw) > s.court[seat]:
        raise illegal(move, N_("your court holds only {count} caballero(s)"), "R25", count=s.court[seat])
    steps: list[Step] = []
    for name in raw:
        dst, to = spot(s, move, name, "place")
        if dst == s.king:
            raise illegal(move, N_("the King stands in {name}"), "R23", name=name)
        steps.append(("place", seat, dst, to))
    return steps, {"places": [st[3] for st in steps]}


def one_of_your_choice_targets(s: State) -> list[int]:
    """Returns the players with ≥ 1 caballero in an open region (d2_one_of_your_choice, X16, X47)."""
    return [p for p in range(s.seats) if s.takeable_open(p)]


def removal_prefix(s: State, move: Json) -> list[Step]:
    """Returns the checked removal steps of a whole or partial d2_one_of_your_choice declaration."""
    raw = items(move, move.get("removals", []), "removals")
    steps: list[Step] = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"seat", "region"}:
            raise MalformedMove(
                N_("malformed move {move}: each removal is {{seat, region}}, not {entry}"),
                move=repr(move),
                entry=repr(entry),
            )
        black = entry["seat"] == BLACK and bool(s.black)
        if black and (rule := s.rules.returns_black(s)):
            raise illegal(move, N_("no black caballero may be returned now"), rule)
        owner: int | str = BLACK if black else integer(move, entry["seat"], "removals[].seat")
        charged = s.church if black else owner  # G42: the holder's black caballeros are his
        if not isinstance(charged, int) or not 0 <= charged < s.seats:
            raise MalformedMove(
                N_("malformed move {move}: no seat {seat} to return from"),
                move=repr(move),
                seat=repr(entry["seat"]),
            )
        r, frm = open_spot(s, move, entry["region"], "removal region")  # R23, R26, X47
        if s.rules.returnable(s, owner, r) < 1:
            raise illegal(
                move,
                N_("seat {seat} has no caballero to return in {area}"),
                "R26",
                seat=entry["seat"],
                area=data.AREAS[r].id,
            )
        if any(charged_of(s, st[1]) == charged for st in steps):
            raise illegal(move, N_("seat {charged} loses only one caballero"), "X16", charged=charged)
        steps.append(("remove", owner, r, frm))
    return steps


def charged_of(s: State, owner: int | str) -> int:
    """Returns the seat a removal of `owner`'s caballero counts for: the holder for black ones (G42)."""
    return s.church if owner == BLACK else int(owner)


def _removals(s: State, seat: int, move: Json) -> tuple[list[Step], Json]:
    steps = removal_prefix(s, move)
    targets = one_of_your_choice_targets(s)
    if steps and sorted(charged_of(s, st[1]) for st in steps) != targets:
        raise illegal(
            move, N_("remove exactly one caballero of each of seats {targets}"), "X16", targets=targets
        )
    return steps, {"removals": [{"seat": st[1], "region": st[3]} for st in steps]}


def _scoreboard(s: State, move: Json) -> tuple[list[Step], Json]:
    name = text(move, move.get("scoreboard"), "scoreboard")
    if name not in data.SCOREBOARD_INDEX:
        raise MalformedMove(
            N_("malformed move {move}: unknown scoreboard {name}"), move=repr(move), name=repr(name)
        )
    sb = data.SCOREBOARD_INDEX[name]
    dst = area(s, move, move.get("area"), "area")
    where = s.scoreboards[sb]
    if where == s.king or dst == s.king:
        raise illegal(move, N_("the King stands in {area}"), "R30", area=data.AREAS[s.king].id)
    if dst == where:
        raise illegal(move, N_("{name} already lies on {area}"), "§1.6", name=name, area=data.AREAS[dst].id)
    if dst in s.scoreboards:
        raise illegal(move, N_("another scoreboard lies on {area}"), "X15", area=data.AREAS[dst].id)
    return [("scoreboard", sb, dst)], {"scoreboard": name, "area": data.AREAS[dst].id}


def _king(s: State, card: str, move: Json) -> tuple[list[Step], Json]:
    dst = area(s, move, move.get("area"), "area")
    if dst == data.CASTILLO:
        raise illegal(move, N_("the King never enters the castillo"), "R28")
    if dst == s.king:
        raise illegal(move, N_("the King already stands in {area}"), "X32", area=data.AREAS[dst].id)
    if card == "d4_royal_adviser" and dst not in s.rules.neighbours(s.king):
        raise illegal(
            move,
            N_("{area} is not adjacent to {area2}"),
            "R28",
            area=data.AREAS[dst].id,
            area2=data.AREAS[s.king].id,
        )
    if not s.rules.king_may_enter(s, dst):
        raise illegal(move, N_("the King never enters {area}"), "R28", area=data.AREAS[dst].id)
    return [("king", dst)], {"area": data.AREAS[dst].id}


def _grande(s: State, seat: int, move: Json) -> tuple[list[Step], Json]:
    if s.grandes[seat] == s.king:
        raise illegal(move, N_("your Grande stands in the King's region"), "R29")
    dst = open_region(s, move, move.get("area"), "area")
    if dst == s.grandes[seat]:
        raise illegal(move, N_("your Grande already stands in {area}"), "§1.6", area=data.AREAS[dst].id)
    if not s.rules.grande_may_enter(s, dst):
        raise illegal(move, N_("a Grande never enters {area}"), "R29", area=data.AREAS[dst].id)
    return [("grande", seat, dst)], {"area": data.AREAS[dst].id}


def _court_two(s: State, seat: int, move: Json) -> tuple[list[Step], Json]:
    intake = min(2, s.province[seat])
    sup = board_supplement(s, seat, move, move.get("supplement", {}), 2 - intake, "X7")
    return [("court_two", seat, intake, tuple(tuple(m) for m in sup))], {
        "supplement": {m[1]: m[3] for m in sup}
    }


def _void(s: State, steps: list[Step]) -> bool:
    """Returns whether no step would change anything (V2)."""
    return not any(_changes(s, st) for st in steps)


def _changes(s: State, st: Step) -> bool:
    match st[0]:
        case "score":
            return any(score_event(s, st[1], st[2])["points"])
        case "decay":
            return any(s.court[p] for p in range(s.seats) if p != _active(s))
        case "group":
            return st[1] == "secret_scoring_disc" or bool(group_members(s, st[1], st[2]))
        case "court_two":
            return bool(st[2] or st[3])
    return True


def _active(s: State) -> int:
    assert s.turn is not None
    return s.turn.seat
