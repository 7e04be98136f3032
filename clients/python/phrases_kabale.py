"""Kabale & Hiebe's log lines: one phrase per event type (engine.kabale's EVENTS table).

Columns are numbered from 0, as in the move notation; cards are ids (`magic_hood`), shown
as words. A card the caller may not see is simply not in its event, so the line says
"a card".
"""

from __future__ import annotations

from clients.python.phrases import Json, Names, Phrase, result, who, words


def _card(e: Json, article: str = "a card") -> str:
    return words(e["card"]) if e.get("card") else article


def _drawn(e: Json, n: Names) -> str:
    cards = e.get("cards")
    what = ", ".join(words(c) for c in cards) if cards else f"{e.get('count', '?')} card(s)"
    return f"{who(n, e.get('seat'))} drew {what}"


def goal_words(goal: str) -> str:
    """Returns a goal card id as words: music_3b -> music 3."""
    kind, _, value = str(goal).rpartition("_")
    return f"{words(kind)} {value[:1]}" if kind else words(goal)


def _round_started(e: Json, n: Names) -> str:
    goals = ", ".join(f"column {i} {goal_words(g)}" for i, g in enumerate(e.get("goals", [])))
    return f"round {e.get('round')} began ({goals}); {who(n, e.get('start_seat'))} starts"


def _scored(e: Json, n: Names) -> str:
    winner = e.get("winner")
    won = f"won by {who(n, winner)}" if winner is not None else "won by nobody"
    rule = f" ({e['rule']})" if e.get("rule") else ""
    return f"column {e.get('column')} ({goal_words(e.get('goal', '?'))}) {won}{rule}"


def _started(e: Json, n: Names) -> str:
    colours = ", ".join(f"{who(n, s)} {c}" for s, c in enumerate(e.get("colours", [])))
    return f"game started: {colours}; {who(n, e.get('first_seat'))} starts"


KABALE: dict[str, Phrase] = {
    "game_started": _started,
    "goals_shuffled": lambda e, n: f"{e.get('count', '?')} goal cards shuffled",
    "deck_shuffled": lambda e, n: f"{who(n, e.get('seat'))}'s {e.get('count', '?')} cards shuffled",
    "cards_drawn": _drawn,
    "round_started": _round_started,
    "turn_started": lambda e, n: f"{who(n, e.get('seat'))}'s turn",
    "card_played": lambda e, n: (
        f"{who(n, e.get('seat'))} played {_card(e)} face down into column {e.get('column')}"
    ),
    "card_revealed": lambda e, n: (
        f"column {e.get('column')}: {who(n, e.get('seat'))}'s {_card(e)} turned face up"
    ),
    "explorer_moved": lambda e, n: (
        f"{who(n, e.get('seat'))}'s Explorer moved from column {e.get('column')} to the bottom of column {e.get('to')}"
    ),
    "card_tucked": lambda e, n: (
        f"{who(n, e.get('seat'))} tucked {_card(e)} under the Magic Hood in column {e.get('column')}"
    ),
    "card_killed": lambda e, n: (
        f"column {e.get('column')}: {who(n, e.get('seat'))}'s {_card(e)} killed (to the discard pile)"
    ),
    "goals_swapped": lambda e, n: (
        f"{who(n, e.get('seat'))}'s Traitor swapped the goals of columns {' and '.join(map(str, e.get('columns', [])))}"
    ),
    "declined": lambda e, n: f"{who(n, e.get('seat'))} declined ({words(e.get('decision', ''))})",
    "seat_skipped": lambda e, n: f"{who(n, e.get('seat'))} was skipped (no card to play)",
    "round_revealed": lambda e, n: f"round {e.get('round')}: every card in the columns revealed",
    "column_scored": _scored,
    "round_ended": lambda e, n: (
        f"round {e.get('round')} ended; {who(n, e.get('next_start'))} starts the next"
    ),
    "discard_reshuffled": lambda e, n: (
        f"{who(n, e.get('seat'))}'s discard pile ({e.get('count', '?')}) became the draw pile"
    ),
    "game_ended": result,
}
"""Phrases of Kabale & Hiebe's events, by type."""
