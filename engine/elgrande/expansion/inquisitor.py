"""The Grand Inquisitor and relocations (G22, G24, G25, G40-G44, G50-G53, G64, G75, G77).

`Inquisitor` is a layer of `InquisitorColonies`. The figure's holder is `State.church`
(the Board layer makes the taker of d6_grand_inquisitor the holder, G64). This layer adds:

- the Inquisitor extra (G43): the turn_step move `inquisitor_extra` with `to` = "court"
  (1 caballero province → court) or a court-placement target (1 caballero court → there);
  its event is a caballeros_moved with reason "inquisitor". Left unused with a non-empty
  province, the province → court move is applied when the turn ends (also its default, G82);
- court placement into france (a free slot) and onto the caravel (King coastal) (G22, G25);
- relocations (G50-G53): marked caballeros are never taken (G51), a relocation may change a
  caballero's position within its area (G52), tile carriers never enter the Castillo (G53);
- d6_grand_inquisitor's special action (G64): up to 2 black caballeros, each relocated or
  brought back from "out" (event reason "back": not a relocation, G50);
- barrier pieces never go to a court or a province (G42): court supplements never take them;
  returns never take tile carriers, and take the holder's black caballeros out of the game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.expansion import pieces
from engine.elgrande.expansion.pieces import BLACK
from engine.elgrande.hooks import Json, Move, Rules
from engine.errors import IllegalMove, MalformedMove, RuleViolation, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

EXTRA = "inquisitor_extra"
INQUISITOR = "d6_grand_inquisitor"
GRANADA = data.AREA_INDEX["granada"]
FRANCE_SLOTS = tuple(s.removeprefix("france_") for s in data.SLOT_IDS)
# G52: the changes of position a relocation may make within one area (France: slot to slot).
WITHIN: dict[int, frozenset[tuple[str, str]]] = {
    data.CARAVEL: frozenset({("", "captain"), ("captain", "")}),
    data.AMERICA: frozenset({("", "viceroy"), ("viceroy", "")}),
    data.FRANCE: frozenset((a, b) for a in FRANCE_SLOTS for b in FRANCE_SLOTS if a != b),
}
BARRIER_REASONS = frozenset({"supplement", "court"})  # R17, d4_court_two (G42, G75)


def illegal(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    """Returns the IllegalMove for `move` with a reason citing `rule` (as `turn.illegal`)."""
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


def unmarked(cab: pieces.Cab) -> bool:
    """Returns whether a caballero may still be relocated this round (G51)."""
    return not cab[5]


def free_slots(s: State) -> list[str]:
    """Returns France's free slots, in SLOTS order (G25)."""
    taken = {c[2] for c, k in s.cabs if c[0] == data.FRANCE and k > 0}
    return [slot for slot in FRANCE_SLOTS if slot not in taken]


