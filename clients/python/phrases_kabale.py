"""Kabale & Hiebe's log lines: one phrase per event type (engine.kabale's EVENTS table).

Columns are numbered from 0, as in the move notation; cards are ids (`magic_hood`), shown
as words in English and by their names in other languages (`engine.terms`). A card the
caller may not see is simply not in its event, so the line says "a card".
"""

from __future__ import annotations

from clients.python.phrases import Json, Names, Phrase, joined, result, who, words
from engine.i18n import N_, NP_, _, n_, p_
from engine.terms import GOAL_KINDS, KABALE_CARDS, word


def card(ident: object) -> str:
    """Returns a character in a line: its id as words in English ("magic hood"), its name in
    other languages ("Varázssapka")."""
    ident = str(ident)
    name = word("kabale card", ident) if ident in KABALE_CARDS else words(ident)
    # TRANSLATORS: a Kabale character named in a log line; {words} is its id as English words
    # ("magic hood"), {name} its name in your language: write "{name}".
    return p_("kabale card in a line", "{words}").format(words=words(ident), name=name)


def _card(e: Json) -> str:
    return card(e["card"]) if e.get("card") else _("a card")


def _drawn(e: Json, n: Names) -> str:
    cards = e.get("cards")
    if cards:
        what = ", ".join(card(c) for c in cards)
    else:
        count = e.get("count", "?")
        what = n_("{n} card(s)", "{n} card(s)", count if isinstance(count, int) else 2).format(n=count)
    return _("{who} drew {what}").format(who=who(n, e.get("seat")), what=what)


def goal_words(goal: str) -> str:
    """Returns a goal card id as words: music_3b -> music 3 (the kind in the current language)."""
    kind, _sep, value = str(goal).rpartition("_")
    if not kind:
        return words(goal)
    name = p_("goal kind", GOAL_KINDS[kind]) if kind in GOAL_KINDS else words(kind)
    return _("{kind} {value}").format(kind=name, value=value[:1])


def _round_started(e: Json, n: Names) -> str:
    goals = ", ".join(
        _("column {column} {goal}").format(column=i, goal=goal_words(g))
        for i, g in enumerate(e.get("goals", []))
    )
    return _("round {round} began ({goals}); {who} starts").format(
        round=e.get("round"), goals=goals, who=who(n, e.get("start_seat"))
    )


def _scored(e: Json, n: Names) -> str:
    winner = e.get("winner")
    won = _("won by {who}").format(who=who(n, winner)) if winner is not None else _("won by nobody")
    rule = f" ({e['rule']})" if e.get("rule") else ""
    return (
        _("column {column} ({goal}) {won}").format(
            column=e.get("column"), goal=goal_words(e.get("goal", "?")), won=won
        )
        + rule
    )


def _started(e: Json, n: Names) -> str:
    colours = ", ".join(f"{who(n, s)} {_colour(c)}" for s, c in enumerate(e.get("colours", [])))
    return _("game started: {colours}; {who} starts").format(colours=colours, who=who(n, e.get("first_seat")))


def _decision(kind: object) -> str:
    """Returns a KD2/KD3 decision as words ("hood tuck")."""
    return (
        p_("kabale decision", DECISIONS[kind]) if isinstance(kind, str) and kind in DECISIONS else words(kind)
    )


DECISIONS = {
    "hood_tuck": NP_("kabale decision", "hood tuck"),
    "traitor_swap": NP_("kabale decision", "traitor swap"),
}
"""The decisions a revealed card opens (KD2, KD3), as words."""


def _colour(ident: object) -> str:
    return word("colour", str(ident))


def _line(message: str, **fields: str) -> Phrase:
    """Returns the phrase `message` filled from the event: {who} is the seat, each field names an event key."""

    def phrase(e: Json, n: Names) -> str:
        values = {name: e.get(key, "?") for name, key in fields.items()}
        return _(message).format(who=who(n, e.get("seat")), card=_card(e), **values)

    return phrase


KABALE: dict[str, Phrase] = {
    "game_started": _started,
    "goals_shuffled": _line(N_("{count} goal cards shuffled"), count="count"),
    "deck_shuffled": _line(N_("{who}'s {count} cards shuffled"), count="count"),
    "cards_drawn": _drawn,
    "round_started": _round_started,
    "turn_started": _line(N_("{who}'s turn")),
    "card_played": _line(N_("{who} played {card} face down into column {column}"), column="column"),
    "card_revealed": _line(N_("column {column}: {who}'s {card} turned face up"), column="column"),
    "explorer_moved": _line(
        N_("{who}'s Explorer moved from column {column} to the bottom of column {to}"),
        column="column",
        to="to",
    ),
    "card_tucked": _line(N_("{who} tucked {card} under the Magic Hood in column {column}"), column="column"),
    "card_killed": _line(N_("column {column}: {who}'s {card} killed (to the discard pile)"), column="column"),
    "goals_swapped": lambda e, n: _("{who}'s Traitor swapped the goals of columns {columns}").format(
        who=who(n, e.get("seat")), columns=joined([str(c) for c in e.get("columns", [])])
    ),
    "declined": lambda e, n: _("{who} declined ({decision})").format(
        who=who(n, e.get("seat")), decision=_decision(e.get("decision", ""))
    ),
    "seat_skipped": _line(N_("{who} was skipped (no card to play)")),
    "round_revealed": _line(N_("round {round}: every card in the columns revealed"), round="round"),
    "column_scored": _scored,
    "round_ended": lambda e, n: _("round {round} ended; {who} starts the next").format(
        round=e.get("round"), who=who(n, e.get("next_start"))
    ),
    "discard_reshuffled": _line(N_("{who}'s discard pile ({count}) became the draw pile"), count="count"),
    "game_ended": result,
}
"""Phrases of Kabale & Hiebe's events, by type."""
