"""An email reply in the player's language plays the move (issue #16: service.mailplay reads words)."""

from __future__ import annotations

import pytest

import engine
from engine.errors import MalformedMove
from engine.movewords import localized
from service import mailplay
from tests.workers import harness
from tests.workers.test_flow import body, legal_moves_in, reply


def kabale_state():
    game = engine.get_game("kabale")
    state = None
    for event in game.setup(3, {}, f"{5:064x}"):
        state = game.evolve(state, event)
    return game, state, min(game.pending(state))


@pytest.mark.parametrize("language", [None, "en", "hu", "pl", "fi", "de", "xx"])
def test_a_reply_is_read_in_any_language_whatever_the_seats(language) -> None:
    game, state, seat = kabale_state()
    meta = {"game": "kabale", "seats": [{"seat": i, "language": language} for i in range(3)]}
    legal = game.format_move(game.legal_moves(state, seat)[0])
    for written in ("hu", "pl", "fi", "de"):
        text = localized("kabale", legal, written)
        assert mailplay.read_moves(game, meta, text, state, seat) == game.parse_move(legal, state, seat), text


def test_an_unreadable_reply_quotes_the_players_own_words() -> None:
    game, state, seat = kabale_state()
    meta = {"game": "kabale", "seats": [{"seat": 0, "language": "hu"}]}
    with pytest.raises(MalformedMove, match="cannot read 'Táncolj Egy Jiget'"):
        mailplay.read_moves(game, meta, "Táncolj Egy Jiget", state, seat)
    with pytest.raises(MalformedMove):  # a seat row without a language (before seats had one)
        mailplay.read_moves(game, {"game": "kabale", "seats": [{}]}, "dance", state, seat)


def test_a_hungarian_email_reply_plays_the_move_and_keeps_the_players_words(redis_url, r, smtp) -> None:
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    harness.pump(rt)
    invite = smtp.inbox.wait_for(3) and smtp.inbox.to("p0@example.org")[0]
    move = legal_moves_in(invite)[0]  # "play <card> <column>"
    hungarian = localized("kabale", move, "hu")
    assert hungarian.startswith("kijátsz ") and hungarian != move
    version = rt.games.load(game_id).version
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], hungarian, "hu1"))
    harness.work(rt)
    assert rt.games.load(game_id).version > version
    answer = smtp.inbox.wait_for(4)[3]
    assert "move accepted" in answer["Subject"] and move in body(answer)
    target = mailplay.resolve_address(rt.redis, invite["Reply-To"], harness.DOMAIN)
    outcome = mailplay.recorded(rt.redis, target, "<hu1@example.org>")
    assert outcome is not None and outcome.status == "accepted"
    assert outcome.moves == (move,) and outcome.words == (hungarian,)
    assert f"You wrote: {hungarian}." in body(answer)  # the notation played, beside the player's words
