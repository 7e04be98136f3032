"""Refusals raised by `decide` and `setup`: one small hierarchy, each with a stable code.

The service maps `code` to an HTTP status with one table (design.md, "Errors"); the
message quotes the offending input and the rule, and never a hidden fact of another seat.
"""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """Signals a refused move or setup; `code` is stable, `rule` cites the spec (e.g. "R23")."""

    code = "illegal-move"

    def __init__(self, message: str, *, rule: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.reason = reason or self.code

    def as_dict(self) -> dict[str, Any]:
        """Returns the JSON form used by problem+json and email replies."""
        out: dict[str, Any] = {"code": self.code, "reason": self.reason, "message": self.message}
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
    """Signals a game name that is not registered in `engine.GAMES`."""

    code = "unknown-game"
