"""Checks that bad input to decide / legal_moves / parse_move always gets a RuleViolation (design: no 500s)."""

from __future__ import annotations

import copy
import random
from typing import Any

from engine.errors import RuleViolation
from tests.conformance import random_move

from .scenario import G, Table

GARBAGE: list[Any] = [
    None,
    True,
    -1,
    0,
    10**9,
    1.5,
    "",
    "castillo",
    "atlantis",
    [],
    {},
    [1, 2],
    {"a": 1},
    "court",
]


def mutations(move: dict[str, Any], rnd: random.Random) -> list[Any]:
    """Returns broken variants of a legal move: fields dropped, retyped, nested values replaced."""
    out: list[Any] = [None, [], "end_turn", {"type": None}, {"type": "fly"}, {**move, "extra": 1}]
    for key in move:
        out.append({k: v for k, v in move.items() if k != key})
        out += [{**move, key: g} for g in rnd.sample(GARBAGE, 4)]
    for key, value in move.items():
        if isinstance(value, dict):
            out += [{**move, key: {**value, g: 1}} for g in ("atlantis", "castillo", "court")]
            out += [{**move, key: {k: g for k in value}} for g in (0, -3, "2", None, 10**6)]
        if isinstance(value, list) and value:
            bad = copy.deepcopy(value)
            bad[-1] = rnd.choice(GARBAGE)
            out.append({**move, key: bad})
            if isinstance(value[-1], dict):
                for sub in value[-1]:
                    bad = copy.deepcopy(value)
                    bad[-1][sub] = rnd.choice(GARBAGE)
                    out.append({**move, key: bad})
            out.append({**move, key: value * 7})
    return out


def check(fn: Any, *args: Any) -> None:
    """Calls fn(*args); a RuleViolation is fine, any other exception fails the test."""
    try:
        fn(*args)
    except RuleViolation:
        pass


def test_broken_moves_are_refused_with_a_rule_violation() -> None:
    # design.md: bad input gets a clear specific error, never a traceback
    rnd = random.Random(7)
    for seats, seed in ((4, "fuzz-a"), (5, "fuzz-b"), (2, "fuzz-c")):
        t = Table(seats, seed=seed)
        steps = 0
        while G.result(t.state) is None and steps < 400:
            due = sorted(t.due())
            seat = rnd.choice(due)
            move = random_move(G, t.state, seat, rnd)
            if steps % 3 == 0:
                for bad in mutations(move, rnd):
                    for who in (seat, (seat + 1) % seats, -1, "0", None):
                        check(G.decide, t.state, who, bad)
                    check(G.legal_moves, t.state, seat, bad if isinstance(bad, dict) else {"x": bad})
            t.play(seat, move)
            steps += 1


def test_garbage_text_is_refused_by_the_parser() -> None:
    # design.md: parse_move refuses with a RuleViolation
    t = Table(4, seed="parse")
    (seat,) = t.due()
    for text in (
        "",
        "play",
        "play 99",
        "take nothing",
        "move a>b>c",
        "\x00",
        "place castillo:-1",
        "🙂",
        "veto from 0",
    ):
        check(G.parse_move, text, t.state, seat)
