"""Game options as the client and the CLI read them: parsed from words, checked against the catalog."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from clients.cli import main
from clients.python import Client, IllegalOptions
from clients.python.options import OptionError, check_options, options_from_text, parse_option
from clients.python.types import GameInfo

ENTRY: dict[str, Any] = {
    "name": "elgrande",
    "title": "El Grande",
    "seats": [2, 5],
    "options": {
        "veto": {"type": "bool", "default": True, "doc": "Veto cards", "rules": "V1-V13", "excludes": []},
        "short_game": {"type": "bool", "default": False, "doc": "skip 1, 4, 7", "excludes": ["short_game_six_rounds"],
                       "combines_with": ["veto"]},
        "short_game_six_rounds": {"type": "bool", "default": False, "doc": "1-6", "excludes": ["short_game"],
                                  "combines_with": ["veto"]},
        "first_seat": {"type": "integer", "default": 0, "doc": "who starts"},
    },
}  # fmt: skip
INFO = GameInfo.from_json(ENTRY)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("france", ("france", True)),
        ("veto=false", ("veto", False)),
        ("veto=OFF", ("veto", False)),
        ("church=yes", ("church", True)),
        ("first_seat=1", ("first_seat", 1)),
        ('colours=["red","blue"]', ("colours", ["red", "blue"])),
        ("name=Ann", ("name", "Ann")),
    ],
)
def test_parse_option_reads_a_bare_name_as_on_and_values_as_words_or_json(text: str, expected: Any) -> None:
    assert parse_option(text) == expected


def test_the_catalog_entry_is_typed() -> None:
    veto = INFO.options["veto"]
    assert (
        veto.default is True and veto.rules == "V1-V13" and veto.excludes == () and veto.doc == "Veto cards"
    )
    assert INFO.options["short_game"].combines_with == ("veto",)


def test_check_options_names_the_fault() -> None:
    assert options_from_text(INFO, ["short_game", "veto=false"]) == {"short_game": True, "veto": False}
    with pytest.raises(
        OptionError, match=r"no option 'shortgame' \(did you mean 'short_game'.*castillo catalog"
    ):
        check_options(INFO, {"shortgame": True})
    with pytest.raises(
        OptionError, match="'short_game' and 'short_game_six_rounds' of elgrande cannot be combined"
    ):
        options_from_text(INFO, ["short_game", "short_game_six_rounds"])
    with pytest.raises(OptionError, match="'veto' of elgrande takes true or false, not 'maybe'"):
        options_from_text(INFO, ["veto=maybe"])
    with pytest.raises(OptionError, match="takes a whole number, not True"):
        check_options(INFO, {"first_seat": True})
    assert check_options(INFO, {"short_game": True, "short_game_six_rounds": False})
    with pytest.raises(ValueError, match="NAME or NAME=VALUE"):
        parse_option("=1")


def test_the_live_catalog_describes_options_and_the_server_refuses_a_forbidden_pair(server_url: str) -> None:
    client = Client(server_url)
    elgrande = {g.name: g for g in client.catalog()}["elgrande"]
    assert elgrande.options["short_game"].excludes == ("short_game_six_rounds",)
    assert elgrande.options["veto"].doc and "short_game" in elgrande.options["veto"].combines_with
    with pytest.raises(IllegalOptions, match="short_game_six_rounds"):
        client.create_game(
            "elgrande", ["a", "b"], options={"short_game": True, "short_game_six_rounds": True}
        )
    created = client.create_game("elgrande", ["a", "b"], options={"short_game_six_rounds": True})
    assert client.game(created.id).options == {"short_game_six_rounds": True}


def test_cli_catalog_lists_games_then_a_games_options(
    server_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "catalog", "--url", server_url)
    assert code == 0 and re.search(r"^elgrande\s+El Grande\s+2-5\s+veto, short_game", out, re.MULTILINE)
    code, out, _ = run(capsys, "catalog", "elgrande", "--url", server_url)
    assert code == 0 and out.startswith("El Grande (elgrande), 2-5 players")
    assert re.search(r"^short_game  default false \(O-S1\)\n    skip rounds 1, 4 and 7", out, re.MULTILINE)
    assert "    cannot be combined with: short_game_six_rounds" in out and "--option short_game" in out
    code, _, err = run(capsys, "catalog", "chess", "--url", server_url)
    assert code == 1 and "no game 'chess'; it offers: " in err


def test_cli_new_takes_options_by_name_and_refuses_bad_ones_before_sending(
    server_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ("new", "elgrande", "--url", server_url, "--seat", "Ann", "--seat", "Bob")
    code, out, err = run(capsys, *base, "--option", "short_game_six_rounds", "--option", "veto=off")
    assert code == 0, err
    assert Client(server_url).game(out.split()[1]).options == {"short_game_six_rounds": True, "veto": False}
    code, _, err = run(capsys, *base, "--option", "frnace")
    assert code == 1 and "elgrande has no option 'frnace'" in err and "castillo catalog elgrande" in err
    code, _, err = run(capsys, *base, "--option", "short_game", "--option", "short_game_six_rounds")
    assert code == 1 and "'short_game' and 'short_game_six_rounds' of elgrande cannot be combined" in err


def test_the_readme_options_snippet_runs(server_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    snippet = next(
        b for b in re.findall(r"```python\n(.*?)```", readme, re.DOTALL) if "options_from_text" in b
    )
    exec(snippet.replace("http://127.0.0.1:8000", server_url), {})  # noqa: S102 - the README's own code
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "{'grande_counts_one': True, 'veto': False}" and "short_game_six_rounds" in out[0]
