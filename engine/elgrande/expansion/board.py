"""The expansion's board (G3-G17, G22-G25, G54-G58): regions, setup, caballero states, counting.

`Board` is the first layer of `InquisitorColonies` (`engine.elgrande.options.inquisitor_colonies`):
the four new regions and their edges, setup with the Inquisitor and limit-board regions and the
setup disc, the caballero states of G4a folded from events (`State.cabs`, `pieces`), counting by
G56 and the slot bonuses of G57. The ship, the limit board's arrivals, the Grand Inquisitor and
stack 7 are the layers above it (`engine.elgrande.expansion`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import rng
from engine.elgrande import data
from engine.elgrande.expansion import pieces
from engine.elgrande.expansion.pieces import BLACK, Cab
from engine.elgrande.hooks import Json, Move, Rules
from engine.elgrande.state import NOWHERE

if TYPE_CHECKING:
    from engine.elgrande.state import State

NEIGHBOURS = data.neighbours(data.EDGES + data.FRANCE_EDGES)  # G5
INQUISITOR_CARD = f"{data.ACTION_CARDS[data.INQUISITOR_CARD].id}.1"
UNCOUNTED = frozenset({"beside", "captain", "viceroy"})  # G56
DISCS = frozenset(
    {
        "setup_disc",
        "castillo_disc",
        "eviction_disc",
        "return_two_disc",
        "return_all_disc",
        "secret_scoring_disc",
    }
)
OFF_BOARD = frozenset({"court", "province", "out"})  # "out": black caballeros out of the game (G42)


class Board(Rules):
    """The expansion's regions, setup, caballero states and counting (G3-G17, G54-G58)."""

    # Setup (G14-G17).

    def stacks(self) -> tuple[int, ...]:
        return (*super().stacks(), 7)  # G14 step 4

    def start_pieces(self) -> tuple[int, int, int]:
        home, court = data.EXPANSION_START_HOME, data.EXPANSION_START_COURT
        return (
            home,
            court,
            data.EXPANSION_CABALLEROS - home - court,
        )  # G9, G14: the disc's 2 wait in the province

    def fixed_cards(self) -> tuple[str, ...]:
        return (*super().fixed_cards(), INQUISITOR_CARD)  # G11

    def setup(self, first: Json) -> Json:
        out = super().setup(first)
        cards = first["region_cards"]
        used = 1 + first["seats"]  # G14 steps 2-3: after the King's region and the homes
        out["inquisitor_regions"] = cards[used : used + 2]
        out["limit_region"] = cards[used + 2] if len(cards) > used + 2 else None  # ruling B24
        stack7 = rng.Draws(first["seed"], "setup:stack7").shuffle(data.deck(7))  # G15
        first["stacks"]["7"] = stack7
        first["stack_sizes"] = [*first["stack_sizes"], len(stack7)]
        return out

    def prelude(self, s: State) -> list[Json]:
        if s.setup_open and s.group is None:  # G16: after the offer is up (G14 step 4), before the bids
            return [{"type": "decision_opened", "kind": "setup_disc", "members": list(range(s.seats))}]
        return super().prelude(s)

    def choices(self, s: State, kind: str, context: Any, seat: int) -> list[Any] | None:
        if kind != "setup_disc":
            return super().choices(s, kind, context, seat)
        regions = self.disc_regions(s, kind, context, seat, list(s.open_regions()))
        return [data.AREAS[r].id for r in regions]  # G16, G23, ruling B23

    def resolve(self, s: State, kind: str, context: Any, choices: list[list[Any]]) -> list[Json] | None:
        if kind != "setup_disc":
            return super().resolve(s, kind, context, choices)
        moves = [[p, "province", region, data.EXPANSION_START_DISC] for p, region in sorted(choices)]
        return [
            {
                "type": "caballeros_moved",
                "seat": None,
                "reason": "setup",
                "moves": self.settle(s, None, moves, "setup"),
            }
        ]

    # Geometry (G3-G6).

    def regions(self) -> tuple[int, ...]:
        return data.EXPANSION_REGIONS

    def neighbours(self, area: int) -> tuple[int, ...]:
        return NEIGHBOURS[area]

    def near_regions(self, area: int) -> tuple[int, ...]:
        near = super().near_regions(area)  # G85: the edges of G5, and the ship's routes
        if area == data.CARAVEL:
            return tuple(sorted({*near, *data.COASTAL, *data.COLONIES}))
        if area in data.COASTAL or area in data.COLONIES:
            return tuple(sorted({*near, data.CARAVEL}))
        return near

    def king_may_enter(self, s: State, region: int) -> bool:
        return region not in data.OVERSEAS and super().king_may_enter(s, region)  # G6

    def disc_regions(self, s: State, kind: str, context: Any, seat: int, regions: list[int]) -> list[int]:
        regions = super().disc_regions(s, kind, context, seat, regions)
        if kind in DISCS:  # G23: discs show the nine base regions only
            regions = [r for r in regions if r in data.BASE_REGIONS]
        if kind == "setup_disc" and s.moorish:  # G16, G85
            regions = [r for r in regions if r != data.AREA_INDEX["granada"]]
        return regions

    # Counting and scoring (G54-G58).

    def counts(self, s: State, area: int, row: tuple[int, ...]) -> tuple[int, ...]:
        out = list(super().counts(s, area, row))
        for cab, k in s.cabs:
            if cab[0] == area and cab[1] != BLACK and cab[2] in UNCOUNTED:  # G56
                out[cab[1]] -= k
        if s.church >= 0 and s.black and s.black[area]:  # G41: the holder's
            out[s.church] += s.black[area] - sum(
                k for cab, k in s.cabs if cab[0] == area and cab[1] == BLACK and cab[2] in UNCOUNTED
            )
        return tuple(out)

    def total(self, s: State, area: int) -> int:
        return super().total(s, area) + (s.black[area] if s.black else 0)  # G61: physical totals

    def bonus(self, s: State, area: int, points: list[int], mode: str) -> None:
        super().bonus(s, area, points, mode)
        for cab, k in s.cabs:  # G57, rulings A16, B12: every scoring, any rank or mode
            if cab[0] != area or cab[2] not in data.EXPANSION_SLOT_BONUS:
                continue
            owner = s.church if cab[1] == BLACK else cab[1]
            if owner >= 0:
                points[owner] += data.EXPANSION_SLOT_BONUS[cab[2]] * k

    # Caballero states (G4a).

    def spot(self, s: State, name: str) -> tuple[int, str] | None:
        spec = pieces.parse(name)
        if spec is None or (spec.area != data.CASTILLO and spec.area not in self.regions()):
            return None
        return spec.area, name

    def settle(self, s: State, seat: int | None, moves: list[Move], reason: str) -> list[Move]:
        """Names every source state in full (G4a order for open fields) and every arrival's position (G46)."""
        chooser = seat if seat is not None else 0
        on = self.on_board(s)
        taken: dict[Cab, int] = {}
        out: list[Move] = []
        for owner, frm, to, k in moves:
            sources: list[tuple[str, int]] = [(frm, k)]
            spec = pieces.parse(frm) if frm not in OFF_BOARD else None
            if spec is not None:
                allow = self._allow(s, reason)  # G51, G42: what this kind of move may take
                picked = pieces.take(s, owner, spec, k, chooser, taken, allow)
                sources = [(pieces.name(cab), n) for cab, n in picked]
                on -= sum(n for cab, n in picked if cab[0] == s.limit and cab[2] == "")
            for src, n in sources:
                arrived = self._arrive(s, owner, src, to, n, on)
                on += sum(m[3] for m in arrived if _lands_on(s, m[2]))
                out += arrived
        return out

    def _allow(self, s: State, reason: str) -> Any:
        return lambda cab: self.may_leave(s, cab, reason)

    def _arrive(self, s: State, owner: Any, src: str, to: str, n: int, on: int) -> list[Move]:
        """Returns the moves of n caballeros arriving at `to`: on the limit board while it has space (G46)."""
        spec = pieces.parse(to) if to not in OFF_BOARD else None
        if spec is None or spec.position is not None or spec.area != s.limit:
            return [[owner, src, to if spec is None else pieces.spot_name(spec.area, spec.position or ""), n]]
        free = max(0, data.LIMIT_SPACES[s.seats] - on)
        out = [[owner, src, data.AREAS[spec.area].id, min(free, n)]] if free else []
        if n > free:
            out.append([owner, src, pieces.spot_name(spec.area, "beside"), n - free])
        return [m for m in out if m[3]]

    def on_board(self, s: State) -> int:
        """Returns the caballeros on the limit board: ordinary ones in its region (G45)."""
        if s.limit == NOWHERE:
            return 0
        owners: list[Any] = [*range(s.seats), BLACK]
        return sum(n for o in owners for c, n in pieces.states(s, s.limit, o) if c[2] == "")

    def fold(self, s: State, e: Json, kw: Json) -> None:
        super().fold(s, e, kw)
        match e["type"]:
            case "game_started":
                _started(e, kw)
            case "caballeros_moved" | "caballeros_placed" | "court_supplemented":
                kw["cabs"] = _moved(s, e)
                if e.get("reason") == "setup":
                    kw["setup_open"] = False
            case "turn_started":
                kw["cabs"] = _bonus(s, e["seat"])
                turn = kw["turn"]
                g = s.grandes[e["seat"]]
                kw["turn"] = replace(turn, grande_bonus=g in data.OVERSEAS)  # G29
            case "turn_ended":
                kw["cabs"] = pieces.frozen(_cleared(s, bonus=True))  # G29: for this turn only
            case "round_started":
                kw["cabs"] = pieces.frozen(_cleared(s, mark=True))  # G51
                kw["turned"] = ()
            case "round_ended":
                if e.get("scoring"):
                    kw["cabs"] = pieces.frozen(_cleared(s, mark=True))  # G51, G77 step 1
            case "action_card_taken":
                if data.card_of(e["card"]).idx == data.INQUISITOR_CARD:  # G64: the figure passes at once
                    kw["church"] = e["seat"]

    # Showing it (G80: all public).

    def view(self, s: State, out: Json) -> None:
        super().view(s, out)
        for a in (data.CASTILLO, *s.regions):
            info = out["areas"][data.AREAS[a].id]
            info["black"] = s.black[a] if s.black else 0
            info["pieces"] = [
                {
                    "owner": c[1],
                    "position": c[2] or ("on" if a == s.limit else "ordinary"),
                    "tile": c[3] or None,
                    "claimant": c[4] if c[3] else None,
                    "marked": c[5],
                    "bonus": c[6],
                    "count": k,
                    "state": pieces.name(c),
                }
                for c, k in pieces.in_area(s, a)
            ]
        out["areas"]["america"]["gold"] = s.tiles[2]
        out["areas"]["mediterranean"]["goods"] = s.tiles[3]
        out["inquisitor"] = {
            "holder": s.church if s.church >= 0 else None,
            "black": {data.AREAS[a].id: k for a, k in enumerate(s.black) if k},
            "out_of_game": data.BLACK_CABALLEROS - sum(s.black),
            "extra_used": bool(s.turn and s.turn.extra and s.turn.seat == s.church),
        }
        out["limit_board"] = {
            "area": data.AREAS[s.limit].id if s.limit != NOWHERE else None,
            "spaces": data.LIMIT_SPACES[s.seats],
            "on": self.on_board(s),
        }
        out["tiles"] = {
            "supply": {"gold": s.tiles[0], "goods": s.tiles[1]},
            "loose": {"gold": s.tiles[2], "goods": s.tiles[3]},
            "owed": {"gold": s.owed[0], "goods": s.owed[1]},
        }
        out["held_cards"] = [{"seat": p, "card": c} for p, c in s.keeps]
        out["delayed"] = [
            {"seat": p, "card": c, "area": data.AREAS[a].id, "round": s.rounds[r]} for p, c, a, r in s.delayed
        ]
        out["turned"] = list(s.turned)
        if s.turn is not None:
            out["turn"]["grande_bonus"] = s.turn.grande_bonus
            out["turn"]["extra"] = s.turn.extra


