"""How the client words Inquisitor & Colonies (option inquisitor_colonies): caballero states in
events and moves (G4a), the Grand Inquisitor, new move types, and the board's marks and lines
(G80) as the CLI renders them."""

from __future__ import annotations

import json
from typing import Any

from clients.python.describe import entry_text, move_text
from clients.python.render import render
from clients.python.term import Style
from clients.python.types import GameSummary
from engine.elgrande import views
from tests.engine.elgrande import ic_showcase

NAMES = {0: "Ana", 1: "Bo", 2: "Cy", 3: "Dee"}


def line(event: dict[str, Any]) -> str:
    return entry_text({"v": 7, "kind": "engine", "event": event}, NAMES, "elgrande")[6:]


def test_caballero_states_read_as_places() -> None:
    # G4a: slots, the limit board, carried tiles and their owners, marks, bonus moves; G42: out of the game
    moved = {
        "type": "caballeros_moved",
        "reason": "bonus",
        "moves": [
            [0, "caravel+gold^", "america_viceroy", 1],
            ["black", "caravel+goods@1*", "out", 1],
            [2, "valencia", "valencia_beside", 2],
            [3, "caravel_captain", "valencia_on", 1],
        ],
    }
    assert line(moved) == (
        "caballeros moved (bonus): Ana Caravel (carrying gold; bonus move)→America (viceroy slot) 1, "
        "black Caravel (carrying goods for Bo; relocated)→out of the game 1, "
        "Cy Valencia→Valencia (beside the limit board) 2, Dee Caravel (captain slot)→Valencia (on the limit board) 1"
    )
    placed = {"type": "caballeros_placed", "seat": 1, "moves": [[1, "court", "france_envoy", 1]]}
    assert line(placed) == "Bo placed 1 caballero: France (envoy slot) 1"  # G3: France's slots as in O-F4


def test_the_grand_inquisitor_and_the_setup_read_as_sentences() -> None:
    # G64: the figure passes with the card; G14: the Inquisitor's regions and the limit board
    assert line({"type": "action_card_taken", "seat": 2, "card": "d6_grand_inquisitor.1"}) == (
        "Cy took action card d6_grand_inquisitor.1 and the Grand Inquisitor"
    )
    started = {
        "type": "game_started",
        "rounds": list(range(1, 10)),
        "king": "seville",
        "homes": ["aragon", "galicia"],
        "start_player": 0,
        "inquisitor_regions": ["old_castile", "valencia"],
        "limit_region": "catalonia",
        "options": {"inquisitor_colonies": True},
    }
    assert line(started) == (
        "game started: 9 rounds, the King in Seville, Grandes: Ana Aragon, Bo Galicia; "
        "black caballeros in Old Castile and Valencia; the limit board in Catalonia; Ana starts; "
        "Options: Grand Inquisitor & Colonies"
    )


def test_new_move_types_read_as_their_fields() -> None:
    # G21: a move type a client does not know yet reads as its fields
    assert move_text("elgrande", {"type": "future_move", "from": "caravel^", "to": "america"}) == (
        "future move: from Caravel (bonus move); to America"
    )
    assert move_text("elgrande", {"type": "later_move"}) == "later move"
    fill = {"type": "fill_limit", "take": [{"seat": 1, "from": "valencia_beside"}]}
    assert move_text("elgrande", fill, NAMES) == "fill limit: take Bo Valencia (beside the limit board)"


def test_the_board_shows_every_public_piece() -> None:
    # G80: holder, black caballeros, tiles, limit board, slots, held cards, delayed markers, turned cards
    view = json.loads(json.dumps(views.view(ic_showcase.showcase(), 0)))
    summary = GameSummary.from_json(
        {
            "id": "g1",
            "game": "elgrande",
            "title": "El Grande",
            "status": "running",
            "version": 9,
            "seats": [{"seat": i, "name": n} for i, n in NAMES.items()],
            "prompts": [],
            "options": {"inquisitor_colonies": True},
        }
    )
    lines = render(summary, view, Style(False))
    row = {r.split("  ")[0]: r for r in lines if r[:1].isupper() and "  " in r}
    assert "Bo (red) 1: captain, bonus move" in row["Caravel"]
    assert "black 1: goods for Ana (yellow)" in row["Caravel"]
    assert "Cy (green) 1: viceroy" in row["America"] and "free gold 1" in row["America"]
    assert "limit board 8/10" in row["Valencia"] and "Cy (green) 2: beside" in row["Valencia"]
    assert "Ana (yellow) 1: ambassador" in row["France"] and "Bo (red) 1: plain, relocated" in row["France"]
    assert "black (Inquisitor) 1" in row["Aragon"]
    assert "Grand Inquisitor: Cy (seat 2) · 1 black out of the game" in lines
    assert "tiles: supply 1 gold, 5 goods · free 1 gold, 3 goods" in lines
    assert "held cards: d7_doubling.1 (Ana (seat 0)), d7_relocation_before_scoring.1 (Dee (seat 3))" in lines
    assert any(r.startswith("delayed scoring: galicia in round ") for r in lines)
    assert "turned face down: d1_move_four_any.1" in lines


def test_named_returns_read_as_caballeros() -> None:
    # G81: a return naming states reads as the caballeros it takes, black ones included
    revealed = {
        "type": "choices_revealed",
        "kind": "king_returns_choice",
        "choices": [[1, {"take": ["court", "galicia_beside", "black:galicia*"]}]],
    }
    assert line(revealed) == (
        "choices revealed (king returns choice): Bo court, Galicia (beside the limit board), "
        "black caballero Galicia (relocated)"
    )
    move = {"type": "choose_region", "region": "galicia", "sources": ["galicia", "black:galicia"]}
    assert move_text("elgrande", move, NAMES) == "choose Galicia, returning Galicia, black caballero Galicia"
