"""Tests the §3 scoring algorithm and the special-scoring selections against the spec's worked examples.

Every table row cites its worked example (E1-E31) and rule. Colours R, B, Y, G, O are seats 0-4.
Engine-driven versions of the examples that need a whole game (E26, E28, E30, E31) live in
the test_rules_*.py files.
"""

from __future__ import annotations

import random

import pytest

from engine.elgrande.scoring import (
    class_regions,
    fewest_regions,
    most_regions,
    paid_ranks,
    ranks,
    score_area,
    secret_scoring_regions,
    sole_leader,
    value_class,
)

COLOURS = "RBYGO"

# §1.1 printed values, restated from the spec so the tests check the engine's data independently.
PRINTED = {
    "galicia": (4, 2, 0),
    "basque_country": (5, 3, 1),
    "aragon": (5, 4, 1),
    "catalonia": (4, 2, 1),
    "old_castile": (6, 4, 2),
    "new_castile": (7, 4, 2),
    "valencia": (5, 3, 2),
    "seville": (4, 3, 1),
    "granada": (6, 3, 1),
}
REGIONS = tuple(PRINTED)
CASTILLO = (5, 3, 1)
SB_8_4_0 = (8, 4, 0)
SB_4_0_0 = (4, 0, 0)


def counts_of(n: int, spec: str) -> list[int]:
    """Returns the counts per seat for a spec like 'R4 B4 Y4 G3' (missing colours have 0)."""
    counts = [0] * n
    for item in spec.split():
        counts[COLOURS.index(item[0])] = int(item[1:])
    return counts


def seat(colour: str) -> int:
    return COLOURS.index(colour)


# (example, n, values, counts, expected points)
RANK_EXAMPLES = [
    ("E1", 4, (5, 3, 1), "R4 B4 Y4 G3", "R3 B3 Y3 G1"),  # X3: tied group drops one rank
    ("E2", 4, (6, 4, 2), "R4 B3 Y2 G2", "R6 B4 Y0 G0"),
    ("E3", 4, (5, 3, 1), "R3 B2 Y1", "R5 B3 Y1 G0"),
    ("E4", 4, (5, 3, 1), "R5 B5 Y3", "R3 B3 Y1"),
    ("E5", 4, (5, 3, 1), "R5 B3 Y3 G1", "R5 B1 Y1 G0"),
    ("E6", 2, (5, 3, 1), "R3 B2", "R5 B0"),  # R42: one paid rank with 2 players
    ("E7", 3, (6, 4, 2), "R3 B2 Y1", "R6 B4 Y0"),  # R42: two paid ranks with 3 players
    ("E8", 2, (5, 3, 1), "R3 B3", "R0 B0"),
    ("E9", 3, (5, 3, 1), "R4 B4 Y2", "R3 B3 Y0"),
    ("E10", 4, (7, 4, 2), "R2 B2 Y2 G2", "R4 B4 Y4 G4"),
    ("E11", 4, (5, 3, 1), "R3 B3 Y1 G1", "R3 B3 Y0 G0"),
    ("E12", 5, (5, 3, 1), "R4 B4 Y4 G3 O2", "R3 B3 Y3 G1 O0"),
    ("E13", 4, PRINTED["galicia"], "R3 B2 Y1", "R4 B2 Y0"),
]


@pytest.mark.parametrize(("example", "n", "values", "counts", "expected"), RANK_EXAMPLES)
def test_rank_examples(
    example: str, n: int, values: tuple[int, int, int], counts: str, expected: str
) -> None:
    # E1-E13, R42, §3.2
    assert score_area(counts_of(n, counts), values) == tuple(counts_of(n, expected)), example


# (example, n, region, counts, king region?, grande owners, first places?, expected)
BONUS_EXAMPLES = [
    ("E14", 4, "new_castile", "R4 B2", True, "", False, "R9 B4"),  # R43
    ("E15", 4, "new_castile", "R3 B3 Y1", True, "", False, "R4 B4 Y2"),  # R43: tie, no bonus
    ("E16", 4, "aragon", "R3 B2", False, "R", False, "R7 B4"),  # R44
    ("E17", 4, "old_castile", "R3 B1", True, "R", False, "R10 B4"),  # §3.3: bonuses stack
    ("E18", 4, "seville", "R3 B2", False, "B", False, "R4 B3"),  # R44: B not leader
    ("E19", 4, "valencia", "R1 B4 Y2", False, "RB", False, "R2 B7 Y3"),  # R44: one of two Grandes
    ("E20", 2, "granada", "R2 B1", True, "", False, "R8 B0"),  # R42, R43
    ("E21", 4, "aragon", "R3 B3", False, "", True, "R0 B0"),  # R47: tie for first pays nobody
    ("E22", 4, "catalonia", "R2 B1", False, "R", True, "R6 B0"),  # R47, X26
]


