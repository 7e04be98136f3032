// Draws an El Grande game: the map with its pieces, the players, the hand, the offer and the prompt.
import { h, mount, label } from "./dom.js";
import { colour, seatStyle, seatMarks, swatch, CHURCH } from "./colours.js";
import { drawBoard } from "./map.js";
import { drawPosition } from "./board.js";
import { actionCard, cardHeads, rememberHeads, POWER_HEADS } from "./cards.js";
import { describeEvent, seatName, areaName, parseSpot } from "./elgrande_text.js";
import { drawPrompt } from "./elgrande_prompt.js";

export const TITLE = "El Grande";
/** Words only screen readers hear on this page. */
const SAY = { map: "Map", scoreTrack: (list) => `Score track: ${list}` };
export { describeEvent };
const SB_VALUES = { sb_8_4_0: [8, 4, 0], sb_4_0_0: [4, 0, 0] };
let panels = null;
let map = null;
let svg = null;

/** Builds the page's panels and loads the map outline. */
export function init(root, ctx) {
  panels = {
    board: h("section", { class: "panel board-panel", "aria-label": "Board" }, h("h2", { class: "sr-only" }, SAY.map)),
    players: h("section", { class: "panel players-panel", "aria-label": "Players" }),
    prompt: h("section", { class: "panel prompt", "aria-label": "Your move", "data-testid": "prompt" }),
    offer: h("section", { class: "panel offer-panel", "aria-label": "Action cards" }),
    hand: h("section", { class: "panel hand-panel", "aria-label": "Power cards" }),
    colonies: h("section", { class: "panel colonies-panel", "aria-label": "Inquisitor and Colonies", "data-testid": "colonies", hidden: true }),
  };
  mount(root, h("div", { class: "main-col" }, panels.board, panels.players),
    h("div", { class: "side-col" }, panels.prompt, panels.offer, panels.colonies, panels.hand, ctx.history.el));
  ctx.mapReady = fetch("static/spain.json").then((r) => r.json()).then((m) => { map = m; });
}

/** Returns the board model `drawPosition` needs from an El Grande view. */
export function boardModel(view) {
  const ids = Object.keys(view.areas);
  const pick = (key) => Object.fromEntries(ids.map((id) => [id, view.areas[id][key]]));
  return {
    regions: ids.filter((id) => id !== "castillo"),
    values: pick("values"), printed: pick("printed"), counts: pick("caballeros"),
    king: view.king, grandes: view.grandes, scoreboards: view.scoreboards, sbValues: SB_VALUES,
    colours: Array.from({ length: view.seats }, (_, s) => colour(s)),
    compact: window.matchMedia("(max-width: 700px)").matches,
    slots: view.areas.france?.slots || null,  // O-F4
    black: view.church || view.inquisitor ? pick("black") : null,  // O-C1, G10
    moorish: Boolean(view.areas.granada?.moorish),  // O-G2
    ic: view.inquisitor ? {  // Inquisitor & Colonies (G80: all public)
      pieces: pick("pieces"), limit: view.limit_board, holder: view.inquisitor.holder,
      gold: view.areas.america?.gold || 0, goods: view.areas.mediterranean?.goods || 0, delayed: view.delayed || [],
    } : null,
  };
}

const VACATE = ["plain", "envoy", "ambassador"];  // O-F4a: the owner's slots a return empties first

/** Returns [area, slot]: "france_envoy" → ["france", "envoy"], "aragon" → ["aragon", null], "caravel_captain+gold" → ["caravel", "captain"]. */
function spot(loc) {
  if (typeof loc !== "string") return [loc, null];
  const p = parseSpot(loc);
  return [p.area, p.area === "france" ? p.position : null];
}

