"""The ship and the tiles (G26-G39): captain and viceroy slots, bonus moves, gold and goods, claims, cash-in.

`Ship` is a layer of `InquisitorColonies` (`engine.elgrande.options.inquisitor_colonies`).

Bonus moves (G29-G32) are the turn_step move `bonus_move`:

    {"type": "bonus_move", "piece": <state>, "to": <spot>, "seat": "black", "claim": true}

`piece` names a caballero state with an unused bonus move (the location grammar of
`engine.elgrande.expansion.pieces`: `caravel^`, `caravel_captain^`, `america+gold^`; fields it
leaves open are filled in G4a's order among the states that have a bonus move) or "grande" for
the player's Grande; `seat` is "black" for one of the holder's black caballeros (default: the
player's own colour); `to` is a spot: a coastal region or France slot (`france_envoy`),
`caravel`, `caravel_captain`, `america`, `america_viceroy`, `mediterranean`. `claim: true` claims
an ownerless tile of the colony the caballero arrives in (G31 d, e); a claim in place (G31 g, i)
names the caballero's own colony as `to` with `claim: true` and uses up its bonus move (ruling
B31). `turn_moves` lists every legal bonus move, claims included.

Events: a caballero's bonus move is `caballeros_moved` with reason "bonus" (so `Board.fold` moves
its state and clears its bonus flag); a Grande's is `grande_moved` with reason "bonus". A claim is
`tile_claimed` {seat: the acting player, owner, state: the caballero's full state before the
claim, tile}; in a move event the arriving caballero's claim is written into its destination
(`america+gold`, G35 b), and `tile_claimed` follows at once (`after`). This notation also serves
special-action moves and special placements: `{"seat": 0, "from": "caravel", "to": "america+gold"}`,
`"places": ["mediterranean+goods"]`.

Automatic events (`after`): taking a stack-7 card places its tiles (`tiles_placed`, G33); a tile
carrier in a base region cashes in (`tile_cashed`, G38), after which tiles owed this turn are placed
(`tiles_placed`, ruling B6). Owed tiles lapse when the turn ends.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.expansion import pieces
from engine.elgrande.expansion.pieces import BLACK, Cab
from engine.elgrande.hooks import Json, Move, Rules
from engine.errors import IllegalMove, MalformedMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

BONUS = "bonus_move"
GRANDE = "grande"
GRANADA = data.AREA_INDEX["granada"]
OFF_BOARD = frozenset({"court", "province", "out"})
SUPPLY = {"gold": 0, "goods": 1}  # index in State.tiles (supply); loose is +2
KIND_OF = {data.AMERICA: "gold", data.MEDITERRANEAN: "goods"}  # G8
SHIP_SLOTS = {"captain": data.CARAVEL, "viceroy": data.AMERICA}  # G26, G27
MOVE_EVENTS = frozenset({"caballeros_moved", "caballeros_placed", "court_supplemented"})
COLONY_SPOTS = {data.AMERICA: "america", data.MEDITERRANEAN: "mediterranean"}


def refuse(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    """Returns the IllegalMove for `move` with a reason citing `rule`."""
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


def occupied(s: State, slot: str) -> int:
    """Returns how many caballeros hold the captain or viceroy slot (0 or 1)."""
    area = SHIP_SLOTS[slot]
    return sum(k for c, k in s.cabs if c[0] == area and c[2] == slot)


def france_free(s: State) -> list[str]:
    """Returns the free France slots as spots (G25): no caballero holds them, France holds fewer than 3."""
    held = {c[2] for c, k in s.cabs if c[0] == data.FRANCE and k}
    if s.total(data.FRANCE) >= len(data.SLOTS):
        return []
    return [f"france_{slot}" for slot in data.SLOTS if slot not in held]


def coastal(s: State) -> list[str]:
    """Returns the spots of open coastal regions a bonus move may enter (G31): France by a free slot."""
    out: list[str] = []
    for r in s.regions:
        if r not in data.COASTAL or r == s.king or (r == GRANADA and s.moorish):  # R23, G85
            continue
        out += france_free(s) if r == data.FRANCE else [data.AREAS[r].id]
    return out


def loose(s: State, kind: str) -> int:
    """Returns the ownerless tiles of `kind` lying in its colony (G34)."""
    return s.tiles[2 + SUPPLY[kind]]


def bonus_targets(s: State, cab: Cab) -> list[tuple[str, bool]]:
    """Returns (spot, claim) for every bonus move of a caballero in state `cab` (G31's table)."""
    area, _, pos, tile, _, _, _ = cab
    out: list[tuple[str, bool]] = []

    def colony(where: int) -> None:
        name = COLONY_SPOTS[where]
        out.append((name, False))
        if loose(s, KIND_OF[where]):
            out.append((name, True))  # G31 d, e: optionally claiming

    if area == data.CARAVEL:
        out += [(spot, False) for spot in coastal(s)]  # (b); a carrier's only move
        if tile:
            return out
        if pos != "captain" and not occupied(s, "captain"):
            out.append(("caravel_captain", False))  # (a); never back down (ruling B30)
        if not occupied(s, "viceroy"):
            out.append(("america_viceroy", False))  # (c)
        colony(data.AMERICA)  # (d)
        colony(data.MEDITERRANEAN)  # (e)
        return out
    if pos == "viceroy":
        return []  # G27, ruling B2
    out.append(("caravel", False))  # (h), (h'); a carrier: ordinary
    if tile:
        return out
    if not occupied(s, "captain"):
        out.append(("caravel_captain", False))
    if area == data.AMERICA and not occupied(s, "viceroy"):
        out.append(("america_viceroy", False))  # (f)
    if loose(s, KIND_OF[area]):
        out.append((COLONY_SPOTS[area], True))  # (g), (i): a claim in place
    return out


def grande_targets(s: State, seat: int) -> list[str]:
    """Returns the bonus moves of `seat`'s Grande (G31, ruling B4): caravel ↔ america / mediterranean."""
    if s.turn is None or not s.turn.grande_bonus:
        return []
    g = s.grandes[seat]
    if g == data.CARAVEL:
        return ["america", "mediterranean"]
    return ["caravel"] if g in data.COLONIES else []


def movers(s: State, seat: int) -> list[Any]:
    """Returns the owners whose caballeros are `seat`'s own: its colour, black for the holder (G41)."""
    return [seat, *([BLACK] if s.church == seat >= 0 else [])]


def with_bonus(s: State, seat: int) -> list[tuple[Cab, int]]:
    """Returns the states of `seat`'s caballeros overseas that have an unused bonus move (G29)."""
    return [(c, k) for c, k in s.cabs if c[6] and c[1] in movers(s, seat) and c[0] in data.OVERSEAS]


def bonus_moves(s: State, seat: int) -> list[Json]:
    """Returns every legal bonus move of `seat` (G29-G31), claims included."""
    if s.turn is None or s.turn.seat != seat or s.turn.stage != "step":
        return []
    out: list[Json] = []
    for cab, _ in with_bonus(s, seat):
        who = {"seat": BLACK} if cab[1] == BLACK else {}
        for to, claim in bonus_targets(s, cab):
            out.append({"type": BONUS, "piece": pieces.name(cab), **who, "to": to, "claim": claim})
    out += [{"type": BONUS, "piece": GRANDE, "to": to, "claim": False} for to in grande_targets(s, seat)]
    return out


def claimed(cab: Cab, seat: int, tile: str) -> Cab:
    """Returns the state of `cab` after it claimed `tile` for `seat`: a claim uses up a bonus move (B31)."""
    area, owner, pos, _, _, mark, _ = cab
    return (area, owner, pos, tile, seat, mark, False)


def strip(name: str) -> tuple[str, str]:
    """Returns (the spot, the claimed tile or "") of a destination that may name a claim (`america+gold`)."""
    spec = pieces.parse(name) if name not in OFF_BOARD else None
    if spec is None or not spec.tile:
        return name, ""
    return pieces.spot_name(spec.area, spec.position or ""), spec.tile


class Ship(Rules):
    """The captain and viceroy slots, bonus moves, tiles, claims and cash-ins (G26-G39)."""

    # Bonus moves (G29-G32).

    def turn_moves(self, s: State, seat: int) -> list[Json]:
        return [*super().turn_moves(s, seat), *bonus_moves(s, seat)]

    def turn_open(self, s: State, seat: int) -> bool:
        return super().turn_open(s, seat) or bool(bonus_moves(s, seat))  # G30: any time in the turn

    def turn_move(self, s: State, seat: int, move: Json) -> list[Json]:
        if move.get("type") != BONUS:
            return super().turn_move(s, seat, move)
        claim = move.get("claim", False)
        if not isinstance(claim, bool):
            raise MalformedMove(N_("malformed move {move}: claim must be true or false"), move=repr(move))
        piece, to = move["piece"], move["to"]
        if not isinstance(piece, str) or not isinstance(to, str):
            raise MalformedMove(N_("malformed move {move}: piece and to must be strings"), move=repr(move))
        if piece == GRANDE:
            return self._grande_bonus(s, seat, move, to, claim)
        owner = self._owner(s, seat, move)
        spec = pieces.parse(piece)
        if spec is None:
            raise MalformedMove(
                N_("malformed move {move}: unknown piece {piece}"), move=repr(move), piece=repr(piece)
            )
        found = pieces.pick(s, owner, spec, 1, seat, allow=lambda c: c[6])
        if not found:
            raise refuse(
                move, N_("no caballero {piece} of yours has a bonus move this turn"), "G29", piece=piece
            )
        cab = found[0][0]
        target = self._target(s, move, cab, to)
        options = bonus_targets(s, cab)
        if (target, claim) not in options:
            area = pieces.area_of(target)
            if claim and cab[3] and area in data.COLONIES:
                raise refuse(move, N_("a caballero carries at most one tile"), "G34")
            if claim and area in data.COLONIES and not loose(s, KIND_OF[area]):
                raise refuse(move, N_("no ownerless tile lies in {target} to claim"), "G35", target=target)
            raise refuse(
                move,
                N_("{piece} has no bonus move to {to}"),
                _why(s, cab, target),
                piece=pieces.name(cab),
                to=to,
            )
        if claim and target == COLONY_SPOTS.get(cab[0]):
            return [_claim(seat, cab, KIND_OF[cab[0]])]  # G31 g, i: the claim is the bonus move (B31)
        dest = target + (f"+{KIND_OF[data.AREA_INDEX[target]]}" if claim else "")
        moves = self.settle(s, seat, [[owner, pieces.name(cab), dest, 1]], "bonus")
        return [{"type": "caballeros_moved", "seat": seat, "reason": "bonus", "moves": moves}]

    def _owner(self, s: State, seat: int, move: Json) -> Any:
        raw = move.get("seat", seat)
        if raw == BLACK:
            if s.church != seat:
                raise refuse(
                    move, N_("black caballeros are yours only while you hold the Grand Inquisitor"), "G41"
                )
            return BLACK
        if raw != seat or isinstance(raw, bool):
            raise refuse(move, N_("only your own pieces make bonus moves in your turn"), "G29")
        return seat

    def _target(self, s: State, move: Json, cab: Cab, to: str) -> str:
        """Returns the spot `to` names: a colony itself for a claim in place, France's only free slot (G25)."""
        if to == "france":
            free = france_free(s)
            if len(free) != 1:
                raise refuse(
                    move, N_("name the France slot (france_ambassador, france_envoy, france_plain)"), "G25"
                )
            return free[0]
        spec = pieces.parse(to)
        if spec is None or spec.tile or spec.mark or spec.bonus:
            raise MalformedMove(
                N_("malformed move {move}: to must be a spot, not {to}"), move=repr(move), to=repr(to)
            )
        if spec.area == cab[0] and spec.area in data.COLONIES and spec.position in (None, "", "beside"):
            return COLONY_SPOTS[spec.area]  # a claim in place names its own colony
        return pieces.spot_name(spec.area, spec.position or "")

    def _grande_bonus(self, s: State, seat: int, move: Json, to: str, claim: bool) -> list[Json]:
        if claim:
            raise refuse(move, N_("a Grande never takes a tile"), "G31")
        if move.get("seat", seat) != seat:
            raise refuse(move, N_("only your own Grande"), "G29")
        targets = grande_targets(s, seat)
        if to not in targets:
            rule = "G29" if not targets else "G31"
            raise refuse(move, N_("your Grande has no bonus move to {to}"), rule, to=to)
        frm = data.AREAS[s.grandes[seat]].id
        return [{"type": "grande_moved", "seat": seat, "from": frm, "to": to, "reason": "bonus"}]

    # Claims written into destinations (G35 b) and checks of the slots and carriers (G26, G27, G37).

    def spots(self, s: State, area: int) -> tuple[str, ...]:
        out = super().spots(s, area)
        slot = {data.CARAVEL: "captain", data.AMERICA: "viceroy"}.get(area)
        if slot is not None and not occupied(s, slot):
            out = (*out, pieces.spot_name(area, slot))  # G26, G27: an arrival may take a free slot
        kind = KIND_OF.get(area)
        if kind is not None and loose(s, kind):
            out = (*out, f"{COLONY_SPOTS[area]}+{kind}")  # G35 (b): arriving and claiming
        return out

    def settle(self, s: State, seat: int | None, moves: list[Move], reason: str) -> list[Move]:
        if reason != "supplement" and any(m[2] in OFF_BOARD and m[1] not in OFF_BOARD for m in moves):
            return _returns(s, seat, moves)  # G37: carriers never go into a court or province (ruling A11)
        claims = [strip(m[2]) if isinstance(m[2], str) else (m[2], "") for m in moves]
        plain = [[m[0], m[1], to, m[3]] for m, (to, _) in zip(moves, claims, strict=True)]
        out = super().settle(s, seat, plain, reason)
        if reason == "supplement":
            _supplement_sources(s, out)
        if not any(tile for _, tile in claims):
            return out
        i = 0
        for m, (_, tile) in zip(moves, claims, strict=True):
            need = m[3]
            while need > 0 and i < len(out) and out[i][0] == m[0]:
                if tile:
                    out[i] = [*out[i][:2], f"{out[i][2]}+{tile}", out[i][3]]
                need -= out[i][3]
                i += 1
        return out

    def check_batch(self, s: State, seat: int, moves: list[Move], move: Json) -> None:
        super().check_batch(s, seat, moves, move)
        for _, _, to, k in moves:
            spec = pieces.parse(to) if isinstance(to, str) else None
            if spec is not None and spec.tile:
                raise refuse(move, N_("a placement from the court claims no tile"), "G35")
            if spec is not None and spec.position in SHIP_SLOTS and (k > 1 or occupied(s, spec.position)):
                raise refuse(
                    move,
                    N_("the {position} slot holds one caballero"),
                    _slot_rule(spec.position),
                    position=spec.position,
                )

    def check_steps(
        self, s: State, seat: int, card: str, steps: tuple[tuple[Any, ...], ...], move: Json
    ) -> None:
        super().check_steps(s, seat, card, steps, move)
        taken: dict[Cab, int] = {}
        slots = {slot: occupied(s, slot) for slot in SHIP_SLOTS}
        claims = {kind: 0 for kind in SUPPLY}
        picks = _step_sources(s, seat, steps, taken)
        for i, st in enumerate(steps):
            if st[0] == "court_two":
                for owner, frm, _, k in st[3]:
                    for src in _sources(s, owner, frm, k, seat, taken):
                        if src[3]:
                            raise refuse(move, N_("a tile carrier never enters a court"), "G37")
                continue
            if st[0] not in ("move", "place"):
                continue
            owner, to = st[1], st[-1]
            cab = picks.get(i)
            if cab is not None and cab[2] in slots:
                slots[cab[2]] -= 1  # G28: the occupant moves off first
            spec = pieces.parse(to) if isinstance(to, str) and to not in OFF_BOARD else None
            if spec is None:
                continue
            carrier = cab is not None and bool(cab[3])
            if carrier and spec.area == data.CASTILLO:
                raise refuse(move, N_("a tile carrier never enters the castillo"), "G37")
            if spec.position in slots:
                if carrier:
                    raise refuse(
                        move, N_("a tile carrier is never {position}"), "G37", position=spec.position
                    )
                if slots[spec.position]:
                    raise refuse(
                        move,
                        N_("the {position} slot is taken"),
                        _slot_rule(spec.position),
                        position=spec.position,
                    )
                slots[spec.position] += 1
            if spec.tile:
                self._check_claim(s, seat, move, owner, cab, spec, claims)

    def _check_claim(
        self, s: State, seat: int, move: Json, owner: Any, cab: Cab | None, spec: Any, claims: dict[str, int]
    ) -> None:
        """Refuses an arrival claim (G35 b) that G8, G34 or G35 forbids; counts it."""
        kind = spec.tile
        if data.TILE_COLONY[kind] != spec.area:
            where = data.AREAS[data.TILE_COLONY[kind]].id
            raise refuse(move, N_("{kind} tiles lie only in {where}"), "G8", kind=kind, where=where)
        if spec.position == "viceroy":
            raise refuse(move, N_("the viceroy never carries a tile"), "G35")
        if not s.owns(seat, owner):
            raise refuse(move, N_("only the acting player's own arriving caballeros claim"), "G35")
        if cab is not None and cab[3]:
            raise refuse(move, N_("a caballero carries at most one tile"), "G34")
        claims[kind] += 1
        if claims[kind] > loose(s, kind):
            raise refuse(
                move,
                N_("only {count} ownerless {kind} tile(s) lie there"),
                "G35",
                count=loose(s, kind),
                kind=kind,
            )

    # Tiles (G33-G38).

    def after(self, s: State, e: Json) -> list[Json]:
        out = super().after(s, e)
        match e["type"]:
            case "action_card_taken" if e["card"] in data.STACK7_ROW:
                row = data.STACK7_ROW[e["card"]]
                if row.gold or row.goods:
                    out.append(_placed(s, e["seat"], row.gold, row.goods))  # G33: at once
            case "tile_cashed" if (s.tiles[0] and s.owed[0]) or (s.tiles[1] and s.owed[1]):
                seat = s.turn.seat if s.turn is not None else e["seat"]
                out.append(_placed(s, seat, s.owed[0], s.owed[1], owed=True))  # ruling B6
            case kind if kind in MOVE_EVENTS:
                out += _claims(s, e)
                out += _cash_ins(s)
        return out

    def fold(self, s: State, e: Json, kw: Json) -> None:
        super().fold(s, e, kw)
        match e["type"]:
            case "tile_claimed":
                cabs = dict(s.cabs)
                cab = pieces.state_of(e["state"], e["owner"])
                pieces.add(cabs, cab, -1)
                pieces.add(cabs, claimed(cab, e["seat"], e["tile"]), 1)
                tiles = list(s.tiles)
                tiles[2 + SUPPLY[e["tile"]]] -= 1
                kw.update(cabs=pieces.frozen(cabs), tiles=tuple(tiles))
            case "tile_cashed":
                cabs = dict(s.cabs)
                cab = pieces.state_of(e["state"], e["owner"])
                pieces.add(cabs, cab, -1)
                pieces.add(cabs, (*cab[:3], "", -1, *cab[5:]), 1)  # G38: stays as an ordinary caballero
                tiles = list(s.tiles)
                tiles[SUPPLY[e["tile"]]] += 1
                scores = list(kw.get("scores", s.scores))
                scores[e["seat"]] += e["points"]
                kw.update(cabs=pieces.frozen(cabs), tiles=tuple(tiles), scores=tuple(scores))
            case "tiles_placed":
                g, d = e["gold"], e["goods"]
                supply_g, supply_d, loose_g, loose_d = s.tiles
                kw["tiles"] = (supply_g - g, supply_d - d, loose_g + g, loose_d + d)
                kw["owed"] = tuple(e["owed"])
            case "turn_ended":
                kw["owed"] = (0, 0)  # ruling B6: owed tiles lapse
            case "grande_moved":
                turn = kw.get("turn", s.turn)
                if turn is not None and turn.seat == e["seat"] and turn.grande_bonus:
                    kw["turn"] = replace(turn, grande_bonus=False)  # G29, ruling B5


def _why(s: State, cab: Cab, target: str) -> str:
    """Returns the rule that refuses a bonus move of `cab` to `target`."""
    spec = pieces.parse(target)
    if spec is None:
        return "G31"
    if spec.area == s.king:
        return "R23"
    if spec.position in SHIP_SLOTS:
        return "G37" if cab[3] else _slot_rule(spec.position)
    if spec.area == data.FRANCE:
        return "G25"
    if spec.area == GRANADA and s.moorish:
        return "G85"
    return "G31"


def _slot_rule(slot: str) -> str:
    return "G26" if slot == "captain" else "G27"


def _claim(seat: int, cab: Cab, tile: str) -> Json:
    return {"type": "tile_claimed", "seat": seat, "owner": cab[1], "state": pieces.name(cab), "tile": tile}


def _step_sources(
    s: State, seat: int, steps: tuple[tuple[Any, ...], ...], taken: dict[Cab, int]
) -> dict[int, Cab]:
    """Returns the state each move step takes (G4a order): steps into the Castillo or onto the captain
    or viceroy slot first, so that they take tile-less caballeros where the player left the tile open
    (G37, G53), then the others in their order (as the expansion's `settle` names them)."""
    out: dict[int, Cab] = {}
    moving = [(i, st) for i, st in enumerate(steps) if st[0] == "move"]
    first = [(i, st) for i, st in moving if _no_carrier(st[-1])]
    for i, st in first + [x for x in moving if x not in first]:
        picked = _sources(s, st[1], st[4], 1, seat, taken, allow=_tileless if _no_carrier(st[-1]) else None)
        picked = picked or _sources(s, st[1], st[4], 1, seat, taken)
        if picked:
            out[i] = picked[0]
    return out


def _no_carrier(to: Any) -> bool:
    """Returns whether a destination takes no tile carrier: the Castillo, the captain or viceroy slot (G37)."""
    spec = pieces.parse(to) if isinstance(to, str) and to not in OFF_BOARD else None
    return spec is not None and (spec.area == data.CASTILLO or spec.position in SHIP_SLOTS)


def _tileless(cab: Cab) -> bool:
    return not cab[3]


def _sources(
    s: State, owner: Any, frm: Any, k: int, chooser: int, taken: dict[Cab, int], allow: Any = None
) -> list[Cab]:
    """Returns the states of the k caballeros a step takes from `frm` (G4a order), counting them in `taken`."""
    spec = pieces.parse(frm) if isinstance(frm, str) and frm not in OFF_BOARD else None
    if spec is None:
        return []
    return [cab for cab, n in pieces.take(s, owner, spec, k, chooser, taken, allow) for _ in range(n)]


def _returns(s: State, seat: int | None, moves: list[Move]) -> list[Move]:
    """Returns moves from the board into a court or province with every source named in full (G42a),
    tile carriers left out: they are never taken, so fewer may go (G37, G42, ruling A11)."""
    taken: dict[Cab, int] = {}
    out: list[Move] = []
    for owner, frm, to, k in moves:
        spec = pieces.parse(frm) if frm not in OFF_BOARD else None
        if spec is None:
            out.append([owner, frm, to, k])
            continue
        picked = pieces.take(s, owner, spec, k, seat or 0, taken, allow=_tileless)
        out += [[owner, pieces.name(cab), to, n] for cab, n in picked]
    return out


def _supplement_sources(s: State, moves: list[Move]) -> None:
    """Refuses an intake supplement that would take the viceroy or a tile carrier (G27, ruling B2; G37)."""
    for _, frm, _, _ in moves:
        spec = pieces.parse(frm) if frm not in OFF_BOARD else None
        if spec is None:
            continue
        if spec.position == "viceroy":
            raise IllegalMove(
                N_("illegal supplement: the viceroy is never taken by the intake supplement ({frm}) (G27)"),
                rule="G27",
                frm=frm,
            )
        if spec.tile:
            raise IllegalMove(
                N_("illegal supplement: a tile carrier never enters a court ({frm}) (G37)"),
                rule="G37",
                frm=frm,
            )


def _claims(s: State, e: Json) -> list[Json]:
    """Returns the tile_claimed events of the claims written into a move event's destinations (G35 b)."""
    out: list[Json] = []
    for owner, frm, to, k in e.get("moves", ()):
        spot, tile = strip(to) if isinstance(to, str) else (to, "")
        if not tile:
            continue
        spec = pieces.parse(spot)
        assert spec is not None
        src = pieces.state_of(frm, owner) if frm not in OFF_BOARD else pieces.plain(spec.area, owner)
        arrived = pieces.moved(src, spec.area, spec.position or "", relocation=e.get("reason") == "move")
        out += [_claim(e["seat"], arrived, tile)] * k
    return out


def _cash_ins(s: State) -> list[Json]:
    """Returns a tile_cashed event for every tile carrier standing in a base region (G38; ruling A12)."""
    out: list[Json] = []
    for cab, k in s.cabs:
        if cab[3] and cab[0] in data.BASE_REGIONS:
            event = {
                "type": "tile_cashed",
                "seat": cab[4],
                "owner": cab[1],
                "state": pieces.name(cab),
                "area": data.AREAS[cab[0]].id,
                "tile": cab[3],
                "points": data.TILES[cab[3]],
            }
            out += [dict(event) for _ in range(k)]
    return out


def _placed(s: State, seat: int, gold: int, goods: int, *, owed: bool = False) -> Json:
    """Returns the tiles_placed event of `gold` and `goods` tiles wanted: what the supply has (ruling A2, B6)."""
    g, d = min(gold, s.tiles[0]), min(goods, s.tiles[1])
    event = {"type": "tiles_placed", "seat": seat, "gold": g, "goods": d, "owed": [gold - g, goods - d]}
    if owed:
        event["reason"] = "owed"
    return event
