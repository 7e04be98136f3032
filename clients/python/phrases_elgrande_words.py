"""El Grande's words in its log lines: option names, positions, reasons, fields, decisions.

Each table maps an id the events use to its English words, marked for the `terms` catalog and
read in the current language by `clients.python.phrases_elgrande` (`_`, or `p_` with the
table's context).
"""

from __future__ import annotations

from engine.i18n import N_, NP_

OPTION_NAMES: dict[str, str] = {
    "veto": NP_("option", "Veto"),
    "short_game": NP_("option", "short game (rounds 2, 3, 5, 6, 8, 9)"),
    "short_game_six_rounds": NP_("option", "short game (rounds 1-6)"),
    "grande_counts_one": NP_("option", "Grande counts one"),
    "movement_limits": NP_("option", "movement limits"),
    "france": NP_("option", "France"),
    "granada_moorish": NP_("option", "Moorish Granada"),
    "church": NP_("option", "Church"),
    "inquisitor_colonies": NP_("option", "Grand Inquisitor & Colonies"),
}
"""Each option's English name in a game's header ("Options: France, Church"), read with
`p_("option", …)`; an unknown id is shown as words."""
DEFAULT_ON = frozenset({"veto"})
"""The options that are on unless turned off (the catalog's defaults): shown only when off ("no Veto")."""

POSITIONS = {
    "captain": N_("captain slot"),
    "viceroy": N_("viceroy slot"),
    "beside": N_("beside the limit board"),
    "on": N_("on the limit board"),
}
SLOT_NAMES = {
    "ambassador": N_("ambassador slot"),
    "envoy": N_("envoy slot"),
    "plain": N_("plain slot"),
}
"""The expansion's positions a place may name after its area (G3, G4), read with `_`."""

REASONS: dict[str, str] = {
    "action": NP_("move reason", "action"),
    "move": NP_("move reason", "move"),
    "place": NP_("move reason", "place"),
    "return": NP_("move reason", "return"),
    "back": NP_("move reason", "back"),
    "eviction": NP_("move reason", "eviction"),
    "bonus": NP_("move reason", "bonus"),
    "castillo": NP_("move reason", "castillo"),
    "church": NP_("move reason", "church"),
    "court": NP_("move reason", "court"),
    "decay": NP_("move reason", "decay"),
    "inquisitor": NP_("move reason", "inquisitor"),
    "setup": NP_("move reason", "setup"),
    "limit_fill": NP_("move reason", "limit fill"),
    "refill": NP_("move reason", "refill"),
}
"""Why caballeros moved (the `reason` of caballeros_moved), as words."""

FIELDS: dict[object, str] = {
    "moves": NP_("declared field", "moves"),
    "places": NP_("declared field", "places"),
    "removals": NP_("declared field", "removals"),
    "supplement": NP_("declared field", "supplement"),
    "scoreboard": NP_("declared field", "scoreboard"),
    "area": NP_("declared field", "area"),
    "value": NP_("declared field", "value"),
    "on": NP_("declared field", "on"),
    "region": NP_("declared field", "region"),
    "take": NP_("declared field", "take"),
    "sources": NP_("declared field", "sources"),
}
"""The fields of a declared action (the notation's keys), named in a line."""

MODES = {"conquest": N_("{area} scored (conquest: rank points doubled): {gains}")}  # O-G4
SCORING_MODES = {
    "general": NP_("scoring mode", "general"),
    "special": NP_("scoring mode", "special"),
    "first_places": NP_("scoring mode", "first places"),
}
"""How an area was scored (area_scored's `mode`), as words."""

DECISIONS: dict[str, str] = {
    "veto_answer": NP_("decision", "veto answer"),
    "castillo_disc": NP_("decision", "castillo disc"),
    "eviction_disc": NP_("decision", "eviction disc"),
    "return_two_disc": NP_("decision", "return two disc"),
    "return_all_disc": NP_("decision", "return all disc"),
    "secret_scoring_disc": NP_("decision", "secret scoring disc"),
    "king_returns_choice": NP_("decision", "king returns choice"),
    "setup_disc": NP_("decision", "setup disc"),
    "limit_fill": NP_("decision", "limit fill"),
    "relocation_before_scoring": NP_("decision", "relocation before scoring"),
    "copy": NP_("decision", "copy"),
    "copy_offer": NP_("decision", "copy offer"),
}
"""The kinds of decision, as words (their ids with spaces in English)."""
