"""Parses and writes the expansion's caballero-state names (G4a): the location grammar.

See `engine.elgrande.expansion.pieces` for what a state is; this module only turns names into
`Spec`s and states into names, so that the state module can read event locations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.elgrande import data

Cab = tuple[Any, ...]  # (area, owner, position, tile, claimant, mark, bonus)
BLACK = "black"
SUFFIXES: dict[str, str] = {
    "beside": "beside",
    "on": "",
    "ordinary": "",
    "captain": "captain",
    "viceroy": "viceroy",
}


@dataclass(frozen=True, slots=True)
class Spec:
    """A parsed state name: the area, and each field or None where the name leaves it open."""

    area: int
    position: str | None = None
    tile: str | None = None
    claimant: int | None = None
    mark: bool | None = None
    bonus: bool | None = None

    def matches(self, cab: Cab) -> bool:
        """Returns whether `cab` has every field this name gives."""
        _, _, pos, tile, claimant, mark, bonus = cab
        return (
            cab[0] == self.area
            and (self.position is None or self.position == pos)
            and (self.tile is None or self.tile == tile)
            and (self.claimant is None or self.claimant == claimant)
            and (self.mark is None or self.mark == mark)
            and (self.bonus is None or self.bonus == bonus)
        )


def parse(name: str) -> Spec | None:
    """Returns the Spec of a state name, or None when it is not one (an unknown area or suffix)."""
    bonus = name.endswith("^")
    mark = name.removesuffix("^").endswith("*")
    core = name.removesuffix("^").removesuffix("*")
    tile: str | None = None
    claimant: int | None = None
    if "+" in core:
        core, _, carried = core.partition("+")
        tile, _, who = carried.partition("@")
        if tile not in data.TILES:
            return None
        if who:
            if not who.isdigit():
                return None
            claimant = int(who)
    spot = _spot(core)
    if spot is None:
        return None
    area, position = spot
    return Spec(area, position, tile, claimant, True if mark else None, True if bonus else None)


def _spot(core: str) -> tuple[int, str | None] | None:
    if core in data.SLOT_INDEX:
        return data.FRANCE, core.removeprefix("france_")
    if core in data.AREA_INDEX:
        return data.AREA_INDEX[core], None
    area, _, suffix = core.rpartition("_")
    if area in data.AREA_INDEX and suffix in SUFFIXES:
        return data.AREA_INDEX[area], SUFFIXES[suffix]
    return None


def area_of(name: str) -> int:
    """Returns the area index of a state name (KeyError when it names none)."""
    spec = parse(name)
    if spec is None:
        raise KeyError(name)
    return spec.area


def spot_name(area: int, position: str) -> str:
    """Returns the name of a spot: an area id, a France slot or `<area>_<position>`."""
    aid = data.AREAS[area].id
    if not position:
        return aid
    return f"{aid}_{position}"


def name(cab: Cab) -> str:
    """Returns the full name of a state (events name sources this way)."""
    area, owner, pos, tile, claimant, mark, bonus = cab
    out = spot_name(area, pos)
    if tile:
        out += f"+{tile}" + (f"@{claimant}" if owner == BLACK else "")
    return out + ("*" if mark else "") + ("^" if bonus else "")


def state_of(name_: str, owner: int | str) -> Cab:
    """Returns the full state an event names for `owner` (open fields are plain)."""
    spec = parse(name_)
    assert spec is not None, name_
    claimant = spec.claimant if spec.claimant is not None else (owner if spec.tile else -1)
    return (
        spec.area,
        owner,
        spec.position or "",
        spec.tile or "",
        claimant if spec.tile else -1,
        bool(spec.mark),
        bool(spec.bonus),
    )
