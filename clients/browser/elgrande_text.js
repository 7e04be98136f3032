// Writes El Grande moves, log events and prompts as short English sentences.
import { label } from "./dom.js";
import { actionCard } from "./cards.js";
import { colour } from "./colours.js";

const SLOT_NAMES = { france_ambassador: "ambassador slot (+2)", france_envoy: "envoy slot (+1)", france_plain: "plain slot" };
/** Inquisitor & Colonies (G3, G4): the overseas slots and the positions at the limit board. */
const SPOT_NAMES = { caravel_captain: "Caravel — captain (+3)", america_viceroy: "America — viceroy (+5)" };
const POSITION_WORDS = { beside: "beside the limit board", on: "on the limit board" };

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
  if (id in SLOT_NAMES) return `France — ${SLOT_NAMES[id]}`;  // O-F4
  if (id in SPOT_NAMES) return SPOT_NAMES[id];  // G3
  if (id === "out") return "out of the game";  // G42: black caballeros beside the board
  if (typeof id === "string" && id.startsWith("black:")) return `black caballero, ${areaName(id.slice(6))}`;  // G81: a named return
  if (typeof id === "string" && /[+*^]|_(beside|on)$/.test(id)) return stateName(id);
  return id === "castillo" ? "the Castillo" : id === "court" ? "the court" : id === "province" ? "the province" : label(id);
}

/** Returns a caballero state's name in words (G4a): "Caravel (carrying gold for Red, bonus move)". */
function stateName(loc) {
  const p = parseSpot(loc);
  const where = p.spot !== loc ? areaName(p.spot) : p.position ? `${label(p.area)}, ${POSITION_WORDS[p.position]}` : label(p.area);
  const notes = [];
  if (p.tile) notes.push(`carrying ${p.tile}${p.claimant !== null ? ` for ${label(colour(p.claimant).name)}` : ""}`);
  if (p.marked) notes.push("relocated");
  if (p.bonus) notes.push("bonus move");
  return notes.length ? `${where} (${notes.join(", ")})` : where;
}

/** Returns whose caballero a move entry's `seat` is: a colour ("Red"), or the Church's black one (O-C7). */
export function pieceName(seat) {
  return seat === "black" ? "black caballero" : label(colour(seat).name);
}

/** Returns the player's name for a seat, from the game summary's seats. */
export function seatName(seats, seat) {
  if (seat === "black") return "the Church";
  return seats?.[seat]?.name || `${label(colour(seat).name)} (seat ${seat + 1})`;
}

function tally(list) {
  const n = {};
  list.forEach((a) => { n[a] = (n[a] || 0) + 1; });
  return Object.entries(n).map(([a, k]) => (a.startsWith("black:")  // G81: the holder's black ones, by state
    ? `${k} black caballero${k > 1 ? "s" : ""} from ${areaName(a.slice(6))}`
    : `${k} from ${areaName(a)}`)).join(", ");
}

function counted(obj) {
  const parts = Object.entries(obj || {}).map(([a, n]) => `${n} → ${areaName(a)}`);
  return parts.length ? parts.join(", ") : "none";
}

function declaration(m, seats) {
  const parts = [];
  if (m.moves) parts.push(m.moves.length ? m.moves.map((x) => `${pieceName(x.seat)} ${areaName(x.from)} → ${x.to ? areaName(x.to) : "…"}`).join("; ") : "no moves");
  if (m.places) parts.push(m.places.length ? `place in ${m.places.map(areaName).join(", ")}` : "place none");
  if (m.removals) parts.push(m.removals.map((x) => `remove ${seatName(seats, x.seat)}'s from ${areaName(x.region)}`).join("; ") || "no removals");
  if (m.scoreboard) parts.push(`scoreboard ${m.scoreboard.slice(3).replace(/_/g, "·")}`);
  if (m.area) parts.push(areaName(m.area));
  if (m.value !== undefined) parts.push(m.value === null ? "a sealed card" : `power card ${m.value}`);
  if (m.supplement && Object.keys(m.supplement).length) parts.push(`supplement from ${Object.keys(m.supplement).map(areaName).join(", ")}`);
  return parts.join(" · ");
}

