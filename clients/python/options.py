"""Reads game options as a person writes them and checks them against the catalog.

`parse_option("france")` is `("france", True)`; `parse_option("veto=false")` is
`("veto", False)`; any other value is read as JSON, else kept as a string
(`first_seat=1`, `colours=["red","blue"]`). `check_options(info, options)` refuses, before
anything is sent, an option the game does not offer (naming the closest ones), a value of the
wrong type and a pair the catalog says cannot be combined. The server checks the same again
(422 `unsupported-option` / `illegal-options`); this only answers a typo sooner and says
where to look.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import Any

from clients.python.errors import ClientError
from clients.python.types import GameInfo, Json
from engine.i18n import _

BOOLEANS = dict.fromkeys(("true", "on", "yes"), True) | dict.fromkeys(("false", "off", "no"), False)
TYPES: dict[str, tuple[type, ...]] = {"bool": (bool,), "integer": (int,), "array": (list,), "string": (str,)}


class OptionError(ClientError, ValueError):
    """Signals an option the game does not offer, a value of the wrong type, or a forbidden pair."""


def parse_option(text: str) -> tuple[str, Any]:
    """Returns (id, value) of `ID` (true) or `ID=VALUE` (a boolean word, JSON, else the text)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not key:
        raise OptionError(_("an option is NAME or NAME=VALUE, not {text}").format(text=repr(text)))
    if not sep:
        return key, True
    if raw.strip().lower() in BOOLEANS:
        return key, BOOLEANS[raw.strip().lower()]
    try:
        return key, json.loads(raw)
    except ValueError:
        return key, raw


def check_options(info: GameInfo, options: Json) -> Json:
    """Returns `options` when `info` (a catalog game) allows them; raises OptionError naming the fault."""
    for key, value in options.items():
        spec = info.options.get(key)
        if spec is None:
            raise OptionError(_unknown(info, key))
        wanted = TYPES.get(spec.type)
        if wanted and (not isinstance(value, wanted) or (spec.type == "integer" and isinstance(value, bool))):
            text = _("option {key} of {game} takes {kind}, not {value}")
            raise OptionError(
                text.format(key=repr(key), game=info.name, kind=_kind(spec.type), value=repr(value))
            )
    for key, spec in info.options.items():
        clash = [other for other in spec.excludes if _on(options, key) and _on(options, other)]
        if clash:
            text = _("options {key} and {other} of {game} cannot be combined; {key} combines with: {others}")
            others = ", ".join(spec.combines_with) or _("no other option")
            raise OptionError(text.format(key=repr(key), other=repr(clash[0]), game=info.name, others=others))
    return options


def options_from_text(info: GameInfo, texts: Iterable[str]) -> Json:
    """Returns the checked options of command-line words (`france`, `veto=false`, …)."""
    return check_options(info, dict(parse_option(t) for t in texts))


def _on(options: Json, key: str) -> bool:
    return options.get(key) not in (None, False)


def _kind(kind: str) -> str:
    return {"bool": _("true or false"), "integer": _("a whole number"), "array": _("a JSON list")}.get(
        kind, kind
    )


def _unknown(info: GameInfo, key: str) -> str:
    close = difflib.get_close_matches(key, list(info.options), n=2)
    hint = _(" (did you mean {options}?)").format(options=_(" or ").join(map(repr, close))) if close else ""
    known = ", ".join(info.options) or _("none")
    text = _("{game} has no option {key}{hint}; its options: {known} (see `castillo catalog {game}`)")
    return text.format(game=info.name, key=repr(key), hint=hint, known=known)
