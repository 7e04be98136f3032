"""inquisitor_colonies (G1-G86): the Grand Inquisitor & Colonies expansion as one game option.

The expansion is built in layers, each a `Rules` subclass in `engine.elgrande.expansion`, so
that each part of the spec has its own module; this class stacks them (the first is asked
first, and each calls `super()`):

| layer | rules |
|---|---|
| `stack7.Stack7` | stack 7: its effects, held cards, copies, delayed markers, conspired Grandes (G18-G20, G63, G65, G67-G74, G76-G78) |
| `inquisitor.Inquisitor` | the Grand Inquisitor, his extra and black caballeros; relocations (G22, G25, G40-G44, G50-G53, G64, G75) |
| `returns.Returns` | returns chosen by their owner name caballero states, black ones included (G42, G42a, G81, G82) |
| `ship.Ship` | captain and viceroy slots, bonus moves, gold and goods, claims, cash-ins (G26-G39) |
| `limit.Limit` | the limit board: simultaneous arrivals, refills, `limit_fill`, d7_move_limit_board (G45-G49, G66) |
| `board.Board` | regions, setup and the setup disc, caballero states, counting, slot bonuses (G3-G17, G22-G25, G54-G58) |
"""

from __future__ import annotations

from engine.elgrande.expansion.board import Board
from engine.elgrande.expansion.inquisitor import Inquisitor
from engine.elgrande.expansion.limit import Limit
from engine.elgrande.expansion.returns import Returns
from engine.elgrande.expansion.ship import Ship
from engine.elgrande.expansion.stack7 import Stack7


class InquisitorColonies(Stack7, Inquisitor, Returns, Ship, Limit, Board):
    """The whole expansion (G1): every layer of `engine.elgrande.expansion`, stacked."""

    name = "inquisitor_colonies"
