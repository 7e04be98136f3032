"""Names the games' own words in the current language: regions, cards, pieces, move words.

Each word is marked `NP_(kind, "English name")` and read with `word(kind, id)` in the language
of the context (`engine.i18n.speaking`); the kinds are the tables' keys in `KINDS`:

    with speaking("hu"):
        word("region", "old_castile")        # "Altkastilien" (the Hungarian rulebook's name)
        word("kabale card", "magic_hood")    # "Varázssapka"

The names come from the rulebooks in each language where they give one; the catalogs say so
per entry (`# rulebook: …`), and mark the careful translations where none does. Players may
also type other spellings: a kind's "also written" entry lists them, separated by "|"
(`alternatives`). Move words (`play`, `pass`, …, context "move word") likewise list every word
a player may write for a notation word, the first being the one shown; `engine.movewords`
turns a player's words back into the notation. English is the source: it has no catalog, and
every name here is its English form.
"""

from __future__ import annotations

from engine.i18n import NP_, p_

REGIONS: dict[str, str] = {
    "castillo": NP_("region", "Castillo"),
    "galicia": NP_("region", "Galicia"),
    "basque_country": NP_("region", "Basque Country"),
    "aragon": NP_("region", "Aragon"),
    "catalonia": NP_("region", "Catalonia"),
    "old_castile": NP_("region", "Old Castile"),
    "new_castile": NP_("region", "New Castile"),
    "valencia": NP_("region", "Valencia"),
    "seville": NP_("region", "Seville"),
    "granada": NP_("region", "Granada"),
    "france": NP_("region", "France"),
    "caravel": NP_("region", "Caravel"),
    "america": NP_("region", "America"),
    "mediterranean": NP_("region", "Mediterranean"),
}
"""El Grande's areas by id: the Castillo, the nine regions, France and the expansion's three."""

REGIONS_ALSO: dict[str, str] = {
    "castillo": NP_("region, also written", "Castillo"),
    "galicia": NP_("region, also written", "Galicia"),
    "basque_country": NP_("region, also written", "Basque Country"),
    "aragon": NP_("region, also written", "Aragon"),
    "catalonia": NP_("region, also written", "Catalonia"),
    "old_castile": NP_("region, also written", "Old Castile"),
    "new_castile": NP_("region, also written", "New Castile"),
    "valencia": NP_("region, also written", "Valencia"),
    "seville": NP_("region, also written", "Seville"),
    "granada": NP_("region, also written", "Granada"),
    "france": NP_("region, also written", "France"),
    "caravel": NP_("region, also written", "Caravel"),
    "america": NP_("region, also written", "America"),
    "mediterranean": NP_("region, also written", "Mediterranean"),
}
"""Other spellings a player may type for each area ("|"-separated in a catalog)."""

PLACES: dict[str, str] = {
    "court": NP_("place", "court"),
    "province": NP_("place", "province"),
}
"""The places off the board that moves name: a player's court and province."""

PIECES: dict[str, str] = {
    "king": NP_("piece", "King"),
    "grande": NP_("piece", "Grande"),
    "caballero": NP_("piece", "caballero"),
    "black_caballero": NP_("piece", "black caballero"),
    "grand_inquisitor": NP_("piece", "Grand Inquisitor"),
    "church_marker": NP_("piece", "Church marker"),
    "limit_board": NP_("piece", "limit board"),
    "ship": NP_("piece", "ship"),
    "colony": NP_("piece", "colony"),
    "mobile_scoreboard": NP_("piece", "mobile scoreboard"),
    "secret_disc": NP_("piece", "secret disc"),
    "round_marker": NP_("piece", "round marker"),
    "power_card": NP_("piece", "power card"),
    "action_card": NP_("piece", "action card"),
    "region_card": NP_("piece", "region card"),
}
"""El Grande's pieces and kinds of card (the expansion's: the Grand Inquisitor, the limit board,
the ship (the caravel) and its colonies, America and the Mediterranean)."""

TILES: dict[str, str] = {"gold": NP_("tile", "gold"), "goods": NP_("tile", "goods")}
"""The expansion's tiles, by id (G8)."""

