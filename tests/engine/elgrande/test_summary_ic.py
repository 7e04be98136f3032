"""Tests `text_summary` with option inquisitor_colonies: every public piece the expansion adds is
named (G80): caballero states (G4a), the Grand Inquisitor's holder and black caballeros, tiles,
the limit board, slots, held cards, delayed markers and turned cards."""

from __future__ import annotations

import json
import random

from engine.elgrande import data, flow, text_summary, views
from engine.elgrande.evolve import evolve
from engine.elgrande.legal import legal_moves
from engine.elgrande.prompts import pending
from engine.elgrande.rules import decide
from engine.elgrande.state import State
from tests.engine.elgrande import ic_showcase
from tests.engine.elgrande.kit import start

NAMES = ["Ana", "Ben", "Cai", "Dee"]


def _setup(seed: str = "sum-ic") -> State:
    s = None
    for e in flow.setup(4, {"inquisitor_colonies": True}, seed):
        s = evolve(s, e)
    assert isinstance(s, State)
    return s


def _lines(s: State, viewer: int | None = 0) -> list[str]:
    return text_summary(json.loads(json.dumps(views.view(s, viewer))), NAMES)


def test_a_fresh_game_names_the_inquisitor_the_limit_board_and_the_tiles() -> None:
    # G14 steps 2, 6; G7; G80
    s = _setup()
    view = views.view(s, 0)
    lines = _lines(s)
    black = ", ".join(f"{view['areas'][a]['name']} {k}" for a, k in view["inquisitor"]["black"].items())
    assert (
        "Grand Inquisitor: nobody holds the Grand Inquisitor, so the black caballeros count for nobody; "
        f"black caballeros: {black}." in lines
    )
    limit = view["areas"][view["limit_board"]["area"]]["name"]
    spaces = data.LIMIT_SPACES[4]
    assert (
        f"Limit board: in {limit}, 0 of {spaces} spaces taken; only the caballeros on it count there."
        in lines
    )
    assert any(
        line.startswith(f"  {limit} ") and f"limit board: 0 of {spaces} spaces taken" in line
        for line in lines
    )
    gold, goods = data.SETUP_TILES["gold"], data.SETUP_TILES["goods"]
    supply = f"supply {data.TILE_SUPPLY['gold'] - gold} gold, {data.TILE_SUPPLY['goods'] - goods} goods"
    assert (
        f"Tiles: {supply}; free {gold} gold in America, {goods} goods in the Mediterranean; none carried."
        in lines
    )
    assert any(line.startswith("  America 4/0/0 [1 gold tile free]") for line in lines)
    assert not any(line.startswith(("Held cards", "Delayed", "Turned")) for line in lines)


def test_a_busy_position_names_every_caballero_state_and_card() -> None:
    # G3 slots, G36 carried tiles and their owners, G45/G56 beside the board, G51 marks, G29 bonus moves
    lines = _lines(ic_showcase.showcase())
    assert (
        "    of which: Ana (you) 1: on the ambassador slot (+2); Ben 1: on the plain slot, relocated this round; "
        "Cai 1: on the envoy slot (+1)" in lines
    )
    caravel = lines[lines.index(next(line for line in lines if line.startswith("  Caravel"))) + 1]
    assert "Ben 1: on the captain slot (+3), bonus move open" in caravel
    assert "Dee 1: carrying gold, bonus move open" in caravel
    assert "black 1: carrying goods for Ana (you)" in caravel
    assert "    of which: Ana (you) 1: carrying gold; Cai 1: on the viceroy slot (+5)" in lines
    assert "    of which: Cai 2: beside the limit board, not counted" in lines
    assert "    of which: Cai 1: relocated this round; black 1: relocated this round" in lines  # aragon
    # G40, G42: the holder, and a black caballero out of the game
    assert any(
        line.startswith(
            "Grand Inquisitor: Cai holds the Grand Inquisitor and counts the black caballeros as their own;"
        )
        and line.endswith("; 1 out of the game.")
        for line in lines
    )
    assert any(line.startswith("Limit board: in Valencia, 8 of 10 spaces taken") for line in lines)
    (tiles,) = [line for line in lines if line.startswith("Tiles: ")]
    assert "carried: Dee 1 gold in Caravel, black 1 goods in Caravel for Ana (you)" in tiles
    # G74, G72, G69
    (held,) = [line for line in lines if line.startswith("Held cards: ")]
    assert "Ana (you) d7_doubling.1 (" in held and "Dee d7_relocation_before_scoring.1 (" in held
    assert any(
        line.startswith("Delayed scoring markers: Galicia scores at the end of round 2 (Ben's")
        for line in lines
    )
    assert any(
        line.startswith("  Galicia ") and "delayed scoring at the end of round 2 (Ben)" in line
        for line in lines
    )
    assert "Turned face down this round: d1_move_four_any.1 (Move 4 caballeros of any colour)." in lines


def test_spectators_see_the_same_public_pieces() -> None:
    # G80: everything the expansion adds is public
    s = ic_showcase.showcase()
    mine = [line.replace(" (you)", "") for line in _lines(s, 0) if not line.startswith(("Your hand", "Due"))]
    theirs = [line for line in _lines(s, None) if not line.startswith(("Your hand", "Due"))]
    assert mine == theirs


def test_a_base_game_has_no_expansion_lines() -> None:
    lines = text_summary(views.view(start(4, "sum"), 0))
    assert not any(
        line.startswith(("Grand Inquisitor", "Limit board", "Tiles", "    of which")) for line in lines
    )


def test_every_view_of_a_random_expansion_game_renders() -> None:
    # contract: text_summary(view) -> list[str] for every viewer at every step, JSON views only
    rnd = random.Random(7)
    s = _setup("sum-ic-walk")
    while s.phase != "over":
        for viewer in (None, 0, 3):
            assert all(isinstance(line, str) and line for line in _lines(s, viewer))
        seat = min(pending(s))
        for e in decide(s, seat, rnd.choice(legal_moves(s, seat))):
            s = evolve(s, e)
