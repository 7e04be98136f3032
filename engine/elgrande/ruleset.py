"""Lists the game options (§9) and builds the rules of one option set from the base and its options.

`OPTIONS` is what the catalog shows: per option its type, default, one-line description, the
rules that specify it, and the options it cannot be combined with. `check_options` refuses an
unknown option, a bad value or a forbidden pair (`illegal-options`, naming both). `of(options)`
returns the one `Rules` object of an option set: a class built from every option that is on
(in `ORDER`) and the base `Rules`, so `super()` runs through each of them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.elgrande.hooks import Rules
from engine.elgrande.options.church import Church
from engine.elgrande.options.france import France
from engine.elgrande.options.granada_moorish import GranadaMoorish
from engine.elgrande.options.grande_counts_one import GrandeCountsOne
from engine.elgrande.options.inquisitor_colonies import InquisitorColonies
from engine.elgrande.options.movement_limits import MovementLimits
from engine.elgrande.options.short_game import ShortGame
from engine.elgrande.options.short_game_six_rounds import ShortGameSixRounds
from engine.elgrande.state import Options
from engine.errors import IllegalOptions, UnsupportedOption
from engine.i18n import N_

Json = dict[str, Any]

# Every option in the order its subclass comes in a combined class (the first is asked first).
ORDER: tuple[type[Rules], ...] = (
    ShortGame,
    ShortGameSixRounds,
    GrandeCountsOne,
    MovementLimits,
    France,
    GranadaMoorish,
    Church,
    InquisitorColonies,
)

OPTIONS: dict[str, Json] = {
    "veto": {
        "type": "bool",
        "default": True,
        "doc": N_("play with the two Veto cards; off removes them from stack 2"),
        "rules": "V1-V13",
        "excludes": [],
    },
    "short_game": {
        "type": "bool",
        "default": False,
        "doc": N_("skip rounds 1, 4 and 7: six rounds, two before each general scoring"),
        "rules": "O-S1",
        "excludes": ["short_game_six_rounds"],
    },
    "short_game_six_rounds": {
        "type": "bool",
        "default": False,
        "doc": N_("play rounds 1-6 only; the game ends after the second general scoring"),
        "rules": "O-S2",
        "excludes": ["short_game"],
    },
    "grande_counts_one": {
        "type": "bool",
        "default": False,
        "doc": N_("a Grande counts as one caballero in its region; a batch wholly at home may hold one more"),
        "rules": "O-M1, O-M2",
        "excludes": [],
    },
    "movement_limits": {
        "type": "bool",
        "default": False,
        "doc": N_(
            "a special action with a move neither to the castillo nor to an adjacent region moves 2 fewer"
        ),
        "rules": "O-L1-O-L4",
        "excludes": [],
    },
    "france": {
        "type": "bool",
        "default": False,
        "doc": N_(
            "a tenth region, France (3/1/0), next to aragon and catalonia, with 3 slots worth +2/+1/+0"
        ),
        "rules": "O-F1-O-F10",
        "excludes": ["inquisitor_colonies"],
    },
    "granada_moorish": {
        "type": "bool",
        "default": False,
        "doc": N_(
            "Granada starts Moorish: no King, Grande or court placement, never scored, "
            "conquered and scored double once a turn ends with 12 caballeros there"
        ),
        "rules": "O-G1-O-G6",
        "excludes": [],
    },
    "church": {
        "type": "bool",
        "default": False,
        "doc": N_(
            "4 black caballeros and the Church card: its holder counts them as own and gets one extra caballero a turn"
        ),
        "rules": "O-C1-O-C10",
        "excludes": ["inquisitor_colonies"],
    },
    "inquisitor_colonies": {
        "type": "bool",
        "default": False,
        "doc": N_(
            "the Grand Inquisitor & Colonies expansion: France, the Caravel, America and the Mediterranean, "
            "the ship, gold and goods, the Grand Inquisitor and his black caballeros, the limit board, stack 7"
        ),
        "rules": "G1-G86",
        "excludes": ["france", "church"],
    },
}


# The rule that forbids a pair, where it is not §9's list.
PAIR_RULES: dict[frozenset[str], str] = {
    frozenset(("france", "inquisitor_colonies")): "G83",
    frozenset(("church", "inquisitor_colonies")): "G84",
}


def check_options(seats: Any, options: Any) -> Json:
    """Returns the complete option set, or raises for bad seats and options (R1, §9)."""
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 5:
        raise IllegalOptions(
            N_("El Grande takes 2-5 players, not {seats} (R1)"), rule="R1", seats=repr(seats)
        )
    options = {} if options is None else options  # None: every default
    if not isinstance(options, dict):
        raise IllegalOptions(N_("options must be an object, not {options}"), options=repr(options))
    for key in options:
        if key not in OPTIONS:
            raise UnsupportedOption(
                N_("unsupported option {key}; implemented: {known}"),
                key=repr(key),
                known=", ".join(OPTIONS),
            )
    out: Json = {}
    for key, spec in OPTIONS.items():
        value = options.get(key, spec["default"])
        if not isinstance(value, bool):
            raise IllegalOptions(
                N_("option {key} must be true or false, not {value}"), key=repr(key), value=repr(value)
            )
        out[key] = value
    for key, spec in OPTIONS.items():
        clash = [other for other in spec["excludes"] if out[key] and out.get(other)]
        if clash:
            rule = PAIR_RULES.get(frozenset((key, clash[0])), "§9")
            raise IllegalOptions(
                N_("options {key} and {other} cannot be combined ({rule})"),
                rule=rule,
                key=repr(key),
                other=repr(clash[0]),
            )
    return out


def options_of(raw: Json) -> Options:
    """Returns the Options of a game_started event's `options` (absent ones take their defaults)."""
    return Options(**{k: bool(raw.get(k, spec["default"])) for k, spec in OPTIONS.items()})


@cache
def of(options: Options) -> Rules:
    """Returns the rules of an option set: the base with every option that is on (one object per set)."""
    on = tuple(cls for cls in ORDER if getattr(options, cls.name))
    name = "+".join(c.name for c in on) or Rules.name
    namespace = {"name": name, "__reduce__": _reduce}
    combined: type[Rules] = type(f"Rules[{name}]", on or (Rules,), namespace)
    return combined(options)


def _reduce(rules: Rules) -> tuple[Any, tuple[Options]]:
    """Pickles a combined class as the call that builds it (the class itself is made at run time)."""
    return of, (rules.options,)
