"""Tests returns, discs and the simultaneous-decision protocol (R26, R31-R34, M1-M9, X11, X16-X24, X40, X47, H6)."""

from __future__ import annotations

from engine.errors import IllegalMove, NotYourTurn

from .scenario import GR, B, G, R, Table, Y, events_of, table

STACK2 = ("d1_move_four_any", "d2_decay_court_all", "d3_score_castillo", "d4_eviction")


def position(offer: tuple[str, ...], *, king: str = "new_castile") -> Table:
    """Returns a 4-player table, R (seat 0) to act, King in `king`, and this position:

    R: aragon 2, valencia 1, court 5; B: aragon 3, seville 1, new_castile 2, court 2;
    Y: galicia 1, new_castile 1, court 0; G: new_castile 2, castillo 1, court 4.
    """
    t = table(4, *offer)
    t.clear()
    t.king(king)
    t.arrange(R, {"aragon": 2, "valencia": 1}, court=5)
    t.arrange(B, {"aragon": 3, "seville": 1, "new_castile": 2}, court=2)
    t.arrange(Y, {"galicia": 1, "new_castile": 1}, court=0)
    t.arrange(GR, {"new_castile": 2, "castillo": 1}, court=4)
    return t


def with_card(card: str) -> Table:
    t = position((card, "d3_score_castillo", "d4_court_two", "d1_move_four_any"))
    t.take(R, card)
    return t


def king_returns() -> Table:
    """Returns the position with d2_king_returns declared by R; G also holds 1 in granada."""
    t = with_card("d2_king_returns")
    t.arrange(GR, {"new_castile": 2, "castillo": 1, "granada": 1}, court=4)
    t.declare(R)
    return t


def test_king_returns_asks_the_opponents_together() -> None:
    # X17, M6, R32: simultaneous; Y has exactly 1 available (galicia; new_castile is taboo) and is forced (M8)
    t = king_returns()
    assert set(t.due()) == {B, GR}
    assert t.kind(B) == t.kind(GR) == "king_returns_choice"
    assert t.view()["decision"]["forced"] == [[Y, ["galicia"]]]
    assert t.count("galicia", Y) == 1  # forced choices are applied with the others, after the reveal


def test_king_returns_with_one_option_is_forced() -> None:
    # R34, M8: G has only its court to return from (new_castile is taboo, the Castillo never), so G is not asked
    t = with_card("d2_king_returns")
    t.declare(R)
    assert set(t.due()) == {B}
    assert [GR, ["court", "court", "court"]] in t.view()["decision"]["forced"]


def test_king_returns_sources_are_court_and_open_regions_only() -> None:
    # R26, X22, M6: never the King's region, never the Castillo
    t = king_returns()
    assert {src for m in t.legal(GR) for src in m["sources"]} == {"court", "granada"}
    assert {src for m in t.legal(B) for src in m["sources"]} == {"court", "aragon", "seville"}
    assert all(len(m["sources"]) == 3 for m in t.legal(B))
    too_many = {"type": "return_caballeros", "sources": ["court", "court", "court"]}  # B's court holds 2
    assert isinstance(t.refuse(B, too_many), IllegalMove)
    taboo = {"type": "return_caballeros", "sources": ["new_castile", "court", "court"]}
    assert isinstance(t.refuse(B, taboo), IllegalMove)
    castillo = {"type": "return_caballeros", "sources": ["castillo", "court", "court"]}
    assert isinstance(t.refuse(GR, castillo), IllegalMove)


def test_king_returns_effects_apply_after_the_last_choice() -> None:
    # R32, M9, H6: sealed until the reveal; then all applied together
    t = king_returns()
    t.play(B, {"type": "return_caballeros", "sources": ["court", "aragon", "seville"]})
    assert t.count("aragon", B) == 3  # nothing applied yet
    made = events_of(t.events, "choice_made")[-1]
    assert "choice" not in G.redact(made, GR) and "choice" not in G.redact(made, None)
    assert G.redact(made, B)["choice"] == ["court", "aragon", "seville"]
    assert t.view(GR)["decision"]["chosen"] == [B]
    t.play(GR, {"type": "return_caballeros", "sources": ["court", "court", "granada"]})
    v = t.view()
    assert (t.count("aragon", B), t.count("seville", B), v["courts"][B]) == (2, 0, 1)
    assert t.count("galicia", Y) == 0
    assert (v["courts"][GR], t.count("granada", GR)) == (2, 0)
    revealed = events_of(t.events, "choices_revealed")[-1]
    assert [c[0] for c in revealed["choices"]] == [B, Y, GR]


