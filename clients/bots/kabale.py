"""Kabale & Hiebe bots: a one-ply lookahead over the seat's own picture of the columns.

The greedy bot sees only its seat's view (and the public rules): its hand, its own face-down
cards, face-up cards, discard piles. For every legal move it applies the move to a model of
the columns built from that view, resolves each column as the rules do at round end (KA9-
KA24: Musketeers, Wizard, Witch, Prince + Page, Romeo, Hermit, Little Giant, Doppelganger,
Dragon, Beggar) with every unknown card at the average value of its owner's unseen cards,
and turns each seat's total into a chance of winning the goal card, less sure while the
column has room for more cards. A move is worth the goal points it is expected to gain
(a goal kind it still lacks counts more, for the set score, K20) less the worth of the card
spent, so strong cards wait for columns about to fill. A face-down card it reveals may be
an Assassin, an Explorer, a Storm (KA3-KA5), weighed by the chance of each among the
owner's unseen cards. Hood tucks and Traitor swaps (KD2, KD3) are judged the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from clients.bots.base import Turn
from clients.bots.random_bot import RandomBot
from clients.python.types import Json

# KC2: printed values; specialists are 8, or 12 under their own goal kind (KA8).
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
DECK: tuple[str, ...] = (*VALUES, *SPECIALISTS)
# What a card in hand is worth keeping, in influence points (abilities make some worth more).
WORTH: dict[str, float] = {**VALUES, "magic_hood": 6, "doppelganger": 8, "little_giant": 8, "romeo": 6}
UNKNOWN = 8.0
SPREAD = 9.0  # influence one more card may add to somebody's total
LAMBDA = 0.035  # goal points one influence point of a hand card is worth keeping
SET_BONUS = 1.0  # extra goal points of a kind not yet won (K20)


def card_value(card: str | None, goal_kind: str) -> float:
    """Returns a card's printed influence under a goal of `goal_kind` (unknown cards: 8)."""
    if card is None:
        return UNKNOWN
    if card in SPECIALISTS:
        return 12.0 if SPECIALISTS[card] == goal_kind else 8.0
    return float(VALUES.get(card, UNKNOWN))


@dataclass(frozen=True, slots=True)
class Seen:
    """A slot as the bot sees it: owner, card (None if unknown), face up, a hood's card."""

    seat: int
    card: str | None
    up: bool
    hidden: str | None = None
    holds: bool = False

    @property
    def face(self) -> str | None:
        """Returns the card whose value the slot takes: a hood's hidden card (KA15), None if unknown."""
        if self.card == "magic_hood" and self.holds:
            return self.hidden
        return self.card


@dataclass(frozen=True, slots=True)
class Col:
    """A column as the bot sees it."""

    kind: str
    value: int
    closed: bool
    slots: tuple[Seen, ...]

    @property
    def full(self) -> bool:
        """Tells whether the column is full (K10)."""
        return self.closed or len(self.slots) >= self.value


@dataclass(frozen=True, slots=True)
class Board:
    """What the bot knows: its seat, the columns, each seat's unseen cards, its won goal kinds, the round."""

    seat: int
    seats: int
    cols: tuple[Col, ...]
    unseen: tuple[tuple[str, ...], ...]
    won: frozenset[str]
    last_round: bool


def read_board(view: Json, seat: int) -> Board:
    """Returns the bot's model of `view`: only what `seat` may see (KH1-KH11)."""
    cols = tuple(
        Col(
            c["goal"]["kind"],
            c["goal"]["value"],
            c["closed"],
            tuple(
                Seen(s["seat"], s.get("card"), s["up"], s.get("hidden"), bool(s.get("holds")))
                for s in c["slots"]
            ),
        )
        for c in view["columns"]
    )
    me = view["players"][seat]
    unseen = []
    for p in view["players"]:
        gone = list(p["discard"]) + [
            x for c in cols for s in c.slots if s.seat == p["seat"] for x in (s.card, s.hidden) if x
        ]
        if p["seat"] == seat:
            gone += me.get("hand", [])
        pool = list(DECK)
        for card in gone:
            if card in pool:
                pool.remove(card)
        unseen.append(tuple(pool))
    won = frozenset(g.rsplit("_", 1)[0] for g in me.get("won", []))
    return Board(seat, view["seats"], cols, tuple(unseen), won, view["round"] >= 6)


def mean_unknown(board: Board, seat: int, kind: str) -> float:
    """Returns the average value of `seat`'s unseen cards under a goal of `kind`."""
    pool = board.unseen[seat]
    return sum(card_value(c, kind) for c in pool) / len(pool) if pool else UNKNOWN


def chance(board: Board, seat: int, card: str) -> float:
    """Returns the chance that an unknown face-down card of `seat` is `card`."""
    pool = board.unseen[seat]
    return pool.count(card) / len(pool) if pool else 0.0


def judged(face: str | None, kind: str) -> float | None:
    """Returns the value the Wizard and the Witch judge (KA11), None for an unknown card."""
    return None if face is None or face == "doppelganger" else card_value(face, kind)


