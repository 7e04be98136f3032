"""Draws Inquisitor & Colonies (option `inquisitor_colonies`) in headless Chromium:
the overseas regions, the ship, tiles, slots, black caballeros and their holder, the limit board,
marks and bonus moves, held cards, delayed markers and turned cards (G3, G4, G4a, G79-G80).

The first test plays a real game, created, served, viewed and played by the ordinary API. A game
fresh from setup shows little of the expansion, so the second test feeds the page a busy position
instead: `tests.engine.elgrande.ic_showcase` builds
an engine State, `engine.elgrande.views.view` turns it into the view JSON, and Playwright answers
the page's GET /view and GET /legal-moves with it (plus two move types the page has no special
control for). Everything the page draws comes from the engine's own view.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.elgrande import views
from engine.elgrande.legal import legal_moves
from tests.browser.conftest import DESKTOP, PHONE, Api, shot
from tests.browser.test_elgrande_page import link_path, seat_due
from tests.engine.elgrande import ic_showcase

NAMES = ["Ana", "Bruno", "Chiara", "Dario"]
FINAL_SHOT = Path("/work/ic-board.png")


@pytest.fixture()
def ic_game(api: Api) -> dict[str, Any]:
    """Returns a real 4-seat game with the option on."""
    return api.create("elgrande", NAMES, {"inquisitor_colonies": True})


def board_count(page: Any, selector: str) -> int:
    """Returns the sum of the `data-count` of the matching nodes."""
    return int(
        page.eval_on_selector_all(selector, "ns => ns.reduce((n, x) => n + Number(x.dataset.count), 0)")
    )


def test_a_live_game_draws_the_new_regions_and_plays_the_setup_disc(
    api: Api, base_url: str, page_factory: Any, ic_game: dict[str, Any]
) -> None:
    view = api.get(f"/games/{ic_game['id']}/view")["view"]
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(ic_game, 0))
    page.wait_for_selector("svg.board.ic .region[data-area='caravel']")
    for area in ("france", "caravel", "america", "mediterranean"):  # G3
        assert page.locator(f"svg.board .region[data-area='{area}']").count() == 1, area
    for slot in (
        "france_ambassador",
        "france_envoy",
        "france_plain",
        "caravel_captain",
        "america_viceroy",
    ):  # G3
        page.locator(f"svg.board .slot[data-area='{slot}']").wait_for()
    page.get_by_role("img", name="Caravel — captain (+3): free").wait_for()
    assert board_count(page, "svg.board .ic-cube[data-owner='black']") == 4  # G14 step 2: 2 + 2 black
    limit = view["limit_board"]["area"]
    assert (
        page.locator(f"svg.board .limit-board[data-limit='{limit}'] .limit-text").text_content()
        == "LIMIT 0/10"
    )  # G7
    assert (
        board_count(page, "svg.board [data-loose='gold']") == view["areas"]["america"]["gold"]
    )  # G14 step 6
    assert board_count(page, "svg.board [data-loose='goods']") == view["areas"]["mediterranean"]["goods"]
    page.get_by_test_id("inquisitor").get_by_text("Grand Inquisitor: nobody").wait_for()  # G80
    page.get_by_test_id("colonies").get_by_text("not on the board").wait_for(state="detached")
    assert "Inquisitor & Colonies" in (page.locator("#options").text_content() or "")
    page.locator(
        ".offer-panel .card[data-card^='d6_grand_inquisitor']", has_text="Grand Inquisitor"
    ).wait_for()
    prompt = page.get_by_test_id("prompt")
    prompt.get_by_text("Setup disc").wait_for()  # G16, G81
    targets = page.locator("svg.board path.region.target")
    assert targets.count() == len(
        api.get(f"/games/{ic_game['id']}/legal-moves", ic_game["seats"][0]["token"])["moves"]
    )
    targets.first.click()
    page.click("[data-testid=confirm]")
    page.wait_for_function("() => !document.querySelector('[data-testid=confirm]')")
    assert 0 not in seat_due(api, ic_game["id"])
    shot(page, "ic-live-desktop")


def showcase_routes(page: Any, seat: int) -> dict[str, Any]:
    """Answers the page's GET /view and GET /legal-moves with the showcase position; returns its view."""
    state = ic_showcase.showcase()
    view = views.view(state, seat)
    moves = legal_moves(state, seat)
    moves += [  # move types the page does not know (a later rule's): it must offer them all the same
        {"type": "future_move", "from": "caravel^", "to": "america"},
        {"type": "later_move", "from": "province", "to": "court"},
    ]

    def answer_view(route: Any) -> None:
        if route.request.method != "GET":
            return route.continue_()
        return route.fulfill(status=200, content_type="application/json", body=json.dumps({"view": view}))

    def answer_legal(route: Any) -> None:
        if route.request.method != "GET":
            return route.continue_()
        body = {"moves": moves, "notation": [None] * len(moves)}
        return route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(r"/games/[^/]+/view$"), answer_view)
    page.route(re.compile(r"/games/[^/]+/legal-moves$"), answer_legal)
    return view