@pytest.mark.parametrize(
    ("example", "n", "region", "counts", "king", "grandes", "first", "expected"), BONUS_EXAMPLES
)
def test_bonus_examples(
    example: str, n: int, region: str, counts: str, king: bool, grandes: str, first: bool, expected: str
) -> None:
    # E14-E22, R43, R44, R47
    points = score_area(
        counts_of(n, counts),
        PRINTED[region],
        first_places=first,
        king_here=king,
        grande_owners={seat(c) for c in grandes},
    )
    assert points == tuple(counts_of(n, expected)), example


def test_paid_ranks_by_player_count() -> None:
    # R42, R47
    assert [paid_ranks(n) for n in (2, 3, 4, 5)] == [1, 2, 3, 3]
    assert [paid_ranks(n, first_places=True) for n in (2, 3, 4, 5)] == [1, 1, 1, 1]


def test_ranks_with_tied_groups() -> None:
    # §3.2, X3: a tied group drops one rank and the next group takes the rank after it
    assert ranks([4, 4, 4, 3]) == (2, 2, 2, 3)
    assert ranks([5, 3, 3, 1]) == (1, 3, 3, 4)
    assert ranks([0, 2, 0, 1]) == (None, 1, None, 2)


def test_only_ranked_players_with_caballeros_score() -> None:
    # §3.1, R41: players with C = 0 get nothing, even when paid ranks remain
    assert score_area([3, 0, 0, 0], (5, 3, 1)) == (5, 0, 0, 0)


def test_empty_area_pays_nobody() -> None:
    # R52: no counted caballero, no points, no bonus even with the King and a Grande there
    assert score_area([0, 0, 0, 0], (7, 4, 2), king_here=True, grande_owners={0, 1}) == (0, 0, 0, 0)


def test_fourth_rank_never_paid_with_five_players() -> None:
    # R42: with n = 5 only three ranks are paid
    assert score_area([5, 4, 3, 2, 1], (5, 3, 1)) == (5, 3, 1, 0, 0)


def test_rank_past_third_never_paid_even_with_tie() -> None:
    # §3.2: a tied group at rank 3 is paid value 3; after it nothing is paid
    assert score_area([5, 4, 2, 2, 1], (5, 3, 1)) == (5, 3, 0, 0, 0)
    assert score_area([5, 4, 3, 3, 1], (5, 3, 1)) == (5, 3, 0, 0, 0)


def test_king_bonus_independent_of_paid_ranks() -> None:
    # §3.3, R43, R47: bonus paid to the sole leader also in first-places mode
    assert score_area([2, 1], (4, 2, 1), first_places=True, king_here=True) == (6, 0)


def test_home_bonus_needs_own_grande() -> None:
    # R44: a Grande of another seat gives the sole leader nothing
    assert score_area([3, 1, 0, 0], (5, 4, 1), grande_owners={1}) == (5, 4, 0, 0)


def test_castillo_scored_with_paid_rank_limit() -> None:
    # X2, X4, R37: the Castillo 5/3/1, paid ranks by n, never a bonus
    assert score_area([3, 2, 1], CASTILLO) == (5, 3, 0)
    assert score_area([3, 2], CASTILLO) == (5, 0)


def test_e28_general_scoring_castillo_five_players() -> None:
    # E28, R37: n = 5, Castillo 5/3/1 holds R3 B3 Y1 -> R3 B3 Y1
    assert score_area(counts_of(5, "R3 B3 Y1"), CASTILLO) == tuple(counts_of(5, "R3 B3 Y1"))


def test_sole_leader() -> None:
    # §3.3
    assert sole_leader([3, 1, 0]) == 0
    assert sole_leader([3, 3, 0]) is None
    assert sole_leader([0, 0, 0]) is None
    assert sole_leader([0, 0, 1]) == 2


def test_scores_never_negative() -> None:
    # R45: scoring only adds points
    for counts in ([1, 2, 3, 4, 5], [5, 5, 5, 5, 5], [0, 9, 0, 9, 1]):
        assert all(p >= 0 for p in score_area(counts, (8, 4, 0), king_here=True, grande_owners={1}))


def with_boards(**boards: tuple[int, int, int]) -> dict[str, tuple[int, int, int]]:
    """Returns the current values of the nine regions, in id order, with scoreboards on some."""
    return {r: boards.get(r, v) for r, v in PRINTED.items()}


def test_printed_value_classes() -> None:
    # §1.6 d3 cards, R49: printed classes 4 / 5 / 6-7
    values = with_boards()
    assert class_regions(values, {4}) == ("galicia", "catalonia", "seville")
    assert class_regions(values, {5}) == ("basque_country", "aragon", "valencia")
    assert class_regions(values, {6, 7}) == ("old_castile", "new_castile", "granada")


def test_e23_scoreboards_change_value_class() -> None:
    # E23, R49, §1.3: sb_8_4_0 on galicia, sb_4_0_0 on granada, then d3_score_fours
    values = with_boards(galicia=SB_8_4_0, granada=SB_4_0_0)
    assert class_regions(values, {4}) == ("catalonia", "seville", "granada")
    assert value_class(values["galicia"]) == 8


