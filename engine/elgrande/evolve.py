"""Folds El Grande events into the state: total, deterministic, never validates, never draws.

Every event is a fact decided earlier by `decide`; each branch only applies it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.elgrande import data, ruleset
from engine.elgrande.state import NOWHERE, Group, State, Turn, Veto, change, location, seated, transfer

Json = dict[str, Any]
LAST_EVENTS = 8


def evolve(state: State | None, event: Json) -> State:
    """Returns the state after `event`; `evolve(None, game_started)` starts the game."""
    if state is None:
        first = _started(event)
        kw: Json = {}
        if "fold" in first.rules.overrides:
            first.rules.fold(first, event, kw)
        return change(first, kw) if kw else first
    kw = _apply(state, event)
    if "fold" in state.rules.overrides:
        state.rules.fold(state, event, kw)
    kw["n"] = state.n + 1
    kw["last"] = (state.last + (event,))[-LAST_EVENTS:]
    return change(state, kw)


def _apply(s: State, e: Json) -> Json:
    """Returns the changed fields of the state after `e`."""
    match e["type"]:
        case "round_started":
            return _round_started(s, e)
        case "power_card_played":
            return _power_card_played(s, e)
        case "turn_started":
            return _turn_started(s, e)
        case "court_supplemented":
            return {**_moved(s, e), **_turn(s, stage="card")}
        case "action_card_taken":
            return _card_taken(s, e)
        case "caballeros_placed":
            return {**_moved(s, e), **_turn(s, placed=True, extra=_extra(s, e))}
        case "action_declared":
            return _declared(s, e)
        case "action_skipped":
            return _turn(s, acted=True)
        case "caballeros_moved":
            if e.get("reason") == "church" and s.turn is not None:  # O-C6 (a): the Church extra is used
                return {**_moved(s, e), **_turn(s, extra=True)}
            return _moved(s, e)
        case "area_scored":
            return {"scores": tuple(a + b for a, b in zip(s.scores, e["points"], strict=True))}
        case "king_moved":
            return {"king": data.AREA_INDEX[e["to"]]}
        case "grande_moved":
            return {"grandes": _set(s.grandes, e["seat"], data.AREA_INDEX[e["to"]])}
        case "scoreboard_placed":
            sb = data.SCOREBOARD_INDEX[e["scoreboard"]]
            return {"scoreboards": _set(s.scoreboards, sb, data.AREA_INDEX[e["to"]])}
        case "power_card_taken_back":
            return _taken_back(s, e)
        case "decision_opened":
            return _opened(s, e)
        case "choice_made":
            assert s.group is not None
            return {"group": replace(s.group, choices=s.group.choices + ((e["seat"], e["choice"]),))}
        case "choices_revealed":
            return _revealed(s, e)
        case "turn_ended":
            return _turn_ended(s)
        case "round_ended":
            return _round_ended(s, e)
        case "granada_conquered":
            return {"moorish": False}  # O-G4
        case "general_scoring_ended":
            return {"phase": "between"}
        case "game_ended":
            return {"phase": "over", "turn": None, "group": None}
    return {}


def _set(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return row[:i] + (value,) + row[i + 1 :]


def _started(e: Json) -> State:
    n = e["seats"]
    homes = [data.AREA_INDEX[r] for r in e["homes"]]
    options = ruleset.options_of(e["options"])
    rules = ruleset.of(options)
    home, court, province = rules.start_pieces()
    board = [[0] * n for _ in data.AREAS]
    for seat, where in enumerate(homes):
        board[where][seat] = home
    church = [data.AREA_INDEX[r] for r in e.get("church_regions", ())]  # O-C2
    black = tuple(data.CHURCH_START * church.count(a) for a in range(data.N_AREAS)) if church else ()
    return State(
        n=1,
        seats=n,
        options=options,
        rules=rules,
        seed=e.get("seed", ""),
        commitment=e["commitment"],
        rounds=tuple(e["rounds"]),
        round_index=-1,
        phase="between",
        board=tuple(tuple(row) for row in board),
        court=(court,) * n,
        province=(province,) * n,
        king=data.AREA_INDEX[e["king"]],
        grandes=tuple(homes),
        scoreboards=(NOWHERE,) * len(data.SCOREBOARDS),
        scores=(0,) * n,
        hands=(data.POWER_VALUES,) * n,
        played=((),) * n,
        took_back=(False,) * n,
        bids=(0,) * n,
        start_player=e["start_player"],
        order=(),
        turn_index=0,
        stacks=tuple(tuple(e.get("stacks", {}).get(str(k), ())) for k in rules.stacks()),
        offer=(),
        discard=(),
        vetos=(),
        turn=None,
        group=None,
        since=1,
        last=(e,),
        moorish=options.granada_moorish,  # O-G1: Granada starts Moorish
        black=black,
    )


def _round_started(s: State, e: Json) -> Json:
    return {
        "round_index": s.round_index + 1,
        "phase": "bidding",
        "offer": tuple(e["offer"]),
        "stacks": tuple(st[1:] for st in s.stacks),
        "start_player": e["start_player"],
        "bids": (0,) * s.seats,
        "order": (),
        "turn_index": 0,
        "since": s.n + 1,
    }


def _power_card_played(s: State, e: Json) -> Json:
    seat, value = e["seat"], e["value"]
    kw: Json = {
        "hands": _set(s.hands, seat, tuple(v for v in s.hands[seat] if v != value)),
        "played": _set(s.played, seat, s.played[seat] + (value,)),
        "bids": _set(s.bids, seat, value),
        "since": s.n + 1,
    }
    if "order" in e:
        kw.update(phase="turns", order=tuple(e["order"]), turn_index=0)
    return kw


def _turn_started(s: State, e: Json) -> Json:
    seat = e["seat"]
    kw = transfer(s, [(seat, -2, -1, e["intake"])])
    stage = "supplement" if e.get("supplement", 0) > 0 else "card"
    kw.update(turn=Turn(seat=seat, stage=stage, shortfall=e.get("supplement", 0)), since=s.n + 1)
    return kw


def _moved(s: State, e: Json) -> Json:
    kw = transfer(s, [(m[0], location(m[1]), location(m[2]), m[3]) for m in e["moves"]])
    if any(m[1] in data.SLOT_INDEX or m[2] in data.SLOT_INDEX for m in e["moves"]):
        kw["slots"] = seated(s.slots, e["moves"])  # O-F4: France's slots follow their caballeros
    return kw


def _extra(s: State, e: Json) -> bool:
    """Returns whether the Church extra is used after a placement batch (O-C6 b: `extra` in the event)."""
    return bool(e.get("extra")) or (s.turn is not None and s.turn.extra)


def _turn(s: State, **changes: Any) -> Json:
    """Returns the turn changes; a new stage opens a new prompt (`since`)."""
    assert s.turn is not None
    new = replace(s.turn, **changes)
    return {"turn": new, "since": s.n + 1 if new.stage != s.turn.stage else s.since}


def _card_taken(s: State, e: Json) -> Json:
    card = e["card"]
    kw: Json = {"offer": tuple(c for c in s.offer if c != card)}
    if data.card_of(card).idx == data.CHURCH_CARD:  # O-C3, O-C4: taking the Church card takes the marker
        kw["church"] = e["seat"]
    if data.card_of(card).idx == data.VETO_CARD:  # V1, V8: taking a Veto is the whole action
        kw["vetos"] = s.vetos + (Veto(e["seat"], card, s.round_index),)
        return {**kw, **_turn(s, card=card, stage="step", acted=True)}
    return {**kw, **_turn(s, card=card, stage="step")}


def _declared(s: State, e: Json) -> Json:
    if not e.get("vetoers"):
        return _turn(s, acted=True)
    context = {k: v for k, v in e.items() if k not in ("salt", "default")}  # the service may salt the event
    group = Group(kind="veto_answer", members=tuple(e["vetoers"]), since=s.n + 1, context=context)
    return {**_turn(s, acted=True, stage="wait"), "group": group}


def _taken_back(s: State, e: Json) -> Json:
    seat, value = e["seat"], e["value"]
    return {
        "played": _set(s.played, seat, tuple(v for v in s.played[seat] if v != value)),
        "hands": _set(s.hands, seat, tuple(sorted(s.hands[seat] + (value,)))),
        "took_back": _set(s.took_back, seat, True),
    }


def _opened(s: State, e: Json) -> Json:
    forced = tuple((p, c) for p, c in e.get("forced", ()))
    group = Group(
        kind=e["kind"], members=tuple(e["members"]), since=s.n + 1, context=e.get("context"), forced=forced
    )
    kw: Json = {"group": group, "since": s.n + 1}
    if (
        s.turn is not None and s.phase == "turns" and s.turn.stage == "step"
    ):  # G48: a refill after R17 keeps "card"
        kw.update(_turn(s, stage="wait"), since=s.n + 1)
    return kw


def _revealed(s: State, e: Json) -> Json:
    kw: Json = {"group": None, "since": s.n + 1}
    spent = e.get("spent")
    if spent:
        kw["vetos"] = tuple(v for v in s.vetos if v.card != spent)
        kw["discard"] = s.discard + (spent,)
    if s.turn is not None and s.turn.stage == "wait":
        kw["turn"] = replace(s.turn, stage="step")
    return kw


def _turn_ended(s: State) -> Json:
    card = s.turn.card if s.turn else ""
    keep = not card or card in s.rules.fixed_cards() or data.card_of(card).idx == data.VETO_CARD  # R22, O-C1
    discard = s.discard if keep else s.discard + (card,)
    return {"turn": None, "turn_index": s.turn_index + 1, "discard": discard, "since": s.n + 1}


def _round_ended(s: State, e: Json) -> Json:
    expired = set(e.get("expired", ()))
    return {
        "phase": "scoring" if e.get("scoring") else "between",
        "offer": (),
        "discard": s.discard + tuple(e.get("discarded", ())) + tuple(e.get("expired", ())),
        "vetos": tuple(v for v in s.vetos if v.card not in expired),
        "start_player": e.get("next_start", s.start_player),
        "since": s.n + 1,
    }
