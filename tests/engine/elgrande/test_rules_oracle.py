"""Checks every scoring of random games against an independent reading of §3 and the scoring cards.

Each event is folded on its own; an `area_scored` event is compared with §3 applied to the public
view just before it (counts, current values, King, Grandes, n), and the set of areas a
general scoring or a d3 card scores is compared with R39 / R47-R51 (E23, E27, E29).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.elgrande.scoring import class_regions, fewest_regions, most_regions, score_area
from tests.conformance import random_move

from .scenario import REGIONS, G, Table

CLASSES = {"d3_score_fours": {4}, "d3_score_fives": {5}, "d3_score_sixes_sevens": {6, 7}}


def expected_points(v: dict[str, Any], area: str, mode: str) -> list[int]:
    """Returns §3's points for `area` from the public view `v` (R42-R47)."""
    info = v["areas"][area]
    owners = {p for p, g in enumerate(v["grandes"]) if g == area}
    values = tuple(info["values"])
    return list(
        score_area(
            info["caballeros"],
            values,  # type: ignore[arg-type]
            first_places=mode == "first_places",
            king_here=area == v["king"],
            grande_owners=owners,
        )
    )


def expected_regions(v: dict[str, Any], card: str) -> list[str]:
    """Returns the regions a d3 multi-region card scores, from the view at declaration (R49-R51)."""
    values = {r: tuple(v["areas"][r]["values"]) for r in REGIONS}
    totals = {r: sum(v["areas"][r]["caballeros"]) for r in REGIONS}
    if card in CLASSES:
        picked = class_regions(values, CLASSES[card])  # type: ignore[arg-type]
    elif card == "d3_score_most":
        picked = most_regions(totals)
    elif card == "d3_score_fewest":
        picked = fewest_regions(totals)
    else:
        picked = REGIONS  # first places: every region (R47, R50)
    return [r for r in picked if totals[r]]  # R52: empty regions pay nobody and emit nothing


def play_checked(seats: int, seed: str) -> int:
    """Plays a random game folding event by event; returns how many scorings were checked."""
    rnd = random.Random(seed)
    t = Table(seats, seed=seed)
    checked = 0
    pending_card: tuple[str, list[str]] | None = None
    while G.result(t.state) is None:
        seat = rnd.choice(sorted(t.due()))
        for event in G.decide(t.state, seat, random_move(G, t.state, seat, rnd)):
            v = t.view()
            if event["type"] == "action_declared" and event["card"].rsplit(".", 1)[0] in (
                *CLASSES,
                "d3_score_most",
                "d3_score_fewest",
                "d3_score_first_places",
            ):
                pending_card = (event["card"], expected_regions(v, event["card"].rsplit(".", 1)[0]))
                scored: list[str] = []
            if event["type"] == "area_scored":
                assert event["points"] == expected_points(v, event["area"], event["mode"]), (event, seed)
                checked += 1
                if pending_card and event["mode"] in ("special", "first_places"):
                    scored.append(event["area"])
            if event["type"] in ("turn_ended", "choices_revealed") and pending_card:
                vetoed = event["type"] == "choices_revealed" and event.get("vetoed_by") is not None
                if event["type"] == "turn_ended" and not vetoed:
                    assert scored == pending_card[1], (pending_card, scored, seed)
                    pending_card = None
                elif vetoed:
                    pending_card = None
            t.fold(event)
    return checked


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_scoring_of_random_games_follows_section_3(seats: int) -> None:
    # §3, R37, R39, R42-R52, E23, E27, E29
    assert sum(play_checked(seats, f"oracle-{seats}-{i}") for i in range(4)) > 20


def test_general_scoring_scores_castillo_then_regions_in_id_order() -> None:
    # R37, R39, X13: in random games each general scoring is the Castillo (if occupied) then regions in id order
    rnd = random.Random(3)
    t = Table(4, seed="order-check")
    while G.result(t.state) is None:
        seat = rnd.choice(sorted(t.due()))
        t.play(seat, random_move(G, t.state, seat, rnd))
    block: list[str] = []
    for event in t.events:
        if event["type"] == "area_scored" and event["mode"] == "general":
            block.append(event["area"])
        if event["type"] == "general_scoring_ended":
            regions = [a for a in block if a != "castillo"]
            assert regions == sorted(regions, key=REGIONS.index)
            assert "castillo" not in block[1:]
            block = []
