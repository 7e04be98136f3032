"""Lists every El Grande move, event and prompt type in one place, and checks move shapes.

Moves (JSON objects with a `type`; any move may carry `"default": true`):

| type | fields | prompt |
|---|---|---|
| play_power_card | value: 1..13 | play_power_card (R11) |
| supplement_court | from: {region: count} (own caballeros from open regions; {} = none) | supplement_court (R17) |
| take_card | card: an offered card, instance id (`d3_score_fours.2`) or card id | choose_action_card (R18) |
| place_caballeros | to: {area: count} (regions adjacent to the King, castillo) | turn_step (R20) |
| declare_action | card-specific fields, see below | turn_step (R21, §6), copy_offer (G68: the copied card's) |
| church_intake | - (the Church extra: 1 caballero province → court; holder only) | turn_step (O-C6) |
| use_turn_over | card: an offered card to turn face down (a held d7_turn_over_action_card; vetoable) | turn_step (G69) |
| relocate_before_scoring | moves: [{seat, from, to}, ...] (≤ 2 own; [] = not used, the card is kept) | relocation_before_scoring (G73) |
| inquisitor_extra | to: "court" (1 caballero province → court) or a court-placement target (1 from the court) | turn_step (G43; inquisitor_colonies) |
| bonus_move | piece: a state name with a bonus move (`caravel^`, `america_beside^`) or "grande"; to: a spot; seat: "black" for a black caballero (default: your own); claim: true to claim a tile (default false) | turn_step (G29-G31; inquisitor_colonies) |
| end_turn | - (skips whatever part of the turn remains; declines a copy offer) | turn_step (R19, R22), copy_offer (G68) |
| answer_veto | answer: "allow" or "veto", from: k (veto_from(k), 1 ≤ k ≤ steps) | veto_answer (V4) |
| choose_region | region: a region id; sources (return_two_disc under inquisitor_colonies only): the min(2, returnable) caballeros it returns, by state name (`galicia_beside`, `black:galicia`; G42a) | castillo_disc, eviction_disc, return_two_disc, return_all_disc, secret_scoring_disc (M1-M5) |
| return_caballeros | sources: ["court" or an open region, ...] (min(3, available) entries; under inquisitor_colonies state names such as `galicia*` or `black:aragon`, G81) | king_returns_choice (M6) |
| fill_limit | states: [{seat, state, count}, ...] (caballeros beside the limit board that go on it; seat "black" for black ones) | limit_fill (G47, G48; inquisitor_colonies) |

Fields of declare_action by card (steps in order, V7):

| card | fields |
|---|---|
| d1 move cards, d1_move_own_region | moves: [{seat, from, to}, ...] — one entry per caballero; seat = its owner ("black" for a black caballero, O-C7) |
| d6_church | moves: [{"seat": "black", from, to}, ...] (≤ 2, black only, O-C3) |
| d1_place_two_anywhere | places: [area, ...] (≤ 2) |
| d1_place_two_or_move_own_region | places: [...] or moves: [...] (one of the two) |
| d2_one_of_your_choice | removals: [{seat, region}, ...] (exactly one per player with caballeros in open regions) |
| d2_score_any_region, d3_score_any_region | area: a region or "castillo" |
| d4_mobile_scoreboard | scoreboard: "sb_8_4_0" or "sb_4_0_0", area: an open region or "castillo" |
| d4_royal_adviser, d4_eviction, d4_move_grande, d5_king | area: a region |
| d4_power_card_back | value: a played power card of yours (sealed, H3) |
| d4_court_two | supplement: {region: count} (optional, only for a province shortfall) |
| d7_move_limit_board | area: a region; on: [{seat, state, count}, ...] only when it holds more eligible caballeros than the board has spaces (G66) |
| d7_transport | moves: [{seat, from, to}, ...] (≤ 3, own or, for the holder, "black"; G65) |
| d7_special_scoring_delayed_region | area: a region, not the King's (G72) |
| all other cards | no fields |

With option inquisitor_colonies, a caballero arriving in a colony by a special-action move or
special placement claims a tile when its destination names the tile: `america+gold`,
`mediterranean+goods` (G35 b). A bonus move's claim is its `claim` field; a claim in place (G31 g, i)
names the caballero's own colony as `to` with `claim: true`. Move events keep the claim in the
destination (`america+gold`); `tile_claimed` follows.

A declaration that changes nothing (e.g. `moves: []`) skips the special action (V2).

With option france (O-F4), a caballero entering or leaving France is named by its slot wherever
the player chooses it: `france_ambassador`, `france_envoy` or `france_plain` in `to`, `places`,
moves' `from`/`to` and removals' `region` (O-F10). Where the owner's exit is automatic (court
supplements, return sources) the move says `france`; events always name the slots (O-F4a).

`REVEALS` lists the events that turn up what nobody knew before (engine.contract).
"""

