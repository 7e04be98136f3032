// Draws a Kabale & Hiebe table: goal columns with their influence cards, the hand, won goals, scores.
import { h, mount, label } from "./dom.js";
import { colour, seatStyle, seatMarks, swatch } from "./colours.js";
import { KABALE_CARDS, GOAL_KINDS } from "./cards.js";
import { confirmRow, moveButtons, notation } from "./controls.js";

export const TITLE = "Kabale & Hiebe";
/** Words only screen readers hear: a column as one labelled element, the columns' scroller. */
const SAY = {
  column: (index, goal, state, cards) => `Column ${index}: ${goal}, ${state}; ${cards}`,
  noCards: "no cards",
  faceDown: "face down",
  card: (who, what) => `${who}: ${what}`,
  columns: "Goal columns",
};
const ui = { card: null, toColumns: false };
let panels = null;

/** Builds the empty panels of the page once. */
export function init(root, ctx) {
  panels = {
    table: h("section", { class: "panel table-panel", "aria-label": "Table" }),
    players: h("section", { class: "panel players-panel", "aria-label": "Players" }),
    prompt: h("section", { class: "panel prompt", "aria-label": "Your move" }),
    hand: h("section", { class: "panel hand-panel", "aria-label": "Your hand" }),
  };
  mount(root, h("div", { class: "main-col" }, panels.table, panels.players),
    h("div", { class: "side-col" }, panels.prompt, panels.hand, ctx.history.el));
}

function name(ctx, seat) {
  return ctx.summary.seats?.[seat]?.name || `Seat ${seat + 1}`;
}

function cardName(card) {
  return KABALE_CARDS[card]?.[0] || label(card);
}

function goalCard(goal, extra = "") {
  const [kind, sym] = GOAL_KINDS[goal.kind] || [label(goal.kind), "★"];
  return h("div", { class: `goal ${goal.kind}` },
    h("div", { class: "kind" }, sym, " ", kind),
    h("div", { class: "gv" }, goal.value),
    extra ? h("div", { class: "fill" }, extra) : null);
}

function marks(ctx) {
  return seatMarks(ctx.view.players.map((p) => name(ctx, p.seat)));
}

function mark(text) {
  return h("span", { class: "mark", "aria-hidden": "true" }, text);
}

/** Returns an influence card in a column: its owner's mark, and its name and value once face up. */
function slot(ctx, s) {
  const c = colour(ctx.view.colours[s.seat]);
  const m = marks(ctx)[s.seat];
  if (!s.up) {
    const mine = s.card ? `${cardName(s.card)}` : "";
    return h("div", { class: "infl back", style: seatStyle(c), title: "Face down" }, mark(m), mine ? h("span", { class: "back-text" }, `(${mine})`) : "");
  }
  const [nm, val, ability] = KABALE_CARDS[s.card] || [label(s.card), "", ""];
  return h("div", { class: `infl${s.holds ? " hooded" : ""}`, style: seatStyle(c), title: ability },
    mark(m), h("span", {}, nm + hoodText(s)), h("span", { class: "iv" }, val));
}

function hoodText(s) {
  return s.card === "magic_hood" ? (s.holds ? (s.hidden ? ` · hides ${cardName(s.hidden)}` : " · hides a card") : "") : "";
}

/** Returns a column in words for screen readers: its goal, how full it is, and every card with its owner. */
function columnText(ctx, col, state) {
  const [kind] = GOAL_KINDS[col.goal.kind] || [label(col.goal.kind)];
  const cards = col.slots.map((s) => {
    const [nm, val] = KABALE_CARDS[s.card] || [label(s.card), ""];
    const what = s.up ? `${nm} ${val}${hoodText(s)}` : s.card ? `${SAY.faceDown} (${cardName(s.card)})` : SAY.faceDown;
    return SAY.card(name(ctx, s.seat), what);
  });
  return SAY.column(col.index, `${kind} ${col.goal.value}`, state, cards.join(", ") || SAY.noCards);
}

/** Returns the goal columns; a column that can be chosen is a button (click, Enter or Space). */
function columns(ctx, targets) {
  const view = ctx.view;
  return h("div", { class: "goal-columns", role: "group", "aria-label": SAY.columns }, ...view.columns.map((col) => {
    const move = targets.get(col.index);
    const state = col.closed ? "closed by Storm" : col.full ? "full" : `${col.slots.length} / ${col.goal.value}`;
    const said = columnText(ctx, col, state);
    const pick = move ? () => ctx.prompter.select(move) : null;
    return h("div", {
      class: `goal-col${move ? " target" : ""}`, "data-column": col.index, onclick: pick,
      role: move ? "button" : "img", tabindex: move ? "0" : null, "aria-label": move ? `${describeMove(ctx, move)}. ${said}` : said,
      "aria-pressed": move ? String(ctx.prompter.selected === move) : null,
      onkeydown: move ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(); } } : null,
    }, h("div", { class: "col-no" }, `column ${col.index}`), goalCard(col.goal, state), ...col.slots.map((s) => slot(ctx, s)));
  }));
}