/** Returns `model` with the caballeros of a move being drafted shown where they would end up. */
export function preview(model, draft, seat) {
  if (!draft || seat === null) return model;
  const counts = Object.fromEntries(Object.entries(model.counts).map(([a, row]) => [a, [...row]]));
  const black = { ...(model.black || {}) };
  const slots = model.slots && { ...model.slots };
  const add = (loc, who, n) => {
    const [area, slot] = spot(loc);
    if (who === "black") return void (black[area] = (black[area] || 0) + n);
    if (counts[area]) counts[area][who] += n;
    if (slots && slot) slots[slot] = n > 0 ? who : null;
    if (slots && area === "france" && !slot && n < 0) VACATE.filter((k) => slots[k] === who).slice(0, -n).forEach((k) => { slots[k] = null; });
  };
  if (draft.type === "place_caballeros") Object.entries(draft.to || {}).forEach(([a, n]) => add(a, seat, n));
  if (draft.type === "supplement_court") Object.entries(draft.from || {}).forEach(([a, n]) => add(a, seat, -n));
  (draft.places || []).forEach((a) => add(a, seat, 1));
  (draft.moves || []).filter((m) => m.to).forEach((m) => { add(m.from, m.seat, -1); add(m.to, m.seat, 1); });
  (draft.removals || []).forEach((r) => add(r.region, r.seat, -1));
  Object.entries(draft.supplement || {}).forEach(([a, n]) => add(a, seat, -n));
  return { ...model, counts, black: model.black && black, slots };
}

function drawMap(ctx) {
  const names = Array.from({ length: ctx.view.seats }, (_, s) => seatName(ctx.summary.seats, s));
  const initials = seatMarks(names);
  const model = { ...preview(boardModel(ctx.view), ctx.live ? ctx.prompter.draft : null, ctx.seat), names, initials };
  const key = model.regions.join();
  if (!svg || svg.dataset.regions !== key) {
    svg = drawBoard(map, model.regions);
    svg.dataset.regions = key;
  }
  drawPosition(svg, map, model);
  if (!panels.board.contains(svg)) mount(panels.board, h("h2", { class: "sr-only" }, SAY.map), svg, legend(ctx));
  else panels.board.querySelector(".legend").replaceWith(legend(ctx));
}

/** Returns each seat's mark (its initial) for the swatches, cubes and score markers. */
function marks(ctx) {
  return seatMarks(Array.from({ length: ctx.view.seats }, (_, s) => seatName(ctx.summary.seats, s)));
}

function legend(ctx) {
  const v = ctx.view;
  const m = marks(ctx);
  return h("div", { class: "legend" },
    ...Array.from({ length: v.seats }, (_, s) => h("span", { class: "legend-item", style: seatStyle(colour(s)) },
      swatch(m[s]), seatName(ctx.summary.seats, s))),
    h("span", { class: "legend-item muted" }, `♛ King in ${areaName(v.king)}`),
    h("span", { class: "legend-item muted" }, "⌂ Grande (home)"),
    v.church ? h("span", { class: "legend-item", style: seatStyle(CHURCH) }, h("span", { class: "swatch black" }),
      `black caballeros: ${churchText(ctx)}`) : null,
    v.areas.granada?.moorish ? h("span", { class: "legend-item muted" }, "☾ Granada is Moorish: not scored until 12 caballeros conquer it") : null,
    ...(v.inquisitor ? icLegend(ctx) : []));
}

/** The legend's expansion keys (G80): the black caballeros and whose they are, tiles, marks, bonus moves. */
function icLegend(ctx) {
  const v = ctx.view;
  const item = (cls, text, title) => h("span", { class: "legend-item", title }, h("span", { class: `key ${cls}`, "aria-hidden": "true" }), text);
  return [
    h("span", { class: "legend-item", style: seatStyle(CHURCH), "data-testid": "inquisitor-legend" }, h("span", { class: "swatch black" }),
      `black caballeros: ${inquisitorText(ctx)}`),
    item("gold", "gold (6)", "a gold tile; a ring shows whose it is when carried (G36)"),
    item("goods", "goods (4)", "a goods tile; a ring shows whose it is when carried (G36)"),
    item("mark", "relocated this round", "moved by a special action this round: not again this round (G51)"),
    item("bonus", "bonus move open", "may make its bonus move this turn (G29)"),
  ];
}

function inquisitorText(ctx) {
  const holder = ctx.view.inquisitor?.holder;
  return holder === null || holder === undefined ? "count for nobody (no holder)" : `count for ${seatName(ctx.summary.seats, holder)}`;
}

function churchText(ctx) {
  const holder = ctx.view.church?.holder;
  return holder === null || holder === undefined ? "count for nobody" : `count for ${seatName(ctx.summary.seats, holder)}`;
}

const OPTION_NAMES = {
  short_game: "short game", short_game_six_rounds: "six rounds", grande_counts_one: "Grande counts 1",
  movement_limits: "movement limits", france: "France", granada_moorish: "Moorish Granada", church: "the Church",
  inquisitor_colonies: "Inquisitor & Colonies",
};