/** Returns a one-line description of a move, e.g. "Place 2 → Aragon, 1 → the Castillo". */
export function describeMove(m, seats, card) {
  switch (m.type) {
    case "play_power_card": return `Play power card ${m.value}`;
    case "supplement_court": return Object.keys(m.from || {}).length ? `Take into court: ${Object.entries(m.from).map(([a, n]) => `${n} from ${areaName(a)}`).join(", ")}` : "Take none from the board";
    case "take_card": return `Take “${actionCard(m.card)[1]}”`;
    case "place_caballeros": return Object.keys(m.to || {}).length ? `Place ${counted(m.to)}` : "Place no caballeros";
    case "declare_action": {
      const text = declaration(m, seats);
      return `${card ? actionCard(card)[1] : "Special action"}${text ? ": " + text : ""}`;
    }
    case "end_turn": return "End my turn";
    case "church_intake": return "Church: take 1 caballero into court";  // O-C6 (a)
    case "answer_veto": return m.answer === "allow" ? "Allow it" : `Veto it${m.from > 1 ? ` from step ${m.from}` : ""}`;
    case "choose_region": return `Disc: ${areaName(m.region)}`;
    case "return_caballeros": return m.sources.length ? `Return ${tally(m.sources)}` : "Return nothing";
    default: return genericMove(m, seats);
  }
}

/** Returns any other move (new move types included) as its type and fields: "Bonus Move: from Caravel → to America". */
function genericMove(m, seats) {
  const parts = Object.entries(m).filter(([k]) => k !== "type").map(([k, v]) => `${label(k).toLowerCase()} ${fieldText(v, seats)}`);
  return parts.length ? `${label(m.type)}: ${parts.join(" · ")}` : label(m.type);
}

function fieldText(v, seats) {
  if (typeof v === "string") return areaName(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) return v.length ? v.map((x) => fieldText(x, seats)).join(", ") : "none";
  if (typeof v === "object") {
    if ("from" in v || "to" in v) return `${"seat" in v ? `${pieceName(v.seat)} ` : ""}${v.from !== undefined ? areaName(v.from) : "…"} → ${v.to !== undefined ? areaName(v.to) : "…"}${v.k > 1 ? ` ×${v.k}` : ""}`;
    const entries = Object.entries(v);
    return entries.length ? entries.map(([a, n]) => `${areaName(a)} ${fieldText(n, seats)}`).join(", ") : "none";
  }
  return String(v);
}

const PROMPT_TEXT = {
  play_power_card: ["Play a power card", "Pick a card from your hand. Higher cards act earlier; more heads bring more caballeros into your court."],
  supplement_court: ["Fill your court?", "Your province is short. You may take your own caballeros from open regions into the court."],
  choose_action_card: ["Take an action card", "Pick one of the face-up cards."],
  turn_step: ["Your turn", "Place caballeros next to the King or in the Castillo, use the card's special action (in either order), then end your turn."],
  veto_answer: ["Veto?", "A special action was declared. Allow it, or spend your Veto."],
  castillo_disc: ["Castillo disc", "Choose the region where your Castillo caballeros go."],
  setup_disc: ["Setup disc", "Choose the region where your 2 caballeros from the province start (G16)."],
  limit_fill: ["Limit board", "Choose which caballeros go onto the limit board's free spaces (G47, G48)."],
  copy_offer: ["Copy the special action?", "You may copy the special action just used (G68)."],
  relocation_before_scoring: ["Relocation before scoring", "You may relocate caballeros before this scoring (G73)."],
  eviction_disc: ["Eviction disc", "Choose where your evicted caballeros go."],
  return_two_disc: ["Secret return", "Choose the region you return 2 caballeros from."],
  return_all_disc: ["Secret return", "Choose the region you return all your caballeros from."],
  secret_scoring_disc: ["Secret scoring", "Choose a region; regions chosen by exactly one player are scored."],
  king_returns_choice: ["The King returns", "Choose where your 3 returned caballeros come from."],
};

/** Returns [title, hint] for a prompt kind. */
export function promptText(kind) {
  return PROMPT_TEXT[kind] || [label(kind), ""];
}

function movedText(e) {
  return e.moves.map(([seat, from, to, n]) => `${n} ${seat === "black" ? "black" : colour(seat).name} ${from === "court" ? "" : `from ${areaName(from)} `}to ${areaName(to)}`).join(", ");
}

