"""Checks that pyproject.toml bounds every dependency and that .ci/constraints-lowest.txt pins
each one at its lower bound, so the lowest-versions run of .ci/run tests exactly those floors."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
CONSTRAINTS = ROOT / ".ci" / "constraints-lowest.txt"


def requirements() -> list[Requirement]:
    """Returns the runtime requirements and those of every extra, as written in pyproject.toml."""
    lines = list(PROJECT["dependencies"])
    for extra in PROJECT["optional-dependencies"].values():
        lines.extend(extra)
    return [Requirement(line) for line in lines]


def pins() -> dict[str, Version]:
    """Returns the constraints file's `name==version` pins by normalised name."""
    found = {}
    for raw in CONSTRAINTS.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{CONSTRAINTS.name}: not a name==version pin: {raw!r}"
            found[canonicalize_name(name)] = Version(version.strip())
    return found


def floor(req: Requirement) -> Version:
    """Returns the lower bound (`>=`) of `req`; fails when it has none or no upper bound (`<`)."""
    lows = [Version(s.version) for s in req.specifier if s.operator == ">="]
    highs = [s for s in req.specifier if s.operator == "<"]
    assert len(lows) == 1 and highs, f"{req}: give one lower bound (>=) and an upper bound (<)"
    return lows[0]


@pytest.mark.parametrize("req", requirements(), ids=str)
def test_every_dependency_is_bounded_and_pinned_at_its_floor(req: Requirement) -> None:
    low = floor(req)
    pinned = pins().get(canonicalize_name(req.name))
    assert pinned is not None, f"{req.name}: pin its lowest version in {CONSTRAINTS.name}"
    assert pinned == low and req.specifier.contains(pinned, prereleases=True), (
        f"{req.name}: {CONSTRAINTS.name} pins {pinned}, pyproject.toml's lower bound is {low}"
    )


def test_a_dependency_listed_twice_has_the_same_bounds() -> None:
    seen: dict[str, Requirement] = {}
    for req in requirements():
        first = seen.setdefault(canonicalize_name(req.name), req)
        assert first.specifier == req.specifier, f"{first} and {req} disagree"


def test_redis_py_parses_with_hiredis() -> None:
    # hiredis is a dependency only for speed; redis-py silently ignores a release it deems too old.
    from redis.utils import HIREDIS_AVAILABLE

    assert HIREDIS_AVAILABLE, "redis-py does not use the installed hiredis: raise hiredis's lower bound"
