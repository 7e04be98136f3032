"""What a player reads: the board summary, readable changes, the HTML part, no echo of own steps."""

from __future__ import annotations

import re

import engine
from tests.workers import harness
from workers import notices, render
from workers.notify import observe


def body(message, kind: str = "plain") -> str:
    return message.get_body((kind,)).get_content()


def elgrande(rt) -> str:
    spec = {
        "game": "elgrande",
        "options": {},
        "seats": [{"name": n, "email": f"{n.lower()}@example.org"} for n in ("Ana", "Bo", "Cy")],
        "time_control": {"per_move": 86400, "reminders": []},
    }
    return str(rt.games.create(spec)[0]["id"])


def play(rt, game_id: str, text: str) -> int:
    """Plays `text` for the seat that owes a decision; returns that seat."""
    loaded = rt.games.load(game_id)
    seat = min(loaded.game.pending(loaded.folded.state))
    moves = loaded.game.parse_move(text, loaded.folded.state, seat)
    rt.games.submit(game_id, seat, moves)
    harness.pump(rt)
    return seat


def bid_round(rt, game_id: str) -> None:
    for value in (13, 12, 11):
        play(rt, game_id, f"play {value}")


def first_turn(redis_url: str, smtp) -> tuple:
    """Returns (runtime, game id, seat) of a new El Grande game whose bids are in: `seat` takes a card."""
    rt = harness.runtime(redis_url, smtp.url)
    game_id = elgrande(rt)
    harness.pump(rt)
    bid_round(rt, game_id)
    loaded = rt.games.load(game_id)
    return rt, game_id, next(iter(loaded.game.pending(loaded.folded.state)))


def first_card(rt, game_id: str) -> str:
    loaded = rt.games.load(game_id)
    return loaded.game.view(loaded.folded.state, None)["offer"][0]["card"]


def test_turn_email_shows_the_board_summary_and_readable_changes(redis_url, r, smtp):
    _, _, seat = first_turn(redis_url, smtp)
    name = ("Ana", "Bo", "Cy")[seat]
    message = [m for m in smtp.inbox.messages if "choose action card" in m["Subject"]][-1]
    text = body(message)
    assert "Board (caballeros per seat" in text and "Scores:" in text  # engine.elgrande text_summary
    assert re.search(r"Seats: 0 Ana( \(you\))?, 1 Bo( \(you\))?, 2 Cy( \(you\))?\.", text)
    assert f"{seat} {name} (you)" in text
    assert re.search(r"Courts: Ana( \(you\))? \d+, Bo( \(you\))? \d+, Cy( \(you\))? \d+\.", text)
    assert f"{name} (you)" in text.split("Courts: ")[1].splitlines()[0]  # seats by name (text_summary)
    assert "Your decision: take one card of the offer (R18)." in text
    changes = text.split("Since your last move:")[1].split("\n\n")[0]
    assert re.search(r"v\d+ \w+: play 1[123]", changes) and "power_card_played" not in changes
    html = body(message, "html")
    assert '<pre style="' in html and "Board (caballeros per seat" in html
    assert re.search(r"<ul style=\"font-family:Menlo[^\"]*\"><li[^>]*>take d", html)
    assert 'style="display:inline-block;padding:10px 18px;background:#7a1f1f' in html
    assert name in message["To"]


def test_no_turn_email_for_the_next_step_of_ones_own_turn(redis_url, r, smtp):
    rt, game_id, seat = first_turn(redis_url, smtp)
    assert play(rt, game_id, f"take {first_card(rt, game_id)}") == seat
    loaded = rt.games.load(game_id)
    assert next(iter(loaded.game.pending(loaded.folded.state))) == seat
    address = f"{('ana', 'bo', 'cy')[seat]}@example.org"
    subjects = [m["Subject"] for m in smtp.inbox.to(address)]
    assert not any("turn step" in s for s in subjects), subjects


def test_turn_step_emails_explain_the_placement_notation(redis_url, r, smtp):
    rt, game_id, seat = first_turn(redis_url, smtp)
    play(rt, game_id, f"take {first_card(rt, game_id)}")
    seen, _ = observe(rt, game_id)
    prompt = notices.prompt_of(seen, seat)
    content = notices.turn(seen, seat, prompt)
    titles = [s.title for s in content.sections]
    assert "How to write the longer moves" in titles
    assert content.subject.endswith("your turn — turn step")


class WithoutSummary:
    """Kabale & Hiebe as a game that offers no text_summary (the contract makes it optional)."""

    def __getattr__(self, name: str):
        if name == "text_summary":
            raise AttributeError(name)
        return getattr(engine.get_game("kabale"), name)


def test_a_game_without_text_summary_gets_the_short_view(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, seats=2)
    seen, _ = observe(rt, game_id)
    plain = notices.Seen(seen.game_id, WithoutSummary(), seen.state, seen.names, seen.envelopes, {})
    lines = notices.summary_lines(plain, 0)
    assert (
        lines[0] == "Seats: 0 P0 (you), 1 P1."
        and "round: 1" in lines
        and any(line.startswith("your hand: ") for line in lines)
    )
    assert notices.summary_lines(seen, 0)[1].startswith("Kabale & Hiebe, round 1")


