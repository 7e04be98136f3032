"""Names and picks caballero states of the expansion (G4, G4a, G42a): the location grammar.

A caballero on the board has a state (G4a, ruling B28): (area, owner, position, tile,
claimant, mark, bonus). `owner` is a seat or "black"; `position` is "" (ordinary, which is
"on" in the limit board's region), "beside", a France slot ("ambassador", "envoy", "plain"),
"captain" or "viceroy"; `tile` is "", "gold" or "goods", carried for `claimant` (G36);
`mark` says it was relocated this round (G51); `bonus` that it has an unused bonus move (G29).
`State.cabs` holds every non-plain state with its count; the plain ones are the rest of the
area's count (`State.board`, `State.black`).

Moves and events name a state as one string (the location grammar):

    <spot>[+<tile>[@<claimant>]][*][^]

where <spot> is an area id (`america`), a France slot (`france_envoy`) or an area with a
position (`caravel_captain`, `america_viceroy`, `galicia_beside`, `galicia_on`); `+gold` a
carried tile, `@2` its claimant when the carrier is black (a coloured carrier's claimant is
its owner); `*` the relocation mark and `^` an unused bonus move. Events name every source
state in full (a bare area is ordinary, tile-less, unmarked, without bonus move) and every
destination as a spot. A move may leave fields open: `pick` then fills them in G4a's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.elgrande import data

if TYPE_CHECKING:
    from engine.elgrande.state import State

Cab = tuple[Any, ...]  # (area, owner, position, tile, claimant, mark, bonus)
Cabs = tuple[tuple[Cab, int], ...]
BLACK = "black"
SUFFIXES: dict[str, str] = {
    "beside": "beside",
    "on": "",
    "ordinary": "",
    "captain": "captain",
    "viceroy": "viceroy",
}
POS_RANK: dict[str, int] = {p: i for i, p in enumerate(data.POSITIONS)}
TILE_RANK: dict[str, int] = {"": 0, "goods": 1, "gold": 2}


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


def plain(area: int, owner: int | str) -> Cab:
    """Returns the plain state: ordinary, tile-less, unmarked, without bonus move."""
    return (area, owner, "", "", -1, False, False)


def is_plain(cab: Cab) -> bool:
    return cab[2:] == ("", "", -1, False, False)


def states(s: State, area: int, owner: int | str) -> list[tuple[Cab, int]]:
    """Returns every state of `owner`'s caballeros in `area` with its count (plain ones included)."""
    special = [(c, k) for c, k in s.cabs if c[0] == area and c[1] == owner]
    rest = s.pieces(area, owner) - sum(k for _, k in special)
    return special + ([(plain(area, owner), rest)] if rest > 0 else [])


def in_area(s: State, area: int) -> list[tuple[Cab, int]]:
    """Returns every state in `area`, of every owner, with its count."""
    owners: list[int | str] = [*range(s.seats), BLACK]
    return [x for o in owners for x in states(s, area, o)]


def pick_key(cab: Cab, chooser: int, seats: int) -> tuple[Any, ...]:
    """Returns G4a's order for fields a choice leaves open (ruling B28): the lowest first."""
    _, _, pos, tile, claimant, mark, bonus = cab
    clockwise = (claimant - chooser) % seats if tile else 0
    return (POS_RANK[pos], bonus, TILE_RANK[tile], clockwise, not mark)


def pick(
    s: State,
    owner: int | str,
    spec: Spec,
    k: int,
    chooser: int,
    allow: Any = None,
) -> list[tuple[Cab, int]]:
    """Returns k of `owner`'s caballeros matching `spec`, in G4a's order, or fewer if fewer match.

    `allow(cab)` refuses states a rule excludes (marked ones for a relocation, carriers for a return).
    """
    found = [
        (c, n) for c, n in states(s, spec.area, owner) if spec.matches(c) and (allow is None or allow(c))
    ]
    found.sort(key=lambda x: pick_key(x[0], chooser, s.seats))
    out: list[tuple[Cab, int]] = []
    for c, n in found:
        if k <= 0:
            break
        take = min(n, k)
        out.append((c, take))
        k -= take
    return out


def count(s: State, owner: int | str, spec: Spec, allow: Any = None) -> int:
    """Returns how many of `owner`'s caballeros match `spec` (and `allow`)."""
    return sum(n for c, n in states(s, spec.area, owner) if spec.matches(c) and (allow is None or allow(c)))


def _key(cab: Cab) -> tuple[Any, ...]:
    area, owner, pos, tile, claimant, mark, bonus = cab
    return (area, 99 if owner == BLACK else owner, POS_RANK[pos], TILE_RANK[tile], claimant, mark, bonus)


def add(cabs: dict[Cab, int], cab: Cab, k: int) -> None:
    """Adds k caballeros in state `cab` (negative removes); plain states are not stored."""
    if is_plain(cab):
        return
    n = cabs.get(cab, 0) + k
    if n:
        cabs[cab] = n
    else:
        cabs.pop(cab, None)


def frozen(cabs: dict[Cab, int]) -> Cabs:
    """Returns the stored form of `cabs`: sorted, without zero counts."""
    return tuple(sorted(((c, k) for c, k in cabs.items() if k), key=lambda x: _key(x[0])))


def moved(cab: Cab, area: int, position: str, *, relocation: bool) -> Cab:
    """Returns the state of `cab` after it moved to (area, position): its tile goes with it,
    a relocation marks it (G51), any move uses up its bonus move (G29, ruling B5)."""
    _, owner, _, tile, claimant, mark, _ = cab
    return (area, owner, position, tile, claimant, mark or relocation, False)
