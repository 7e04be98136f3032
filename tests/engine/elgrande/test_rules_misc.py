"""Tests the remaining data rulings and scoring side-rules through the contract (X1, X19, X34, X36, X41, X46, X48, R41, R48, H3)."""

from __future__ import annotations

from .scenario import GR, B, G, R, Y, events_of, table

EDGES = {
    frozenset(e)
    for e in (
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
}


def test_x1_adjacency_is_the_fifteen_edges() -> None:
    # X1, §1.2: the view's neighbours are exactly the 15 undirected edges; the Castillo has none
    areas = table(4).view()["areas"]
    seen = {frozenset((a, b)) for a, info in areas.items() for b in info["neighbours"]}
    assert seen == EDGES
    assert areas["castillo"]["neighbours"] == []
    degrees = {a: len(info["neighbours"]) for a, info in areas.items() if a != "castillo"}
    assert degrees == {
        "galicia": 2,
        "basque_country": 3,
        "aragon": 5,
        "catalonia": 2,
        "old_castile": 4,
        "new_castile": 5,
        "valencia": 4,
        "seville": 2,
        "granada": 3,
    }


def test_x19_stack_two_holds_one_of_each_decay_card() -> None:
    # X19, §1.6: [HU] is followed, not [PL]'s two whole-court cards
    stack2 = G.setup(4, {}, "decks")[0]["stacks"]["2"]
    kinds = [c.rsplit(".", 1)[0] for c in stack2]
    assert kinds.count("d2_decay_court_all") == 1 and kinds.count("d2_decay_court_three") == 1
    assert kinds.count("d2_score_any_region") == 3 and kinds.count("d2_veto") == 2


def test_x48_granada_under_4_0_0_is_a_four_region() -> None:
    # X48, E23, E24: with sb_4_0_0 granada is scored by d3_score_fours, paying 4/0/0
    t = table(4, "d1_move_four_any", "d2_veto", "d3_score_fours", "d4_eviction")
    t.clear()
    t.king("galicia")
    t.scoreboard("sb_4_0_0", "granada")
    t.arrange(R, {"granada": 2, "seville": 1})
    t.arrange(B, {"granada": 1})
    t.take(R, "d3_score_fours")
    new = t.declare(R)
    scored = {e["area"]: e["points"] for e in events_of(new, "area_scored")}
    assert list(scored) == ["seville", "granada"]  # galicia is the King's region here but empty
    assert scored["granada"] == [4, 0, 0, 0]


def test_x46_scoring_the_kings_region_changes_nothing_there() -> None:
    # X46, X28, R43: only scored, with the King's bonus; the pieces stay
    t = table(4, "d1_move_four_any", "d2_score_any_region", "d3_score_castillo", "d4_eviction")
    t.clear()
    t.king("valencia")
    t.arrange(Y, {"valencia": 3})
    t.arrange(B, {"valencia": 1})
    t.take(R, "d2_score_any_region")
    before = t.view()["areas"]
    new = t.declare(R, area="valencia")
    assert events_of(new, "area_scored")[0]["points"] == [0, 3, 7, 0]
    assert t.view()["areas"] == before


def test_x36_r48_a_special_scoring_never_empties_the_castillo() -> None:
    # X36, R48: the Castillo's caballeros stay inside after d3_score_castillo
    t = table(4, "d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_eviction")
    t.clear()
    t.arrange(B, {"castillo": 3})
    t.arrange(GR, {"castillo": 1})
    t.take(R, "d3_score_castillo")
    new = t.declare(R)
    assert events_of(new, "area_scored")[0]["points"] == [0, 5, 0, 3]
    assert t.view()["areas"]["castillo"]["caballeros"] == [0, 3, 0, 1]


def test_r41_the_grande_never_counts() -> None:
    # R41: R's Grande alone does not rank R; B with one caballero wins the region
    t = table(4, "d1_move_four_any", "d2_score_any_region", "d3_score_castillo", "d4_eviction")
    t.clear()
    t.king("galicia")
    t.grande(R, "aragon")
    t.arrange(B, {"aragon": 1})
    t.take(R, "d2_score_any_region")
    new = t.declare(R, area="aragon")
    assert events_of(new, "area_scored")[0]["points"] == [0, 5, 0, 0]


def test_x34_taking_back_a_power_card_changes_no_order() -> None:
    # X34, R12, R13, H3: the bids fixed this round's order and name next round's start player
    t = table(
        4,
        "d1_move_four_any",
        "d2_veto",
        "d3_score_castillo",
        "d4_power_card_back",
        bids={R: 13, B: 12, Y: 11, GR: 1},
    )
    order = t.view()["turn_order"]
    t.take(R, "d4_power_card_back")
    t.declare(R, value=13)
    assert 13 in t.view(R)["hand"]
    assert t.view(B)["hands"][R] == {"size": 13}
    assert t.view(B)["played"][R] == {"top": None, "size": 0}  # the others can infer the old top (H3)
    assert t.view()["turn_order"] == order
    while t.view()["round"] == 1:
        t.default(min(t.due()))
    assert t.view()["start_player"] == GR
    t.bid({GR: 2, R: 13, B: 3, Y: 4})
    assert t.view()["turn_order"][0] == R


def test_x41_scores_have_no_maximum() -> None:
    # X41, R45: repeated scorings keep adding points beyond any track length
    t = table(4, "d1_move_four_any", "d2_score_any_region", "d3_score_castillo", "d4_eviction")
    for _ in range(40):
        t.fold({"type": "area_scored", "area": "aragon", "mode": "special", "points": [5, 0, 0, 0]})
    assert t.view()["scores"][R] == 200
