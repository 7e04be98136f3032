"""granada_moorish (O-G1 … O-G6): Granada starts Moorish until ≥ 12 caballeros conquer it.

While `State.moorish` holds, Granada takes no King, no Grande and no caballero from a court
(O-G2), and nothing scores it (O-G3). At the end of every turn with ≥ 12 caballeros there it
is conquered (`granada_conquered`, folded to `moorish = False`) and scored once at double rank
values (O-G4, E36). Caballeros still enter by moves, Eviction and the Castillo distribution
(O-G2) and leave as usual (O-G6); a scoreboard may lie there (O-G5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.elgrande import data, scoring
from engine.elgrande.hooks import Json, Move, Rules
from engine.errors import IllegalMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

GRANADA = data.AREA_INDEX["granada"]
CONQUEST = 12  # O-G4: caballeros of all colours
CONQUEST_MODE = "conquest"


def _illegal(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


class GranadaMoorish(Rules):
    """Keeps Granada Moorish (O-G1-O-G3, O-G5, O-G6) until a turn ends with 12 there (O-G4)."""

    name = "granada_moorish"

    def region_deck(self) -> tuple[int, ...]:
        return tuple(r for r in super().region_deck() if r != GRANADA)  # O-G1

    def king_may_enter(self, s: State, region: int) -> bool:
        return not (s.moorish and region == GRANADA) and super().king_may_enter(s, region)  # O-G2, R28

    def grande_may_enter(self, s: State, region: int) -> bool:
        return not (s.moorish and region == GRANADA) and super().grande_may_enter(s, region)  # O-G2, R29

    def scorable(self, s: State, region: int) -> bool:
        return not (s.moorish and region == GRANADA) and super().scorable(s, region)  # O-G3

    def check_batch(self, s: State, seat: int, moves: list[Move], move: Json) -> None:
        if s.moorish and any(m[2] == "granada" for m in moves):  # O-G2: the batch comes from the court
            raise _illegal(move, N_("no caballero enters Moorish granada from a court"), "O-G2")
        super().check_batch(s, seat, moves, move)

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        if s.moorish:
            for st in steps:
                if st[0] == "place" and st[2] == GRANADA:  # O-G2: d1_place_two_anywhere's come from the court
                    raise _illegal(move, N_("no caballero enters Moorish granada from a court"), "O-G2")
                if st[0] == "score" and st[1] == GRANADA:  # O-G3: not a legal d2/d3_score_any_region choice
                    raise _illegal(move, N_("Moorish granada is never scored"), "O-G3")
        super().check_steps(s, seat, card, steps, move)

    def between_turns(self, s: State) -> list[Json]:
        events = super().between_turns(s)
        if events:
            return events
        # O-G4: only right after a turn ended (turn_index > 0), never after a general scoring.
        here = s.total(GRANADA)
        if s.moorish and s.turn_index > 0 and here >= CONQUEST:
            return [{"type": "granada_conquered", "caballeros": here}, conquest_scored(s)]
        return []

    def bonus(self, s: State, area: int, points: list[int], mode: str) -> None:
        if mode == CONQUEST_MODE and area == GRANADA:
            points[:] = [2 * p for p in points]  # O-G4, E36: every point from rank values doubled
        super().bonus(s, area, points, mode)

    def view(self, s: State, out: Json) -> None:
        super().view(s, out)
        out["moorish"] = s.moorish
        if "granada" in out["areas"]:
            out["areas"]["granada"]["moorish"] = s.moorish


def conquest_scored(s: State) -> Json:
    """Returns the area_scored event of the conquest scoring (O-G4), as scores.score_event builds it.

    Its current values (a scoreboard's, O-G5) are paid by §3; no King or Grande can stand in
    Moorish Granada, so no bonus arises; `bonus` doubles the rank points (E36).
    """
    points = list(
        scoring.score_area(
            s.counts(GRANADA),
            s.values(GRANADA),
            king_here=s.king == GRANADA,
            grande_owners=[p for p, g in enumerate(s.grandes) if g == GRANADA],
        )
    )
    s.rules.bonus(s, GRANADA, points, CONQUEST_MODE)
    return {"type": "area_scored", "area": "granada", "mode": CONQUEST_MODE, "points": points}
