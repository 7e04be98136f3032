"""Tests the engine's fast paths against what they stand for.

`state.change` (the copy every folded event makes) keeps or changes every field and stays frozen;
`prompts.kind_of` answers as `pending`; the base `Rules.spot` table answers as the rule it
tabulates; `Rules.overrides` names exactly the hot hooks an option set overrides.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.elgrande import data, ruleset
from engine.elgrande.hooks import HOT_HOOKS, Rules
from engine.elgrande.prompts import kind_of, pending
from engine.elgrande.state import State, change
from tests.conformance import fold, random_move
from tests.engine.elgrande.kit import game, start
from tests.engine.elgrande.test_ruleset import option_sets


def test_change_without_changes_copies_every_field() -> None:
    s = start(seats=5, seed="change", inquisitor_colonies=True)
    copy = change(s, {})
    assert type(copy) is State and copy is not s
    for f in dataclasses.fields(State):
        assert getattr(copy, f.name) is getattr(s, f.name), f.name


def test_change_sets_the_changed_fields_only() -> None:
    s = start(seed="change")
    copy = change(s, {"n": s.n + 1, "king": 3, "limit": 4})
    assert copy == dataclasses.replace(s, n=s.n + 1, king=3, limit=4)
    assert (s.n, s.king) != (copy.n, copy.king)


def test_a_changed_state_stays_frozen() -> None:
    copy = change(start(seed="change"), {"n": 9})
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.n = 10  # type: ignore[misc]


@pytest.mark.parametrize("options", [{}, {"church": True, "france": True}, {"inquisitor_colonies": True}])
def test_kind_of_answers_as_pending(options: dict[str, bool]) -> None:
    rnd = random.Random("kind_of")
    state = fold(game, game.setup(4, options, "kind_of"))
    for _ in range(300):
        due = pending(state)
        for seat in (-1, 0, 1, 2, 3, 4, True, "0", None):
            prompt = due.get(seat) if isinstance(seat, int) and not isinstance(seat, bool) else None
            assert kind_of(state, seat) == (prompt["kind"] if prompt else None)  # type: ignore[arg-type]
        if not due:
            break
        seat = rnd.choice(sorted(due))
        state = game.decide_state(state, seat, random_move(game, state, seat, rnd))[1]


def test_spot_table_answers_as_the_rule() -> None:
    for opts in option_sets():
        rules = ruleset.of(ruleset.options_of(opts))
        for name, idx in [*data.SPOT_AREA.items(), ("nowhere", -1)]:
            known = idx != -1 and (idx == data.CASTILLO or idx in rules.regions())
            known = known and not (idx == data.FRANCE and name not in data.SLOT_INDEX and name != "france")
            assert Rules.spot(rules, start(), name) == ((idx, name) if known else None)


def test_overrides_name_the_overridden_hot_hooks() -> None:
    assert ruleset.of(ruleset.options_of({})).overrides == frozenset()
    for opts in option_sets():
        rules = ruleset.of(ruleset.options_of(opts))
        mine = {
            hook for hook in HOT_HOOKS if any(hook in vars(c) for c in type(rules).__mro__ if c is not Rules)
        }
        assert rules.overrides == mine
