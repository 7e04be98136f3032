"""The limit board (G45-G49, G66; rulings A10, B9, B10, B24, B28, B29, B34): arrivals, refills, moving it.

`Limit` is a layer of `InquisitorColonies`. `Board` already counts only the caballeros on the board
(G45, G56) and puts single arrivals on it while it has space, else beside it (G46). This layer adds:

- **simultaneous arrivals** (G47; rulings B9, B29): the Castillo's distribution at a general scoring and
  d4_eviction. If they do not all fit on the free spaces, all go beside (`settle`); then the holder fills
  the free spaces from among them (`limit_fill`, opened by `after`), automatically when they are all in
  equal states (G4a, ruling B28). With no holder they all stay beside (ruling A10).
- **refills** (G48, ruling B34) at the end of every whole step (`step_end`, called by `Emitter.step_end`),
  when a caballero left the board in that step (`State.limit_left`, kept by `fold`), the board has free
  spaces and caballeros stand beside it. The holder chooses, or with no holder the acting player (A10);
  automatically when all fit or all are in equal states. Never in the King's region (G49, R23).
- **the `limit_fill` decision**: a group of one member. Context: {region, spaces (how many go on),
  candidates [[owner, state, count], ...], reason ("castillo", "eviction" or "refill"), chooser}. Its move
  is `fill_limit` {states: [{seat, state, count}, ...]} naming exactly `spaces` candidates; the default
  is G82's order (`fill_order`). The fill is a caballeros_moved event with reason "limit_fill" (G47) or
  "refill" (G48), each move [owner, state beside, region, count]. It is not a move: marks and bonus
  moves stay (G29, G50).
- **d7_move_limit_board** (G66; rulings B10, B24): declaration {area} or, when the region holds more
  eligible caballeros than the board has spaces, {area, on: [{seat, state, count}, ...]}; its one step
  ("limit_board", region, beside) makes a `limit_board_moved` event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.elgrande import data
from engine.elgrande.expansion import pieces
from engine.elgrande.expansion.pieces import BLACK, Cab
from engine.elgrande.hooks import Json, Move, Rules
from engine.elgrande.moves import integer, items, text
from engine.elgrande.state import NOWHERE, change
from engine.errors import IllegalMove, MalformedMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

SIMULTANEOUS = frozenset({"castillo", "eviction"})  # G47, ruling B9
FILLS = frozenset({"limit_fill", "refill"})  # G47, G48: not moves
MOVE_EVENTS = frozenset({"caballeros_moved", "caballeros_placed", "court_supplemented"})
OFF_BOARD = frozenset({"court", "province", "out"})
CARD = "d7_move_limit_board"
UNELIGIBLE = frozenset({"captain", "viceroy"})  # G66
LISTED = 100  # at most this many complete fill_limit moves (G66: declarations per region) are listed;
# the rest are reached from the empty member ({"states": []}, {"area": r, "on": []}) with `partial`
Entry = tuple[Any, str, int]  # (owner, state name, count)


class Limit(Rules):
    """The limit board's simultaneous arrivals, refills and moves (G45-G49, G66)."""

    # Arrivals (G46, G47).

    def settle(self, s: State, seat: int | None, moves: list[Move], reason: str) -> list[Move]:
        out = super().settle(s, seat, moves, reason)
        if reason not in SIMULTANEOUS or s.limit == NOWHERE:
            return out
        on, beside = _ids(s.limit)
        arriving = sum(m[3] for m in out if m[2] in (on, beside))
        if not any(m[2] == beside for m in out) or not arriving:
            return out  # G47: all of them fit, so all went on (G16 setup arrivals always fit)
        merged: dict[tuple[Any, str], int] = {}
        rest: list[Move] = []
        for owner, frm, to, k in out:  # G47: otherwise all of them go beside
            if to in (on, beside):
                merged[owner, frm] = merged.get((owner, frm), 0) + k
            else:
                rest.append([owner, frm, to, k])
        return rest + [[owner, frm, beside, k] for (owner, frm), k in merged.items()]

    def after(self, s: State, e: Json) -> list[Json]:
        out = super().after(s, e)
        if e["type"] == "caballeros_moved" and e.get("reason") in SIMULTANEOUS:
            out += self._arrivals(s, e)
        return out

    def _arrivals(self, s: State, e: Json) -> list[Json]:
        """Returns G47's fill after simultaneous arrivals went beside: by the holder, among the arrivals."""
        if s.limit == NOWHERE or s.church < 0:  # G47, ruling A10: with no holder all stay beside
            return []
        _, beside = _ids(s.limit)
        free = self.spaces(s) - on_board(s)
        found: dict[tuple[Any, str], int] = {}
        for owner, frm, to, k in e["moves"]:
            if to != beside:
                continue
            cab = pieces.moved(pieces.state_of(frm, owner), s.limit, "beside", relocation=False)
            if s.limit in data.BASE_REGIONS:  # G38: a carrier arriving in Spain has cashed its tile in
                cab = (*cab[:3], "", -1, *cab[5:])
            key = (owner, pieces.name(cab))
            found[key] = found.get(key, 0) + k
        if free <= 0 or not found:
            return []
        candidates = [(o, n, k) for (o, n), k in found.items()]
        return self._fill(s, s.church, candidates, min(free, sum(found.values())), e["reason"])

    # Refills (G48, ruling B34).

    def step_end(self, s: State, seat: int | None) -> list[Json]:
        return [*self._refill(s, seat), *super().step_end(s, seat)]  # G20: the refill comes first

    def _refill(self, s: State, seat: int | None) -> list[Json]:
        if not s.limit_left or s.limit == NOWHERE or s.limit == s.king:  # G49: taboo in the King's region
            return []
        candidates = self.beside(s)
        spaces = min(self.spaces(s) - on_board(s), sum(k for _, _, k in candidates))
        if spaces <= 0:
            return []
        chooser = s.church if s.church >= 0 else seat  # G48, ruling A10
        if chooser is None:
            chooser = s.turn.seat if s.turn is not None else 0
        return self._fill(s, chooser, candidates, spaces, "refill")

    def _fill(self, s: State, chooser: int, candidates: list[Entry], spaces: int, reason: str) -> list[Json]:
        """Returns the fill event when the choice is automatic (R34, G4a), else the `limit_fill` decision."""
        candidates = sorted(candidates, key=_entry_key)
        if sum(k for _, _, k in candidates) <= spaces or len(candidates) == 1:  # G47, G48: automatic
            chosen = fill_order(s, chooser, candidates, spaces)
            return [fill_event(s, chooser, chosen, "refill" if reason == "refill" else "limit_fill")]
        context = {
            "region": data.AREAS[s.limit].id,
            "spaces": spaces,
            "candidates": [list(c) for c in candidates],
            "reason": reason,
            "chooser": chooser,
        }
        return [{"type": "decision_opened", "kind": "limit_fill", "members": [chooser], "context": context}]

    # The limit_fill decision (G47, G48, G81, G82).

    def check_choice(self, s: State, kind: str, context: Any, seat: int, move: Json) -> Any:
        if kind != "limit_fill":
            return super().check_choice(s, kind, context, seat, move)
        if move.get("type") != "fill_limit":
            raise MalformedMove(N_("malformed move {move}: limit_fill takes fill_limit"), move=repr(move))
        chosen = _entries(s, move, move["states"], "states")
        _check_within(
            move, chosen, _candidates(context), int(context["spaces"]), "G47" if _g47(context) else "G48"
        )
        return [list(c) for c in chosen]

    def choice_moves(
        self, s: State, kind: str, context: Any, seat: int, partial: Json | None
    ) -> list[Json] | None:
        if kind != "limit_fill":
            return super().choice_moves(s, kind, context, seat, partial)
        candidates, spaces = _candidates(context), int(context["spaces"])
        rule = "G47" if _g47(context) else "G48"
        if partial is None:
            combos = _combos(candidates, spaces)  # G82's default is always among them
            default = sorted(fill_order(s, seat, candidates, spaces), key=_entry_key)
            if default not in combos:
                combos.append(default)
            return [{"type": "fill_limit", "states": _json(c)} for c in combos]
        return [
            {"type": "fill_limit", "states": st, "complete": done}
            for st, done in _grow(s, partial, "states", candidates, spaces, rule)
        ]

    def default_choice(self, s: State, kind: str, context: Any, seat: int) -> Json | None:
        if kind != "limit_fill":
            return super().default_choice(s, kind, context, seat)
        chosen = fill_order(s, seat, _candidates(context), int(context["spaces"]))  # G82, ruling B28
        return {"type": "fill_limit", "states": _json(chosen)}

    def resolve(self, s: State, kind: str, context: Any, choices: list[list[Any]]) -> list[Json] | None:
        if kind != "limit_fill":
            return super().resolve(s, kind, context, choices)
        seat, chosen = choices[0]
        entries = [(o, n, k) for o, n, k in chosen]
        return [fill_event(s, seat, entries, "limit_fill" if _g47(context) else "refill")]

    # d7_move_limit_board (G66).

    def declare(self, s: State, seat: int, card: str, move: Json) -> tuple[list[Any], Json] | None:
        if card != CARD:
            return super().declare(s, seat, card, move)
        extra = set(move) - {"type", "default", "area", "on"}
        if extra or "area" not in move:
            raise MalformedMove(
                N_("malformed move {move}: {card} takes area and, when needed, on"),
                move=repr(move),
                card=CARD,
            )
        dst = area_named(s, move, move["area"], "area")
        self.check_destination(s, move, dst)
        eligible = self.eligible(s, dst)
        spaces = self.spaces(s)
        action: Json = {"area": data.AREAS[dst].id}
        if sum(k for _, _, k in eligible) <= spaces:  # G66: all go on
            if "on" in move:
                raise illegal(
                    move,
                    N_("all {count} eligible caballero(s) go on"),
                    "G66",
                    count=sum((k for _, _, k in eligible)),
                )
            return [("limit_board", dst, ())], action
        if "on" not in move:
            raise illegal(
                move, N_("name the {spaces} caballeros that go on the limit board (on)"), "G66", spaces=spaces
            )
        on = _entries(s, move, move["on"], "on")
        _check_within(move, on, eligible, spaces, "G66")
        taken = {(o, n): k for o, n, k in on}
        rest = tuple((o, n, k - taken.get((o, n), 0)) for o, n, k in eligible if k > taken.get((o, n), 0))
        return [("limit_board", dst, rest)], {**action, "on": _json(on)}

    def check_destination(self, s: State, move: Json, dst: int) -> None:
        """Raises unless the limit board may move into `dst` (G49, G66, ruling B10)."""
        if dst == data.CASTILLO:
            raise illegal(move, N_("the limit board never lies on the castillo"), "G49")
        if dst == data.FRANCE:
            raise illegal(move, N_("the limit board never lies in france"), "G49")
        if s.limit != NOWHERE and s.limit == s.king:
            raise illegal(
                move,
                N_("the limit board lies in the King's region {area}"),
                "G66",
                area=data.AREAS[s.king].id,
            )
        if dst == s.king:
            raise illegal(move, N_("the King stands in {area}"), "G66", area=data.AREAS[dst].id)
        if dst == s.limit:
            raise illegal(move, N_("the limit board already lies in {area}"), "G66", area=data.AREAS[dst].id)

    def targets(self, s: State) -> list[int]:
        """Returns the regions the limit board may move into now (G66)."""
        if s.limit != NOWHERE and s.limit == s.king:
            return []
        return [r for r in s.regions if r not in (data.FRANCE, s.king, s.limit)]

    def declarations(self, s: State, seat: int, card: str, partial: Json | None) -> list[Json] | None:
        if card != CARD:
            return super().declarations(s, seat, card, partial)
        spaces = self.spaces(s)
        if partial is None:
            out: list[Json] = []
            for r in self.targets(s):
                eligible = self.eligible(s, r)
                rid = data.AREAS[r].id
                if sum(k for _, _, k in eligible) <= spaces:
                    out.append({"area": rid})
                    continue
                out += [{"area": rid, "on": _json(c)} for c in _combos(eligible, spaces)]
            return out
        if "on" not in partial or "area" not in partial:
            return []
        dst = area_named(s, partial, partial["area"], "area")
        self.check_destination(s, partial, dst)
        return [
            {**partial, "on": st, "complete": done}
            for st, done in _grow(s, partial, "on", self.eligible(s, dst), spaces, "G66")
        ]

    def carry_out(self, s: State, step: tuple[Any, ...]) -> list[Json] | None:
        if step[0] != "limit_board":
            return super().carry_out(s, step)
        _, dst, rest = step
        return [
            {
                "type": "limit_board_moved",
                "seat": s.turn.seat if s.turn is not None else None,
                "from": data.AREAS[s.limit].id if s.limit != NOWHERE else None,
                "to": data.AREAS[dst].id,
                "beside": [list(x) for x in rest],
            }
        ]

    # Folding (G45-G48, G66).

    def fold(self, s: State, e: Json, kw: Json) -> None:
        super().fold(s, e, kw)
        kind = e["type"]
        if kind == "limit_board_moved":
            kw["cabs"] = _board_moved(s, e)
            kw["limit"] = data.AREA_INDEX[e["to"]]
            kw["limit_left"] = False
            return
        if kind not in MOVE_EVENTS or s.limit == NOWHERE:
            return
        if e.get("reason") in FILLS:
            kw["cabs"] = _filled(s, e)  # G29: a refill is not a move
        after = change(s, kw)
        left = s.limit_left or any(_leaves(s, m) for m in e["moves"])
        owed = left and self.spaces(s) > on_board(after) and bool(self.beside(after))  # G48
        if owed != s.limit_left:
            kw["limit_left"] = owed

    def view(self, s: State, out: Json) -> None:
        super().view(s, out)
        if "limit_board" in out:  # G80: who is on or beside it is public
            out["limit_board"]["beside"] = sum(k for _, _, k in self.beside(s))
            out["limit_board"]["refill_owed"] = s.limit_left  # G48: a caballero left it during this step

    # Queries.

    def spaces(self, s: State) -> int:
        """Returns the limit board's spaces (G7)."""
        return data.LIMIT_SPACES[s.seats]

    def beside(self, s: State) -> list[Entry]:
        """Returns the caballeros beside the limit board: (owner, state name, count)."""
        if s.limit == NOWHERE:
            return []
        return [(c[1], pieces.name(c), k) for c, k in pieces.in_area(s, s.limit) if c[2] == "beside"]

    def eligible(self, s: State, region: int) -> list[Entry]:
        """Returns the caballeros of `region` that may go on a limit board moved there (G66)."""
        return sorted(
            ((c[1], pieces.name(c), k) for c, k in pieces.in_area(s, region) if c[2] not in UNELIGIBLE),
            key=_entry_key,
        )


