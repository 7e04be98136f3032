"""Lists every move, event and prompt type of Kabale & Hiebe in one place.

The engine, the API spec, the email parser, the browser and the bots build from these
tables. `HIDDEN` says which event fields are secret and from whom (KH1-KH10): "owner" means
only the seat named by the event's `seat` field sees the field; "nobody" means no seat does
(only the `"all"` view of a finished game). `REVEALS` lists the events that draw or turn up
what nobody knew before (engine.contract).
"""

from __future__ import annotations

from engine.i18n import N_

MOVES: dict[str, str] = {
    "play": "{card, column}: play a hand card face down at the bottom of a column (K7, KD1)",
    "tuck": "{card}: hide a hand card under your just-revealed Magic hood, then draw (KA6, KD2)",
    "swap": "{column}: swap your revealed Traitor's goal card with another column's (KA7, KD3)",
    "decline": "{}: tuck nothing under your hood, or swap no goal cards (KD2, KD3)",
}

EVENTS: dict[str, str] = {
    "game_started": "seats, colours, first_seat, commitment; seed (hidden)",
    "goals_shuffled": "the goal stack of 6 x seats cards, top first (hidden: stack) (K3)",
    "deck_shuffled": "a seat's 25 cards shuffled into its draw pile (hidden: order) (K2)",
    "cards_drawn": "a seat draws cards from its draw pile (hidden from others: cards) (K2, K9)",
    "discard_reshuffled": "a seat's discard pile becomes its new draw pile (hidden: order) (K9)",
    "round_started": "round number, start seat and the goal card of each column (K6)",
    "turn_started": "the active seat of a new turn (K11)",
    "seat_skipped": "a seat with no card to play is skipped (K12, KR11)",
    "card_played": "a seat plays a card face down into a column (hidden from others: card) (K7)",
    "card_revealed": "the bottom face-down card of a column is turned face up (K8, KA3)",
    "explorer_moved": "an Explorer moves face down to the bottom of another column (KA3)",
    "card_killed": "the Assassin's revealer goes face up to its owner's discard pile (KA4)",
    "card_tucked": "a card is hidden under a Magic hood (hidden from others: card) (KA6)",
    "goals_swapped": "a Traitor swaps the goal cards of two columns (KA7)",
    "declined": "the hood or Traitor owner declines (KD2, KD3)",
    "round_revealed": "the final reveal: every column card, hidden ones included (K14)",
    "column_scored": "a column's end-of-round resolution and its winner or none (K15, KA9-KA25)",
    "round_ended": "the cleanup: column cards go to their owners' discard piles (K17, K18)",
    "game_ended": "final scores, ranks and winners (K19-K21)",
}

PROMPTS: dict[str, str] = {
    "play": N_("the active seat plays a card (KD1); default: lowest card into the leftmost non-full column"),
    "hood_tuck": N_("the hood's owner tucks a hand card or declines (KD2); default: decline"),
    "traitor_swap": N_("the Traitor's owner swaps goal cards or declines (KD3); default: decline"),
}

HIDDEN: dict[str, dict[str, str]] = {
    "game_started": {"seed": "nobody"},
    "goals_shuffled": {"stack": "nobody"},
    "deck_shuffled": {"order": "nobody"},
    "cards_drawn": {"cards": "owner"},
    "discard_reshuffled": {"order": "nobody"},
    "card_played": {"card": "owner"},
    "card_tucked": {"card": "owner"},
}

REVEALS: frozenset[str] = frozenset(
    {
        "cards_drawn",  # K9: the top of a draw pile, unknown even to its owner (KH2)
        "discard_reshuffled",  # K9: a new draw pile
        "card_revealed",  # K8: a face-down card (KH4)
        "round_revealed",  # K14: every face-down card and hood
        "round_started",  # K6: goal cards from the hidden stack (KH7)
        "game_ended",  # K19: the end makes everything public
    }
)
