"""Speaks the player's language: gettext catalogs, one current language per context.

Every layer marks its words with these functions and reads them in the language of the
context it runs in (a request, an email to one seat, a CLI run), set with `speaking`:

    with speaking("hu"):
        text = _("game over")            # "vége a játéknak"
        n_("{n} caballero", "{n} caballeros", 3).format(n=3)
        p_("region", "Old Castile")      # a game term: the context names its kind

`N_` only marks a message for extraction (a table's entry, read later with `_`). Catalogs are
stdlib gettext `.mo` files compiled from the `.po` files beside them (`service.catalogs`
extracts, updates, compiles and checks them); this module needs nothing but the standard
library, so the engine, the service, the workers and the CLI share it. A catalog folder holds
`<language>/LC_MESSAGES/castillo.mo`; the engine's folders are known here, the service's and
the CLI's register themselves (`add_folder`). The languages are the folders present: adding
one needs no code (README, "Adding a language"). English is the source language.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "castillo"
SOURCE = "en"
LOCALE = Path(__file__).parent / "locale"
_folders: list[Path] = [LOCALE / "terms", LOCALE / "reasons"]
_current: ContextVar[str] = ContextVar("castillo_language", default=SOURCE)


def add_folder(folder: Path) -> None:
    """Adds a catalog folder (read after the ones added before it)."""
    if folder not in _folders:
        _folders.append(folder)
        translation.cache_clear()
        languages.cache_clear()


@cache
def languages() -> tuple[str, ...]:
    """Returns the languages there are catalogs for, English (the source) first."""
    found = {
        entry.name
        for folder in _folders
        if folder.is_dir()
        for entry in folder.iterdir()
        if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    }
    return (SOURCE, *sorted(found - {SOURCE}))


@cache
def translation(language: str) -> gettext.NullTranslations:
    """Returns every folder's catalog of `language` as one (the first folder's entry wins)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language == SOURCE:
        return chain
    found = [
        gettext.translation(DOMAIN, str(folder), languages=[language], fallback=True) for folder in _folders
    ]
    real = [t for t in found if isinstance(t, gettext.GNUTranslations)]
    if not real:
        return chain
    first = real[0]
    for other in real[1:]:
        first.add_fallback(other)
    return first


def current() -> str:
    """Returns the language of this context."""
    return _current.get()


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Runs the block in `language` (a known one, else English); yields the language used."""
    chosen = language if language in languages() else SOURCE
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def use(language: str | None) -> str:
    """Sets this context's language for good (a CLI run, a worker's job); returns the one used."""
    chosen = language if language in languages() else SOURCE
    _current.set(chosen)
    return chosen


def _(message: str) -> str:
    """Returns `message` in the current language."""
    return translation(_current.get()).gettext(message)


def n_(singular: str, plural: str, n: int) -> str:
    """Returns the form of `singular`/`plural` for `n` in the current language (its plural rule)."""
    return translation(_current.get()).ngettext(singular, plural, n)


def p_(context: str, message: str) -> str:
    """Returns `message` of kind `context` in the current language (game terms: "region", "card")."""
    return translation(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for extraction and returns it unchanged (translate it later with `_`)."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks `message` of kind `context` for extraction and returns it unchanged (read it with `p_`)."""
    return message


def negotiate(header: str | None, offered: tuple[str, ...] | None = None) -> str:
    """Returns the best of `offered` (default: every language) for an Accept-Language header.

    Ranges are taken by quality, then order; `hu-HU` matches `hu`, `*` the first offered;
    nothing acceptable gives English.
    """
    offered = offered or languages()
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().lower()))
    for _q, _i, tag in sorted(ranked):
        if tag == "*":
            return offered[0]
        base = tag.split("-")[0]
        if base in offered:
            return base
    return SOURCE
