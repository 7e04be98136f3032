"""Every word the code marks is translated, in every language, and compiled (issue #16)."""

from __future__ import annotations

import pytest

from engine import i18n
from service import catalogs

LANGUAGES = catalogs.languages()


def test_the_five_languages_are_there() -> None:
    import clients.i18n  # noqa: F401  (registers the CLI's catalog)
    import service.i18n  # noqa: F401

    assert set(i18n.languages()) >= {"en", "hu", "pl", "fi", "de"}
    assert set(LANGUAGES) == set(i18n.languages()) - {"en"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("area", catalogs.AREAS, ids=lambda a: a.name)
def test_a_catalog_translates_every_word_its_code_uses(area: catalogs.Area, language: str) -> None:
    assert catalogs.problems(area, language) == []


def test_a_missing_word_is_found(tmp_path, monkeypatch) -> None:
    source = tmp_path / "words.py"
    source.write_text('from engine.i18n import _\n\nprint(_("a word nobody translated"))\n')
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    area = catalogs.Area("probe", "locale", ("*.py",))
    catalogs.po_path(area, "hu").parent.mkdir(parents=True)
    catalogs.po_path(area, "hu").write_bytes(catalogs.po_bytes(catalogs.read(area, "hu")))
    found = catalogs.problems(area, "hu")
    assert any("'a word nobody translated' is missing" in line for line in found)
    assert any("is not the compilation" in line for line in found)


def test_negotiation_follows_quality_and_falls_back_to_english() -> None:
    offered = ("en", "de", "fi", "hu", "pl")
    assert i18n.negotiate("pl-PL,pl;q=0.9,en;q=0.5", offered) == "pl"
    assert i18n.negotiate("fr, hu;q=0.3, de;q=0.8", offered) == "de"
    assert i18n.negotiate("fr", offered) == "en"
    assert i18n.negotiate("", offered) == "en"
    assert i18n.negotiate("hu;q=0", offered) == "en"
    assert i18n.negotiate("*", offered) == "en"


def test_speaking_an_unknown_language_speaks_english() -> None:
    with i18n.speaking("xx") as used:
        assert used == "en"
        assert i18n.current() == "en"
    with i18n.speaking("hu") as used:
        assert used == "hu" and i18n.current() == "hu"
    assert i18n.current() == "en"
