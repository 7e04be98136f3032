"""Holds El Grande's constant game data (spec §1): areas, adjacency, scoreboards, cards.

Everything here is data so that options and the expansion (France, limit boards, black
caballeros, a sixth or seventh deck) extend tables instead of code.

Area index convention used by the whole engine (state tuples are indexed by it):
index 0 is the Castillo, indices 1..9 are the nine regions in id order (§1.1 `idx`),
index 10 is France (option `france`, O-F1, or the expansion, G3), 11-13 the expansion's
overseas regions (caravel, america, mediterranean; G3). `AREAS[i].id` is the JSON name.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Area:
    """Describes one area: its index (0 = Castillo), JSON id, English name, printed values."""

    idx: int
    id: str
    name: str
    values: tuple[int, int, int]


CASTILLO = 0
FRANCE = 10

AREAS: tuple[Area, ...] = (
    Area(0, "castillo", "Castillo", (5, 3, 1)),  # X2
    Area(1, "galicia", "Galicia", (4, 2, 0)),
    Area(2, "basque_country", "Basque Country", (5, 3, 1)),
    Area(3, "aragon", "Aragon", (5, 4, 1)),
    Area(4, "catalonia", "Catalonia", (4, 2, 1)),
    Area(5, "old_castile", "Old Castile", (6, 4, 2)),
    Area(6, "new_castile", "New Castile", (7, 4, 2)),
    Area(7, "valencia", "Valencia", (5, 3, 2)),
    Area(8, "seville", "Seville", (4, 3, 1)),
    Area(9, "granada", "Granada", (6, 3, 1)),
    Area(10, "france", "France", (3, 1, 0)),  # O-F3 (option `france`); G3 (ruling A5)
    Area(11, "caravel", "Caravel", (0, 0, 0)),  # G3: no values; the captain's +3 only
    Area(12, "america", "America", (4, 0, 0)),  # G3
    Area(13, "mediterranean", "Mediterranean", (4, 2, 1)),  # G3, ruling A4
)
CARAVEL, AMERICA, MEDITERRANEAN = 11, 12, 13

AREA_INDEX: dict[str, int] = {a.id: a.idx for a in AREAS}

# O-F4: France's three slots, in the order of State.slots, with their bonus (O-F5). A caballero
# in France stands on one of them; moves, places and events name it as a location of its own.
SLOTS: tuple[str, ...] = ("ambassador", "envoy", "plain")
SLOT_BONUS: tuple[int, ...] = (2, 1, 0)
SLOT_IDS: tuple[str, ...] = tuple(f"france_{slot}" for slot in SLOTS)
SLOT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SLOT_IDS)}
LEAVE_ORDER: tuple[int, ...] = (2, 1, 0)  # O-F4a: an automatic exit vacates plain, envoy, ambassador
# Every location name on the board: the area ids and the slot names, each with its area.
SPOT_AREA: dict[str, int] = {**AREA_INDEX, **{name: FRANCE for name in SLOT_IDS}}
BASE_REGIONS: tuple[int, ...] = tuple(range(1, 10))  # the nine regions with region cards (R3)
N_AREAS = len(AREAS)

# §1.2: the fifteen undirected edges A1..A15 (X1).
EDGES: tuple[tuple[str, str], ...] = (
    ("galicia", "old_castile"),
    ("galicia", "basque_country"),
    ("basque_country", "old_castile"),
    ("basque_country", "aragon"),
    ("aragon", "old_castile"),
    ("aragon", "new_castile"),
    ("aragon", "catalonia"),
    ("aragon", "valencia"),
    ("catalonia", "valencia"),
    ("old_castile", "new_castile"),
    ("new_castile", "valencia"),
    ("new_castile", "granada"),
    ("new_castile", "seville"),
    ("valencia", "granada"),
    ("granada", "seville"),
)
FRANCE_EDGES: tuple[tuple[str, str], ...] = (("france", "aragon"), ("france", "catalonia"))  # O-F2


def spots(area: int) -> tuple[str, ...]:
    """Returns the location names of an area: France's slot names (O-F4), else the area id."""
    return SLOT_IDS if area == FRANCE else (AREAS[area].id,)


