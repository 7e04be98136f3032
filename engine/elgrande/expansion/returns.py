"""Returns chosen by their owner name caballero states (G81, G42, G42a, G82; rulings B25, B28).

`Returns` is a layer of `InquisitorColonies`. In return_two_disc (M3) and king_returns_choice
(M6) a player may name which of his caballeros go back: their positions, marks and bonus
moves, and, as the Grand Inquisitor's holder, his black ones (which leave the game, G42).

- A name is exact here: a state's full name as events write it (`pieces.name`: `galicia` is an
  ordinary or on-the-board caballero without mark or bonus move, `galicia_beside`, `galicia*`,
  `caravel_captain^`), with `black:` before a black one. Tile carriers are never returned (G42).
- M3: `choose_region` with `sources` (min(2, returnable) names, all in `region`); without
  `sources` the choice names no position and takes in G82's order. Its checked choice is
  {"region", "take"} (or the region id alone).
- M6: `return_caballeros` with `sources` ("court" or names, min(3, available) entries). Its
  checked choice is {"take"}. A forced choice (R34) stays the base's list of regions, which names
  no position either.
- G82's order for what a choice leaves open: the player's own colour before black ones, then
  G4a's order (positions in G42a's order). Defaults (D9, D11) take in that order.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from engine.elgrande import data, groups
from engine.elgrande.expansion import pieces
from engine.elgrande.expansion.pieces import BLACK
from engine.elgrande.hooks import Json, Move, Rules
from engine.errors import IllegalMove, MalformedMove, Text
from engine.i18n import N_

if TYPE_CHECKING:
    from engine.elgrande.state import State

BLACK_PREFIX = "black:"
TWO, KING = "return_two_disc", "king_returns_choice"
NEED = {TWO: 2, KING: 3}  # M3, M6


def returnable_states(s: State, seat: int, area: int) -> list[tuple[str, int]]:
    """Returns the states `seat` may return from `area` with their counts, in G82's order:
    own before the holder's black ones, then G4a's order; tile carriers never (G42, ruling A11)."""
    owners: list[int | str] = [seat, BLACK] if s.church == seat else [seat]
    out: list[tuple[str, int]] = []
    for owner in owners:
        found = [(c, n) for c, n in pieces.states(s, area, owner) if not c[3]]
        found.sort(key=lambda x: pieces.pick_key(x[0], seat, s.seats))
        prefix = BLACK_PREFIX if owner == BLACK else ""
        out += [(prefix + pieces.name(c), n) for c, n in found if n > 0]
    return out


def first(items: list[tuple[str, int]], k: int) -> list[str]:
    """Returns the first k names of `items` (each repeated by its count): G82's picks."""
    out: list[str] = []
    for name, n in items:
        out += [name] * min(n, k - len(out))
    return out


def multisets(items: list[tuple[str, int]], need: int) -> list[list[str]]:
    """Returns every multiset of `need` names that `items` can give, in their order."""
    have = dict(items)
    return [
        list(combo)
        for combo in combinations_with_replacement([n for n, _ in items], need)
        if all(combo.count(n) <= have[n] for n in set(combo))
    ]


