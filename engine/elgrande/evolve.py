"""Folds El Grande events into the state: total, deterministic, never validates, never draws.

Every event is a fact decided earlier by `decide`; each branch only applies it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.elgrande import data
from engine.elgrande.state import NOWHERE, Group, Options, State, Turn, Veto, bump, location, transfer

Json = dict[str, Any]
LAST_EVENTS = 8


def evolve(state: State | None, event: Json) -> State:
    """Returns the state after `event`; `evolve(None, game_started)` starts the game."""
    if state is None:
        return _started(event)
    new = _apply(state, event)
    return replace(new, n=state.n + 1, last=(state.last + (event,))[-LAST_EVENTS:])


def _apply(s: State, e: Json) -> State:
    match e["type"]:
        case "round_started":
            return _round_started(s, e)
        case "power_card_played":
            return _power_card_played(s, e)
        case "turn_started":
            return _turn_started(s, e)
        case "court_supplemented":
            return _set_turn(_moved(s, e), stage="card")
        case "action_card_taken":
            return _card_taken(s, e)
        case "caballeros_placed":
            return _set_turn(_moved(s, e), placed=True)
        case "action_declared":
            return _declared(s, e)
        case "action_skipped":
            return _set_turn(s, acted=True)
        case "caballeros_moved":
            return _moved(s, e)
        case "area_scored":
            return replace(s, scores=tuple(a + b for a, b in zip(s.scores, e["points"], strict=True)))
        case "king_moved":
            return replace(s, king=data.AREA_INDEX[e["to"]])
        case "grande_moved":
            return replace(s, grandes=_set(s.grandes, e["seat"], data.AREA_INDEX[e["to"]]))
        case "scoreboard_placed":
            sb = data.SCOREBOARD_INDEX[e["scoreboard"]]
            return replace(s, scoreboards=_set(s.scoreboards, sb, data.AREA_INDEX[e["to"]]))
        case "power_card_taken_back":
            return _taken_back(s, e)
        case "decision_opened":
            return _opened(s, e)
        case "choice_made":
            return _chosen(s, e)
        case "choices_revealed":
            return _revealed(s, e)
        case "turn_ended":
            return _turn_ended(s, e)
        case "round_ended":
            return _round_ended(s, e)
        case "general_scoring_ended":
            return replace(s, phase="between")
        case "game_ended":
            return replace(s, phase="over", turn=None, group=None)
    return s


def _set(row: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return row[:i] + (value,) + row[i + 1 :]


def _started(e: Json) -> State:
    n = e["seats"]
    homes = [data.AREA_INDEX[r] for r in e["homes"]]
    board = [[0] * n for _ in data.AREAS]
    for seat, home in enumerate(homes):
        board[home][seat] = data.START_HOME
    opts = e["options"]
    return State(
        n=1,
        seats=n,
        options=Options(veto=bool(opts.get("veto", True)), short_game=bool(opts.get("short_game", False))),
        seed=e.get("seed", ""),
        commitment=e["commitment"],
        rounds=tuple(e["rounds"]),
        round_index=-1,
        phase="between",
        board=tuple(tuple(row) for row in board),
        court=(data.START_COURT,) * n,
        province=(data.START_PROVINCE,) * n,
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
        stacks=tuple(tuple(e.get("stacks", {}).get(str(k), ())) for k in data.SHUFFLED_STACKS),
        offer=(),
        discard=(),
        vetos=(),
        turn=None,
        group=None,
        since=1,
        last=(e,),
    )


def _round_started(s: State, e: Json) -> State:
    return replace(
        s,
        round_index=s.round_index + 1,
        phase="bidding",
        offer=tuple(e["offer"]),
        stacks=tuple(st[1:] for st in s.stacks),
        start_player=e["start_player"],
        bids=(0,) * s.seats,
        order=(),
        turn_index=0,
        since=s.n + 1,
    )


def _power_card_played(s: State, e: Json) -> State:
    seat, value = e["seat"], e["value"]
    hand = tuple(v for v in s.hands[seat] if v != value)
    new = replace(
        s,
        hands=s.hands[:seat] + (hand,) + s.hands[seat + 1 :],
        played=s.played[:seat] + (s.played[seat] + (value,),) + s.played[seat + 1 :],
        bids=_set(s.bids, seat, value),
        since=s.n + 1,
    )
    if "order" in e:
        return replace(new, phase="turns", order=tuple(e["order"]), turn_index=0)
    return new


def _turn_started(s: State, e: Json) -> State:
    seat = e["seat"]
    moved = transfer(s, [(seat, -2, -1, e["intake"])])
    stage = "supplement" if e.get("supplement", 0) > 0 else "card"
    return replace(moved, turn=Turn(seat=seat, stage=stage, shortfall=e.get("supplement", 0)), since=s.n + 1)


def _moved(s: State, e: Json) -> State:
    return transfer(s, [(m[0], location(m[1]), location(m[2]), m[3]) for m in e["moves"]])


def _set_turn(s: State, **changes: Any) -> State:
    assert s.turn is not None
    turn = replace(s.turn, **changes)
    since = s.n + 1 if turn.stage != s.turn.stage else s.since
    return replace(s, turn=turn, since=since)


def _card_taken(s: State, e: Json) -> State:
    card = e["card"]
    new = replace(s, offer=tuple(c for c in s.offer if c != card))
    if data.card_of(card).idx == data.VETO_CARD:  # V1, V8: taking a Veto is the whole action
        new = replace(new, vetos=new.vetos + (Veto(e["seat"], card, s.round_index),))
        return _set_turn(new, card=card, stage="step", acted=True)
    return _set_turn(new, card=card, stage="step")


def _declared(s: State, e: Json) -> State:
    new = _set_turn(s, acted=True)
    if not e.get("vetoers"):
        return new
    group = Group(kind="veto_answer", members=tuple(e["vetoers"]), since=s.n + 1, context=e)
    return replace(_set_turn(new, stage="wait"), group=group, since=s.n + 1)


def _taken_back(s: State, e: Json) -> State:
    seat, value = e["seat"], e["value"]
    pile = tuple(v for v in s.played[seat] if v != value)
    hand = tuple(sorted(s.hands[seat] + (value,)))
    return replace(
        s,
        played=s.played[:seat] + (pile,) + s.played[seat + 1 :],
        hands=s.hands[:seat] + (hand,) + s.hands[seat + 1 :],
        took_back=s.took_back[:seat] + (True,) + s.took_back[seat + 1 :],
    )


def _opened(s: State, e: Json) -> State:
    forced = tuple((p, c) for p, c in e.get("forced", ()))
    group = Group(
        kind=e["kind"], members=tuple(e["members"]), since=s.n + 1, context=e.get("context"), forced=forced
    )
    new = replace(s, group=group, since=s.n + 1)
    return _set_turn(new, stage="wait") if s.turn is not None and s.phase == "turns" else new


def _chosen(s: State, e: Json) -> State:
    assert s.group is not None
    return replace(s, group=replace(s.group, choices=s.group.choices + ((e["seat"], e["choice"]),)))


def _revealed(s: State, e: Json) -> State:
    new = replace(s, group=None, since=s.n + 1)
    spent = e.get("spent")
    if spent:
        new = replace(
            new, vetos=tuple(v for v in new.vetos if v.card != spent), discard=new.discard + (spent,)
        )
    if new.turn is not None and new.turn.stage == "wait":
        return _set_turn(new, stage="step")
    return new


def _turn_ended(s: State, e: Json) -> State:
    card = s.turn.card if s.turn else ""
    keep = not card or data.card_of(card).idx in (data.KING_CARD, data.VETO_CARD)  # R22
    discard = s.discard if keep else s.discard + (card,)
    return replace(s, turn=None, turn_index=s.turn_index + 1, discard=discard, since=s.n + 1)


def _round_ended(s: State, e: Json) -> State:
    expired = set(e.get("expired", ()))
    return replace(
        s,
        phase="scoring" if e.get("scoring") else "between",
        offer=(),
        discard=s.discard + tuple(e.get("discarded", ())) + tuple(e.get("expired", ())),
        vetos=tuple(v for v in s.vetos if v.card not in expired),
        start_player=e.get("next_start", s.start_player),
        since=s.n + 1,
    )


__all__ = ["bump", "evolve"]
