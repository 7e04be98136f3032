"""Plays random El Grande games through the contract and checks the game's invariants.

Pieces conserved (§1.5), the King's region taboo (R23), scores never fall (R45), the right
number of rounds and general scorings (R9, R35, O-S1), the options' own rules (Moorish Granada
O-G2-O-G4, movement limits O-L3), replay = live, and no leaks (§4):
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
    if s.moorish and (s.king == GRANADA or GRANADA in s.grandes):
        problems.append("King or Grande in Moorish granada (O-G2)")
    return problems


def step(before: State, after: State, events: list[Json]) -> list[str]:
    problems = []
    if any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
        problems.append(f"a score fell: {before.scores} -> {after.scores} (R45)")
    state = before
    prev: Json | None = None
    for event in events:
        nxt = game.evolve(state, event)
        problems += moorish_step(state, nxt, event, prev) + limits_step(state, event)
        prev = event
        if event["type"] != "king_moved" and nxt.board[state.king] != state.board[state.king]:
            problems.append(f"{event} changed the King's region {data.AREAS[state.king].id} (R23)")
        if event["type"] != "king_moved" and nxt.king == state.king:
            moved = [p for p in range(state.seats) if nxt.grandes[p] != state.grandes[p]]
            if any(state.king in (state.grandes[p], nxt.grandes[p]) for p in moved):
                problems.append(f"{event} moved a Grande into or out of the King's region (R29)")
        state = nxt
    return problems


GRANADA = data.AREA_INDEX["granada"]


def moorish_step(state: State, nxt: State, event: Json, prev: Json | None) -> list[str]:
    """Checks one event against granada_moorish: never scored nor entered from a court while Moorish,
    conquered exactly when a turn ends with ≥ 12 there, never Moorish again (O-G2-O-G4)."""
    problems = []
    kind = event["type"]
    if nxt.moorish and not state.moorish:
        problems.append("granada became Moorish again (O-G4)")
    conquest = kind == "area_scored" and event["mode"] == "conquest"
    if conquest and (prev is None or prev["type"] != "granada_conquered" or event["area"] != "granada"):
        problems.append(f"a conquest scoring not right after granada_conquered: {event} (O-G4)")
    if not state.moorish:
        return problems
    after_turn = prev is not None and prev["type"] == "turn_ended"
    if kind == "area_scored" and event["area"] == "granada":
        problems.append(f"Moorish granada scored: {event} (O-G3)")
    moved = event.get("moves", []) if kind in ("caballeros_placed", "caballeros_moved") else []
    if any(m[1] == "court" and m[2] == "granada" for m in moved):
        problems.append(f"{event} brought caballeros from a court into Moorish granada (O-G2)")
    if kind == "granada_conquered" and not (after_turn and state.total(GRANADA) >= 12):
        problems.append(f"{event} not right after a turn ended with ≥ 12 in granada (O-G4)")
    if kind in ("turn_started", "round_ended") and after_turn and state.total(GRANADA) >= 12:
        problems.append(f"a turn ended with {state.total(GRANADA)} in Moorish granada, not conquered (O-G4)")
    return problems


LIMITED = {
    "d1_move_five_from_region": 5,
    "d1_move_three_foreign": 3,
    "d1_move_three_any": 3,
    "d1_move_two_own_two_foreign": 4,
    "d1_move_four_own": 4,
    "d1_move_four_any": 4,
}


def limits_step(state: State, event: Json) -> list[str]:
    """Checks a declared move action against movement_limits: with a far move, at most N − 2 (O-L2, O-L3)."""
    if (
        not state.options.movement_limits
        or state.options.inquisitor_colonies
        or event["type"] != "action_declared"
    ):
        return []
    card, moves = data.card_of(event["card"]).id, event["action"].get("moves", [])
    if not moves or (card not in LIMITED and card != "d6_church" and not card.endswith("move_own_region")):
        return []
    src = data.SPOT_AREA[moves[0]["from"]]
    own = state.board[src][event["seat"]] + (state.black[src] if state.church == event["seat"] else 0)  # O-C8
    n = 2 if card == "d6_church" else LIMITED.get(card, own)
    far = [
        m
        for m in moves
        if m["to"] != "castillo"
        and data.SPOT_AREA[m["to"]] not in state.rules.neighbours(data.SPOT_AREA[m["from"]])
    ]
    if far and len(moves) > n - 2:
        return [f"{card} moved {len(moves)} with a far move {far[0]}, N = {n} (O-L3)"]
    return []


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
    {"granada_moorish": True},
    {"granada_moorish": True, "veto": False},
    {"granada_moorish": True, "grande_counts_one": True},
    {"movement_limits": True},
    {"movement_limits": True, "veto": False},
    {"movement_limits": True, "grande_counts_one": True, "granada_moorish": True},
]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_around_a_conquest_keep_the_invariants(seats: int) -> None:
    # O-G4: random play from 11 or 12 caballeros in Moorish granada (arranged by a fact event), so
    # that conquests happen: the checks of moorish_step run on each of them
    conquests = 0
    for k in range(3 * scale()):
        seed = f"conquest-{seats}-{k}"
        rnd = random.Random(seed)
        options = {"granada_moorish": True, "movement_limits": k % 2 == 1}
        events = game.setup(seats, options, seed)
        there = 12 - k % 2  # 12: conquered when the first turn ends, unless it took some out
        near = [[p, "province", "granada", there // seats + (p < there % seats)] for p in range(seats)]
        events.append({"type": "caballeros_moved", "seat": None, "reason": "arrange", "moves": near})
        state = fold(game, events)
        while game.result(state) is None:
            seat = rnd.choice(sorted(game.pending(state)))
            move = (
                random_move(game, state, seat, rnd) if rnd.random() < 0.9 else game.default_move(state, seat)
            )
            new = game.decide(state, seat, move)
            before = state
            for event in new:
                state = game.evolve(state, event)
            events += new
            problems = invariants(state) + step(before, state, new)
            assert not problems, (seed, problems[:5])
        conquests += sum(e["type"] == "granada_conquered" for e in events)
        assert canon(game.view(fold(game, events), "all")) == canon(game.view(state, "all"))
    assert conquests >= scale()


def church_invariants(s: State) -> list[str]:
    """Returns the problems of the black caballeros (O-C10: 4 on the board, never in the Castillo or France)."""
    if not s.options.church:
        return []
    problems = invariants(s)
    if sum(s.black) != data.BLACK_CABALLEROS or min(s.black) < 0:
        problems.append(f"black caballeros {s.black}: expected 4 on the board (O-C10)")
    if s.black[data.CASTILLO] or s.black[data.FRANCE]:
        problems.append("a black caballero in the Castillo or France (O-C3, O-C7)")
    if not -1 <= s.church < s.seats:
        problems.append(f"Church marker holder {s.church} (O-C3)")
    return problems


def church_step(before: State, after: State, events: list[Json]) -> list[str]:
    """Returns step's problems and a black caballero entering or leaving the King's region (O-C9)."""
    problems = step(before, after, events)
    state = before
    for event in events:
        nxt = game.evolve(state, event)
        if event["type"] != "king_moved" and nxt.black[state.king] != state.black[state.king]:
            problems.append(f"{event} moved a black caballero in the King's region (O-C9, R23)")
        state = nxt
    return problems


CHURCH_CHECKS = Checks(invariants=church_invariants, step=church_step, leaks=leaks, final=final)
CHURCH_MIXES = [
    {"church": True},
    {"church": True, "veto": False},
    {"church": True, "grande_counts_one": True},
]


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


def all_invariants(s: State) -> list[str]:
    """Returns every option's invariant problems (each list includes the base ones, so they are merged)."""
    return list(dict.fromkeys(invariants(s) + church_invariants(s) + france_invariants(s)))


