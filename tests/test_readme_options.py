"""The README's table of El Grande options says what the engine's OPTIONS say, row by row.

Each row is built from `engine.elgrande.ruleset.OPTIONS` (id, default, doc, rules, excludes)
and must appear in the README as printed. Options the README lists ahead of the engine
(PLANNED, the §9 options still being built) are allowed only while OPTIONS lacks them; once
every planned option is in OPTIONS, the table and OPTIONS hold exactly the same ids.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine.elgrande.ruleset import OPTIONS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()
PLANNED = (
    "veto",
    "short_game",
    "short_game_six_rounds",
    "grande_counts_one",
    "movement_limits",
    "france",
    "granada_moorish",
    "church",
)
"""The options of §9 the README documents (inquisitor_colonies is the expansion's, not listed)."""


def row(name: str, spec: dict[str, Any]) -> str:
    """Returns the README row of one option as OPTIONS describes it."""
    rules = ", ".join(spec["rules"]) if isinstance(spec["rules"], (list, tuple)) else spec["rules"]
    excludes = ", ".join(f"`{other}`" for other in spec.get("excludes", [])) or "—"
    default = "on" if spec["default"] else "off"
    return f"| `{name}` | {default} | {spec['doc']} | {rules} | {excludes} |"


def table() -> dict[str, str]:
    """Returns the README's option rows by id."""
    section = README.split("<!-- options table: tests/test_readme_options.py -->", 1)[1].split("\n\n", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {re.match(r"\| `([a-z_]+)`", line).group(1): line for line in rows}  # type: ignore[union-attr]


def test_every_option_of_the_engine_has_its_row_as_printed() -> None:
    rows = table()
    for name, spec in OPTIONS.items():
        assert rows.get(name) == row(name, spec), f"README row of {name!r} should read:\n{row(name, spec)}"


def test_the_table_lists_only_options_the_engine_has_or_plans() -> None:
    rows = table()
    assert set(rows) <= set(OPTIONS) | set(PLANNED), sorted(set(rows) - set(OPTIONS) - set(PLANNED))
    assert list(rows) == [name for name in PLANNED if name in rows] + [n for n in rows if n not in PLANNED]


def test_once_every_planned_option_landed_the_table_and_the_engine_agree() -> None:
    rows, landed = table(), set(PLANNED) <= set(OPTIONS)
    assert set(PLANNED) <= set(rows), "every planned option has a README row"
    if landed:
        assert set(rows) == set(OPTIONS), "the README lists exactly the engine's options"