def spot_key(name: str) -> tuple[int, int]:
    """Returns the sort key of a location name: id order, France's slots in SLOTS order."""
    return SPOT_AREA.get(name, N_AREAS), SLOT_INDEX.get(name, -1)


def neighbours(edges: tuple[tuple[str, str], ...]) -> tuple[tuple[int, ...], ...]:
    """Returns, per area index, the sorted indices of the areas adjacent to it."""
    adj: list[set[int]] = [set() for _ in AREAS]
    for a, b in edges:
        adj[AREA_INDEX[a]].add(AREA_INDEX[b])
        adj[AREA_INDEX[b]].add(AREA_INDEX[a])
    return tuple(tuple(sorted(s)) for s in adj)


NEIGHBOURS: tuple[tuple[int, ...], ...] = neighbours(EDGES)


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """Describes a mobile scoreboard (§1.3): its index, id and values."""

    idx: int
    id: str
    values: tuple[int, int, int]


SCOREBOARDS: tuple[Scoreboard, ...] = (
    Scoreboard(0, "sb_8_4_0", (8, 4, 0)),
    Scoreboard(1, "sb_4_0_0", (4, 0, 0)),
)
SCOREBOARD_INDEX: dict[str, int] = {s.id: s.idx for s in SCOREBOARDS}

# §1.4: caballeros taken into the court per power-card value (index = value; 0 unused).
POWER_HEADS: tuple[int, ...] = (0, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0)
POWER_VALUES: tuple[int, ...] = tuple(range(1, 14))

# §1.5 / R4: pieces per colour.
CABALLEROS = 30
START_HOME = 2
START_COURT = 7
START_PROVINCE = CABALLEROS - START_HOME - START_COURT

PAID_RANKS: dict[int, int] = {2: 1, 3: 2, 4: 3, 5: 3}  # R42

ROUNDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
SHORT_GAME_ROUNDS: tuple[int, ...] = (2, 3, 5, 6, 8, 9)  # O-S1
GENERAL_SCORING_ROUNDS: frozenset[int] = frozenset({3, 6, 9})  # R35


@dataclass(frozen=True, slots=True)
class ActionCard:
    """Describes one action card kind (§1.6): id, stack (= heads), copies, heads, name."""

    idx: int
    id: str
    stack: int
    count: int
    heads: int
    name: str


def _cards(*rows: tuple[str, int, int, str]) -> tuple[ActionCard, ...]:
    return tuple(
        ActionCard(i, cid, stack, count, stack, name) for i, (cid, stack, count, name) in enumerate(rows)
    )


