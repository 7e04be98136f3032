"""Serves the browser client's words: the compiled `web` and `terms` catalogs of a language as JSON.

`GET /locales` lists the languages; `GET /locales/{lang}.json` exports one of them for the page's
`i18n.js`: a singular message as `"msgid": "msgstr"`, a message with a context under
`"context\\u0004msgid"`, a plural message (keyed by its singular) as an object of CLDR plural
categories (`{"one": …, "few": …, "many": …, "other": …}`), so the page picks a form with
`Intl.PluralRules(lang).select(n)` and never evaluates the catalog's gettext formula. Which
gettext form each category takes is computed here from Babel's CLDR rules and the catalog's
`Plural-Forms`. Answers carry a strong ETag and may be cached; English (the source language) is
an empty catalog.
"""

from __future__ import annotations

import gettext
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from flask import Response, request

from engine import i18n, terms
from engine.errors import Text
from engine.i18n import N_
from service.api.common import problems
from service.api.inputs import Blueprint
from service.errors import ServiceError
from service.i18n import LOCALE as SERVICE_LOCALE

blp = Blueprint("locales", __name__, url_prefix="/locales", description="The browser client's words")

FOLDERS = (SERVICE_LOCALE / "web", i18n.LOCALE / "terms")
"""The catalogs exported, the first one's entry winning: the page's own words, then the game terms."""
CACHE_CONTROL = "public, max-age=3600"
SAMPLES = range(1000)
"""The counts that decide which gettext form each CLDR category takes."""

LIST_DOC = {
    "200": {
        "description": "the languages the browser client can speak, English (the source) first",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["source", "languages"],
                    "properties": {
                        "source": {"type": "string"},
                        "languages": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["code", "name"],
                                "properties": {
                                    "code": {"type": "string"},
                                    "name": {"type": "string", "description": "in the language itself"},
                                },
                            },
                        },
                    },
                }
            }
        },
    }
}
EXPORT_DOC = {
    "200": {
        "description": "the `web` and `terms` catalogs of one language",
        "headers": {
            "ETag": {"schema": {"type": "string"}},
            "Cache-Control": {"schema": {"type": "string"}},
        },
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["language", "plural_categories", "messages", "words"],
                    "properties": {
                        "language": {"type": "string"},
                        "plural_categories": {"type": "array", "items": {"type": "string"}},
                        "words": {
                            "type": "object",
                            "description": "game words by kind (region, action card, ...) and id; empty for English",
                            "additionalProperties": {
                                "type": "object",
                                "additionalProperties": {"type": "string"},
                            },
                        },
                        "messages": {
                            "type": "object",
                            "description": "msgid (or context U+0004 msgid) -> text, or CLDR category -> text",
                            "additionalProperties": {
                                "oneOf": [
                                    {"type": "string"},
                                    {"type": "object", "additionalProperties": {"type": "string"}},
                                ]
                            },
                        },
                    },
                }
            }
        },
    },
    "304": {"description": "the copy named by If-None-Match is current"},
}


def language_name(code: str) -> str:
    """Returns a language's name in itself ("magyar", "polski"), or the code when Babel has none."""
    try:
        return str(Locale.parse(code).get_display_name(code) or code)
    except (ValueError, LookupError):
        return code


def categories(code: str) -> list[str]:
    """Returns the CLDR plural categories of a language, "other" last."""
    try:
        rule = Locale.parse(code).plural_form
    except (ValueError, LookupError):
        return ["one", "other"]
    return sorted(rule.tags - {"other"}) + ["other"]


def category_forms(code: str, plural: Any, nplurals: int) -> dict[str, int]:
    """Returns which gettext form (index) each CLDR category of `code` takes, by sampling counts.

    A category no whole count reaches (Polish "other": fractions) takes the last form.
    """
    try:
        rule = Locale.parse(code).plural_form
    except (ValueError, LookupError):
        return {"one": 0, "other": min(1, nplurals - 1)}
    out: dict[str, int] = {}
    for n in SAMPLES:
        out.setdefault(rule(n), min(int(plural(n)), nplurals - 1))
    for category in categories(code):
        out.setdefault(category, nplurals - 1)
    return out


def _read(folder: Path, code: str) -> gettext.GNUTranslations | None:
    path = folder / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


def messages(code: str) -> dict[str, Any]:
    """Returns the exported messages of one language (empty for English)."""
    out: dict[str, Any] = {}
    for folder in reversed(FOLDERS):  # later folders first, so the first folder's entries win
        found = _read(folder, code)
        if found is None:
            continue
        catalog: dict[Any, str] = found._catalog  # type: ignore[attr-defined]
        nplurals = max([k[1] for k in catalog if isinstance(k, tuple)] or [0]) + 1
        forms = category_forms(code, found.plural, nplurals)  # type: ignore[attr-defined]
        for key, text in catalog.items():
            if key == "" or not text:
                continue
            if isinstance(key, tuple):
                msgid, index = key
                entry = out.get(msgid)
                if not isinstance(entry, dict):
                    entry = out[msgid] = {}
                for category, form in forms.items():
                    if form == index:
                        entry[category] = text
            else:
                out[key] = text
    return out


SHOWN_WORDS = (
    "region",
    "place",
    "piece",
    "tile",
    "slot",
    "action card",
    "kabale card",
    "goal kind",
    "colour",
)
"""The kinds of game words the page names by id (`engine.terms`), as a player sees them."""


def words(code: str) -> dict[str, dict[str, str]]:
    """Returns the game words of one language by kind and id (empty for English: the page has its own)."""
    if code == i18n.SOURCE:
        return {}
    with i18n.speaking(code):
        return {kind: {ident: terms.word(kind, ident) for ident in terms.KINDS[kind]} for kind in SHOWN_WORDS}


@cache
def export(code: str, stamp: tuple[int, ...]) -> tuple[bytes, str]:
    """Returns (JSON body, ETag) of a language's export; `stamp` (the .mo files' mtimes) keys the cache."""
    body = {
        "language": code,
        "plural_categories": categories(code),
        "messages": messages(code),
        "words": words(code),
    }
    data = json.dumps(body, ensure_ascii=False, sort_keys=True).encode()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def _stamp(code: str) -> tuple[int, ...]:
    paths = (folder / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo" for folder in FOLDERS)
    return tuple(p.stat().st_mtime_ns if p.is_file() else 0 for p in paths)


@blp.route("", methods=["GET"])
@blp.doc(responses=LIST_DOC)
def list_languages() -> Response:
    """Returns the languages there are catalogs for, each named in itself."""
    body = {
        "source": i18n.SOURCE,
        "languages": [{"code": code, "name": language_name(code)} for code in i18n.languages()],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/json")
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


@blp.route("/<lang>.json", methods=["GET"])
@blp.doc(responses=EXPORT_DOC)
@problems(blp, "not-found")
def get_locale(lang: str) -> Response:
    """Returns the browser client's words in one language (the `web` and `terms` catalogs)."""
    if lang not in i18n.languages():
        known = ", ".join(i18n.languages())
        raise ServiceError(
            "not-found",
            Text(N_("no catalog for language {lang} (there are: {known})"), lang=repr(lang), known=known),
        )
    data, etag = export(lang, _stamp(lang))
    if etag in {tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")}:
        response = Response(status=304)
    else:
        response = Response(data, mimetype="application/json")
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = CACHE_CONTROL
    response.headers["Content-Language"] = lang
    return response
