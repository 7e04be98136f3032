// Draws a Kabale & Hiebe table: goal columns with their influence cards, the hand, won goals, scores.
import { h, mount, label } from "./dom.js";
import { colour, seatStyle, seatMarks, swatch } from "./colours.js";
import { kabaleCard, goalKind } from "./cards.js";
import { t, tn } from "./i18n.js";
import { confirmRow, deadlineText, moveButtons, notation } from "./controls.js";

export const TITLE = "Kabale & Hiebe";
/** Words only screen readers hear: a column as one labelled element, the columns' scroller. */
const SAY = {
  column: (index, goal, state, cards) => t("Column {n}: {goal}, {state}; {cards}", { n: index, goal, state, cards }),
  noCards: () => t("no cards"),
  faceDown: () => t("face down"),
  faceDownMine: (card) => t("face down ({card})", { card }),
  card: (who, what) => t("{who}: {what}", { who, what }),
  columns: () => t("Goal columns"),
  yourMove: () => t("Your move"),
  choice: (move, column) => t("{move}. {column}", { move, column }),
};
const ui = { card: null, toColumns: false };
let panels = null;

/** Builds the empty panels of the page once. */
export function init(root, ctx) {
  panels = {
    table: h("section", { class: "panel table-panel", "aria-label": t("Table") }),
    players: h("section", { class: "panel players-panel", "aria-label": t("Players") }),
    prompt: h("section", { class: "panel prompt", "aria-label": SAY.yourMove() }),
    hand: h("section", { class: "panel hand-panel", "aria-label": t("Your hand") }),
  };
  mount(root, h("div", { class: "main-col" }, panels.table, panels.players),
    h("div", { class: "side-col" }, panels.prompt, panels.hand, ctx.history.el));
}

function name(ctx, seat) {
  return ctx.summary.seats?.[seat]?.name || t("Seat {n}", { n: seat + 1 });
}

function cardName(card) {
  return kabaleCard(card)?.[0] || label(card);
}

function goalCard(goal, extra = "") {
  const [kind, sym] = goalKind(goal.kind) || [label(goal.kind), "★"];
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
    return h("div", { class: "infl back", style: seatStyle(c), title: t("Face down") }, mark(m), mine ? h("span", { class: "back-text" }, `(${mine})`) : "");
  }
  const [nm, val, ability] = kabaleCard(s.card) || [label(s.card), "", ""];
  return h("div", { class: `infl${s.holds ? " hooded" : ""}`, style: seatStyle(c), title: ability },
    mark(m), h("span", {}, nm + hoodText(s)), h("span", { class: "iv" }, val));
}

function hoodText(s) {
  return s.card === "magic_hood" && s.holds ? " · " + (s.hidden ? t("hides {card}", { card: cardName(s.hidden) }) : t("hides a card")) : "";
}

/** Returns a column in words for screen readers: its goal, how full it is, and every card with its owner. */
function columnText(ctx, col, state) {
  const [kind] = goalKind(col.goal.kind) || [label(col.goal.kind)];
  const cards = col.slots.map((s) => {
    const [nm, val] = kabaleCard(s.card) || [label(s.card), ""];
    const what = s.up ? `${nm} ${val}${hoodText(s)}` : s.card ? SAY.faceDownMine(cardName(s.card)) : SAY.faceDown();
    return SAY.card(name(ctx, s.seat), what);
  });
  return SAY.column(col.index, `${kind} ${col.goal.value}`, state, cards.join(", ") || SAY.noCards());
}

/** Returns the goal columns; a column that can be chosen is a button (click, Enter or Space). */
function columns(ctx, targets) {
  const view = ctx.view;
  return h("div", { class: "goal-columns", role: "group", "aria-label": SAY.columns() }, ...view.columns.map((col) => {
    const move = targets.get(col.index);
    const state = col.closed ? t("closed by Storm") : col.full ? t("full") : `${col.slots.length} / ${col.goal.value}`;
    const said = columnText(ctx, col, state);
    const pick = move ? () => ctx.prompter.select(move) : null;
    return h("div", {
      class: `goal-col${move ? " target" : ""}`, "data-column": col.index, onclick: pick,
      role: move ? "button" : "img", tabindex: move ? "0" : null, "aria-label": move ? SAY.choice(describeMove(ctx, move), said) : said,
      "aria-pressed": move ? String(ctx.prompter.selected === move) : null,
      onkeydown: move ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(); } } : null,
    }, h("div", { class: "col-no" }, t("column {n}", { n: col.index })), goalCard(col.goal, state), ...col.slots.map((s) => slot(ctx, s)));
  }));
}

