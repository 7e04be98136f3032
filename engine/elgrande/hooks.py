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
| geometry | regions, neighbours, near_regions, king_may_enter, grande_may_enter |
| ranking counts (§3.1) | counts, total |
| what gets scored | scorable, bonus |
| allowed destinations | batch_areas, check_batch, check_steps, disc_regions, moves_within |
| extra pieces | black and France slots are state (`State.black`, `State.slots`); options own their rules |
| larger batches | batch_limit, batch_fields |
| extra decisions | turn_moves, turn_move, turn_open, turn_prompt, turn_end, between_turns, prelude |
| an option's own cards | declare, declare_prefix, declarations, carry_out, held_card, held_used |
| an option's decisions | choices, resolve, check_choice, choice_moves, default_choice |
| general scoring | castillo_members, castillo_exits, before_regions, scoring_resume |
| pieces with a state of their own | spot, spots, settle, may_leave, fold, after, step_end |
| showing them | view |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.state import held, vacate
from engine.errors import IllegalMove
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import Options, State

Json = dict[str, Any]
Move = list[Any]  # [owner, from, to, count], as in caballeros_moved events


# The hooks asked on every event or every candidate move whose base answer does nothing: callers
# skip them unless the rules override them (`Rules.overrides`), so the base game pays nothing.
HOT_HOOKS = ("fold", "after", "step_end", "check_batch")


