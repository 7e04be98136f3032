"""Builds El Grande situations for the rule tests and drives them through the public contract.

A `Table` holds a log and its fold. Moves go through `decide` (so they are checked); a
situation is arranged by folding plain fact events of the engine's own types
(`caballeros_moved`, `king_moved`, `grande_moved`, `scoreboard_placed`), as a replayed log
would, and the opening offer can be chosen by rewriting the `round_started` event.
Seats 0-4 are the colours R, B, Y, G, O of the spec's examples.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.errors import RuleViolation

G = engine.get_game("elgrande")
Json = dict[str, Any]
REGIONS = (
    "galicia",
    "basque_country",
    "aragon",
    "catalonia",
    "old_castile",
    "new_castile",
    "valencia",
    "seville",
    "granada",
)
R, B, Y, GR, O = range(5)


class Table:
    """A game under test: its log, its folded state, and helpers to arrange and play."""

    def __init__(self, seats: int = 4, *, seed: str = "scenario", options: Json | None = None) -> None:
        self.events: list[Json] = list(G.setup(seats, options or {}, seed))
        self.state: Any = None
        for event in self.events:
            self.state = G.evolve(self.state, event)

    # -- reading -------------------------------------------------------------------------
    def view(self, seat: Any = "all") -> Json:
        """Returns the contract view for `seat` ("all" by default)."""
        return G.view(self.state, seat)

    def due(self) -> dict[int, Json]:
        """Returns the pending prompts."""
        return G.pending(self.state)

    def kind(self, seat: int) -> str | None:
        """Returns the kind of the prompt `seat` owes, or None."""
        prompt = self.due().get(seat)
        return prompt["kind"] if prompt else None

    def count(self, area: str, seat: int) -> int:
        """Returns how many caballeros of `seat` stand in `area`."""
        return int(self.view()["areas"][area]["caballeros"][seat])

    def legal(self, seat: int, partial: Json | None = None) -> list[Json]:
        """Returns legal_moves for `seat`."""
        return G.legal_moves(self.state, seat, partial)

    # -- playing -------------------------------------------------------------------------
    def play(self, seat: int, move: Json) -> list[Json]:
        """Decides `move` for `seat`, folds and logs the events, and returns them."""
        new = G.decide(self.state, seat, move)
        self.fold(*new)
        return new

    def refuse(self, seat: int, move: Json) -> RuleViolation:
        """Returns the RuleViolation `decide` raises for `move` (fails if it is accepted)."""
        try:
            G.decide(self.state, seat, move)
        except RuleViolation as exc:
            return exc
        raise AssertionError(f"move {move!r} of seat {seat} was accepted")

    def fold(self, *events: Json) -> None:
        """Folds and logs `events`."""
        for event in events:
            self.events.append(event)
            self.state = G.evolve(self.state, event)

    def default(self, seat: int) -> list[Json]:
        """Plays `default_move` for `seat`."""
        return self.play(seat, G.default_move(self.state, seat))

    def bid(self, values: dict[int, int]) -> None:
        """Plays this round's power cards: each seat, when due, plays values[seat] (R11)."""
        while self.view()["phase"] == "bidding":
            (seat,) = self.due()
            self.play(seat, {"type": "play_power_card", "value": values[seat]})

    def take(self, seat: int, card: str) -> list[Json]:
        """Takes `card` (a card id) from the offer."""
        return self.play(seat, {"type": "take_card", "card": card})

    def declare(self, seat: int, **fields: Any) -> list[Json]:
        """Declares the special action of the taken card."""
        return self.play(seat, {"type": "declare_action", **fields})

    def place(self, seat: int, **to: int) -> list[Json]:
        """Places the batch."""
        return self.play(seat, {"type": "place_caballeros", "to": to})

    def end(self, seat: int) -> list[Json]:
        """Ends the turn."""
        return self.play(seat, {"type": "end_turn"})

    def choose(self, seat: int, region: str) -> list[Json]:
        """Sets the secret disc."""
        return self.play(seat, {"type": "choose_region", "region": region})

    # -- arranging (fact events, as in a replayed log) ------------------------------------
    def king(self, region: str) -> None:
        """Puts the King in `region`."""
        self.fold({"type": "king_moved", "from": self.view()["king"], "to": region})

    def grande(self, seat: int, region: str) -> None:
        """Puts `seat`'s Grande in `region`."""
        self.fold({"type": "grande_moved", "seat": seat, "from": self.view()["grandes"][seat], "to": region})

    def scoreboard(self, sb: str, area: str) -> None:
        """Lays scoreboard `sb` on `area`."""
        self.fold(
            {
                "type": "scoreboard_placed",
                "scoreboard": sb,
                "from": self.view()["scoreboards"][sb],
                "to": area,
            }
        )

    def arrange(
        self,
        seat: int,
        board: dict[str, int] | None = None,
        *,
        court: int | None = None,
    ) -> None:
        """Sets `seat`'s caballeros: exactly `board` on the board (others to the province), and the court size."""
        v = self.view()
        moves: list[list[Any]] = []
        for area, info in v["areas"].items():
            if info["caballeros"][seat]:
                moves.append([seat, area, "province", info["caballeros"][seat]])
        if court is not None and v["courts"][seat]:
            moves.append([seat, "court", "province", v["courts"][seat]])
        moves += [[seat, "province", area, k] for area, k in (board or {}).items() if k]
        if court:
            moves.append([seat, "province", "court", court])
        if moves:
            self.fold({"type": "caballeros_moved", "seat": None, "reason": "arrange", "moves": moves})

    def clear(self) -> None:
        """Empties the board of every seat's caballeros (into the provinces)."""
        for seat in range(self.view()["seats"]):
            self.arrange(seat, {})

    def with_offer(self, *cards: str) -> Table:
        """Returns this table with round one's offer replaced by `cards` (card ids; King card added).

        Only valid before anything was played: the `round_started` event is rewritten and refolded.
        """
        events = list(self.events)
        idx = next(i for i, e in enumerate(events) if e["type"] == "round_started")
        offer = [f"{c}.1" if "." not in c else c for c in cards]
        if not any(c.startswith("d5_king") for c in offer):
            offer.append("d5_king.1")
        events[idx] = {**events[idx], "offer": offer}
        self.events, self.state = [], None
        self.fold(*events)
        return self


def table(
    seats: int = 4,
    *cards: str,
    seed: str = "scenario",
    options: Json | None = None,
    bids: dict[int, int] | None = None,
) -> Table:
    """Returns a table in round 1 with the given offer, after bidding so that seat 0 acts first.

    Without `bids`, seat p plays 13 - p (seat 0 first, then 1, 2 ...).
    """
    t = Table(seats, seed=seed, options=options)
    if cards:
        t.with_offer(*cards)
    t.bid(bids or {p: 13 - p for p in range(seats)})
    return t


def events_of(events: list[Json], kind: str) -> list[Json]:
    """Returns the events of one type."""
    return [e for e in events if e["type"] == kind]