function drawTable(ctx, targets) {
  const v = ctx.view;
  mount(panels.table,
    h("h2", {}, t("Round {round} of {rounds}", { round: v.round || "–", rounds: v.rounds }), h("span", { class: "count" }, t("goal stack: {n}", { n: v.goal_stack_size }))),
    v.columns.length ? columns(ctx, targets) : h("p", { class: "muted" }, v.result ? t("All six rounds are played.") : t("The round has not started.")),
    v.result ? h("div", { class: "notice" }, resultText(ctx)) : null);
  const scroller = panels.table.querySelector(".goal-columns");  // scrolls on a phone: keyboard users scroll it too
  if (scroller && scroller.scrollWidth > scroller.clientWidth && !targets.size) scroller.tabIndex = 0;
}

function resultText(ctx) {
  const r = ctx.view.result;
  const params = { names: r.winners.map((s) => name(ctx, s)).join(t(" and ")), scores: r.scores.map((sc, i) => `${name(ctx, i)} ${sc}`).join(", ") };
  return r.winners.length > 1 ? t("Game over. {names} win. Scores: {scores}.", params) : t("Game over. {names} wins. Scores: {scores}.", params);
}

function drawPlayers(ctx) {
  const v = ctx.view;
  const m = marks(ctx);
  mount(panels.players, h("h2", {}, t("Players")), h("div", { class: "players" }, ...v.players.map((p) => {
    const c = colour(p.colour);
    return h("div", { class: `player${v.active === p.seat ? " active" : ""}`, style: seatStyle(c) },
      h("div", { class: "name" }, swatch(m[p.seat]), name(ctx, p.seat),
        p.seat === ctx.seat ? h("span", { class: "tag you" }, t("you")) : null,
        v.active === p.seat ? h("span", { class: "tag turn" }, t("to play")) : null),
      h("div", { class: "score" }, p.score ?? p.won_count, h("span", { class: "pts" }, " " + (p.score === undefined ? tn("goal won", "goals won", p.won_count) : tn("pt", "pts", p.score)))),
      h("div", { class: "facts" }, h("span", {}, t("hand {n}", { n: p.hand_size })), h("span", {}, t("draw {n}", { n: p.draw_size })), h("span", {}, t("discard {n}", { n: p.discard.length }))),
      p.won?.length ? h("div", { class: "won" }, ...p.won.map((g) => goalCard(goalOf(g)))) : null);
  })));
}

function goalOf(id) {
  const [kind, v] = id.split("_");
  return { kind, value: Number.parseInt(v, 10) };
}

function handCard(card, c, onclick, selected) {
  const [nm, val, ability] = kabaleCard(card) || [label(card), "", ""];
  return h(onclick ? "button" : "div", { class: `card hand-card${selected ? " selected" : ""}${onclick ? " playable" : ""}`, style: seatStyle(c), "data-card": card, onclick,
    "aria-pressed": onclick ? String(Boolean(selected)) : null },
    h("span", { class: "iv" }, val), h("strong", {}, nm), h("span", { class: "ability" }, ability));
}

function drawHand(ctx, playable) {
  const me = ctx.view.players[ctx.seat];
  panels.hand.hidden = !me;
  if (!me) return;
  const c = colour(me.colour);
  mount(panels.hand, h("h2", {}, t("Your hand"), h("span", { class: "count" }, tn("{n} card", "{n} cards", me.hand.length))),
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
    case "play": return t("Play {card} into column {column}", { card: cardName(m.card), column: m.column });
    case "tuck": return t("Hide {card} under the hood", { card: cardName(m.card) });
    case "swap": return t("Swap the Traitor's goal with column {column}", { column: m.column });
    case "decline": return t("Decline");
    default: return label(m.type);
  }
}

