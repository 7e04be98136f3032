"""Defines the folded El Grande state: compact frozen tuples indexed by area and seat.

Areas are indexed as in `data` (0 = Castillo, 1..9 regions). Locations of a caballero
are an area index, `COURT` or `PROVINCE`. The state is never shown to anyone directly:
`views.view` and `views.redact` decide what a seat may see (§4).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.elgrande import data
from engine.elgrande.expansion.names import area_of

COURT = -1
PROVINCE = -2
OUT = -3  # black caballeros out of the game, beside the board (G42)
BLACK = "black"  # the owner of the black caballeros in moves and events (option `church`)
NOWHERE = -1  # a scoreboard beside the board

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Options:
    """Holds a game's options (§9); `engine.elgrande.ruleset.OPTIONS` describes them."""

    veto: bool = True
    short_game: bool = False
    short_game_six_rounds: bool = False
    grande_counts_one: bool = False
    movement_limits: bool = False
    france: bool = False
    granada_moorish: bool = False
    church: bool = False
    inquisitor_colonies: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """Tracks the active player's turn (R17-R22).

    stage: "supplement" (owes supplement_court), "card" (owes choose_action_card),
    "step" (owes turn_step), "wait" (suspended while a decision group is open, R33).
    extra: the Church extra (O-C6) or the Inquisitor extra (G43) was used this turn.
    grande_bonus: the seat's Grande has its bonus move this turn (G29).
    """

    seat: int
    stage: str
    shortfall: int = 0
    card: str = ""
    placed: bool = False
    acted: bool = False
    extra: bool = False
    grande_bonus: bool = False


@dataclass(frozen=True, slots=True)
class Group:
    """Tracks one open simultaneous decision (§7): its kind, members and sealed choices.

    `context` holds what resolution needs (the declaration under a veto window, the
    eviction region, ...); `choices` maps member seat -> sealed choice (JSON value).
    `forced` holds the choices applied automatically (M8), revealed with the others.
    """

    kind: str
    members: tuple[int, ...]
    since: int
    context: Any = None
    choices: tuple[tuple[int, Any], ...] = ()
    forced: tuple[tuple[int, Any], ...] = ()

    def chosen(self, seat: int) -> bool:
        """Returns whether `seat` already submitted its sealed choice."""
        return any(s == seat for s, _ in self.choices)


@dataclass(frozen=True, slots=True)
class Veto:
    """Holds one Veto card: its holder, the card instance and the played-round index taken (V1, V9)."""

    seat: int
    card: str
    taken: int


