"""Tests the general scoring after rounds 3, 6 and 9 (R35-R40, R43, R44, R52, E14-E17, E28, X12, X13, H6, D7)."""

from __future__ import annotations

from .scenario import GR, B, G, R, Table, Y, events_of


def last_turn_of_round_three(seats: int = 4, seed: str = "gs") -> Table:
    """Returns a table (defaults played so far, nothing scored) at the last turn of round 3, board emptied."""
    t = Table(seats, seed=seed)
    while True:
        v = t.view()
        if v["round"] == 3 and v["phase"] == "turns" and v["active"] == v["turn_order"][-1]:
            break
        t.default(min(t.due()))
    t.clear()
    return t


def finish_turn(t: Table) -> list[dict[str, object]]:
    """Plays the active seat's default turn (fewest heads, nothing placed, no action); returns the events."""
    seat = t.view()["active"]
    out = []
    while t.view()["active"] == seat and seat in t.due():
        out += t.default(seat)
    return out


def test_only_castillo_holders_set_a_disc() -> None:
    # R36, X12, M1
    t = last_turn_of_round_three()
    t.arrange(R, {"castillo": 2, "aragon": 1})
    t.arrange(Y, {"castillo": 1})
    finish_turn(t)
    assert t.view()["phase"] == "scoring"
    assert set(t.due()) == {R, Y}
    assert t.kind(R) == t.kind(Y) == "castillo_disc"


def test_without_castillo_caballeros_the_scoring_runs_at_once() -> None:
    # R36, X12: nobody is asked; regions are scored in id order (R39, X13)
    t = last_turn_of_round_three()
    t.king("new_castile")
    t.arrange(R, {"seville": 2, "galicia": 1})
    t.arrange(B, {"galicia": 2, "new_castile": 1})
    new = finish_turn(t)
    scored = [e["area"] for e in events_of(new, "area_scored")]
    assert scored == ["galicia", "new_castile", "seville"]
    assert "castillo" not in scored  # R52: the empty Castillo pays nobody
    assert events_of(new, "general_scoring_ended")[0]["round"] == 3


def test_e28_castillo_scored_before_it_is_emptied() -> None:
    # E28, R37, R38: n = 5, Castillo 5/3/1 holds R3 B3 Y1 -> R3 B3 Y1; then the discs are applied
    t = last_turn_of_round_three(5, seed="gs5")
    t.king("galicia")
    t.arrange(R, {"castillo": 3})
    t.arrange(B, {"castillo": 3})
    t.arrange(Y, {"castillo": 1})
    finish_turn(t)
    t.choose(R, "aragon")
    t.choose(B, "seville")
    new = t.choose(Y, "aragon")
    types = [e["type"] for e in new]
    castillo = events_of(new, "area_scored")[0]
    assert castillo["area"] == "castillo" and castillo["points"] == [3, 3, 1, 0, 0]
    assert types.index("area_scored") < types.index("caballeros_moved")
    assert t.view()["areas"]["castillo"]["caballeros"] == [0] * 5
    assert (t.count("aragon", R), t.count("seville", B), t.count("aragon", Y)) == (3, 3, 1)
    aragon = next(e for e in events_of(new, "area_scored") if e["area"] == "aragon")
    assert aragon["points"] == [5, 0, 4, 0, 0]  # R39: regions scored after the Castillo emptied, 5/4/1


def test_all_castillo_caballeros_go_to_one_region() -> None:
    # R36, R38: a player's whole Castillo contingent moves to the single chosen region
    t = last_turn_of_round_three()
    t.king("galicia")
    t.arrange(B, {"castillo": 4, "valencia": 1})
    finish_turn(t)
    t.choose(B, "valencia")
    assert t.count("valencia", B) == 5
    assert t.view()["areas"]["castillo"]["caballeros"] == [0, 0, 0, 0]


