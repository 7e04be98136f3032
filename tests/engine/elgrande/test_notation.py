"""Tests of the text notation: every legal move round-trips; several moves per text; clear errors."""

from __future__ import annotations

import random

import pytest

from engine.errors import MalformedMove
from tests.conformance import fold, random_move
from tests.engine.elgrande.kit import game, start


def _strip(move: dict) -> dict:
    return {k: v for k, v in move.items() if k not in ("default", "complete")}


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_played_move_round_trips(seats: int) -> None:
    rnd = random.Random(seats)
    events = game.setup(seats, {}, f"notation-{seats}")
    s = fold(game, events)
    while game.result(s) is None:
        seat = rnd.choice(sorted(game.pending(s)))
        for move in [*game.legal_moves(s, seat), random_move(game, s, seat, rnd), game.default_move(s, seat)]:
            text = game.format_move(move)
            assert game.parse_move(text, s, seat) == [_strip(move)], text
        for event in game.decide(s, seat, random_move(game, s, seat, rnd)):
            s = game.evolve(s, event)


def test_several_moves_in_one_text() -> None:
    text = "> quoted reply\n# comment\ntake d1_move_four_any; place old_castile:2 castillo\ndeclare aragon>valencia 1:seville>castillo\nend"
    moves = game.parse_move(text, start(), 2)
    assert moves == [
        {"type": "take_card", "card": "d1_move_four_any"},
        {"type": "place_caballeros", "to": {"old_castile": 2, "castillo": 1}},
        {
            "type": "declare_action",
            "moves": [
                {"seat": 2, "from": "aragon", "to": "valencia"},
                {"seat": 1, "from": "seville", "to": "castillo"},
            ],
        },
        {"type": "end_turn"},
    ]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play 7", {"type": "play_power_card", "value": 7}),
        ("supplement none", {"type": "supplement_court", "from": {}}),
        ("declare place seville castillo", {"type": "declare_action", "places": ["seville", "castillo"]}),
        (
            "declare remove 0:aragon 2:seville",
            {
                "type": "declare_action",
                "removals": [{"seat": 0, "region": "aragon"}, {"seat": 2, "region": "seville"}],
            },
        ),
        ("declare sb_8_4_0 galicia", {"type": "declare_action", "scoreboard": "sb_8_4_0", "area": "galicia"}),
        ("declare 7", {"type": "declare_action", "value": 7}),
        ("declare supplement aragon", {"type": "declare_action", "supplement": {"aragon": 1}}),
        ("declare", {"type": "declare_action"}),
        ("veto 3", {"type": "answer_veto", "answer": "veto", "from": 3}),
        ("allow", {"type": "answer_veto", "answer": "allow"}),
        ("disc aragon", {"type": "choose_region", "region": "aragon"}),
        ("return court court aragon", {"type": "return_caballeros", "sources": ["court", "court", "aragon"]}),
    ],
)
def test_examples(text: str, move: dict) -> None:
    assert game.parse_move(text, None, 0) == [move]
    assert game.parse_move(game.format_move(move), None, 0) == [move]


@pytest.mark.parametrize(
    "text",
    ["", "   \n# only a comment", "dance", "play seven", "place aragon:x", "declare a b c", "take", 42],
)
def test_bad_text_is_malformed(text: object) -> None:
    with pytest.raises(MalformedMove):
        game.parse_move(text, None, 0)  # type: ignore[arg-type]
