"""Stack 7's effects (G18-G20, G63, G65, G67-G74, G76-G78): the expansion's own action cards.

`Stack7` is a layer of `InquisitorColonies`. It turns the declarations of the stack-7 cards into
steps (`declare`) and carries out the steps of its own (`carry_out`):

| card | steps |
|---|---|
| d7_transport | the base's move steps (`cards.MOVE_RULES`: up to 3 own, G65) |
| d7_conspiracy | ("conspiracy", seat): every other Grande not in the King's region into the Castillo (G67) |
| d7_special_scoring_inquisitor | ("figure", seat), then ("score", area, "special") per area with a black caballero (G70) |
| d7_special_scoring_new_regions | ("score", area, "special") for france, caravel, america, mediterranean (G71) |
| d7_special_scoring_delayed_region | ("delay", seat, instance, area): the marker (G72) |
| d7_turn_over_action_card | ("turn_over", seat, instance, card): its use, a turn step (`use_turn_over`, G69) |
| d7_relocation_before_scoring | its use: the base's move steps (up to 2 own), `relocate_before_scoring` (G73) |
| d7_doubling | none when taken; copies (G68) |

Held cards (doubling, turn-over, relocation-before-scoring, G74) go to `State.keeps` when taken:
taking them is the whole action of the turn (G68, G69, G73), and they are never discarded at
turn end (G19 step 5). A delayed-scoring card that lies as a marker (`State.delayed`) is scored
after the last turn of the next played round (G76 step 2), or after the final general scoring
when placed in the last played round (G78), then discarded.

A Grande in the Castillo (G67) makes its owner a member of the Castillo disc decision (ruling A9)
and follows his disc (`castillo_exits`); while one is there the Castillo's sole leader gets the
home bonus (G63); no special action moves it (d4_move_grande is refused).

Frames (ruling B34). `State.frame` is (COPY, doubling instance, copy made) while a copy runs, or
(RBS, seats asked) while a general scoring waits at G77 step 5.
- A copy (G68) is a turn-like frame between two turns: `copy_offered` makes the keeper the active
  player holding the copied card with the placement already done, so the base declares, vetoes and
  opens decision groups for him; the prompt is `copy_offer` (declare_action, or end_turn to decline).
  Its turn_ended closes the frame: turn order is not advanced, the doubling card is discarded if the
  copy was declared (B35: a void copy is a declined one). `State.performed` records the turn's
  performed special action (declared, not vetoed from step 1); `State.copy` the offers after the
  turn (card, its player, seats asked), asked clockwise (B16) in `between_turns` after the other
  layers' steps (G20). Inside a frame no other turn step or turn-end extra is offered.
- Relocation before scoring (G73) is the sequential decision `relocation_before_scoring` of each
  keeper in the round's turn order (B19), opened by `before_regions` and continued by
  `scoring_resume` until every keeper was asked; then the regions are scored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.groups import veto_holders
from engine.elgrande.hooks import Json, Rules
from engine.elgrande.moves import text
from engine.elgrande.scores import pays, score_event
from engine.elgrande.scoring import HOME_BONUS, sole_leader
from engine.elgrande.state import Turn
from engine.errors import IllegalMove, MalformedMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

Step = tuple[Any, ...]
HELD = frozenset({"d7_doubling", "d7_turn_over_action_card", "d7_relocation_before_scoring"})  # G74
TURN_OVER = "d7_turn_over_action_card"
DOUBLING = "d7_doubling"
COPY = "copy"  # State.frame of a copy: (COPY, doubling instance, copy made)
RBS = "relocation_before_scoring"  # the decision (G73)
RBS_CARD = "d7_relocation_before_scoring"
NEW_REGIONS = (
    data.FRANCE,
    data.CARAVEL,
    data.AMERICA,
    data.MEDITERRANEAN,
)  # G71: france, caravel, america, mediterranean


def card_id(instance: str) -> str:
    """Returns the card id of an instance (`d7_doubling.1` → `d7_doubling`)."""
    return instance.rsplit(".", 1)[0]


class Stack7(Rules):
    """The stack-7 cards' effects, held cards and delayed markers (G18, G19, G63, G65-G74, G76-G78)."""

    # Declarations (§4.10).

    def declare(self, s: State, seat: int, card: str, move: Json) -> tuple[list[Step], Json] | None:
        match card:
            case "d7_conspiracy":  # G67: 1 step; with no Grande to move it changes nothing (V2)
                return ([("conspiracy", seat)] if _conspired(s, seat) else []), {}
            case "d7_special_scoring_inquisitor":
                areas = [  # G55 order; never Moorish Granada (O-G3, G85)
                    a
                    for a in (data.CASTILLO, *s.regions)
                    if s.black and s.black[a] and (a == data.CASTILLO or s.rules.scorable(s, a))
                ]
                if s.church == seat and not any(pays(s, a) for a in areas):
                    return [], {}  # V2: nothing would change
                return [("figure", seat), *(("score", a, "special") for a in areas)], {}  # G70
            case "d7_special_scoring_new_regions":
                return [("score", r, "special") for r in NEW_REGIONS if self.scorable(s, r)], {}  # G71
            case "d7_special_scoring_delayed_region":
                return _delay(s, seat, move)
            case "d7_turn_over_action_card":
                return _turn_over(s, seat, move)
            case "d7_doubling":
                return [], {}  # G68: taking it is the whole action; it copies later (`copy_offered`)
            # d7_relocation_before_scoring: its use at a general scoring is the base's move steps (G73)
        return super().declare(s, seat, card, move)

    def declare_prefix(self, s: State, seat: int, card: str) -> list[Any]:
        prefix: list[Any] = super().declare_prefix(s, seat, card)
        if copying(s) and card == "d6_grand_inquisitor":  # G68, ruling B14: the copy's own step 1
            return [("figure", seat), *prefix]
        return prefix

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        super().check_steps(s, seat, card, steps, move)
        if card == "d4_move_grande" and s.grandes[seat] == data.CASTILLO:
            raise illegal(move, N_("your Grande is in the Castillo until the next general scoring"), "G67")

    def carry_out(self, s: State, step: tuple[Any, ...]) -> list[Json] | None:
        match step[0]:
            case "conspiracy":
                return [
                    {"type": "grande_moved", "seat": p, "from": data.AREAS[s.grandes[p]].id, "to": "castillo"}
                    for p in _conspired(s, step[1])
                ]
            case "figure":
                holder = s.church if s.church >= 0 else None
                return [{"type": "figure_passed", "seat": step[1], "from": holder}]  # G40, G70
            case "delay":
                return [
                    {
                        "type": "delayed_marker_placed",
                        "seat": step[1],
                        "card": step[2],
                        "area": data.AREAS[step[3]].id,
                    }
                ]
            case "turn_over":
                return [{"type": "card_turned_over", "seat": step[1], "card": step[3]}]  # G69
        return super().carry_out(s, step)

    # Copies (G68; rulings A14, B14, B16, B32, B34, B35): a copy runs in a frame of its own, a turn-like
    # step of the copier between two turns holding the copied card, with its placement already done.

    def turn_prompt(self, s: State, kind: str) -> str:
        kind = super().turn_prompt(s, kind)
        return "copy_offer" if kind == "turn_step" and copying(s) else kind

    def turn_end(self, s: State, seat: int) -> list[Json]:
        return [] if copying(s) else super().turn_end(s, seat)  # a frame is not a turn (no extras)

    def turn_moves(self, s: State, seat: int) -> list[Json]:
        if copying(s):
            return []  # G68: the frame is the copy only
        out = super().turn_moves(s, seat)
        if s.group is None and _kept(s, seat, TURN_OVER):
            out += [{"type": "use_turn_over", "card": c} for c in turnable(s)]
        return out

    def turn_open(self, s: State, seat: int) -> bool:
        if copying(s):
            return False
        return super().turn_open(s, seat) or bool(_kept(s, seat, TURN_OVER) and turnable(s))

    # The use of a held turn-over card, a turn step (G19 step 4, G69), and of relocation-before-scoring (G73).

    def held_card(self, s: State, seat: int, move: Json) -> str | None:
        if move.get("type") == "relocate_before_scoring":
            return _relocating(s, seat, move)
        return super().held_card(s, seat, move)

    def held_used(
        self, s: State, seat: int, card: str, action: Json, moves: list[Any], void: bool
    ) -> list[Json]:
        """Returns the events of a keeper's answer: up to 2 own caballeros relocated, or none (G73, B33)."""
        g = s.group
        if g is None or g.kind != RBS:
            return super().held_used(s, seat, card, action, moves, void)
        events: list[Json] = [
            {"type": "choices_revealed", "kind": RBS, "choices": [[seat, action]], "context": g.context}
        ]
        if void:  # G82: not used; the card is kept (a use that changes nothing is no use, V2)
            return events
        events.append(
            {
                "type": "caballeros_moved",
                "seat": seat,
                "reason": "move",
                "moves": s.rules.settle(s, seat, moves, "move"),
            }
        )
        events.append({"type": "held_card_used", "seat": seat, "card": card})  # G73: discarded after use
        return events

    def turn_move(self, s: State, seat: int, move: Json) -> list[Json]:
        if move.get("type") != "use_turn_over":
            return super().turn_move(s, seat, move)
        instance = _kept(s, seat, TURN_OVER)
        if not instance:
            raise illegal(move, N_("you hold no turn-over card"), "G69")
        steps, action = _turn_over(s, seat, move)

        vetoers = veto_holders(s, seat)
        declared: Json = {
            "type": "action_declared",
            "seat": seat,
            "card": instance,
            "action": action,
            "steps": len(steps),
            "vetoers": vetoers,
        }  # G69: a special action of 1 step, vetoable (ruling B17)
        return [declared] if vetoers else [declared, *(self.carry_out(s, steps[0]) or [])]

    # Delayed scorings (G72, G76 step 2, G78).

    def between_turns(self, s: State) -> list[Json]:
        out = super().between_turns(s)
        if out:
            return out
        offer = _copy_offer(s)  # G20 step 3, G76 step 1: after the refill and conquest check
        if offer or s.turn_index < len(s.order):
            return offer
        return _delayed_scorings(s, [d for d in s.delayed if d[3] < s.round_index])  # G76 step 2

    def after(self, s: State, e: Json) -> list[Json]:
        out = super().after(s, e)
        if e["type"] == "general_scoring_ended" and s.round_index == len(s.rounds) - 1:
            out += _delayed_scorings(s, list(s.delayed))  # G78: after the final general scoring
        return out

    # Conspired Grandes at the general scoring (G63, G67, G77; ruling A9).

    def castillo_members(self, s: State, members: list[int]) -> list[int]:
        members = super().castillo_members(s, members)
        conspired = [p for p, g in enumerate(s.grandes) if g == data.CASTILLO]
        return sorted(set(members) | set(conspired))

    def disc_regions(self, s: State, kind: str, context: Any, seat: int, regions: list[int]) -> list[int]:
        regions = super().disc_regions(s, kind, context, seat, regions)
        if kind == "castillo_disc" and s.moorish and s.grandes[seat] == data.CASTILLO:  # G77 step 2, G85
            regions = [r for r in regions if r != data.AREA_INDEX["granada"]]
        return regions

    def castillo_exits(self, s: State, discs: dict[int, int]) -> list[Json]:
        out = super().castillo_exits(s, discs)
        return out + [
            {"type": "grande_moved", "seat": p, "from": "castillo", "to": data.AREAS[r].id}
            for p, r in sorted(discs.items())
            if s.grandes[p] == data.CASTILLO
        ]  # G67: the Grande follows his disc, which becomes his home region

    # Relocation before scoring (G73, G77 step 5; rulings B19, B33, B34).

    def before_regions(self, s: State) -> list[Json]:
        out = super().before_regions(s)
        return out or _ask_keeper(s, ())

    def scoring_resume(self, s: State) -> list[Json] | None:
        out = super().scoring_resume(s)
        if out is not None or not s.frame or s.frame[0] != RBS:
            return out
        return _ask_keeper(s, s.frame[1])  # [] when every keeper was asked: the regions are scored

    def bonus(self, s: State, area: int, points: list[int], mode: str) -> None:
        super().bonus(s, area, points, mode)
        if area != data.CASTILLO or data.CASTILLO not in s.grandes:
            return
        leader = sole_leader(s.counts(area))
        if leader is not None and s.grandes[leader] != data.CASTILLO:  # G63 (ruling A8); else R44 paid it
            points[leader] += HOME_BONUS

    def view(self, s: State, out: Json) -> None:
        super().view(s, out)  # G80: frames and copy offers are public
        frame: Json | None = None
        if copying(s):
            frame = {"kind": "copy", "seat": s.turn.seat if s.turn else None, "doubling": s.frame[1]}
        elif s.frame and s.frame[0] == RBS:
            frame = {"kind": RBS, "asked": list(s.frame[1])}
        out["frame"] = frame
        out["copy_offers"] = (
            {"card": s.copy[0], "from": s.copy[1], "asked": list(s.copy[2])} if s.copy else None
        )

    # Folding the held cards, markers and turned cards (G18, G19, G69, G72, G74).

    def fold(self, s: State, e: Json, kw: Json) -> None:
        super().fold(s, e, kw)
        match e["type"]:
            case "action_card_taken":
                if card_id(e["card"]) in HELD:  # G74: kept face up; taking it is the whole action
                    kw["keeps"] = s.keeps + ((e["seat"], e["card"]),)
                    kw["turn"] = replace(kw["turn"], acted=True)
            case "action_declared":
                if s.turn is not None and card_id(e["card"]) in HELD:  # a held card's use (G69)
                    kw["turn"] = replace(kw["turn"], acted=s.turn.acted)
                    kw["keeps"] = tuple(k for k in s.keeps if k[1] != e["card"])  # G69: used, vetoed or not
                    kw["discard"] = s.discard + (e["card"],)
                elif copying(s):
                    kw["frame"] = (COPY, s.frame[1], True)  # G68: the copy is made (even if vetoed)
                elif s.turn is not None:
                    kw["performed"] = e["card"]  # G68: performed unless vetoed from step 1
            case "choices_revealed":
                if e["kind"] == "veto_answer" and e.get("from") == 1 and not copying(s):
                    kw["performed"] = ""  # G68: wholly vetoed, not copyable
            case "copy_offered":
                turn = Turn(seat=e["seat"], stage="step", card=e["card"], placed=True)  # G68: no heads copied
                kw.update(turn=turn, frame=(COPY, e["doubling"], False), since=s.n + 1)
                kw["copy"] = (s.copy[0], s.copy[1], (*s.copy[2], e["seat"]))
            case "decision_opened":
                if e["kind"] == RBS:  # G73: the general scoring waits at step 5
                    kw["frame"] = (RBS, tuple(e["context"]["asked"]))
            case "general_scoring_ended":
                kw["frame"] = None
            case "held_card_used":
                kw["keeps"] = tuple(k for k in s.keeps if k[1] != e["card"])  # G74: discarded when used
                kw["discard"] = s.discard + (e["card"],)
            case "figure_passed":
                kw["church"] = e["seat"]  # G70 step 1
            case "card_turned_over":
                kw["offer"] = tuple(c for c in s.offer if c != e["card"])
                kw["turned"] = s.turned + (e["card"],)
            case "delayed_marker_placed":
                kw["delayed"] = s.delayed + (
                    (e["seat"], e["card"], data.AREA_INDEX[e["area"]], s.round_index),
                )
            case "delayed_marker_removed":
                key = (e["seat"], e["card"], data.AREA_INDEX[e["area"]])
                gone = next((d for d in s.delayed if d[:3] == key), None)
                kw["delayed"] = tuple(d for d in s.delayed if d is not gone)
                if gone is not None and not any(d[1] == e["card"] for d in kw["delayed"]):
                    kw["discard"] = s.discard + (e["card"],)  # G72: afterwards the card is discarded
            case "turn_ended":
                card = s.turn.card if s.turn else ""
                if copying(s):  # G68: the frame closes; the doubling card goes only if a copy was made
                    used = s.frame[1] if s.frame[2] else ""
                    kw.update(frame=None, turn_index=s.turn_index)
                    kw["keeps"] = tuple(k for k in s.keeps if k[1] != used)
                    kw["discard"] = s.discard + ((used,) if used else ())
                    return
                if card and (card_id(card) in HELD or any(d[1] == card for d in s.delayed)):
                    kw["discard"] = s.discard  # G19 step 5: kept, used (discarded then) or a marker
                kw["copy"] = (s.performed, e["seat"], ()) if s.performed else ()
                kw["performed"] = ""
            case "round_ended":
                kw["copy"] = ()
                fixed = self.fixed_cards()
                kw["discard"] = kw.get("discard", s.discard) + tuple(
                    c for c in s.turned if c not in fixed
                )  # G18


