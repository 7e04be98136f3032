"""Answers who owes what now: the prompt of each due seat (§7, R11, R17-R19)."""

from __future__ import annotations

from typing import Any

from engine.elgrande.bidding import next_bidder
from engine.elgrande.state import State

Json = dict[str, Any]

TURN_PROMPTS = {"supplement": "supplement_court", "card": "choose_action_card", "step": "turn_step"}


def _prompt(kind: str, since: int, seat: int, turn_id: str | None = None) -> Json:
    pid = f"{since}:{kind}:{seat}"
    return {"id": pid, "kind": kind, "since": since, "turn": turn_id or pid}


def pending(state: State) -> dict[int, Json]:
    """Returns the prompt each due seat owes now; several seats for a sealed decision (§7)."""
    s = state
    if s.phase == "over":
        return {}
    if s.group is not None:
        g = s.group
        return {m: _prompt(g.kind, g.since, m) for m in g.members if not g.chosen(m)}
    if s.phase == "bidding":
        seat = next_bidder(s)
        return {seat: _prompt("play_power_card", s.since, seat, f"r{s.round}:bid:{seat}")}
    t = s.turn
    if s.phase == "turns" and t is not None and t.stage in TURN_PROMPTS:
        kind: str = s.rules.turn_prompt(s, TURN_PROMPTS[t.stage])
        tid = f"r{s.round}:turn:{t.seat}"
        if kind != TURN_PROMPTS[t.stage]:  # an option's frame is a turn of its own (e.g. a copy, G68)
            tid = f"r{s.round}:{kind}:{t.seat}:{s.turn_index}"
        return {t.seat: _prompt(kind, s.since, t.seat, tid)}
    return {}


def kind_of(state: State, seat: int) -> str | None:
    """Returns the kind of the prompt `seat` owes now, or None (also for anything but an int seat, a bool included).

    The same as `pending(state)[seat]["kind"]` without building every prompt (`decide` and
    `legal_moves` ask it on every call).
    """
    s = state
    if not isinstance(seat, int) or isinstance(seat, bool) or s.phase == "over":
        return None
    if s.group is not None:
        return s.group.kind if seat in s.group.members and not s.group.chosen(seat) else None
    if s.phase == "bidding":
        return "play_power_card" if seat == next_bidder(s) else None
    t = s.turn
    if s.phase == "turns" and t is not None and t.stage in TURN_PROMPTS and t.seat == seat:
        kind: str = s.rules.turn_prompt(s, TURN_PROMPTS[t.stage])
        return kind
    return None
