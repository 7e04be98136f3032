// Holds the printed texts the board shows: El Grande action cards and power cards, Kabale cards and goals.

import { t, term } from "./i18n.js";

/** El Grande action cards by card id: [stack, title, effect] (rules §1.6). */
export const ACTION_CARDS = {
  d1_move_own_region: [1, "Move out of one region", () => t("Take all your caballeros out of one region and spread them over other regions and/or the Castillo.")],
  d1_place_two_anywhere: [1, "+2 anywhere", () => t("Place up to 2 caballeros from your court into any regions and/or the Castillo.")],
  d1_place_two_or_move_own_region: [1, "+2 anywhere, or move out", () => t("Either place 2 from your court anywhere, or move all yours out of one region.")],
  d1_move_five_from_region: [1, "Move 5 from a region", () => t("Move up to 5 caballeros of any colours out of one region.")],
  d1_move_three_foreign: [1, "Move 3 foreign", () => t("Move up to 3 of your opponents' caballeros.")],
  d1_move_three_any: [1, "Move 3 of any colour", () => t("Move up to 3 caballeros of any colours.")],
  d1_move_two_own_two_foreign: [1, "Move 2 own + 2 foreign", () => t("Move up to 2 of yours and up to 2 of your opponents'.")],
  d1_move_four_own: [1, "Move 4 own", () => t("Move up to 4 of your own caballeros.")],
  d1_move_four_any: [1, "Move 4 of any colour", () => t("Move up to 4 caballeros of any colours.")],
  d2_veto: [2, "Veto!", () => t("Keep this card: cancel another player's special action, this round or the next.")],
  d2_decay_court_all: [2, "Decay of authority", () => t("Every opponent returns their whole court to their province.")],
  d2_decay_court_three: [2, "Decay of authority (3)", () => t("Every opponent returns 3 caballeros from court to province.")],
  d2_king_returns: [2, "The King returns", () => t("Every opponent returns 3 of their caballeros (court or open regions) to the province.")],
  d2_one_of_your_choice: [2, "One of your choice", () => t("Remove one caballero of every player (you too) from an open region.")],
  d2_secret_return_two: [2, "Secret return (2)", () => t("Opponents secretly pick a region and return 2 caballeros from it.")],
  d2_secret_return_all: [2, "Secret return (all)", () => t("Opponents secretly pick a region and return all their caballeros from it.")],
  d2_score_any_region: [2, "Score an area", () => t("Score one region of your choice, or the Castillo.")],
  d3_score_fours: [3, "Score the 4s", () => t("Score every region whose first value is 4.")],
  d3_score_fives: [3, "Score the 5s", () => t("Score every region whose first value is 5.")],
  d3_score_sixes_sevens: [3, "Score the 6s and 7s", () => t("Score every region whose first value is 6 or 7.")],
  d3_score_castillo: [3, "Score the Castillo", () => t("Score the Castillo; its caballeros stay inside.")],
  d3_score_first_places: [3, "First places", () => t("Score every region, paying first place only.")],
  d3_score_most: [3, "Most crowded", () => t("Score the region(s) with the most caballeros.")],
  d3_score_fewest: [3, "Least crowded", () => t("Score the non-empty region(s) with the fewest caballeros.")],
  d3_score_any_region: [3, "Score an area", () => t("Score one region of your choice, or the Castillo.")],
  d4_mobile_scoreboard: [4, "Mobile scoreboard", () => t("Place or move a mobile scoreboard (8·4·0 or 4·0·0).")],
  d4_royal_adviser: [4, "Royal Adviser", () => t("Move the King to an adjacent region.")],
  d4_eviction: [4, "Eviction", () => t("Pick a region: opponents there secretly choose where all of theirs go.")],
  d4_move_grande: [4, "Grande", () => t("Move your Grande to another region: your new home.")],
  d4_power_card_back: [4, "Power card back", () => t("Take one of your played power cards back into your hand.")],
  d4_court_two: [4, "The Court", () => t("Move 2 caballeros from your province to your court.")],
  d4_secret_scoring: [4, "Secret scoring", () => t("Everyone secretly picks a region; regions picked by exactly one player score.")],
  d5_king: [5, "The King", () => t("Move the King to any other region.")],
  d6_church: [6, "The Church", () => t("Take the Church marker. Move up to 2 black caballeros one step each (not to the Castillo, France or Moorish Granada).")],
  d6_grand_inquisitor: [6, "Grand Inquisitor", () => t("Take the figure: the black caballeros count as yours. Move or bring back up to 2 black caballeros.")],
  d7_transport: [7, "Transport", () => t("Relocate up to 3 of your caballeros.")],
  d7_move_limit_board: [7, "Move the limit board", () => t("Move the limit board to another region.")],
  d7_conspiracy: [7, "Conspiracy", () => t("The other Grandes go into the Castillo.")],
  d7_doubling: [7, "Doubling", () => t("Keep it: copy an opponent's special action.")],
  d7_turn_over_action_card: [7, "Turn over", () => t("Keep it: turn an offered action card face down.")],
  d7_special_scoring_inquisitor: [7, "Score the Inquisitor's areas", () => t("Score the regions with black caballeros.")],
  d7_special_scoring_new_regions: [7, "Score the new regions", () => t("Score France, the Caravel, America and the Mediterranean.")],
  d7_special_scoring_delayed_region: [7, "Delayed scoring", () => t("Mark a region: it scores at the end of next round.")],
  d7_relocation_before_scoring: [7, "Relocation before scoring", () => t("Keep it: move up to 2 caballeros at a general scoring.")],
};