def test_a_busy_position_shows_every_piece_of_the_expansion(
    api: Api, base_url: str, page_factory: Any, ic_game: dict[str, Any]
) -> None:
    me = ic_showcase.HOLDER  # the showcase's turn is the holder's
    page = page_factory(DESKTOP)
    view = showcase_routes(page, me)
    assert view["turn"]["seat"] == me
    page.goto(base_url + link_path(ic_game, me))
    page.wait_for_selector("svg.board.ic .limit-board")
    # G3, G57: the slots and their occupants
    page.get_by_role("img", name=re.compile(r"^France — ambassador slot \(\+2\): Ana")).wait_for()
    page.get_by_role(
        "img",
        name=re.compile(r"^Caravel — captain \(\+3\): Bruno ×1 · on the captain slot · bonus move open"),
    ).wait_for()
    page.get_by_role("img", name=re.compile(r"^America — viceroy \(\+5\): Chiara")).wait_for()
    # G36: a black caballero carries goods for Ana; Dario carries his own gold
    page.locator(
        "svg.board [data-pieces='caravel'] .ic-cube[data-owner='black'][data-tile='goods'][data-claimant='0']"
    ).wait_for()
    page.locator(
        "svg.board [data-pieces='caravel'] .ic-cube[data-owner='3'][data-tile='gold'][data-claimant='3']"
    ).wait_for()
    assert board_count(page, "svg.board [data-loose='gold']") == 1
    assert board_count(page, "svg.board [data-loose='goods']") == 3
    # G51, G29: marks and bonus moves
    assert page.locator("svg.board .ic-cube[data-marked='1']").count() == 4
    assert board_count(page, "svg.board .ic-cube[data-bonus='1']") == 4
    # G45, G56: the limit board, 8 on it, Chiara's 2 beside it
    assert (
        page.locator("svg.board .limit-board[data-limit='valencia'] .limit-text").text_content()
        == "LIMIT 8/10"
    )
    assert page.locator("svg.board .limit-board .limit-cell.full").count() == 8
    page.locator(
        "svg.board [data-area='valencia_beside'] .ic-cube[data-owner='2'][data-count='2']"
    ).wait_for()
    page.locator("svg.board .castillo .pieces .ic-cube[data-owner='3'][data-count='2']").wait_for()
    # G40, G42: the holder and the black caballeros, one out of the game
    page.get_by_test_id("inquisitor").get_by_text("Grand Inquisitor: Chiara").wait_for()
    page.locator(f".player[data-seat='{me}'] .tag.inquisitor").wait_for()
    colonies = page.get_by_test_id("colonies")
    colonies.locator("[data-fact='black']", has_text="1 out of the game").wait_for()
    colonies.locator("[data-fact='carried']", has_text="a black caballero carries for Ana").wait_for()
    # G74, G72, G69: held cards, the delayed marker, the turned card
    assert colonies.locator("[data-held]").count() == 2
    colonies.locator("li[data-delayed='galicia']", has_text="Galicia scores at the end of round").wait_for()
    page.locator("svg.board .delayed-badge[data-delayed='galicia']").wait_for()
    colonies.locator(".cards.turned .card[data-card='d1_move_four_any.1']").wait_for()
    # G21: move types the page does not know still come as controls
    other = page.get_by_test_id("other-moves")
    other.locator("[data-move='later_move']").wait_for()
    other.locator("[data-move='future_move']").click()
    page.get_by_test_id("selected").get_by_text(
        "Future Move: from Caravel (bonus move) · to America"
    ).wait_for()
    page.get_by_role("button", name="Cancel").click()
    shutil.copyfile(shot(page, "ic-board-desktop"), FINAL_SHOT)
    page.locator("svg.board").screenshot(path=str(FINAL_SHOT.with_name("ic-board-map.png")))
    phone = page_factory(PHONE)
    showcase_routes(phone, me)
    phone.goto(f"{base_url}/play/{ic_game['id']}")
    phone.wait_for_selector("svg.board.ic .limit-board")
    shot(phone, "ic-board-phone")
    phone.locator("svg.board").screenshot(
        path=str(shot(phone, "ic-board-phone").with_name("ic-board-phone-map.png"))
    )


