"""Chooses the auto-pass move for every prompt (§8, D1-D15), from public and own information only."""

from __future__ import annotations

from typing import Any

from engine.elgrande import data, groups, scoring
from engine.elgrande.bidding import legal_bids
from engine.elgrande.prompts import kind_of
from engine.elgrande.scores import score_event
from engine.elgrande.state import State
from engine.errors import NotYourTurn
from engine.i18n import N_

Json = dict[str, Any]


def default_move(state: State, seat: int) -> Json:
    """Returns the least harmful legal move for `seat`'s due prompt, flagged `default` (D15)."""
    kind = kind_of(state, seat)
    if kind is None:
        raise NotYourTurn(N_("seat {seat} owes no decision now"), seat=repr(seat))
    return {**_move(state, seat, kind), "default": True}


def _move(s: State, seat: int, kind: str) -> Json:
    match kind:
        case "play_power_card":
            return {"type": "play_power_card", "value": min(legal_bids(s, seat))}  # D1
        case "supplement_court":
            return {"type": "supplement_court", "from": {}}  # D2
        case "choose_action_card":
            card = min(s.offer, key=lambda c: (data.card_of(c).heads, data.card_of(c).stack))  # D4
            return {"type": "take_card", "card": card}
        case "turn_step" | "copy_offer":
            return {"type": "end_turn"}  # D5, D14; G82: a copy offer is declined, the card kept
        case "veto_answer":
            return {"type": "answer_veto", "answer": "allow"}  # D6
        case "relocation_before_scoring":
            return {"type": "relocate_before_scoring", "moves": []}  # G82: not used; the card is kept
    assert s.group is not None
    own: Json | None = s.rules.default_choice(s, kind, s.group.context, seat)
    if own is not None:  # an option's own decision, or its own answer to a base one
        return own
    if kind == "king_returns_choice":
        return {"type": "return_caballeros", "sources": groups.king_returns_default(s, seat)}  # D11
    legal = groups.legal_choices(s, kind, s.group.context, seat)
    return {"type": "choose_region", "region": _disc(s, seat, kind, legal)}


def _disc(s: State, seat: int, kind: str, legal: list[str]) -> str:
    idx = [data.AREA_INDEX[r] for r in legal]
    match kind:
        case "return_two_disc":
            return data.AREAS[max(idx, key=lambda r: (s.takeable(seat, r), -r))].id  # D9
        case "return_all_disc":
            return data.AREAS[min(idx, key=lambda r: (s.takeable(seat, r), r))].id  # D10
        case "secret_scoring_disc":
            best = max(idx, key=lambda r: (_secret_points(s, r, seat), -r))  # D12
            return data.AREAS[best].id
    for r in idx:  # D7, D8: first region where the seat is sole leader, else the first legal one
        if scoring.sole_leader(s.counts(r)) == seat:
            return data.AREAS[r].id
    return legal[0]


def _secret_points(s: State, region: int, seat: int) -> int:
    """Returns what `seat` would get if `region` alone were scored now: nothing where it is never scored (D12, O-G3)."""
    if not s.rules.scorable(s, region):
        return 0
    points: int = score_event(s, region, "special")["points"][seat]
    return points