def test_a_new_round_opened_by_ones_own_last_move_is_still_announced(redis_url, r, smtp):
    rt, game_id, _ = first_turn(redis_url, smtp)
    for _ in range(3):
        play(rt, game_id, f"take {first_card(rt, game_id)}")
        last = play(rt, game_id, "end")
    loaded = rt.games.load(game_id)
    starter = next(iter(loaded.game.pending(loaded.folded.state)))
    assert starter == last  # R12 here: the last seat of round 1 opens round 2's bidding
    address = f"{('ana', 'bo', 'cy')[starter]}@example.org"
    assert any("round 2: your turn — play power card" in m["Subject"] for m in smtp.inbox.to(address))


def test_a_refusal_reads_without_the_moves_json_and_names_its_rule_once():
    error = {
        "code": "illegal-move",
        "message": "illegal move {'type': 'play_power_card', 'value': 99}: power card 99 is not in your hand (R11)",
        "rule": "R11",
    }
    assert notices.refusal(error) == "power card 99 is not in your hand (R11)"
    assert notices.refusal({"code": "x", "message": "no such column", "rule": "K7"}) == "no such column (K7)"
    assert notices.refusal({"code": "version-conflict"}) == "version-conflict"


def test_durations_read_as_words():
    assert render.duration(2 * 86400 + 5 * 3600 + 7) == "2 days, 5 hours"
    assert render.duration(3 * 3600 + 20 * 60) == "3 hours, 20 minutes"
    assert (
        render.duration(86400),
        render.duration(12 * 60 + 5),
        render.duration(40),
        render.duration(-5),
    ) == (
        "1 day",
        "12 minutes",
        "40 seconds",
        "0 seconds",
    )


def test_deadlines_read_in_the_games_time_zone_too():
    noon = 1795262400  # 2026-11-21 12:00 UTC
    pm = "\u202fPM"  # CLDR's narrow no-break space before the day period
    assert render.when(noon) == f"Nov 21, 2026, 12:00{pm} UTC"
    assert render.when(noon, "Europe/Budapest") == f"Nov 21, 2026, 1:00{pm} Europe/Budapest (12:00{pm} UTC)"
    assert render.when(noon, "Nowhere/Atlantis") == f"Nov 21, 2026, 12:00{pm} UTC"


def test_a_turn_email_gives_the_deadline_in_the_games_zone(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    harness.create(rt, seats=2, time_control={"per_move": 86400, "reminders": [], "timezone": "Asia/Tokyo"})
    harness.pump(rt)
    invite = smtp.inbox.to("p0@example.org")[0]
    assert re.search(
        r"Deadline: \w{3} \d+, \d{4}, \d+:\d\d\s[AP]M Asia/Tokyo \(\d+:\d\d\s[AP]M UTC\)\.", body(invite)
    )


def test_everyone_hears_when_the_admin_aborts_a_game(redis_url, r, smtp):
    from service import turns

    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, seats=2)
    harness.pump(rt)
    turns.abort(rt.games, game_id, "a player moved away")
    harness.pump(rt)
    notes = [m for m in smtp.inbox.messages if m["Subject"].endswith("game aborted")]
    assert sorted(m["To"] for m in notes) == ["P0 <p0@example.org>", "P1 <p1@example.org>"]
    assert "The reason given: a player moved away." in body(notes[0]) and notes[0]["Reply-To"] is None


def test_the_email_summary_names_the_options_away_from_their_defaults(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    spec = {
        "game": "elgrande",
        "options": {"short_game_six_rounds": True, "veto": False},
        "seats": [{"name": n} for n in ("Ana", "Bo")],
    }
    seen, _ = observe(rt, str(rt.games.create(spec)[0]["id"]))
    lines = notices.summary_lines(seen, 0)
    assert lines[:2] == ("Seats: 0 Ana (you), 1 Bo.", "Options: no Veto, short game (rounds 1-6).")
    assert lines[2].startswith("El Grande, ")
    plain, _ = observe(rt, elgrande(rt))
    assert not any(line.startswith("Options") for line in notices.summary_lines(plain, 0))


def test_the_options_line_names_every_option_of_the_catalog():
    game = engine.get_game("elgrande")
    assert set(game.INFO["options"]) <= set(notices.OPTION_NAMES)
    options = {name: not spec["default"] for name, spec in game.INFO["options"].items()}
    line = notices.options_line(game, options)
    assert line.startswith("Options: no Veto, ") and "_" not in line
    assert notices.options_line(engine.get_game("kabale"), {"first_seat": 1}) == "Options: first seat 1."


def test_emails_and_the_cli_name_the_options_alike():
    from clients.python.phrases_elgrande import OPTION_NAMES

    assert notices.OPTION_NAMES == OPTION_NAMES
