"""Renders a seat's view as a few plain-text lines (for emails and terminals).

`text_summary(view, names)` reads only the `view(state, viewer)` dict, so it can show nothing
the viewer may not see (KH1-KH11). Seats are named by their players' names and colours
("Bob (blue)") when `names` (public, one per seat) tells them apart, else by colour and number
("blue (seat 1)"); the viewer's own seat is marked "(you)". Columns are numbered from 0, as in
the move notation ("play king 2"), and list their cards top to bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import seat_name, with_names
from engine.kabale.cards import NAMES

Json = dict[str, Any]

_DUE = {
    "play": "to play a card",
    "hood_tuck": "to tuck a hand card under the Magic Hood or decline",
    "traitor_swap": "to swap goal cards with the Traitor or decline",
}


def text_summary(view: Json, names: Sequence[str] | None = None) -> list[str]:
    """Returns the summary of `view`: round, what is due, columns, hand, won goals, scores, result."""
    view = with_names(view, names)
    lines = [_heading(view), *_due(view), *_columns(view), *_hand(view), *_won(view), *_scores(view)]
    return lines + _result(view)


def _seat(view: Json, seat: int) -> str:
    you = " (you)" if view.get("viewer") == seat else ""
    name = seat_name(view, seat)
    return f"{name} ({view['colours'][seat]}){you}" if name else f"{view['colours'][seat]} (seat {seat}){you}"


def _name(card: str) -> str:
    return NAMES.get(card, card)


def _goal(goal: Json) -> str:
    return f"{goal['kind']} {goal['value']} ({goal['value']} VP)"


def _heading(view: Json) -> str:
    if view.get("result") is not None:
        return f"Kabale & Hiebe, game over after round {view['round']} of {view['rounds']}."
    return f"Kabale & Hiebe, round {view['round']} of {view['rounds']}."


def _due(view: Json) -> list[str]:
    out = []
    if view.get("active") is not None:
        out.append(f"Turn of {_seat(view, view['active'])}.")
    for prompt in view.get("prompts", []):
        where = f" (column {prompt['column']})" if "column" in prompt else ""
        out.append(f"Due: {_seat(view, prompt['seat'])} {_DUE.get(prompt['kind'], prompt['kind'])}{where}.")
    return out


def _slot(view: Json, slot: Json) -> str:
    owner = _seat(view, slot["seat"])
    if slot["card"] is None:
        return f"face-down ({owner})"
    text = f"{_name(slot['card'])} ({owner})" + ("" if slot["up"] else ", face down")
    if slot.get("holds"):  # KH5: the hood's card is named to its owner only
        hidden = slot.get("hidden")
        text += f", hooding {_name(hidden)}" if hidden else ", hooded card"
    return text


def _columns(view: Json) -> list[str]:
    out = []
    for col in view.get("columns", []):
        marks = " [closed by Storm]" if col["closed"] else " [full]" if col["full"] else ""
        cards = "; ".join(_slot(view, s) for s in col["slots"]) or "empty"
        out.append(f"Column {col['index']}, {_goal(col['goal'])}{marks}: {cards}")
    return out


def _hand(view: Json) -> list[str]:
    seat = view.get("viewer")
    if type(seat) is not int or not 0 <= seat < len(view["players"]):
        return []
    me = view["players"][seat]
    hand = ", ".join(_name(c) for c in me.get("hand", [])) or "empty"
    return [f"Your hand: {hand} (draw pile {me['draw_size']}, discard pile {len(me['discard'])})."]


def _won(view: Json) -> list[str]:
    out = []
    for p in view["players"]:
        if "won" in p:
            goals = ", ".join(f"{g.rsplit('_', 1)[0]} {g.rsplit('_', 1)[1][0]}" for g in p["won"]) or "none"
            out.append(f"Goals won by {_seat(view, p['seat'])}: {p['won_count']} ({goals}).")
        else:
            out.append(f"Goals won by {_seat(view, p['seat'])}: {p['won_count']}.")
    return out


def _scores(view: Json) -> list[str]:
    shown = [f"{_seat(view, p['seat'])} {p['score']}" for p in view["players"] if "score" in p]
    return [f"Scores: {', '.join(shown)}."] if shown else []


def _result(view: Json) -> list[str]:
    result = view.get("result")
    if result is None:
        return []
    winners = " and ".join(_seat(view, w) for w in result["winners"])
    return [f"Winner: {winners}."]