class Inquisitor(Rules):
    """The Grand Inquisitor, his black caballeros and his extra; relocations (G40-G44, G50-G53, G64)."""

    # Court placement (G22, G25).

    def batch_areas(self, s: State) -> tuple[int, ...]:
        areas = tuple(a for a in super().batch_areas(s) if a not in data.COLONIES)  # G22: never the colonies
        if s.king in data.COASTAL and data.CARAVEL not in areas:
            areas += (data.CARAVEL,)  # G22: the caravel with the King in a coastal region
        return areas

    def check_batch(self, s: State, seat: int, moves: list[Move], move: Json) -> None:
        super().check_batch(s, seat, moves, move)
        names = [m[2] for m in moves for _ in range(m[3])]
        for name in names:
            _court_arrival(name, move)
        self._france(s, names, move)
        _singles(s, names, [], move)

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        super().check_steps(s, seat, card, steps, move)
        arrivals = [st[5] for st in steps if st[0] in ("move", "back")]
        arrivals += [st[3] for st in steps if st[0] == "place"]
        left = [st[4] for st in steps if st[0] == "move" and st[2] == data.FRANCE]  # G28: off, then on
        self._france(s, arrivals, move, leaving=left)
        _singles(s, arrivals, [st[4] for st in steps if st[0] == "move"], move)
        self._relocations(s, [st for st in steps if st[0] == "move"], move)
        self._spaces(s, steps, move)
        for st in steps:
            if st[0] == "back" and s.moorish and st[3] == GRANADA:  # G64, O-G2
                raise illegal(move, N_("a black caballero is never brought back into Moorish Granada"), "G64")

    def _france(
        self, s: State, names: list[str], move: Json, leaving: tuple[str, ...] | list[str] = ()
    ) -> None:
        """Refuses France arrivals that name no free slot, or one slot twice (G25, ruling B1)."""
        specs = [pieces.parse(n) for n in leaving]
        free = free_slots(s) + [sp.position for sp in specs if sp is not None and sp.position in FRANCE_SLOTS]
        used: list[str] = []
        for name in names:
            spec = pieces.parse(name)
            if spec is None or spec.area != data.FRANCE:
                continue
            slot = spec.position
            if slot is None:  # a bare "france": forced only while exactly one slot is free now (R34)
                if len(free_slots(s)) != 1 or used or leaving:
                    raise illegal(move, N_("name the free France slot the caballero takes"), "G25")
                slot = free_slots(s)[0]
            if slot not in free or slot in used:
                raise illegal(move, N_("France's {slot} slot is not free"), "G25", slot=slot)
            used.append(slot)

    def _relocations(self, s: State, steps: list[tuple[Any, ...]], move: Json) -> None:
        """Refuses relocations of marked caballeros (G51), and of tile carriers into the Castillo (G53)
        or onto the captain or viceroy slot (G37)."""
        wanted: dict[tuple[Any, str], list[int]] = {}
        for st in steps:
            owner, frm, barred = st[1], st[4], _tileless(st)
            count = wanted.setdefault((owner, frm), [0, 0])
            count[0] += 1
            if barred:
                count[1] += 1
                spec = pieces.parse(frm)
                if spec is not None and spec.tile:
                    raise illegal(move, N_("a tile carrier never goes to {where}"), barred, where=st[5])
        for (owner, frm), (k, tileless) in wanted.items():
            spec = pieces.parse(frm)
            if spec is None:
                continue
            who = "black" if owner == BLACK else f"seat {owner}"
            have = pieces.count(s, owner, spec, unmarked)
            if have < k:
                raise illegal(
                    move,
                    N_("{who} has only {have} unmarked caballero(s) at {frm}"),
                    "G51",
                    who=who,
                    have=have,
                    frm=frm,
                )
            clean = pieces.count(s, owner, spec, lambda c: unmarked(c) and not c[3])
            if clean < tileless:
                rule = next(r for st in steps if st[1] == owner and st[4] == frm and (r := _tileless(st)))
                raise illegal(
                    move,
                    N_("{who} has only {clean} unmarked tile-less caballero(s) at {frm}"),
                    rule,
                    who=who,
                    clean=clean,
                    frm=frm,
                )

    def _spaces(self, s: State, steps: tuple[tuple[Any, ...], ...], move: Json) -> None:
        """Refuses a relocation from beside onto the limit board while it has no free space (G52, G46)."""
        if s.limit < 0 or not any(st[0] == "move" and st[3] == s.limit for st in steps):
            return
        on = sum(k for c, k in pieces.in_area(s, s.limit) if c[2] == "")
        for st in steps:
            if st[0] not in ("move", "back", "place"):
                continue
            frm = pieces.parse(st[4]) if st[0] == "move" else None
            to = pieces.parse(st[-1])
            if frm is not None and st[2] == s.limit and (frm.position or "") == "":
                on -= 1  # it leaves the board (no refill within a step, G48)
            if st[3] != s.limit or to is None:
                continue
            if frm is not None and st[2] == s.limit and (frm.position or "") == "beside" and not to.position:
                if on >= data.LIMIT_SPACES[s.seats]:
                    raise illegal(move, N_("the limit board has no free space"), "G52")
                on += 1
            elif st[2] != s.limit and to.position is None and on < data.LIMIT_SPACES[s.seats]:
                on += 1  # an arrival from elsewhere goes on while a space is free (G46)

    def moves_within(self, s: State, area: int, frm: str, to: str) -> bool:
        a, b = pieces.parse(frm), pieces.parse(to)
        if a is None or b is None:
            return super().moves_within(s, area, frm, to)
        change = (a.position or "", b.position or "")
        if area == s.limit and change in (("", "beside"), ("beside", "")):
            return True  # G52: on ↔ beside the limit board
        return change in WITHIN.get(area, frozenset()) or super().moves_within(s, area, frm, to)

    def within_spots(self, s: State, frm: str) -> list[str]:
        out = super().within_spots(s, frm)
        spec = pieces.parse(frm)
        if spec is None:
            return out
        aid = data.AREAS[spec.area].id
        names = {data.CARAVEL: ["caravel_captain"], data.AMERICA: ["america_viceroy"]}.get(spec.area, [])
        if spec.area == s.limit:
            names = [f"{aid}_beside"]
        names = [*names, aid] if names else []
        return out + [n for n in names if n != frm and self.moves_within(s, spec.area, frm, n)]

    def sources(self, s: State, owner: int | str, area: int, reason: str) -> list[tuple[str, int]]:
        """Names each position (and carried tile) a move or return may take from (G4a, G42a, G51, G42)."""
        out: dict[str, int] = {}
        for c, k in pieces.states(s, area, owner):
            if not self.may_leave(s, c, reason):
                continue
            pos = "on" if c[2] == "" and area == s.limit else c[2]
            name = pieces.spot_name(area, pos)
            if c[3]:
                name += f"+{c[3]}" + (f"@{c[4]}" if owner == BLACK else "")
            out[name] = out.get(name, 0) + k
        return sorted(out.items(), key=lambda nk: _rank(nk[0]))

    def named_source(self, s: State, seat: int, area: int, name: str, reason: str) -> int | None:
        # G42a: a court supplement chosen by the owner names the position it takes from
        return dict(self.sources(s, seat, area, reason)).get(name, 0)

    def may_leave(self, s: State, cab: tuple[Any, ...], reason: str) -> bool:
        if reason == "move" and not unmarked(cab):
            return False  # G51
        if reason in BARRIER_REASONS and (cab[1] == BLACK or cab[3]):
            return False  # G42: barrier pieces never go to a court
        if reason == "supplement" and cab[2] == "viceroy":
            return False  # G27, ruling B2
        if reason == "return" and cab[3]:
            return False  # G42, ruling A11
        return super().may_leave(s, cab, reason)

    def returns_black(self, s: State) -> str | None:
        return (
            None if s.church >= 0 else "G42"
        )  # G42: the holder's only; with no holder they belong to nobody

    def returnable(self, s: State, owner: int | str, area: int) -> int:
        if owner == BLACK and s.church < 0:
            return 0  # G42: black caballeros with no holder belong to nobody
        return sum(k for c, k in pieces.states(s, area, owner) if not c[3])  # G42, ruling A11: no carriers

    def takeable(self, s: State, seat: int, area: int, reason: str) -> int:
        if reason == "return":  # G42: own non-carriers, and the holder's black non-carriers
            black = self.returnable(s, BLACK, area) if s.church == seat else 0
            return self.returnable(s, seat, area) + black
        return sum(k for c, k in pieces.states(s, area, seat) if self.may_leave(s, c, reason))  # G42, G27

    def castillo_members(self, s: State, members: list[int]) -> list[int]:
        members = super().castillo_members(s, members)
        if s.church >= 0 and s.black and s.black[data.CASTILLO] and s.church not in members:
            members = sorted([*members, s.church])  # G44, G77 step 2: black ones count for the holder
        return members

    def brings_back(self, s: State, card: str) -> bool:
        return card == INQUISITOR or super().brings_back(s, card)  # G64

    def settle(self, s: State, seat: int | None, moves: list[Move], reason: str) -> list[Move]:
        if reason == "move":  # G53, G37: steps that need tile-less caballeros pick first
            moves = sorted(moves, key=lambda m: not _tileless((0, m[0], -1, _area(m[2]), m[1], m[2])))
        out: list[Move] = []
        for owner, frm, to, k in self._split(s, moves, reason):
            if to == data.AREAS[data.FRANCE].id:  # G25, R34: the only free slot
                free = free_slots(s)
                to = f"france_{free[0]}" if len(free) == 1 else to
            if owner == BLACK and to == "province":
                to = "out"  # G42: a returned black caballero leaves the game
            out.append([owner, frm, to, k])
            if reason == "castillo" and owner == s.church and s.black and s.black[data.CASTILLO]:
                out.append([BLACK, frm, to, s.black[data.CASTILLO]])  # G44, G77 step 4: with the holder
        return super().settle(s, seat, out, reason)

    def _split(self, s: State, moves: list[Move], reason: str) -> list[Move]:
        """Returns `moves` with each return beyond a holder's own caballeros taken from his black ones (G42, G82)."""
        if reason != "return":
            return moves
        out: list[Move] = []
        for owner, frm, to, k in moves:
            spec = pieces.parse(frm) if isinstance(owner, int) and frm not in ("court", "province") else None
            own = self.returnable(s, owner, spec.area) if spec is not None else k
            if spec is None or k <= own or s.church != owner:
                out.append([owner, frm, to, k])
                continue
            out += [m for m in ([owner, frm, to, own], [BLACK, frm, "out", k - own]) if m[3]]
        return out

    # The Inquisitor extra (G43).

    def turn_moves(self, s: State, seat: int) -> list[Json]:
        out = super().turn_moves(s, seat)
        if not self._extra_open(s, seat):
            return out
        if s.province[seat]:
            out.append({"type": EXTRA, "to": "court"})
        if s.court[seat]:
            out += [{"type": EXTRA, "to": name} for name in self._targets(s)]
        return out

    def turn_move(self, s: State, seat: int, move: Json) -> list[Json]:
        if move.get("type") != EXTRA:
            return super().turn_move(s, seat, move)
        if not self._extra_open(s, seat):
            why = (
                N_("you do not hold the Grand Inquisitor")
                if s.church != seat
                else N_("the Inquisitor extra was already used this turn")
            )
            raise IllegalMove(
                N_("illegal move {move}: {why} (G43)"), rule="G43", move=repr(move), why=Text(why)
            )
        to = move.get("to", "court")
        if not isinstance(to, str):
            raise MalformedMove(
                N_("malformed move {move}: to must be a string, not {to}"), move=repr(move), to=repr(to)
            )
        if to == "court":
            if not s.province[seat]:
                raise IllegalMove(
                    N_("illegal move {move}: your province is empty (G43)"), rule="G43", move=repr(move)
                )
            return [_intake(seat)]
        if not s.court[seat]:
            raise IllegalMove(
                N_("illegal move {move}: your court is empty (G43)"), rule="G43", move=repr(move)
            )
        found = self.spot(s, to)
        if found is None:
            raise MalformedMove(
                N_("malformed move {move}: unknown location {to}"), move=repr(move), to=repr(to)
            )
        idx, name = found
        if idx == s.king:
            raise illegal(move, N_("the King stands in {area}"), "R23", area=data.AREAS[idx].id)
        if idx not in self.batch_areas(s):
            raise illegal(
                move,
                N_("{to} is not a court-placement target (King in {area})"),
                "G22",
                to=to,
                area=data.AREAS[s.king].id,
            )
        _court_arrival(name, move)
        _singles(s, [name], [], move)
        self._france(s, [name], move)
        s.rules.check_batch(s, seat, [[seat, "court", name, 1]], move)  # a court placement (G22): O-G2 too
        moves = self.settle(s, seat, [[seat, "court", name, 1]], "inquisitor")
        return [{"type": "caballeros_moved", "seat": seat, "reason": "inquisitor", "moves": moves}]

    def turn_open(self, s: State, seat: int) -> bool:
        # G43: a placement from the court is a choice; the province → court move alone is applied at the end
        return super().turn_open(s, seat) or (self._extra_open(s, seat) and s.court[seat] > 0)

    def turn_end(self, s: State, seat: int) -> list[Json]:
        auto = [_intake(seat)] if self._extra_open(s, seat) and s.province[seat] else []  # G43, G82
        return [*auto, *super().turn_end(s, seat)]

    def fold(self, s: State, e: Json, kw: Json) -> None:
        super().fold(s, e, kw)
        if e["type"] == "caballeros_moved" and e.get("reason") == "inquisitor" and s.turn is not None:
            kw["turn"] = replace(kw.get("turn", s.turn), extra=True)  # G43: once per turn

    def _targets(self, s: State) -> list[str]:
        """Returns the court-placement targets of the extra, as spots (G22, ruling A19)."""
        out: list[str] = []
        for a in self.batch_areas(s):
            if a == s.king:
                continue
            if a == data.FRANCE:
                out += [f"france_{slot}" for slot in free_slots(s)]
            elif a == data.CARAVEL and not any(c[0] == a and c[2] == "captain" for c, _ in s.cabs):
                out += ["caravel", "caravel_captain"]  # G26: an arrival may take the empty captain slot
            else:
                out.append(data.AREAS[a].id)
        return [name for name in out if _placeable(s, name)]

    @staticmethod
    def _extra_open(s: State, seat: int) -> bool:
        """Returns whether `seat` holds the figure in his own turn and has not used the extra (G43)."""
        return (
            s.church == seat
            and s.turn is not None
            and s.turn.seat == seat
            and s.turn.stage == "step"
            and not s.turn.extra
        )


