"""The browser client in every language: `?lang=`, the seat's language, the browser's, the switcher.

The page reads its words from `GET /locales/{lang}.json` (the `web` and `terms` catalogs). These
tests open real games in headless Chromium and look at the words a player reads: the controls,
the prompt, the history, plural forms (Polish 2 vs 5), and take screenshots for a human look at
the layout with long Hungarian and Polish words.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.browser.conftest import DESKTOP, PHONE, Api, shot
from tests.browser.test_elgrande_page import NAMES, seat_due

TN = """async ([lang, counts]) => {
  const i18n = await import(new URL("static/i18n.js", location.href).href);
  await i18n.use(lang);
  return counts.map((n) => i18n.tn("{n} card", "{n} cards", n));
}"""


def link_with(game: dict[str, Any], seat: int, query: str = "") -> str:
    """Returns a seat's play link (relative to the server) with `query` before the `#k=` fragment."""
    link = game["seats"][seat]["link"]
    path, fragment = link[link.index("/play/") :].split("#", 1)
    return f"{path}{query}#{fragment}"


def open_due_seat(api: Api, base_url: str, page: Any, game: dict[str, Any], query: str) -> int:
    """Opens the page of a seat that owes a decision, with `query`; returns the seat."""
    seat = next(iter(seat_due(api, game["id"])))
    page.goto(base_url + link_with(game, seat, query))
    return seat


