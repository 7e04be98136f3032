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

from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.expansion import names
from engine.elgrande.expansion.names import Spec

if TYPE_CHECKING:
    from engine.elgrande.state import State

Cab = names.Cab
Cabs = tuple[tuple[Cab, int], ...]
BLACK = names.BLACK
# The grammar lives in `names` (the state module reads event locations with it); used from here too.
parse, area_of, name, spot_name, state_of = (
    names.parse,
    names.area_of,
    names.name,
    names.spot_name,
    names.state_of,
)
POS_RANK: dict[str, int] = {p: i for i, p in enumerate(data.POSITIONS)}
TILE_RANK: dict[str, int] = {"": 0, "goods": 1, "gold": 2}


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


def take(
    s: State, owner: int | str, spec: Spec, k: int, chooser: int, taken: dict[Cab, int], allow: Any = None
) -> list[tuple[Cab, int]]:
    """Returns up to k of `owner`'s caballeros matching `spec` in G4a's order, leaving out those one
    event already `taken` (and counting the new ones in it): the picks of a move's several entries."""
    out: list[tuple[Cab, int]] = []
    for cab, n in pick(s, owner, spec, data.EXPANSION_CABALLEROS, chooser, allow):
        use = min(n - taken.get(cab, 0), k)
        if use > 0:
            taken[cab] = taken.get(cab, 0) + use
            out.append((cab, use))
            k -= use
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
