"""Plays random El Grande games through the contract and checks the game's invariants.

Pieces conserved (§1.5), the King's region taboo (R23), scores never fall (R45), the right
number of rounds and general scorings (R9, R35, O-S1), replay = live, and no leaks (§4):
no view or redacted event of a running game holds the seed, a face-down card, another
seat's hand or played pile, or another seat's sealed choice.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import engine
from engine.elgrande import data
from engine.elgrande.state import State
from tests.conformance import Checks, canon, fold, play, random_move, scale

game = engine.get_game("elgrande")
Json = dict[str, Any]


def invariants(s: State) -> list[str]:
    problems = []
    for p in range(s.seats):
        total = s.province[p] + s.court[p] + sum(row[p] for row in s.board)
        if total != data.CABALLEROS or min(s.province[p], s.court[p], *(row[p] for row in s.board)) < 0:
            problems.append(f"seat {p}: {total} caballeros, province {s.province[p]}, court {s.court[p]}")
    if s.king == data.CASTILLO or data.CASTILLO in s.grandes:
        problems.append("King or Grande in the Castillo (R28, R29)")
    if len({a for a in s.scoreboards if a >= 0}) != len([a for a in s.scoreboards if a >= 0]):
        problems.append("two scoreboards share an area (X15)")
    return problems


def step(before: State, after: State, events: list[Json]) -> list[str]:
    problems = []
    if any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
        problems.append(f"a score fell: {before.scores} -> {after.scores} (R45)")
    state = before
    for event in events:
        nxt = game.evolve(state, event)
        if event["type"] != "king_moved" and nxt.board[state.king] != state.board[state.king]:
            problems.append(f"{event} changed the King's region {data.AREAS[state.king].id} (R23)")
        if event["type"] != "king_moved" and nxt.king == state.king:
            moved = [p for p in range(state.seats) if nxt.grandes[p] != state.grandes[p]]
            if any(state.king in (state.grandes[p], nxt.grandes[p]) for p in moved):
                problems.append(f"{event} moved a Grande into or out of the King's region (R29)")
        state = nxt
    return problems


def _sentinels(s: State) -> list[str]:
    hidden = [f'"{card}"' for stack in s.stacks for card in stack]  # H4
    return hidden + ([s.seed] if s.seed else [])


def leaks(s: State, events: list[Json], viewer: Any) -> list[str]:
    if s.phase == "over":
        return []
    problems = []
    v = game.view(s, viewer)
    texts = [canon(v)] + [canon(game.redact(e, viewer)) for e in events]
    for text in texts:
        problems += [f"viewer {viewer} sees hidden {x}" for x in _sentinels(s) if x in text]
    for p in range(s.seats):
        if p != viewer and ("cards" in v["hands"][p] or "cards" in v["played"][p]):
            problems.append(f"viewer {viewer} sees seat {p}'s hand or pile (H1, H2)")
    if v["decision"] and ("choices" in v["decision"]):
        problems.append(f"viewer {viewer} sees sealed choices (H6)")
    for e in events:
        r = game.redact(e, viewer)
        if r and e["type"] == "choice_made" and e["seat"] != viewer and "choice" in r:
            problems.append(f"viewer {viewer} sees {e['seat']}'s sealed choice (H6, H7)")
        if r and e["type"] == "power_card_taken_back" and e["seat"] != viewer and "value" in r:
            problems.append(f"viewer {viewer} sees a taken-back card (H3)")
        back = e["type"] == "action_declared" and e["card"].startswith("d4_power_card_back")
        if r and back and e["seat"] != viewer and r["action"].get("value") is not None:
            problems.append(f"viewer {viewer} sees the declared take-back (H3)")
    return problems


def final(s: State, events: list[Json]) -> list[str]:
    rounds = [e["round"] for e in events if e["type"] == "round_started"]
    scorings = [e["round"] for e in events if e["type"] == "general_scoring_ended"]
    expected = list(s.rules.rounds())
    problems = []
    if rounds != expected:
        problems.append(f"played rounds {rounds}, expected {expected} (R9, O-S1, O-S2)")
    if scorings != [r for r in (3, 6, 9) if r <= expected[-1]]:
        problems.append(f"general scorings after {scorings}, expected after 3, 6 and 9 as played (R35, O-S2)")
    if events[-1]["type"] != "game_ended" or game.result(s) is None:
        problems.append("the game did not end with game_ended (R53)")
    return problems


CHECKS = Checks(invariants=invariants, step=step, leaks=leaks, final=final)
OPTION_SETS = [{}, {"veto": False}, {"short_game": True}, {"veto": False, "short_game": True}]
CASES = list(itertools.product(range(2, 6), range(len(OPTION_SETS))))


@pytest.mark.parametrize(("seats", "opt"), CASES)
def test_random_games_keep_the_invariants(seats: int, opt: int) -> None:
    for k in range(16 * scale()):
        seed = f"conformance-{seats}-{opt}-{k}"
        out = play(game, seats, OPTION_SETS[opt], seed, CHECKS, sample_legal=2, check_leaks_every=3)
        assert not out.problems, (seed, out.problems[:5])


# The optional rules (§9), alone and combined; each runs fewer games than the base sets above.
OPTION_MIXES = [
    {"short_game_six_rounds": True},
    {"grande_counts_one": True},
    {"grande_counts_one": True, "short_game_six_rounds": True, "veto": False},
]
MIX_CASES = list(itertools.product(range(2, 6), range(len(OPTION_MIXES))))


@pytest.mark.parametrize(("seats", "mix"), MIX_CASES)
def test_random_games_with_options_keep_the_invariants(seats: int, mix: int) -> None:
    for k in range(4 * scale()):
        seed = f"options-{seats}-{mix}-{k}"
        out = play(game, seats, OPTION_MIXES[mix], seed, CHECKS, sample_legal=2, check_leaks_every=3)
        assert not out.problems, (seed, OPTION_MIXES[mix], out.problems[:5])


def test_replay_is_byte_identical() -> None:
    out = play(game, 4, {}, "replay-seed", Checks())
    again = play(game, 4, {}, "replay-seed", Checks())
    assert canon(out.events) == canon(again.events)


def test_replay_from_canonical_json_matches_and_decide_is_byte_identical() -> None:
    # design.md "The log": verify re-runs decide on the folded log and demands byte-identical events
    rnd = random.Random(5)
    events = game.setup(5, {}, "json-replay")
    state = replayed = fold(game, events)
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.pending(state)))
        move = json.loads(canon(random_move(game, state, seat, rnd)))
        new = game.decide(state, seat, move)
        assert canon(game.decide(replayed, seat, move)) == canon(new)
        for event in new:
            state = game.evolve(state, event)
            replayed = game.evolve(replayed, json.loads(canon(event)))
    assert canon(game.view(replayed, "all")) == canon(game.view(state, "all"))


def france_invariants(s: State) -> list[str]:
    """Checks France's slots (O-F4): one caballero per slot, matching the board's France row, at most 3."""
    problems = invariants(s)
    row = s.board[data.FRANCE]
    held = [sum(1 for owner in s.slots if owner == p) for p in range(s.seats)]
    if list(row) != held or sum(row) > 3:
        problems.append(f"France holds {list(row)} but its slots are {s.slots} (O-F4)")
    if data.FRANCE in (s.king, *s.grandes):
        problems.append("the King or a Grande in France (O-F1)")
    return problems


FRANCE_CHECKS = Checks(invariants=france_invariants, step=step, leaks=leaks, final=final)
FRANCE_SETS = [{"france": True}, {"france": True, "veto": False}, {"france": True, "grande_counts_one": True}]


@pytest.mark.parametrize(("seats", "opt"), list(itertools.product(range(2, 6), range(len(FRANCE_SETS)))))
def test_random_france_games_keep_the_invariants(seats: int, opt: int) -> None:
    # O-F1, O-F4: France's slots stay consistent with its caballeros through random games
    for k in range(6 * scale()):
        seed = f"conformance-france-{seats}-{opt}-{k}"
        out = play(game, seats, FRANCE_SETS[opt], seed, FRANCE_CHECKS, sample_legal=2, check_leaks_every=3)
        assert not out.problems, (seed, out.problems[:5])
