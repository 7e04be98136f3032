"""Runs `castillo` in Hungarian, Polish, Finnish and German against a live server: the language
comes from --lang, CASTILLO_LANG or the locale, and the requests ask for it (Accept-Language)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import requests
from babel.dates import get_timezone

from clients.cli import _entries
from clients.cli import main as client_main
from clients.i18n import choose, locale_language, tag
from clients.python import Client
from clients.python.render import _left, _when
from engine.i18n import current, speaking
from service.cli import main as castillo


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = castillo(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture()
def game(server_url: str) -> dict[str, Any]:
    """Returns a Kabale game of three seats with its tokens (created in English)."""
    return Client(server_url).create_game("kabale", ["Ann", "Bob", "Cy"]).raw


def due(url: str, game: dict[str, Any]) -> tuple[int, str]:
    """Returns the seat that owes the next decision and its token."""
    seat = Client(url).game(game["id"]).prompts[0].seat
    return seat, game["seats"][seat]["token"]


def status(capsys: pytest.CaptureFixture[str], url: str, game: dict[str, Any], *extra: str) -> str:
    token = due(url, game)[1]
    code, out, err = run(capsys, *extra, "status", game["id"], "--url", url, "--token", token)
    assert code == 0, err
    return out


def test_lang_before_the_command_gives_hungarian_lines(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    out = status(capsys, server_url, game, "--lang", "hu")
    assert "állapot folyamatban · verzió" in out and "your hand" not in out
    assert re.search(r"^forduló: 1/\d+ · hátralévő célkártyák: \d+", out, re.MULTILINE), out
    assert re.search(r"^osz\s+cél\s+kártyák \(felül → alul\)\s+állapot", out, re.MULTILINE), out
    assert re.search(r"^Ann \(0\. hely\)\s+piros\s+3\s+22", out, re.MULTILINE), out
    assert "a kezed: " in out and "te következel: lásd `castillo moves" in out
    seat, token = due(server_url, game)
    code, out, _err = run(capsys, "--lang", "hu", "moves", game["id"], "--url", server_url, "--token", token)
    assert code == 0 and out.startswith(f"a(z) {seat}. hely döntése: play\n")
    assert re.search(r"^#\s+lépés\s+JSON$", out, re.MULTILINE), out


def test_the_locale_gives_polish(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    out = status(capsys, server_url, game)
    assert "stan w toku · wersja" in out and "twoja ręka: " in out
    assert re.search(r"^Ann \(miejsce 0\)\s+czerwony\s+3\s+22", out, re.MULTILINE), out
    monkeypatch.setenv("LC_ALL", "C")  # LC_ALL decides before LANG: the C locale speaks English
    assert "status running · version" in status(capsys, server_url, game)


def test_castillo_lang_gives_finnish_and_beats_the_locale(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("CASTILLO_LANG", "fi")
    out = status(capsys, server_url, game)
    assert "tila käynnissä · versio" in out and "kätesi: " in out and "Status" not in out
    assert re.search(r"^Ann \(paikka 0\)\s+punainen", out, re.MULTILINE), out
    out = status(capsys, server_url, game, "--lang", "de")  # the option beats CASTILLO_LANG
    assert "Status läuft · Version" in out and "deine Hand: " in out


def test_an_unknown_language_speaks_english(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    token = game["seats"][0]["token"]
    code, out, err = run(capsys, "--lang", "xx", "status", game["id"], "--url", server_url, "--token", token)
    assert code == 0 and "status running · version" in out
    assert err.startswith("castillo: no catalog for language 'xx': speaking English (languages: en, ")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, err = run(capsys, "status", game["id"], "--url", server_url, "--token", token)
    assert code == 0 and "status running · version" in out and not err


def test_every_request_asks_for_the_language(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    asked: list[str | None] = []
    send = requests.Session.request

    def spy(self: requests.Session, method: str, url: str, **kw: Any) -> requests.Response:
        asked.append((kw.get("headers") or {}).get("Accept-Language"))
        return send(self, method, url, **kw)

    command = ["status", game["id"], "--url", server_url, "--token", game["seats"][0]["token"]]
    monkeypatch.setattr(requests.Session, "request", spy)
    assert run(capsys, "--lang", "pl", *command)[0] == 0
    assert len(asked) >= 2 and set(asked) == {"pl"}
    asked.clear()
    assert run(capsys, *command)[0] == 0
    assert set(asked) == {"en"} and current() == "en"  # the run's language does not outlive it


def test_errors_and_help_follow_the_language(
    server_url: str, game: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "--lang", "de", "play", game["id"], "--url", server_url, "--token", "x")
    assert code == 1 and err == "castillo: gib einen Zug an: Notationstext, JSON oder --pick N\n"
    code, _, err = run(capsys, "--lang", "hu", "status", game["id"], "--url", "http://127.0.0.1:9")
    assert code == 1 and "nem érhető el: http://127.0.0.1:9" in err
    with pytest.raises(SystemExit):
        client_main(["status", "--help", "--lang", "fi"])
    assert "näytä peli: lauta, pisteet" in capsys.readouterr().out


def test_polish_plural_forms_of_a_verified_record(
    server_url: str, game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    code, _, err = run(capsys, "--lang", "pl", "record", game["id"], "--url", server_url, "-o", str(record))
    lines = len(record.read_text().splitlines())
    assert (
        code == 0 and err == f"zapisano {record} ({lines} {_polish(lines, 'wiersz', 'wiersze', 'wierszy')})\n"
    )
    code, out, _ = run(capsys, "--lang", "pl", "verify", str(record))
    assert code == 0 and out.startswith(
        f"zweryfikowano: kabale, {lines} {_polish(lines, 'wpis', 'wpisy', 'wpisów')}: "
    )
    forms = (
        (1, "wpis"),
        (2, "wpisy"),
        (4, "wpisy"),
        (5, "wpisów"),
        (12, "wpisów"),
        (22, "wpisy"),
        (25, "wpisów"),
    )
    with speaking("pl"):
        for n, word in forms:
            assert _entries("gra", n, "łańcuch skrótów") == f"gra, {n} {word}: łańcuch skrótów"


def _polish(n: int, one: str, few: str, many: str) -> str:
    """Returns the Polish form for n (CLDR: one; few for 2-4 except 12-14; else many)."""
    if n == 1:
        return one
    return few if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else many


def test_the_language_is_picked_from_flag_environment_and_locale() -> None:
    assert tag("hu_HU.UTF-8") == "hu-hu" and tag("de_DE@euro") == "de-de" and tag("C.UTF-8") == ""
    assert locale_language({"LANG": "fi_FI.UTF-8", "LC_MESSAGES": "pl_PL"}) == "pl-pl"
    assert locale_language({"LANG": "fi_FI.UTF-8", "LC_ALL": "POSIX"}) == ""
    assert choose(None, {"LANG": "hu_HU.UTF-8"}) == "hu"
    assert choose(None, {"LANG": "hu_HU.UTF-8", "CASTILLO_LANG": "de"}) == "de"
    assert choose("pl_PL", {"CASTILLO_LANG": "de"}) == "pl"
    assert choose("xx", {"LANG": "hu_HU.UTF-8"}) == "en" and choose(None, {}) == "en"


def test_deadlines_are_written_per_language_and_time_zone() -> None:
    moment = datetime(2026, 11, 25, 1, 39, tzinfo=UTC).timestamp()
    assert _when(moment, UTC) == "2026-11-25 01:39 UTC"  # English stays as it was
    budapest = get_timezone("Europe/Budapest")
    assert _when(moment, budapest).startswith("2026-11-25 02:39 ")
    with speaking("hu"):
        assert _when(moment, budapest).startswith("2026. 11. 25.") and "2:39" in _when(moment, budapest)
        assert _left(1000 + 2 * 86400 + 5 * 3600, now=1000) == "2 nap 5 óra múlva"
    with speaking("pl"):
        assert _when(moment, UTC).startswith("25.11.2026") and "01:39" in _when(moment, UTC)
    with speaking("de"):
        assert _when(moment, budapest).startswith("25.11.26") and "02:39" in _when(moment, budapest)


def test_the_overview_of_commands_follows_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    assert castillo(["--lang", "hu"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("használat: castillo [--lang LANGUAGE] <command> [options]\n")
    assert "kliensparancsok (lásd `castillo play --help`)" in out and "catalog" in out
    monkeypatch.setenv("CASTILLO_LANG", "pl")
    assert castillo(["nope"]) == 2
    assert capsys.readouterr().err.startswith("castillo: nieznane polecenie 'nope'\n\nużycie: castillo")
    assert castillo(["--lang=xx", "--help"]) == 0 and "usage: castillo" in capsys.readouterr().out
