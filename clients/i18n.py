"""Registers the CLI's catalog with `engine.i18n` and picks the language of one CLI run.

The language is the `--lang` option, else `CASTILLO_LANG`, else the POSIX locale of the
environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`: `hu_HU.UTF-8` speaks Hungarian),
negotiated against the languages there are catalogs for; anything else speaks English.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engine.i18n import SOURCE, add_folder, languages, negotiate

add_folder(Path(__file__).parent / "locale" / "cli")

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def tag(value: str) -> str:
    """Returns a POSIX locale name or a language tag as a language tag: `pl_PL.UTF-8@euro` -> `pl-pl`."""
    name = value.split(".")[0].split("@")[0].strip()
    return "" if name.upper() in ("C", "POSIX") else name.replace("_", "-").lower()


def locale_language(environ: Mapping[str, str]) -> str:
    """Returns the language tag of the environment's locale: the first of LC_ALL, LC_MESSAGES
    and LANG that is set decides (POSIX), "" for none or the C locale."""
    for name in LOCALE_VARIABLES:
        if environ.get(name):
            return tag(environ[name])
    return ""


def choose(flag: str | None, environ: Mapping[str, str]) -> str:
    """Returns the language of a CLI run: `flag`, else CASTILLO_LANG, else the locale (English
    when none of them names a language there is a catalog for)."""
    for wanted in (flag, environ.get("CASTILLO_LANG")):
        if wanted:
            return negotiate(tag(wanted))
    return negotiate(locale_language(environ)) if locale_language(environ) else SOURCE


def known(language: str | None) -> bool:
    """Tells whether `language` (a tag or locale name) matches a language there is a catalog for."""
    base = tag(language or "").split("-")[0]
    return base in languages()