def test_active_player_waits_and_then_resumes_the_turn() -> None:
    # R33: the turn is suspended while choices are pending, then the batch may still be placed
    t = king_returns()
    assert R not in t.due()
    assert isinstance(t.refuse(R, {"type": "end_turn"}), NotYourTurn)
    t.play(B, {"type": "return_caballeros", "sources": ["court", "court", "aragon"]})
    t.play(GR, {"type": "return_caballeros", "sources": ["court", "court", "court"]})
    assert t.kind(R) == "turn_step"
    t.place(R, castillo=2)
    assert t.count("castillo", R) == 2


def test_one_of_your_choice_never_from_the_kings_region_or_castillo() -> None:
    # R26, X22
    t = with_card("d2_one_of_your_choice")
    removals = [
        {"seat": R, "region": "aragon"},
        {"seat": B, "region": "new_castile"},
        {"seat": Y, "region": "galicia"},
    ]
    assert isinstance(t.refuse(R, {"type": "declare_action", "removals": removals}), IllegalMove)
    ext = t.legal(R, {"type": "declare_action", "removals": [{"seat": R, "region": "aragon"}]})
    assert {m["removals"][-1]["region"] for m in ext if m["removals"][-1]["seat"] == B} == {
        "aragon",
        "seville",
    }
    assert {m["removals"][-1]["region"] for m in ext if m["removals"][-1]["seat"] == Y} == {"galicia"}


def test_disc_never_offers_the_castillo() -> None:
    # R31, X11
    t = with_card("d2_secret_return_all")
    t.declare(R)
    exc = t.refuse(B, {"type": "choose_region", "region": "castillo"})
    assert isinstance(exc, IllegalMove)
    exc = t.refuse(B, {"type": "choose_region", "region": "new_castile"})
    assert isinstance(exc, IllegalMove)


def test_eviction_moves_all_opponents_out_of_the_chosen_region() -> None:
    # §1.6 d4_eviction, X23, M2: the taker's own stay; destinations exclude E, the King's region, the Castillo
    t = position(STACK2)
    t.arrange(Y, {"aragon": 2, "new_castile": 1})
    t.take(R, "d4_eviction")
    assert t.refuse(R, {"type": "declare_action", "area": "new_castile"}).rule in ("R23", "X23")
    t.declare(R, area="aragon")
    assert set(t.due()) == {B, Y}
    legal = {m["region"] for m in t.legal(B)}
    assert legal == {
        "galicia",
        "basque_country",
        "catalonia",
        "old_castile",
        "valencia",
        "seville",
        "granada",
    }
    t.choose(B, "seville")
    t.choose(Y, "galicia")
    assert (t.count("aragon", R), t.count("aragon", B), t.count("aragon", Y)) == (2, 0, 0)
    assert t.count("seville", B) == 4 and t.count("galicia", Y) == 2


def test_secret_scoring_asks_everyone_including_the_taker() -> None:
    # M5, X27, R31: the King's region is allowed there
    t = with_card("d4_secret_scoring")
    t.declare(R)
    assert set(t.due()) == {R, B, Y, GR}
    assert "new_castile" in {m["region"] for m in t.legal(B)}
    assert "castillo" not in {m["region"] for m in t.legal(B)}


def test_castillo_disc_excludes_the_kings_region() -> None:
    # M1, R31, X11 (general scoring)
    t = position(STACK2)
    t.take(R, "d3_score_castillo")
    t.end(R)
    while t.view()["phase"] != "scoring":
        t.default(min(t.due()))
    assert t.view()["round"] == 3
    assert set(t.due()) == {GR}  # X12: only holders of Castillo caballeros are asked
    assert t.kind(GR) == "castillo_disc"
    king = t.view()["king"]
    assert king not in {m["region"] for m in t.legal(GR)}
    assert "castillo" not in {m["region"] for m in t.legal(GR)}


def test_no_member_is_asked_without_a_legal_option() -> None:
    # R34, X40: players with nothing to return are not part of the decision
    t = with_card("d2_king_returns")
    t.arrange(Y, {"new_castile": 1}, court=0)
    t.declare(R)
    decision = t.view()["decision"]
    assert Y not in decision["members"] and all(f[0] != Y for f in decision["forced"])
