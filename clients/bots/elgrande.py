"""El Grande bots: random, and greedy on immediate majorities from the seat's public view.

The greedy bot values a board by the points each area would give it if scored now (§3:
most caballeros score the first value, second most the second, third the third; tied
players drop to the next value), and picks the move that raises that value most:
placements one caballero at a time, discs for the region that helps (or hurts) least,
scoring cards for the region where it gains most over its best rival. It plays its highest
power card (to act early), takes the action card with the most caballeros, allows vetos.
"""

from __future__ import annotations

from typing import Any

from clients.bots.base import Turn, walk
from clients.bots.random_bot import RandomBot
from clients.python.types import Json

Board = dict[str, list[int]]


def board(view: Json) -> Board:
    """Returns caballeros per seat of every area in the view (Castillo included)."""
    return {area: list(info["caballeros"]) for area, info in view["areas"].items()}


def points(view: Json, counts: list[int], seat: int, area: str) -> int:
    """Returns what `seat` would score in `area` now (§3.2, ties drop to the next value)."""
    mine = counts[seat]
    if mine <= 0:
        return 0
    above = sum(1 for s, n in enumerate(counts) if s != seat and n > mine)
    tied = any(n == mine for s, n in enumerate(counts) if s != seat)
    rank = above + (1 if tied else 0)
    values = view["areas"][area]["values"]
    return int(values[rank]) if rank < len(values) else 0


def value(view: Json, cells: Board, seat: int) -> int:
    """Returns the seat's points over every area of a (hypothetical) board."""
    return sum(points(view, counts, seat, area) for area, counts in cells.items())


def with_added(cells: Board, seat: int, changes: dict[str, int]) -> Board:
    """Returns a copy of the board with `changes` (area -> delta) applied to `seat`."""
    out = {area: list(counts) for area, counts in cells.items()}
    for area, delta in changes.items():
        if area in out:
            out[area][seat] = max(0, out[area][seat] + delta)
    return out


def lead(view: Json, seat: int, area: str) -> int:
    """Returns the seat's points in `area` minus the best rival's."""
    counts = view["areas"][area]["caballeros"]
    rivals = [points(view, counts, s, area) for s in range(len(counts)) if s != seat]
    return points(view, counts, seat, area) - max(rivals, default=0)


class GreedyBot:
    """Chooses the move with the best immediate majority value (see the module docstring)."""

    name = "greedy"

    def __init__(self) -> None:
        self.fallback = RandomBot()

    def choose(self, turn: Turn) -> Json:
        """Returns the greedy move for the prompt."""
        moves = list(turn.legal.moves)
        by_type: dict[str, list[Json]] = {}
        for move in moves:
            by_type.setdefault(move["type"], []).append(move)
        if "place_caballeros" in by_type:
            return self.place(turn, by_type["place_caballeros"][0])
        if "play_power_card" in by_type:
            return max(by_type["play_power_card"], key=lambda m: m["value"])
        if "take_card" in by_type:
            return self.take(turn, by_type["take_card"])
        if "answer_veto" in by_type:
            return next((m for m in by_type["answer_veto"] if m.get("answer") == "allow"), moves[0])
        if "choose_region" in by_type:
            return self.disc(turn, by_type["choose_region"])
        if "declare_action" in by_type or "end_turn" in by_type:
            return self.act(turn, by_type)
        return self.fallback.choose(turn)

    def place(self, turn: Turn, start: Json) -> Json:
        """Returns a placement grown one caballero at a time where it adds the most points."""
        cells = board(turn.view)

        def best(options: list[Json]) -> Json | None:
            scored = [
                (value(turn.view, with_added(cells, turn.seat, o["to"]), turn.seat), o) for o in options
            ]
            return max(scored, key=lambda pair: (pair[0], turn.rnd.random()))[1] if scored else None

        return walk(turn, start, best)

    def take(self, turn: Turn, options: list[Json]) -> Json:
        """Returns the offered card with the most caballeros to place (its `heads`)."""
        heads = {c["card"]: int(c.get("heads", 0)) for c in turn.view.get("offer", [])}
        return max(options, key=lambda m: (heads.get(m["card"], 0), turn.rnd.random()))

    def disc(self, turn: Turn, options: list[Json]) -> Json:
        """Returns the region that helps the seat most (returns: hurts least; scoring: leads most)."""
        cells, kind = board(turn.view), turn.kind
        delta = -2 if kind.startswith("return") else 2

        def gain(move: Json) -> Any:
            region = move["region"]
            if kind == "secret_scoring_disc":
                return lead(turn.view, turn.seat, region)
            return value(turn.view, with_added(cells, turn.seat, {region: delta}), turn.seat)

        return max(options, key=lambda m: (gain(m), turn.rnd.random()))

    def act(self, turn: Turn, by_type: dict[str, list[Json]]) -> Json:
        """Returns a scoring declaration for the region it leads most, else ends the turn."""
        scoring = [m for m in by_type.get("declare_action", []) if isinstance(m.get("area"), str)]
        scoring = [m for m in scoring if m["area"] in turn.view["areas"]]
        if scoring:
            best = max(scoring, key=lambda m: lead(turn.view, turn.seat, m["area"]))
            if lead(turn.view, turn.seat, best["area"]) > 0:
                return best
        if "end_turn" in by_type:
            return by_type["end_turn"][0]
        return by_type["declare_action"][0]
