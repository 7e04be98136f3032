"""Answers who bids next, which power cards are legal, and what a bid records (R11-R13)."""

from __future__ import annotations

from typing import Any

from engine.elgrande.state import State

Json = dict[str, Any]


def next_bidder(s: State) -> int:
    """Returns the seat that plays the next power card (R11: start player, then clockwise)."""
    done = sum(1 for b in s.bids if b)
    return (s.start_player + done) % s.seats


def legal_bids(s: State, seat: int) -> tuple[int, ...]:
    """Returns the values `seat` may play: in hand and not yet played this round (R11)."""
    return tuple(v for v in s.hands[seat] if v not in s.bids)


def bid_event(s: State, seat: int, value: int) -> Json:
    """Returns the power_card_played event; the last bid fixes the turn order (R13)."""
    event: Json = {"type": "power_card_played", "seat": seat, "value": value}
    if sum(1 for b in s.bids if b) == s.seats - 1:
        bids = s.bids[:seat] + (value,) + s.bids[seat + 1 :]
        event["order"] = sorted(range(s.seats), key=lambda p: -bids[p])
    return event