/** Returns the header's options line ("Options: France · the Church"), from the view's `options`. */
export function optionsText(options) {
  const on = Object.keys(OPTION_NAMES).filter((k) => options?.[k]).map((k) => OPTION_NAMES[k]);
  if (options && options.veto === false) on.push("no Vetos");
  return on.length ? `Options: ${on.join(" · ")}` : "Base game, no options";
}

function phaseText(v) {
  if (v.phase === "over") return "Game over";
  const n = v.rounds.indexOf(v.round) + 1;
  const phase = { bidding: "Power cards", turns: "Turns", scoring: "Scoring", between: "Between rounds" }[v.phase] || label(v.phase);
  const scoring = [3, 6, 9].includes(v.round) && v.phase !== "scoring" ? " · general scoring after it" : "";  // R35
  return `Round ${v.round} · ${n} of ${v.rounds.length} · ${phase}${scoring}`;
}

function playerCard(ctx, s) {
  const v = ctx.view;
  const pending = v.pending[String(s)];
  const veto = v.vetos.filter((x) => x.seat === s);
  const order = v.turn_order.indexOf(s);
  const bid = v.bids[s];
  return h("div", { class: `player${pending ? " active" : ""}`, style: seatStyle(colour(s)), "data-seat": s },
    h("div", { class: "name" }, swatch(marks(ctx)[s]), seatName(ctx.summary.seats, s),
      s === ctx.seat ? h("span", { class: "tag you" }, "you") : null,
      v.church?.holder === s ? h("span", { class: "tag church", title: "holds the Church marker: the black caballeros count as theirs" }, "✝ Church") : null,
      v.inquisitor?.holder === s ? h("span", { class: "tag church inquisitor", title: "holds the Grand Inquisitor: the black caballeros count as theirs (G41)" }, "Grand Inquisitor") : null,
      pending ? h("span", { class: "tag turn" }, "to act") : null),
    h("div", { class: "score", "data-testid": `score-${s}` }, v.scores[s], h("span", { class: "pts" }, " pts")),
    h("div", { class: "facts" },
      h("span", {}, `court ${v.courts[s]}`), h("span", {}, `province ${v.provinces[s]}`),
      h("span", {}, `hand ${v.hands[s].size}`), h("span", {}, `home ${areaName(v.grandes[s])}`)),
    h("div", { class: "facts" },
      bid ? h("span", { class: "tag" }, `played ${bid}`) : v.played[s].top ? h("span", {}, `last played ${v.played[s].top}`) : null,
      order >= 0 && v.phase === "turns" ? h("span", { class: "tag" }, `turn ${order + 1}`) : null,
      v.start_player === s ? h("span", { class: "tag" }, "start player") : null,
      ...veto.map((x) => h("span", { class: "tag veto" }, `Veto until round ${x.expires_round}`))));
}

function drawPlayers(ctx) {
  const v = ctx.view;
  const result = v.result ? h("div", { class: "notice" }, resultText(ctx, v.result)) : null;
  const church = v.church ? h("div", { class: "church-line", "data-testid": "church" },
    h("span", { class: "church-marker", "aria-hidden": "true" }, "✝"),
    h("span", {}, "Church marker: ", h("strong", {}, v.church.holder === null ? "nobody" : seatName(ctx.summary.seats, v.church.holder))),
    h("span", { class: "muted" }, `· black caballeros ${churchText(ctx)}`)) : null;
  const inquisitor = v.inquisitor ? h("div", { class: "church-line", "data-testid": "inquisitor" },
    h("span", { class: "church-marker", "aria-hidden": "true" }, "GI"),
    h("span", {}, "Grand Inquisitor: ", h("strong", {}, v.inquisitor.holder === null ? "nobody" : seatName(ctx.summary.seats, v.inquisitor.holder))),
    h("span", { class: "muted" }, `· black caballeros ${inquisitorText(ctx)}`)) : null;
  mount(panels.players, h("h2", {}, "Players and scores"), result, church, inquisitor, scoreTrack(ctx),
    h("div", { class: "players" }, ...Array.from({ length: v.seats }, (_, s) => playerCard(ctx, s))));
}

function resultText(ctx, r) {
  const names = (list) => list.map((s) => seatName(ctx.summary.seats, s)).join(" and ");
  const order = r.ranks.map((rank, s) => [rank, s]).sort((a, b) => a[0] - b[0]);
  const ranking = order.map(([rank, s]) => `${rank}. ${seatName(ctx.summary.seats, s)} ${r.scores[s]}`).join(" · ");
  return `Game over — ${names(r.winners)} ${r.winners.length > 1 ? "win" : "wins"}. ${ranking}`;
}

