"""Plays El Grande in headless Chromium through the browser client against a live server."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import DESKTOP, PHONE, Api, shot

NAMES = ["Ana", "Bruno", "Chiara"]


def link_path(game: dict[str, Any], seat: int) -> str:
    """Returns the e-mail style play link of a seat, relative to the server (`/play/<id>#k=...`)."""
    link = game["seats"][seat]["link"]
    return link[link.index("/play/") :]


def test_email_link_opens_the_board_and_forgets_the_fragment(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, 0))
    page.wait_for_selector("svg.board .region[data-area='granada']")
    assert page.locator("svg.board .region").count() == 9
    assert "#k=" not in page.url
    assert page.evaluate("sessionStorage.length") == 1
    page.wait_for_selector(".player[data-seat='2']")
    shot(page, "elgrande-start-desktop")
    phone = page_factory(PHONE)
    phone.goto(base_url + link_path(game, next(iter(seat_due(api, game["id"])))))
    phone.wait_for_selector(".hand-panel button.card.playable")
    shot(phone, "elgrande-start-phone")


def seat_due(api: Api, game_id: str) -> dict[int, str]:
    """Returns {seat: prompt kind} of every seat that owes a decision now."""
    summary = api.get(f"/games/{game_id}")
    return {p["seat"]: p["kind"] for p in summary["prompts"]}


def play_seat(api: Api, game_id: str, token: str) -> None:
    """Plays one move for a seat like a simple bot: first legal move, one caballero to the Castillo."""
    legal = api.get(f"/games/{game_id}/legal-moves", token)
    move = legal["moves"][0]
    if move["type"] == "place_caballeros":
        exts = api.post(f"/games/{game_id}/legal-moves", {"partial": move}, token)["moves"]
        into = [e for e in exts if e.get("to") == {"castillo": 1}]
        move = {"type": "place_caballeros", "to": {"castillo": 1}} if into else move
    api.post(f"/games/{game_id}/moves", {"move": move}, token)


def drive_until(api: Api, game: dict[str, Any], me: int, kind: str, limit: int = 400) -> None:
    """Plays the other seats (and `me` outside `kind`) until `me` owes a `kind` prompt."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(limit):
        due = seat_due(api, game["id"])
        if due.get(me) == kind:
            return
        seat = next((s for s in due if s != me), None)
        play_seat(api, game["id"], tokens[me if seat is None else seat])
    raise AssertionError(f"seat {me} never owed {kind}")


def confirm(page: Any) -> None:
    page.click("[data-testid=confirm]")