def on_board(s: State) -> int:
    """Returns the caballeros on the limit board: ordinary ones in its region (G45)."""
    if s.limit == NOWHERE:
        return 0
    return sum(k for c, k in pieces.in_area(s, s.limit) if c[2] == "")


def illegal(move: Json, why: str, rule: str, **params: object) -> IllegalMove:
    """Returns the IllegalMove for `move` with a reason citing `rule` (as `turn.illegal`)."""
    return IllegalMove(
        N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=Text(why, **params)
    )


def area_named(s: State, move: Json, name: Any, what: str) -> int:
    """Returns the index of the Castillo or a region in play named `name` (as `turn.area`)."""
    idx = data.AREA_INDEX.get(text(move, name, what), -1)
    if idx != data.CASTILLO and idx not in s.regions:
        raise MalformedMove(
            N_("malformed move {move}: unknown {what} {name}"), move=repr(move), what=what, name=repr(name)
        )
    return idx


def _ids(region: int) -> tuple[str, str]:
    """Returns the spots on and beside the limit board in `region`."""
    return data.AREAS[region].id, pieces.spot_name(region, "beside")


def _leaves(s: State, m: list[Any]) -> bool:
    """Returns whether the move [owner, from, to, k] takes caballeros off the limit board (G48)."""
    _, frm, to, _ = m
    src = pieces.parse(frm) if frm not in OFF_BOARD else None
    if src is None or src.area != s.limit or src.position not in (None, ""):
        return False
    dst = pieces.parse(to) if to not in OFF_BOARD else None
    return dst is None or dst.area != s.limit or dst.position not in (None, "")


