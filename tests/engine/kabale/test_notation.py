"""The text notation of moves: format_move and parse_move (email replies, CLI, records)."""

from __future__ import annotations

import pytest

from engine.errors import MalformedMove
from tests.engine.kabale.helpers import GAME

MOVES = [
    {"type": "play", "card": "king", "column": 2},
    {"type": "play", "card": "fencing_master", "column": 0},
    {"type": "tuck", "card": "magic_hood"},
    {"type": "swap", "column": 1},
    {"type": "decline"},
]


@pytest.mark.parametrize("move", MOVES)
def test_format_then_parse_round_trips(move):
    assert GAME.parse_move(GAME.format_move(move), None, 0) == [move]


def test_format_is_short():
    assert [GAME.format_move(m) for m in MOVES] == [
        "play king 2",
        "play fencing_master 0",
        "tuck magic_hood",
        "swap 1",
        "decline",
    ]


def test_parse_reads_names_aliases_and_several_moves():
    text = "Play Fencing Master 1\nplay Doppelgänger 0; tuck three musketeers\n\npass\n"
    assert GAME.parse_move(text, None, 0) == [
        {"type": "play", "card": "fencing_master", "column": 1},
        {"type": "play", "card": "doppelganger", "column": 0},
        {"type": "tuck", "card": "musketeers"},
        {"type": "decline"},
    ]


def test_parse_stops_at_quotes_and_signatures():
    text = "play king 0\n\nOn Monday, Castillo wrote:\n> play queen 1\n"
    assert GAME.parse_move(text, None, 0) == [{"type": "play", "card": "king", "column": 0}]
    assert GAME.parse_move("swap none\n-- \nplay king 0", None, 0) == [{"type": "decline"}]


@pytest.mark.parametrize(
    "text", ["", "hello", "play emperor 1", "play king", "play king ², ", "swap x", 5, None]
)
def test_parse_refuses_garbage_with_malformed_move(text):
    with pytest.raises(MalformedMove):
        GAME.parse_move(text, None, 0)


def test_every_possible_move_round_trips():  # K7, KA6, KA7, KD1-KD3: the notation can write every legal move
    from engine.kabale.cards import DECK

    moves = [{"type": "play", "card": c, "column": i} for c in DECK for i in range(6)]
    moves += [{"type": "tuck", "card": c} for c in DECK] + [{"type": "swap", "column": i} for i in range(6)]
    moves.append({"type": "decline"})
    assert [m for m in moves if GAME.parse_move(GAME.format_move(m), None, 0) != [m]] == []
