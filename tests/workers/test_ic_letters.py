"""What an email's "Your view" says of Inquisitor & Colonies: every public piece (G80), in the
words of `text_summary`, under the options line that names the expansion."""

from __future__ import annotations

import re

import engine
from engine.elgrande import data
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


def test_an_expansion_game_is_played_by_email(redis_url, r, smtp):
    # G1, G16, G81: the invitation asks for the setup disc; a reply in the text notation is played
    from service import mailplay
    from tests.workers import harness
    from tests.workers.test_flow import body, reply

    rt = harness.runtime(redis_url, smtp.url)
    spec = {
        "game": "elgrande",
        "options": {"inquisitor_colonies": True},
        "seats": [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(3)],
        "time_control": {"per_move": 86400, "reminders": []},
    }
    answer, _ = rt.games.create(spec)
    game_id = str(answer["id"])
    harness.pump(rt)
    invite = smtp.inbox.wait_for(3) and smtp.inbox.to("p0@example.org")[0]
    text = body(invite)
    assert "Options: Grand Inquisitor & Colonies." in text and "Grand Inquisitor: nobody" in text
    discs = re.findall(r"^\s*(?:play )?disc (\w+)", text, re.MULTILINE)
    assert discs and set(discs) <= {data.AREAS[r].id for r in data.BASE_REGIONS}  # G16, G23
    region = discs[-1]
    version = rt.games.load(game_id).version
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], f"disc {region}", "ic1"))
    harness.work(rt)
    assert rt.games.load(game_id).version > version
    accepted = smtp.inbox.wait_for(4)[3]
    assert "move accepted" in accepted["Subject"] and f"disc {region}" in body(accepted)