def _filled(s: State, e: Json) -> tuple[tuple[Cab, int], ...]:
    """Returns `State.cabs` after a fill: each state keeps its tile, mark and bonus move, now on the board."""
    cabs = dict(s.cabs)
    for owner, frm, _, k in e["moves"]:
        cab = pieces.state_of(frm, owner)
        pieces.add(cabs, cab, -k)
        pieces.add(cabs, (cab[0], cab[1], "", *cab[3:]), k)
    return pieces.frozen(cabs)


def _board_moved(s: State, e: Json) -> tuple[tuple[Cab, int], ...]:
    """Returns `State.cabs` after the board moved: the old region's count again, the named ones stay beside."""
    cabs = dict(s.cabs)
    for cab, k in s.cabs:
        if cab[0] == s.limit and cab[2] == "beside":  # G66: the old region's caballeros all count again
            pieces.add(cabs, cab, -k)
            pieces.add(cabs, (cab[0], cab[1], "", *cab[3:]), k)
    for owner, name, k in e["beside"]:
        cab = pieces.state_of(name, owner)
        pieces.add(cabs, cab, -k)
        pieces.add(cabs, (cab[0], cab[1], "beside", *cab[3:]), k)
    return pieces.frozen(cabs)


def fill_event(s: State, seat: int | None, chosen: list[Entry], reason: str) -> Json:
    """Returns the caballeros_moved event that puts `chosen` (states beside the board) on it."""
    on, _ = _ids(s.limit)
    moves = [[o, n, on, k] for o, n, k in sorted(chosen, key=_entry_key) if k]
    return {"type": "caballeros_moved", "seat": seat, "reason": reason, "moves": moves}


