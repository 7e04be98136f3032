"""Plays El Grande with the optional rules of §9 in headless Chromium: what France, the Church and
Moorish Granada add to the board, and their new moves as controls."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.elgrande.ruleset import OPTIONS
from tests.browser.conftest import DESKTOP, PHONE, Api, shot
from tests.browser.test_elgrande_page import NAMES, confirm, link_path, play_seat, seat_due


def needs(*options: str) -> pytest.MarkDecorator:
    """Skips a test until the engine offers every option it plays with."""
    missing = [o for o in options if o not in OPTIONS]
    return pytest.mark.skipif(bool(missing), reason=f"the engine has no option {', '.join(missing)} yet")


def drive_to(api: Api, game: dict[str, Any], kind: str, limit: int = 40) -> int:
    """Plays every seat like a simple bot until some seat owes a `kind` prompt; returns that seat."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(limit):
        due = seat_due(api, game["id"])
        seat = next((s for s, k in due.items() if k == kind), None)
        if seat is not None:
            return seat
        play_seat(api, game["id"], tokens[next(iter(due))])
    raise AssertionError(f"nobody owed {kind}")


def black_on_board(page: Any) -> int:
    """Returns how many black caballeros the map shows (the numbers on the Church's cubes)."""
    return sum(int(t) for t in page.locator("svg.board .pieces .cube.church .cube-text").all_text_contents())


@needs("france", "church", "granada_moorish")
def test_france_the_church_and_moorish_granada_are_drawn(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("elgrande", NAMES, {"france": True, "church": True, "granada_moorish": True})
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, 0))
    page.wait_for_selector("svg.board .region[data-area='france']")
    assert page.locator("svg.board .region").count() == 10  # O-F1
    options = page.locator("#options").text_content() or ""
    assert all(word in options for word in ("France", "the Church", "Moorish Granada")), options
    for slot in ("ambassador slot (+2)", "envoy slot (+1)", "plain slot"):  # O-F4
        page.get_by_role("img", name=f"France — {slot}: free").wait_for()
    assert page.locator("svg.board .slot-name").all_text_contents() == ["Ambassador +2", "Envoy +1", "Plain"]
    assert black_on_board(page) == 4  # O-C2: 2 black caballeros in each of two regions
    page.get_by_test_id("church").get_by_text("Church marker: nobody").wait_for()  # O-C2: beside the board
    assert page.locator("svg.board path.region.moorish[data-area='granada']").count() == 1  # O-G1
    page.locator("svg.board .moorish-tag", has_text="MOORISH").wait_for()
    page.locator(".legend", has_text="Granada is Moorish").wait_for()
    page.locator(".offer-panel .card[data-card^='d6_church']", has_text="The Church").wait_for()  # O-C1
    shot(page, "elgrande-options-desktop")
    phone = page_factory(PHONE)
    phone.goto(f"{base_url}/play/{game['id']}")
    phone.wait_for_selector("svg.board .france-slots")
    shot(phone, "elgrande-options-phone")


def king_next_to_france(api: Api) -> dict[str, Any]:
    """Returns a new France game whose King starts in aragon or catalonia (O-F2: France is then open)."""
    for _ in range(80):  # 2 of the 9 region cards: (7/9)^80 is about 2e-9
        game = api.create("elgrande", NAMES, {"france": True})
        if api.get(f"/games/{game['id']}/view")["view"]["king"] in ("aragon", "catalonia"):
            return game
    raise AssertionError("the King never started next to France")


@needs("france")
def test_a_caballero_is_placed_on_a_france_slot_by_clicks(api: Api, base_url: str, page_factory: Any) -> None:
    game = king_next_to_france(api)
    me = drive_to(api, game, "choose_action_card")
    tokens = [s["token"] for s in game["seats"]]
    take = api.get(f"/games/{game['id']}/legal-moves", tokens[me])["moves"][0]
    api.post(f"/games/{game['id']}/moves", {"move": take}, tokens[me])
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    page.click("[data-testid=begin-place]")
    prompt = page.get_by_test_id("prompt")
    prompt.get_by_role("button", name="France — ambassador slot (+2)").wait_for()  # O-F4: a slot per choice
    prompt.get_by_role("button", name="France — plain slot").wait_for()
    page.click("svg.board .slot.target[data-area='france_ambassador']")
    page.get_by_test_id("draft").get_by_text("France — ambassador slot (+2)").wait_for()
    assert page.locator("svg.board .pick-badge").count() == 1
    page.click("[data-testid=done]")
    prompt.get_by_text("✓ caballeros placed").wait_for()
    page.get_by_role("img", name=f"France — ambassador slot (+2): {NAMES[me]}").wait_for()
    assert page.locator("svg.board .slot[data-slot='ambassador'] .cube-text").text_content() == NAMES[me][0]
    page.locator(".history li", has_text="in France — ambassador slot (+2)").wait_for()
    shot(page, "elgrande-france-slot-desktop")


@needs("church")
def test_the_church_card_gives_the_marker_and_the_church_extra_is_a_button(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("elgrande", NAMES, {"church": True})
    me = drive_to(api, game, "choose_action_card")
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    page.get_by_test_id("church").get_by_text("Church marker: nobody").wait_for()
    page.click(".offer-panel button.card[data-card^='d6_church']")
    confirm(page)
    page.get_by_test_id("church").get_by_text(f"Church marker: {NAMES[me]}").wait_for()  # O-C3
    page.locator(f".player[data-seat='{me}'] .tag.church").wait_for()
    court = api.get(f"/games/{game['id']}/view")["view"]["courts"][me]
    page.get_by_role("button", name="Church: take 1 caballero into court").click()  # O-C6 (a)
    confirm(page)
    page.get_by_test_id("church-intake").wait_for(state="detached")
    page.locator(f".player[data-seat='{me}'] .facts", has_text=f"court {court + 1}").wait_for()
    page.locator(".history li", has_text="uses the Church extra").wait_for()

    page.get_by_role("button", name="Move black caballeros…").click()  # O-C3: the card's special action
    page.locator("svg.board path.region.target").first.click()
    page.get_by_test_id("prompt").get_by_text(re.compile("Where does the black caballero from")).wait_for()
    assert "black caballero" in (page.get_by_test_id("draft").text_content() or "")
    before = black_on_board(page)
    page.locator("svg.board path.region.target").first.click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=done]') && !document.querySelector('[data-testid=done]').disabled"
    )
    assert black_on_board(page) == before  # the preview moves it, so the count stays
    shot(page, "elgrande-church-desktop")
    page.click("[data-testid=done]")
    page.get_by_test_id("prompt").get_by_text("✓ special action done").wait_for()
    page.locator(".history li", has_text="declares The Church: black caballero").wait_for()