_PRINTED: tuple[ActionCard, ...] = _cards(
    ("d1_move_own_region", 1, 1, "Move all your caballeros out of one region"),
    ("d1_place_two_anywhere", 1, 1, "+2 caballeros from your court into any region(s)"),
    ("d1_place_two_or_move_own_region", 1, 1, "+2 anywhere or move all your caballeros out of one region"),
    ("d1_move_five_from_region", 1, 2, "Move up to 5 caballeros out of one region"),
    ("d1_move_three_foreign", 1, 1, "Move 3 foreign caballeros"),
    ("d1_move_three_any", 1, 1, "Move 3 caballeros of any colour"),
    ("d1_move_two_own_two_foreign", 1, 2, "Move 2 own and 2 foreign caballeros"),
    ("d1_move_four_own", 1, 1, "Move 4 of your caballeros"),
    ("d1_move_four_any", 1, 1, "Move 4 caballeros of any colour"),
    ("d2_veto", 2, 2, "Veto!"),
    ("d2_decay_court_all", 2, 1, "Decay of authority: opponents' whole courts"),
    ("d2_decay_court_three", 2, 1, "Decay of authority: 3 from each opponent's court"),
    ("d2_king_returns", 2, 1, "The King returns"),
    ("d2_one_of_your_choice", 2, 1, "One caballero of your choice from every player"),
    ("d2_secret_return_two", 2, 1, "Opponents return 2 from a secretly chosen region"),
    ("d2_secret_return_all", 2, 1, "Opponents return all from a secretly chosen region"),
    ("d2_score_any_region", 2, 3, "Special scoring: an area of your choice"),
    ("d3_score_fours", 3, 2, 'Special scoring: all "4" regions'),
    ("d3_score_fives", 3, 2, 'Special scoring: all "5" regions'),
    ("d3_score_sixes_sevens", 3, 1, 'Special scoring: all "6" and "7" regions'),
    ("d3_score_castillo", 3, 2, "Special scoring: the Castillo"),
    ("d3_score_first_places", 3, 1, "Special scoring: first places in all regions"),
    ("d3_score_most", 3, 1, "Special scoring: region(s) with the most caballeros"),
    ("d3_score_fewest", 3, 1, "Special scoring: region(s) with the fewest caballeros"),
    ("d3_score_any_region", 3, 1, "Special scoring: an area of your choice"),
    ("d4_mobile_scoreboard", 4, 3, "Place or move a mobile scoreboard"),
    ("d4_royal_adviser", 4, 1, "Royal Adviser: move the King to an adjacent region"),
    ("d4_eviction", 4, 1, "Eviction"),
    ("d4_move_grande", 4, 2, "Grande: move your Grande"),
    ("d4_power_card_back", 4, 2, "Power cards: take one played power card back"),
    ("d4_court_two", 4, 1, "The Court: 2 caballeros from province to court"),
    ("d4_secret_scoring", 4, 1, "Special scoring: everyone chooses a region secretly"),
    ("d5_king", 5, 1, "King card: move the King to any region"),
)


@dataclass(frozen=True, slots=True)
class Stack7Row:
    """One stack-7 card instance of the PROVISIONAL table (G12): its card, effect and printed icons."""

    instance: str
    card: str
    effect: str
    gold: int
    goods: int
    heads: int
    name: str