const HEADS_SEEN = {};

/** Remembers the heads of the offered cards (the view tells them; stack 7's are PROVISIONAL data, G12). */
export function rememberHeads(offer) {
  (offer || []).forEach((c) => { if (c.card && Number.isInteger(c.heads)) HEADS_SEEN[c.card] = c.heads; });
}

/** Returns how many caballeros an action card lets its taker place: as the view told, else its stack number,
 * 3 for the Church and Grand Inquisitor cards (O-C1, G13), 2 for stack 7 (its PROVISIONAL table, G12). */
export function cardHeads(instance) {
  const id = String(instance);
  if (id in HEADS_SEEN) return HEADS_SEEN[id];
  if (id.startsWith("d6_")) return 3;
  return id.startsWith("d7_") ? 2 : actionCard(instance)[0];
}

/** Caballeros taken into the court per power-card value (§1.4; index = value). */
export const POWER_HEADS = [0, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0];

/** Returns [stack, title, effect] of an action card instance id like `d1_move_four_any.1`, in the page's language. */
export function actionCard(instance) {
  const id = String(instance).replace(/\.\d+$/, "");
  const card = ACTION_CARDS[id];
  return card ? [card[0], term("action card", id, card[1]), card[2]()] : [Number(id[1]) || 0, id, ""];
}

/** Returns [name, value text, ability] of a Kabale influence card in the page's language (null when unknown). */
export function kabaleCard(id) {
  const card = KABALE_CARDS[id];
  return card ? [term("kabale card", id, card[0]), card[1], card[2]()] : null;
}

/** Returns [name, symbol] of a Kabale goal kind in the page's language (null when unknown). */
export function goalKind(kind) {
  const goal = GOAL_KINDS[kind];
  return goal ? [term("goal kind", kind, goal[0]), goal[1]] : null;
}

/** Kabale influence cards: id -> [name, value text, ability]. */
export const KABALE_CARDS = {
  king: ["King", "20", () => ""], queen: ["Queen", "16", () => ""], juliet: ["Juliet", "14", () => t("Makes her Romeo worth 15")],
  alchemist: ["Alchemist", "8/12", () => t("12 under {goal}", { goal: term("goal kind", "alchemy", "Alchemy") })], fencing_master: ["Fencing Master", "8/12", () => t("12 under {goal}", { goal: term("goal kind", "fencing", "Fencing") })],
  landlord: ["Landlord", "8/12", () => t("12 under {goal}", { goal: term("goal kind", "agriculture", "Agriculture") })], merchant: ["Merchant", "8/12", () => t("12 under {goal}", { goal: term("goal kind", "trade", "Trade") })],
  cardinal: ["Cardinal", "8/12", () => t("12 under {goal}", { goal: term("goal kind", "religion", "Religion") })], minstrel: ["Minstrel", "8/12", () => t("12 under {goal}", { goal: term("goal kind", "music", "Music") })],
  explorer: ["Explorer", "13", () => t("On reveal: moves to the next column")], assassin: ["Assassin", "9½", () => t("On reveal: kills the card that revealed it")],
  storm: ["Storm", "9", () => t("On reveal: closes the column")], magic_hood: ["Magic Hood", "0", () => t("On reveal: hide a hand card under it")],
  traitor: ["Traitor", "10", () => t("On reveal: swap two goal cards")], musketeers: ["Three Musketeers", "11", () => t("Voids other abilities in the column")],
  wizard: ["Wizard", "7", () => t("Removes cards worth 10 or more")], witch: ["Witch", "1", () => t("Removes other cards worth 9 or less")],
  prince: ["Prince", "14", () => t("With own Page: wins the column")], page: ["Page", "2", () => t("With own Prince: wins the column")],
  hermit: ["Hermit", "12", () => t("−1 per other card")], little_giant: ["Little Giant", "2", () => t("+3 per other card")],
  doppelganger: ["Doppelganger", "X", () => t("Copies the card below")], dragon: ["Dragon", "11", () => t("−2 to every opponent card")],
  romeo: ["Romeo", "5", () => t("15 with his own Juliet")], beggar: ["Beggar", "4", () => t("Lowest total wins the column")],
};

/** Kabale goal kinds: id -> [name, symbol]. */
export const GOAL_KINDS = {
  alchemy: ["Alchemy", "⚗\uFE0E"], fencing: ["Fencing", "⚔\uFE0E"], agriculture: ["Agriculture", "☘\uFE0E"],
  trade: ["Trade", "⚖\uFE0E"], religion: ["Religion", "✝\uFE0E"], music: ["Music", "♫\uFE0E"],
};
