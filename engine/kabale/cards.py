"""Defines the constant card data of Kabale & Hiebe: influence cards (KC2), goal cards (KC4).

Values are integer half-points (KC2 "Values"): the Assassin's 9.5 is 19. `None` marks the
Doppelganger, which has no printed value.
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "white", "black")  # KC1

KINDS: tuple[str, ...] = ("alchemy", "fencing", "agriculture", "trade", "religion", "music")  # KC4

SPECIALISTS: dict[str, str] = {  # KA8: specialist -> goal kind it matches
    "alchemist": "alchemy",
    "fencing_master": "fencing",
    "landlord": "agriculture",
    "merchant": "trade",
    "cardinal": "religion",
    "minstrel": "music",
}

# KC2, in canonical deck order: (id, English name, printed value in half-points).
_CARDS: tuple[tuple[str, str, int | None], ...] = (
    ("king", "King", 40),
    ("queen", "Queen", 32),
    ("juliet", "Juliet", 28),
    ("alchemist", "Alchemist", 16),
    ("fencing_master", "Fencing Master", 16),
    ("landlord", "Landlord", 16),
    ("merchant", "Merchant", 16),
    ("cardinal", "Cardinal", 16),
    ("minstrel", "Minstrel", 16),
    ("explorer", "Explorer", 26),
    ("assassin", "Assassin", 19),
    ("storm", "Storm", 18),
    ("magic_hood", "Magic Hood", 0),
    ("traitor", "Traitor", 20),
    ("musketeers", "Three Musketeers", 22),
    ("wizard", "Wizard", 14),
    ("witch", "Witch", 2),
    ("prince", "Prince", 28),
    ("page", "Page", 4),
    ("hermit", "Hermit", 24),
    ("little_giant", "Little Giant", 4),
    ("doppelganger", "Doppelganger", None),
    ("dragon", "Dragon", 22),
    ("romeo", "Romeo", 10),
    ("beggar", "Beggar", 8),
)

DECK: tuple[str, ...] = tuple(card for card, _, _ in _CARDS)
NAMES: dict[str, str] = {card: name for card, name, _ in _CARDS}
ORDER: dict[str, int] = {card: i for i, card in enumerate(DECK)}
_PRINTED: dict[str, int | None] = {card: value for card, _, value in _CARDS}

ON_REVEAL: frozenset[str] = frozenset({"explorer", "assassin", "storm", "magic_hood", "traitor"})  # KC3

GOAL_VALUES: tuple[tuple[str, int], ...] = (("1", 1), ("2", 2), ("3a", 3), ("3b", 3), ("4", 4), ("5", 5))
GOALS: tuple[str, ...] = tuple(f"{kind}_{suffix}" for kind in KINDS for suffix, _ in GOAL_VALUES)
_GOAL_VALUE: dict[str, int] = {f"{kind}_{suffix}": value for kind in KINDS for suffix, value in GOAL_VALUES}


def goal_kind(goal: str) -> str:
    """Returns the kind of a goal id such as `trade_3a` (`trade`)."""
    return goal.rsplit("_", 1)[0]


def goal_value(goal: str) -> int:
    """Returns the value of a goal id: its victory points and its column's capacity (KC4)."""
    value = _GOAL_VALUE.get(goal)
    return int(goal.rsplit("_", 1)[1][0]) if value is None else value


def printed(card: str, goal: str | None = None) -> int | None:
    """Returns the printed value in half-points; specialists by the column's goal (KA8)."""
    if card in SPECIALISTS:
        return 24 if goal is not None and goal_kind(goal) == SPECIALISTS[card] else 16
    return _PRINTED[card]


def nominal(card: str) -> int:
    """Returns the KD1 default-play value: printed, specialists 8, Doppelganger 0."""
    return printed(card) or 0