def _stack7(path: Path) -> tuple[Stack7Row, ...]:
    """Loads the stack-7 table: one row per card instance (G12, ruling A1)."""
    with path.open(encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        return tuple(
            Stack7Row(
                r["instance"],
                r["card"],
                r["effect"],
                int(r["gold"]),
                int(r["goods"]),
                int(r["heads"]),
                r["name"],
            )
            for r in rows
        )


STACK7: tuple[Stack7Row, ...] = _stack7(Path(__file__).with_name("stack7.tsv"))
STACK7_ROW: dict[str, Stack7Row] = {r.instance: r for r in STACK7}


def _stack7_cards(start: int) -> tuple[ActionCard, ...]:
    """Returns one ActionCard per stack-7 card id, counted from the table (heads: its first instance's)."""
    out: dict[str, ActionCard] = {}
    for r in STACK7:
        known = out.get(r.card)
        count = known.count + 1 if known else 1
        out[r.card] = ActionCard(known.idx if known else start + len(out), r.card, 7, count, r.heads, r.name)
    return tuple(out.values())


_OPTIONAL: tuple[ActionCard, ...] = (
    # O-C1: option `church` only; the one card whose heads (3) differ from its stack number.
    ActionCard(
        len(_PRINTED), "d6_church", 6, 1, 3, "Church: take the Church marker; move up to 2 black caballeros"
    ),
    # G11, G13, G64: the expansion's stack 6, 3 heads.
    ActionCard(
        len(_PRINTED) + 1,
        "d6_grand_inquisitor",
        6,
        1,
        3,
        "Grand Inquisitor: take the figure; move or bring back up to 2 black caballeros",
    ),
)
ACTION_CARDS: tuple[ActionCard, ...] = (
    *_PRINTED,
    *_OPTIONAL,
    *_stack7_cards(len(_PRINTED) + len(_OPTIONAL)),
)
CARD_INDEX: dict[str, int] = {c.id: c.idx for c in ACTION_CARDS}
KING_CARD = CARD_INDEX["d5_king"]
CHURCH_CARD = CARD_INDEX["d6_church"]
INQUISITOR_CARD = CARD_INDEX["d6_grand_inquisitor"]
VETO_CARD = CARD_INDEX["d2_veto"]
SHUFFLED_STACKS: tuple[int, ...] = (1, 2, 3, 4)  # R6: stack 5 is the King card alone, stack 6 the Church card
NEVER_DISCARDED: frozenset[int] = frozenset({KING_CARD, CHURCH_CARD})  # R15, R22, O-C1
BLACK_CABALLEROS = 4  # O-C1, O-C10
CHURCH_START = 2  # O-C2: black caballeros in each of the two Church regions

# Value classes for the d3 value-class cards (§1.6, R49): first value -> card.
VALUE_CLASS_CARDS: dict[str, frozenset[int]] = {
    "d3_score_fours": frozenset({4}),
    "d3_score_fives": frozenset({5}),
    "d3_score_sixes_sevens": frozenset({6, 7}),
}


def deck(stack: int, *, veto: bool = True) -> tuple[str, ...]:
    """Returns the card instance ids `<card id>.<k>` of one stack, unshuffled (R6, V11)."""
    out: list[str] = []
    for card in ACTION_CARDS:
        if card.stack != stack or (card.idx == VETO_CARD and not veto):
            continue
        out.extend(f"{card.id}.{k}" for k in range(1, card.count + 1))
    return tuple(out)


def heads_of(instance: str) -> int:
    """Returns the heads of a card instance: a stack-7 instance's own icons (G12), else its card's."""
    row = STACK7_ROW.get(instance)
    return row.heads if row else card_of(instance).heads


def card_of(instance: str) -> ActionCard:
    """Returns the card kind of an instance id like `d2_veto.1` (KeyError when unknown)."""
    return ACTION_CARDS[CARD_INDEX[instance.rsplit(".", 1)[0]]]


# The expansion, Grand Inquisitor & Colonies (rules/inquisitor-colonies.md).
EXPANSION_REGIONS: tuple[int, ...] = (*BASE_REGIONS, FRANCE, CARAVEL, AMERICA, MEDITERRANEAN)  # G3, G55
OVERSEAS: frozenset[int] = frozenset({CARAVEL, AMERICA, MEDITERRANEAN})  # G4
COLONIES: frozenset[int] = frozenset({AMERICA, MEDITERRANEAN})
COASTAL: frozenset[int] = frozenset(
    AREA_INDEX[r]
    for r in ("galicia", "basque_country", "catalonia", "valencia", "seville", "granada", "france")
)  # G4
EXPANSION_CABALLEROS = 36  # G9, ruling A3: 37 cubes, one the score marker
EXPANSION_START_HOME = 2  # G14 step 5
EXPANSION_START_DISC = 2
EXPANSION_START_COURT = 7
INQUISITOR_START = 2  # G14 step 2: black caballeros in each of the two Inquisitor regions
LIMIT_SPACES: dict[int, int] = {2: 6, 3: 6, 4: 10, 5: 10}  # G7
TILES: dict[str, int] = {"gold": 6, "goods": 4}  # G8: points per tile
TILE_SUPPLY: dict[str, int] = {"gold": 5, "goods": 11}  # G8, ruling A2
TILE_COLONY: dict[str, int] = {"gold": AMERICA, "goods": MEDITERRANEAN}  # G8
SETUP_TILES: dict[str, int] = {"gold": 1, "goods": 2}  # G14 step 6
# G4, G42a: positions of a caballero; "" is ordinary (on the limit board in its region).
# PICK_ORDER is the order in which positions are taken when a choice leaves them open (G42a, ruling B25).
POSITIONS: tuple[str, ...] = ("beside", "", "plain", "envoy", "ambassador", "captain", "viceroy")
EXPANSION_SLOT_BONUS: dict[str, int] = {
    "ambassador": 2,
    "envoy": 1,
    "plain": 0,
    "captain": 3,
    "viceroy": 5,
}  # G57
SLOT_OF: dict[int, tuple[str, ...]] = {FRANCE: SLOTS, CARAVEL: ("captain",), AMERICA: ("viceroy",)}  # G3