def _conspired(s: State, seat: int) -> list[int]:
    """Returns the other players whose Grande conspiracy sends into the Castillo (G67, ruling B15)."""
    return [p for p, g in enumerate(s.grandes) if p != seat and g not in (s.king, data.CASTILLO)]


def copying(s: State) -> bool:
    """Returns whether a copy frame is open (G68)."""
    return bool(s.frame) and s.frame[0] == COPY


def _copy_offer(s: State) -> list[Json]:
    """Returns the next copy offer after a turn: doubling keepers other than its player, clockwise from him
    (G68, ruling B16), one card each (B32); [] when none is left."""
    if not s.copy:
        return []
    card, player, asked = s.copy
    for k in range(1, s.seats):
        p = (player + k) % s.seats
        doubling = _kept(s, p, DOUBLING)
        if doubling and p not in asked:
            return [{"type": "copy_offered", "seat": p, "card": card, "from": player, "doubling": doubling}]
    return []


def _ask_keeper(s: State, asked: tuple[int, ...]) -> list[Json]:
    """Returns the relocation_before_scoring decision of the next keeper not yet asked, in the turn order
    of the round just played (ruling B19), or [] when none is left."""
    order = s.order or tuple(range(s.seats))
    for p in order:
        card = _kept(s, p, RBS_CARD)
        if card and p not in asked:
            return [
                {
                    "type": "decision_opened",
                    "kind": RBS,
                    "members": [p],
                    "context": {"card": card, "asked": [*asked, p]},
                }
            ]
    return []


