"""Typed Python client of the Castillo HTTP API (see `openapi.yaml`).

`Client` has one method per API operation; refusals are raised as the `ProblemError`
subclass of their problem code (`IllegalMove`, `NotYourTurn`, `VersionConflict`, `RulesRetired`, …).
`entry_text(entry, names, game)` turns a served log entry into one readable line.
"""

from clients.python.client import Client
from clients.python.describe import entry_text
from clients.python.errors import (
    ClientError,
    Forbidden,
    GameOver,
    IdempotencyMismatch,
    IllegalMove,
    IllegalOptions,
    MalformedMove,
    NotFound,
    NotYourTurn,
    PreconditionFailed,
    ProblemError,
    RateLimited,
    RulesRetired,
    Unauthorized,
    UnknownGame,
    UnsupportedOption,
    Validation,
    VersionConflict,
)

__all__ = [
    "Client",
    "ClientError",
    "Forbidden",
    "GameOver",
    "IdempotencyMismatch",
    "IllegalMove",
    "IllegalOptions",
    "MalformedMove",
    "NotFound",
    "NotYourTurn",
    "PreconditionFailed",
    "ProblemError",
    "RateLimited",
    "RulesRetired",
    "Unauthorized",
    "UnknownGame",
    "UnsupportedOption",
    "Validation",
    "VersionConflict",
    "entry_text",
]
