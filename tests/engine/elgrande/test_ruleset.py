"""Tests how options become rules: one object per option set, composable, picklable (snapshots)."""

from __future__ import annotations

import itertools
import pickle

import engine
from engine.elgrande import ruleset
from engine.elgrande.hooks import Rules
from engine.elgrande.state import Options
from tests.conformance import fold

game = engine.get_game("elgrande")


def option_sets() -> list[dict[str, bool]]:
    names = [n for n in ruleset.OPTIONS if n != "veto"]
    out = []
    for k in (0, 1, 2):
        for combo in itertools.combinations(names, k):
            if any(b in ruleset.OPTIONS[a]["excludes"] for a in combo for b in combo):
                continue
            out.append(dict.fromkeys(combo, True))
    return out


def test_each_option_set_has_one_rules_object() -> None:
    for opts in option_sets():
        options = ruleset.options_of(opts)
        assert ruleset.of(options) is ruleset.of(Options(**vars_of(options)))


def vars_of(options: Options) -> dict[str, bool]:
    return {name: getattr(options, name) for name in ruleset.OPTIONS}


def test_every_option_is_a_rules_subclass_named_after_it() -> None:
    assert {cls.name for cls in ruleset.ORDER} <= set(ruleset.OPTIONS)
    for cls in ruleset.ORDER:
        assert issubclass(cls, Rules) and cls is not Rules


def test_a_combined_class_asks_every_option() -> None:
    rules = ruleset.of(ruleset.options_of({"short_game_six_rounds": True, "grande_counts_one": True}))
    names = {c.name for c in type(rules).__mro__ if issubclass(c, Rules)}
    assert {"short_game_six_rounds", "grande_counts_one", "base"} <= names


def test_states_pickle_with_their_rules() -> None:
    # the service snapshots folded states with pickle (service/snapshots.py)
    for opts in option_sets():
        state = fold(game, game.setup(3, opts, "pickle"))
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.rules is state.rules