def wizard(slots: list[Seen], kind: str) -> list[Seen]:
    """Returns the slots left after a lone Wizard removes every known card judged 10 or more (KA12)."""
    out = []
    for s in slots:
        if (judged(s.card, kind) or 0) >= 10:
            continue
        hood = s.card == "magic_hood" and (judged(s.hidden, kind) or 0) >= 10
        out.append(replace(s, holds=False, hidden=None) if hood else s)
    return out


def witch(slots: list[Seen], kind: str) -> list[Seen]:
    """Returns the slots left after a lone Witch removes every other known card judged 9 or less (KA13)."""
    out = []
    for s in slots:
        j = judged(s.face, kind)
        if s.card == "witch" or (s.face != "magic_hood" and (j is None or j > 9)):
            out.append(Seen(s.seat, s.face, s.up) if s.card == "magic_hood" else s)  # KR30
    return out


def sorcery(slots: list[Seen], kind: str) -> list[Seen]:
    """Returns the slots left after a lone Wizard (KA12), then a lone Witch (KA13); pairs cancel (KR2)."""
    faces = [x for s in slots for x in (s.card, s.hidden) if x]
    if faces.count("wizard") == 1:
        slots = wizard(slots, kind)
    if faces.count("witch") == 1:
        slots = witch(slots, kind)
    return slots


def values(board: Board, col: Col, slots: list[Seen], abilities: bool) -> list[float]:
    """Returns each slot's expected final value (KA15-KA21), unknown cards at their owner's average."""
    final = len(slots) if col.full else max(len(slots), col.value)
    out: list[float] = []
    for s in slots:
        face = s.face
        if face is None:
            v = mean_unknown(board, s.seat, col.kind)
        elif face == "magic_hood":
            v = 0.0
        elif face == "doppelganger":
            v = -1.0  # filled in below (KA19)
        elif (
            abilities
            and face == "romeo"
            and any(q.seat == s.seat and "juliet" in (q.card, q.hidden) for q in slots)
        ):
            v = 15.0
        elif abilities and face == "hermit":
            v = 12.0 - (final - 1)
        elif abilities and face == "little_giant":
            v = 2.0 + 3 * (final - 1)
        else:
            v = card_value(face, col.kind)
        out.append(v)
    for k in range(len(slots) - 1, -1, -1):
        if slots[k].face == "doppelganger":
            below = out[k + 1] if k + 1 < len(slots) else (UNKNOWN if not col.full else 0.0)
            out[k] = below if abilities else 0.0
    if abilities:
        for k, s in enumerate(slots):
            dragons = sum(1 for q in slots if q.seat != s.seat and "dragon" in (q.card, q.hidden))
            out[k] -= 2 * dragons
    return [max(0.0, v) for v in out]


def win_chances(board: Board, col: Col) -> list[float]:
    """Returns each seat's chance of winning the column's goal card (KA9-KA24), by the bot's model."""
    slots = list(col.slots)
    faces = [x for s in slots for x in (s.card, s.hidden) if x]
    abilities = "musketeers" not in faces  # KA10
    if abilities:
        slots = sorcery(slots, col.kind)
        for seat in range(board.seats):  # KA14
            own = {x for s in slots if s.seat == seat for x in (s.card, s.hidden)}
            if {"prince", "page"} <= own:
                return [1.0 if s == seat else 0.0 for s in range(board.seats)]
    beggar = abilities and "beggar" in faces
    totals = [0.0] * board.seats
    for s, v in zip(slots, values(board, col, slots, abilities)):
        totals[s.seat] += v
    present = {s.seat for s in slots}
    open_ = not col.closed
    candidates = [s for s in range(board.seats) if s in present or (open_ and not beggar)]
    unknown = sum(1 for s in slots if s.face is None)
    room = max(0, col.value - len(slots)) + (0.7 if open_ else 0.0)
    sd = math.sqrt(16.0 * unknown + SPREAD**2 * room) + 1.0
    sign = -1.0 if beggar else 1.0
    raw = []
    for s in range(board.seats):
        if s not in candidates:
            raw.append(0.0)
            continue
        p = 1.0
        for r in candidates:
            if r != s:
                p /= 1.0 + math.exp(-1.7 * sign * (totals[s] - totals[r]) / sd)
        raw.append(p)
    norm = sum(raw) or 1.0
    return [p / norm for p in raw]


def worth(board: Board) -> float:
    """Returns the goal points the bot expects over the other seats' average, column by column."""
    total = 0.0
    others = max(1, board.seats - 1)
    for col in board.cols:
        p = win_chances(board, col)
        mine = col.value + (SET_BONUS if col.kind not in board.won else 0.0)
        total += mine * p[board.seat] - col.value * (1.0 - p[board.seat]) / others
    return total


def with_col(board: Board, k: int, col: Col) -> Board:
    """Returns the board with column k replaced."""
    return replace(board, cols=board.cols[:k] + (col,) + board.cols[k + 1 :])