def fill_order(s: State, chooser: int, candidates: list[Entry], spaces: int) -> list[Entry]:
    """Returns G82's default fill: the chooser's colour, then black if he holds it, then the other colours
    clockwise from him, each followed by black if that player holds it; unowned black last. Within a
    colour, G4a's order (ruling B28)."""
    owners: list[Any] = []
    for i in range(s.seats):
        p = (chooser + i) % s.seats
        owners.append(p)
        if s.church == p:
            owners.append(BLACK)
    if s.church < 0:
        owners.append(BLACK)
    out: list[Entry] = []
    left = spaces
    for owner in owners:
        mine = [(pieces.state_of(n, o), n, k) for o, n, k in candidates if o == owner]
        mine.sort(key=lambda x: pieces.pick_key(x[0], chooser, s.seats))
        for _, n, k in mine:
            take = min(k, left)
            if take:
                out.append((owner, n, take))
                left -= take
    return out


def _entry_key(entry: Entry) -> tuple[Any, ...]:
    owner, name, _ = entry
    return (99 if owner == BLACK else owner, name)


def _g47(context: Any) -> bool:
    return context.get("reason") in SIMULTANEOUS


def _candidates(context: Any) -> list[Entry]:
    return [(o, n, k) for o, n, k in context["candidates"]]