def _relocating(s: State, seat: int, move: Json) -> str:
    """Returns the keeper's card whose use is asked of `seat` now (G73), or refuses the move."""
    g = s.group
    if g is None or g.kind != RBS or seat not in g.members:
        raise illegal(move, N_("no relocation before scoring is asked of you now"), "G73")
    return str(g.context["card"])


def illegal(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    """Returns the IllegalMove for `move` with a reason citing `rule` (as `turn.illegal`)."""
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


def _kept(s: State, seat: int, card: str) -> str:
    """Returns the first instance of `card` that `seat` keeps, or ""."""
    return next((c for p, c in s.keeps if p == seat and card_id(c) == card), "")


def turnable(s: State) -> list[str]:
    """Returns the offered cards a turn-over may turn: any, while enough stay for those still to choose (B17)."""
    waiting = len(s.order) - s.turn_index - (0 if s.turn is None or s.turn.stage == "card" else 1)
    return list(s.offer) if len(s.offer) - 1 >= waiting else []


def _turn_over(s: State, seat: int, move: Json) -> tuple[list[Step], Json]:
    name = text(move, move.get("card"), "card")
    if card_id(name) not in data.CARD_INDEX:
        raise MalformedMove(
            N_("malformed move {move}: unknown card {name}"), move=repr(move), name=repr(name)
        )
    found = next((c for c in s.offer if c == name or card_id(c) == name), "")
    if not found:
        raise illegal(
            move,
            N_("{name} is not face up in the offer ({offer})"),
            "G69",
            name=name,
            offer=", ".join(s.offer),
        )
    if found not in turnable(s):
        raise illegal(move, N_("fewer face-up cards would remain than players still to choose"), "G69")
    instance = _kept(s, seat, TURN_OVER)
    return [("turn_over", seat, instance, found)], {"card": found}


def _delay(s: State, seat: int, move: Json) -> tuple[list[Step], Json]:
    name = text(move, move.get("area"), "area")
    r = data.AREA_INDEX.get(name, -1)
    if r != data.CASTILLO and r not in s.regions:
        raise MalformedMove(
            N_("malformed move {move}: unknown area {name}"), move=repr(move), name=repr(name)
        )
    if r == data.CASTILLO:
        raise illegal(move, N_("the delayed-scoring marker never lies on the Castillo"), "G72")
    if r == s.king:
        raise illegal(move, N_("the King stands in {name}"), "G72", name=name)
    if not s.rules.scorable(s, r):
        raise illegal(move, N_("{area} is never scored"), "G72", area=data.AREAS[r].id)
    assert s.turn is not None
    return [("delay", seat, s.turn.card, r)], {"area": data.AREAS[r].id}


def _delayed_scorings(s: State, due: list[tuple[int, str, int, int]]) -> list[Json]:
    """Returns the scorings of the markers due, in id order of their regions, each then removed (G76, G78, B18)."""
    out: list[Json] = []
    for seat, card, area, _ in sorted(due, key=lambda d: (d[2], d[3])):
        if pays(s, area):
            out.append(score_event(s, area, "special"))
        out.append(
            {"type": "delayed_marker_removed", "seat": seat, "card": card, "area": data.AREAS[area].id}
        )
    return out
