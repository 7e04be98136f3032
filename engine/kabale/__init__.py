"""Kabale & Hiebe (Ruse & Bruise, "Ármány és cselszövés") on the engine contract.

The rules are `/work/shared/rules/kabale.md` (ids KC, K, KA, KE, KR, KH, KD, cited in the code).
Moves, events and prompts are listed in `moves.py`; the text notation is in `notation.py`.

Modules: `cards` (constant data), `state` (frozen state and `evolve`), `flow` (the events
of a turn: reveal chains, draws, round end), `scoring` (end-of-round resolution, final
score), `decide` (validation, `pending`, `legal_moves`, `default_move`), `views`,
`summary` (`text_summary(view)`: a view as plain-text lines for emails).

Options (INFO): `first_seat` (K4, KR33) and `colours` (K1; empty = KC1 order).

The view (`view(state, seat)`; seat int, None = spectator, "all" = everything):

    {game: "kabale", viewer, version, round (1-6), rounds: 6, seats, colours: [colour by seat],
     start_seat, active (seat whose turn it is, None between games),
     prompts: [{seat, id, kind: play|hood_tuck|traitor_swap, since, turn, column?, position?}],
     columns: [{index, goal: {id, kind, value}, full, closed,
                slots: [{seat, up, card (None when face down and not the viewer's, KH4),
                         holds?: bool (a face-up hood: whether it hides a card, KH5),
                         hidden?: card id | None (the hood's card: owner only, all after K14)}]}],   top first
     players: [{seat, colour, hand_size, draw_size, discard: [cards], won_count,
                hand?: [cards], won?: [goal ids], score? (own seat; everyone once over),
                draw?: [cards] ("all" only)}],
     goal_stack_size, removed_goals: [goal ids] (KH9), commitment, result (None while running),
     seed?, goal_stack?, last_scoring? ("all" only)}

Who won which goal card is public only in the `column_scored` event (KH11); views hide it
afterwards (KH8). Chance labels (KR34): `setup:goals`, then `setup:deck:<seat>` in seat
order; every reshuffle `chance:<n>:0`, n being the version of its `discard_reshuffled`.

Face-down slots are drawn as backs in the owner's colour (`colours[slot.seat]`); slot
index 0 is directly under the goal card. Values in `column_scored` are printed numbers
(the Assassin's 9.5 stays 9.5); the engine keeps half-points inside.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalOptions, UnsupportedOption
from engine.i18n import N_
from engine.kabale.cards import COLOURS, DECK, GOALS
from engine.kabale.decide import decide, decide_state, default_move, legal_moves, pending
from engine.kabale.flow import Builder, start_round
from engine.kabale.moves import EVENTS, MOVES, PROMPTS, REVEALS
from engine.kabale.notation import format_move, parse_move
from engine.kabale.state import State, evolve
from engine.kabale.summary import text_summary
from engine.kabale.views import redact, result, view
from engine.rng import Draws, commitment

Json = dict[str, Any]
ENGINE_VERSION = "kabale-2"
# The versions whose games this code replays byte for byte (engine.contract). `game_started`
# names ENGINE_VERSION, so keeping an older version listed after a bump takes a setup that can
# still write that version's opening.
ENGINE_VERSIONS = (ENGINE_VERSION,)
HAND = 3  # K2

INFO: Json = {
    "name": "kabale",
    "title": "Kabale & Hiebe",
    "seats": [2, 6],
    "options": {
        "first_seat": {"type": "integer", "default": 0, "doc": N_("seat that starts round 1 (K4, KR33)")},
        "colours": {
            "type": "array",
            "default": [],
            "enum": list(COLOURS),
            "doc": N_("colour of each seat, distinct; empty = red, blue, yellow, green, white, black (K1)"),
        },
    },
}


def _options(seats: Any, options: Any) -> tuple[int, list[str]]:
    """Returns (first_seat, colours) after checking seats and options; raises on bad ones."""
    if type(seats) is not int or not 2 <= seats <= 6:
        raise IllegalOptions(
            N_("Kabale & Hiebe takes 2 to 6 seats, not {seats} (KC1)"), rule="KC1", seats=repr(seats)
        )
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalOptions(N_("options must be an object, not {options}"), options=repr(options))
    for key in options:
        if key not in INFO["options"]:
            raise UnsupportedOption(
                N_("unknown option {key}; known: {options}"), key=repr(key), options=sorted(INFO["options"])
            )
    first = options.get("first_seat", 0)
    if type(first) is not int or not 0 <= first < seats:
        raise IllegalOptions(
            N_("first_seat must be a seat 0 to {last}, not {first} (K4)"),
            rule="K4",
            last=seats - 1,
            first=repr(first),
        )
    colours = options.get("colours", [])
    if isinstance(colours, list) and not colours:  # K1: empty means the KC1 order
        colours = list(COLOURS[:seats])
    if (
        not isinstance(colours, list)
        or len(colours) != seats
        or len(set(map(str, colours))) != seats
        or any(c not in COLOURS for c in colours)
    ):
        raise IllegalOptions(
            N_("colours must be {seats} distinct of {known}, not {colours} (K1)"),
            rule="K1",
            seats=seats,
            known=list(COLOURS),
            colours=repr(colours),
        )
    return first, colours


def setup(seats: int, options: Json, rng_seed: str) -> list[Json]:
    """Returns the opening events: seed, goal shuffle, each deck in seat order, hands (KR34)."""
    first, colours = _options(seats, options)
    if not isinstance(rng_seed, str) or not rng_seed:
        raise IllegalOptions(N_("the rng seed must be a non-empty string (KR34)"), rule="KR34")
    start = {
        "type": "game_started",
        "seats": seats,
        "colours": colours,
        "first_seat": first,
        "seed": rng_seed,
        "commitment": commitment(rng_seed),
        "engine_version": ENGINE_VERSION,
    }
    b = Builder(evolve(None, start))
    b.events.append(start)
    stack = Draws(rng_seed, "setup:goals").shuffle(GOALS)[: 6 * seats]  # K3
    b.emit("goals_shuffled", stack=stack, count=len(stack))
    for seat in range(seats):  # K2
        order = Draws(rng_seed, f"setup:deck:{seat}").shuffle(DECK)
        b.emit("deck_shuffled", seat=seat, order=order, count=len(order))
    for seat in range(seats):
        b.emit("cards_drawn", seat=seat, cards=list(b.state.players[seat].draw[:HAND]), count=HAND)
    start_round(b, 1, first)
    return b.events


__all__ = [
    "ENGINE_VERSION",
    "ENGINE_VERSIONS",
    "EVENTS",
    "INFO",
    "MOVES",
    "PROMPTS",
    "REVEALS",
    "State",
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