def _json(entries: list[Entry]) -> list[Json]:
    return [{"seat": o, "state": n, "count": k} for o, n, k in entries]


def _entries(s: State, move: Json, raw: Any, what: str) -> list[Entry]:
    """Returns the checked entries [{seat, state, count}, ...] of a move, merged and sorted."""
    merged: dict[tuple[Any, str], int] = {}
    for entry in items(move, raw, what):
        if not isinstance(entry, dict) or set(entry) != {"seat", "state", "count"}:
            raise MalformedMove(
                N_("malformed move {move}: each {what} entry is {{seat, state, count}}"),
                move=repr(move),
                what=what,
            )
        owner: Any = entry["seat"]
        if owner != BLACK:
            owner = integer(move, owner, f"{what}[].seat")
            if not 0 <= owner < s.seats:
                raise MalformedMove(
                    N_("malformed move {move}: no seat {owner}"), move=repr(move), owner=owner
                )
        name = text(move, entry["state"], f"{what}[].state")
        k = integer(move, entry["count"], f"{what}[].count")
        if k < 1:
            raise MalformedMove(
                N_("malformed move {move}: {what} counts must be ≥ 1"), move=repr(move), what=what
            )
        merged[owner, name] = merged.get((owner, name), 0) + k
    return sorted(((o, n, k) for (o, n), k in merged.items()), key=_entry_key)


