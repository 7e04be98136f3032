"""Lists legal moves: the shortest complete members of each family, and one-step extensions.

`legal_moves(state, seat)` lists complete moves. The large families (placement batch, court
supplements, move and placement declarations, removals) start from their empty member;
`legal_moves(state, seat, partial)` then lists the one-step extensions of `partial`, each with
`complete`. A move entry {seat, from} without `to` is an incomplete step (source chosen); it is
offered only when some destination makes a legal step (options such as movement_limits may refuse
every one).
A partial whose prefix `decide` would refuse (a bad source, area, count or removal) is refused
with the same RuleViolation, so no extension of an illegal prefix is ever offered. Removals
may be added for any player not yet hit, in any order: the declared order is the step order (V7).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial as partial_of
from typing import Any

from engine.elgrande import cards, data, groups
from engine.elgrande.bidding import legal_bids
from engine.elgrande.moves import check_shape
from engine.elgrande.prompts import kind_of
from engine.elgrande.state import BLACK, State
from engine.elgrande.turn import batch_areas, board_supplement, check_batch, illegal
from engine.errors import MalformedMove, RuleViolation
from engine.i18n import N_

Json = dict[str, Any]
IDS = tuple(a.id for a in data.AREAS)


def legal_moves(state: State, seat: int, partial: Json | None = None) -> list[Json]:
    """Returns the complete legal moves of `seat`, or the one-step extensions of `partial`."""
    kind = kind_of(state, seat)
    if kind is None:
        return []
    if partial is not None:
        if not isinstance(partial, dict):
            raise MalformedMove(N_("malformed partial move {partial}"), partial=repr(partial))
        partial = {k: v for k, v in partial.items() if k != "complete"}
        check_shape(partial)  # refuses unknown fields, as decide would
        return _extensions(state, seat, kind, partial)
    return _complete(state, seat, kind)


def _complete(s: State, seat: int, kind: str) -> list[Json]:
    match kind:
        case "play_power_card":
            return [{"type": "play_power_card", "value": v} for v in legal_bids(s, seat)]
        case "supplement_court":
            return [{"type": "supplement_court", "from": {}}]
        case "choose_action_card":
            return [{"type": "take_card", "card": c} for c in s.offer]
        case "turn_step" | "copy_offer":  # G68: a copy is declared like the turn's action
            return _turn_step(s, seat)
        case "veto_answer":
            assert s.group is not None
            steps = int(s.group.context["steps"])
            vetos = [{"type": "answer_veto", "answer": "veto", "from": k} for k in range(1, steps + 1)]
            return [{"type": "answer_veto", "answer": "allow"}, *vetos]
        case "relocation_before_scoring":
            return [{"type": "relocate_before_scoring", "moves": []}]  # G73: the root of the family
    assert s.group is not None
    own: list[Json] | None = s.rules.choice_moves(s, kind, s.group.context, seat, None)
    if own is not None:  # an option's own decision, or its own answer to a base one
        return own
    if kind == "king_returns_choice":
        return [{"type": "return_caballeros", "sources": o} for o in groups.king_returns_options(s, seat)]
    options = groups.legal_choices(s, kind, s.group.context, seat)
    return [{"type": "choose_region", "region": r} for r in options]


def _turn_step(s: State, seat: int) -> list[Json]:
    assert s.turn is not None
    out: list[Json] = []
    if not s.turn.placed:  # R19, X5: a batch of 0 is legal even with an empty court
        out.append({"type": "place_caballeros", "to": {}})
    if not s.turn.acted:
        out += [{"type": "declare_action", **d} for d in declarations(s, seat)]
    out += s.rules.turn_moves(s, seat)
    out.append({"type": "end_turn"})
    return out


def declarations(s: State, seat: int) -> list[Json]:
    """Returns the shortest complete declarations of the taken card (roots of the large families)."""
    assert s.turn is not None
    card = data.card_of(s.turn.card).id
    own: list[Json] | None = s.rules.declarations(s, seat, card, None)
    if own is not None:  # an option's own card
        return own
    fields = cards.FIELDS.get(card, frozenset())
    if "moves" in fields or "places" in fields or "removals" in fields:
        return [{f: []} for f in sorted(fields)]
    if card == "d4_court_two":
        return [{"supplement": {}}]
    if card == "d4_mobile_scoreboard":
        return [
            {"scoreboard": sb.id, "area": IDS[a]} for sb in data.SCOREBOARDS for a in _board_spots(s, sb.idx)
        ]
    if card == "d4_power_card_back":
        return [{"value": v} for v in sorted(s.played[seat])]
    if "area" in fields:
        return [{"area": IDS[a]} for a in _targets(s, seat, card)]
    return [{}]


def _board_spots(s: State, sb: int) -> list[int]:
    where = s.scoreboards[sb]
    if where == s.king:
        return []
    return [a for a in _areas(s) if a != s.king and a != where and a not in s.scoreboards]


def _areas(s: State) -> tuple[int, ...]:
    """Returns the Castillo and the regions in play."""
    return (data.CASTILLO, *s.regions)


def _targets(s: State, seat: int, card: str) -> list[int]:
    match card:
        case "d2_score_any_region" | "d3_score_any_region":
            return [data.CASTILLO, *cards.scorable(s)]
        case "d4_royal_adviser":
            return [r for r in s.rules.neighbours(s.king) if s.rules.king_may_enter(s, r)]
        case "d5_king":
            return [r for r in s.regions if r != s.king and s.rules.king_may_enter(s, r)]
        case "d4_eviction":
            return list(s.open_regions())
        case "d4_move_grande":
            g = s.grandes[seat]
            return (
                []
                if g in (s.king, data.CASTILLO)  # R29; G67: a conspired Grande stays until a general scoring
                else [r for r in s.open_regions() if r != g and s.rules.grande_may_enter(s, r)]
            )
        case "d7_special_scoring_delayed_region":
            return [r for r in s.open_regions() if s.rules.scorable(s, r)]  # G72
    return []


def _extensions(s: State, seat: int, kind: str, partial: Json) -> list[Json]:
    ptype = partial.get("type")
    if s.group is not None and s.group.kind == kind:
        own: list[Json] | None = s.rules.choice_moves(s, kind, s.group.context, seat, partial)
        if own is not None:  # an option's own decision
            return own
    if kind == "supplement_court" and ptype == "supplement_court":
        assert s.turn is not None
        limit = s.turn.shortfall
        board_supplement(s, seat, partial, partial.get("from", {}), limit, "R17")  # refuses a bad prefix
        grown = _add_counts(partial, "from", limit, _own_sources(s, seat, "supplement"))
        return [
            m for m in grown if _supplement_ok(s, seat, m, limit, "from", "R17")
        ]  # positions share their area
    if kind == "relocation_before_scoring" and ptype == "relocate_before_scoring":
        assert s.group is not None
        instance = str(s.group.context["card"])  # G73: the keeper's card, as a declaration of its own
        return _move_steps(s, seat, partial, data.card_of(instance).id, instance)
    if kind not in ("turn_step", "copy_offer") or s.turn is None:
        return []
    if ptype == "place_caballeros" and not s.turn.placed:
        check_batch(s, seat, partial)  # refuses a bad prefix
        room = {name: 99 for a in batch_areas(s) for name in data.spots(a)}
        grown = _add_counts(partial, "to", s.court[seat], room)
        return [m for m in grown if _legal(partial_of(check_batch, s, seat, m))]
    if ptype == "declare_action" and not s.turn.acted:
        return _declaration_steps(s, seat, partial)
    return []


def _legal(check: Callable[[], object]) -> bool:
    """Returns whether `check` passes (an extension an option's rules refuse is not offered)."""
    try:
        check()
    except RuleViolation:
        return False
    return True


def _plans(s: State, seat: int, partial: Json, instance: str = "") -> bool:
    """Returns whether the declaration `partial` is legal as it stands (options may refuse what the base allows).

    `instance` names a held card declared outside the turn's own action (G73)."""
    fields = {k: v for k, v in partial.items() if k not in ("type", "complete")}
    return _legal(lambda: cards.plan(s, seat, {"type": "declare_action", **fields}, instance=instance))


def _supplement_ok(s: State, seat: int, move: Json, limit: int, key: str, rule: str) -> bool:
    """Returns whether a grown supplement is still legal (a named position and its area share a count, G42a)."""
    try:
        board_supplement(s, seat, move, move.get(key, {}), limit, rule)
    except RuleViolation:
        return False
    return True


def _own_sources(s: State, seat: int, reason: str) -> dict[str, int]:
    """Returns where a court supplement may take from: open regions and, where the rules let the owner
    name positions (G42a), each named position with its count."""
    out: dict[str, int] = {}
    for r in s.open_regions():
        k = s.takeable(seat, r, reason)
        if not k:
            continue
        out[IDS[r]] = k
        for name, n in s.rules.sources(s, seat, r, reason):
            if name != IDS[r] and s.rules.named_source(s, seat, r, name, reason):
                out[name] = min(n, k)
    return out


def _add_counts(partial: Json, key: str, limit: int, room: dict[str, int]) -> list[Json]:
    """Returns `partial` with one more caballero counted into each location that has room (a checked prefix)."""
    have: dict[str, int] = partial.get(key, {})
    if sum(have.values()) >= limit:
        return []
    out = []
    for name, cap in room.items():
        if have.get(name, 0) < cap:
            out.append({**partial, key: {**have, name: have.get(name, 0) + 1}, "complete": True})
    return out


def _declaration_steps(s: State, seat: int, partial: Json) -> list[Json]:
    assert s.turn is not None
    card = data.card_of(s.turn.card).id
    own: list[Json] | None = s.rules.declarations(s, seat, card, partial)
    if own is not None:  # an option's own card
        return own
    cards.check_fields(card, partial)
    if "supplement" in partial and card == "d4_court_two":
        short = 2 - min(2, s.province[seat])
        board_supplement(s, seat, partial, partial["supplement"], short, "X7")  # refuses a bad prefix
        grown = _add_counts(partial, "supplement", short, _own_sources(s, seat, "court"))
        return [m for m in grown if _supplement_ok(s, seat, m, short, "supplement", "X7")]
    if "places" in partial:
        return _place_steps(s, seat, partial)
    if "removals" in partial and card == "d2_one_of_your_choice":
        return _removal_steps(s, seat, partial)
    if "moves" in partial:
        card = card if card in cards.MOVE_RULES else "d1_move_own_region"
        return _move_steps(s, seat, partial, card)
    return []


def _place_steps(s: State, seat: int, partial: Json) -> list[Json]:
    places = partial["places"]
    cards.plan(s, seat, {"type": "declare_action", "places": places})  # refuses an illegal prefix
    if len(places) >= min(2, s.court[seat]):
        return []
    grown = [{**partial, "places": [*places, name], "complete": True} for name in _spots(s)]
    return [m for m in grown if _plans(s, seat, m)]


def _removal_steps(s: State, seat: int, partial: Json) -> list[Json]:
    """Returns one more removal for any player not yet hit, so every declared order is reachable (V7)."""
    assert s.turn is not None
    removals = partial["removals"]
    steps = cards.removal_prefix(s, partial)
    s.rules.check_steps(
        s, seat, data.card_of(s.turn.card).id, tuple(steps), partial
    )  # refuses an illegal prefix
    done = {cards.charged_of(s, st[1]) for st in steps}
    todo = [p for p in cards.one_of_your_choice_targets(s) if p not in done]
    last = len(todo) == 1
    black: list[tuple[int | str, str]] = []
    if s.church in todo and s.rules.returns_black(s) is None:  # G42: the holder's black caballeros
        black = [(BLACK, IDS[r]) for r in s.open_regions() if s.rules.returnable(s, BLACK, r)]
    return [
        {**partial, "removals": [*removals, {"seat": p, "region": name}], "complete": last}
        for p, name in [
            *(
                (p, name)
                for p in todo
                for r in s.open_regions()
                for name, _ in s.rules.sources(s, p, r, "return")  # O-F10: France by its slot; G4a: states
                if s.rules.returnable(s, p, r)
            ),
            *black,
        ]
    ]


def _owners(s: State, card: str) -> list[int | str]:
    """Returns whose caballeros `card` may move: every seat, and "black" when in play (O-C3, O-C7)."""
    black: list[int | str] = [BLACK] if s.black else []
    return black if card in cards.BLACK_ONLY else [*range(s.seats), *black]


def _move_steps(s: State, seat: int, partial: Json, card: str, instance: str = "") -> list[Json]:
    moves = partial["moves"]
    if not isinstance(moves, list):
        raise MalformedMove(
            N_("malformed partial move {partial}: moves must be a list"), partial=repr(partial)
        )
    if moves and isinstance(moves[-1], dict) and "to" not in moves[-1]:
        return _destinations(s, seat, partial, card, instance)
    return [m for m in _sources(s, seat, partial, card, instance) if _goes_somewhere(s, seat, m, instance)]


def _sources(s: State, seat: int, partial: Json, card: str, instance: str = "") -> list[Json]:
    """Returns `partial` with one more incomplete step {seat, from} per caballero the card may still move."""
    moves = partial["moves"]
    total, own_max, foreign_max, single = cards.MOVE_RULES[card]
    cards.plan(
        s, seat, {"type": "declare_action", "moves": moves}, instance=instance
    )  # refuses an illegal prefix
    if len(moves) >= total:
        return []
    own = sum(1 for m in moves if s.owns(seat, m["seat"]))
    used: dict[tuple[int | str, str], int] = {}
    for m in moves:
        used[m["seat"], m["from"]] = used.get((m["seat"], m["from"]), 0) + 1
    sources = [_area_of(s, moves[0]["from"])] if single and moves else list(s.open_regions())
    out = []
    for r in sources:
        for p in _owners(s, card):
            mine = s.owns(seat, p)
            if (mine and own >= own_max) or (not mine and len(moves) - own >= foreign_max):
                continue
            for name, k in s.rules.sources(s, p, r, "move"):  # O-F4a: France by its slot; G4a: states
                if k > used.get((p, name), 0):
                    out.append({**partial, "moves": [*moves, {"seat": p, "from": name}], "complete": False})
    room = own < own_max if s.owns(seat, BLACK) else len(moves) - own < foreign_max
    if BLACK in _owners(s, card) and s.rules.brings_back(s, card) and room:
        out_of_game = data.BLACK_CABALLEROS - sum(s.black)  # G64: black caballeros out of the game come back
        if out_of_game > used.get((BLACK, "out"), 0):
            out.append({**partial, "moves": [*moves, {"seat": BLACK, "from": "out"}], "complete": False})
    return out


def _goes_somewhere(s: State, seat: int, partial: Json, instance: str = "") -> bool:
    """Returns whether the incomplete last step of `partial` has a legal destination (options may refuse all)."""
    return bool(_grown(s, seat, partial, first=True, instance=instance))


def _grown(s: State, seat: int, partial: Json, *, first: bool = False, instance: str = "") -> list[Json]:
    """Returns `partial` with each legal destination of its incomplete last step (only the first one if `first`)."""
    moves = partial["moves"]
    last, head = moves[-1], moves[:-1]
    src = data.SPOT_AREA.get(last["from"], data.N_AREAS)  # "out": a black caballero brought back (G64)
    src = s.rules.spot(s, last["from"])[0] if src == data.N_AREAS and s.rules.spot(s, last["from"]) else src
    out = []
    for name in dict.fromkeys([*_spots(s), *s.rules.within_spots(s, last["from"])]):
        if _area_of(s, name) == src and not s.rules.moves_within(s, src, last["from"], name):
            continue
        m = {**partial, "moves": [*head, {**last, "to": name}], "complete": True}
        if _plans(s, seat, m, instance):
            out.append(m)
            if first:
                break
    return out


def _destinations(s: State, seat: int, partial: Json, card: str, instance: str = "") -> list[Json]:
    """Returns the destinations of the incomplete last step {seat, from}, after checking that step."""
    moves = partial["moves"]
    last, head = moves[-1], moves[:-1]
    starts = [m["moves"][-1] for m in _sources(s, seat, {**partial, "moves": head}, card, instance)]
    if type(last.get("seat")) not in (int, str) or last not in starts:
        raise illegal(
            partial,
            N_("no caballero of seat {seat} can be moved from {source}"),
            "R24",
            seat=repr(last.get("seat")),
            source=repr(last.get("from")),
        )
    return _grown(s, seat, partial, instance=instance)


def _spots(s: State) -> list[str]:
    """Returns the locations outside the King's region a caballero may be put: areas, France's slots (O-F4),
    and an option's own names (`Rules.spots`)."""
    return [name for a in _areas(s) if a != s.king for name in s.rules.spots(s, a)]


def _area_of(s: State, name: str) -> int:
    """Returns the area of a location name (an option's names too: `Rules.spot`)."""
    found = s.rules.spot(s, name)
    return data.SPOT_AREA[name] if found is None else int(found[0])