function drawTable(ctx, targets) {
  const v = ctx.view;
  mount(panels.table,
    h("h2", {}, `Round ${v.round || "–"} of ${v.rounds}`, h("span", { class: "count" }, `goal stack: ${v.goal_stack_size}`)),
    v.columns.length ? columns(ctx, targets) : h("p", { class: "muted" }, v.result ? "All six rounds are played." : "The round has not started."),
    v.result ? h("div", { class: "notice" }, resultText(ctx)) : null);
  const scroller = panels.table.querySelector(".goal-columns");  // scrolls on a phone: keyboard users scroll it too
  if (scroller && scroller.scrollWidth > scroller.clientWidth && !targets.size) scroller.tabIndex = 0;
}

function resultText(ctx) {
  const r = ctx.view.result;
  const winners = r.winners.map((s) => name(ctx, s)).join(" and ");
  return `Game over. ${winners} ${r.winners.length > 1 ? "win" : "wins"}. Scores: ${r.scores.map((sc, i) => `${name(ctx, i)} ${sc}`).join(", ")}.`;
}

function drawPlayers(ctx) {
  const v = ctx.view;
  const m = marks(ctx);
  mount(panels.players, h("h2", {}, "Players"), h("div", { class: "players" }, ...v.players.map((p) => {
    const c = colour(p.colour);
    return h("div", { class: `player${v.active === p.seat ? " active" : ""}`, style: seatStyle(c) },
      h("div", { class: "name" }, swatch(m[p.seat]), name(ctx, p.seat),
        p.seat === ctx.seat ? h("span", { class: "tag you" }, "you") : null,
        v.active === p.seat ? h("span", { class: "tag turn" }, "to play") : null),
      h("div", { class: "score" }, p.score ?? p.won_count, h("span", { class: "pts" }, p.score === undefined ? ` goal${p.won_count === 1 ? "" : "s"} won` : " pts")),
      h("div", { class: "facts" }, h("span", {}, `hand ${p.hand_size}`), h("span", {}, `draw ${p.draw_size}`), h("span", {}, `discard ${p.discard.length}`)),
      p.won?.length ? h("div", { class: "won" }, ...p.won.map((g) => goalCard(goalOf(g)))) : null);
  })));
}

function goalOf(id) {
  const [kind, v] = id.split("_");
  return { kind, value: Number.parseInt(v, 10) };
}

function handCard(card, c, onclick, selected) {
  const [nm, val, ability] = KABALE_CARDS[card] || [label(card), "", ""];
  return h(onclick ? "button" : "div", { class: `card hand-card${selected ? " selected" : ""}${onclick ? " playable" : ""}`, style: seatStyle(c), "data-card": card, onclick,
    "aria-pressed": onclick ? String(Boolean(selected)) : null },
    h("span", { class: "iv" }, val), h("strong", {}, nm), h("span", { class: "ability" }, ability));
}

function drawHand(ctx, playable) {
  const me = ctx.view.players[ctx.seat];
  panels.hand.hidden = !me;
  if (!me) return;
  const c = colour(me.colour);
  mount(panels.hand, h("h2", {}, "Your hand", h("span", { class: "count" }, `${me.hand.length} cards`)),
    h("div", { class: "cards" }, ...me.hand.map((card) => handCard(card, c, playable.has(card) ? () => pickCard(ctx, card) : null, ui.card === card))));
}

function pickCard(ctx, card) {
  ui.card = ui.card === card ? null : card;
  ui.toColumns = ui.card !== null && document.activeElement?.dataset?.card === card;  // by keyboard: on to the columns
  const p = ctx.prompter;
  const tuck = p.ofType("tuck").find((m) => m.card === card);
  if (tuck) return p.select(tuck);
  p.select(null);
}

function describeMove(ctx, m) {
  switch (m.type) {
    case "play": return `Play ${cardName(m.card)} into column ${m.column}`;
    case "tuck": return `Hide ${cardName(m.card)} under the hood`;
    case "swap": return `Swap the Traitor's goal with column ${m.column}`;
    case "decline": return "Decline";
    default: return label(m.type);
  }
}