function scoreTrack(ctx) {
  const v = ctx.view;
  const m = marks(ctx);
  const top = Math.max(50, Math.ceil(Math.max(...v.scores) / 25) * 25);
  const ticks = Array.from({ length: top / 25 + 1 }, (_, i) => i * 25);
  const said = v.scores.map((sc, s) => `${seatName(ctx.summary.seats, s)} ${sc}`).join(", ");
  return h("div", { class: "score-track", role: "img", "aria-label": SAY.scoreTrack(said) },
    ...ticks.map((t) => h("span", { class: "tick", style: `left:${(100 * t) / top}%` }, t)),
    ...v.scores.map((sc, s) => h("span", {
      class: "marker", title: `${sc}`, style: `left:${(100 * sc) / top}%;top:${4 + 13 * v.scores.slice(0, s).filter((x) => Math.abs(x - sc) * 100 / top < 3).length}px;${seatStyle(colour(s))}`,
    }, m[s])));
}

/** Returns a power card (value and caballero heads), clickable when `onclick` is given. */
export function powerCard(value, c, onclick, state = "") {
  return h(onclick ? "button" : "div", { class: `card power ${state}`, style: seatStyle(c), "data-power": value, onclick, title: `${POWER_HEADS[value]} caballeros to court`,
    "aria-pressed": onclick ? String(state.includes("selected")) : null },
    h("span", { class: "val" }, value),
    h("span", { class: "heads" }, ...Array.from({ length: POWER_HEADS[value] }, () => h("span", { class: "head" }))));
}

/** Returns an action card: stack badge, title, effect, heads. */
export function actionCardNode(card, onclick, state = "") {
  const [stack, title, effect] = actionCard(card.card || card);
  const heads = card.heads ?? cardHeads(card);
  return h(onclick ? "button" : "div", { class: `card action ${state}`, "data-card": card.card || card, onclick,
    "aria-pressed": onclick ? String(state.includes("selected")) : null },
    h("span", { class: `stack s${stack}` }, stack),
    h("span", { class: "title" }, title),
    h("span", { class: "effect" }, effect),
    h("span", { class: "heads", title: `place up to ${heads}` }, ...Array.from({ length: heads }, () => h("span", { class: "head" }))));
}

function drawOffer(ctx, ui) {
  const v = ctx.view;
  const turnCard = v.turn?.card;
  mount(panels.offer, h("h2", {}, "Action cards", h("span", { class: "count" }, `stacks ${v.stacks.join(" · ")}`)),
    turnCard ? h("div", { class: "taken" }, h("span", { class: "muted" }, `${seatName(ctx.summary.seats, v.turn.seat)} took:`), actionCardNode(turnCard, null, "taken")) : null,
    v.offer.length ? h("div", { class: "cards" }, ...v.offer.map((c) => actionCardNode(c, ui.offerPick(c.card), ui.offerState(c.card))))
      : h("p", { class: "muted" }, "No cards are face up between rounds."));
}

function drawHand(ctx, ui) {
  const v = ctx.view;
  panels.hand.hidden = ctx.seat === null || !v.hand;
  if (panels.hand.hidden) return;
  const c = colour(ctx.seat);
  const played = v.played[ctx.seat].cards || [];
  mount(panels.hand, h("h2", {}, "Your power cards", h("span", { class: "count" }, `${v.hand.length} in hand`)),
    h("div", { class: "cards hand" }, ...[...v.hand].sort((a, b) => a - b).map((n) => powerCard(n, c, ui.handPick(n), ui.handState(n)))),
    played.length ? h("div", { class: "played-row" }, h("span", { class: "muted" }, "Played: "), ...played.map((n) => powerCard(n, c, null, "used"))) : null);
}

