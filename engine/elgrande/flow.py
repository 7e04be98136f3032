"""Runs the automatic parts of the game: setup, rounds, turn starts and ends, general scorings.

`advance` emits every event that needs no decision (R9-R16, R17 intake, R34 forced choices,
R35-R40 general scoring, R53 game end) until some seat owes a prompt.
"""

from __future__ import annotations

from typing import Any

from engine import rng
from engine.elgrande import data, legal, ruleset
from engine.elgrande.bidding import bid_event, legal_bids, next_bidder
from engine.elgrande.emitter import Emitter
from engine.elgrande.evolve import evolve
from engine.elgrande.scores import general_scoring, standings
from engine.elgrande.state import State
from engine.errors import IllegalOptions
from engine.i18n import N_

Json = dict[str, Any]
BASE_OPTIONS = ("veto", "short_game")  # always recorded; every other option only when on (elgrande-2 records)


def setup(seats: int, options: Json, rng_seed: str) -> list[Json]:
    """Returns the opening events: the drawn setup (R3-R8), then round one's reveal."""
    opts = ruleset.check_options(seats, options)
    if not isinstance(rng_seed, str) or not rng_seed:
        raise IllegalOptions(N_("the rng seed must be a non-empty string (R8)"), rule="R8")
    rules = ruleset.of(ruleset.options_of(opts))
    cards = rng.Draws(rng_seed, "setup:region_cards").shuffle([data.AREAS[r].id for r in rules.region_deck()])
    stacks = {
        str(k): rng.Draws(rng_seed, f"setup:stack{k}").shuffle(data.deck(k, veto=opts["veto"]))
        for k in rules.stacks()
    }
    start = rng.Draws(rng_seed, "setup:start_player").below(seats)  # R7, R8
    first: Json = {
        "type": "game_started",
        "seats": seats,
        "options": {k: v for k, v in opts.items() if k in BASE_OPTIONS or v},
        "rounds": list(rules.rounds()),
        "seed": rng_seed,
        "commitment": rng.commitment(rng_seed),
        "region_cards": cards,
        "king": cards[0],
        "homes": cards[1 : 1 + seats],
        "stacks": stacks,
        "stack_sizes": [len(stacks[str(k)]) for k in rules.stacks()],
        "start_player": start,
    }
    first.update(rules.setup(first))
    em = Emitter(evolve(None, first))
    advance(em)
    return [first, *em.events]


def advance(em: Emitter) -> None:
    """Emits automatic events until a seat owes a decision or the game is over."""
    while em.state.phase != "over" and em.state.group is None:
        events = _next(em.state)
        if not events:
            return
        for event in events:
            em.emit(event)


def _next(s: State) -> list[Json]:
    match s.phase:
        case "between":
            return [_round_start(s) if s.round_index + 1 < len(s.rounds) else _game_end(s)]
        case "bidding":
            return s.rules.prelude(s) or _forced_bid(s)
        case "turns":
            return _turn_auto(s)
        case "scoring":
            return general_scoring(s)
    return []


def _round_start(s: State) -> Json:
    offer = [st[0] for st in s.stacks if st] + list(s.rules.fixed_cards())  # R10
    return {
        "type": "round_started",
        "round": s.rounds[s.round_index + 1],
        "offer": offer,
        "start_player": s.start_player,
    }


def _forced_bid(s: State) -> list[Json]:
    seat = next_bidder(s)
    legal = legal_bids(s, seat)
    if len(legal) == 1 and not s.took_back[seat]:  # R34, X40: asked when the hand is hidden
        event = bid_event(s, seat, legal[0])
        event["forced"] = True
        return [event]
    return []


def _turn_auto(s: State) -> list[Json]:
    t = s.turn
    if t is None:
        return s.rules.between_turns(s) or [_turn_start(s) if s.turn_index < len(s.order) else _round_end(s)]
    if t.stage == "card" and len(s.offer) == 1:  # R18, R34
        return [{"type": "action_card_taken", "seat": t.seat, "card": s.offer[0], "forced": True}]
    if t.stage == "step" and _nothing_left(s, t.seat):
        return turn_end(s, t.seat)  # R34: end_turn is all that is left (an option's extras end with it)
    return []


def turn_end(s: State, seat: int) -> list[Json]:
    """Returns the events that end `seat`'s turn: an option's last automatic steps, then turn_ended (R22)."""
    return [*s.rules.turn_end(s, seat), {"type": "turn_ended", "seat": seat}]


def _nothing_left(s: State, seat: int) -> bool:
    """Returns whether only end_turn remains: no batch possible (unless an option's move could fill the court), no action."""
    t = s.turn
    assert t is not None
    if s.rules.turn_open(
        s, seat
    ):  # an option's step (a bonus move G30, the Inquisitor extra G43) may still be taken
        return False
    no_batch = t.placed or (s.court[seat] == 0 and not s.rules.turn_moves(s, seat))
    return no_batch and (t.acted or not _can_declare(s, seat)) and not s.rules.turn_open(s, seat)


def _can_declare(s: State, seat: int) -> bool:
    return bool(legal.declarations(s, seat))


def _turn_start(s: State) -> Json:
    seat = s.order[s.turn_index]
    heads = data.POWER_HEADS[s.bids[seat]]
    intake = min(heads, s.province[seat])  # R17: the province part is automatic
    supplement = min(heads - intake, s.takeable_open(seat, "supplement"))
    return {"type": "turn_started", "seat": seat, "intake": intake, "supplement": supplement}


def _round_end(s: State) -> Json:
    fixed = s.rules.fixed_cards()
    final = s.round_index == len(s.rounds) - 1  # R55: unused Vetos lapse at game end
    expired = [v.card for v in s.vetos if v.taken < s.round_index or final]  # V9
    return {
        "type": "round_ended",
        "round": s.round,
        "discarded": [c for c in s.offer if c not in fixed],  # R15
        "expired": expired,
        "next_start": min(range(s.seats), key=lambda p: s.bids[p]),  # R12
        "scoring": s.round in data.GENERAL_SCORING_ROUNDS,
    }


def _game_end(s: State) -> Json:
    ranks, winners = standings(s.scores)
    return {
        "type": "game_ended",
        "scores": list(s.scores),
        "ranks": ranks,
        "winners": winners,
        "seed": s.seed,
    }
