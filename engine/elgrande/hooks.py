"""Names every place where a game option changes the base game: the hooks of `Rules`.

`Rules` answers each hook the way the base game does (rules/elgrande.md §1-§8). An option
(§9) is a subclass in `engine.elgrande.options.<name>` that overrides the hooks it changes
and calls `super()` where it adds to what the others decide, so options combine the way
python-chess combines its variants: `engine.elgrande.ruleset.of(options)` builds one class
from the base and every option that is on. The base modules never test an option flag;
they ask `state.rules`.

The hooks, by where the options change the game:

| place | hooks |
|---|---|
| setup (R3-R8, R9, R15) | rounds, region_deck, setup, fixed_cards |
| geometry | regions, neighbours, king_may_enter, grande_may_enter |
| ranking counts (§3.1) | counts, total |
| what gets scored | scorable, bonus |
| allowed destinations | check_batch, check_steps, disc_regions |
| extra pieces | black and France slots are state (`State.black`, `State.slots`); options own their rules |
| larger batches | batch_limit, batch_fields |
| extra decisions | turn_moves, turn_move, turn_open, turn_end, between_turns, prelude |
| an option's simultaneous decisions | choices, resolve |
| pieces with a state of their own | spot, spots, settle, fold, after, step_end |
| showing them | view |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.state import vacate
from engine.errors import IllegalMove

if TYPE_CHECKING:
    from engine.elgrande.state import Options, State

Json = dict[str, Any]
Move = list[Any]  # [owner, from, to, count], as in caballeros_moved events


class Rules:
    """Answers every hook as the base game does; options subclass it (see the module docstring)."""

    name = "base"

    def __init__(self, options: Options) -> None:
        self.options = options

    def __repr__(self) -> str:
        return f"<Rules {self.name}>"

    # Setup (R3-R8), rounds (R9, R53) and the cards face up every round (R10, R15).

    def rounds(self) -> tuple[int, ...]:
        """Returns the played rounds, in order (R9)."""
        return data.ROUNDS

    def region_deck(self) -> tuple[int, ...]:
        """Returns the regions whose region cards are shuffled at setup (R3)."""
        return data.BASE_REGIONS

    def setup(self, first: Json) -> Json:
        """Returns the fields an option adds to game_started (drawn after R8's draws, from `first`)."""
        return {}

    def stacks(self) -> tuple[int, ...]:
        """Returns the shuffled action-card stacks, in the order of `State.stacks` (R6)."""
        return data.SHUFFLED_STACKS

    def start_pieces(self) -> tuple[int, int, int]:
        """Returns each colour's caballeros at setup: home region, court, province (R4)."""
        return data.START_HOME, data.START_COURT, data.START_PROVINCE

    def fixed_cards(self) -> tuple[str, ...]:
        """Returns the card instances face up every round and never discarded (R10, R15, R22)."""
        return (f"{data.ACTION_CARDS[data.KING_CARD].id}.1",)

    # Geometry.

    def regions(self) -> tuple[int, ...]:
        """Returns the regions in play, in id order (§0.2)."""
        return data.BASE_REGIONS

    def neighbours(self, area: int) -> tuple[int, ...]:
        """Returns the regions adjacent to `area` (§1.2)."""
        return data.NEIGHBOURS[area]

    def king_may_enter(self, s: State, region: int) -> bool:
        """Returns whether the King may stand in `region` (R28)."""
        return True

    def grande_may_enter(self, s: State, region: int) -> bool:
        """Returns whether a Grande may stand in `region` (R29)."""
        return True

    # Counting and scoring (§3).

    def counts(self, s: State, area: int, row: tuple[int, ...]) -> tuple[int, ...]:
        """Returns C(p, A) per seat from the caballeros `row` standing in `area` (§3.1)."""
        return row

    def total(self, s: State, area: int) -> int:
        """Returns the caballeros of all colours in `area` (X25)."""
        return sum(s.board[area])

    def scorable(self, s: State, region: int) -> bool:
        """Returns whether `region` can be scored or chosen for a scoring (R39, R46-R51)."""
        return True

    def bonus(self, s: State, area: int, points: list[int], mode: str) -> None:
        """Changes in place what a scoring of `area` in `mode` pays, after §3 (an option's extra pay)."""

    # Allowed destinations and limits.

    def batch_limit(self, s: State, seat: int, wanted: dict[int, int]) -> int:
        """Returns the largest batch `wanted` ({area: count}) may be: heads of the taken card (R20)."""
        assert s.turn is not None
        return data.card_of(s.turn.card).heads

    def batch_fields(self, s: State, seat: int, moves: list[Move]) -> Json:
        """Returns the fields an option adds to the caballeros_placed event of the checked batch `moves`."""
        return {}

    def check_batch(self, s: State, seat: int, moves: list[Move], move: Json) -> None:
        """Raises a RuleViolation when an option forbids the placement batch `moves`."""

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        """Raises a RuleViolation when an option forbids a declared special action's steps."""

    def disc_regions(self, s: State, kind: str, context: Any, seat: int, regions: list[int]) -> list[int]:
        """Returns the regions of `regions` that `seat`'s choice in a decision of `kind` may name (M1-M6)."""
        return regions

    # Extra decisions and automatic steps of a turn.

    def turn_moves(self, s: State, seat: int) -> list[Json]:
        """Returns the extra complete moves an option offers at turn_step."""
        return []

    def turn_move(self, s: State, seat: int, move: Json) -> list[Json]:
        """Returns the events of an option's turn_step move (one `turn_moves` lists); refuses any other."""
        raise IllegalMove(f"illegal move {move!r}: not offered with these options (§9)", rule="§9")

    def turn_open(self, s: State, seat: int) -> bool:
        """Returns whether an option's own turn step is still open to `seat`, so the turn does not end by itself (R34)."""
        return False

    def turn_end(self, s: State, seat: int) -> list[Json]:
        """Returns the events an option adds when `seat`'s turn ends, before turn_ended (R22)."""
        return []

    def between_turns(self, s: State) -> list[Json]:
        """Returns the events an option adds after a turn ended, before the next turn or R15."""
        return []

    def prelude(self, s: State) -> list[Json]:
        """Returns the events an option adds at the start of a round's bidding (e.g. a setup decision)."""
        return []

    def choices(self, s: State, kind: str, context: Any, seat: int) -> list[Any] | None:
        """Returns the legal choices of an option's own decision `kind` (None: not an option's kind)."""
        return None

    def resolve(self, s: State, kind: str, context: Any, choices: list[list[Any]]) -> list[Json] | None:
        """Returns the events that apply an option's own revealed decision (None: not an option's kind)."""
        return None

    # Pieces with a state of their own (the expansion's positions, tiles, marks, bonus moves).

    def spot(self, s: State, name: str) -> tuple[int, str] | None:
        """Returns (area index, location name) of a location a move names, or None when it names none."""
        idx = data.SPOT_AREA.get(name, -1)
        if idx == -1 or (idx != data.CASTILLO and idx not in self.regions()):
            return None
        if idx == data.FRANCE and name not in data.SLOT_INDEX and name != "france":
            return None
        return idx, name

    def spots(self, s: State, area: int) -> tuple[str, ...]:
        """Returns the location names legal_moves offers as destinations in `area` (moves, special placements)."""
        return data.spots(area)

    def settle(self, s: State, seat: int | None, moves: list[Move], reason: str) -> list[Move]:
        """Returns the moves of a caballeros_moved event with every source and destination named.

        The base only splits exits from France into its slots (`state.vacate`, O-F4a).
        """
        return vacate(s, moves)

    def fold(self, s: State, e: Json, kw: Json) -> None:
        """Adds to `kw` the changes an option makes to the state when `e` is folded (`kw`: the base's)."""

    def after(self, s: State, e: Json) -> list[Json]:
        """Returns the automatic events that follow `e` at once (`s`: the state after it)."""
        return []

    def step_end(self, s: State, seat: int | None) -> list[Json]:
        """Returns the automatic events at the end of a whole step of the turn (G48's refill)."""
        return []

    # Showing what an option adds.

    def view(self, s: State, out: Json) -> None:
        """Adds an option's public pieces to a view (§4: they are public, H10)."""