SLOTS: dict[str, str] = {
    "ambassador": NP_("slot", "ambassador"),
    "envoy": NP_("slot", "envoy"),
    "plain": NP_("slot", "plain"),
    "captain": NP_("slot", "captain"),
    "viceroy": NP_("slot", "viceroy"),
}
"""The slots a caballero may hold: France's three (O-F4), the caravel's captain, America's viceroy (G3)."""

SCORING: dict[str, str] = {
    "general_scoring": NP_("scoring", "general scoring"),
    "special_scoring": NP_("scoring", "special scoring"),
    "kings_bonus": NP_("scoring", "King's bonus"),
    "home_bonus": NP_("scoring", "home bonus"),
    "kings_region": NP_("scoring", "King's region"),
    "home_region": NP_("scoring", "home region"),
    "round": NP_("scoring", "round"),
    "points": NP_("scoring", "points"),
    "score_track": NP_("scoring", "score track"),
}
"""El Grande's scoring words."""

ACTION_CARDS: dict[str, str] = {
    "d1_move_own_region": NP_("action card", "Move all your caballeros out of one region"),
    "d1_place_two_anywhere": NP_("action card", "+2 caballeros from your court into any region(s)"),
    "d1_place_two_or_move_own_region": NP_(
        "action card", "+2 anywhere or move all your caballeros out of one region"
    ),
    "d1_move_five_from_region": NP_("action card", "Move up to 5 caballeros out of one region"),
    "d1_move_three_foreign": NP_("action card", "Move 3 foreign caballeros"),
    "d1_move_three_any": NP_("action card", "Move 3 caballeros of any colour"),
    "d1_move_two_own_two_foreign": NP_("action card", "Move 2 own and 2 foreign caballeros"),
    "d1_move_four_own": NP_("action card", "Move 4 of your caballeros"),
    "d1_move_four_any": NP_("action card", "Move 4 caballeros of any colour"),
    "d2_veto": NP_("action card", "Veto!"),
    "d2_decay_court_all": NP_("action card", "Decay of authority: opponents' whole courts"),
    "d2_decay_court_three": NP_("action card", "Decay of authority: 3 from each opponent's court"),
    "d2_king_returns": NP_("action card", "The King returns"),
    "d2_one_of_your_choice": NP_("action card", "One caballero of your choice from every player"),
    "d2_secret_return_two": NP_("action card", "Opponents return 2 from a secretly chosen region"),
    "d2_secret_return_all": NP_("action card", "Opponents return all from a secretly chosen region"),
    "d2_score_any_region": NP_("action card", "Special scoring: an area of your choice"),
    "d3_score_fours": NP_("action card", 'Special scoring: all "4" regions'),
    "d3_score_fives": NP_("action card", 'Special scoring: all "5" regions'),
    "d3_score_sixes_sevens": NP_("action card", 'Special scoring: all "6" and "7" regions'),
    "d3_score_castillo": NP_("action card", "Special scoring: the Castillo"),
    "d3_score_first_places": NP_("action card", "Special scoring: first places in all regions"),
    "d3_score_most": NP_("action card", "Special scoring: region(s) with the most caballeros"),
    "d3_score_fewest": NP_("action card", "Special scoring: region(s) with the fewest caballeros"),
    "d3_score_any_region": NP_("action card", "Special scoring: an area of your choice"),
    "d4_mobile_scoreboard": NP_("action card", "Place or move a mobile scoreboard"),
    "d4_royal_adviser": NP_("action card", "Royal Adviser: move the King to an adjacent region"),
    "d4_eviction": NP_("action card", "Eviction"),
    "d4_move_grande": NP_("action card", "Grande: move your Grande"),
    "d4_power_card_back": NP_("action card", "Power cards: take one played power card back"),
    "d4_court_two": NP_("action card", "The Court: 2 caballeros from province to court"),
    "d4_secret_scoring": NP_("action card", "Special scoring: everyone chooses a region secretly"),
    "d5_king": NP_("action card", "King card: move the King to any region"),
    "d6_church": NP_("action card", "Church: take the Church marker; move up to 2 black caballeros"),
    "d6_grand_inquisitor": NP_(
        "action card", "Grand Inquisitor: take the figure; move or bring back up to 2 black caballeros"
    ),
    "d7_transport": NP_("action card", "Transport: relocate up to 3 of your caballeros"),
    "d7_move_limit_board": NP_("action card", "Move the limit board"),
    "d7_conspiracy": NP_("action card", "Conspiracy: the other Grandes go into the Castillo"),
    "d7_doubling": NP_("action card", "Doubling: keep it; copy an opponent's special action"),
    "d7_turn_over_action_card": NP_("action card", "Turn over: keep it; turn an offered card face down"),
    "d7_special_scoring_inquisitor": NP_("action card", "Special scoring: the Grand Inquisitor's areas"),
    "d7_special_scoring_new_regions": NP_("action card", "Special scoring: the four new regions"),
    "d7_special_scoring_delayed_region": NP_(
        "action card", "Special scoring: a region, at the end of next round"
    ),
    "d7_relocation_before_scoring": NP_(
        "action card", "Relocation before scoring: keep it; move up to 2 at a general scoring"
    ),
}
"""El Grande's action cards by card id: stacks 1-5, the Church and the Grand Inquisitor (stack 6), stack 7."""

