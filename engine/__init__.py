"""Pure, deterministic rules engines behind one contract (design.md, "The engine contract").

`get_game(name)` returns a game module that provides INFO, setup, evolve, decide, pending,
legal_moves, default_move, view, redact, result, format_move and parse_move. The engine
imports only the standard library.
"""

from __future__ import annotations

import importlib
from typing import cast

from engine.contract import Game
from engine.errors import UnknownGame
from engine.i18n import N_

GAMES: tuple[str, ...] = ("elgrande", "kabale")


def get_game(name: str) -> Game:
    """Returns the registered game `name`; raises UnknownGame otherwise."""
    if name not in GAMES:
        raise UnknownGame(
            N_("unknown game {name}; known games: {known}"), name=repr(name), known=", ".join(GAMES)
        )
    return cast(Game, importlib.import_module(f"engine.{name}"))
