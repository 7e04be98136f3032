"""Checks the browser client's colours against WCAG 2.2 AA (1.4.3 text 4.5:1, 1.4.11 UI parts 3:1).

axe-core cannot judge text over SVG shapes or gradients (it reports them as "incomplete"), so the
colours those draw with are read from colours.js and style.css and measured here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

BROWSER = Path(__file__).resolve().parents[2] / "clients" / "browser"
CSS = (BROWSER / "style.css").read_text()
COLOURS = (BROWSER / "colours.js").read_text()
TEXT = 4.5
UI = 3.0


def luminance(colour: str) -> float:
    """Returns the relative luminance of a #rgb or #rrggbb colour (WCAG 2.2 definition)."""
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    channels = [int(hexa[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def token(name: str) -> str:
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{3,6}})", CSS)
    assert found, f"--{name} is not set in style.css"
    return found.group(1)


def seat_colours() -> dict[str, tuple[str, str]]:
    found = re.findall(
        r'(\w+)(?::| =) \{ (?:name: "\w+", )?fill: "(#\w+)", edge: "#\w+", ink: "(#\w+)"', COLOURS
    )
    assert len(found) >= 9, found  # eight seat colours and the Church's black
    return {name: (fill, ink) for name, fill, ink in found}


@pytest.mark.parametrize("name", sorted(seat_colours()))
def test_each_seat_colour_has_a_readable_ink(name: str) -> None:
    fill, ink = seat_colours()[name]  # counts on cubes, letters on swatches and score markers
    assert ratio(fill, ink) >= TEXT, (name, fill, ink, ratio(fill, ink))


def test_white_text_on_every_kabale_goal_card_and_action_stack() -> None:
    goals = re.findall(r"\.goal\.(\w+) \{ background: linear-gradient\(150deg, (#\w+), (#\w+)\)", CSS)
    stacks = re.findall(r"\.action \.stack\.(s\d) \{ background: (#\w+); \}", CSS)
    assert len(goals) == 6 and len(stacks) >= 5, (goals, stacks)
    for kind, start, end in goals:
        assert min(ratio("#fff", start), ratio("#fff", end)) >= TEXT, kind
    for stack, background in stacks:
        assert ratio("#fff", background) >= TEXT, stack


def test_text_focus_and_targets_stand_out_from_the_page() -> None:
    for ground in (token("paper"), token("panel"), "#ffffff"):
        assert ratio(token("ink"), ground) >= TEXT
        assert ratio(token("muted"), ground) >= TEXT
        assert ratio(token("focus"), ground) >= UI
        assert ratio(token("target-edge"), ground) >= UI
    for sea_or_land in ("#86b7d3", "#a9d0e4", "#f3e2b3", "#e6bf98", "#cfe0b8"):  # map.js: the sea, some lands
        assert ratio(token("focus"), sea_or_land) >= UI, sea_or_land
    border = re.search(r"\.btn \{ border: 1px solid (#\w+);", CSS)
    assert border and ratio(border.group(1), "#ffffff") >= UI