def test_a_turn_by_clicks_then_a_castillo_disc_then_history(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    me = next(iter(seat_due(api, game["id"])))  # the start player bids first (R11)
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    prompt = page.locator("[data-testid=prompt]")
    page.click(".hand [data-power='13'].playable")
    confirm(page)
    prompt.get_by_text("Waiting for").wait_for()
    for seat in ((me + 1) % 3, (me + 2) % 3):  # R11: bidding passes clockwise
        play_seat(api, game["id"], game["seats"][seat]["token"])
    prompt.get_by_text("Take an action card").wait_for()
    page.click(".offer-panel button.card[data-card^='d5_king']")
    confirm(page)
    page.click("[data-testid=begin-place]")
    page.wait_for_selector("svg.board .castillo.target")
    page.click("svg.board .castillo.target")
    page.wait_for_selector("svg.board .pick-badge")
    page.locator("svg.board path.region.target").first.click()
    page.wait_for_function("document.querySelector('[data-testid=draft]').textContent.includes(',')")
    shot(page, "elgrande-placing-desktop")
    page.click("[data-testid=done]")
    prompt.get_by_text("✓ caballeros placed").wait_for()
    assert page.locator("svg.board .castillo .cube-text").first.text_content() == "1"
    page.click("[data-testid=end-turn]")
    confirm(page)
    prompt.get_by_text("Waiting for").wait_for()

    drive_until(api, game, me, "castillo_disc")
    prompt.get_by_text("Castillo disc").wait_for()
    page.locator("svg.board path.region.target").first.click()
    confirm(page)
    prompt.get_by_text("Your sealed choice").wait_for()
    shot(page, "elgrande-disc-desktop")
    for seat in range(3):
        if seat != me and seat_due(api, game["id"]).get(seat) == "castillo_disc":
            play_seat(api, game["id"], game["seats"][seat]["token"])
    version = api.get(f"/games/{game['id']}")["version"]
    page.locator("[data-testid=history-at]", has_text=f"/ {version}").wait_for()
    reveal = page.locator(".history li", has_text="Choices revealed").last.text_content() or ""
    assert NAMES[me] in reveal

    latest = page.locator("[data-testid=history-at]").text_content()
    page.click("[data-testid=history-back]")
    page.locator(".past-banner").wait_for()
    assert page.locator("[data-testid=history-at]").text_content() != latest
    page.click(".history li[data-v='4']")
    page.locator(".past-banner", has_text="version 4 of").wait_for()
    assert page.locator("svg.board .castillo .cube").count() == 0
    shot(page, "elgrande-history-desktop")
    page.click(".past-banner button")
    page.locator(".past-banner").wait_for(state="detached")
    phone = page_factory(PHONE)
    phone.goto(base_url + f"/play/{game['id']}")
    phone.wait_for_selector("svg.board .region")
    shot(phone, "elgrande-spectator-phone")


def test_a_stack_one_special_action_built_click_by_click(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    me = next(iter(seat_due(api, game["id"])))
    tokens = [s["token"] for s in game["seats"]]
    api.post(f"/games/{game['id']}/moves", {"move": {"type": "play_power_card", "value": 13}}, tokens[me])
    for seat in ((me + 1) % 3, (me + 2) % 3):
        play_seat(api, game["id"], tokens[seat])
    page = page_factory(PHONE)
    page.goto(base_url + link_path(game, me))
    page.click(".offer-panel button.card[data-card^='d1_']")  # R10: stack 1 always offers a d1 card
    confirm(page)
    page.locator("[data-testid=begin-action]").first.click()
    draft = page.locator("[data-testid=draft]")
    draft.wait_for()
    empty = draft.text_content()  # e.g. '+2 anywhere, or move out: no moves' (a comma, yet nothing drafted)
    for _ in range(8):
        text = draft.text_content()
        if page.locator("[data-testid=done]").is_enabled() and text != empty and any(w in text for w in "→,"):
            break
        target = page.locator("svg.board path.region.target")
        if target.count():
            target.first.click()
        else:
            page.locator(".drafting .choices button").first.click()
        # each click asks the server for the draft's extensions; wait for the redrawn draft
        page.wait_for_function(
            "before => document.querySelector('[data-testid=draft]')?.textContent !== before", arg=text
        )
    shot(page, "elgrande-special-action-phone")
    page.click("[data-testid=done]")
    page.locator("[data-testid=prompt]").get_by_text("✓ special action done").wait_for()
    page.locator(".history li", has_text="declares").wait_for()


def test_a_forged_link_or_an_unknown_game_gives_a_clear_message(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("elgrande", NAMES)
    page = page_factory(DESKTOP)
    page.goto(f"{base_url}/play/{game['id']}#k=forged-token")
    page.locator("[role=alert]", has_text="link could not be used").wait_for()
    page.wait_for_selector("svg.board .region")
    assert page.locator("#me").text_content() == "watchingSpectator"
    page.goto(f"{base_url}/play/nosuchgame")
    page.locator("[role=alert]", has_text="there is no game").wait_for()


def test_an_expired_seat_session_falls_back_to_watching(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("elgrande", NAMES)
    page = page_factory(DESKTOP)
    page.goto(f"{base_url}/play/{game['id']}")
    page.wait_for_selector("svg.board .region")
    page.evaluate(
        "id => sessionStorage.setItem(`castillo:bearer:${id}`, JSON.stringify({token: 'stale', seat: 0}))",
        game["id"],
    )
    page.reload()
    page.locator("[role=alert]", has_text="session has expired").wait_for()
    page.wait_for_selector("svg.board .region")
    assert page.locator("#me").text_content() == "watchingSpectator"