from __future__ import annotations

from typing import Any

from engine.errors import MalformedMove
from engine.i18n import N_

Json = dict[str, Any]

MOVES: dict[str, str] = {
    "play_power_card": "play one power card from hand (R11)",
    "supplement_court": "take own caballeros from open regions into the court to fill an intake shortfall (R17)",
    "take_card": "take one card of the offer (R18)",
    "place_caballeros": "place the batch from the court next to the King and/or into the Castillo (R20)",
    "declare_action": "declare the whole special action of the taken card (R21, V2)",
    "end_turn": "end the turn, skipping what remains of it (R19, R22)",
    "church_intake": "use the Church extra: move 1 caballero from province to court (O-C6)",
    "use_turn_over": "use a held turn-over card: turn one offered card face down (G69)",
    "relocate_before_scoring": "use a held relocation-before-scoring card at a general scoring, or not (moves: []) (G73)",
    "inquisitor_extra": "use the Inquisitor extra: 1 caballero province → court, or court → a court-placement "
    "target (G43)",
    "bonus_move": "make one bonus move of a piece overseas, optionally claiming a tile (G29-G31)",
    "answer_veto": "allow a declared special action or veto it from step k (V4)",
    "choose_region": "set the secret disc to a region (M1-M5)",
    "return_caballeros": "choose the sources of the caballeros returned by The King returns (M6)",
    "fill_limit": "choose the caballeros beside the limit board that fill its free spaces (G47, G48)",
}

EVENTS: dict[str, str] = {
    "game_started": "setup: seats, options, rounds, King, homes, start player; seed, card orders hidden (R1-R8); "
    "church_regions under option church (O-C2)",
    "round_started": "a round begins: the offer is revealed (R9, R10)",
    "power_card_played": "a seat played a power card; the last one carries the turn order (R11-R13)",
    "turn_started": "a turn begins with the automatic intake; supplement > 0 means it is asked (R17)",
    "court_supplemented": "caballeros taken from regions into the court (R17)",
    "action_card_taken": "a seat took an offered card (R18); taking d6_church takes the Church marker (O-C3)",
    "caballeros_placed": "the placement batch (R20); extra: true when it used the Church extra (O-C6)",
    "action_declared": "a special action declared in full (scorings list their areas, one per step); "
    "vetoers answer before it is carried out (§6)",
    "action_skipped": "a declaration that changes nothing skipped the special action (V2)",
    "caballeros_moved": "caballeros moved, placed, returned or distributed (moves: [owner, from, to, count]; "
    'owner "black" for black caballeros; reason "church" for the Church intake, O-C6; '
    'reason "inquisitor" for the Inquisitor extra, G43; reason "back" for black caballeros brought back from '
    '"out", G64)',
    "area_scored": "one area scored: points per seat (§3); mode general, special, first_places "
    "or conquest (O-G4)",
    "king_moved": "the King moved (R28)",
    "grande_moved": "a Grande moved; the new region is its owner's home (d4_move_grande)",
    "scoreboard_placed": "a mobile scoreboard placed or moved (R30)",
    "power_card_taken_back": "a played power card went back to the hand; its value is hidden (H3)",
    "decision_opened": "a simultaneous decision opened: kind, members, forced choices (§7)",
    "choice_made": "a sealed choice (region id, sources list, or veto answer 0 = allow / k = veto_from(k)), "
    "visible to its author only (H6, H7)",
    "choices_revealed": "all choices of a decision made public together; a veto resolution names the spent Veto (V5, V10)",
    "turn_ended": "a turn ended; the card is discarded unless it is the King card or a held Veto (R22)",
    "round_ended": "a round ended: unused offer discarded, Vetos expired, next start player (R12, R15, V9)",
    "granada_conquered": "Moorish Granada holds ≥ 12 caballeros at the end of a turn and is conquered; "
    "its conquest scoring (area_scored, mode conquest, doubled) follows (O-G4)",
    "tile_claimed": "a caballero of the acting player took an ownerless tile of its colony: owner, state "
    "(full state name before the claim), tile (G35)",
    "tile_cashed": "a tile carrier reached a base region: the tile's owner (seat) scores its points, the "
    "tile goes back to the supply (G38)",
    "tiles_placed": "tiles placed ownerless into the colonies from the supply (a stack-7 card's, or owed "
    "ones, G33); owed: what the supply still lacks this turn (ruling B6)",
    "general_scoring_ended": "a general scoring finished (R35-R40)",
    "limit_board_moved": "the limit board moved to another region (G66): from (null: beside the board), to; "
    "beside: [[owner, state, count], ...] the new region's caballeros that stay beside it",
    "figure_passed": "the Grand Inquisitor figure went into a court at step 1 of d7_special_scoring_inquisitor "
    "(G40, G70)",
    "card_turned_over": "an offered card was turned face down with a held turn-over card; nobody may take it "
    "this round (G69)",
    "delayed_marker_placed": "a delayed-scoring marker lies on a region, scored at the end of the next played "
    "round (G72)",
    "delayed_marker_removed": "a delayed-scoring marker was scored and its card discarded (G72, G76, G78)",
    "held_card_used": "a held stack-7 card was used and is discarded (G73, G74)",
    "copy_offered": "a doubling keeper may copy the special action just performed, in a frame of his own (G68)",
    "game_ended": "the game ended: scores, ranks, winners; the seed is revealed (R53-R55)",
}

