// Writes El Grande moves, log events and prompts as short sentences in the page's language.
import { label } from "./dom.js";
import { t, tn, term } from "./i18n.js";
import { actionCard } from "./cards.js";
import { colour } from "./colours.js";

const SLOT_NAMES = { france_ambassador: () => t("ambassador slot (+2)"), france_envoy: () => t("envoy slot (+1)"), france_plain: () => t("plain slot") };
/** Inquisitor & Colonies (G3, G4): the overseas slots and the positions at the limit board. */
const SPOT_NAMES = {
  caravel_captain: () => t("{area} — captain (+3)", { area: term("region", "caravel", "Caravel") }),
  america_viceroy: () => t("{area} — viceroy (+5)", { area: term("region", "america", "America") }),
};
const POSITION_WORDS = { beside: () => t("beside the limit board"), on: () => t("on the limit board") };
const COLOUR_NAMES = {
  red: () => t("Red"), blue: () => t("Blue"), yellow: () => t("Yellow"), green: () => t("Green"),
  orange: () => t("Orange"), purple: () => t("Purple"), white: () => t("White"), black: () => t("Black"),
};

/** Returns a colour's name in the page's language ("red" → "Red"). */
export function colourName(name) {
  return COLOUR_NAMES[name]?.() ?? label(name);
}

/** Returns a region's name from its id (`old_castile` → "Old Castile", from the `terms` catalog). */
export function regionName(id) {
  return term("region", id, label(id));
}

/**
 * Parses a location of the expansion's grammar (`<spot>[+gold|+goods[@claimant]][*][^]`, G4a) into
 * {spot, area, position, tile, claimant, marked, bonus}; a plain area id parses as itself.
 */
export function parseSpot(loc) {
  let rest = String(loc);
  const bonus = rest.endsWith("^");
  if (bonus) rest = rest.slice(0, -1);
  const marked = rest.endsWith("*");
  if (marked) rest = rest.slice(0, -1);
  const [spot, carried] = rest.split("+");
  const [tile, who] = (carried || "").split("@");
  let area = spot;
  let position = null;
  if (spot in SLOT_NAMES) [area, position] = ["france", spot.slice(7)];
  else if (spot in SPOT_NAMES) [area, position] = spot.split("_");
  else if (/_(beside|on)$/.test(spot)) [area, position] = [spot.replace(/_(beside|on)$/, ""), spot.match(/_(beside|on)$/)[1]];
  return { spot, area, position, tile: tile || null, claimant: who ? Number(who) : null, marked, bonus };
}

/** Returns the area a location names ("caravel_captain+gold^" → "caravel"). */
export function spotArea(loc) {
  return parseSpot(loc).area;
}

/** Returns an area's display name ("castillo" → "the Castillo", "france_envoy" → "France — envoy slot (+1)"). */
export function areaName(id) {
  if (id in SLOT_NAMES) return t("{area} — {slot}", { area: regionName("france"), slot: SLOT_NAMES[id]() });  // O-F4
  if (id in SPOT_NAMES) return SPOT_NAMES[id]();  // G3
  if (id === "out") return t("out of the game");  // G42: black caballeros beside the board
  if (typeof id === "string" && id.startsWith("black:")) return t("black caballero, {where}", { where: areaName(id.slice(6)) });  // G81: a named return
  if (typeof id === "string" && /[+*^]|_(beside|on)$/.test(id)) return stateName(id);
  return id === "castillo" ? t("the Castillo") : id === "court" ? t("the court") : id === "province" ? t("the province") : regionName(id);
}

/** Returns a caballero state's name in words (G4a): "Caravel (carrying gold for Red, bonus move)". */
function stateName(loc) {
  const p = parseSpot(loc);
  const where = p.spot !== loc ? areaName(p.spot) : p.position ? `${regionName(p.area)}, ${POSITION_WORDS[p.position]()}` : regionName(p.area);
  const notes = [];
  if (p.tile) notes.push(p.claimant !== null ? t("carrying {tile} for {colour}", { tile: tileName(p.tile), colour: colourName(colour(p.claimant).name) }) : t("carrying {tile}", { tile: tileName(p.tile) }));
  if (p.marked) notes.push(t("relocated"));
  if (p.bonus) notes.push(t("bonus move"));
  return notes.length ? t("{where} ({notes})", { where, notes: notes.join(", ") }) : where;
}

/** Returns a tile kind's name ("gold", "goods") in the page's language. */
export function tileName(kind) {
  return kind === "gold" ? t("gold") : kind === "goods" ? t("goods") : String(kind);
}

