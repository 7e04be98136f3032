"""Runs the `castillo` client subcommands against a live server, as a user would."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from clients.cli import main
from clients.python import Client
from clients.python.audit import verify_record
from clients.python.term import colour_wanted
from engine import rng
from engine.audit import canonical, log_seed, sealed_hash


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture()
def game(server_url: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, _ = run(
        capsys,
        "new",
        "kabale",
        "--url",
        server_url,
        "--seat",
        "Ann",
        "--seat",
        "Bob:bob@example.org",
        "--bot",
        "greedy",
        "--json",
    )
    assert code == 0
    return json.loads(out)


def _due_seat(server_url: str, game_id: str) -> int:
    return Client(server_url).game(game_id).prompts[0].seat


def test_new_prints_the_tokens_once_in_a_table(server_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "new",
        "elgrande",
        "--url",
        server_url,
        "--seat",
        "Ann",
        "--seat",
        "Bob",
        "--bot",
        "random",
        "--option",
        "short_game=true",
        "--per-move",
        "3600",
    )
    assert code == 0 and "admin token: adm_" in out
    assert re.search(r"^\s+2\s+bot:random\s+seat_", out, re.MULTILINE) and "castillo bots --url" in out
    game_id = out.split()[1]
    summary = Client(server_url).game(game_id)
    assert summary.options == {"short_game": True} and summary.time_control["per_move"] == 3600


def test_status_shows_the_columns_and_players(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    token = game["seats"][0]["token"]
    code, out, _ = run(capsys, "show", game["id"], "--url", server_url, "--token", token)
    assert code == 0 and "\x1b[" not in out
    assert "Kabale & Hiebe" in out and re.search(r"^col\s+goal\s+cards", out, re.MULTILINE)
    assert re.search(r"^Ann \(seat 0\)\s+red\s+3\s+22", out, re.MULTILINE) and "your hand: " in out
    code, spectator, _ = run(capsys, "status", game["id"], "--url", server_url)
    assert code == 0 and "your hand" not in spectator


def test_moves_then_play_by_text_pick_and_json(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setenv("CASTILLO_URL", server_url)
    for how in ("text", "pick", "json"):
        seat = _due_seat(server_url, game["id"])
        monkeypatch.setenv("CASTILLO_TOKEN", game["seats"][seat]["token"])
        code, out, _ = run(capsys, "moves", game["id"])
        first = re.search(r"^\s*1\s+(\S.*?)\s{2,}\{", out, re.MULTILINE)
        assert code == 0 and first and out.startswith(f"seat {seat} owes: "), out
        legal = json.loads(run(capsys, "moves", game["id"], "--json")[1])
        move = {"text": [first.group(1)], "pick": ["--pick", "1"], "json": [json.dumps(legal["moves"][0])]}[
            how
        ]
        code, out, err = run(capsys, "play", game["id"], *move)
        assert code == 0 and out.startswith("accepted · version"), err


def test_errors_print_the_problem_without_a_traceback(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    idle = (_due_seat(server_url, game["id"]) + 1) % 3
    code, out, err = run(
        capsys,
        "play",
        game["id"],
        "play king 0",
        "--url",
        server_url,
        "--token",
        game["seats"][idle]["token"],
    )
    assert code == 1 and not out and err.startswith("castillo: This seat owes no decision now")
    code, _, err = run(capsys, "status", "nope", "--url", server_url)
    assert code == 1 and err == "castillo: No such game: there is no game 'nope'\n"
    code, _, err = run(capsys, "status", "nope", "--url", "http://127.0.0.1:9")
    assert code == 1 and "cannot reach http://127.0.0.1:9" in err and "Traceback" not in err
    code, _, err = run(capsys, "play", game["id"], "{not json", "--url", server_url, "--token", "x")
    assert code == 1 and err.startswith("castillo: ")


def test_bots_follow_record_and_verify(
    server_url: str, game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = ["--url", server_url]
    code, out, err = run(
        capsys,
        "bots",
        "--game",
        game["id"],
        "--admin-token",
        game["admin_token"],
        "--seats",
        "0,1",
        "--kind",
        "random",
        *url,
    )
    assert code == 1 and "seat 1 has an email address" in err
    code, out, _ = run(capsys, "new", "kabale", "--bot", "random", "--bot", "greedy", "--json", *url)
    game = json.loads(out)
    code, out, err = run(
        capsys, "bots", "--game", game["id"], "--admin-token", game["admin_token"], "--seed", "3", *url
    )
    assert code == 0 and "final: " in out and "winner" in out, err
    code, out, _ = run(capsys, "follow", game["id"], "--from", "0", *url)
    assert code == 0 and re.search(
        r"^v1\s+game created: kabale for bot:random, bot:greedy$", out, re.MULTILINE
    )
    assert re.search(r"^v\d+\s+round 1 began \(column 0 \w+", out, re.MULTILINE)
    assert "{" not in out  # readable lines, no raw facts
    assert out.rstrip().endswith(
        "game finished at version " + str(Client(server_url).game(game["id"]).version)
    )
    code, out, _ = run(capsys, "history", game["id"], *url)
    assert code == 0 and re.search(
        r"^v\d+\s+game over: bot:random \d+, bot:greedy \d+ — winner", out, re.MULTILINE
    )
    record = tmp_path / "game.jsonl"
    code, _, err = run(capsys, "record", game["id"], "-o", str(record), *url)
    assert code == 0 and "wrote" in err
    code, out, _ = run(capsys, "verify", str(record))
    assert code == 0 and out.startswith("verified: kabale") and "full re-run" in out
    code, out, _ = run(capsys, "verify", "--game", game["id"], *url)
    assert code == 0 and out.startswith("verified: game")
    code, out, _ = run(capsys, "record", game["id"], "--format", "text", *url)
    assert code == 0 and out.startswith("# Castillo record: kabale")


def _rehash(entries: list[dict[str, Any]]) -> str:
    """Returns the record with every hash recomputed over the derived prev and salt (format 2;
    the seed is public in a finished game's record), as a forger would."""
    prev, seed = "0" * 64, log_seed(entries)
    for env in entries:
        env["hash"] = prev = sealed_hash(env, prev, rng.salt(seed, env["v"]))
    return "".join(canonical(e).decode() + "\n" for e in entries)


def test_offline_verify_catches_tampering_even_with_a_rebuilt_chain(server_url: str) -> None:
    created = Client(server_url).create_game("kabale", ["bot", "bot"])
    from clients.bots.runner import play_with_tokens

    play_with_tokens(server_url, created.id, {s.seat: s.token or "" for s in created.seats}, "kabale", seed=5)
    text = Client(server_url).record(created.id)
    assert verify_record(text).ok
    entries = [json.loads(line) for line in text.splitlines()]
    played = next(e for e in entries if e.get("event", {}).get("type") == "card_played")
    played["event"]["column"] = 1 - played["event"]["column"]
    broken = verify_record("".join(canonical(e).decode() + "\n" for e in entries))
    assert not broken.ok and "hash does not match" in broken.problems[0]
    forged = verify_record(_rehash(entries))
    assert not forged.ok and forged.replayed and "another event" in forged.problems[0]


def test_running_record_of_a_seat_has_withheld_entries(
    server_url: str, game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "seat.jsonl"
    run(
        capsys,
        "record",
        game["id"],
        "-o",
        str(record),
        "--url",
        server_url,
        "--token",
        game["seats"][0]["token"],
    )
    code, out, _ = run(capsys, "verify", str(record))
    assert code == 0 and "withheld (not checked)" in out and "full re-run" not in out


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: Any) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert colour_wanted(_Tty()) and not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(_Tty())


def test_moves_lists_the_extensions_of_a_partial_placement(
    server_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    created = Client(server_url).create_game("elgrande", ["A", "B"])
    seats = {s.seat: Client(server_url, s.token) for s in created.seats}
    for _ in range(20):
        prompt = Client(server_url).game(created.id).prompts[0]
        if prompt.kind == "turn_step":
            break
        seats[prompt.seat].play(
            created.id, seats[prompt.seat].legal_moves(created.id).moves[0], if_match=None
        )
    assert prompt.kind == "turn_step"
    partial = json.dumps({"type": "place_caballeros", "to": {}})
    code, out, _ = run(
        capsys,
        "moves",
        created.id,
        "--partial",
        partial,
        "--url",
        server_url,
        "--token",
        created.seats[prompt.seat].token or "",
    )
    assert code == 0 and re.search(
        r"^\s*1\s+place \w+\s+\{\"type\":\"place_caballeros\",\"to\":\{\"\w+\":1\}\}$", out, re.MULTILINE
    ), out
