"""What an email's "Your view" says of Inquisitor & Colonies: every public piece (G80), in the
words of `text_summary`, under the options line that names the expansion."""

from __future__ import annotations

import engine
from tests.engine.elgrande import ic_showcase
from workers import notices


def test_the_email_view_names_the_expansion_and_its_pieces():
    # G80: holder, black caballeros, tiles, limit board, slots, held cards, delayed markers, turned cards
    seen = notices.Seen(
        game_id="g1",
        game=engine.get_game("elgrande"),
        state=ic_showcase.showcase(),
        names=("Ana", "Bo", "Cy", "Dee"),
        envelopes=(),
        deadlines={},
    )
    lines = notices.summary_lines(seen, 1)
    assert lines[:2] == ("Seats: 0 Ana, 1 Bo (you), 2 Cy, 3 Dee.", "Options: Grand Inquisitor & Colonies.")
    assert any(line.startswith("Grand Inquisitor: Cy holds the Grand Inquisitor") for line in lines)
    assert any(line.startswith("Limit board: in Valencia, 8 of 10 spaces taken") for line in lines)
    assert any(
        line.startswith("Tiles: supply ") and "black 1 goods in Caravel for Ana" in line for line in lines
    )
    assert any(
        line.startswith("    of which:") and "Bo (you) 1: on the captain slot (+3)" in line for line in lines
    )
    assert any(line.startswith("Held cards: Ana d7_doubling.1") for line in lines)
    assert any(line.startswith("Delayed scoring markers: Galicia scores") for line in lines)
    assert any(line.startswith("Turned face down this round: d1_move_four_any.1") for line in lines)
    assert notices.view_section(seen, 1).lines == lines