/** Returns whose caballero a move entry's `seat` is: a colour ("Red"), or the Church's black one (O-C7). */
export function pieceName(seat) {
  return seat === "black" ? t("black caballero") : colourName(colour(seat).name);
}

/** Returns the player's name for a seat, from the game summary's seats. */
export function seatName(seats, seat) {
  if (seat === "black") return t("the Church");
  return seats?.[seat]?.name || t("{colour} (seat {n})", { colour: colourName(colour(seat).name), n: seat + 1 });
}

function tally(list) {
  const n = {};
  list.forEach((a) => { n[a] = (n[a] || 0) + 1; });
  return Object.entries(n).map(([a, k]) => (a.startsWith("black:")  // G81: the holder's black ones, by state
    ? tn("{n} black caballero from {where}", "{n} black caballeros from {where}", k, { where: areaName(a.slice(6)) })
    : t("{n} from {where}", { n: k, where: areaName(a) }))).join(", ");
}

function counted(obj) {
  const parts = Object.entries(obj || {}).map(([a, n]) => `${n} → ${areaName(a)}`);
  return parts.length ? parts.join(", ") : t("none");
}

function declaration(m, seats) {
  const parts = [];
  if (m.moves) parts.push(m.moves.length ? m.moves.map((x) => `${pieceName(x.seat)} ${areaName(x.from)} → ${x.to ? areaName(x.to) : "…"}`).join("; ") : t("no moves"));
  if (m.places) parts.push(m.places.length ? t("place in {areas}", { areas: m.places.map(areaName).join(", ") }) : t("place none"));
  if (m.removals) parts.push(m.removals.map((x) => t("remove {who}'s from {where}", { who: seatName(seats, x.seat), where: areaName(x.region) })).join("; ") || t("no removals"));
  if (m.scoreboard) parts.push(scoreboardName(m.scoreboard));
  if (m.area) parts.push(areaName(m.area));
  if (m.value !== undefined) parts.push(m.value === null ? t("a sealed card") : t("power card {value}", { value: m.value }));
  if (m.supplement && Object.keys(m.supplement).length) parts.push(t("supplement from {areas}", { areas: Object.keys(m.supplement).map(areaName).join(", ") }));
  return parts.join(" · ");
}

/** Returns a mobile scoreboard's name ("sb_8_4_0" → "scoreboard 8·4·0"). */
export function scoreboardName(id) {
  return t("scoreboard {values}", { values: String(id).slice(3).replace(/_/g, "·") });
}

/** Returns a one-line description of a move, e.g. "Place 2 → Aragon, 1 → the Castillo". */
export function describeMove(m, seats, card) {
  switch (m.type) {
    case "play_power_card": return t("Play power card {value}", { value: m.value });
    case "supplement_court": return Object.keys(m.from || {}).length ? t("Take into court: {what}", { what: Object.entries(m.from).map(([a, n]) => t("{n} from {where}", { n, where: areaName(a) })).join(", ") }) : t("Take none from the board");
    case "take_card": return t("Take “{card}”", { card: actionCard(m.card)[1] });
    case "place_caballeros": return Object.keys(m.to || {}).length ? t("Place {what}", { what: counted(m.to) }) : t("Place no caballeros");
    case "declare_action": {
      const text = declaration(m, seats);
      const name = card ? actionCard(card)[1] : t("Special action");
      return text ? t("{card}: {details}", { card: name, details: text }) : name;
    }
    case "end_turn": return t("End my turn");
    case "church_intake": return t("Church: take 1 caballero into court");  // O-C6 (a)
    case "answer_veto": return m.answer === "allow" ? t("Allow it") : m.from > 1 ? t("Veto it from step {step}", { step: m.from }) : t("Veto it");
    case "choose_region": return t("Disc: {region}", { region: areaName(m.region) });
    case "return_caballeros": return m.sources.length ? t("Return {what}", { what: tally(m.sources) }) : t("Return nothing");
    default: return genericMove(m, seats);
  }
}

/** Returns any other move (new move types included) as its type and fields: "Bonus Move: from Caravel → to America"
 * (the type and field names stay the notation's: they name no words of the catalog). */
function genericMove(m, seats) {
  const parts = Object.entries(m).filter(([k]) => k !== "type").map(([k, v]) => `${label(k).toLowerCase()} ${fieldText(v, seats)}`);
  return parts.length ? `${label(m.type)}: ${parts.join(" · ")}` : label(m.type);
}