def test_castillo_choices_are_sealed_until_the_last() -> None:
    # H6, M1: only the author sees a disc before the reveal
    t = last_turn_of_round_three()
    t.arrange(R, {"castillo": 2})
    t.arrange(GR, {"castillo": 1})
    finish_turn(t)
    (made,) = events_of(t.choose(R, "aragon"), "choice_made")
    assert G.redact(made, R)["choice"] == "aragon"
    for viewer in (B, Y, GR, None):
        assert "choice" not in G.redact(made, viewer)
    assert t.count("aragon", R) == 0
    assert "castillo" not in {m["region"] for m in t.legal(GR)}


def test_regions_pay_king_and_home_bonuses_in_a_general_scoring() -> None:
    # R39, R43, R44, E14, E16, E17: King's bonus, home bonus and both stacked
    t = last_turn_of_round_three()
    t.king("new_castile")
    t.grande(R, "aragon")
    t.grande(B, "old_castile")
    t.grande(Y, "valencia")
    t.grande(GR, "galicia")
    t.arrange(R, {"new_castile": 4, "aragon": 3})  # E14: 7 + 2; E16: 5 + 2
    t.arrange(B, {"new_castile": 2, "aragon": 2, "old_castile": 3})  # E14: 4; E16: 4
    t.arrange(Y, {"old_castile": 1})
    before = t.view()["scores"]
    new = finish_turn(t)
    points = {e["area"]: e["points"] for e in events_of(new, "area_scored")}
    assert points["new_castile"] == [9, 4, 0, 0]
    assert points["aragon"] == [7, 4, 0, 0]
    assert points["old_castile"] == [0, 8, 4, 0]  # B's home, sole leader: 6 + 2
    total = [sum(p[s] for p in points.values()) for s in range(4)]
    assert t.view()["scores"] == [b + d for b, d in zip(before, total, strict=True)]


def test_king_and_home_in_one_region_stack() -> None:
    # E17, §3.3: King in old_castile, R's Grande there, R3 B1 -> R 10, B 4
    t = last_turn_of_round_three()
    t.king("old_castile")
    t.grande(R, "old_castile")
    t.arrange(R, {"old_castile": 3})
    t.arrange(B, {"old_castile": 1})
    new = finish_turn(t)
    (scored,) = events_of(new, "area_scored")
    assert scored["area"] == "old_castile" and scored["points"] == [10, 4, 0, 0]


def test_scoreboard_on_the_castillo_changes_its_values() -> None:
    # R37, §1.3: sb_4_0_0 on the Castillo, R2 B1 -> R4 B0
    t = last_turn_of_round_three()
    t.king("galicia")
    t.scoreboard("sb_4_0_0", "castillo")
    t.arrange(R, {"castillo": 2})
    t.arrange(B, {"castillo": 1})
    finish_turn(t)
    t.choose(R, "seville")
    new = t.choose(B, "granada")
    castillo = events_of(new, "area_scored")[0]
    assert castillo["area"] == "castillo" and castillo["points"] == [4, 0, 0, 0]


def test_nothing_else_moves_in_a_general_scoring() -> None:
    # R40: after the scoring all caballeros stay where they are (only the Castillo was emptied)
    t = last_turn_of_round_three()
    t.king("valencia")
    t.arrange(R, {"castillo": 1, "aragon": 2, "valencia": 3})
    t.arrange(B, {"aragon": 2, "granada": 1})
    before = t.view()["areas"]
    finish_turn(t)
    t.choose(R, "aragon")
    after = t.view()["areas"]
    for area in before:
        expected = list(before[area]["caballeros"])
        if area == "castillo":
            expected[R] = 0
        if area == "aragon":
            expected[R] += 1
        assert after[area]["caballeros"] == expected, area
    assert t.view()["round"] == 4


def test_default_castillo_disc_reinforces_a_sole_lead() -> None:
    # D7: the first region in id order where the player is sole leader, else the first legal region
    t = last_turn_of_round_three()
    t.king("galicia")
    t.arrange(R, {"castillo": 1, "valencia": 2, "seville": 1})
    t.arrange(B, {"castillo": 1, "valencia": 3})
    t.arrange(Y, {"seville": 1})
    finish_turn(t)
    assert G.default_move(t.state, B) == {"type": "choose_region", "region": "valencia", "default": True}
    assert G.default_move(t.state, R)["region"] == "basque_country"  # R leads nowhere alone: first legal