def _check_from(move: Json, chosen: list[Entry], candidates: list[Entry], rule: str) -> None:
    """Raises unless each of `chosen` takes no more caballeros of its state than the candidates hold."""
    have = {(o, n): k for o, n, k in candidates}
    for o, n, k in chosen:
        if have.get((o, n), 0) < k:
            raise illegal(
                move,
                N_("only {have} of seat {o} in state {n} may go on"),
                rule,
                have=have.get((o, n), 0),
                o=o,
                n=n,
            )


def _check_within(move: Json, chosen: list[Entry], candidates: list[Entry], spaces: int, rule: str) -> None:
    """Raises unless `chosen` takes exactly `spaces` caballeros, each from the candidates (G47, G48, G66)."""
    _check_from(move, chosen, candidates, rule)
    total = sum(k for _, _, k in chosen)
    if total != spaces:
        raise illegal(
            move,
            N_("exactly {spaces} caballero(s) go on the limit board, not {total}"),
            rule,
            spaces=spaces,
            total=total,
        )


def _combos(candidates: list[Entry], spaces: int) -> list[list[Entry]]:
    """Returns the ways to take exactly `spaces` of the candidates: all of them, or the first LISTED."""
    out: list[list[Entry]] = []

    def walk(i: int, left: int, acc: list[Entry]) -> None:
        if len(out) >= LISTED:
            return
        if left == 0:
            out.append(list(acc))
            return
        if i == len(candidates) or left > sum(k for _, _, k in candidates[i:]):
            return
        o, n, k = candidates[i]
        for take in range(min(k, left), -1, -1):
            walk(i + 1, left - take, [*acc, (o, n, take)] if take else acc)

    walk(0, spaces, [])
    return out


def _grow(
    s: State, partial: Json, key: str, candidates: list[Entry], spaces: int, rule: str
) -> list[tuple[list[Json], bool]]:
    """Returns the one-step extensions of `partial[key]`: one more caballero of each candidate state."""
    chosen = _entries(s, partial, partial.get(key, []), key)
    _check_from(partial, chosen, candidates, rule)
    total = sum(k for _, _, k in chosen)
    if total >= spaces:
        return []
    taken = {(o, n): k for o, n, k in chosen}
    out = []
    for o, n, k in candidates:
        if taken.get((o, n), 0) < k:
            grown = dict(taken)
            grown[o, n] = grown.get((o, n), 0) + 1
            entries = sorted(((a, b, c) for (a, b), c in grown.items()), key=_entry_key)
            out.append((_json(entries), total + 1 == spaces))
    return out