function promptPanel(ctx) {
  const p = ctx.prompter;
  const mine = ctx.view.prompts.find((x) => x.seat === ctx.seat);
  const waiting = ctx.view.prompts.map((x) => name(ctx, x.seat)).join(", ");
  panels.prompt.classList.toggle("idle", !mine || !ctx.live);
  if (!ctx.live) return mount(panels.prompt, heading(t("Viewing the past")), h("div", { class: "hint" }, t("Go back to now to play.")));
  if (ctx.view.result) return mount(panels.prompt, heading(t("The game is over.")));
  if (!mine || !p.legal.length) return mount(panels.prompt, heading(waiting ? t("Waiting for {who}", { who: waiting }) : t("Nothing to do.")));
  const kinds = { play: t("Play a card"), hood_tuck: t("Your Magic Hood was revealed"), traitor_swap: t("Your Traitor was revealed") };
  const hints = {
    play: t("Choose a card from your hand, then click the column to play it into (face down, at the bottom)."),
    hood_tuck: t("Choose a hand card to hide under the hood, or decline."),
    traitor_swap: t("Click a column to swap its goal card with the Traitor's, or decline."),
  };
  const rest = p.legal.filter((m) => !["play", "tuck", "swap"].includes(m.type));
  mount(panels.prompt, heading(kinds[mine.kind] || label(mine.kind)),
    h("div", { class: "hint" }, [hints[mine.kind], deadlineText(ctx.summary, ctx.seat)].filter(Boolean).join(" ")),
    p.selected ? h("div", { class: "draft" }, describeMove(ctx, p.selected)) : null,
    p.selected ? notation(p.selected.text) : null,
    p.selected ? confirmRow(p, t("Confirm")) : null,
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
  phase.textContent = ctx.view.result ? t("Finished") : t("Round {round} of {rounds}", { round: ctx.view.round || 1, rounds: 6 });
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
  const who = (s) => seats[s]?.name || t("Seat {n}", { n: s + 1 });
  switch (e.type) {
    case "game_started": return t("The game started.");
    case "round_started": return t("Round {round} started.", { round: e.round });
    case "turn_started": return t("{who}'s turn.", { who: who(e.seat) });
    case "card_played": return e.card ? t("{who} played {card} face down into column {column}.", { who: who(e.seat), card: cardName(e.card), column: e.column }) : t("{who} played a card face down into column {column}.", { who: who(e.seat), column: e.column });
    case "card_revealed": return e.card ? t("{card} was revealed in column {column}.", { card: cardName(e.card), column: e.column }) : t("A card was revealed in column {column}.", { column: e.column });
    case "cards_drawn": return e.cards ? t("{who} drew {cards}.", { who: who(e.seat), cards: e.cards.map(cardName).join(", ") }) : tn("{who} drew {n} card.", "{who} drew {n} cards.", e.count ?? 0, { who: who(e.seat) });
    case "column_scored": return e.winner === null || e.winner === undefined ? t("Column {column}: nobody wins.", { column: e.column }) : t("Column {column} goes to {who}.", { column: e.column, who: who(e.winner) });
    case "card_killed": return t("The Assassin kills {who}'s {card} in column {column}.", { who: who(e.seat), card: cardName(e.card), column: e.column });
    case "explorer_moved": return t("{who}'s Explorer moves from column {column} to column {to}.", { who: who(e.seat), column: e.column, to: e.to });
    case "card_tucked": return e.card ? t("{who} hides {card} under the Magic Hood.", { who: who(e.seat), card: cardName(e.card) }) : t("{who} hides a card under the Magic Hood.", { who: who(e.seat) });
    case "goals_swapped": return t("{who}'s Traitor swaps the goals of columns {columns}.", { who: who(e.seat), columns: e.columns.join(t(" and ")) });
    case "declined": return t("{who} declines.", { who: who(e.seat) });
    case "round_revealed": return t("Every card is turned face up.");
    case "seat_skipped": return t("{who} has no card and is skipped.", { who: who(e.seat) });
    case "game_created": return t("The game was created for {names}.", { names: seats.map((x) => x.name).join(", ") });
    case "round_ended": return e.round ? t("Round {round} ended.", { round: e.round }) : t("The round ended.");
    case "game_ended": return t("The game ended.");
    case "deck_shuffled": case "goals_shuffled": return null;
    default: return entry.kind === "service" ? label(e.type || "service event") : label(e.type || "event");
  }
}
