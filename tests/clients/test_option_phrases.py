"""How the client words the options' pieces: synthetic events, moves and views of France, the
Church and Moorish Granada (the shapes engine.elgrande's options serve), and the options line."""

from __future__ import annotations

import copy
from typing import Any

import engine
from clients.python.describe import entry_text, move_text, options_line
from clients.python.render import render
from clients.python.term import Style
from clients.python.types import GameSummary

NAMES = {0: "Ana", 1: "Bo", 2: "Cy"}


def line(event: dict[str, Any], v: int = 7) -> str:
    return entry_text({"v": v, "kind": "engine", "event": event}, NAMES, "elgrande")[6:]


def test_the_church_intake_and_black_caballeros_read_as_sentences() -> None:
    intake = {
        "type": "caballeros_moved",
        "seat": 1,
        "reason": "church",
        "moves": [[1, "province", "court", 1]],
    }
    assert line(intake) == "Bo used the Church extra: 1 caballero province→court"
    black = {"type": "caballeros_moved", "reason": "action", "moves": [["black", "aragon", "catalonia", 1]]}
    assert line(black) == "caballeros moved (action): black Aragon→Catalonia 1"
    declared = {
        "type": "action_declared",
        "seat": 0,
        "card": "d6_church",
        "action": {"moves": [{"seat": "black", "from": "aragon", "to": "valencia"}]},
    }
    assert line(declared) == "Ana declared d6_church: moves black Aragon→Valencia"
    taken = {"type": "action_card_taken", "seat": 2, "card": "d6_church"}
    assert line(taken) == "Cy took action card d6_church and the Church marker"
    placed = {"type": "caballeros_placed", "seat": 0, "extra": True, "moves": [[0, "court", "aragon", 4]]}
    assert line(placed) == "Ana placed 4 caballeros (one more with the Church extra): Aragon 4"


def test_france_slots_are_places_of_their_own() -> None:
    placed = {"type": "caballeros_placed", "seat": 0, "moves": [[0, "court", "france_ambassador", 1]]}
    assert line(placed) == "Ana placed 1 caballero: France (ambassador slot) 1"
    moved = {"type": "caballeros_moved", "reason": "action", "moves": [[1, "france_envoy", "aragon", 1]]}
    assert line(moved) == "caballeros moved (action): Bo France (envoy slot)→Aragon 1"
    scored = {"type": "area_scored", "area": "france", "points": [5, 1, 0]}
    assert line(scored) == "France scored: Ana +5, Bo +1"


def test_granada_conquered_and_its_doubled_scoring() -> None:
    conquered = {"type": "granada_conquered", "caballeros": 13}
    assert line(conquered) == (
        "Granada is conquered with 13 caballeros: a normal region from now on, scored once now at double points"
    )
    scored = {"type": "area_scored", "area": "granada", "mode": "conquest", "points": [10, 0, 4]}
    assert line(scored) == "Granada scored (conquest: rank points doubled): Ana +10, Cy +4"
    assert line({"type": "area_scored", "area": "galicia", "mode": "first_places", "points": [3]}) == (
        "Galicia scored (first places): Ana +3"
    )


def test_game_started_names_the_church_regions_and_the_options() -> None:
    started = {
        "type": "game_started",
        "rounds": list(range(1, 10)),
        "king": "old_castile",
        "homes": ["aragon", "galicia"],
        "start_player": 1,
        "church_regions": ["seville", "basque_country"],
        "options": {"veto": False, "short_game": False, "france": True, "church": True},
    }
    assert line(started) == (
        "game started: 9 rounds, the King in Old Castile, Grandes: Ana Aragon, Bo Galicia; "
        "black caballeros in Seville and Basque Country; Bo starts; Options: no Veto, France, Church"
    )


def test_moves_in_words_cover_the_church_intake_and_france() -> None:
    assert move_text("elgrande", {"type": "church_intake"}) == "use the Church extra (province→court 1)"
    assert move_text("elgrande", {"type": "place_caballeros", "to": {"france_envoy": 1, "castillo": 2}}) == (
        "place France (envoy slot) 1, Castillo 2"
    )
    black = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "catalonia"}]}
    assert move_text("elgrande", black) == "declare moves black Aragon→Catalonia"
    assert move_text("elgrande", {"type": "declare_action", "moves": []}) == "declare moves none"
    assert move_text("elgrande", {"type": "declare_action", "supplement": {}}) == "declare supplement none"
    assert move_text("elgrande", {"type": "declare_action", "supplement": {"aragon": 2}}) == (
        "declare supplement Aragon 2"
    )
    assert move_text("elgrande", {"type": "end_turn"}) == "end the turn"
    assert move_text("elgrande", {"type": "answer_veto", "answer": "veto", "from": 2}) == "veto from step 2"
    assert move_text("kabale", {"type": "play", "card": "king"}) == 'play {"card":"king"}'


def test_the_options_line_shows_what_differs_from_the_defaults() -> None:
    assert options_line("elgrande", {"veto": True, "short_game": False}) == ""
    assert options_line("elgrande", {"granada_moorish": True, "movement_limits": True}) == (
        "Options: Moorish Granada, movement limits"
    )
    assert options_line("elgrande", {"short_game_six_rounds": True, "veto": False}) == (
        "Options: short game (rounds 1-6), no Veto"
    )
    assert options_line("elgrande", {"comet": True}) == "Options: comet"
    assert options_line("kabale", {"first_seat": 2}) == "Options: first seat 2"
    assert options_line("kabale", {"first_seat": 0, "colours": []}) == ""


def _summary(options: dict[str, Any]) -> GameSummary:
    return GameSummary.from_json(
        {
            "id": "g1",
            "game": "elgrande",
            "title": "El Grande",
            "status": "running",
            "version": 9,
            "seats": [{"seat": i, "name": n} for i, n in NAMES.items()],
            "prompts": [],
            "options": options,
        }
    )


def _view() -> dict[str, Any]:
    game = engine.get_game("elgrande")
    state = None
    for event in game.setup(3, {}, "ab" * 32):
        state = game.evolve(state, event)
    return copy.deepcopy(game.view(state, None))


def test_the_board_shows_the_options_pieces_and_the_header_the_options() -> None:
    view = _view()
    view["areas"]["france"] = {
        "name": "France",
        "values": [3, 1, 0],
        "caballeros": [1, 0, 1],
        "scoreboard": None,
        "slots": {"ambassador": 2, "envoy": None, "plain": 0},
    }
    view["areas"]["aragon"]["black"] = 2
    view["areas"]["granada"]["moorish"] = True
    view["church"] = {"holder": 1, "black": {"aragon": 2}, "extra_used": False}
    lines = render(_summary({"france": True, "church": True, "granada_moorish": True}), view, Style(False))
    text = "\n".join(lines)
    assert lines[2] == "Options: France, Church, Moorish Granada"
    rows = [row for row in lines if row.startswith(("Aragon", "Granada", "France"))]
    assert (
        rows[-1].startswith("France")
        and "slots ambassador Cy (green), envoy ·, plain Ana (yellow)" in rows[-1]
    )
    assert "black (Church) 2" in rows[0] and rows[1].rstrip().endswith("Moorish")
    assert "Church marker: Bo (seat 1)" in text
    view["church"]["holder"] = None
    assert "Church marker: beside the board" in "\n".join(render(_summary({}), view, Style(False)))
    assert not any(row.startswith("Options") for row in render(_summary({"veto": True}), view, Style(False)))