def test_hungarian_el_grande_shows_translated_controls_and_prompt(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    page = page_factory(DESKTOP)
    open_due_seat(api, base_url, page, game, "?lang=hu")
    page.locator("[data-testid=prompt] .what", has_text="Játssz ki egy erőkártyát").wait_for()
    assert page.evaluate("document.documentElement.lang") == "hu"
    assert page.locator("#lang").input_value() == "hu"
    assert page.locator("#lang-label").text_content() == "Nyelv"
    assert page.locator(".history h2").first.text_content().startswith("Előzmények")
    assert page.locator("[data-testid=history-back]").get_attribute("aria-label") == "Előző változat"
    assert page.locator(".hand-panel h2").text_content().startswith("Erőkártyáid")
    assert page.locator(".players-panel h2").text_content() == "Játékosok és pontok"
    assert "Kattints egy világító lapra" in page.locator("[data-testid=prompt]").text_content()
    # game words by id from engine.terms: the expansion rulebook's Hungarian region names (002_)
    assert page.locator("svg .area-name", has_text="GALÍCIA").count() == 1
    assert page.locator("svg .area-name", has_text="GALICIA").count() == 0
    page.locator(".hand-panel button.card.playable").first.click()
    page.locator("[data-testid=confirm]", has_text="Megerősítés").wait_for()
    assert page.locator(".prompt .actions-row button", has_text="Mégse").count() == 1
    shot(page, "languages-elgrande-hu-desktop")
    phone = page_factory(PHONE)
    open_due_seat(api, base_url, phone, game, "?lang=hu")
    phone.locator("[data-testid=prompt] .what", has_text="Játssz ki egy erőkártyát").wait_for()
    shot(phone, "languages-elgrande-hu-phone")


def test_polish_el_grande_and_polish_plurals(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    page = page_factory(DESKTOP)
    open_due_seat(api, base_url, page, game, "?lang=pl")
    page.locator("[data-testid=prompt] .what", has_text="Zagraj kartę siły").wait_for()
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.locator(".history h2").first.text_content().startswith("Historia")
    assert page.locator("#phase").text_content().endswith("Karty siły")  # "Runda 2 · 1 z 6 · Karty siły"
    assert page.locator(".offer-panel h2").text_content().startswith("Karty akcji")
    # one, few, many, and the few of 22 (Intl.PluralRules("pl") picks the gettext form)
    assert page.evaluate(TN, ["pl", [1, 2, 5, 22, 12]]) == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
        "12 kart",
    ]
    shot(page, "languages-elgrande-pl-desktop")


def test_polish_kabale_counts_its_hand_and_its_history(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("kabale", ["Ana", "Bruno"])
    page = page_factory(DESKTOP)
    open_due_seat(api, base_url, page, game, "?lang=pl")
    page.locator(".prompt .what", has_text="Zagraj kartę").wait_for()
    assert page.locator(".hand-panel h2 .count").text_content() == "3 karty"  # few
    count = page.locator(".history h2 .count").text_content()
    version = api.get(f"/games/{game['id']}")["version"]
    form = page.evaluate(
        """(n) => ({one: "zdarzenie", few: "zdarzenia", many: "zdarzeń"})[new Intl.PluralRules("pl").select(n)]""",
        version,
    )
    assert count == f"{version} {form}"
    shot(page, "languages-kabale-pl-desktop")


def test_finnish_kabale_by_query_and_by_the_browsers_languages(
    api: Api, base_url: str, page_factory: Any, browser: Any
) -> None:
    game = api.create("kabale", ["Ana", "Bruno", "Chiara"])
    page = page_factory(DESKTOP)
    seat = open_due_seat(api, base_url, page, game, "?lang=fi")
    page.locator(".prompt .what", has_text="Pelaa kortti").wait_for()
    assert page.locator(".hand-panel h2").text_content().startswith("Kätesi")
    assert page.locator(".goal-col .col-no").first.text_content().startswith("sarake")
    shot(page, "languages-kabale-fi-desktop")
    context = browser.new_context(viewport=DESKTOP, locale="fi-FI")
    try:
        finnish = context.new_page()
        finnish.goto(f"{base_url}/play/{game['id']}")  # a spectator, no ?lang=: navigator.languages
        finnish.locator(".players-panel h2", has_text="Pelaajat").wait_for()
        assert finnish.evaluate("document.documentElement.lang") == "fi"
        assert finnish.locator("#me .tag").text_content() == "katsojana"
    finally:
        context.close()
    assert seat in (0, 1, 2)


def test_the_seats_language_wins_over_the_browsers(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("kabale", ["Ana", "Bruno"])
    page = page_factory(DESKTOP)

    def with_languages(route: Any) -> None:  # the seat language of the `mail` branch's game answer
        answer = route.fetch()
        body = answer.json()
        for seat in body.get("seats", []):
            seat["language"] = "de"
        route.fulfill(response=answer, body=json.dumps(body))

    page.route(f"{base_url}/games/{game['id']}", with_languages)
    open_due_seat(api, base_url, page, game, "")
    page.locator(".prompt .what", has_text="Spiele eine Karte").wait_for()
    assert page.evaluate("document.documentElement.lang") == "de"


def test_the_switcher_switches_and_saves_the_seats_choice(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    page = page_factory(DESKTOP)
    puts: list[str] = []
    page.on("request", lambda r: puts.append(r.url) if r.method == "PUT" else None)
    open_due_seat(api, base_url, page, game, "")
    page.locator("[data-testid=prompt] .what", has_text="Play a power card").wait_for()
    assert page.evaluate("document.documentElement.lang") == "en"
    options = page.locator("#lang option").all_text_contents()
    assert options == ["English", "Deutsch", "suomi", "magyar", "polski"]
    page.select_option("#lang", "pl")
    page.locator("[data-testid=prompt] .what", has_text="Zagraj kartę siły").wait_for()
    assert page.locator(".history h2").first.text_content().startswith("Historia")
    assert page.locator("#lang-label").text_content() == "Język"
    assert page.locator("svg.board").get_attribute("aria-label") == "Mapa Hiszpanii"
    assert "lang=pl" in page.url
    page.wait_for_timeout(300)
    assert any(url.endswith("/language") for url in puts)  # the seat's choice is sent
    assert page.locator("#banner .error-box").count() == 0  # a server without the route is no error
    page.select_option("#lang", "de")
    page.locator("[data-testid=prompt] .what", has_text="Spiele eine Machtkarte").wait_for()
    page.reload()  # the address keeps the choice
    page.locator("[data-testid=prompt] .what", has_text="Spiele eine Machtkarte").wait_for()


def test_the_deadline_and_the_historys_times_follow_the_language(
    api: Api, base_url: str, page_factory: Any
) -> None:
    body = {
        "game": "kabale",
        "seats": [{"name": "Ana"}, {"name": "Bruno"}],
        "time_control": {"per_move": 3 * 86400},
    }
    answer = api.http.post(f"{base_url}/games", json=body, headers={"Idempotency-Key": uuid.uuid4().hex})
    assert answer.status_code == 201, answer.text
    game = answer.json()
    seat = next(iter(seat_due(api, game["id"])))
    deadline = next(p["deadline"] for p in api.get(f"/games/{game['id']}")["prompts"] if p["seat"] == seat)
    assert deadline
    page = page_factory(DESKTOP)
    page.goto(base_url + link_with(game, seat, "?lang=de"))
    page.locator(".prompt .what", has_text="Spiele eine Karte").wait_for()
    when = page.evaluate(
        """(ms) => new Intl.DateTimeFormat("de", {dateStyle: "medium", timeStyle: "short"}).format(ms)""",
        deadline * 1000,
    )
    assert f"Antworte bis {when}." in page.locator(".prompt .hint").text_content()
    first = page.locator(".history li").first
    assert first.get_attribute("title")  # the entry's time, as German writes it
    assert first.get_attribute("title") == page.evaluate(
        """(ms) => new Intl.DateTimeFormat("de", {dateStyle: "medium", timeStyle: "short"}).format(ms)""",
        api.get(f"/games/{game['id']}/events", after=0, limit=1)["entries"][0]["t"],
    )