PROMPTS: dict[str, str] = {
    "play_power_card": N_("play a power card (R11)"),
    "supplement_court": N_("optionally fill an intake shortfall from own caballeros in open regions (R17)"),
    "choose_action_card": N_("take one card of the offer (R18)"),
    "turn_step": N_("place the batch, declare the special action, or end the turn (R19)"),
    "veto_answer": N_("allow or veto the declared special action (M7)"),
    "castillo_disc": N_("choose the region for your Castillo caballeros (M1)"),
    "eviction_disc": N_("choose where your evicted caballeros go (M2)"),
    "return_two_disc": N_("choose the region to return 2 caballeros from (M3)"),
    "return_all_disc": N_("choose the region to return all your caballeros from (M4)"),
    "secret_scoring_disc": N_("choose a region for the secret scoring (M5)"),
    "king_returns_choice": N_("choose where your 3 returned caballeros come from (M6)"),
    "setup_disc": N_("choose the base region for your 2 setup caballeros (G16; inquisitor_colonies)"),
    "limit_fill": N_(
        "choose which caballeros beside the limit board fill its free spaces (G47, G48; inquisitor_colonies)"
    ),
    "relocation_before_scoring": N_(
        "relocate up to 2 own caballeros before the regions are scored, or not (G73)"
    ),
    "copy_offer": N_(
        "copy the special action just performed by declaring it yourself, or decline (end_turn) (G68)"
    ),
}

REVEALS: frozenset[str] = frozenset(
    {
        "round_started",  # R10: the next cards of the face-down action stacks (H4)
        "choices_revealed",  # H6, H7: every sealed choice of a decision
        "game_ended",  # H12: the seed, and with it everything
    }
)

PROMPT_MOVES: dict[str, frozenset[str]] = {
    "play_power_card": frozenset({"play_power_card"}),
    "supplement_court": frozenset({"supplement_court"}),
    "choose_action_card": frozenset({"take_card"}),
    "turn_step": frozenset(
        {
            "place_caballeros",
            "declare_action",
            "church_intake",
            "inquisitor_extra",
            "bonus_move",
            "use_turn_over",
            "end_turn",
        }
    ),
    "veto_answer": frozenset({"answer_veto"}),
    "king_returns_choice": frozenset({"return_caballeros"}),
    "limit_fill": frozenset({"fill_limit"}),
    "relocation_before_scoring": frozenset({"relocate_before_scoring"}),
    "copy_offer": frozenset({"declare_action", "end_turn"}),
    **{k: frozenset({"choose_region"}) for k in PROMPTS if k.endswith("_disc")},
}