function fieldText(v, seats) {
  if (typeof v === "string") return areaName(v);
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  if (v === null || v === undefined) return t("none");
  if (Array.isArray(v)) return v.length ? v.map((x) => fieldText(x, seats)).join(", ") : t("none");
  if (typeof v === "object") {
    if ("from" in v || "to" in v) return `${"seat" in v ? `${pieceName(v.seat)} ` : ""}${v.from !== undefined ? areaName(v.from) : "…"} → ${v.to !== undefined ? areaName(v.to) : "…"}${v.k > 1 ? ` ×${v.k}` : ""}`;
    const entries = Object.entries(v);
    return entries.length ? entries.map(([a, n]) => `${areaName(a)} ${fieldText(n, seats)}`).join(", ") : t("none");
  }
  return String(v);
}

function promptTexts() {
  return {
    play_power_card: [t("Play a power card"), t("Pick a card from your hand. Higher cards act earlier; more heads bring more caballeros into your court.")],
    supplement_court: [t("Fill your court?"), t("Your province is short. You may take your own caballeros from open regions into the court.")],
    choose_action_card: [t("Take an action card"), t("Pick one of the face-up cards.")],
    turn_step: [t("Your turn"), t("Place caballeros next to the King or in the Castillo, use the card's special action (in either order), then end your turn.")],
    veto_answer: [t("Veto?"), t("A special action was declared. Allow it, or spend your Veto.")],
    castillo_disc: [t("Castillo disc"), t("Choose the region where your Castillo caballeros go.")],
    setup_disc: [t("Setup disc"), t("Choose the region where your 2 caballeros from the province start (G16).")],
    limit_fill: [t("Limit board"), t("Choose which caballeros go onto the limit board's free spaces (G47, G48).")],
    copy_offer: [t("Copy the special action?"), t("You may copy the special action just used (G68).")],
    relocation_before_scoring: [t("Relocation before scoring"), t("You may relocate caballeros before this scoring (G73).")],
    eviction_disc: [t("Eviction disc"), t("Choose where your evicted caballeros go.")],
    return_two_disc: [t("Secret return"), t("Choose the region you return 2 caballeros from.")],
    return_all_disc: [t("Secret return"), t("Choose the region you return all your caballeros from.")],
    secret_scoring_disc: [t("Secret scoring"), t("Choose a region; regions chosen by exactly one player are scored.")],
    king_returns_choice: [t("The King returns"), t("Choose where your 3 returned caballeros come from.")],
  };
}

/** Returns [title, hint] for a prompt kind. */
export function promptText(kind) {
  return promptTexts()[kind] || [label(kind), ""];
}

function movedText(e) {
  return e.moves.map(([seat, from, to, n]) => {
    const params = { n, colour: seat === "black" ? t("black") : colourName(colour(seat).name).toLowerCase(), from: areaName(from), to: areaName(to) };
    return from === "court" ? t("{n} {colour} to {to}", params) : t("{n} {colour} from {from} to {to}", params);
  }).join(", ");
}

function vetoText(from) {
  return from > 1 ? t("vetoes from step {step}", { step: from }) : t("vetoes");
}

