"""Twin games: the same seed and the same steps as an original game, and other hidden facts.

A twin's setup differs from its original's in hidden facts only. Kabale: two cards of one seat's
(the holder's) deck trade places, one from its starting hand and one deep in its draw pile (one
that acts when revealed, if there is one). El Grande: in each action stack two cards of rounds
4 to 9 trade places, and two unused region cards too. The twin then plays every step of its
original, the holder's moves mapped (the traded cards; in El Grande another sealed choice or
taken-back card where the holder has one). While the engine says a viewer knows exactly the
same of both games (every view and every redacted event equal so far), everything that viewer
gets from the two games must be equal once values that differ between any two games are masked
(game ids, hashes, signatures, credentials, MIME boundaries), and of equal size: any other
difference is a function of a hidden fact. This covers what the other checks cannot attribute:
problem details, dry runs, batches, texts, emails, headers, sizes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.contract import Json
from engine.kabale.cards import ON_REVEAL
from tests.leaks.collect import Item
from tests.leaks.report import Tally
from tests.leaks.table import Step, Table
from tests.leaks.truth import Truth

MASKS = (
    (re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])"), "<hash>"),
    (re.compile(r"eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+"), "<jws>"),
    (re.compile(r"<[0-9a-f]{40}@"), "<message-id@"),
    (re.compile(r"r-[a-z2-7]{26}@"), "r-<reply>@"),
    (re.compile(r"/unsubscribe/[^\s\"'<>]+"), "/unsubscribe/<token>"),
    (re.compile(r"/language/[^\s\"'<>]+"), "/language/<token>"),
    (re.compile(r"#k=[A-Za-z0-9_.\-]+"), "#k=<token>"),
    (re.compile(r"=+[0-9]{6,}=+"), "<boundary>"),
    (re.compile(r"^Date: .*$", re.MULTILINE), "Date: <date>"),
)
SEALED_MOVES = ("choose_region", "answer_veto", "return_caballeros")


@dataclass
class Twin:
    """How a twin differs from its original: its setup change and its holder's move mapping."""

    holder: int
    patch: Callable[[list[Json]], list[Json]]
    cards: dict[str, str] = field(default_factory=dict)  # Kabale: the traded cards, both ways

    def mirror(self, step: Step, twin: Table) -> Step:
        """Returns the twin's step for the original's `step`."""
        if step.kind != "move" or step.seat != self.holder or step.move is None:
            return replace(step, key="")
        move = dict(step.move)
        if "card" in move and twin.name == "kabale":
            move["card"] = self.cards.get(move["card"], move["card"])
        elif move["type"] in SEALED_MOVES or (move["type"] == "declare_action" and "value" in move):
            move = _other_choice(twin, step.seat, move)
        return replace(step, move=move, key="")


def _other_choice(twin: Table, seat: int, move: Json) -> Json:
    """Returns another legal move of the same kind for the holder's sealed decision, if there is one."""
    legal = [m for m in twin.legal(seat).get("moves", []) if m.get("type") == move["type"] and m != move]
    legal = [m for m in legal if move["type"] != "declare_action" or "value" in m]
    return legal[0] if legal else move


def twin_of(game: str, seats: int, rnd: random.Random) -> Twin:
    """Returns the hidden-fact change of a twin of a `game` of `seats`."""
    holder = rnd.randrange(seats)
    if game == "kabale":
        twin = Twin(holder, lambda events: events)
        twin.patch = lambda events: _kabale(events, twin, rnd)
        return twin
    return Twin(holder, lambda events: _elgrande(events, seats, rnd))


def _kabale(events: list[Json], twin: Twin, rnd: random.Random) -> list[Json]:
    out = [dict(e) for e in events]
    deck = next(e for e in out if e["type"] == "deck_shuffled" and e["seat"] == twin.holder)
    order = list(deck["order"])
    deep = [j for j in range(12, len(order)) if order[j] in ON_REVEAL] or list(range(12, len(order)))
    i, j = rnd.randrange(3), rnd.choice(deep)
    order[i], order[j] = order[j], order[i]
    twin.cards = {order[i]: order[j], order[j]: order[i]}
    deck["order"] = order
    drawn = next(e for e in out if e["type"] == "cards_drawn" and e["seat"] == twin.holder)
    drawn["cards"] = order[: len(drawn["cards"])]
    return out


