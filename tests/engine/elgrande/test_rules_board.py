"""Tests the rules every special action obeys on the board (R23-R30, X15, X30-X33, X43, X45, X49, H9, X44)."""

from __future__ import annotations

from engine.errors import IllegalMove

from .scenario import GR, B, G, R, Table, Y, events_of, table

MOVERS = ("d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_mobile_scoreboard")


def board(card_offer: tuple[str, ...] = MOVERS, *, king: str = "new_castile") -> Table:
    """Returns a 4-player table, seat 0 to act, King in `king`, a known position:

    R: aragon 3, new_castile 2, seville 1; B: aragon 2, valencia 2; Y: new_castile 3, galicia 1; G: castillo 2.
    """
    t = table(4, *card_offer)
    t.clear()
    t.king(king)
    t.arrange(R, {"aragon": 3, "new_castile": 2, "seville": 1})
    t.arrange(B, {"aragon": 2, "valencia": 2})
    t.arrange(Y, {"new_castile": 3, "galicia": 1})
    t.arrange(GR, {"castillo": 2})
    return t


def moves(*triples: tuple[int, str, str]) -> dict[str, object]:
    return {"type": "declare_action", "moves": [{"seat": s, "from": a, "to": b} for s, a, b in triples]}


def test_taboo_follows_the_king() -> None:
    # R23, R28: after the King moves the new region is taboo and the old one open
    t = board(("d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_royal_adviser"))
    t.take(R, "d4_royal_adviser")
    t.declare(R, area="aragon")
    t.end(R)
    t.take(B, "d1_move_four_any")
    assert t.refuse(B, moves((B, "aragon", "galicia"))).rule == "R23"
    t.play(B, moves((Y, "new_castile", "galicia")))
    assert t.count("new_castile", Y) == 2 and t.count("galicia", Y) == 2


def test_moves_go_any_distance_and_into_the_castillo() -> None:
    # R24, R27, X30, X45: adjacency does not matter; the Castillo may receive
    t = board()
    t.take(R, "d1_move_four_any")
    t.play(R, moves((B, "valencia", "galicia"), (R, "seville", "castillo"), (B, "aragon", "catalonia")))
    assert t.count("galicia", B) == 1 and t.count("castillo", R) == 1 and t.count("catalonia", B) == 1


def test_nothing_leaves_the_castillo() -> None:
    # R24, R27, X45: Castillo caballeros cannot be moved by an action
    t = board()
    t.take(R, "d1_move_four_any")
    exc = t.refuse(R, moves((GR, "castillo", "galicia")))
    assert isinstance(exc, IllegalMove)
    assert all(
        m["moves"][-1]["from"] != "castillo" for m in t.legal(R, {"type": "declare_action", "moves": []})
    )


def test_each_cube_moves_at_most_once() -> None:
    # R24, X30: no more of a colour out of a region than stood there when the action began
    t = board()
    t.take(R, "d1_move_four_any")
    exc = t.refuse(
        R, moves((B, "valencia", "galicia"), (B, "valencia", "seville"), (B, "valencia", "granada"))
    )
    assert exc.rule == "X30"
    # a cube moved in cannot be moved on: B has 2 in valencia, 0 in galicia at the start
    assert t.refuse(R, moves((B, "valencia", "galicia"), (B, "galicia", "seville"))).rule in ("X30", "R26")


def test_castillo_contents_are_public() -> None:
    # R27, H9, X44: the number and colour put in are announced
    t = board()
    t.take(R, "d1_move_four_any")
    t.place(R, castillo=1)
    for viewer in (None, B, Y):
        assert t.view(viewer)["areas"]["castillo"]["caballeros"] == [1, 0, 0, 2]


def test_king_card_moves_the_king_anywhere_but_the_castillo_or_his_own_region() -> None:
    # R28, X32, d5_king
    t = board()
    t.take(R, "d5_king")
    assert t.refuse(R, {"type": "declare_action", "area": "castillo"}).rule == "R28"
    assert t.refuse(R, {"type": "declare_action", "area": "new_castile"}).rule == "X32"
    t.declare(R, area="galicia")
    assert t.view()["king"] == "galicia"


def test_grande_moves_to_any_open_region_even_onto_another_grande() -> None:
    # R29, X33, d4_move_grande: the new region is the home region
    t = board(("d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_move_grande"))
    t.grande(R, "aragon")
    t.grande(B, "valencia")
    t.take(R, "d4_move_grande")
    assert isinstance(t.refuse(R, {"type": "declare_action", "area": "castillo"}), IllegalMove)
    assert t.refuse(R, {"type": "declare_action", "area": "new_castile"}).rule in ("R23", "R29")
    t.declare(R, area="valencia")
    assert t.view()["grandes"][R] == "valencia" == t.view()["grandes"][B]


def test_grande_in_the_kings_region_cannot_move() -> None:
    # R29, X33
    t = board(("d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_move_grande"))
    t.grande(R, "new_castile")
    t.take(R, "d4_move_grande")
    assert t.refuse(R, {"type": "declare_action", "area": "aragon"}).rule in ("R23", "R29")
    assert not [m for m in t.legal(R) if m["type"] == "declare_action"]


def test_scoreboard_changes_the_values_at_once() -> None:
    # R30, X49, §1.3
    t = board()
    t.take(R, "d4_mobile_scoreboard")
    t.declare(R, scoreboard="sb_8_4_0", area="galicia")
    area = t.view(None)["areas"]["galicia"]
    assert area["values"] == [8, 4, 0] and area["scoreboard"] == "sb_8_4_0" and area["printed"] == [4, 2, 0]


def test_scoreboard_may_lie_on_the_castillo() -> None:
    # X14, R30
    t = board()
    t.take(R, "d4_mobile_scoreboard")
    t.declare(R, scoreboard="sb_4_0_0", area="castillo")
    assert t.view()["areas"]["castillo"]["values"] == [4, 0, 0]


def test_scoreboards_never_share_an_area_nor_enter_the_kings_region() -> None:
    # R30, X15, R23
    t = board()
    t.scoreboard("sb_8_4_0", "galicia")
    t.take(R, "d4_mobile_scoreboard")
    assert t.refuse(R, {"type": "declare_action", "scoreboard": "sb_4_0_0", "area": "galicia"}).rule == "X15"
    assert (
        t.refuse(R, {"type": "declare_action", "scoreboard": "sb_4_0_0", "area": "new_castile"}).rule == "R30"
    )
    spots = {(m["scoreboard"], m["area"]) for m in t.legal(R) if m["type"] == "declare_action"}
    assert ("sb_4_0_0", "galicia") not in spots and ("sb_8_4_0", "new_castile") not in spots
    assert ("sb_8_4_0", "aragon") in spots  # a laid scoreboard may move on, never off the board (X15)


def test_moves_are_announced_in_one_public_event() -> None:
    # H8, R27: declarations and their moves are public to every viewer
    t = board()
    t.take(R, "d1_move_four_any")
    new = t.play(R, moves((B, "valencia", "castillo")))
    declared = events_of(new, "action_declared")[0]
    for viewer in (None, B, Y):
        assert G.redact(declared, viewer) == declared
