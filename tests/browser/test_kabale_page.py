"""Plays Kabale & Hiebe in headless Chromium through the browser client against a live server."""

from __future__ import annotations

from typing import Any

from service import receipts
from tests.browser.conftest import DESKTOP, PHONE, Api, shot
from tests.browser.test_elgrande_page import link_path, seat_due

NAMES = {
    "fencing_master": "Fencing Master",
    "magic_hood": "Magic Hood",
    "little_giant": "Little Giant",
    "musketeers": "Three Musketeers",
}


def test_play_a_card_into_a_column_by_clicks(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("kabale", ["Ana", "Bruno", "Chiara"])
    me = next(iter(seat_due(api, game["id"])))
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    page.wait_for_selector(".goal-col[data-column='2'] .goal")
    assert page.locator(".hand-panel .hand-card").count() == 3
    card = page.locator(".hand-panel button.hand-card").first
    name = card.get_attribute("data-card")
    card.click()
    page.click(".goal-col.target[data-column='1']")
    page.click("[data-testid=confirm]")
    page.wait_for_selector(".goal-col[data-column='1'] .infl.back")
    assert page.locator(".hand-panel .hand-card").count() == 3  # K9: drew a new card
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(7):
        seat = next(iter(seat_due(api, game["id"])))
        move = api.get(f"/games/{game['id']}/legal-moves", tokens[seat])["moves"][-1]
        api.post(f"/games/{game['id']}/moves", {"move": move}, tokens[seat])
    version = api.get(f"/games/{game['id']}")["version"]
    page.locator("[data-testid=history-at]", has_text=f"/ {version}").wait_for()
    assert page.locator(".history li", has_text=f"played {NAMES.get(name, name.title())}").count() >= 1
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('castillo:receipts:{game['id']}'))")
    keys = receipts.public_keys(api.get("/.well-known/jwks.json"))
    signed = [receipts.check(r, keys) for r in kept]  # the page keeps every receipt it was given
    assert len(kept) >= 2 and all(p is not None and p["game"] == game["id"] for p in signed)
    shot(page, "kabale-desktop")
    phone = page_factory(PHONE)
    phone.goto(base_url + link_path(game, (me + 1) % 3))
    phone.wait_for_selector(".goal-col .infl")
    shot(phone, "kabale-phone")


def test_a_finished_game_shows_the_result_and_everyones_goals(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("kabale", ["Ana", "Bruno"])
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(400):
        due = seat_due(api, game["id"])
        if not due:
            break
        seat = next(iter(due))
        move = api.get(f"/games/{game['id']}/legal-moves", tokens[seat])["moves"][0]
        api.post(f"/games/{game['id']}/moves", {"move": move}, tokens[seat])
    assert api.get(f"/games/{game['id']}")["status"] == "finished"
    page = page_factory(DESKTOP)
    page.goto(f"{base_url}/play/{game['id']}")
    page.locator(".notice", has_text="Game over").wait_for()
    assert page.locator("#phase").text_content() == "Finished"
    assert page.locator(".players .won .goal").count() >= 1
    shot(page, "kabale-finished-desktop")


def drive_to_decision(api: Api) -> tuple[dict[str, Any], int, str]:
    """Plays games by the last legal move until a seat owes a hood or Traitor decision (KD2, KD3)."""
    for _ in range(5):
        game = api.create("kabale", ["Ana", "Bruno", "Chiara"])
        tokens = [s["token"] for s in game["seats"]]
        for _ in range(300):
            due = seat_due(api, game["id"])
            hit = [(s, k) for s, k in due.items() if k in ("hood_tuck", "traitor_swap")]
            if hit:
                return game, *hit[0]
            if not due:
                break
            seat = next(iter(due))
            move = api.get(f"/games/{game['id']}/legal-moves", tokens[seat])["moves"][-1]
            api.post(f"/games/{game['id']}/moves", {"move": move}, tokens[seat])
    raise AssertionError("no hood or Traitor decision came up in five games")


def test_a_hood_or_traitor_decision_is_answered_by_clicks(api: Api, base_url: str, page_factory: Any) -> None:
    game, seat, kind = drive_to_decision(api)
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, seat))
    prompt = page.locator(".prompt")
    if kind == "hood_tuck":
        prompt.get_by_text("Magic Hood was revealed").wait_for()
        page.locator(".hand-panel button.hand-card").first.click()
    else:
        prompt.get_by_text("Traitor was revealed").wait_for()
        page.locator(".goal-col.target").first.click()
    page.click("[data-testid=confirm]")
    page.locator(".history li", has_text="hides" if kind == "hood_tuck" else "swaps").wait_for()
    shot(page, f"kabale-{kind.replace('_', '-')}-desktop")