def _elgrande(events: list[Json], seats: int, rnd: random.Random) -> list[Json]:
    first = dict(events[0])
    stacks = {k: list(v) for k, v in first["stacks"].items()}
    for order in stacks.values():  # cards from round 4 on: the twins stay alike for three rounds
        if len(order) >= 5:
            i, j = rnd.sample(range(3, len(order)), 2)
            order[i], order[j] = order[j], order[i]
    cards = list(first["region_cards"])
    unused = list(range(1 + seats, len(cards)))
    if len(unused) >= 2:
        i, j = unused[:2]
        cards[i], cards[j] = cards[j], cards[i]
    first["stacks"], first["region_cards"] = stacks, cards
    return [first, *events[1:]]


@dataclass
class Equivalence:
    """Tells up to which version each viewer knows the same of a game and its twin (per the engine)."""

    a: Truth
    b: Truth
    upto: dict[Any, int] = field(default_factory=dict)  # viewer -> the last version known alike
    parted: set[Any] = field(default_factory=set)  # viewers that know a difference

    def equal(self, viewer: Any, version: int) -> bool:
        """Tells whether `viewer` knows the same of both games at every version up to `version`."""
        start = self.upto.get(viewer, 0)
        if viewer in self.parted or version > min(self.a.version, self.b.version):
            return False
        for v in range(start + 1, version + 1):
            if not self._same(viewer, v):
                self.parted.add(viewer)
                return False
            self.upto[viewer] = v
        return True

    def _same(self, viewer: Any, v: int) -> bool:
        x, y = self.a.envs[v - 1], self.b.envs[v - 1]
        if (x["kind"], x["actor"], x["t"]) != (y["kind"], y["actor"], y["t"]):
            return False
        if self.a.redacted(x, viewer) != self.b.redacted(y, viewer):
            return False
        if not self.a.move_hidden(v, viewer) and x.get("cause") != y.get("cause"):
            return False
        x_state, y_state = self.a.states[v], self.b.states[v]
        if x_state is None or y_state is None:
            return x_state is y_state
        return bool(self.a.engine.view(x_state, viewer) == self.b.engine.view(y_state, viewer))


def mask(text: str, table: Table) -> str:
    """Returns `text` with what differs between any two games replaced by placeholders."""
    text = text.replace(table.gid, "<game>").replace(table.label, "<label>")
    for pattern, placeholder in MASKS:
        text = pattern.sub(placeholder, text)
    for _, cred in table.creds:
        text = text.replace(cred, "<credential>")
    return text


def compare(a: list[Item], b: list[Item], ta: Table, tb: Table, tally: Tally) -> None:
    """Checks that twin answers are equal (masked) and of equal size, header by header."""
    if [x.where for x in a] != [y.where for y in b]:
        tally.check("twin", False, f"different answers asked: {[x.where for x in a][:3]}…")
        return
    for x, y in zip(a, b, strict=True):
        who = f"{x.viewer.name} {x.where} at v{x.version}"
        size = len(x.body) == len(y.body) and x.headers.get("Content-Length") == y.headers.get(
            "Content-Length"
        )
        tally.check("size", size, f"{who}: {len(x.body)} vs {len(y.body)} bytes")
        head_x = {k: mask(v, ta) for k, v in x.headers.items() if k != "Date"}
        head_y = {k: mask(v, tb) for k, v in y.headers.items() if k != "Date"}
        tally.check("size", head_x == head_y, f"{who}: headers {head_x} vs {head_y}")
        tx, ty = mask(x.text, ta), mask(y.text, tb)
        tally.check("twin", x.status == y.status and tx == ty, f"{who}: {_difference(tx, ty)}")


def _difference(x: str, y: str) -> str:
    """Returns the first place two texts differ, with some context."""
    i = next((k for k, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    return f"…{x[max(0, i - 60) : i + 60]!r} vs …{y[max(0, i - 60) : i + 60]!r}"
