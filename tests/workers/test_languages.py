"""Every seat reads its emails in its own language: invitations, turns, dates, the language link."""

from __future__ import annotations

import html
import re

from engine.i18n import speaking
from service.app import create_app
from tests.workers import harness
from tests.workers.test_letters import bid_round, body, first_card, play
from workers import notices, render

SEATS = (("Anna", "hu"), ("Piotr", "pl"), ("Aino", "fi"))
ZONE = "Europe/Budapest"

# Words each language's emails must hold: invitation subject, turn subject, greeting, and the
# deadline as that locale writes a date and time (babel), in the game's zone and in UTC.
EXPECTED = {
    "hu": (
        "meghívást kaptál",
        "te következel",
        "Szia, Anna!",
        r"Határidő: \d{4}\. [a-zé]+\. \d{1,2}\. \d{1,2}:\d\d Europe/Budapest \(\d{1,2}:\d\d UTC\)\.",
    ),
    "pl": (
        "zaproszenie do gry",
        "twoja kolej",
        "Cześć Piotr,",
        r"Termin: \d{1,2} [a-ząćęłńóśźż]+ \d{4}, \d{1,2}:\d\d Europe/Budapest \(\d{1,2}:\d\d UTC\)\.",
    ),
    "fi": (
        "sinut on kutsuttu",
        "sinun vuorosi",
        "Hei Aino,",
        r"Määräaika: \d{1,2}\.\d{1,2}\.\d{4} \d{1,2}\.\d\d Europe/Budapest \(\d{1,2}\.\d\d UTC\)\.",
    ),
}


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def create(rt) -> str:
    spec = {
        "game": "elgrande",
        "options": {},
        "seats": [{"name": n, "email": address(n), "language": lang} for n, lang in SEATS],
        "time_control": {"per_move": 86400, "reminders": [], "timezone": ZONE},
    }
    return str(rt.games.create(spec)[0]["id"])


def play_round(rt, game_id: str) -> None:
    """Plays El Grande's first round: the bids, then each seat takes a card and ends its turn."""
    bid_round(rt, game_id)
    for _turn in range(3):
        play(rt, game_id, f"take {first_card(rt, game_id)}")
        play(rt, game_id, "end")


