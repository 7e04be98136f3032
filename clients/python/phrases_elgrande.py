"""El Grande's log lines: one phrase per event type (engine.elgrande's EVENTS table).

Caballero moves are `[owner, from, to, count]`; regions are ids (`old_castile`), shown as
names; the court and the provinces are the places "court" and "province".
"""

from __future__ import annotations

from clients.python.phrases import Json, Names, Phrase, region, result, who, words


def _place(ident: str) -> str:
    return ident if ident in ("court", "province") else region(ident)


def _moves(moves: list[list], names: Names, *, owner: bool = True) -> str:
    """Returns `Ana court→Old Castile 2, …` (without the owner when it is the actor's own)."""
    parts = []
    for seat, src, dst, count in moves:
        mine = f"{who(names, seat)} " if owner else ""
        parts.append(f"{mine}{_place(src)}→{_place(dst)} {count}")
    return ", ".join(parts) or "none"


def _placed(e: Json, n: Names) -> str:
    moves = e.get("moves", [])
    total = sum(m[3] for m in moves)
    if not total:
        return f"{who(n, e.get('seat'))} placed no caballeros"
    where = ", ".join(f"{_place(m[2])} {m[3]}" for m in moves)
    return f"{who(n, e.get('seat'))} placed {total} caballero{'s' * (total != 1)}: {where}"


def _played(e: Json, n: Names) -> str:
    text = f"{who(n, e.get('seat'))} played power card {e.get('value', '?')}"
    order = e.get("order")
    return text + (f"; turn order {', '.join(who(n, s) for s in order)}" if order else "")


def _turn(e: Json, n: Names) -> str:
    text = (
        f"{who(n, e.get('seat'))}'s turn: {e.get('intake', 0)} caballero(s) from the provinces to the court"
    )
    short = e.get("supplement", 0)
    return text + (f" ({short} short)" if short else "")


def _declared(e: Json, n: Names) -> str:
    action = e.get("action") or {}
    parts = [f"{k} {_value(v, n)}" for k, v in sorted(action.items()) if k != "sealed" and v is not None]
    parts += [f"scoring {', '.join(region(a) for a in e['areas'])}"] if e.get("areas") else []
    parts += ["(sealed)"] if action.get("sealed") else []
    body = "; ".join(parts) or "no choices"
    return f"{who(n, e.get('seat'))} declared {e.get('card')}: {body}"


def _value(value: object, n: Names) -> str:
    """Returns a declared field: regions by name, caballero moves as arrows, lists joined."""
    if isinstance(value, list):
        items = [
            f"{who(n, v.get('seat'))} {_place(v.get('from', v.get('region', '?')))}"
            + (f"→{_place(v['to'])}" if "to" in v else "")
            if isinstance(v, dict)
            else _place(str(v))
            for v in value
        ]
        return ", ".join(items) or "none"
    return _place(str(value))


def _scored(e: Json, n: Names) -> str:
    points = [(s, p) for s, p in enumerate(e.get("points", [])) if p]
    gains = ", ".join(f"{who(n, s)} +{p}" for s, p in points) or "nobody scores"
    mode = f" ({words(e['mode'])})" if e.get("mode") else ""
    return f"{_place(e.get('area', '?'))} scored{mode}: {gains}"


def _choice(e: Json, n: Names) -> str:
    if e.get("sealed") or "choice" not in e:
        return f"{who(n, e.get('seat'))} made a sealed choice ({words(e.get('kind'))})"
    return f"{who(n, e.get('seat'))} chose {_value(e['choice'], n)} ({words(e.get('kind'))}; sealed from the others)"


def _revealed(e: Json, n: Names) -> str:
    kind = e.get("kind", "")
    if kind == "veto_answer":
        answers = ", ".join(
            f"{who(n, s)} {'allows' if not c else f'vetoes from step {c}'}" for s, c in e.get("choices", [])
        )
        spent = (
            f"; vetoed by {who(n, e['vetoed_by'])} with {e.get('spent')}"
            if e.get("vetoed_by") is not None
            else ""
        )
        return f"veto answers revealed: {answers}{spent}"
    choices = ", ".join(f"{who(n, s)} {_value(c, n)}" for s, c in e.get("choices", []))
    return f"choices revealed ({words(kind)}): {choices}"


def _scoreboard(e: Json, n: Names) -> str:
    if e.get("from"):
        return f"scoreboard {e.get('scoreboard')} moved from {region(e['from'])} to {region(e.get('to'))}"
    return f"scoreboard {e.get('scoreboard')} placed on {region(e.get('to'))}"


def _round_ended(e: Json, n: Names) -> str:
    nxt = e.get("next_start")
    return f"round {e.get('round')} ended" + (f"; {who(n, nxt)} starts the next" if nxt is not None else "")


def _started(e: Json, n: Names) -> str:
    homes = ", ".join(f"{who(n, s)} {region(h)}" for s, h in enumerate(e.get("homes", [])))
    return (
        f"game started: {len(e.get('rounds', []))} rounds, the King in {region(e.get('king'))}, "
        f"Grandes: {homes}; {who(n, e.get('start_player'))} starts"
    )


ELGRANDE: dict[str, Phrase] = {
    "game_started": _started,
    "round_started": lambda e, n: f"round {e.get('round')} began; offer: {', '.join(e.get('offer', []))}",
    "power_card_played": _played,
    "turn_started": _turn,
    "court_supplemented": lambda e, n: (
        f"{who(n, e.get('seat'))} supplemented the court: {_moves(e.get('moves', []), n, owner=False)}"
    ),
    "action_card_taken": lambda e, n: f"{who(n, e.get('seat'))} took action card {e.get('card')}",
    "caballeros_placed": _placed,
    "action_declared": _declared,
    "action_skipped": lambda e, n: f"{who(n, e.get('seat'))} skipped the action of {e.get('card')}",
    "caballeros_moved": lambda e, n: (
        f"caballeros moved ({words(e.get('reason', 'action'))}): {_moves(e.get('moves', []), n)}"
    ),
    "king_moved": lambda e, n: f"the King moved from {region(e.get('from'))} to {region(e.get('to'))}",
    "grande_moved": lambda e, n: (
        f"{who(n, e.get('seat'))}'s Grande moved from {region(e.get('from'))} to {region(e.get('to'))}"
    ),
    "scoreboard_placed": _scoreboard,
    "power_card_taken_back": lambda e, n: f"{who(n, e.get('seat'))} took a played power card back",
    "decision_opened": lambda e, n: (
        f"{words(e.get('kind'))} opened for {', '.join(who(n, s) for s in e.get('members', []))}"
    ),
    "choice_made": _choice,
    "choices_revealed": _revealed,
    "area_scored": _scored,
    "general_scoring_ended": lambda e, n: f"general scoring of round {e.get('round')} done",
    "turn_ended": lambda e, n: f"{who(n, e.get('seat'))}'s turn ended",
    "round_ended": _round_ended,
    "game_ended": result,
}
"""Phrases of El Grande's events, by type."""