KABALE_CARDS: dict[str, str] = {
    "king": NP_("kabale card", "King"),
    "queen": NP_("kabale card", "Queen"),
    "juliet": NP_("kabale card", "Juliet"),
    "alchemist": NP_("kabale card", "Alchemist"),
    "fencing_master": NP_("kabale card", "Fencing Master"),
    "landlord": NP_("kabale card", "Landlord"),
    "merchant": NP_("kabale card", "Merchant"),
    "cardinal": NP_("kabale card", "Cardinal"),
    "minstrel": NP_("kabale card", "Minstrel"),
    "explorer": NP_("kabale card", "Explorer"),
    "assassin": NP_("kabale card", "Assassin"),
    "storm": NP_("kabale card", "Storm"),
    "magic_hood": NP_("kabale card", "Magic Hood"),
    "traitor": NP_("kabale card", "Traitor"),
    "musketeers": NP_("kabale card", "Three Musketeers"),
    "wizard": NP_("kabale card", "Wizard"),
    "witch": NP_("kabale card", "Witch"),
    "prince": NP_("kabale card", "Prince"),
    "page": NP_("kabale card", "Page"),
    "hermit": NP_("kabale card", "Hermit"),
    "little_giant": NP_("kabale card", "Little Giant"),
    "doppelganger": NP_("kabale card", "Doppelganger"),
    "dragon": NP_("kabale card", "Dragon"),
    "romeo": NP_("kabale card", "Romeo"),
    "beggar": NP_("kabale card", "Beggar"),
}
"""Kabale & Hiebe's 25 characters (influence cards), by id (KC2)."""

KABALE_CARDS_ALSO: dict[str, str] = {
    "king": NP_("kabale card, also written", "King"),
    "queen": NP_("kabale card, also written", "Queen"),
    "juliet": NP_("kabale card, also written", "Juliet"),
    "alchemist": NP_("kabale card, also written", "Alchemist"),
    "fencing_master": NP_("kabale card, also written", "Fencing Master"),
    "landlord": NP_("kabale card, also written", "Landlord"),
    "merchant": NP_("kabale card, also written", "Merchant"),
    "cardinal": NP_("kabale card, also written", "Cardinal"),
    "minstrel": NP_("kabale card, also written", "Minstrel"),
    "explorer": NP_("kabale card, also written", "Explorer"),
    "assassin": NP_("kabale card, also written", "Assassin"),
    "storm": NP_("kabale card, also written", "Storm"),
    "magic_hood": NP_("kabale card, also written", "Magic Hood"),
    "traitor": NP_("kabale card, also written", "Traitor"),
    "musketeers": NP_("kabale card, also written", "Three Musketeers"),
    "wizard": NP_("kabale card, also written", "Wizard"),
    "witch": NP_("kabale card, also written", "Witch"),
    "prince": NP_("kabale card, also written", "Prince"),
    "page": NP_("kabale card, also written", "Page"),
    "hermit": NP_("kabale card, also written", "Hermit"),
    "little_giant": NP_("kabale card, also written", "Little Giant"),
    "doppelganger": NP_("kabale card, also written", "Doppelganger"),
    "dragon": NP_("kabale card, also written", "Dragon"),
    "romeo": NP_("kabale card, also written", "Romeo"),
    "beggar": NP_("kabale card, also written", "Beggar"),
}
"""Other names a player may type for each character ("|"-separated in a catalog)."""

