"""Plays El Grande (base game and the optional rules of §9) behind the engine contract.

Spec: `rules/elgrande.md`. Move, event and prompt types: `engine.elgrande.moves`; text
notation: `engine.elgrande.notation`; `text_summary(view)` renders a view as plain-text lines
(optional contract function, `engine.elgrande.summary`). Randomness: setup only (labels `setup:region_cards`,
`setup:stack1` … `setup:stack4`, `setup:start_player`, R8); `decide` and `evolve` never draw.

Prompts are `{id, kind, since, turn}`; kinds: play_power_card, supplement_court,
choose_action_card, turn_step (the active player's turn: `turn` = "r<round>:turn:<seat>"; under
option church the holder's turn_step also takes `church_intake`, O-C6; under inquisitor_colonies
the Grand Inquisitor's holder's turn_step also takes `inquisitor_extra`, G43),
and the simultaneous decisions veto_answer, castillo_disc, eviction_disc, return_two_disc,
return_all_disc, secret_scoring_disc, king_returns_choice (`turn` = the prompt id); under
option inquisitor_colonies also setup_disc and limit_fill (a decision of one player, the move
fill_limit {states: [{seat, state, count}]}, G47, G48; decision.context: region, spaces,
candidates [[owner, state, count]], reason "castillo" | "eviction" | "refill", chooser).

With option france, a caballero entering or leaving France by a move, place, batch or removal
names its slot as the location: "france_ambassador", "france_envoy", "france_plain" (O-F4, O-F10);
court supplements and return sources say "france" and events name the slots vacated (O-F4a).

Building a move click by click: `legal_moves(state, seat)` lists complete moves; the large
families start from an empty member (`{"type": "place_caballeros", "to": {}}`,
`{"type": "declare_action", "moves": []}`, `places: []`, `removals: []`, `supplement: {}`,
`{"type": "supplement_court", "from": {}}`); `legal_moves(state, seat, partial=m)` returns
the one-step extensions of m, each with `complete` (strip it before submitting). A move
step is two clicks: `{seat, from}` (incomplete), then `{seat, from, to}`.

Shape of `view(state, viewer)` (stable; the browser and CLI draw the board from it):

    game: "elgrande", version: int (engine events folded), viewer: seat | null | "all"
    seats: n, options: {every option of INFO["options"]: bool}, rounds: [played round numbers], round: int (0 before round 1)
    phase: "bidding" | "turns" | "scoring" | "between" | "over"
    king: region id
    areas: {area id: {name, caballeros: [count per seat], values: [v1, v2, v3] (current),
            printed: [..], scoreboard: "sb_8_4_0" | "sb_4_0_0" | null, neighbours: [region ids]}}
           for "castillo" then the nine regions in id order (galicia … granada), then "france" when option
           france is on, whose entry also has slots: {ambassador, envoy, plain: seat | null} (O-F4)
    grandes: [region id per seat]            scoreboards: {sb id: area id | null}
    courts: [count per seat]                 provinces: [count per seat]
    scores: [points per seat]                start_player: seat
    bids: [this round's power card per seat | null]        turn_order: [seats, first to act first]
    active: seat whose turn it is | null
    turn: {seat, stage: "supplement"|"card"|"step"|"wait", card: instance | null, placed, acted} | null
    offer: [{card: "d3_score_fours.2", id: "d3_score_fours", stack, heads, name}]   (face-up cards)
    stacks: [face-down cards left in stacks 1-4]     discard: [card instances]
    hand: [own power-card values] | null (spectator)
    hands: [{size, cards?: [values] (own only)} per seat]
    played: [{top: value | null, size, cards?: [values, bottom first] (own only)} per seat]
    vetos: [{seat, card, taken_round, expires_round}]
    decision: {kind, members: [seats asked], chosen: [seats who answered], forced: [[seat, choice]],
               declaration (veto_answer: the action_declared event) | context, my_choice?} | null
    pending: {"<seat>": prompt}
    last_events: [the last 8 events, redacted for the viewer]
    commitment: seed SHA-256; seed: only once the game is over (or for "all")
    result: {scores, ranks, winners, tiebreak: null} | null
    moorish: bool (option granada_moorish only; also areas.granada.moorish): Granada is still Moorish
    church (option church only): {holder: seat | null, black: {area id: count}, extra_used: bool};
           each area then also has black: count (O-C1, H10)
    With option inquisitor_colonies (rules/inquisitor-colonies.md; all public, G80):
    areas: also france, caravel, america, mediterranean; every area also has black: count and
           pieces: [{owner: seat | "black", position: "ordinary" | "on" | "beside" | "captain" | "viceroy"
                     | "ambassador" | "envoy" | "plain", tile: "gold" | "goods" | null, claimant: seat | null,
                     marked: bool (relocated this round, G51), bonus: bool (bonus move left, G29), count,
                     state: its name in the state grammar (engine.elgrande.expansion.names)}];
           america.gold and mediterranean.goods: ownerless tiles there (G8)
    inquisitor: {holder: seat | null, black: {area id: count}, out_of_game: count, extra_used: bool} (G40-G43)
    limit_board: {area: region id | null, spaces: 6 | 10, on: count} (G7, G45)
    tiles: {supply: {gold, goods}, loose: {gold, goods}, owed: {gold, goods}} (G33, G34)
    held_cards: [{seat, card}] (G74)      delayed: [{seat, card, area, round}] (G72)
    turned: [offered card instances turned face down this round] (G69)
    turn: also grande_bonus (the Grande's bonus move is left, G29) and extra (the Inquisitor extra is used, G43)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.elgrande import defaults, legal, notation, prompts, rules, views
from engine.elgrande.evolve import evolve as _evolve
from engine.elgrande.flow import setup as _setup
from engine.elgrande.moves import EVENTS, MOVES, PROMPTS, REVEALS
from engine.elgrande.ruleset import OPTIONS
from engine.elgrande.state import State
from engine.elgrande.summary import text_summary
from engine.errors import MalformedMove
from engine.i18n import N_

Json = dict[str, Any]
T = TypeVar("T")

ENGINE_VERSION = "elgrande-3"  # 3: the optional rules of §9; base-game events unchanged
# Every rules version whose records this code replays byte for byte (tests/records proves it).
ENGINE_VERSIONS = (ENGINE_VERSION, "elgrande-2")  # 2: Vetos lapse at game end, scorings list their areas
INFO: Json = {"name": "elgrande", "title": "El Grande", "seats": [2, 5], "options": OPTIONS}

__all__ = [
    "ENGINE_VERSION",
    "ENGINE_VERSIONS",
    "EVENTS",
    "INFO",
    "MOVES",
    "PROMPTS",
    "REVEALS",
    "decide",
    "decide_state",
    "default_move",
    "evolve",
    "format_move",
    "legal_moves",
    "parse_move",
    "pending",
    "redact",
    "result",
    "setup",
    "text_summary",
    "view",
]


def _guard(what: Any, call: Callable[[], T]) -> T:
    try:
        return call()
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise MalformedMove(
            N_("malformed input {what}: {error}"), what=repr(what), error=type(exc).__name__
        ) from exc


def setup(seats: int, options: Json, rng_seed: str) -> list[Json]:
    """Returns the opening events: setup draws (R1-R8) and round one's reveal (R10)."""
    return _setup(seats, options, rng_seed)


