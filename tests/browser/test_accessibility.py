"""Checks every page of the browser client with axe-core in Chromium: no serious or critical violation.

The pages: the El Grande game in its states (a setup disc, a placement on the map, a finished game),
the Kabale table (a card to play, a finished game) and the unsubscribe page that emails link to.
The default run checks each page once in English; the `large` run checks each page in every
language of `engine.i18n.languages()`, opened with `?lang=<code>` (design.md, decision 13).
Games are created once per module and only opened again per language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import requests

from engine.i18n import languages
from service import mailplay, seatlang
from tests.browser.conftest import DESKTOP, Api
from tests.browser.test_elgrande_page import drive_until, link_path, play_seat, seat_due

NAMES = ["Ana", "Bruno", "Chiara"]
SECRET = "browser-test-secret"  # the SECRET_KEY of the browser tests' server (conftest.base_url)
BAD = ("serious", "critical")
Opener = Callable[[Any, str], None]


def play_out(api: Api, game: dict[str, Any], first: bool = False) -> None:
    """Plays a game to its end, every seat by the simple bot (`first`: always the first legal move)."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(2000):
        due = seat_due(api, game["id"])
        if not due:
            break
        seat = next(iter(due))
        if first:
            move = api.get(f"/games/{game['id']}/legal-moves", tokens[seat])["moves"][0]
            api.post(f"/games/{game['id']}/moves", {"move": move}, tokens[seat])
        else:
            play_seat(api, game["id"], tokens[seat])
    assert api.get(f"/games/{game['id']}")["status"] == "finished"


def with_lang(path: str, lang: str) -> str:
    """Puts `?lang=<lang>` before the link's `#k=` fragment."""
    head, hash_, tail = path.partition("#")
    return f"{head}?lang={lang}{hash_}{tail}"


@pytest.fixture(scope="module")
def openers(api: Api, base_url: str) -> dict[str, Opener]:
    """Returns, per page name, a function that opens that page in one language and waits until it is drawn."""
    ic = api.create("elgrande", NAMES, {"inquisitor_colonies": True})
    turn = api.create("elgrande", NAMES, {"short_game": True})
    me = next(iter(seat_due(api, turn["id"])))
    drive_until(api, turn, me, "turn_step")
    done = api.create("elgrande", NAMES, {"short_game": True})
    play_out(api, done)
    kab = api.create("kabale", NAMES)
    kab_me = next(iter(seat_due(api, kab["id"])))
    kab_done = api.create("kabale", NAMES[:2])
    play_out(api, kab_done, first=True)
    unsub = mailplay.make_unsubscribe_token(SECRET, kab["id"], 0)
    choose = seatlang.make_token(SECRET, kab["id"], 0)

    def speak(lang: str) -> None:  # the emailed pages speak the seat's language: set it by its link
        answer = requests.post(f"{base_url}/language/{choose}", data={"language": lang}, timeout=10)
        assert answer.status_code == 200, answer.text

    def setup_disc(page: Any, lang: str) -> None:
        page.goto(base_url + with_lang(link_path(ic, 0), lang))
        page.wait_for_selector("svg.board path.region.target")

    def placing(page: Any, lang: str) -> None:
        page.goto(base_url + with_lang(link_path(turn, me), lang))
        page.click("[data-testid=begin-place]")
        page.wait_for_selector("svg.board path.region.target")

    def finished(page: Any, lang: str) -> None:
        page.goto(base_url + with_lang(f"/play/{done['id']}", lang))
        page.wait_for_selector(".players-panel .notice")

    def kabale(page: Any, lang: str) -> None:
        page.goto(base_url + with_lang(link_path(kab, kab_me), lang))
        page.locator(".hand-panel button.hand-card").first.click()
        page.wait_for_selector(".goal-col.target")

    def kabale_finished(page: Any, lang: str) -> None:
        page.goto(base_url + with_lang(f"/play/{kab_done['id']}", lang))
        page.wait_for_selector(".table-panel .notice")

    def unsubscribe(page: Any, lang: str) -> None:
        speak(lang)
        page.goto(base_url + f"/unsubscribe/{unsub}")
        page.wait_for_selector(f"html[lang={lang}] button")

    def language(page: Any, lang: str) -> None:
        speak(lang)
        page.goto(base_url + f"/language/{choose}")
        page.wait_for_selector(f"html[lang={lang}] button")

    return {
        "elgrande-setup-disc": setup_disc,
        "elgrande-placing": placing,
        "elgrande-finished": finished,
        "kabale-play": kabale,
        "kabale-finished": kabale_finished,
        "unsubscribe": unsubscribe,
        "language": language,
    }


PAGES = [
    "elgrande-setup-disc",
    "elgrande-placing",
    "elgrande-finished",
    "kabale-play",
    "kabale-finished",
    "unsubscribe",
    "language",
]


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """Runs axe-core (every rule but the experimental ones) and returns the serious and critical violations."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [v for v in results.response["violations"] if v.get("impact") in BAD]


def report(violations: list[dict[str, Any]]) -> str:
    """Returns the violations as readable lines: rule, impact, help, and up to five offending nodes."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} node(s)")
        for node in v["nodes"][:5]:
            lines.append(f"    {node['target']}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


def check(page_factory: Any, openers: dict[str, Opener], name: str, lang: str) -> None:
    page = page_factory(DESKTOP)
    openers[name](page, lang)
    page.wait_for_timeout(200)  # the polite live region and late redraws settle
    found = serious_violations(page)
    assert not found, f"{name} in {lang}:\n{report(found)}"


@pytest.mark.parametrize("name", PAGES)
def test_every_page_has_no_serious_violation_in_english(
    page_factory: Any, openers: dict[str, Opener], name: str
) -> None:
    check(page_factory, openers, name, "en")


@pytest.mark.large
@pytest.mark.parametrize("lang", [code for code in languages() if code != "en"])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_has_no_serious_violation_in_every_language(
    page_factory: Any, openers: dict[str, Opener], name: str, lang: str
) -> None:
    check(page_factory, openers, name, lang)