GOAL_KINDS: dict[str, str] = {
    "alchemy": NP_("goal kind", "alchemy"),
    "fencing": NP_("goal kind", "fencing"),
    "agriculture": NP_("goal kind", "agriculture"),
    "trade": NP_("goal kind", "trade"),
    "religion": NP_("goal kind", "religion"),
    "music": NP_("goal kind", "music"),
}
"""The six kinds of Kabale & Hiebe's goal cards (KC4)."""

KABALE_WORDS: dict[str, str] = {
    "influence_card": NP_("kabale word", "influence card"),
    "goal_card": NP_("kabale word", "goal card"),
    "column": NP_("kabale word", "column"),
    "hand": NP_("kabale word", "hand"),
    "draw_pile": NP_("kabale word", "draw pile"),
    "discard_pile": NP_("kabale word", "discard pile"),
    "round": NP_("kabale word", "round"),
    "influence": NP_("kabale word", "influence"),
}
"""Kabale & Hiebe's words for its parts."""

COLOURS: dict[str, str] = {
    "red": NP_("colour", "red"),
    "blue": NP_("colour", "blue"),
    "yellow": NP_("colour", "yellow"),
    "green": NP_("colour", "green"),
    "white": NP_("colour", "white"),
    "black": NP_("colour", "black"),
}
"""The seats' colours (Kabale's KC1; El Grande's black caballeros are "black")."""

MOVE_WORDS: dict[str, str] = {
    "play": NP_("move word", "play"),
    "supplement": NP_("move word", "supplement"),
    "take": NP_("move word", "take"),
    "place": NP_("move word", "place"),
    "declare": NP_("move word", "declare"),
    "end": NP_("move word", "end"),
    "pass": NP_("move word", "pass"),
    "church": NP_("move word", "church"),
    "inquisitor": NP_("move word", "inquisitor"),
    "bonus": NP_("move word", "bonus"),
    "allow": NP_("move word", "allow"),
    "veto": NP_("move word", "veto"),
    "disc": NP_("move word", "disc"),
    "choose": NP_("move word", "choose"),
    "return": NP_("move word", "return"),
    "fill": NP_("move word", "fill"),
    "turnover": NP_("move word", "turnover"),
    "relocate": NP_("move word", "relocate"),
    "moves": NP_("move word", "moves"),
    "remove": NP_("move word", "remove"),
    "none": NP_("move word", "none"),
    "black": NP_("move word", "black"),
    "on": NP_("move word", "on"),
    "claim": NP_("move word", "claim"),
    "tuck": NP_("move word", "tuck"),
    "swap": NP_("move word", "swap"),
    "decline": NP_("move word", "decline"),
}
"""The words of both games' move notation a player may write in their language (the first
of a catalog's "|"-separated words is the one shown)."""

KINDS: dict[str, dict[str, str]] = {
    "region": REGIONS,
    "region, also written": REGIONS_ALSO,
    "place": PLACES,
    "piece": PIECES,
    "tile": TILES,
    "slot": SLOTS,
    "scoring": SCORING,
    "action card": ACTION_CARDS,
    "kabale card": KABALE_CARDS,
    "kabale card, also written": KABALE_CARDS_ALSO,
    "goal kind": GOAL_KINDS,
    "kabale word": KABALE_WORDS,
    "colour": COLOURS,
    "move word": MOVE_WORDS,
}
"""Every kind of game word, by its catalog context."""


def english(kind: str, ident: str) -> str | None:
    """Returns the English name of `ident` of `kind` (None when there is no such word)."""
    return KINDS.get(kind, {}).get(ident)


def alternatives(kind: str, ident: str) -> tuple[str, ...]:
    """Returns every form of the word in the current language, the one shown first (a catalog
    may list several, "|"-separated); () when there is no such word."""
    name = english(kind, ident)
    if name is None:
        return ()
    return tuple(part.strip() for part in p_(kind, name).split("|") if part.strip()) or (name,)


def word(kind: str, ident: str) -> str:
    """Returns the game word `ident` of `kind` in the current language ("old_castile" ->
    "Old Castile" in English); an unknown id comes back as words (its underscores as spaces)."""
    found = alternatives(kind, ident)
    return found[0] if found else str(ident).replace("_", " ")


def card_name(ident: str) -> str:
    """Returns an El Grande action card's name from its card or instance id (`d2_veto.1`)."""
    return word("action card", str(ident).rsplit(".", 1)[0])