class Returns(Rules):
    """Returns chosen by their owner name states, the holder's black ones included (G81, G42a)."""

    def choice_moves(
        self, s: State, kind: str, context: Any, seat: int, partial: Json | None
    ) -> list[Json] | None:
        if kind == TWO:
            out: list[Json] = []
            for region in groups.legal_choices(s, kind, context, seat):
                out.append({"type": "choose_region", "region": region})
                items = returnable_states(s, seat, data.AREA_INDEX[region])
                combos = multisets(items, min(NEED[kind], sum(n for _, n in items)))
                if len(combos) > 1:  # G42a: the owner names the positions
                    out += [{"type": "choose_region", "region": region, "sources": c} for c in combos]
            return out
        if kind == KING:
            items = self._king_items(s, seat)
            combos = multisets(items, min(NEED[kind], sum(n for _, n in items)))
            return [{"type": "return_caballeros", "sources": c} for c in combos]
        return super().choice_moves(s, kind, context, seat, partial)

    def default_choice(self, s: State, kind: str, context: Any, seat: int) -> Json | None:
        if kind != KING:
            return super().default_choice(s, kind, context, seat)  # M3: D9's region, G82's order within it
        regions = groups.king_returns_default(s, seat)  # D11
        return {"type": "return_caballeros", "sources": self._named(s, seat, regions)}

    def check_choice(self, s: State, kind: str, context: Any, seat: int, move: Json) -> Any:
        if kind == TWO and "sources" in move:
            region, legal = move.get("region"), groups.legal_choices(s, kind, context, seat)
            if not isinstance(region, str) or region not in legal:
                raise IllegalMove(
                    N_("illegal move {move}: {region} is not a legal {kind} choice; legal: {legal} (X20)"),
                    rule="X20",
                    move=repr(move),
                    region=repr(region),
                    kind=kind,
                    legal=", ".join(legal),
                )
            items = returnable_states(s, seat, data.AREA_INDEX[region])
            need = min(NEED[kind], sum(n for _, n in items))
            return {"region": region, "take": _checked(move, items, need, "X20")}
        if kind == KING:
            items = self._king_items(s, seat)
            need = min(NEED[kind], sum(n for _, n in items))
            return {"take": _checked(move, items, need, "M6")}
        return super().check_choice(s, kind, context, seat, move)

    def resolve(self, s: State, kind: str, context: Any, choices: list[list[Any]]) -> list[Json] | None:
        if kind not in NEED:
            return super().resolve(s, kind, context, choices)
        moves: list[Move] = []
        for p, choice in sorted(choices, key=lambda c: c[0]):
            for name, n in Counter(self._taken(s, kind, p, choice)).items():
                if name == "court":
                    moves.append([p, "court", "province", n])
                elif name.startswith(BLACK_PREFIX):
                    moves.append([BLACK, name.removeprefix(BLACK_PREFIX), "out", n])  # G42
                else:
                    moves.append([p, name, "province", n])
        seat = s.turn.seat if s.turn else None
        return (
            [{"type": "caballeros_moved", "seat": seat, "reason": "return", "moves": moves}] if moves else []
        )

    def _king_items(self, s: State, seat: int) -> list[tuple[str, int]]:
        """Returns what `seat` may return for d2_king_returns: court, then open regions' states (R26)."""
        items = [("court", s.court[seat])] if s.court[seat] else []
        for r in s.open_regions():
            items += returnable_states(s, seat, r)
        return items

    def _named(self, s: State, seat: int, sources: list[str]) -> list[str]:
        """Returns region-level sources ("court" or region ids) as names, in G82's order per region."""
        wanted = Counter(sources)
        out = ["court"] * wanted.pop("court", 0)
        for region, k in wanted.items():
            out += first(returnable_states(s, seat, data.AREA_INDEX[region]), k)
        return out

    def _taken(self, s: State, kind: str, seat: int, choice: Any) -> list[str]:
        """Returns the names a checked or forced choice takes (a choice that names none: G82's order)."""
        if isinstance(choice, dict):
            return list(choice["take"])
        if kind == TWO:
            items = returnable_states(s, seat, data.AREA_INDEX[choice])
            return first(items, NEED[kind])
        return self._named(s, seat, choice)


def _checked(move: Json, items: list[tuple[str, int]], need: int, rule: str) -> list[str]:
    """Returns the move's `sources` in `items`' order after checking them against `items` and `need`."""
    raw = move.get("sources")
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise MalformedMove(
            N_("malformed move {move}: sources must be a list of state names"), move=repr(move)
        )
    have = dict(items)
    order = {name: i for i, (name, _) in enumerate(items)}
    wrong = sorted({x for x in raw if x not in have})
    if wrong:
        legal = ", ".join(name for name, _ in items) or "none"
        raise IllegalMove(
            N_(
                "illegal move {move}: you cannot return {wrong}; name states you may return: {legal} (G42a, G42)"
            ),
            rule="G42a",
            move=repr(move),
            wrong=", ".join(wrong),
            legal=legal,
        )
    counts = Counter(raw)
    over = sorted(x for x, k in counts.items() if k > have[x])
    if over or len(raw) != need:
        why = (
            Text(N_("too many of {states}"), states=", ".join(over))
            if over
            else Text(N_("name exactly {need} caballeros, not {count}"), need=need, count=len(raw))
        )
        raise IllegalMove(N_("illegal move {move}: {why} ({rule})"), rule=rule, move=repr(move), why=why)
    return sorted(raw, key=lambda x: order[x])
