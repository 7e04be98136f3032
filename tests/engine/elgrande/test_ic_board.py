"""Grand Inquisitor & Colonies: the board — regions, setup, caballero states, counting, slot bonuses.

Rules: rules/inquisitor-colonies.md G1-G17, G23, G54-G58, G61, G83, G84 (and rulings A3-A5, A18, B23, B24).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.elgrande import data, flow
from engine.elgrande.expansion import pieces
from engine.elgrande.scores import score_event
from engine.elgrande.state import NOWHERE, State
from engine.errors import IllegalOptions, UnsupportedOption
from tests.engine.elgrande.kit import game, play, start

IC = {"inquisitor_colonies": True}
A = data.AREA_INDEX


def setup_events(seats: int, seed: str = "ic", **options: Any) -> list[dict[str, Any]]:
    return game.setup(seats, {**IC, **options}, seed)


def ready(seats: int = 4, seed: str = "ic", **options: Any) -> State:
    """Returns the state after every setup disc was answered by default (G16, G82)."""
    s = start(seats, seed, **IC, **options)
    for p in range(seats):
        s, _ = play(s, p, game.default_move(s, p))
    return s


def with_cabs(s: State, area: str, states: list[tuple[tuple[Any, ...], int]], black: int = 0) -> State:
    """Returns `s` with `area` holding exactly the given caballero states (totals kept in step)."""
    a = A[area]
    rows = [list(r) for r in s.board]
    rows[a] = [0] * s.seats
    blacks = list(s.black)
    blacks[a] = black
    cabs = {c: k for c, k in s.cabs if c[0] != a}
    for state, k in states:
        if state[0] == "black":
            blacks[a] += k
        else:
            rows[a][state[0]] += k
        pieces.add(cabs, (a, *state), k)
    return replace(s, board=tuple(tuple(r) for r in rows), black=tuple(blacks), cabs=pieces.frozen(cabs))


def cab(
    owner: Any, position: str = "", tile: str = "", claimant: int = -1, mark: bool = False
) -> tuple[Any, ...]:
    return (owner, position, tile, claimant if tile else -1, mark, False)


# G1, G83, G84: the option and the options it excludes


def test_the_option_is_off_by_default_and_recorded_when_on() -> None:
    # G1: fixed at creation, recorded in the first event
    assert game.INFO["options"]["inquisitor_colonies"]["default"] is False
    assert setup_events(3)[0]["options"]["inquisitor_colonies"] is True
    assert "inquisitor_colonies" not in game.setup(3, {}, "x")[0]["options"]


@pytest.mark.parametrize(("other", "rule"), [("france", "G83"), ("church", "G84")])
def test_france_and_church_are_refused_with_the_expansion(other: str, rule: str) -> None:
    # G83, G84: illegal-options naming both
    with pytest.raises(IllegalOptions) as err:
        game.setup(3, {**IC, other: True}, "x")
    assert err.value.code == "illegal-options" and err.value.rule == rule
    assert other in str(err.value) and "inquisitor_colonies" in str(err.value)


@pytest.mark.parametrize(
    "other",
    ["short_game", "short_game_six_rounds", "grande_counts_one", "movement_limits", "granada_moorish"],
)
def test_the_other_options_combine_with_the_expansion(other: str) -> None:
    # G85, ruling B22
    assert setup_events(4, **{other: True})[0]["options"][other] is True


# G3-G6: the new regions, their values, edges and the King


def test_the_four_new_regions_and_their_values() -> None:
    # G3, rulings A4, A5: france 3/1/0, caravel none, america 4/0/0, mediterranean 4/2/1; id order
    s = ready()
    assert [data.AREAS[r].id for r in s.regions][-4:] == ["france", "caravel", "america", "mediterranean"]
    assert [s.values(A[r]) for r in ("france", "caravel", "america", "mediterranean")] == [
        (3, 1, 0),
        (0, 0, 0),
        (4, 0, 0),
        (4, 2, 1),
    ]


def test_france_borders_aragon_and_catalonia_only() -> None:
    # G5, ruling A6: the two new edges, undirected; no edge touches an overseas region
    s = ready()
    assert set(s.rules.neighbours(A["france"])) == {A["aragon"], A["catalonia"]}
    assert A["france"] in s.rules.neighbours(A["aragon"]) and A["france"] in s.rules.neighbours(
        A["catalonia"]
    )
    for r in ("caravel", "america", "mediterranean"):
        assert s.rules.neighbours(A[r]) == ()


def test_the_king_stays_on_the_continent() -> None:
    # G6: any base region or france, never overseas
    s = ready()
    assert s.rules.king_may_enter(s, A["france"])
    assert not any(s.rules.king_may_enter(s, A[r]) for r in ("caravel", "america", "mediterranean"))


def test_coastal_regions() -> None:
    # G4: seven coastal regions, france included; aragon and the Castiles inland
    assert {data.AREAS[r].id for r in data.COASTAL} == {
        "galicia",
        "basque_country",
        "catalonia",
        "valencia",
        "seville",
        "granada",
        "france",
    }


# G7-G13: components


@pytest.mark.parametrize(("seats", "spaces"), [(2, 6), (3, 6), (4, 10), (5, 10)])
def test_one_limit_board_by_player_count(seats: int, spaces: int) -> None:
    # G7
    s = ready(seats)
    assert game.view(s, 0)["limit_board"]["spaces"] == spaces


def test_the_stack_7_table_is_data_one_row_per_instance() -> None:
    # G12, ruling A1: 11 instances; effects in code; totals equal supply minus setup tiles
    assert len(data.STACK7) == 11
    assert data.deck(7) == tuple(r.instance for r in data.STACK7)
    gold = sum(r.gold for r in data.STACK7)
    goods = sum(r.goods for r in data.STACK7)
    assert gold == data.TILE_SUPPLY["gold"] - data.SETUP_TILES["gold"]  # ruling A2: never short
    assert goods == data.TILE_SUPPLY["goods"] - data.SETUP_TILES["goods"]
    for r in data.STACK7:
        assert data.heads_of(r.instance) == r.heads  # G13: a card's heads are its batch maximum


def test_the_grand_inquisitor_card_has_three_heads() -> None:
    # G11, G13
    assert data.heads_of("d6_grand_inquisitor.1") == 3 and data.card_of("d6_grand_inquisitor.1").stack == 6


# G14-G17: setup


def test_setup_draws_inquisitor_and_limit_regions_after_king_and_homes() -> None:
    # G14 steps 2-3, G15: drawn without replacement from the one shuffle, in this order
    first = setup_events(4)[0]
    cards = first["region_cards"]
    assert first["inquisitor_regions"] == cards[5:7] and first["limit_region"] == cards[7]
    assert len({first["king"], *first["homes"], *first["inquisitor_regions"], first["limit_region"]}) == 8


def test_with_granada_moorish_and_five_players_the_limit_board_starts_beside() -> None:
    # G14 step 3, ruling B24, G85: no region card is left
    first = setup_events(5, granada_moorish=True)[0]
    assert first["limit_region"] is None
    s = ready(5, granada_moorish=True)
    assert s.limit == NOWHERE and game.view(s, 0)["limit_board"]["area"] is None


def test_setup_places_black_caballeros_tiles_and_twelve_cubes() -> None:
    # G14 steps 2, 5, 6; G9 (ruling A3): 36 caballeros; G10: 4 black
    s = ready(3)
    first = setup_events(3)[0]
    for r in first["inquisitor_regions"]:
        assert s.black[A[r]] == data.INQUISITOR_START
    assert sum(s.black) == data.BLACK_CABALLEROS
    assert s.tiles == (4, 9, 1, 2)
    for p in range(3):
        on_board = sum(s.board[a][p] for a in range(data.N_AREAS))
        assert on_board == 4 and s.court[p] == 7 and s.province[p] == 25
        assert on_board + s.court[p] + s.province[p] == data.EXPANSION_CABALLEROS


def test_stack_7_is_shuffled_and_hidden() -> None:
    # G14 step 4, G15, G79: stack 7's order is hidden, its size public
    first = setup_events(4)[0]
    assert sorted(first["stacks"]["7"]) == sorted(data.deck(7))
    assert first["stack_sizes"][-1] == 11
    assert "stacks" not in game.redact(first, 0)


def test_the_offer_of_round_one_is_up_before_the_setup_disc() -> None:
    # G14 step 4, G11, G17: seven cards (stacks 1-4, 7, the King, the Grand Inquisitor), then the disc
    events = setup_events(4)
    assert [e["type"] for e in events[1:]] == ["round_started", "decision_opened"]
    offer = events[1]["offer"]
    assert len(offer) == 7 and offer[-2:] == ["d5_king.1", "d6_grand_inquisitor.1"]
    assert [data.card_of(c).stack for c in offer[:5]] == [1, 2, 3, 4, 7]
    assert events[2]["kind"] == "setup_disc" and events[2]["members"] == [0, 1, 2, 3]


def test_the_setup_disc_offers_open_base_regions_only() -> None:
    # G16, G23, ruling B23: never the King's region, never a new region
    s = start(4, "ic", **IC)
    legal = [m["region"] for m in game.legal_moves(s, 0)]
    assert data.AREAS[s.king].id not in legal
    assert set(legal) == {data.AREAS[r].id for r in data.BASE_REGIONS if r != s.king}


def test_the_setup_disc_refuses_the_kings_region() -> None:
    # G16
    s = start(4, "ic", **IC)
    with pytest.raises(Exception) as err:
        play(s, 0, {"type": "choose_region", "region": data.AREAS[s.king].id})
    assert getattr(err.value, "rule", None) == "G16"


def test_the_setup_disc_refuses_moorish_granada() -> None:
    # G16, G85
    s = start(4, "moor", **IC, granada_moorish=True)
    assert "granada" not in [m["region"] for m in game.legal_moves(s, 0)]


def test_setup_disc_choices_are_sealed_then_two_caballeros_arrive() -> None:
    # G16, G81: sealed until all are in; then 2 caballeros each into the chosen region
    s = start(3, "ic", **IC)
    s, events = play(
        s, 0, {"type": "choose_region", "region": "galicia" if s.king != A["galicia"] else "seville"}
    )
    assert "choice" not in game.redact(events[0], 1)
    before = [list(r) for r in s.board]
    for p in (1, 2):
        s, events = play(s, p, game.default_move(s, p))
    moved = next(e for e in events if e["type"] == "caballeros_moved")
    assert moved["reason"] == "setup" and all(m[1] == "province" and m[3] == 2 for m in moved["moves"])
    assert sum(s.board[a][0] for a in range(data.N_AREAS)) == sum(r[0] for r in before) + 2
    assert s.phase == "bidding" and not s.setup_open


def test_the_setup_disc_default_is_the_home_region() -> None:
    # G82, ruling B21: the home region (base D7 at setup)
    s = start(4, "ic", **IC)
    for p in range(4):
        assert game.default_move(s, p)["region"] == data.AREAS[s.grandes[p]].id


def test_setup_disc_arrivals_in_the_limit_region_all_go_on() -> None:
    # G16, G47: at most 2n arrive, never more than its spaces
    s = start(4, "ic", **IC)
    target = data.AREAS[s.limit].id
    for p in range(4):
        s, _ = play(s, p, {"type": "choose_region", "region": target})
    assert game.view(s, 0)["limit_board"]["on"] == 8
    assert all(c[2] != "beside" for c, _ in s.cabs)


def test_the_first_round_skips_its_reveal() -> None:
    # G17: bidding follows the disc with the offer already up
    s = ready(4)
    assert s.phase == "bidding" and s.round == 1 and len(s.offer) == 7


# G56-G58: counting and slot bonuses


def test_only_caballeros_on_the_limit_board_count() -> None:
    # G45, G56
    s = ready(3)
    region = data.AREAS[s.limit].id
    s = with_cabs(s, region, [(cab(0), 2), (cab(1), 1), (cab(1, "beside"), 3)])
    assert s.counts(s.limit)[:2] == (2, 1)
    assert s.total(s.limit) == 6  # G61, ruling B13: physical totals count beside


def test_the_captain_and_viceroy_do_not_count_france_slots_do() -> None:
    # G56, G59
    s = ready(3)
    s = with_cabs(s, "caravel", [(cab(0, "captain"), 1), (cab(1), 1)])
    s = with_cabs(s, "america", [(cab(0, "viceroy"), 1), (cab(2), 1)])
    s = with_cabs(s, "france", [(cab(0, "ambassador"), 1), (cab(1, "envoy"), 1)])
    assert s.counts(A["caravel"]) == (0, 1, 0)
    assert s.counts(A["america"]) == (0, 0, 1)
    assert s.counts(A["france"]) == (1, 1, 0)


def test_tile_carriers_count() -> None:
    # G56, G37
    s = ready(3)
    s = with_cabs(s, "mediterranean", [(cab(1, tile="goods", claimant=1), 2), (cab(0), 1)])
    assert s.counts(A["mediterranean"]) == (1, 2, 0)


def test_black_caballeros_count_for_the_holder_and_nobody_else() -> None:
    # G41: with no holder they count for nobody
    s = ready(3)
    s = with_cabs(s, "mediterranean", [(cab(0), 1)], black=2)
    assert s.counts(A["mediterranean"]) == (1, 0, 0)
    s = replace(s, church=2)
    assert s.counts(A["mediterranean"]) == (1, 0, 2)


def test_france_example_from_the_rulebook() -> None:
    # G58 ([GIC] example): R ambassador + envoy, B plain, n = 4 -> R 3 + 2 + 1 = 6, B 1
    s = ready(4)
    s = replace(s, king=A["granada"] if s.king == A["france"] else s.king)
    s = with_cabs(s, "france", [(cab(0, "ambassador"), 1), (cab(0, "envoy"), 1), (cab(1, "plain"), 1)])
    s = replace(s, grandes=tuple(A["galicia"] for _ in range(4)))
    assert score_event(s, A["france"], "special")["points"] == [6, 1, 0, 0]


def test_the_captain_gets_three_and_the_caravel_pays_no_ranks() -> None:
    # G57, G58: caravel 0/0/0; captain +3
    s = ready(3)
    s = with_cabs(s, "caravel", [(cab(1, "captain"), 1), (cab(0), 2)])
    s = replace(s, grandes=(A["galicia"],) * 3)
    assert score_event(s, A["caravel"], "special")["points"] == [0, 3, 0]


def test_the_home_bonus_on_the_caravel_goes_to_its_sole_leader() -> None:
    # G58: the sole leader (without the captain) gets the home bonus if his Grande is aboard
    s = ready(3)
    s = with_cabs(s, "caravel", [(cab(1, "captain"), 1), (cab(0), 2)])
    s = replace(s, grandes=(A["caravel"], A["galicia"], A["galicia"]))
    assert score_event(s, A["caravel"], "special")["points"] == [2, 3, 0]


def test_america_pays_four_then_the_viceroy_five() -> None:
    # G58: 4/0/0 over the ordinary caballeros; the viceroy does not count; then +5
    s = ready(3)
    s = with_cabs(s, "america", [(cab(2, "viceroy"), 1), (cab(0, tile="gold", claimant=0), 1), (cab(1), 2)])
    s = replace(s, grandes=(A["galicia"],) * 3)
    assert score_event(s, A["america"], "special")["points"] == [0, 4, 5]


def test_slot_bonuses_are_paid_in_first_places_mode() -> None:
    # G57, G59, rulings A16, B12
    s = ready(3)
    s = with_cabs(s, "america", [(cab(2, "viceroy"), 1), (cab(1), 2)])
    s = replace(s, grandes=(A["galicia"],) * 3)
    assert score_event(s, A["america"], "first_places")["points"][2] == 5


def test_a_black_slot_occupant_pays_its_holder_or_nobody() -> None:
    # G57: the owner of the caballero on the slot, or nobody if it is an unowned black caballero
    s = ready(3)
    s = with_cabs(s, "caravel", [(cab("black", "captain"), 1), (cab(0), 1)], black=0)
    s = replace(s, grandes=(A["galicia"],) * 3)
    assert score_event(s, A["caravel"], "special")["points"] == [0, 0, 0]
    s = replace(s, church=1)
    assert score_event(s, A["caravel"], "special")["points"] == [0, 3, 0]


def test_a_scoreboard_on_a_new_region_replaces_its_values_not_its_slots() -> None:
    # G62
    s = ready(3)
    s = with_cabs(s, "caravel", [(cab(1, "captain"), 1), (cab(0), 2)])
    s = replace(s, grandes=(A["galicia"],) * 3, scoreboards=(A["caravel"], NOWHERE))
    assert score_event(s, A["caravel"], "special")["points"] == [8, 3, 0]


def test_america_and_the_mediterranean_are_fours() -> None:
    # G60, ruling A15: value classes read the first value; france (3) and caravel (none) in no class
    s = ready(3)
    fours = [r for r in s.regions if s.values(r)[0] == 4]
    assert A["america"] in fours and A["mediterranean"] in fours
    assert s.values(A["france"])[0] == 3 and s.values(A["caravel"])[0] == 0


# G4a: the state grammar


def test_state_names_round_trip() -> None:
    # G4a, ruling B28: a state is (colour, area, position, tile, mark, bonus)
    for c in [
        (A["america"], 0, "", "gold", 0, False, False),
        (A["caravel"], "black", "captain", "", -1, True, True),
        (A["mediterranean"], "black", "", "goods", 2, False, True),
        (A["france"], 1, "envoy", "", -1, False, False),
        (A["galicia"], 1, "beside", "", -1, True, False),
    ]:
        assert pieces.state_of(pieces.name(c), c[1]) == c


def test_open_fields_are_taken_in_g4a_order() -> None:
    # G4a, G42a, rulings B25, B28: lowest position first, without bonus before with, tile-less before carriers
    s = ready(3)
    s = with_cabs(
        s,
        "caravel",
        [(cab(0, "captain"), 1), (cab(0, tile="gold", claimant=0), 1), (cab(0), 1)],
    )
    got = pieces.pick(s, 0, pieces.Spec(A["caravel"]), 3, 0)
    assert [c[2:4] for c, _ in got] == [("", ""), ("", "gold"), ("captain", "")]


def test_unknown_state_names_are_malformed() -> None:
    # G4a: bad input gets a clear error, never a crash
    assert pieces.parse("america+silver") is None
    assert pieces.parse("atlantis") is None
    assert pieces.parse("caravel_admiral") is None


def test_base_games_are_unchanged_by_the_expansion_data() -> None:
    # G1: every base rule applies; a base game has nine regions and no expansion fields
    s = start(4, "base")
    assert len(s.regions) == 9 and s.cabs == () and s.black == () and s.limit == NOWHERE
    assert "limit_board" not in game.view(s, 0) and len(flow.setup(4, {}, "b")[1]["offer"]) == 5


def test_intrigue_and_king_is_not_built() -> None:
    # G86: the second expansion is out of scope: no option offers it, and setup refuses one that would
    assert not [k for k in game.INFO["options"] if "intrig" in k or "king" in k]
    with pytest.raises(UnsupportedOption) as err:
        game.setup(4, {"inquisitor_colonies": True, "intrigue_king": True}, "g86")
    assert "intrigue_king" in str(err.value)