def _lands_on(s: State, to: str) -> bool:
    spec = pieces.parse(to) if to not in OFF_BOARD else None
    return spec is not None and spec.area == s.limit and spec.position in (None, "")


def _started(e: Json, kw: Json) -> None:
    black = [0] * data.N_AREAS
    for r in e["inquisitor_regions"]:
        black[data.AREA_INDEX[r]] += data.INQUISITOR_START  # G14 step 2
    kw["black"] = tuple(black)
    kw["limit"] = data.AREA_INDEX[e["limit_region"]] if e.get("limit_region") else NOWHERE
    gold, goods = data.SETUP_TILES["gold"], data.SETUP_TILES["goods"]
    kw["tiles"] = (
        data.TILE_SUPPLY["gold"] - gold,
        data.TILE_SUPPLY["goods"] - goods,
        gold,
        goods,
    )  # G14 step 6
    kw["setup_open"] = True


def _moved(s: State, e: Json) -> tuple[tuple[Cab, int], ...]:
    """Returns `State.cabs` after a move event: each source state leaves, arrives where `to` says."""
    cabs = dict(s.cabs)
    relocation = e.get("reason") == "move"  # G50: every special-action move is a relocation
    for owner, frm, to, k in e["moves"]:
        src = pieces.state_of(frm, owner) if frm not in OFF_BOARD else None
        if src is not None:
            pieces.add(cabs, src, -k)
        if to in OFF_BOARD:
            continue
        spec = pieces.parse(to)
        assert spec is not None, to
        base = src if src is not None else pieces.plain(spec.area, owner)
        pieces.add(cabs, pieces.moved(base, spec.area, spec.position or "", relocation=relocation), k)
    return pieces.frozen(cabs)


def _bonus(s: State, seat: int) -> tuple[tuple[Cab, int], ...]:
    """Returns `State.cabs` with a bonus move for each of `seat`'s pieces overseas (G29; black: ruling B3)."""
    cabs = dict(s.cabs)
    owners: list[Any] = [seat, *([BLACK] if s.church == seat else [])]
    for area in data.OVERSEAS:
        for owner in owners:
            for cab, k in pieces.states(s, area, owner):
                if cab[2] != "viceroy" and not cab[6]:  # G27: never the viceroy
                    pieces.add(cabs, cab, -k)
                    pieces.add(cabs, cab[:6] + (True,), k)
    return pieces.frozen(cabs)


def _cleared(s: State, *, bonus: bool = False, mark: bool = False) -> dict[Cab, int]:
    """Returns the states with every bonus move (end of turn) or relocation mark (G51) cleared."""
    out: dict[Cab, int] = {}
    for cab, k in s.cabs:
        new = (*cab[:5], cab[5] and not mark, cab[6] and not bonus)
        pieces.add(out, new, k)
    return out
