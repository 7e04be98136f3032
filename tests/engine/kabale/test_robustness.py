"""Bad input never escapes as a raw Python exception (contract: only RuleViolation refusals)."""

from __future__ import annotations

import random
import string

from engine.errors import RuleViolation
from tests.conformance import fold
from tests.engine.kabale.helpers import GAME

VALUES = [None, True, False, 0, 1, -1, 2**70, 1.5, "", "king", "0", [], ["king"], {}, {"a": 1}, "x" * 1000]
KEYS = ["type", "card", "column", "default", "complete", "seat"]
TYPES = ["play", "tuck", "swap", "decline", "PLAY", "", None, 3]


def _garbage(rnd: random.Random) -> object:
    if rnd.random() < 0.1:
        return rnd.choice(VALUES)
    move = {k: rnd.choice(VALUES) for k in rnd.sample(KEYS, rnd.randint(0, 4))}
    move["type"] = rnd.choice(TYPES)
    return move


def test_decide_refuses_garbage_with_rule_violations_only():
    state = fold(GAME, GAME.setup(3, {}, "fuzz"))
    rnd = random.Random(7)
    for _ in range(3000):
        seat = rnd.choice([0, 1, 2, 3, -1, True, None, "0"])
        try:
            GAME.decide(state, seat, _garbage(rnd))
        except RuleViolation as exc:
            assert exc.code in {"malformed-move", "illegal-move", "not-your-turn"}


def test_seat_must_be_a_real_seat_number():
    state = fold(GAME, GAME.setup(2, {"first_seat": 1}, "fuzz"))
    move = GAME.legal_moves(state, 1)[0]
    for seat in (True, 1.0, "1"):
        try:
            GAME.decide(state, seat, move)
        except RuleViolation as exc:
            assert exc.code == "not-your-turn"
        else:
            raise AssertionError(f"seat {seat!r} accepted")
        assert GAME.legal_moves(state, seat) == []


def test_legal_moves_and_parse_never_raise_raw_errors():
    state = fold(GAME, GAME.setup(2, {}, "fuzz"))
    rnd = random.Random(3)
    for _ in range(1000):
        partial = _garbage(rnd)
        assert isinstance(GAME.legal_moves(state, 0, partial=partial), list)  # type: ignore[arg-type]
        text = "".join(rnd.choice(string.printable + "éß²") for _ in range(rnd.randint(0, 40)))
        try:
            GAME.parse_move(text, state, 0)
        except RuleViolation as exc:
            assert exc.code == "malformed-move"


def test_views_of_unknown_viewers_are_public_views():
    state = fold(GAME, GAME.setup(2, {}, "fuzz"))
    spectator = GAME.view(state, None)
    for viewer in (99, -1, "0", True):
        assert {k: v for k, v in GAME.view(state, viewer).items() if k != "viewer"} == {
            k: v for k, v in spectator.items() if k != "viewer"
        }
