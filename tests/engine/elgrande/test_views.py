"""Tests of `view`, `redact` and `result`: the documented shape and no leaks (§4, H1-H12)."""

from __future__ import annotations

import json

from tests.conformance import Checks, fold
from tests.conformance import play as playout
from tests.engine.elgrande.kit import at_turn, declare, game, play, position, start

KEYS = {
    "game",
    "version",
    "viewer",
    "seats",
    "options",
    "rounds",
    "round",
    "phase",
    "king",
    "areas",
    "grandes",
    "scoreboards",
    "courts",
    "provinces",
    "scores",
    "start_player",
    "bids",
    "turn_order",
    "active",
    "turn",
    "offer",
    "stacks",
    "discard",
    "hand",
    "hands",
    "played",
    "vetos",
    "decision",
    "pending",
    "last_events",
    "commitment",
    "result",
}


def test_view_has_the_documented_shape() -> None:
    s = start(4, "shape")
    v = game.view(s, 0)
    assert set(v) == KEYS
    assert next(iter(v["areas"])) == "castillo" and len(v["areas"]) == 10
    assert set(v["areas"]["aragon"]) == {
        "name",
        "caballeros",
        "values",
        "printed",
        "scoreboard",
        "neighbours",
    }
    assert v["areas"]["galicia"]["neighbours"] == ["basque_country", "old_castile"]
    assert len(v["offer"]) == 5 and v["offer"][-1]["id"] == "d5_king"
    assert v["stacks"] == [10, 10, 10, 10]
    assert json.loads(json.dumps(v)) == v


def test_hands_are_private() -> None:
    # H1, H2
    s = start(4, "hands")
    s, _ = play(s, next(iter(game.pending(s))), {"type": "play_power_card", "value": 13})
    for viewer in (None, 0, 1, 2, 3):
        v = game.view(s, viewer)
        for p in range(4):
            assert ("cards" in v["hands"][p]) == (viewer == p)
            assert ("cards" in v["played"][p]) == (viewer == p)
        assert v["hand"] == (list(s.hands[viewer]) if viewer is not None else None)
        assert "seed" not in v and "stack_order" not in v
    assert game.view(s, "all")["seed"] == s.seed and game.view(s, "all")["hands"][1]["cards"]


def test_setup_secrets_are_redacted() -> None:
    # H4, H5, contract: the seed is hidden while the game runs
    first = game.setup(3, {}, "secret-seed")[0]
    for viewer in (None, 0, 1, 2):
        r = game.redact(first, viewer)
        assert "seed" not in r and "stacks" not in r and "region_cards" not in r
        assert r["commitment"] == first["commitment"] and r["king"] == first["king"]
    assert game.redact(first, "all")["seed"] == "secret-seed"


def test_salt_is_only_for_all() -> None:
    event = {"type": "choice_made", "kind": "castillo_disc", "seat": 1, "choice": "aragon", "salt": "ab"}
    assert "salt" not in game.redact(event, 1) and game.redact(event, "all")["salt"] == "ab"
    assert game.redact(event, 0) == {
        "type": "choice_made",
        "kind": "castillo_disc",
        "seat": 1,
        "sealed": True,
    }


def test_sealed_choice_shows_only_to_its_author() -> None:
    s = position(start(), {"aragon": [1, 2, 1, 1]}, king="granada", court=[5] * 4)
    s, _ = declare(at_turn(s, 0, "d4_secret_scoring"), 0)
    s, _ = play(s, 1, {"type": "choose_region", "region": "aragon"})
    assert game.view(s, 1)["decision"]["my_choice"] == "aragon"
    for viewer in (None, 0, 2):
        d = game.view(s, viewer)["decision"]
        assert "my_choice" not in d and "choices" not in d and d["chosen"] == [1]
        assert "aragon" not in json.dumps(game.view(s, viewer)["last_events"][-1])


def test_finished_game_reveals_the_seed_and_result() -> None:
    out = playout(game, 2, {}, "finished", Checks())
    s = out.state
    assert game.result(s) is not None and set(game.result(s)) == {"scores", "ranks", "winners", "tiebreak"}
    assert game.view(s, None)["seed"] == "finished"
    assert out.events[-1]["seed"] == "finished"  # R55
    assert game.view(fold(game, out.events), "all") == game.view(s, "all")