SINGLES = {(data.CARAVEL, "captain"): "G26", (data.AMERICA, "viceroy"): "G27"}


def _court_arrival(name: str, move: Json) -> None:
    """Refuses a court placement naming a position other than a France slot or the captain (G22, G26, G46)."""
    spec = pieces.parse(name)
    if spec is None or spec.position in (None, "") or spec.area == data.FRANCE:
        return
    if (spec.area, spec.position) != (data.CARAVEL, "captain"):
        raise illegal(move, N_("a court placement cannot arrive at {name}"), "G22", name=name)


def _singles(s: State, arrivals: list[str], leaving: list[str], move: Json) -> None:
    """Refuses arrivals on the captain or viceroy slot beyond one, or while it stays occupied (G26, G27, G28)."""
    for (area, slot), rule in SINGLES.items():
        wanted = _at(arrivals, area, slot)
        if not wanted:
            continue
        held = sum(k for c, k in s.cabs if c[0] == area and c[2] == slot)
        if wanted > 1 - held + _at(leaving, area, slot):
            raise illegal(move, N_("the {slot} slot holds one caballero and is not free"), rule, slot=slot)


def _tileless(st: tuple[Any, ...]) -> str:
    """Returns the rule that keeps tile carriers from a move step's destination (G53, G37), or ""."""
    if st[3] == data.CASTILLO:
        return "G53"
    spec = pieces.parse(st[5])
    return "G37" if spec is not None and spec.position in ("captain", "viceroy") else ""


def _area(name: str) -> int:
    spec = pieces.parse(name)
    return spec.area if spec is not None else -1


def _at(names: list[str], area: int, slot: str) -> int:
    """Returns how many of `names` name the position `slot` of `area`."""
    specs = [pieces.parse(n) for n in names]
    return sum(1 for sp in specs if sp is not None and sp.area == area and sp.position == slot)


def _rank(name: str) -> int:
    """Returns the G42a rank of a source name's position (beside first)."""
    spec = pieces.parse(name)
    return pieces.POS_RANK[spec.position or ""] if spec is not None else 0


def _intake(seat: int) -> Json:
    """Returns the caballeros_moved event of the extra's province → court move (G43)."""
    return {
        "type": "caballeros_moved",
        "seat": seat,
        "reason": "inquisitor",
        "moves": [[seat, "province", "court", 1]],
    }


def _placeable(s: State, name: str) -> bool:
    """Returns whether the options let one caballero be placed from the active player's court at `name`
    (e.g. never into Moorish Granada, O-G2, G85)."""
    assert s.turn is not None
    try:
        s.rules.check_batch(s, s.turn.seat, [[s.turn.seat, "court", name, 1]], {"type": EXTRA, "to": name})
    except RuleViolation:
        return False
    return True
