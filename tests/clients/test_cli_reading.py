"""The CLI as a player reads it: board order, readable history, options anywhere, growing moves."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clients.cli import main
from clients.python import Client
from clients.python.render import ELGRANDE_AREAS, _left, _round


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture()
def elgrande(server_url: str) -> Any:
    return Client(server_url).create_game("elgrande", ["Ana", "Bo", "Cy"])


def _due(server_url: str, created: Any) -> str:
    """Returns the token of the seat that owes the next decision."""
    seat = Client(server_url).game(created.id).prompts[0].seat
    return created.seats[seat].token or ""


def test_play_takes_its_move_after_the_options(server_url: str, elgrande: Any, capsys: Any) -> None:
    token = _due(server_url, elgrande)
    code, out, err = run(capsys, "play", elgrande.id, "--url", server_url, "--token", token, "play", "7")
    assert code == 0 and out.startswith("accepted · version"), err
    assert re.search(r"^waiting for (Ana|Bo|Cy) \(seat \d\): play_power_card$", out, re.MULTILINE)
    with pytest.raises(SystemExit) as stop:
        run(capsys, "play", elgrande.id, "--url", server_url, "--token", token, "--bogus")
    assert stop.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_show_lists_the_board_in_its_own_order_with_the_kings_region_named(
    server_url: str, elgrande: Any, capsys: Any
) -> None:
    code, out, _ = run(capsys, "show", elgrande.id, "--url", server_url)
    assert code == 0
    view = Client(server_url).view(elgrande.id).view
    assert re.search(rf"King in {view['areas'][view['king']]['name']}$", out, re.MULTILINE)
    names = [view["areas"][a]["name"] for a in ELGRANDE_AREAS if a in view["areas"]]  # france: an option
    rows = [line.split("  ")[0] for line in out.splitlines() if line.split("  ")[0] in names]
    assert rows == names and rows[:3] == ["Castillo", "Galicia", "Basque Country"]


def test_history_reads_as_sentences_and_keeps_other_seats_bids_to_what_is_served(
    server_url: str, elgrande: Any, capsys: Any
) -> None:
    for value in ("13", "12", "11"):
        token = _due(server_url, elgrande)
        assert (
            run(capsys, "play", elgrande.id, f"play {value}", "--url", server_url, "--token", token)[0] == 0
        )
    code, out, _ = run(capsys, "history", elgrande.id, "--url", server_url)
    assert code == 0
    assert re.search(r"^v1\s+game created: elgrande for Ana, Bo, Cy$", out, re.MULTILINE)
    assert re.search(r"^v2\s+game started: 9 rounds, the King in [A-Z]", out, re.MULTILINE)
    assert re.search(r"^v\d+\s+(Ana|Bo|Cy) played power card 13$", out, re.MULTILINE)
    assert re.search(
        r"played power card 11; turn order (Ana|Bo|Cy), (Ana|Bo|Cy), (Ana|Bo|Cy)$", out, re.MULTILINE
    )
    assert re.search(r"^v\d+\s+(Ana|Bo|Cy)'s turn: \d caballero\(s\) from the provinces", out, re.MULTILINE)
    assert "{" not in out and "_" not in out.split("offer:")[0]


def test_moves_extend_grows_a_placement_one_step(server_url: str, elgrande: Any, capsys: Any) -> None:
    for value in ("13", "12", "11"):
        token = _due(server_url, elgrande)
        run(capsys, "play", elgrande.id, f"play {value}", "--url", server_url, "--token", token)
    token = _due(server_url, elgrande)
    run(capsys, "play", elgrande.id, "--pick", "1", "--url", server_url, "--token", token)
    code, out, _ = run(capsys, "moves", elgrande.id, "--url", server_url, "--token", token)
    assert code == 0 and "place none" in out and f"castillo moves {elgrande.id} --extend N" in out
    number = re.search(r"^\s*(\d+)\s+place none", out, re.MULTILINE).group(1)
    code, out, _ = run(
        capsys, "moves", elgrande.id, "--extend", number, "--url", server_url, "--token", token
    )
    assert code == 0 and re.search(r"^\s*1\s+place castillo\s+\{", out, re.MULTILINE), out
    code, _, err = run(capsys, "moves", elgrande.id, "--extend", "99", "--url", server_url, "--token", token)
    assert code == 1 and "--extend wants 1.." in err


def test_time_left_in_words() -> None:
    assert _left(1000 + 2 * 86400 + 5 * 3600 + 60, now=1000) == "in 2 d 5 h"
    assert _left(1000 + 3600 + 40 * 60, now=1000) == "in 1 h 40 min"
    assert _left(1000 + 20, now=1000) == "in 1 min"
    assert _left(1000, now=1000) == "passed"


def test_a_command_without_a_token_says_how_to_give_one(
    server_url: str, elgrande: Any, capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.delenv("CASTILLO_TOKEN", raising=False)
    code, _, err = run(capsys, "moves", elgrande.id, "--url", server_url)
    assert code == 1 and err.rstrip().endswith("(give a seat token: --token TOKEN or CASTILLO_TOKEN)")
    code, _, err = run(capsys, "moves", elgrande.id, "--url", server_url, "--token", "seat_wrong")
    assert code == 1 and "give a seat token" not in err


def test_refusals_name_the_fields_at_fault(server_url: str, capsys: Any) -> None:
    code, _, err = run(
        capsys, "new", "kabale", "--url", server_url, "--seat", "A:not-an-email", "--seat", "B"
    )
    assert code == 1 and err.rstrip().endswith(
        "(seats.0.email: is not one address of the form name@example.org (no display name, quotes or <...>))"
    )
    code, _, err = run(capsys, "new", "kabale", "--url", server_url, "--seat", "A", "--seat", "\u202eB")
    assert code == 1 and err.rstrip().endswith("(seats.1.name: contains a bidirectional override (U+202E))")
    code, _, err = run(capsys, "new", "kabale", "--url", server_url)
    assert code == 1 and "name the players: --seat NAME[:EMAIL[:LANGUAGE]]" in err


def test_rounds_of_a_short_game_count_the_rounds_played() -> None:
    assert _round(3, list(range(1, 10))) == "round 3 of 9"
    assert _round(9, [2, 3, 5, 6, 8, 9]) == "round 9 (6 of 6)"  # O-S1: rounds 1, 4, 7 skipped


def test_status_tells_the_due_seat_it_is_its_turn(server_url: str, elgrande: Any, capsys: Any) -> None:
    code, out, _ = run(
        capsys, "status", elgrande.id, "--url", server_url, "--token", _due(server_url, elgrande)
    )
    assert code == 0 and f"your turn: see `castillo moves {elgrande.id}`" in out
    code, out, _ = run(capsys, "status", elgrande.id, "--url", server_url)
    assert code == 0 and "your turn" not in out