/** Returns a sealed choice as text: a region, a list of sources, or a veto answer. */
export function choiceText(c) {
  if (typeof c === "string") return areaName(c);
  if (typeof c === "number") return c === 0 ? "allows" : `vetoes${c > 1 ? ` from step ${c}` : ""}`;
  if (Array.isArray(c)) return c.map(choiceText).join(", ") || "nothing";
  if (c && c.answer) return c.answer === "allow" ? "allows" : `vetoes${c.from > 1 ? ` from step ${c.from}` : ""}`;
  if (c && c.region) return areaName(c.region);
  if (c && c.sources) return choiceText(c.sources);
  return JSON.stringify(c);
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Returns one readable line for a log entry (null to leave it out). */
export function describeEvent(entry, seats) {
  const e = entry.event || {};
  const who = (s) => seatName(seats, s);
  switch (e.type) {
    case "game_created": return `The game was created${seats.length ? ` for ${seats.map((s) => s.name).join(", ")}` : ""}.`;
    case "game_started": return `The game begins. The King stands in ${areaName(e.king)}.${e.church_regions ? ` The Church's black caballeros stand in ${e.church_regions.map(areaName).join(" and ")}.` : ""}${e.inquisitor_regions ? ` The Grand Inquisitor's black caballeros stand in ${e.inquisitor_regions.map(areaName).join(" and ")}.` : ""}${e.limit_region ? ` The limit board lies in ${areaName(e.limit_region)}.` : ""}`;  // O-C2, G14
    case "round_started": return `Round ${e.round} begins. Offer: ${(e.offer || []).map((c) => actionCard(c)[1]).join(", ")}.`;
    case "power_card_played": return `${who(e.seat)} plays power card ${e.value}.`;
    case "turn_started": return `${who(e.seat)}'s turn: ${e.intake} caballero${e.intake === 1 ? "" : "s"} to court.`;
    case "court_supplemented": return `${who(e.seat)} fills the court: ${movedText(e)}.`;
    case "action_card_taken": return `${who(e.seat)} takes “${actionCard(e.card)[1]}”${String(e.card).startsWith("d6_church") ? " and the Church marker" : String(e.card).startsWith("d6_grand_inquisitor") ? " and the Grand Inquisitor figure" : ""}.`;  // O-C3, G64
    case "caballeros_placed": return `${who(e.seat)} places ${e.moves.map(([, , to, n]) => `${n} in ${areaName(to)}`).join(", ") || "nothing"}${e.extra ? " (with the Church extra)" : ""}.`;
    case "action_declared": return `${who(e.seat)} declares ${describeMove({ type: "declare_action", ...(e.action || {}) }, seats, e.card)}.`;
    case "action_skipped": return `${who(e.seat)} skips the special action.`;
    case "caballeros_moved":
      if (e.reason === "church") return `${who(e.seat)} uses the Church extra: ${movedText(e)}.`;  // O-C6 (a)
      return `Caballeros move${e.reason ? ` (${label(e.reason)})` : ""}: ${movedText(e)}.`;
    case "granada_conquered": return "Granada is conquered: it is Moorish no more, and scores once at double value.";  // O-G4
    case "area_scored": return `${capital(areaName(e.area))} scores${e.mode === "conquest" ? " (conquest, points doubled)" : ""}: ${e.points.map((p, s) => p ? `${who(s)} +${p}` : null).filter(Boolean).join(", ") || "nobody"}.`;
    case "king_moved": return `The King moves to ${areaName(e.to)}.`;
    case "grande_moved": return `${who(e.seat)}'s Grande moves to ${areaName(e.to)}.`;
    case "scoreboard_placed": return `Scoreboard ${e.scoreboard.slice(3).replace(/_/g, "·")} goes to ${areaName(e.to)}.`;
    case "power_card_taken_back": return `${who(e.seat)} takes a power card back${e.value ? ` (${e.value})` : ""}.`;
    case "decision_opened": return `${promptText(e.kind)[0]}: ${(e.members || []).map(who).join(", ")} must choose.`;
    case "choice_made": return `${who(e.seat)} has chosen${e.choice !== undefined ? ` (${choiceText(e.choice)})` : ""}.`;
    case "choices_revealed": return `Choices revealed: ${(e.choices || []).map(([s, c]) => `${who(s)} ${choiceText(c)}`).join(", ")}.${e.vetoed_by !== undefined ? ` ${who(e.vetoed_by)}'s Veto stops the action from step ${e.from}.` : ""}`;
    case "turn_ended": return `${who(e.seat)} ends the turn.`;
    case "round_ended": return `Round ${e.round ?? ""} ends.`;
    case "general_scoring_ended": return "General scoring done.";
    case "game_ended": return "The game is over.";
    default: return entry.kind === "service" ? label(e.type || "service event") : label(e.type || "event");
  }
}
