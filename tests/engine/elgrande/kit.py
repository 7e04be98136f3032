"""Builds El Grande positions for scenario tests and plays moves through the contract."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import engine
from engine.elgrande import data
from engine.elgrande.state import State, Turn, Veto
from tests.conformance import fold

game = engine.get_game("elgrande")
Json = dict[str, Any]
AREA = data.AREA_INDEX


def start(seats: int = 4, seed: str = "kit", **options: Any) -> State:
    """Returns the state right after setup (round one's bidding)."""
    state: State = fold(game, game.setup(seats, options, seed))
    return state


def position(
    s: State,
    board: dict[str, list[int]] | None = None,
    *,
    king: str | None = None,
    court: list[int] | None = None,
    grandes: list[str] | None = None,
    **changes: Any,
) -> State:
    """Returns `s` with the given areas (all others emptied when `board` is given), King, courts, Grandes.

    Provinces are recomputed so that every colour still has 30 caballeros (§1.5).
    """
    rows = [list(r) for r in s.board] if board is None else [[0] * s.seats for _ in data.AREAS]
    for name, counts in (board or {}).items():
        rows[AREA[name]] = list(counts)
    courts = tuple(court) if court is not None else s.court
    province = tuple(data.CABALLEROS - courts[p] - sum(r[p] for r in rows) for p in range(s.seats))
    out = replace(s, board=tuple(tuple(r) for r in rows), court=courts, province=province, **changes)
    if king is not None:
        out = replace(out, king=AREA[king])
    if grandes is not None:
        out = replace(out, grandes=tuple(AREA[g] for g in grandes))
    return out


def at_turn(
    s: State,
    seat: int,
    card: str,
    *,
    order: list[int] | None = None,
    placed: bool = False,
    acted: bool = False,
    vetos: list[tuple[int, int]] = (),  # type: ignore[assignment]
) -> State:
    """Returns `s` in the turn phase with `seat` active, holding `card` (a card id), at turn_step.

    `vetos` lists (holder seat, played-round index taken) pairs of held Veto cards.
    """
    order = order or [seat, *[p for p in range(s.seats) if p != seat]]
    held = tuple(Veto(p, f"d2_veto.{k + 1}", taken) for k, (p, taken) in enumerate(vetos))
    bids = tuple(13 - order.index(p) for p in range(s.seats))
    return replace(
        s,
        phase="turns",
        round_index=max(s.round_index, 0),
        order=tuple(order),
        turn_index=order.index(seat),
        bids=bids,
        turn=Turn(seat=seat, stage="step", card=f"{card}.1", placed=placed, acted=acted),
        vetos=held,
        group=None,
    )


def play(s: State, seat: int, move: Json) -> tuple[State, list[Json]]:
    """Returns the state after `move` and the events it caused."""
    events = game.decide(s, seat, move)
    for event in events:
        s = game.evolve(s, event)
    return s, events


def declare(s: State, seat: int, **fields: Any) -> tuple[State, list[Json]]:
    """Plays a declare_action move with `fields`."""
    return play(s, seat, {"type": "declare_action", **fields})


def types(events: list[Json]) -> list[str]:
    """Returns the event types in order."""
    return [e["type"] for e in events]


def of_type(events: list[Json], kind: str) -> list[Json]:
    """Returns the events of one type."""
    return [e for e in events if e["type"] == kind]


def count(s: State, area: str, seat: int) -> int:
    """Returns how many caballeros `seat` has in `area`."""
    return s.board[AREA[area]][seat]