def words_of(page: str) -> str:
    """Returns the text an HTML part shows (tags dropped, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def assert_same_words(message) -> None:
    """Checks that every line the text part shows (bar links and the footer) is in the HTML part."""
    text, shown = body(message).replace("\r\n", "\n"), words_of(body(message, "html"))
    for line in text.split("\n-- \n")[0].splitlines():
        line = line.strip()
        if line and "https://" not in line:
            assert line in shown or line.rstrip(":") in shown, line


def test_each_seat_gets_its_invitation_and_turns_in_its_language(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = create(rt)
    harness.pump(rt)
    play_round(rt, game_id)
    for name, lang in SEATS:
        invite_word, turn_word, hello, deadline = EXPECTED[lang]
        mails = smtp.inbox.to(address(name))
        invites = [m for m in mails if m["Subject"].endswith(invite_word)]
        turns = [m for m in mails if turn_word in m["Subject"]]
        assert len(invites) == 1 and turns, [m["Subject"] for m in mails]
        for message in (invites[0], turns[0]):
            text = body(message)
            assert text.startswith(hello), text
            assert "Your decision" not in text and "Hello" not in text  # nothing left in English
            assert_same_words(message)
            assert f'lang="{lang}"' in body(message, "html")
        assert re.search(deadline, body(turns[0])), body(turns[0])
        assert "/language/" in body(invites[0]) and "/language/" in body(invites[0], "html")


def test_the_text_and_html_parts_carry_the_same_words_in_english_too(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    harness.create(rt, seats=2)
    harness.pump(rt)
    invite = smtp.inbox.wait_for(2)[0]
    assert body(invite).startswith("Hello P") and "These emails are in English" in body(invite)
    assert_same_words(invite)


def test_the_language_link_changes_the_seat_and_the_next_email_follows(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    http = create_app(rt.config).test_client()
    game_id = create(rt)
    harness.pump(rt)
    invite = smtp.inbox.to(address("Anna"))[0]
    link = re.search(r"https://castillo\.test(/language/\S+)", body(invite)).group(1)
    page = http.get(link)
    assert page.status_code == 200 and "A Castillo-levelek nyelve" in page.text and "value='de'" in page.text
    chosen = http.post(link, data={"language": "de"})
    assert chosen.status_code == 200 and "Gespeichert" in chosen.text and "lang='de'" in chosen.text
    assert rt.games.load(game_id).meta["seats"][0]["language"] == "de"
    bad = http.post(link, data={"language": "xx"})
    assert bad.status_code == 422 and bad.json["code"] == "unknown-language"
    assert http.get(link[:-3] + "abc").status_code == 404  # a forged token
    harness.pump(rt)
    play_round(rt, game_id)
    anna = [m for m in smtp.inbox.to(address("Anna")) if m is not invite]
    assert anna and all("du bist dran" in m["Subject"] for m in anna), [m["Subject"] for m in anna]
    assert body(anna[-1]).startswith("Hallo Anna,") and "Frist: " in body(anna[-1])


def test_plural_forms_and_spans_of_time_follow_each_language():
    with speaking("pl"):
        lines = [notices.score_line("Ola", n, 2) for n in (1, 3, 5, 22)]
        assert lines == [
            "Ola: 1 punkt, miejsce 2",
            "Ola: 3 punkty, miejsce 2",
            "Ola: 5 punktów, miejsce 2",
            "Ola: 22 punkty, miejsce 2",
        ]
        # CLDR's Polish days changed across the allowed Babel versions ("2 doby" in 2.12, "2 dni" later)
        assert render.duration(2 * 86400 + 5 * 3600) in ("2 dni i 5 godzin", "2 doby i 5 godzin")
    with speaking("fi"):
        assert [notices.score_line("Aino", n, 1) for n in (1, 7)] == [
            "Aino: 1 piste, sija 1",
            "Aino: 7 pistettä, sija 1",
        ]
        assert render.duration(3 * 3600 + 1200) == "3 tuntia ja 20 minuuttia"
    with speaking("hu"):
        assert notices.score_line("Anna", 7, 1) == "Anna: 7 pont, 1. hely"
        assert render.duration(86400) == "1 nap"
    assert notices.score_line("Ann", 1, 1) == "Ann: 1 point, rank 1"


def test_each_seat_replies_in_its_language_and_is_answered_in_it(redis_url, r, smtp):
    from engine.i18n import _
    from engine.movewords import localized
    from service import mailplay
    from tests.workers.test_flow import reply

    rt = harness.runtime(redis_url, smtp.url)
    game_id = create(rt)
    harness.pump(rt)
    sent = {}
    for turn in range(3):  # the bids go round in turn order (R11): each seat replies to its own email
        loaded = rt.games.load(game_id)
        seat = next(iter(loaded.game.pending(loaded.folded.state)))
        name, lang = SEATS[seat]
        mail = [m for m in smtp.inbox.to(address(name)) if m["Reply-To"]][-1]
        legal = loaded.game.legal_moves(loaded.folded.state, seat)
        move = loaded.game.format_move(legal[-1])
        written = localized("elgrande", move, lang)
        assert written != move, (lang, move)  # the player writes its own language's words
        mailplay.enqueue_inbound(rt.queue, reply(mail["Reply-To"], written, f"{lang}{turn}", address(name)))
        harness.work(rt)
        harness.pump(rt)
        sent[name] = (lang, move, written, f"<{lang}{turn}@example.org>")
    assert {lang for lang, *_rest in sent.values()} == {"hu", "pl", "fi"}
    for name, (lang, move, written, message_id) in sent.items():
        with speaking(lang):
            accepted, wrote = _("move accepted"), _("You wrote: %(words)s.") % {"words": written}
        answer = [m for m in smtp.inbox.to(address(name)) if m["In-Reply-To"] == message_id]
        assert answer and accepted in answer[0]["Subject"], [
            m["Subject"] for m in smtp.inbox.to(address(name))
        ]
        assert move in body(answer[0]) and wrote in body(answer[0])  # the notation beside the player's words