class Rules:
    """Answers every hook as the base game does; options subclass it (see the module docstring)."""

    name = "base"

    def __init__(self, options: Options) -> None:
        self.options = options
        self.spot_table = self._spot_table()
        self.overrides = frozenset(
            hook for hook in HOT_HOOKS if getattr(type(self), hook) is not getattr(Rules, hook)
        )

    def _spot_table(self) -> dict[str, tuple[int, str]]:
        """Returns what the base `spot` answers for each location name it knows (the regions in play are fixed)."""
        regions = self.regions()
        return {
            name: (idx, name)
            for name, idx in data.SPOT_AREA.items()
            if (idx == data.CASTILLO or idx in regions)
            and not (idx == data.FRANCE and name not in data.SLOT_INDEX and name != "france")
        }

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

    def near_regions(self, area: int) -> tuple[int, ...]:
        """Returns the regions a move from `area` reaches as a near move under movement_limits (O-L2):
        the adjacent ones, and whatever an option adds (the ship's routes, G85)."""
        return self.neighbours(area)

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

    def batch_areas(self, s: State) -> tuple[int, ...]:
        """Returns the areas a placement batch may use: the Castillo and the regions adjacent to the King (R20)."""
        return (data.CASTILLO, *self.neighbours(s.king))

    def batch_fields(self, s: State, seat: int, moves: list[Move]) -> Json:
        """Returns the fields an option adds to the caballeros_placed event of the checked batch `moves`."""
        return {}

    def check_batch(self, s: State, seat: int, moves: list[Move], move: Json) -> None:
        """Raises a RuleViolation when an option forbids the placement batch `moves`."""

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        """Raises a RuleViolation when an option forbids a declared special action's steps."""

    def brings_back(self, s: State, card: str) -> bool:
        """Returns whether `card`'s move steps may bring a black caballero back from "out" (G64)."""
        return False

    def takeable(self, s: State, seat: int, area: int, reason: str) -> int:
        """Returns how many caballeros a `reason` ("return", "supplement", "court") may take from `area` as `seat`'s.

        The base: all of the seat's caballeros there (R17, R26); options exclude pieces or add black ones (G42).
        """
        return s.board[area][seat]

    def returns_black(self, s: State) -> str | None:
        """Returns None when a return may choose black caballeros (the holder's, G42), else the rule that forbids it.

        The base: never (O-C7).
        """
        return "O-C7"

    def returnable(self, s: State, owner: int | str, area: int) -> int:
        """Returns how many of `owner`'s caballeros (a seat, or "black") a chosen return may take from `area` (R26)."""
        return s.pieces(area, owner) if owner != "black" else 0

    def moves_within(self, s: State, area: int, frm: str, to: str) -> bool:
        """Returns whether a special-action move may stay in `area`, going from location `frm` to `to`.

        The base never allows it: a move leaves for a different area (R24, X30; O-F4 for France's slots).
        """
        return False

    def within_spots(self, s: State, frm: str) -> list[str]:
        """Returns the extra locations within the area of `frm` that `legal_moves` offers a move (G52). Base: none."""
        return []

    def disc_regions(self, s: State, kind: str, context: Any, seat: int, regions: list[int]) -> list[int]:
        """Returns the regions of `regions` that `seat`'s choice in a decision of `kind` may name (M1-M6)."""
        return regions

    # Extra decisions and automatic steps of a turn.

    def turn_moves(self, s: State, seat: int) -> list[Json]:
        """Returns the extra complete moves an option offers at turn_step."""
        return []

    def turn_move(self, s: State, seat: int, move: Json) -> list[Json]:
        """Returns the events of an option's turn_step move (one `turn_moves` lists); refuses any other."""
        raise IllegalMove(
            N_("illegal move {move}: not offered with these options (§9)"), rule="§9", move=repr(move)
        )

    def turn_prompt(self, s: State, kind: str) -> str:
        """Returns the prompt kind of the active player's turn stage (`kind`: the base's, R17-R19)."""
        return kind

    def turn_open(self, s: State, seat: int) -> bool:
        """Returns whether an option's turn step is still open, so the turn does not end by itself (R34)."""
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
        """Returns the events that apply an option's own (or widened) revealed decision (None: the base's)."""
        return None

    def check_choice(self, s: State, kind: str, context: Any, seat: int, move: Json) -> Any:
        """Returns the checked choice (a JSON value) that `move` makes in an option's own decision `kind`
        (or in a base decision whose choices the option widens, such as G81's named returns).

        Raises a RuleViolation when the move is illegal there; None: not an option's move (the base checks it).
        """
        return None

    def choice_moves(
        self, s: State, kind: str, context: Any, seat: int, partial: Json | None
    ) -> list[Json] | None:
        """Returns the legal moves of `seat` in an option's own decision `kind`, or in a base one it widens.

        With `partial` None: the complete moves (a large family may list its empty member, as the base
        does); else the one-step extensions of `partial`, each with `complete`. None: not an option's kind.
        """
        return None

    def default_choice(self, s: State, kind: str, context: Any, seat: int) -> Json | None:
        """Returns the default move (§8) of `seat` in an option's own (or widened) decision `kind` (None: the base's)."""
        return None

    # An option's own action cards (their special actions, R21).

    def declare(self, s: State, seat: int, card: str, move: Json) -> tuple[list[Any], Json] | None:
        """Returns (steps, normalised action) of a declare_action for an option's own card `card` (a card id).

        Checks the move's fields and raises a RuleViolation (or MalformedMove) when it is illegal.
        Steps are tuples whose first item names them (as `cards.Step`); kinds the base does not know
        are carried out by `carry_out`. None: not an option's card (the base plans it).
        """
        return None

    def declarations(self, s: State, seat: int, card: str, partial: Json | None) -> list[Json] | None:
        """Returns the declaration fields `legal_moves` offers for an option's own card `card` (a card id).

        With `partial` None: the roots, as `legal.declarations` (fields without "type"); else the one-step
        extensions of the declare_action `partial` (whole moves, each with `complete`). None: not an option's card.
        """
        return None

    def declare_prefix(self, s: State, seat: int, card: str) -> list[Any]:
        """Returns steps an option puts before a declaration's own (a copy's figure step, G68, ruling B14)."""
        return []

    def held_card(self, s: State, seat: int, move: Json) -> str | None:
        """Returns the held card instance whose special action `move` declares outside the turn (G73),
        raising when `seat` may not use one now; None: `move` is not such a use."""
        return None

    def held_used(
        self, s: State, seat: int, card: str, action: Json, moves: list[Move], void: bool
    ) -> list[Json]:
        """Returns the events of a use of the held card `card` (`held_card`), planned as its special
        action: the normalised `action`, its caballero `moves` ([owner, from, to, 1]) and whether it is void."""
        return []

    def carry_out(self, s: State, step: tuple[Any, ...]) -> list[Json] | None:
        """Returns the events of one step of an option's own kind (None: not an option's step)."""
        return None

    # General scoring (R35-R40).

    def castillo_members(self, s: State, members: list[int]) -> list[int]:
        """Returns the members of the Castillo disc decision (M1), given the base's (≥ 1 caballero there)."""
        return members

    def castillo_exits(self, s: State, discs: dict[int, int]) -> list[Json]:
        """Returns the events an option adds after the Castillo caballeros went to their disc regions (R38)."""
        return []

    def before_regions(self, s: State) -> list[Json]:
        """Returns the events that suspend a general scoring before its regions are scored (e.g. a decision)."""
        return []

    def scoring_resume(self, s: State) -> list[Json] | None:
        """Returns the events that go on with a suspended general scoring ([]: score the regions now),
        or None when no general scoring is suspended."""
        return None

    # Pieces with a state of their own (the expansion's positions, tiles, marks, bonus moves).

    def spot(self, s: State, name: str) -> tuple[int, str] | None:
        """Returns (area index, location name) of a location a move names, or None when it names none."""
        return self.spot_table.get(name)

    def spots(self, s: State, area: int) -> tuple[str, ...]:
        """Returns the location names legal_moves offers as destinations in `area` (moves, special placements)."""
        return data.spots(area)

    def settle(self, s: State, seat: int | None, moves: list[Move], reason: str) -> list[Move]:
        """Returns the moves of a caballeros_moved event with every source and destination named.

        The base only splits exits from France into its slots (`state.vacate`, O-F4a).
        """
        return vacate(s, moves)

    def sources(self, s: State, owner: int | str, area: int, reason: str) -> list[tuple[str, int]]:
        """Returns the source names `legal_moves` offers for `owner`'s caballeros in `area`, with counts.

        `reason` is "move" or "return". The base: the area, or France's slots (`state.held`, O-F4a).
        """
        return held(s, owner, area)

    def named_source(self, s: State, seat: int, area: int, name: str, reason: str) -> int | None:
        """Returns how many of `seat`'s caballeros a court supplement may take from the position `name`
        names in `area` (G42a: the owner names it), or None when the rules let nobody name one there
        (the base: France's slots are vacated automatically, O-F4a)."""
        return None

    def may_leave(self, s: State, cab: tuple[Any, ...], reason: str) -> bool:
        """Returns whether the caballero state `cab` may be taken by a move event with `reason`.

        `settle` asks it when it picks the states a move leaves open (e.g. a relocation takes only
        unmarked caballeros, G51; a return never takes a tile carrier, G42). The base allows all.
        """
        return True

    def fold(self, s: State, e: Json, kw: Json) -> None:
        """Adds to `kw` the changes an option makes to the state when `e` is folded (`kw`: the base's)."""

    def after(self, s: State, e: Json) -> list[Json]:
        """Returns the automatic events that follow `e` at once (`s`: the state after it)."""
        return []

    def step_end(self, s: State, seat: int | None) -> list[Json]:
        """Returns the automatic events at the end of a whole step of the turn (G48's refill).

        `Emitter.step_end(seat)` calls it (only while no decision is open) after a court supplement, a
        placement batch, an option's turn_step move, and a whole special action (after its last decision,
        or cut short by a veto). Other steps (copies, relocation-before-scoring uses) call `em.step_end`.
        `seat` is the acting player of the step.
        """
        return []

    # Showing what an option adds.

    def view(self, s: State, out: Json) -> None:
        """Adds an option's public pieces to a view (§4: they are public, H10)."""