/** Draws the expansion's side panel (G80): holder, black caballeros, tiles, limit board, held cards, delayed markers, turned cards. */
function drawColonies(ctx) {
  const v = ctx.view;
  panels.colonies.hidden = !v.inquisitor;
  if (!v.inquisitor) return;
  const name = (s) => seatName(ctx.summary.seats, s);
  const inq = v.inquisitor;
  const black = Object.entries(inq.black || {}).map(([a, k]) => `${areaName(a)} ${k}`).join(", ") || "none on the board";
  const lb = v.limit_board || {};
  const t = v.tiles || { supply: {}, loose: {}, owed: {} };
  const owed = (t.owed?.gold || 0) + (t.owed?.goods || 0);
  const fact = (key, label, ...value) => h("div", { class: "fact", "data-fact": key }, h("span", { class: "muted" }, label), h("span", {}, ...value));
  const carried = carriedTiles(v, name);
  mount(panels.colonies, h("h2", {}, "Inquisitor & Colonies"),
    h("div", { class: "facts-grid" },
      fact("holder", "Grand Inquisitor", h("strong", {}, inq.holder === null ? "nobody" : name(inq.holder)), inq.extra_used ? h("span", { class: "tag" }, "extra used") : null),
      fact("black", "Black caballeros", `${black}${inq.out_of_game ? ` · ${inq.out_of_game} out of the game` : ""}`),
      fact("limit", "Limit board", lb.area ? `${areaName(lb.area)} · ${lb.on} of ${lb.spaces} spaces taken` : "not on the board"),
      fact("tiles", "Tiles", tileChip("gold", `${t.supply?.gold ?? 0} in supply · ${t.loose?.gold ?? 0} free in America`),
        tileChip("goods", `${t.supply?.goods ?? 0} in supply · ${t.loose?.goods ?? 0} free in the Mediterranean`)),
      carried.length ? fact("carried", "Carried", ...carried.map(([kind, text]) => tileChip(kind, text))) : null,
      owed ? fact("owed", "Owed this turn", `${t.owed.gold} gold, ${t.owed.goods} goods`) : null),
    h("h3", {}, "Held cards"),
    (v.held_cards || []).length ? h("div", { class: "cards held" }, ...v.held_cards.map((c) => h("div", { class: "held-card", style: seatStyle(colour(c.seat)), "data-held": c.card },
      actionCardNode(c.card, null), h("span", { class: "keeper" }, swatch(marks(ctx)[c.seat]), name(c.seat)))))
      : h("p", { class: "muted" }, "No held cards."),
    h("h3", {}, "Delayed scoring markers"),
    (v.delayed || []).length ? h("ul", { class: "plain-list" }, ...v.delayed.map((d) => h("li", { "data-delayed": d.area, style: seatStyle(colour(d.seat)) },
      swatch(marks(ctx)[d.seat]), `${areaName(d.area)} scores at the end of round ${d.round} (${name(d.seat)}’s ${actionCard(d.card)[1]})`)))
      : h("p", { class: "muted" }, "None."),
    (v.turned || []).length ? h("h3", {}, "Turned face down this round") : null,
    (v.turned || []).length ? h("div", { class: "cards turned" }, ...v.turned.map((c) => actionCardNode(c, null, "turned"))) : null);
}

/** Returns [kind, text] for every carried tile (G36): who carries it, where, for whom. */
function carriedTiles(v, name) {
  const out = [];
  for (const [area, info] of Object.entries(v.areas)) {
    for (const e of info.pieces || []) {
      if (!e.tile) continue;
      const carrier = e.owner === "black" ? "a black caballero" : name(e.owner);
      out.push([e.tile, `${e.count} ${e.tile} in ${areaName(area)} (${carrier} carries${e.owner === e.claimant ? "" : ` for ${name(e.claimant)}`})`]);
    }
  }
  return out;
}

function tileChip(kind, text) {
  return h("span", { class: "tile-chip" }, h("span", { class: `key ${kind}`, "aria-hidden": "true" }), text);
}

/** Redraws the whole page from `ctx`. */
export function render(ctx) {
  if (!map) return ctx.mapReady.then(() => render(ctx));
  const v = ctx.view;
  document.getElementById("title").textContent = TITLE;
  const phase = document.getElementById("phase");
  phase.hidden = false;
  phase.textContent = phaseText(v);
  const options = document.getElementById("options");
  if (options) Object.assign(options, { hidden: false, textContent: optionsText(v.options) });
  rememberHeads(v.offer);
  drawMap(ctx);
  drawPlayers(ctx);
  drawColonies(ctx);
  const ui = drawPrompt(panels.prompt, ctx, svg);
  const due = ctx.live && ctx.seat !== null ? v.pending[String(ctx.seat)]?.kind : null;
  document.getElementById("app").classList.toggle("focus-hand", due === "play_power_card");
  drawOffer(ctx, ui);
  drawHand(ctx, ui);
}