def explore(board: Board, k: int, seat: int) -> Board:
    """Returns the board after an Explorer of `seat` leaves column k's bottom for the next open column (KA3)."""
    col = board.cols[k]
    board = with_col(board, k, replace(col, slots=col.slots[:-1]))
    for step in range(1, board.seats):
        t = (k + step) % board.seats
        if not board.cols[t].closed:
            target = board.cols[t]
            return with_col(board, t, replace(target, slots=(*target.slots, Seen(seat, "explorer", False))))
    return with_col(board, k, col)


def outcomes(board: Board, card: str, k: int) -> list[tuple[float, Board]]:
    """Returns the boards `card` played into column k may lead to, with their chances (K8, KA3-KA7)."""
    col = board.cols[k]
    mine = Seen(board.seat, card, False)
    played = with_col(board, k, replace(col, slots=(*col.slots, mine)))
    if not col.slots or col.slots[-1].up:
        return [(1.0, played)]
    bottom = col.slots[-1]
    shown = replace(bottom, up=True)
    if bottom.card is not None:
        return [(1.0, reveal(board, k, shown, mine, bottom.card))]
    outs: list[tuple[float, Board]] = []
    rest = 1.0
    for ability in ("assassin", "explorer", "storm"):
        p = chance(board, bottom.seat, ability)
        if p > 0:
            outs.append((p, reveal(board, k, replace(shown, card=ability), mine, ability)))
            rest -= p
    return [(rest, played), *outs]


def reveal(board: Board, k: int, shown: Seen, mine: Seen, card: str) -> Board:
    """Returns the board after `mine` is played under a face-down card that turns out to be `card`."""
    col = board.cols[k]
    base = col.slots[:-1] + (shown,)
    if card == "assassin":  # KA4
        return with_col(board, k, replace(col, slots=base))
    if card == "storm":  # KA5
        return with_col(board, k, replace(col, closed=True, slots=(*base, mine)))
    board = with_col(board, k, replace(col, slots=(*base, mine)))
    if card == "explorer":  # KA3: it leaves from above the card that revealed it
        slots = board.cols[k].slots
        moved = replace(board.cols[k], slots=(*slots[:-2], slots[-1], slots[-2]))
        return explore(with_col(board, k, moved), k, shown.seat)
    return board


def hand_cost(board: Board, card: str) -> float:
    """Returns the goal points that spending `card` from the hand gives up."""
    return LAMBDA * WORTH.get(card, UNKNOWN) * (0.3 if board.last_round else 1.0)


def bonus(board: Board, card: str, k: int) -> float:
    """Returns the worth of a card's own on-reveal ability once it lies at the bottom of column k."""
    col = board.cols[k]
    room = not col.full
    if card == "assassin" and room:
        return 0.5  # KA4: a trap for the next card played here
    if card == "magic_hood" and room:
        return 0.4  # KA6: a free tuck when somebody plays under it
    if card == "storm":
        return 0.2
    return 0.0


class GreedyBot:
    """Plays the move whose outcome its model values most (see the module docstring)."""

    name = "greedy"

    def __init__(self) -> None:
        self.fallback = RandomBot()

    def choose(self, turn: Turn) -> Json:
        """Returns the best move for the prompt by a one-ply lookahead."""
        moves = list(turn.legal.moves)
        board = read_board(turn.view, turn.seat)
        if any(m["type"] == "play" for m in moves):
            return max(moves, key=lambda m: (self.play_score(board, m), -moves.index(m)))
        prompt = next((p for p in turn.view.get("prompts", []) if p.get("seat") == turn.seat), None)
        if prompt is None or "column" not in prompt:
            return self.fallback.choose(turn)
        column = prompt["column"]
        if any(m["type"] == "tuck" for m in moves):
            return max(moves, key=lambda m: (self.tuck_score(board, column, m), -moves.index(m)))
        return max(moves, key=lambda m: (self.swap_score(board, column, m), -moves.index(m)))

    def play_score(self, board: Board, move: Json) -> float:
        """Returns the expected goal points after playing `move`, less the card's worth kept in hand."""
        card, k = move["card"], move["column"]
        got = sum(p * worth(b) for p, b in outcomes(board, card, k))
        return got + bonus(board, card, k) - hand_cost(board, card)

    def tuck_score(self, board: Board, column: int, move: Json) -> float:
        """Returns the worth of hiding `move`'s card under the hood in `column` (KA6), then drawing."""
        if move["type"] != "tuck":
            return worth(board)
        col = board.cols[column]
        slots = list(col.slots)
        at = max(i for i, s in enumerate(slots) if s.seat == board.seat and s.card == "magic_hood" and s.up)
        slots[at] = replace(slots[at], holds=True, hidden=move["card"])
        after = with_col(board, column, replace(col, slots=tuple(slots)))
        return worth(after) - hand_cost(board, move["card"]) + LAMBDA * UNKNOWN

    def swap_score(self, board: Board, column: int, move: Json) -> float:
        """Returns the worth of swapping the goal cards of `column` and `move`'s column (KA7)."""
        if move["type"] != "swap":
            return worth(board) + 0.01
        a, b = board.cols[column], board.cols[move["column"]]
        swapped = with_col(board, column, replace(a, kind=b.kind, value=b.value))
        swapped = with_col(swapped, move["column"], replace(b, kind=a.kind, value=a.value))
        return worth(swapped)
