"""Kabale & Hiebe bots: greedy on the goal cards it can win by the values it can see.

The greedy bot counts each column's influence per seat from the seat's own view: face-up
cards at their printed value (KC2; a specialist is worth 12 under its own goal kind),
its own face-down cards as it knows them, anyone else's face-down card as an average 8.
It plays the card and column that take the lead on the most valuable goal card for the
least influence spent; if no play takes a lead it dumps its cheapest card where it hurts
least. It hides its best card under a hood and swaps goal cards only towards its leads.
"""

from __future__ import annotations

from clients.bots.base import Turn
from clients.bots.random_bot import RandomBot
from clients.python.types import Json

# KC2: printed values; specialists are 8, or 12 under their own goal kind.
VALUES: dict[str, float] = {
    "king": 20, "queen": 16, "juliet": 14, "explorer": 13, "assassin": 9.5, "storm": 9,
    "magic_hood": 0, "traitor": 10, "musketeers": 11, "wizard": 7, "witch": 1, "prince": 14,
    "page": 2, "hermit": 12, "little_giant": 2, "doppelganger": 0, "dragon": 11, "romeo": 5,
    "beggar": 4,
}  # fmt: skip
SPECIALISTS = {
    "alchemist": "alchemy", "fencing_master": "fencing", "landlord": "agriculture",
    "merchant": "trade", "cardinal": "religion", "minstrel": "music",
}  # fmt: skip
UNKNOWN = 8.0


def card_value(card: str | None, goal_kind: str) -> float:
    """Returns a card's printed influence under a goal of `goal_kind` (unknown cards: 8)."""
    if card is None:
        return UNKNOWN
    if card in SPECIALISTS:
        return 12.0 if SPECIALISTS[card] == goal_kind else 8.0
    return float(VALUES.get(card, UNKNOWN))


def totals(column: Json, seats: int) -> list[float]:
    """Returns each seat's visible influence in a column."""
    out = [0.0] * seats
    for slot in column["slots"]:
        out[slot["seat"]] += card_value(slot.get("card"), column["goal"]["kind"])
        if slot.get("holds"):
            out[slot["seat"]] += card_value(slot.get("hidden"), column["goal"]["kind"])
    return out


def leads(influence: list[float], seat: int) -> bool:
    """Tells whether `seat` has strictly more influence than every rival."""
    rivals = [v for s, v in enumerate(influence) if s != seat]
    return influence[seat] > max(rivals, default=0.0)


class GreedyBot:
    """Plays for the goal cards it can lead by visible values (see the module docstring)."""

    name = "greedy"

    def __init__(self) -> None:
        self.fallback = RandomBot()

    def choose(self, turn: Turn) -> Json:
        """Returns the greedy move for the prompt."""
        moves = list(turn.legal.moves)
        plays = [m for m in moves if m["type"] == "play"]
        if plays:
            return max(plays, key=lambda m: (self.play_score(turn, m), turn.rnd.random()))
        tucks = [m for m in moves if m["type"] == "tuck"]
        if tucks:
            return max(tucks, key=lambda m: VALUES.get(m["card"], 8.0))
        swaps = [m for m in moves if m["type"] == "swap"]
        if swaps:
            return self.swap(turn, swaps, next((m for m in moves if m["type"] == "decline"), swaps[0]))
        return self.fallback.choose(turn)

    def play_score(self, turn: Turn, move: Json) -> float:
        """Returns how good playing `move` looks: goal value won (and kept) minus influence spent."""
        column = turn.view["columns"][move["column"]]
        goal = column["goal"]
        influence = totals(column, turn.view["seats"])
        spent = card_value(move["card"], goal["kind"])
        before = leads(influence, turn.seat)
        influence[turn.seat] += spent
        after = leads(influence, turn.seat)
        gain = 3.0 * goal["value"] if after and not before else (0.5 * goal["value"] if after else 0.0)
        return gain - spent / 10.0 - (0.2 * goal["value"] if before else 0.0)

    def swap(self, turn: Turn, swaps: list[Json], decline: Json) -> Json:
        """Returns the swap that puts the highest goal over a column it leads, or declines."""
        columns = turn.view["columns"]
        mine = next(
            (p.get("column") for p in turn.view.get("prompts", []) if p.get("seat") == turn.seat), None
        )
        if mine is None:
            return decline

        def gain(move: Json) -> float:
            a, b = columns[mine], columns[move["column"]]
            lead_a = leads(totals(a, turn.view["seats"]), turn.seat)
            lead_b = leads(totals(b, turn.view["seats"]), turn.seat)
            return float((lead_a - lead_b) * (b["goal"]["value"] - a["goal"]["value"]))

        best = max(swaps, key=gain)
        return best if gain(best) > 0 else decline
