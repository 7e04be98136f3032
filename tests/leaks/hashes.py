"""Brute-forces the hash of every entry that hides something from the viewer who got it.

For each target the candidate hidden facts of its event type go back where the redaction took
them out (a Kabale card, in the column the event shows; an El Grande disc region, veto answer,
King-returns sources, power-card value), with the move that would have caused them as the
entry's `cause`, under every idempotency key the viewer can guess (`p<seat>-<n>` around the
number of moves it saw that seat make, the `deadline:<seat>:<prompt>` of the `seat_timed_out`
before it, none). Each candidate is hashed as format 1 (SHA-256 of the entry without `hash`) and
as format 2 (with the `prev` hash the viewer saw before it, and every salt the viewer could know:
none while the game runs, so only the guesses "" and zeros). A match is a recovery unless the
move's other entries show the viewer the same fact. Candidates are hashed from one template
text per entry (canonical JSON with placeholders), about a microsecond each.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterator
from typing import Any

from engine.kabale.cards import DECK
from tests.leaks.checks import Inspector, Target
from tests.leaks.collect import EG_AREAS
from tests.leaks.truth import SALT, canon

Json = dict[str, Any]
F, M, K = "\x01F", "\x01M", "\x01K"
GUESSED_SALTS = ("", "0" * 64)
SOURCES = ("court", *(a for a in EG_AREAS if a != "castillo"))


LF, LM, LK = (canon(x) for x in (F, M, K))  # the placeholders as they appear in canonical text


def attack(inspector: Inspector) -> None:
    """Tries every target of the inspector's table; counts candidates and recoveries."""
    for target in inspector.targets.values():
        tried, found = crack(inspector, target)
        inspector.tally.check(
            "hash",
            found is None,
            f"{target.knower} v{target.entry['v']}: {found} (from {canon(target.entry)[:160]})",
            count=tried,
        )


def crack(inspector: Inspector, target: Target) -> tuple[int, Any]:
    """Returns (candidates hashed, the recovered candidate or None) for one target."""
    entry, served = target.entry, inspector.served.get(target.knower, {})
    edited, pairs = candidates(inspector.table.name, entry, inspector.table.seats)
    if not pairs:
        return 0, None
    body = {k: v for k, v in entry.items() if k not in ("hash", "redacted")}
    if edited is not None:
        body["event"] = edited
    if "cause" in body and (body["cause"] or {}).get("move") is None:
        body["cause"] = {"move": M, "idempotency_key": K}
    schemes = [canon(body)]  # format 1: the entry as stored, without its hash
    prev = inspector.hashes.get(int(entry["v"]) - 1)
    if "prev" not in entry and prev is not None:  # format 2: with the derived prev and a salt
        salts = [*GUESSED_SALTS, *known_salts(inspector, target)]
        schemes += [canon(body | {"prev": prev, "salt": salt}) for salt in salts]
    keys = [canon(k) for k in guessed_keys(entry, served)] if LM in schemes[0] else ["null"]
    deadline, tried, goal = entry.get("actor") == "deadline", 0, entry["hash"]
    for value, move in pairs:
        if deadline and move is not None:
            move = {**move, "default": True}
        shown_value, shown_move = canon(value), canon(move)
        filled = [s.replace(LF, shown_value).replace(LM, shown_move) for s in schemes]
        for text, key in itertools.product(filled, keys):
            tried += 1
            hit = hashlib.sha256(text.replace(LK, key).encode()).hexdigest() == goal
            if hit and not known_in_group(entry, served, value):
                return tried, {"value": value, "move": move, "key": key}
    return tried, None


def known_salts(inspector: Inspector, target: Target) -> list[str]:
    """Returns the salts the viewer could know: all of them once the game is over, else none."""
    if target.knower != "all":
        return []
    return [SALT(inspector.truth.seed, int(target.entry["v"]))]


def guessed_keys(entry: Json, served: dict[int, Json]) -> list[str | None]:
    """Returns the idempotency keys a viewer would try for the move of `entry`."""
    v, actor = int(entry["v"]), entry.get("actor")
    keys: list[str | None] = [None]
    if isinstance(actor, dict):
        seat = actor.get("seat")
        groups = {_group(e) for w, e in served.items() if w < v and e.get("actor") == actor}
        keys += [f"p{seat}-{n}" for n in range(max(1, len(groups) - 1), len(groups) + 4)]
    elif actor == "deadline":
        timed = [e["event"] for w, e in sorted(served.items()) if w < v and _type(e) == "seat_timed_out"]
        keys += [f"deadline:{t['seat']}:{t['prompt']}" for t in timed[-1:]]
    return keys