function promptPanel(ctx) {
  const p = ctx.prompter;
  const mine = ctx.view.prompts.find((x) => x.seat === ctx.seat);
  const waiting = ctx.view.prompts.map((x) => name(ctx, x.seat)).join(", ");
  panels.prompt.classList.toggle("idle", !mine || !ctx.live);
  if (!ctx.live) return mount(panels.prompt, heading("Viewing the past"), h("div", { class: "hint" }, "Go back to now to play."));
  if (ctx.view.result) return mount(panels.prompt, heading("The game is over."));
  if (!mine || !p.legal.length) return mount(panels.prompt, heading(waiting ? `Waiting for ${waiting}` : "Nothing to do."));
  const kinds = { play: "Play a card", hood_tuck: "Your Magic Hood was revealed", traitor_swap: "Your Traitor was revealed" };
  const hints = {
    play: "Choose a card from your hand, then click the column to play it into (face down, at the bottom).",
    hood_tuck: "Choose a hand card to hide under the hood, or decline.",
    traitor_swap: "Click a column to swap its goal card with the Traitor's, or decline.",
  };
  const rest = p.legal.filter((m) => !["play", "tuck", "swap"].includes(m.type));
  mount(panels.prompt, heading(kinds[mine.kind] || label(mine.kind)),
    h("div", { class: "hint" }, hints[mine.kind] || ""),
    p.selected ? h("div", { class: "draft" }, describeMove(ctx, p.selected)) : null,
    p.selected ? notation(p.selected.text) : null,
    p.selected ? confirmRow(p, "Confirm") : null,
    p.error ? h("div", { class: "error-box" }, p.error) : null,
    rest.length ? moveButtons(p, rest, (m) => describeMove(ctx, m)) : null);
}

/** Returns the prompt's title as its heading (focusable by script, so focus can land there after a move). */
function heading(text) {
  return h("h2", { class: "what", tabindex: "-1" }, text);
}

/** Returns {column: move} for the columns a click can choose now. */
function columnTargets(ctx) {
  const p = ctx.prompter;
  const out = new Map();
  if (!ctx.live) return out;
  for (const m of p.legal) {
    if ((m.type === "play" && m.card === ui.card) || m.type === "swap") out.set(m.column, m);
  }
  return out;
}

/** Redraws the whole page from `ctx` (view, summary, prompter, history). */
export function render(ctx) {
  document.getElementById("title").textContent = TITLE;
  const phase = document.getElementById("phase");
  phase.hidden = false;
  phase.textContent = ctx.view.result ? "Finished" : `Round ${ctx.view.round || 1} of 6`;
  const legalCards = new Set(ctx.live ? ctx.prompter.legal.filter((m) => m.card).map((m) => m.card) : []);
  if (ui.card && !legalCards.has(ui.card)) ui.card = null;
  drawTable(ctx, columnTargets(ctx));
  drawPlayers(ctx);
  drawHand(ctx, legalCards);
  promptPanel(ctx);
  if (ui.toColumns) panels.table.querySelector(".goal-col.target")?.focus({ preventScroll: true });
  ui.toColumns = false;
}

/** Returns one readable line for a log entry (null to leave it out). */
export function describeEvent(entry, seats) {
  const e = entry.event || {};
  const who = (s) => seats[s]?.name || `Seat ${s + 1}`;
  switch (e.type) {
    case "game_started": return "The game started.";
    case "round_started": return `Round ${e.round} started.`;
    case "turn_started": return `${who(e.seat)}'s turn.`;
    case "card_played": return `${who(e.seat)} played ${e.card ? cardName(e.card) : "a card"} face down into column ${e.column}.`;
    case "card_revealed": return `${e.card ? cardName(e.card) : "A card"} was revealed in column ${e.column}.`;
    case "cards_drawn": return e.cards ? `${who(e.seat)} drew ${e.cards.map(cardName).join(", ")}.` : `${who(e.seat)} drew ${e.count ?? ""} card(s).`;
    case "column_scored": return e.winner === null || e.winner === undefined ? `Column ${e.column}: nobody wins.` : `Column ${e.column} goes to ${who(e.winner)}.`;
    case "card_killed": return `The Assassin kills ${who(e.seat)}'s ${cardName(e.card)} in column ${e.column}.`;
    case "explorer_moved": return `${who(e.seat)}'s Explorer moves from column ${e.column} to column ${e.to}.`;
    case "card_tucked": return `${who(e.seat)} hides ${e.card ? cardName(e.card) : "a card"} under the Magic Hood.`;
    case "goals_swapped": return `${who(e.seat)}'s Traitor swaps the goals of columns ${e.columns.join(" and ")}.`;
    case "declined": return `${who(e.seat)} declines.`;
    case "round_revealed": return "Every card is turned face up.";
    case "seat_skipped": return `${who(e.seat)} has no card and is skipped.`;
    case "game_created": return `The game was created for ${seats.map((x) => x.name).join(", ")}.`;
    case "round_ended": return `Round ${e.round ?? ""} ended.`;
    case "game_ended": return "The game ended.";
    case "deck_shuffled": case "goals_shuffled": return null;
    default: return entry.kind === "service" ? label(e.type || "service event") : label(e.type || "event");
  }
}