@dataclass(frozen=True, slots=True)
class State:
    """Holds everything the rules need; hidden parts are filtered by `views` (§4).

    Option pieces: `slots` (France slot owners: ambassador, envoy, plain; -1 free), `black`
    (black caballeros per area index; empty when `church` is off), `church` (the Church
    marker's holder; -1 none) and `moorish` (Granada is Moorish).

    The expansion (option `inquisitor_colonies`) reuses `black` (per area) and `church` (the
    Grand Inquisitor figure's holder, G40) and adds: `cabs`, every caballero on the board whose
    state (G4a) is not plain, as ((area, owner, position, tile, claimant, mark, bonus), count)
    sorted (`engine.elgrande.expansion.pieces`); `limit` (the limit board's region, NOWHERE
    beside the board); `tiles` (supply gold, supply goods, ownerless gold in america, ownerless
    goods in the mediterranean); `owed` (gold, goods owed to the colonies this turn, B6);
    `keeps` (held stack-7 cards: (seat, instance)); `delayed` (delayed-scoring markers: (seat,
    instance, area, round index)); `turned` (offered cards turned face down this round, G69);
    `frame` (a copy or relocation-before-scoring frame, G68, G73), `performed` and `copy` (the
    special action performed this turn and its copy offers, G68), `setup_open` (the setup
    disc is still owed, G16) and `limit_left` (G48: a caballero left the limit board during the
    current step, and since then the board has had free spaces with caballeros beside it: the
    step's end owes a refill; set and cleared by `expansion.limit.Limit.fold`).
    """

    n: int
    seats: int
    options: Options
    rules: Any  # the engine.elgrande.hooks.Rules of `options` (ruleset.of); hooks take a State, so not typed here
    seed: str
    commitment: str
    rounds: tuple[int, ...]
    round_index: int
    phase: str  # "bidding", "turns", "scoring", "over"
    board: Board
    court: tuple[int, ...]
    province: tuple[int, ...]
    king: int
    grandes: tuple[int, ...]
    scoreboards: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    took_back: tuple[bool, ...]
    bids: tuple[int, ...]
    start_player: int
    order: tuple[int, ...]
    turn_index: int
    stacks: tuple[tuple[str, ...], ...]
    offer: tuple[str, ...]
    discard: tuple[str, ...]
    vetos: tuple[Veto, ...]
    turn: Turn | None
    group: Group | None
    since: int
    last: tuple[dict[str, Any], ...] = field(default=())
    slots: tuple[int, int, int] = (-1, -1, -1)  # France's slot owners (O-F4): ambassador, envoy, plain
    black: tuple[int, ...] = ()
    church: int = -1
    moorish: bool = False
    cabs: tuple[tuple[tuple[Any, ...], int], ...] = ()
    limit: int = NOWHERE
    tiles: tuple[int, int, int, int] = (0, 0, 0, 0)
    owed: tuple[int, int] = (0, 0)
    keeps: tuple[tuple[int, str], ...] = ()
    delayed: tuple[tuple[int, str, int, int], ...] = ()
    turned: tuple[str, ...] = ()
    frame: Any = None
    performed: str = ""  # the card whose special action the active player performed this turn (G68)
    copy: tuple[Any, ...] = ()  # the copy offers after a turn: (card, its player, seats asked) (G68)
    setup_open: bool = False
    limit_left: bool = False

    @property
    def round(self) -> int:
        """Returns the current round number (0 before the first round starts)."""
        return self.rounds[self.round_index] if 0 <= self.round_index < len(self.rounds) else 0

    @property
    def regions(self) -> tuple[int, ...]:
        """Returns the indices of the regions in play, in id order."""
        regions: tuple[int, ...] = self.rules.regions()
        return regions

    def open_regions(self) -> tuple[int, ...]:
        """Returns the regions other than the King's region, in id order (§0.2)."""
        return tuple(r for r in self.rules.regions() if r != self.king)

    def values(self, area: int) -> tuple[int, int, int]:
        """Returns an area's current values: a scoreboard's if one lies there, else printed (§1.3)."""
        for sb, where in enumerate(self.scoreboards):
            if where == area:
                return data.SCOREBOARDS[sb].values
        return data.AREAS[area].values

    def total(self, area: int) -> int:
        """Returns the number of caballeros of all colours in an area (X25)."""
        total: int = self.rules.total(self, area)
        return total

    def counts(self, area: int, row: tuple[int, ...] | None = None) -> tuple[int, ...]:
        """Returns C(p, A) per seat for `area`, from `row` (default: the board's) (§3.1)."""
        counts: tuple[int, ...] = self.rules.counts(self, area, self.board[area] if row is None else row)
        return counts

    def own_open(self, seat: int) -> int:
        """Returns how many of `seat`'s caballeros stand in open regions."""
        return sum(self.board[r][seat] for r in self.rules.regions() if r != self.king)

    def takeable(self, seat: int, area: int, reason: str = "return") -> int:
        """Returns how many caballeros a return or court supplement may take from `area` as `seat`'s (R17, R26)."""
        k: int = self.rules.takeable(self, seat, area, reason)
        return k

    def takeable_open(self, seat: int, reason: str = "return") -> int:
        """Returns `takeable` summed over the open regions."""
        return sum(self.takeable(seat, r, reason) for r in self.rules.regions() if r != self.king)

    def pieces(self, area: int, owner: int | str) -> int:
        """Returns the caballeros of `owner` (a seat or "black") standing in `area`."""
        if owner == BLACK:
            return self.black[area] if self.black else 0
        assert isinstance(owner, int)
        return self.board[area][owner]

    def owns(self, seat: int, owner: int | str) -> bool:
        """Returns whether caballeros of `owner` are `seat`'s own: its colour, or black for the holder (O-C7)."""
        return owner == seat or (owner == BLACK and self.church == seat >= 0)

    def black_of(self, seat: int, area: int) -> int:
        """Returns the black caballeros in `area` that count as `seat`'s own (O-C5, O-C7)."""
        return self.black[area] if self.black and self.church == seat >= 0 else 0