def _group(entry: Json) -> Any:
    return entry.get("group", (entry.get("t"), canon(entry.get("cause"))))


def _type(entry: Json) -> str:
    return str((entry.get("event") or {}).get("type", ""))


def known_in_group(entry: Json, served: dict[int, Json], value: Any) -> bool:
    """Tells whether another entry of the same move shows the viewer `value` as the same seat's."""
    seat = (entry.get("event") or {}).get("seat")
    for other in served.values():
        if other is entry or _group(other) != _group(entry) or other.get("v") == entry.get("v"):
            continue
        text = canon(other.get("event"))
        if canon([seat, value]) in text or (f'"seat":{canon(seat)}' in text and canon(value) in text):
            return True
    return False


def candidates(game: str, entry: Json, seats: int) -> tuple[Json | None, list[tuple[Any, Json | None]]]:
    """Returns the event with a placeholder where a hidden value was taken out (None: the event is
    whole), and the (value, move) pairs to try."""
    event = dict(entry.get("event") or {})
    cause_hidden = (entry.get("cause") or {}).get("move", 0) is None
    if game == "kabale":
        return _kabale(event, seats, cause_hidden)
    return _elgrande(event, cause_hidden)


def _kabale(event: Json, seats: int, cause_hidden: bool) -> tuple[Json | None, list[tuple[Any, Any]]]:
    match event.get("type"):
        case "card_played" if "card" not in event:
            play = [(x, {"type": "play", "card": x, "column": event.get("column")}) for x in DECK]
            return {**event, "card": F}, play
        case "card_tucked" if "card" not in event:
            return {**event, "card": F}, [(x, {"type": "tuck", "card": x}) for x in DECK]
        case "cards_drawn" if "cards" not in event and event.get("count") == 1:
            return {**event, "cards": F}, [([x], None) for x in DECK]
    if not cause_hidden:
        return None, []
    return None, [(None, m) for m in _kabale_moves(seats)]


def _kabale_moves(seats: int) -> Iterator[Json]:
    yield from ({"type": "play", "card": x, "column": c} for x in DECK for c in range(seats))
    yield from ({"type": "tuck", "card": x} for x in DECK)
    yield from ({"type": "swap", "column": c} for c in range(seats))
    yield {"type": "decline"}


def _elgrande(event: Json, cause_hidden: bool) -> tuple[Json | None, list[tuple[Any, Any]]]:
    match event.get("type"):
        case "choice_made" if "choice" not in event:
            edited = {k: v for k, v in event.items() if k != "sealed"} | {"choice": F}
            return edited, list(_choices(str(event.get("kind"))))
        case "action_declared" if (event.get("action") or {}).get("sealed"):
            return {**event, "action": {"value": F}}, [(v, _back(v)) for v in range(1, 14)]
        case "power_card_taken_back" if "value" not in event:
            return {**event, "value": F}, [(v, _back(v)) for v in range(1, 14)]
    if not cause_hidden:
        return None, []
    kinds = ("castillo_disc", "veto_answer", "king_returns_choice")
    return None, [(None, m) for kind in kinds for _, m in _choices(kind)] + [
        (None, _back(v)) for v in range(1, 14)
    ]


def _back(value: int) -> Json:
    return {"type": "declare_action", "value": value}


def _choices(kind: str) -> Iterator[tuple[Any, Json]]:
    """Yields (sealed choice, move) of every answer a decision of `kind` could have."""
    if kind == "veto_answer":
        yield 0, {"type": "answer_veto", "answer": "allow"}
        yield from ((k, {"type": "answer_veto", "answer": "veto", "from": k}) for k in range(1, 7))
    elif kind == "king_returns_choice":
        for n in (1, 2, 3):
            for sources in itertools.product(SOURCES, repeat=n):
                yield list(sources), {"type": "return_caballeros", "sources": list(sources)}
    else:
        yield from ((r, {"type": "choose_region", "region": r}) for r in EG_AREAS)