def test_a_live_turn_places_caballeros_by_clicks_and_the_board_follows(
    api: Api, base_url: str, page_factory: Any, ic_game: dict[str, Any]
) -> None:
    # G22: court placement next to the King; the drafted caballeros show on the map before sending
    from tests.browser.test_elgrande_options import drive_to

    me = drive_to(api, ic_game, "choose_action_card", limit=60)
    token = ic_game["seats"][me]["token"]
    take = api.get(f"/games/{ic_game['id']}/legal-moves", token)["moves"][0]
    api.post(f"/games/{ic_game['id']}/moves", {"move": take}, token)
    page = page_factory(DESKTOP)
    page.goto(base_url + link_path(ic_game, me))
    page.wait_for_selector("svg.board.ic")
    mine = f"svg.board .pieces .ic-cube[data-owner='{me}']"
    before = board_count(page, mine)
    page.click("[data-testid=begin-place]")
    page.locator("svg.board path.region.target:not([data-area='france'])").first.click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=done]') && !document.querySelector('[data-testid=done]').disabled"
    )
    assert page.locator("svg.board .pick-badge").count() == 1
    assert board_count(page, mine) == before + 1  # the draft's caballero is drawn where it would go
    page.click("[data-testid=done]")
    page.get_by_test_id("prompt").get_by_text("✓ caballeros placed").wait_for()
    assert board_count(page, mine) == before + 1


def test_a_return_choice_names_caballero_states(
    api: Api, base_url: str, page_factory: Any, ic_game: dict[str, Any]
) -> None:
    # G81, G42a, G42: The King returns asks which caballeros go, by state, the holder's black ones included
    from tests.engine.elgrande.test_ic_inquisitor import holder_returning

    state = holder_returning()
    page = page_factory(DESKTOP)
    view, moves = views.view(state, 1), legal_moves(state, 1)
    page.route(
        re.compile(r"/games/[^/]+/view$"),
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"view": view})
        ),
    )
    page.route(
        re.compile(r"/games/[^/]+/legal-moves$"),
        lambda route: route.fulfill(
            status=200,
            content_type="application/json",
            body=json.dumps({"moves": moves, "notation": [None] * len(moves)}),
        ),
    )
    page.route(re.compile(r"/games/[^/]+/moves$"), lambda route: route.abort())  # a position, not the game's
    page.goto(base_url + link_path(ic_game, 1))
    prompt = page.get_by_test_id("prompt")
    prompt.get_by_text("The King returns").wait_for()
    assert prompt.get_by_role("button", name=re.compile("^Return ")).count() == len(moves)
    chosen = "Return 1 from the court, 1 black caballero from Galicia, 1 from Aragon"
    prompt.get_by_role("button", name=chosen).click()
    shot(page, "ic-return-choice")
    with page.expect_request(re.compile(r"/games/[^/]+/moves$")) as sent:
        page.click("[data-testid=confirm]")
    assert sent.value.post_data_json["move"]["sources"] == ["court", "black:galicia", "aragon"]