def bump(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """Returns `row` with `delta` added at index `i`."""
    return row[:i] + (row[i] + delta,) + row[i + 1 :]


def transfer(state: State, moves: list[tuple[int | str, int, int, int]]) -> dict[str, Any]:
    """Returns the changed pieces after caballeros moved: each (owner, from, to, count).

    The owner "black" moves black caballeros between areas (option `church`).
    """
    board = list(state.board)
    court = list(state.court)
    province = list(state.province)
    black = list(state.black)
    for owner, src, dst, count in moves:
        if owner == BLACK:
            if src >= 0:
                black[src] -= count
            if dst >= 0:  # OUT: the black caballero leaves the game (G42)
                black[dst] += count
            continue
        assert isinstance(owner, int)
        for loc, delta in ((src, -count), (dst, count)):
            if loc == COURT:
                court[owner] += delta
            elif loc == PROVINCE:
                province[owner] += delta
            else:
                board[loc] = bump(board[loc], owner, delta)
    out = {"board": tuple(board), "court": tuple(court), "province": tuple(province)}
    if black:
        out["black"] = tuple(black)
    return out


def location(name: str) -> int:
    """Returns the location index of an area id, a France slot, "court" or "province" (KeyError when unknown)."""
    if name == "court":
        return COURT
    if name == "province":
        return PROVINCE
    if name == "out":
        return OUT
    return data.SPOT_AREA[name] if name in data.SPOT_AREA else area_of(name)  # G4a: a state name


def held(s: State, owner: int | str, area: int) -> list[tuple[str, int]]:
    """Returns where `owner`'s caballeros stand in `area`: (location name, count), France per slot (O-F4)."""
    if area == data.FRANCE and owner != BLACK:
        return [(name, 1) for name, p in zip(data.SLOT_IDS, s.slots, strict=True) if p == owner]
    k = s.pieces(area, owner)
    return [(data.AREAS[area].id, k)] if k else []


def vacate(s: State, moves: list[list[Any]]) -> list[list[Any]]:
    """Returns `moves` ([owner, from, to, k]) with each exit from "france" split into its slots.

    The owner's choice there is automatic (O-F4a): plain, then envoy, then ambassador. Exits
    that already name a slot, and every other move, are kept as they are.
    """
    slots = list(s.slots)
    out: list[list[Any]] = []
    for owner, src, dst, k in moves:
        if src != data.AREAS[data.FRANCE].id:
            out.append([owner, src, dst, k])
            continue
        for i in [i for i in data.LEAVE_ORDER if slots[i] == owner][:k]:
            slots[i] = -1
            out.append([owner, data.SLOT_IDS[i], dst, 1])
    return out


def seated(slots: tuple[int, ...], moves: list[list[Any]]) -> tuple[int, ...]:
    """Returns France's slot owners after `moves` ([owner, from, to, k]) left and entered slots (O-F4)."""
    out = list(slots)
    for owner, src, dst, _ in moves:
        if src in data.SLOT_INDEX:
            out[data.SLOT_INDEX[src]] = -1
        if dst in data.SLOT_INDEX:
            out[data.SLOT_INDEX[dst]] = owner
    return tuple(out)


def location_id(loc: int) -> str:
    """Returns the JSON name of a location index."""
    return "court" if loc == COURT else "province" if loc == PROVINCE else data.AREAS[loc].id


_NEW = object.__new__


class _Draft:
    """Holds a State's fields while `change` fills them: the same slots, without the frozen guard."""

    __slots__ = tuple(f.name for f in fields(State))


def change(state: State, changes: dict[str, Any]) -> State:
    """Returns a copy of `state` with `changes` applied (a faster `dataclasses.replace`; the hot path).

    A frozen dataclass refuses plain attribute assignment, and going around it field by field
    (`object.__setattr__`, the slot descriptors) costs several times the copy itself. So the copy
    is filled in as a `_Draft`, whose slots are State's, and then becomes the State it was built
    as (`__class__` assignment, allowed between classes of one slot layout): no State is ever
    changed after it is made. Every field of State has its line here (tests/engine/elgrande/test_state.py).
    """
    new: Any = _NEW(_Draft)
    new.n = state.n
    new.seats = state.seats
    new.options = state.options
    new.rules = state.rules
    new.seed = state.seed
    new.commitment = state.commitment
    new.rounds = state.rounds
    new.round_index = state.round_index
    new.phase = state.phase
    new.board = state.board
    new.court = state.court
    new.province = state.province
    new.king = state.king
    new.grandes = state.grandes
    new.scoreboards = state.scoreboards
    new.scores = state.scores
    new.hands = state.hands
    new.played = state.played
    new.took_back = state.took_back
    new.bids = state.bids
    new.start_player = state.start_player
    new.order = state.order
    new.turn_index = state.turn_index
    new.stacks = state.stacks
    new.offer = state.offer
    new.discard = state.discard
    new.vetos = state.vetos
    new.turn = state.turn
    new.group = state.group
    new.since = state.since
    new.last = state.last
    new.slots = state.slots
    new.black = state.black
    new.church = state.church
    new.moorish = state.moorish
    new.cabs = state.cabs
    new.limit = state.limit
    new.tiles = state.tiles
    new.owed = state.owed
    new.keeps = state.keeps
    new.delayed = state.delayed
    new.turned = state.turned
    new.frame = state.frame
    new.performed = state.performed
    new.copy = state.copy
    new.setup_open = state.setup_open
    new.limit_left = state.limit_left
    for name, value in changes.items():
        setattr(new, name, value)
    new.__class__ = State
    result: State = new
    return result