def evolve(state: State | None, event: Json) -> State:
    """Returns the state after `event` (never validates, never draws)."""
    return _evolve(state, event)


def decide(state: State, seat: int, move: Json) -> list[Json]:
    """Returns the events caused by `move` of `seat`, or raises a RuleViolation."""
    return _guard(move, lambda: rules.decide(state, seat, move))


def decide_state(state: State, seat: int, move: Json) -> tuple[list[Json], State]:
    """Returns `decide`'s events and the state after them (what folding them would give)."""
    return _guard(move, lambda: rules.decide_state(state, seat, move))


def pending(state: State) -> dict[int, Json]:
    """Returns the prompt each due seat owes now."""
    return prompts.pending(state)


def legal_moves(state: State, seat: int, partial: Json | None = None) -> list[Json]:
    """Returns complete legal moves of `seat`, or the one-step extensions of `partial`."""
    return _guard(partial, lambda: legal.legal_moves(state, seat, partial))


def default_move(state: State, seat: int) -> Json:
    """Returns the auto-pass move of `seat` (§8)."""
    return defaults.default_move(state, seat)


def view(state: State, seat: Any) -> Json:
    """Returns what `seat` (int, None = spectator, "all") may see; shape in the module docstring."""
    return views.view(state, seat)


def redact(event: Json, seat: Any) -> Json | None:
    """Returns `event` as `seat` may see it."""
    return views.redact(event, seat)


def result(state: State) -> Json | None:
    """Returns {scores, ranks, winners, tiebreak} once the game is over, else None."""
    return views.result(state)


def format_move(move: Json) -> str:
    """Returns the text notation of `move`."""
    return _guard(move, lambda: notation.format_move(move))


def parse_move(text: str, state: Any, seat: int) -> list[Json]:
    """Returns the moves written in `text` (one per line or `;`-separated)."""
    return _guard(text, lambda: notation.parse_move(text, state, seat))