FIELDS: dict[str, frozenset[str]] = {
    "play_power_card": frozenset({"value"}),
    "supplement_court": frozenset({"from"}),
    "take_card": frozenset({"card"}),
    "place_caballeros": frozenset({"to"}),
    "declare_action": frozenset(
        {"moves", "places", "removals", "area", "scoreboard", "value", "supplement", "on"}
    ),
    "end_turn": frozenset(),
    "church_intake": frozenset(),
    "use_turn_over": frozenset({"card"}),
    "relocate_before_scoring": frozenset({"moves"}),
    "inquisitor_extra": frozenset({"to"}),
    "bonus_move": frozenset({"piece", "to", "seat", "claim"}),
    "answer_veto": frozenset({"answer", "from"}),
    "choose_region": frozenset({"region", "sources"}),
    "return_caballeros": frozenset({"sources"}),
    "fill_limit": frozenset({"states"}),
}
REQUIRED: dict[str, frozenset[str]] = {
    "play_power_card": frozenset({"value"}),
    "take_card": frozenset({"card"}),
    "place_caballeros": frozenset({"to"}),
    "use_turn_over": frozenset({"card"}),
    "relocate_before_scoring": frozenset({"moves"}),
    "inquisitor_extra": frozenset({"to"}),
    "bonus_move": frozenset({"piece", "to"}),
    "answer_veto": frozenset({"answer"}),
    "choose_region": frozenset({"region"}),
    "return_caballeros": frozenset({"sources"}),
    "fill_limit": frozenset({"states"}),
}


def check_shape(move: Any) -> str:
    """Returns the move's type after checking its keys; raises MalformedMove otherwise."""
    if not isinstance(move, dict):
        raise MalformedMove(N_("malformed move {move}: a move is an object with a 'type'"), move=repr(move))
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in MOVES:
        raise MalformedMove(
            N_("malformed move {move}: unknown type {kind}; known: {known}"),
            move=repr(move),
            kind=repr(kind),
            known=", ".join(MOVES),
        )
    extra = set(move) - FIELDS[kind] - {"type", "default"}
    if extra:
        raise MalformedMove(
            N_("malformed move {move}: unknown field(s) {extra}"),
            move=repr(move),
            extra=", ".join(sorted(map(str, extra))),
        )
    missing = REQUIRED.get(kind, frozenset()) - set(move)
    if missing:
        raise MalformedMove(
            N_("malformed move {move}: missing field(s) {missing}"),
            move=repr(move),
            missing=", ".join(sorted(missing)),
        )
    if "default" in move and not isinstance(move["default"], bool):
        raise MalformedMove(N_("malformed move {move}: 'default' must be true or false"), move=repr(move))
    return kind


def integer(move: Json, value: Any, what: str) -> int:
    """Returns `value` if it is an int (not a bool), else raises MalformedMove naming `what`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedMove(
            N_("malformed move {move}: {what} must be an integer, not {value}"),
            move=repr(move),
            what=what,
            value=repr(value),
        )
    return value


def text(move: Json, value: Any, what: str) -> str:
    """Returns `value` if it is a string, else raises MalformedMove naming `what`."""
    if not isinstance(value, str):
        raise MalformedMove(
            N_("malformed move {move}: {what} must be a string, not {value}"),
            move=repr(move),
            what=what,
            value=repr(value),
        )
    return value


def counts(move: Json, value: Any, what: str) -> dict[str, int]:
    """Returns `value` if it maps strings to positive integers, else raises MalformedMove."""
    if not isinstance(value, dict):
        raise MalformedMove(
            N_("malformed move {move}: {what} must be an object of counts, not {value}"),
            move=repr(move),
            what=what,
            value=repr(value),
        )
    for key, count in value.items():
        if not isinstance(key, str) or integer(move, count, f"{what}[{key!r}]") < 1:
            raise MalformedMove(
                N_("malformed move {move}: {what} counts must be ≥ 1, not {count}"),
                move=repr(move),
                what=what,
                count=repr(count),
            )
    return value


def items(move: Json, value: Any, what: str) -> list[Any]:
    """Returns `value` if it is a list, else raises MalformedMove naming `what`."""
    if not isinstance(value, list):
        raise MalformedMove(
            N_("malformed move {move}: {what} must be a list, not {value}"),
            move=repr(move),
            what=what,
            value=repr(value),
        )
    return value
