"""Takes sealed choices (H6, H7) and reveals them together when the last member has chosen.

A veto answer is stored as an integer: 0 = allow, k ≥ 1 = veto_from(k) (M7).
"""

from __future__ import annotations

from typing import Any

from engine.elgrande import actions, cards, data, decisions, groups
from engine.elgrande.emitter import Emitter
from engine.elgrande.moves import integer, items, text
from engine.elgrande.state import Group, State
from engine.elgrande.turn import illegal
from engine.errors import MalformedMove
from engine.i18n import N_

Json = dict[str, Any]


def choose(em: Emitter, seat: int, kind: str, move: Json) -> None:
    """Records `seat`'s sealed choice; the last one triggers the reveal (§7)."""
    g = em.state.group
    assert g is not None
    choice = _checked(em.state, g, seat, move)
    em.emit({"type": "choice_made", "kind": g.kind, "seat": seat, "choice": choice})
    if all(em.state.group is not None and em.state.group.chosen(m) for m in g.members):
        reveal(em)


def _checked(s: State, g: Group, seat: int, move: Json) -> Any:
    own = s.rules.check_choice(s, g.kind, g.context, seat, move)
    if own is not None:  # an option's own decision
        return own
    if move["type"] == "answer_veto":
        return veto_answer(g, move)
    if move["type"] == "return_caballeros":
        raw = items(move, move["sources"], "sources")
        sources = sorted((text(move, x, "source") for x in raw), key=_source_key)
        if sources not in groups.king_returns_options(s, seat):
            raise illegal(
                move,
                N_("return exactly min(3, available) of your caballeros from court or open regions"),
                "M6",
            )
        return sources
    if "sources" in move:
        raise illegal(move, N_("only the expansion's returns name caballero states"), "G81")
    region = text(move, move["region"], "region")
    if region not in data.AREA_INDEX:
        raise MalformedMove(
            N_("malformed move {move}: unknown region {region}"), move=repr(move), region=repr(region)
        )
    legal = groups.legal_choices(s, g.kind, g.context, seat)
    if region not in legal:
        raise illegal(
            move,
            N_("{region} is not a legal {kind} choice; legal: {legal}"),
            _RULES.get(g.kind, "§7"),
            region=region,
            kind=g.kind,
            legal=", ".join(legal),
        )
    return region


_RULES = {
    "castillo_disc": "R36",
    "eviction_disc": "X23",
    "return_two_disc": "X20",
    "return_all_disc": "M4",
    "secret_scoring_disc": "M5",
    "setup_disc": "G16",
}


def _source_key(name: str) -> int:
    return -1 if name == "court" else data.AREA_INDEX.get(name, 99)


def veto_answer(g: Group, move: Json) -> int:
    """Returns the checked veto answer: 0 = allow, k = veto_from(k) (V4)."""
    answer = text(move, move["answer"], "answer")
    steps = int(g.context["steps"])
    if answer == "allow" and "from" not in move:
        return 0
    if answer != "veto":
        raise MalformedMove(N_("malformed move {move}: answer is 'allow' or 'veto'"), move=repr(move))
    k = integer(move, move.get("from", 1), "from")
    if not 1 <= k <= steps:
        raise illegal(move, N_("veto_from(k) needs 1 ≤ k ≤ {steps}"), "V4", steps=steps)
    return k


def reveal(em: Emitter) -> None:
    """Publishes every choice of the open group at once, then applies them (H6, R32, V10)."""
    g = em.state.group
    assert g is not None
    choices = sorted([list(c) for c in g.forced + g.choices])
    if g.kind == "veto_answer":
        _resolve_veto(em, g, choices)
        return
    em.emit({"type": "choices_revealed", "kind": g.kind, "choices": choices, "context": g.context})
    decisions.apply(em, g.kind, g.context, choices)


def _resolve_veto(em: Emitter, g: Group, choices: list[list[Any]]) -> None:
    s = em.state
    assert s.turn is not None
    declared = g.context
    vetoes = [(k, p) for p, k in choices if k]
    event: Json = {"type": "choices_revealed", "kind": "veto_answer", "choices": choices}
    upto = declared["steps"]
    if vetoes:
        upto = min(k for k, _ in vetoes) - 1  # V5: the smallest k applies
        vetoer = _first_in_cycle(s, [p for k, p in vetoes if k == upto + 1])
        spent = min((v for v in s.vetos if v.seat == vetoer), key=lambda v: v.taken).card  # V9
        event.update({"vetoed_by": vetoer, "from": upto + 1, "spent": spent})
    em.emit(event)
    move = {"type": "declare_action", **declared["action"]}
    plan = cards.plan(em.state, declared["seat"], move, replan=True, instance=declared["card"])
    actions.execute(em, plan.steps[:upto])  # V6: steps 1 … k−1


def _first_in_cycle(s: State, seats: list[int]) -> int:
    """Returns the seat first in turn order counted from the player after the active one (V5)."""
    assert s.turn is not None
    i = s.order.index(s.turn.seat)
    cycle = s.order[i + 1 :] + s.order[:i]
    return next(p for p in cycle if p in seats)
