"""Chromium's HTTP cache and the API's ETags: one caller's copy never answers another's request.

GET answers carry `ETag: "<version>"`, and a request whose If-None-Match names the current
version gets 304. A browser revalidates its cached copy that way on its own; without
`Vary: Authorization` it would serve the copy fetched with one seat's token to a request made
with another's (two seats' tabs in one browser, a seat after a spectator).
"""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Api

FETCH_TWICE = """async ([path, tokens]) => {
  const seen = [];
  for (const token of tokens) {
    const headers = token ? {Authorization: `Bearer ${token}`} : {};
    const answer = await fetch(path, {headers});
    seen.push(await answer.json());
  }
  return seen;
}"""


def test_the_browser_cache_keeps_each_callers_copy_apart(base_url: str, api: Api, page_factory: Any) -> None:
    game = api.create("kabale", ["Ann", "Bob"])
    ann, bob = (seat["token"] for seat in game["seats"])
    page = page_factory()
    page.goto(f"{base_url}/health")  # same origin for fetch
    path = f"/games/{game['id']}/view"
    for _ in range(2):  # the second round is served from Chromium's cache where it may be
        views = page.evaluate(FETCH_TWICE, [path, [ann, bob, None]])
        assert [v["viewer"] for v in views] == [0, 1, None]
        hands = [v["view"]["players"][0].get("hand") for v in views]
        assert hands[0] and not hands[1] and not hands[2]  # Ann's hand only in Ann's copy
