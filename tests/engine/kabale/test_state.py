"""Checks the state's copies: folding in place never reaches a state someone holds, and a state
pickles as the slotted frozen dataclass it used to be (Redis snapshots of running games)."""

from __future__ import annotations

import copyreg
import pickle
import random
from dataclasses import fields

import engine
from engine.kabale.state import State

GAME = engine.get_game("kabale")


def _game(seats: int, seed: str) -> list[State]:
    """Returns every state of a random game, each checked unchanged by the fold after it."""
    rnd = random.Random(seed)
    state = None
    for event in GAME.setup(seats, {}, seed):
        state = GAME.evolve(state, event)
    states = [state]
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        before = repr(state)
        events, after = GAME.decide_state(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
        assert repr(state) == before, "decide changed the state it was given"
        for event in events:
            folded = GAME.evolve(state, event)
            assert repr(state) == before, f"evolve changed the state it was given ({event['type']})"
            state, before = folded, repr(folded)
        assert state == after, "decide_state and evolve reach different states"
        states.append(state)
    return states


def test_decide_and_evolve_leave_the_states_they_are_given_unchanged() -> None:
    for seats in (2, 4, 6):
        states = _game(seats, f"state-{seats}")
        assert len({id(s) for s in states}) == len(states)


def test_a_state_pickles_as_the_list_of_its_field_values() -> None:
    for state in _game(3, "pickle")[::25]:
        reduced = state.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
        assert reduced[:3] == (copyreg.__newobj__, (State,), [getattr(state, f.name) for f in fields(State)])
        assert pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)) == state
