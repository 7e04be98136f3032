"""church (O-C1 … O-C10): four black caballeros, the Church marker and the Church card d6_church.

Setup (O-C2) names two Church regions with 2 black caballeros each (`church_regions` in
game_started). Taking d6_church takes the marker (O-C3, O-C4): evolve of its
action_card_taken sets `State.church`. The holder counts the black caballeros as their own
in every ranking (O-C5) and may use the Church extra once per turn (O-C6): the turn_step
move `church_intake`, or a batch one larger than its limit (the caballeros_placed event then
says `extra`); an unused extra becomes a `church_intake` when the turn ends (D3). Black
caballeros never enter the Castillo, France or Moorish Granada (O-C3, O-C7, O-F9).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.hooks import Json, Move, Rules
from engine.elgrande.state import BLACK, change
from engine.errors import IllegalMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

CHURCH_CARD = f"{data.ACTION_CARDS[data.CHURCH_CARD].id}.1"
GRANADA = data.AREA_INDEX["granada"]
INTAKE: Json = {"type": "church_intake"}


def barred(s: State, area: int) -> str | None:
    """Returns why a black caballero may not enter `area` (the rule id), or None when it may."""
    if area == data.CASTILLO:
        return "O-C7"
    if area == data.FRANCE:
        return "O-F9"
    if area == GRANADA and s.moorish:
        return "O-C7"
    return None


class Church(Rules):
    """Adds the black caballeros, the Church marker and its extra, and the Church card (O-C1 … O-C10)."""

    name = "church"

    def setup(self, first: Json) -> Json:
        out = super().setup(first)
        used = 1 + first["seats"]  # O-C2: after the King's region and the homes
        out["church_regions"] = first["region_cards"][used : used + 2]
        return out

    def fixed_cards(self) -> tuple[str, ...]:
        return (*super().fixed_cards(), CHURCH_CARD)  # O-C1: face up every round, never discarded

    def counts(self, s: State, area: int, row: tuple[int, ...]) -> tuple[int, ...]:
        row = super().counts(s, area, row)
        holder = s.church
        if holder < 0 or not s.black or not s.black[area]:  # O-C5: with no holder they count for nobody
            return row
        return row[:holder] + (row[holder] + s.black[area],) + row[holder + 1 :]  # E37

    def total(self, s: State, area: int) -> int:
        return super().total(s, area) + s.pieces(area, BLACK)  # X25, O-C5

    def batch_limit(self, s: State, seat: int, wanted: dict[int, int]) -> int:
        limit = super().batch_limit(s, seat, wanted)
        return limit + 1 if self._extra_open(s, seat) else limit  # O-C6 (b)

    def batch_fields(self, s: State, seat: int, moves: list[Move]) -> Json:
        out = super().batch_fields(s, seat, moves)
        if not self._extra_open(s, seat):
            return out
        assert s.turn is not None
        wanted: dict[int, int] = {}
        for m in moves:  # France's slots count for France (O-F4)
            wanted[data.SPOT_AREA[m[2]]] = wanted.get(data.SPOT_AREA[m[2]], 0) + m[3]
        without = self.batch_limit(change(s, {"turn": replace(s.turn, extra=True)}), seat, wanted)
        if sum(m[3] for m in moves) > without:  # O-C6 (b): the batch uses the extra
            out["extra"] = True
        return out

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        super().check_steps(s, seat, card, steps, move)
        for st in steps:
            if st[0] == "move" and st[1] == BLACK and (rule := barred(s, st[3])):
                where = data.AREAS[st[3]].id
                raise IllegalMove(
                    N_("illegal move {move}: a black caballero never enters {where} ({rule})"),
                    rule=rule,
                    move=repr(move),
                    where=where,
                )

    def disc_regions(self, s: State, kind: str, context: Any, seat: int, regions: list[int]) -> list[int]:
        regions = super().disc_regions(s, kind, context, seat, regions)
        if kind != "eviction_disc":
            return regions
        e = data.AREA_INDEX[context] if isinstance(context, str) else context
        if not s.black_of(seat, e):
            return regions
        return [r for r in regions if barred(s, r) is None]  # O-C7: the black go with the holder

    def turn_moves(self, s: State, seat: int) -> list[Json]:
        return [*super().turn_moves(s, seat), *([dict(INTAKE)] if self._intake_open(s, seat) else [])]

    def turn_move(self, s: State, seat: int, move: Json) -> list[Json]:
        if move.get("type") != INTAKE["type"]:
            return super().turn_move(s, seat, move)
        if not self._intake_open(s, seat):
            why = (
                N_("you do not hold the Church marker")
                if s.church != seat
                else N_("the Church extra was already used this turn")
                if s.turn is not None and s.turn.extra
                else N_("your province is empty")
            )
            raise IllegalMove(
                N_("illegal move {move}: {why} (O-C6)"), rule="O-C6", move=repr(move), why=Text(why)
            )
        return [_intake(seat)]

    def turn_end(self, s: State, seat: int) -> list[Json]:
        auto = [_intake(seat)] if self._intake_open(s, seat) else []  # O-C6, D3
        return [*auto, *super().turn_end(s, seat)]

    def view(self, s: State, out: Json) -> None:
        super().view(s, out)
        black = {data.AREAS[a].id: k for a, k in enumerate(s.black) if k}
        out["church"] = {
            "holder": s.church if s.church >= 0 else None,
            "black": black,
            "extra_used": bool(s.turn and s.turn.extra and s.turn.seat == s.church),
        }
        for area_id, info in out["areas"].items():
            info["black"] = black.get(area_id, 0)

    @staticmethod
    def _extra_open(s: State, seat: int) -> bool:
        """Returns whether `seat` holds the marker and has not used the Church extra this turn (O-C6)."""
        return s.church == seat and s.turn is not None and s.turn.seat == seat and not s.turn.extra

    def _intake_open(self, s: State, seat: int) -> bool:
        return self._extra_open(s, seat) and s.province[seat] > 0  # O-C6 (a): never from the board


def _intake(seat: int) -> Json:
    """Returns the caballeros_moved event of the Church intake: 1 caballero province → court (O-C6 a)."""
    return {
        "type": "caballeros_moved",
        "seat": seat,
        "reason": "church",
        "moves": [[seat, "province", "court", 1]],
    }