def test_e24_granada_under_4_0_0() -> None:
    # E24, §1.3: granada with sb_4_0_0, n = 4, R2 B1 -> R4 B0
    assert score_area(counts_of(4, "R2 B1"), SB_4_0_0) == tuple(counts_of(4, "R4"))


def test_e25_castillo_never_in_value_class() -> None:
    # E25, R50, X14: sb_4_0_0 on the Castillo; the regions-only selection never includes it
    values = with_boards()
    assert "castillo" not in class_regions(values, {4})
    assert class_regions(values, {4}) == ("galicia", "catalonia", "seville")


def test_e26_castillo_under_4_0_0() -> None:
    # E26, R37: sb_4_0_0 on the Castillo, n = 4, R2 B1 -> R4 B0
    assert score_area(counts_of(4, "R2 B1"), SB_4_0_0) == tuple(counts_of(4, "R4"))


def test_e27_8_4_0_leaves_class() -> None:
    # E27, R49: sb_8_4_0 on new_castile, then d3_score_sixes_sevens
    values = with_boards(new_castile=SB_8_4_0)
    assert class_regions(values, {6, 7}) == ("old_castile", "granada")
    assert "new_castile" not in class_regions(values, {4}) + class_regions(values, {5})


E29_TOTALS = {
    "galicia": 5,
    "basque_country": 3,
    "aragon": 7,
    "catalonia": 2,
    "old_castile": 6,
    "new_castile": 7,
    "valencia": 0,
    "seville": 1,
    "granada": 1,
}


def test_e29_most_and_fewest() -> None:
    # E29, X25, R50: most = aragon, new_castile (King's region a candidate); fewest ignores empty valencia
    assert most_regions(E29_TOTALS) == ("aragon", "new_castile")
    assert fewest_regions(E29_TOTALS) == ("seville", "granada")


def test_e29_most_pays_king_bonus_in_kings_region() -> None:
    # E29, R46, R43: new_castile is the King's region; its sole leader gets the King's bonus
    assert score_area(counts_of(4, "R4 B2 Y1"), PRINTED["new_castile"], king_here=True) == (9, 4, 2, 0)


def test_most_and_fewest_on_empty_board() -> None:
    # X25: every region empty -> nothing is scored
    empty = dict.fromkeys(REGIONS, 0)
    assert most_regions(empty) == ()
    assert fewest_regions(empty) == ()


def test_most_and_fewest_all_tied() -> None:
    # X25: all tied regions are scored, in id order (R51)
    even = dict.fromkeys(REGIONS, 2)
    assert most_regions(even) == REGIONS
    assert fewest_regions(even) == REGIONS


def test_e30_secret_scoring_only_unique_choices() -> None:
    # E30, X27: R -> aragon, B -> aragon, Y -> seville: only seville is scored
    assert secret_scoring_regions(["aragon", "aragon", "seville"], REGIONS) == ("seville",)


def test_secret_scoring_in_id_order() -> None:
    # X27, R51: unique choices scored in id order, whatever the seat order
    choices = ["granada", "galicia", "new_castile", "galicia"]
    assert secret_scoring_regions(choices, REGIONS) == ("new_castile", "granada")


def test_e30_seville_scored_for_everyone_present() -> None:
    # E30, R46: seville (4/3/1) is scored by §3 for every player with caballeros there, n = 3
    assert score_area(counts_of(3, "R1 B2 Y3"), PRINTED["seville"]) == (0, 3, 4)


def spec_points(counts: list[int], values: tuple[int, int, int], first_places: bool) -> list[int]:
    """Transcribes the pseudo-code of §3.2 line by line (without bonuses)."""
    n = len(counts)
    paid_ranks = 1 if first_places else {2: 1, 3: 2, 4: 3, 5: 3}[n]
    points = [0] * n
    pos = 1
    for c in sorted({c for c in counts if c >= 1}, reverse=True):
        group = [p for p in range(n) if counts[p] == c]
        rank = pos if len(group) == 1 else pos + 1
        for p in group:
            points[p] += values[rank - 1] if rank <= paid_ranks and rank <= 3 else 0
        pos = rank + 1
    return points


def test_score_area_matches_the_spec_pseudo_code() -> None:
    # §3.2, §3.3, R42-R44, R47: random areas against the literal algorithm plus the bonus rules
    rnd = random.Random(42)
    for _ in range(3000):
        n = rnd.randint(2, 5)
        counts = [rnd.choice([0, 0, 1, 2, 2, 3, 4, 6]) for _ in range(n)]
        values = rnd.choice([(4, 2, 0), (5, 3, 1), (7, 4, 2), (8, 4, 0), (4, 0, 0)])
        first, king = rnd.random() < 0.3, rnd.random() < 0.3
        grandes = {p for p in range(n) if rnd.random() < 0.3}
        expected = spec_points(counts, values, first)
        top = max(counts)
        if top >= 1 and counts.count(top) == 1:
            leader = counts.index(top)
            expected[leader] += (2 if king else 0) + (2 if leader in grandes else 0)
        got = score_area(counts, values, first_places=first, king_here=king, grande_owners=grandes)
        assert list(got) == expected, (counts, values, first, king, grandes)
