"""Refusals raised by `decide` and `setup`: one small hierarchy, each with a stable code.

The service maps `code` to an HTTP status with one table (design.md, "Errors"); the
message quotes the offending input and the rule, and never a hidden fact of another seat.

A refusal's words are an English template marked with `N_` and its named values
(`Text`), so the same refusal reads in any language: `message` is the English text (stable:
logs and tests compare it), `localized()` the text in the current language (`engine.i18n`).
The values (the quoted move, card and region ids, rule numbers) are never translated.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import _


class Text:
    """English words marked with `N_` and their named values; reads in English or the current language.

    With no values the template is the text itself (braces and all); with values it is a
    `str.format` template, `{name}` per value. A value may be a `Text` itself (a reason inside
    a sentence): it reads in the same language as the sentence around it.
    """

    __slots__ = ("params", "template")

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def english(self) -> str:
        """Returns the text in English, the source language."""
        return self._fill(self.template, english=True)

    def localized(self) -> str:
        """Returns the text in the current language (English where a catalog lacks it)."""
        try:
            return self._fill(_(self.template), english=False)
        except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
            return self.english()

    def _fill(self, template: str, *, english: bool) -> str:
        if not self.params:
            return template
        values = {
            k: (v.english() if english else v.localized()) if isinstance(v, Text) else v
            for k, v in self.params.items()
        }
        return template.format(**values)

    def __str__(self) -> str:
        return self.english()

    def __repr__(self) -> str:
        return f"Text({self.template!r}, **{self.params!r})"


class RuleViolation(Exception):
    """Signals a refused move or setup; `code` is stable, `rule` cites the spec (e.g. "R23").

    `message` is an English template marked with `N_` (or a `Text`); `params` fill it, and
    `rule` fills a `{rule}` placeholder too: `IllegalMove(N_("illegal move {move}: {card} is
    not in your hand (K7)"), move=quote(move), card=card, rule="K7", reason="card-not-in-hand")`.
    """

    code = "illegal-move"

    def __init__(
        self, message: str | Text, *, rule: str | None = None, reason: str | None = None, **params: object
    ) -> None:
        if isinstance(message, str):
            if params and rule is not None and "rule" not in params:
                params["rule"] = rule
            message = Text(message, **params)
        self.text = message
        self.message = message.english()
        super().__init__(self.message)
        self.rule = rule
        self.reason = reason or self.code

    def localized(self) -> str:
        """Returns the message in the current language (engine.i18n's context)."""
        return self.text.localized()

    def as_dict(self, *, localized: bool = False) -> dict[str, Any]:
        """Returns the JSON form used by problem+json and email replies (`localized`: the
        message in the current language, else English)."""
        message = self.localized() if localized else self.message
        out: dict[str, Any] = {"code": self.code, "reason": self.reason, "message": message}
        if self.rule:
            out["rule"] = self.rule
        return out


class MalformedMove(RuleViolation):
    """Signals a move that is not a well-formed move of this game (wrong type, fields, values)."""

    code = "malformed-move"


class IllegalMove(RuleViolation):
    """Signals a well-formed move that the rules forbid in this state."""

    code = "illegal-move"


class NotYourTurn(RuleViolation):
    """Signals a move from a seat that owes no decision now."""

    code = "not-your-turn"


class GameOver(RuleViolation):
    """Signals a move after the game has ended."""

    code = "game-over"


class UnsupportedOption(RuleViolation):
    """Signals an option id the game does not know (or does not implement yet)."""

    code = "unsupported-option"


class IllegalOptions(RuleViolation):
    """Signals an option value or a combination of options that the game forbids."""

    code = "illegal-options"


class UnknownGame(LookupError):
    """Signals a game name that is not registered in `engine.GAMES` (words as `RuleViolation`'s)."""

    code = "unknown-game"

    def __init__(self, message: str | Text, **params: object) -> None:
        self.text = message if isinstance(message, Text) else Text(message, **params)
        self.message = self.text.english()
        super().__init__(self.message)

    def localized(self) -> str:
        """Returns the message in the current language."""
        return self.text.localized()
