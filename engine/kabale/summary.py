"""Renders a seat's view as a few plain-text lines (for emails and terminals).

`text_summary(view, names)` reads only the `view(state, viewer)` dict, so it can show nothing
the viewer may not see (KH1-KH11). Seats are named by their players' names and colours
("Bob (blue)") when `names` (public, one per seat) tells them apart, else by colour and number
("blue (seat 1)"); the viewer's own seat is marked "(you)". Columns are numbered from 0, as in
the move notation ("play king 2"), and list their cards top to bottom. Every line comes out in
the current language (`engine.i18n`); characters, goal kinds and colours are `engine.terms`' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import seat_name, with_names
from engine.i18n import N_, _, p_
from engine.terms import word

Json = dict[str, Any]

_DUE = {
    "play": N_("to play a card"),
    "hood_tuck": N_("to tuck a hand card under the Magic Hood or decline"),
    "traitor_swap": N_("to swap goal cards with the Traitor or decline"),
}


def text_summary(view: Json, names: Sequence[str] | None = None) -> list[str]:
    """Returns the summary of `view`: round, what is due, columns, hand, won goals, scores, result."""
    view = with_names(view, names)
    lines = [_heading(view), *_due(view), *_columns(view), *_hand(view), *_won(view), *_scores(view)]
    return lines + _result(view)


def _seat(view: Json, seat: int) -> str:
    name = seat_name(view, seat)
    colour = word("colour", view["colours"][seat])
    shown = (
        _("{name} ({colour})").format(name=name, colour=colour)
        if name
        else _("{colour} (seat {seat})").format(colour=colour, seat=seat)
    )
    return _("{name} (you)").format(name=shown) if view.get("viewer") == seat else shown


def _name(card: str) -> str:
    return word("kabale card", card)


def _goal(goal: Json) -> str:
    return _("{kind} {value} ({value} VP)").format(kind=word("goal kind", goal["kind"]), value=goal["value"])


def _heading(view: Json) -> str:
    if view.get("result") is not None:
        return _("Kabale & Hiebe, game over after round {round} of {rounds}.").format(
            round=view["round"], rounds=view["rounds"]
        )
    return _("Kabale & Hiebe, round {round} of {rounds}.").format(round=view["round"], rounds=view["rounds"])


def _due(view: Json) -> list[str]:
    out = []
    if view.get("active") is not None:
        out.append(_("Turn of {seat}.").format(seat=_seat(view, view["active"])))
    for prompt in view.get("prompts", []):
        kind = prompt["kind"]
        what = _(_DUE[kind]) if kind in _DUE else kind
        seat = _seat(view, prompt["seat"])
        out.append(
            _("Due: {seat} {what} (column {column}).").format(seat=seat, what=what, column=prompt["column"])
            if "column" in prompt
            else _("Due: {seat} {what}.").format(seat=seat, what=what)
        )
    return out


def _slot(view: Json, slot: Json) -> str:
    owner = _seat(view, slot["seat"])
    if slot["card"] is None:
        return _("face-down ({seat})").format(seat=owner)
    text = f"{_name(slot['card'])} ({owner})" + ("" if slot["up"] else ", " + _("face down"))
    if slot.get("holds"):  # KH5: the hood's card is named to its owner only
        hidden = slot.get("hidden")
        text += ", " + (_("hooding {card}").format(card=_name(hidden)) if hidden else _("hooded card"))
    return text


def _columns(view: Json) -> list[str]:
    out = []
    for col in view.get("columns", []):
        closed = _("closed by {storm}").format(storm=word("kabale card", "storm"))
        marks = f" [{closed}]" if col["closed"] else " [" + _("full") + "]" if col["full"] else ""
        cards = "; ".join(_slot(view, s) for s in col["slots"]) or p_("column", "empty")
        out.append(
            _("Column {index}, {goal}{marks}: {cards}").format(
                index=col["index"], goal=_goal(col["goal"]), marks=marks, cards=cards
            )
        )
    return out


def _hand(view: Json) -> list[str]:
    seat = view.get("viewer")
    if type(seat) is not int or not 0 <= seat < len(view["players"]):
        return []
    me = view["players"][seat]
    hand = ", ".join(_name(c) for c in me.get("hand", [])) or p_("hand", "empty")
    return [
        _("Your hand: {cards} (draw pile {draw}, discard pile {discard}).").format(
            cards=hand, draw=me["draw_size"], discard=len(me["discard"])
        )
    ]


def _won(view: Json) -> list[str]:
    out = []
    for p in view["players"]:
        seat = _seat(view, p["seat"])
        if "won" in p:
            goals = ", ".join(_won_goal(g) for g in p["won"]) or _("none")
            out.append(
                _("Goals won by {seat}: {count} ({goals}).").format(
                    seat=seat, count=p["won_count"], goals=goals
                )
            )
        else:
            out.append(_("Goals won by {seat}: {count}.").format(seat=seat, count=p["won_count"]))
    return out


def _won_goal(goal: str) -> str:
    kind, suffix = goal.rsplit("_", 1)
    return f"{word('goal kind', kind)} {suffix[0]}"


def _scores(view: Json) -> list[str]:
    shown = [f"{_seat(view, p['seat'])} {p['score']}" for p in view["players"] if "score" in p]
    return [_("Scores: {scores}.").format(scores=", ".join(shown))] if shown else []


def _result(view: Json) -> list[str]:
    result = view.get("result")
    if result is None:
        return []
    winners = _(" and ").join(_seat(view, w) for w in result["winners"])
    return [_("Winner: {winners}.").format(winners=winners)]