/** Returns a sealed choice as text: a region, a list of sources, or a veto answer. */
export function choiceText(c) {
  if (typeof c === "string") return areaName(c);
  if (typeof c === "number") return c === 0 ? t("allows") : vetoText(c);
  if (Array.isArray(c)) return c.map(choiceText).join(", ") || t("nothing");
  if (c && c.answer) return c.answer === "allow" ? t("allows") : vetoText(c.from);
  if (c && c.region) return areaName(c.region);
  if (c && c.sources) return choiceText(c.sources);
  return JSON.stringify(c);
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function gameStarted(e) {
  const parts = [t("The game begins. The King stands in {region}.", { region: areaName(e.king) })];
  if (e.church_regions) parts.push(t("The Church's black caballeros stand in {regions}.", { regions: e.church_regions.map(areaName).join(t(" and ")) }));  // O-C2
  if (e.inquisitor_regions) parts.push(t("The Grand Inquisitor's black caballeros stand in {regions}.", { regions: e.inquisitor_regions.map(areaName).join(t(" and ")) }));
  if (e.limit_region) parts.push(t("The limit board lies in {region}.", { region: areaName(e.limit_region) }));  // G14
  return parts.join(" ");
}

function cardTaken(e, who) {
  const params = { who: who(e.seat), card: actionCard(e.card)[1] };
  if (String(e.card).startsWith("d6_church")) return t("{who} takes “{card}” and the Church marker.", params);  // O-C3
  if (String(e.card).startsWith("d6_grand_inquisitor")) return t("{who} takes “{card}” and the Grand Inquisitor figure.", params);  // G64
  return t("{who} takes “{card}”.", params);
}

function scored(e, who) {
  const points = e.points.map((p, s) => (p ? `${who(s)} +${p}` : null)).filter(Boolean).join(", ") || t("nobody");
  const params = { area: capital(areaName(e.area)), points };
  return e.mode === "conquest" ? t("{area} scores (conquest, points doubled): {points}.", params) : t("{area} scores: {points}.", params);
}

function revealed(e, who) {
  const text = t("Choices revealed: {choices}.", { choices: (e.choices || []).map(([s, c]) => `${who(s)} ${choiceText(c)}`).join(", ") });
  if (e.vetoed_by === undefined) return text;
  return text + " " + t("{who}'s Veto stops the action from step {step}.", { who: who(e.vetoed_by), step: e.from });
}

/** Returns one readable line for a log entry (null to leave it out). */
export function describeEvent(entry, seats) {
  const e = entry.event || {};
  const who = (s) => seatName(seats, s);
  switch (e.type) {
    case "game_created": return seats.length ? t("The game was created for {names}.", { names: seats.map((s) => s.name).join(", ") }) : t("The game was created.");
    case "game_started": return gameStarted(e);
    case "round_started": return t("Round {round} begins. Offer: {cards}.", { round: e.round, cards: (e.offer || []).map((c) => actionCard(c)[1]).join(", ") });
    case "power_card_played": return t("{who} plays power card {value}.", { who: who(e.seat), value: e.value });
    case "turn_started": return tn("{who}'s turn: {n} caballero to court.", "{who}'s turn: {n} caballeros to court.", e.intake, { who: who(e.seat) });
    case "court_supplemented": return t("{who} fills the court: {moved}.", { who: who(e.seat), moved: movedText(e) });
    case "action_card_taken": return cardTaken(e, who);
    case "caballeros_placed": {
      const params = { who: who(e.seat), what: e.moves.map(([, , to, n]) => t("{n} in {where}", { n, where: areaName(to) })).join(", ") || t("nothing") };
      return e.extra ? t("{who} places {what} (with the Church extra).", params) : t("{who} places {what}.", params);
    }
    case "action_declared": return t("{who} declares {action}.", { who: who(e.seat), action: describeMove({ type: "declare_action", ...(e.action || {}) }, seats, e.card) });
    case "action_skipped": return t("{who} skips the special action.", { who: who(e.seat) });
    case "caballeros_moved":
      if (e.reason === "church") return t("{who} uses the Church extra: {moved}.", { who: who(e.seat), moved: movedText(e) });  // O-C6 (a)
      return e.reason ? t("Caballeros move ({reason}): {moved}.", { reason: label(e.reason), moved: movedText(e) }) : t("Caballeros move: {moved}.", { moved: movedText(e) });
    case "granada_conquered": return t("Granada is conquered: it is Moorish no more, and scores once at double value.");  // O-G4
    case "area_scored": return scored(e, who);
    case "king_moved": return t("The King moves to {region}.", { region: areaName(e.to) });
    case "grande_moved": return t("{who}'s Grande moves to {region}.", { who: who(e.seat), region: areaName(e.to) });
    case "scoreboard_placed": return t("{scoreboard} goes to {region}.", { scoreboard: capital(scoreboardName(e.scoreboard)), region: areaName(e.to) });
    case "power_card_taken_back": return e.value ? t("{who} takes power card {value} back.", { who: who(e.seat), value: e.value }) : t("{who} takes a power card back.", { who: who(e.seat) });
    case "decision_opened": return t("{prompt}: {who} must choose.", { prompt: promptText(e.kind)[0], who: (e.members || []).map(who).join(", ") });
    case "choice_made": return e.choice !== undefined ? t("{who} has chosen ({choice}).", { who: who(e.seat), choice: choiceText(e.choice) }) : t("{who} has chosen.", { who: who(e.seat) });
    case "choices_revealed": return revealed(e, who);
    case "turn_ended": return t("{who} ends the turn.", { who: who(e.seat) });
    case "round_ended": return e.round ? t("Round {round} ends.", { round: e.round }) : t("The round ends.");
    case "general_scoring_ended": return t("General scoring done.");
    case "game_ended": return t("The game is over.");
    default: return entry.kind === "service" ? label(e.type || "service event") : label(e.type || "event");
  }
}
