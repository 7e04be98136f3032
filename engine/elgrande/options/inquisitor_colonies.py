"""inquisitor_colonies (G1-G86): the Grand Inquisitor & Colonies expansion as one game option.

The expansion is built in layers, each a `Rules` subclass in `engine.elgrande.expansion`, so
that each part of the spec has its own module; this class stacks them (the first is asked
first, and each calls `super()`):

| layer | rules |
|---|---|
| `ship.Ship` | captain and viceroy slots, bonus moves, gold and goods, claims, cash-ins (G26-G39) |
| `board.Board` | regions, setup and the setup disc, caballero states, counting, slot bonuses (G3-G17, G22-G25, G54-G58) |
"""

from __future__ import annotations

from engine.elgrande.expansion.board import Board
from engine.elgrande.expansion.ship import Ship


class InquisitorColonies(Ship, Board):
    """The whole expansion (G1): every layer of `engine.elgrande.expansion`, stacked."""

    name = "inquisitor_colonies"
