"""Plays the El Grande map and the Kabale table with the keyboard alone, and checks what a screen
reader is told: labelled areas and columns, named move buttons, the polite live region, and each
seat's letter beside its colour."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import DESKTOP, Api, shot
from tests.browser.test_elgrande_page import drive_until, link_path, play_seat, seat_due

NAMES = ["Ana", "Bruno", "Chiara"]


def tab_to(page: Any, selector: str, limit: int = 80, back: bool = False) -> None:
    """Presses Tab (Shift+Tab with `back`) until the focused element matches `selector`."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def focused(page: Any, script: str = "el => el.outerHTML.slice(0, 120)") -> Any:
    return page.evaluate(f"({script})(document.activeElement)")


def test_a_placement_on_the_map_by_keyboard_alone(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    me = next(iter(seat_due(api, game["id"])))
    drive_until(api, game, me, "turn_step")
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    page.wait_for_selector("svg.board path.region[aria-label]")
    king = api.get(f"/games/{game['id']}/view")["view"]["king"]
    label = page.locator(f"svg.board [data-area='{king}']").get_attribute("aria-label") or ""
    assert re.search(r": .*scores \d+/\d+/\d+; the King is here", label), (
        label
    )  # each area says its pieces and values
    page.get_by_role("group", name="Map of Spain").wait_for()
    assert page.locator("svg.board .seat-mark").count() >= 1  # the seats' letters beside their colours
    assert page.locator(".legend .swatch").all_text_contents() == ["A", "B", "C"]

    tab_to(page, "[data-testid=begin-place]")
    page.keyboard.press("Enter")
    page.wait_for_selector("svg.board .region.target[tabindex='0'][role=button]")
    assert focused(page, "el => el.tagName") == "H2"  # the prompt's heading, once the button is gone
    tab_to(page, "svg.board .target", back=True)  # the map's targets come before the prompt
    area = focused(page, "el => el.dataset.area")
    name = focused(page, "el => el.getAttribute('aria-label')")
    assert name.startswith(
        page.evaluate("a => document.querySelector(`[data-area='${a}']`).dataset.label", area)
    )
    outline = focused(page, "el => getComputedStyle(el.querySelector('.castillo-plate') || el).stroke")
    assert outline == "rgb(11, 61, 145)", outline  # a clear focus: the --focus colour
    shot(page, "keyboard-elgrande-map-focus")
    page.keyboard.press("Enter")
    page.wait_for_selector("svg.board .pick-badge")
    page.wait_for_function(
        "a => document.activeElement?.dataset?.area === a", arg=area
    )  # focus stays on the map
    shot(page, "keyboard-elgrande-picked")
    tab_to(page, "[data-testid=done]:not([disabled])")
    page.keyboard.press("Enter")
    page.get_by_test_id("prompt").get_by_text("✓ caballeros placed").wait_for()


def test_a_card_into_a_column_by_keyboard_alone(api: Api, base_url: str, page_factory: Any) -> None:
    game = api.create("kabale", NAMES)
    me = next(iter(seat_due(api, game["id"])))
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    page.wait_for_selector(".goal-col[role=img]")
    label = page.locator(".goal-col[data-column='1']").get_attribute("aria-label") or ""
    assert re.match(r"Column 1: \w+ \d+, 0 / \d+; no cards$", label), label
    tab_to(page, ".hand-panel button.hand-card")
    card = focused(page, "el => el.dataset.card")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.matches('.goal-col.target[role=button]')")
    assert focused(page, "el => el.getAttribute('aria-label')").startswith("Play ")
    page.keyboard.press("Tab")
    column = focused(page, "el => el.dataset.column")
    shot(page, "keyboard-kabale-column-focus")
    page.keyboard.press("Space")
    page.wait_for_function("() => document.activeElement?.dataset?.testid === 'confirm'")  # on to Confirm
    page.keyboard.press("Enter")
    played = page.locator(f".goal-col[data-column='{column}']")
    played.locator(".infl.back").wait_for()
    assert re.search(rf"{NAMES[me]}: face down \(", played.get_attribute("aria-label") or "")
    assert card  # the hand card had a data-card, so its focus could be kept
    page.locator(".infl.back .mark", has_text=NAMES[me][0]).first.wait_for()


def test_a_bid_by_keyboard_and_the_live_region_tells_of_each_move_and_whose_turn_it_is(
    api: Api, base_url: str, page_factory: Any
) -> None:
    game = api.create("elgrande", NAMES, {"short_game": True})
    me = next(iter(seat_due(api, game["id"])))
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(game, me))
    status = page.get_by_role("status")
    status.get_by_text("Your turn.").wait_for(state="attached")
    tab_to(page, ".hand button.card[data-power='13']")  # a bid by keyboard: the card, then Confirm
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.dataset?.testid === 'confirm'")
    page.keyboard.press("Enter")
    nxt = next(iter(seat_due(api, game["id"])))
    status.get_by_text(f"plays power card 13. Waiting for {NAMES[nxt]}.").wait_for(state="attached")
    play_seat(api, game["id"], game["seats"][nxt]["token"])
    page.wait_for_function(
        "n => document.getElementById('announce').textContent.includes(n)",
        arg=f"{NAMES[nxt]} plays power card",
    )
