"""Checks that every move `decide` accepts can be built click by click from `legal_moves` (contract).

Random candidate moves of the large families (move, placement and removal declarations, the
batch, court supplements) are tried in random games; each accepted one must be listed as a root
and then reached one step at a time through `legal_moves(partial)`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.elgrande import data
from engine.errors import RuleViolation
from tests.conformance import fold, random_move
from tests.engine.elgrande.kit import game

Json = dict[str, Any]
IDS = [a.id for a in data.AREAS[:10]]
COUNTED = {"place_caballeros": "to", "supplement_court": "from"}


def clicks(move: Json) -> tuple[Json, list[Json]] | None:
    """Returns the root of `move`'s family and the partial moves leading to it, one click each."""
    for key in ("moves", "places", "removals"):
        if key in move:
            cur: Json = {"type": move["type"], key: []}
            root, path = cur, []
            for item in move[key]:
                if key == "moves":
                    path.append({**cur, key: [*cur[key], {"seat": item["seat"], "from": item["from"]}]})
                cur = {**cur, key: [*cur[key], item]}
                path.append(cur)
            return root, path
    key = COUNTED.get(move["type"], "supplement" if "supplement" in move else "")
    if not key:
        return None
    cur = root = {"type": move["type"], key: {}}
    path = []
    for area, k in sorted(move[key].items()):
        for _ in range(k):
            cur = {**cur, key: {**cur[key], area: cur[key].get(area, 0) + 1}}
            path.append(cur)
    return root, path


def _occupied(s: Any, seat: int, rnd: random.Random) -> str:
    """Returns a random open region where `seat` has a caballero (or any region if none)."""
    spots = [IDS[r] for r in s.open_regions() if s.board[r][seat]]
    return rnd.choice(spots or IDS[1:])


def candidates(s: Any, rnd: random.Random) -> Iterator[Json]:
    """Yields random moves of the large families (many illegal; decide sorts them out)."""
    for _ in range(12):
        owners = [rnd.randrange(s.seats) for _ in range(rnd.randint(1, 5))]
        moves = [{"seat": p, "from": _occupied(s, p, rnd), "to": rnd.choice(IDS)} for p in owners]
        yield {"type": "declare_action", "moves": moves}
        yield {"type": "declare_action", "places": [rnd.choice(IDS) for _ in range(rnd.randint(1, 2))]}
        hit = rnd.sample(range(s.seats), s.seats)
        yield {
            "type": "declare_action",
            "removals": [{"seat": p, "region": _occupied(s, p, rnd)} for p in hit],
        }
        yield {"type": "place_caballeros", "to": {rnd.choice(IDS): rnd.randint(1, 3)}}
        yield {"type": "declare_action", "supplement": {_occupied(s, s.turn.seat, rnd): rnd.randint(1, 2)}}
        yield {"type": "supplement_court", "from": {_occupied(s, s.turn.seat, rnd): rnd.randint(1, 3)}}


def unreachable(s: Any, seat: int, move: Json) -> str | None:
    """Returns why `move` cannot be built click by click, or None when it can."""
    found = clicks(move)
    if found is None:
        return None
    root, path = found
    if root not in game.legal_moves(s, seat):
        return f"root {root} not listed"
    cur = root
    for nxt in path:
        ext = [{k: v for k, v in m.items() if k != "complete"} for m in game.legal_moves(s, seat, cur)]
        if nxt not in ext:
            return f"{nxt} is not an extension of {cur}"
        cur = nxt
    return None


@pytest.mark.parametrize("seed", range(6))
def test_every_accepted_move_is_reachable_click_by_click(seed: int) -> None:
    rnd = random.Random(seed)
    seats = 2 + seed % 4
    s = fold(game, game.setup(seats, {}, f"reach-{seed}"))
    problems = []
    while game.result(s) is None:
        seat = rnd.choice(sorted(game.pending(s)))
        if game.pending(s)[seat]["kind"] in ("turn_step", "supplement_court"):
            for move in candidates(s, rnd):
                try:
                    game.decide(s, seat, move)
                except RuleViolation:
                    continue
                if why := unreachable(s, seat, move):
                    problems.append(f"{s.turn.card}: {move}: {why}")
        for event in game.decide(s, seat, random_move(game, s, seat, rnd)):
            s = game.evolve(s, event)
    assert problems == []


GARBAGE: list[Any] = [None, True, -1, 0, 3, 1.5, "", "castillo", "granada", "aragon", "atlantis", [], {}, [1]]
GARBAGE += [{"a": 1}, "court", {"seat": 0}, {"seat": 0, "from": "aragon"}, {"seat": True, "from": "aragon"}]
GARBAGE += [{"seat": 0, "region": "aragon"}, {"seat": 1, "from": "seville", "to": "castillo"}]


def garbage_partials(rnd: random.Random) -> Iterator[Json]:
    """Yields partial moves of the large families with random, mostly broken, contents."""
    for key in ("moves", "places", "removals", "supplement", "to", "from"):
        for kind in ("declare_action", "place_caballeros", "supplement_court"):
            values = [
                [rnd.choice(GARBAGE) for _ in range(rnd.randint(0, 3))],
                {rnd.choice(["aragon", "castillo", "granada", "x"]): rnd.choice(GARBAGE)},
                rnd.choice(GARBAGE),
            ]
            yield {"type": kind, key: rnd.choice(values)}


@pytest.mark.parametrize("seed", range(3))
def test_no_extension_of_a_broken_partial_is_a_refused_complete_move(seed: int) -> None:
    # contract: legal_moves(partial) refuses a bad prefix (RuleViolation) or offers only moves decide accepts
    rnd = random.Random(seed)
    s = fold(game, game.setup(3 + seed, {}, f"garbage-{seed}"))
    problems = []
    while game.result(s) is None:
        seat = rnd.choice(sorted(game.pending(s)))
        for partial in garbage_partials(rnd):
            try:
                options = game.legal_moves(s, seat, partial)
            except RuleViolation:
                continue
            for step in options:
                move = {k: v for k, v in step.items() if k != "complete"}
                if step["complete"] and (why := _refusal(s, seat, move)):
                    problems.append(f"{partial} -> {move}: {why}")
        for event in game.decide(s, seat, random_move(game, s, seat, rnd)):
            s = game.evolve(s, event)
    assert problems == []


def _refusal(s: Any, seat: int, move: Json) -> str | None:
    try:
        game.decide(s, seat, move)
    except RuleViolation as exc:
        return str(exc)
    return None
