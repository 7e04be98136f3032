"""Adversarial leak suite (Trust issue): no viewer of a running game recovers a hidden fact.

Random games of Kabale & Hiebe at 2-6 seats and El Grande at 2-5 seats, each with a twin that
differs only in hidden facts, are played over HTTP (seats' moves, the server bot, deadline
auto-passes, a re-issued token); each seat, a spectator and the revoked credentials collect
everything they can reach (tests.leaks.collect), and the attacker tries to recover hidden
facts from it: hashes (tests.leaks.hashes), fields, dry runs, views, texts (tests.leaks.checks),
and differences between the twins' answers (tests.leaks.twins). Recoveries are counted per
category, printed (`pytest -s`) and written to artifacts/leaks.txt; there must be none.

`LEAK_GAMES=N` plays N times as many games (and `LEAK_SEED` picks other ones); the test marked
`large` plays eight times as many (`python -m pytest -m large tests/leaks`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine import rng
from engine.errors import RuleViolation
from service import creating
from tests.leaks.report import Tally
from tests.leaks.run import Plan, play
from tests.leaks.world import World
from workers import notices

SEED = os.environ.get("LEAK_SEED", "castillo")


def scale() -> int:
    """Returns the multiplier of the number of games (LEAK_GAMES, default 1)."""
    return max(1, int(os.environ.get("LEAK_GAMES", "1")))


def plans(rounds: int) -> list[Plan]:
    """Returns `rounds` games of each game and seat count; the 2-seat games of round 0 go to the end."""
    out = []
    for index in range(rounds):
        out += [Plan("kabale", n, index, steps=18, to_end=index == 0 and n == 2) for n in range(2, 7)]
        out += [Plan("elgrande", n, index, steps=36, to_end=index == 0 and n == 2) for n in range(2, 6)]
    return out


def run(world: World, chosen: list[Plan], title: str) -> Tally:
    tally, start = Tally(), time.monotonic()
    for plan in chosen:
        play(world, plan, tally, SEED)
    tally.write(title, time.monotonic() - start)
    return tally


def test_no_viewer_recovers_a_hidden_fact(world: World) -> None:
    tally = run(world, plans(scale()), f"default run, LEAK_GAMES={scale()}, seed {SEED!r}")
    assert tally.controls["seed in spectators' views once over"] > 0, "the end-of-game control never ran"
    assert tally.controls["entry hashes recomputed from the seed once over"] > 0
    assert tally.controls["entry hashes that did not (must be 0)"] == 0
    assert tally.recoveries == 0, tally.table("failures", 0)


@pytest.mark.large
@pytest.mark.parametrize("game", engine.GAMES)
def test_no_viewer_recovers_a_hidden_fact_in_many_games(world: World, game: str) -> None:
    chosen = [p for p in plans(8 * scale()) if p.game == game]
    tally = run(world, chosen, f"large run, {game}, seed {SEED!r}")
    assert tally.recoveries == 0, tally.table("failures", 0)


def _format_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(creating, "LOG_FORMAT", 1)


def _leaky_redact(monkeypatch: pytest.MonkeyPatch) -> None:
    kabale = engine.get_game("kabale")
    redact = kabale.redact

    def leaky(event: dict[str, Any], seat: Any) -> Any:
        shown = redact(event, seat)
        return {**shown, "card": event["card"]} if event.get("type") == "card_played" else shown

    monkeypatch.setattr(kabale, "redact", leaky)


def _empty_salt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rng, "salt", lambda seed, version: "")


def _telling_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    kabale = engine.get_game("kabale")
    decide_state = kabale.decide_state

    def telling(state: Any, seat: int, move: Any) -> Any:
        try:
            return decide_state(state, seat, move)
        except RuleViolation as exc:  # an indiscreet reason: whose hand holds what
            hands = f" (hands: {[sorted(p.hand) for p in state.players]})"
            raise type(exc)(exc.message + hands, rule=exc.rule, reason=exc.reason) from exc

    monkeypatch.setattr(kabale, "decide_state", telling)


def _telling_email(monkeypatch: pytest.MonkeyPatch) -> None:
    summary_lines = notices.summary_lines

    def telling(seen: Any, seat: int) -> tuple[str, ...]:  # an indiscreet email: every hand
        return (*summary_lines(seen, seat), f"hands: {[sorted(p.hand) for p in seen.state.players]}")

    monkeypatch.setattr(notices, "summary_lines", telling)


WEAKENED: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], str]] = {
    "format-1 hashing": (_format_1, "hash"),
    "an empty salt": (_empty_salt, "hash"),
    "a redaction that shows the card played": (_leaky_redact, "entry"),
    "a refusal that names the cards in every hand": (_telling_refusal, "twin"),
    "an email that names the cards in every hand": (_telling_email, "twin"),
}


@pytest.mark.parametrize("weakness", WEAKENED)
def test_the_attacker_finds_a_planted_leak(
    world: World, monkeypatch: pytest.MonkeyPatch, weakness: str
) -> None:
    weaken, category = WEAKENED[weakness]
    weaken(monkeypatch)
    plan = Plan("kabale", 3, 99, steps=10, twin=category == "twin")
    tally = run(world, [plan], f"teeth: {weakness}")
    assert tally.found[category] > 0, f"the attacker missed {weakness}"