ALL_CHECKS = Checks(invariants=all_invariants, step=church_step, leaks=leaks, final=final)
SIX = ("short_game_six_rounds", "grande_counts_one", "movement_limits", "france", "granada_moorish", "church")
COMBINED = [
    dict.fromkeys(SIX, True),  # all six optional rules at once
    {**dict.fromkeys(SIX, True), "short_game_six_rounds": False, "short_game": True, "veto": False},
    {"france": True, "church": True, "movement_limits": True},
    {"granada_moorish": True, "church": True, "grande_counts_one": True},
]
# Every random run over the options: (seed prefix, options, checks, games per seat count).
OPTION_RUNS: list[tuple[str, Json, Checks, int]] = [
    *((f"options-{{seats}}-{i}", opts, CHECKS, 4) for i, opts in enumerate(OPTION_MIXES)),
    # O-C10, O-C9, O-C7: 4 black caballeros on the board, never in the Castillo, the King's region untouched
    *((f"church-{{seats}}-{i}", opts, CHURCH_CHECKS, 4) for i, opts in enumerate(CHURCH_MIXES)),
    # O-F1, O-F4: France's slots stay consistent with its caballeros
    *((f"conformance-france-{{seats}}-{i}", opts, FRANCE_CHECKS, 6) for i, opts in enumerate(FRANCE_SETS)),
    # §9 Combinations: the options together, with every option's piece checks (O-C10, O-F4, O-G4)
    *((f"combined-{{seats}}-{i}", opts, ALL_CHECKS, 4) for i, opts in enumerate(COMBINED)),
]


@pytest.mark.parametrize(("seats", "run"), list(itertools.product(range(2, 6), range(len(OPTION_RUNS)))))
def test_random_games_with_options_keep_the_invariants(seats: int, run: int) -> None:
    prefix, options, checks, games = OPTION_RUNS[run]
    for k in range(games * scale()):
        seed = f"{prefix.format(seats=seats)}-{k}"
        out = play(game, seats, options, seed, checks, sample_legal=2, check_leaks_every=3)
        assert not out.problems, (seed, options, out.problems[:5])
