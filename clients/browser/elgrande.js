// Draws an El Grande game: the map with its pieces, the players, the hand, the offer and the prompt.
import { h, mount, label } from "./dom.js";
import { colour, seatStyle, seatMarks, swatch, CHURCH } from "./colours.js";
import { drawBoard } from "./map.js";
import { drawPosition } from "./board.js";
import { actionCard, cardHeads, rememberHeads, POWER_HEADS } from "./cards.js";
import { describeEvent, seatName, areaName, parseSpot, tileName } from "./elgrande_text.js";
import { t, tn, term, language } from "./i18n.js";
import { drawPrompt } from "./elgrande_prompt.js";

export const TITLE = "El Grande";
/** Words only screen readers hear on this page. */
const SAY = {
  map: () => t("Map"),
  yourMove: () => t("Your move"),
  score: (who, points) => t("{who} {points}", { who, points }),
  scoreTrack: (list) => t("Score track: {list}", { list }),
};
export { describeEvent };
const SB_VALUES = { sb_8_4_0: [8, 4, 0], sb_4_0_0: [4, 0, 0] };
let panels = null;
let map = null;
let svg = null;

/** Builds the page's panels and loads the map outline. */
export function init(root, ctx) {
  panels = {
    board: h("section", { class: "panel board-panel", "aria-label": t("Board") }, h("h2", { class: "sr-only" }, SAY.map())),
    players: h("section", { class: "panel players-panel", "aria-label": t("Players") }),
    prompt: h("section", { class: "panel prompt", "aria-label": SAY.yourMove(), "data-testid": "prompt" }),
    offer: h("section", { class: "panel offer-panel", "aria-label": t("Action cards") }),
    hand: h("section", { class: "panel hand-panel", "aria-label": t("Power cards") }),
    colonies: h("section", { class: "panel colonies-panel", "aria-label": t("Inquisitor and Colonies"), "data-testid": "colonies", hidden: true }),
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
  const key = `${model.regions.join()}:${language()}`;  // the map's fixed words are in the page's language
  if (!svg || svg.dataset.regions !== key) {
    svg = drawBoard(map, model.regions);
    svg.dataset.regions = key;
  }
  drawPosition(svg, map, model);
  if (!panels.board.contains(svg)) mount(panels.board, h("h2", { class: "sr-only" }, SAY.map()), svg, legend(ctx));
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
    h("span", { class: "legend-item muted" }, t("♛ King in {region}", { region: areaName(v.king) })),
    h("span", { class: "legend-item muted" }, t("⌂ Grande (home)")),
    v.church ? h("span", { class: "legend-item", style: seatStyle(CHURCH) }, h("span", { class: "swatch black" }),
      t("black caballeros: {whose}", { whose: churchText(ctx) })) : null,
    v.areas.granada?.moorish ? h("span", { class: "legend-item muted" }, t("☾ Granada is Moorish: not scored until 12 caballeros conquer it")) : null,
    ...(v.inquisitor ? icLegend(ctx) : []));
}

/** The legend's expansion keys (G80): the black caballeros and whose they are, tiles, marks, bonus moves. */
function icLegend(ctx) {
  const v = ctx.view;
  const item = (cls, text, title) => h("span", { class: "legend-item", title }, h("span", { class: `key ${cls}`, "aria-hidden": "true" }), text);
  return [
    h("span", { class: "legend-item", style: seatStyle(CHURCH), "data-testid": "inquisitor-legend" }, h("span", { class: "swatch black" }),
      t("black caballeros: {whose}", { whose: inquisitorText(ctx) })),
    item("gold", t("gold (6)"), t("a gold tile; a ring shows whose it is when carried (G36)")),
    item("goods", t("goods (4)"), t("a goods tile; a ring shows whose it is when carried (G36)")),
    item("mark", t("relocated this round"), t("moved by a special action this round: not again this round (G51)")),
    item("bonus", t("bonus move open"), t("may make its bonus move this turn (G29)")),
  ];
}

function inquisitorText(ctx) {
  const holder = ctx.view.inquisitor?.holder;
  return holder === null || holder === undefined ? t("count for nobody (no holder)") : t("count for {who}", { who: seatName(ctx.summary.seats, holder) });
}

function churchText(ctx) {
  const holder = ctx.view.church?.holder;
  return holder === null || holder === undefined ? t("count for nobody") : t("count for {who}", { who: seatName(ctx.summary.seats, holder) });
}

const OPTION_NAMES = {
  short_game: () => t("short game"), short_game_six_rounds: () => t("six rounds"), grande_counts_one: () => t("Grande counts 1"),
  movement_limits: () => t("movement limits"), france: () => term("region", "france", "France"), granada_moorish: () => t("Moorish Granada"),
  church: () => t("the Church"), inquisitor_colonies: () => t("Inquisitor & Colonies"),
};

/** Returns the header's options line ("Options: France · the Church"), from the view's `options`. */
export function optionsText(options) {
  const on = Object.keys(OPTION_NAMES).filter((k) => options?.[k]).map((k) => OPTION_NAMES[k]());
  if (options && options.veto === false) on.push(t("no Vetos"));
  return on.length ? t("Options: {options}", { options: on.join(" · ") }) : t("Base game, no options");
}

function phaseText(v) {
  if (v.phase === "over") return t("Game over");
  const n = v.rounds.indexOf(v.round) + 1;
  const phase = { bidding: t("Power cards"), turns: t("Turns"), scoring: t("Scoring"), between: t("Between rounds") }[v.phase] || label(v.phase);
  const scoring = [3, 6, 9].includes(v.round) && v.phase !== "scoring" ? " · " + t("general scoring after it") : "";  // R35
  return t("Round {round} · {n} of {rounds} · {phase}", { round: v.round, n, rounds: v.rounds.length, phase }) + scoring;
}

function playerCard(ctx, s) {
  const v = ctx.view;
  const pending = v.pending[String(s)];
  const veto = v.vetos.filter((x) => x.seat === s);
  const order = v.turn_order.indexOf(s);
  const bid = v.bids[s];
  return h("div", { class: `player${pending ? " active" : ""}`, style: seatStyle(colour(s)), "data-seat": s },
    h("div", { class: "name" }, swatch(marks(ctx)[s]), seatName(ctx.summary.seats, s),
      s === ctx.seat ? h("span", { class: "tag you" }, t("you")) : null,
      v.church?.holder === s ? h("span", { class: "tag church", title: t("holds the Church marker: the black caballeros count as theirs") }, t("✝ Church")) : null,
      v.inquisitor?.holder === s ? h("span", { class: "tag church inquisitor", title: t("holds the Grand Inquisitor: the black caballeros count as theirs (G41)") }, t("Grand Inquisitor")) : null,
      pending ? h("span", { class: "tag turn" }, t("to act")) : null),
    h("div", { class: "score", "data-testid": `score-${s}` }, v.scores[s], h("span", { class: "pts" }, " " + tn("pt", "pts", v.scores[s]))),
    h("div", { class: "facts" },
      h("span", {}, t("court {n}", { n: v.courts[s] })), h("span", {}, t("province {n}", { n: v.provinces[s] })),
      h("span", {}, t("hand {n}", { n: v.hands[s].size })), h("span", {}, t("home {region}", { region: areaName(v.grandes[s]) }))),
    h("div", { class: "facts" },
      bid ? h("span", { class: "tag" }, t("played {value}", { value: bid })) : v.played[s].top ? h("span", {}, t("last played {value}", { value: v.played[s].top })) : null,
      order >= 0 && v.phase === "turns" ? h("span", { class: "tag" }, t("turn {n}", { n: order + 1 })) : null,
      v.start_player === s ? h("span", { class: "tag" }, t("start player")) : null,
      ...veto.map((x) => h("span", { class: "tag veto" }, t("Veto until round {round}", { round: x.expires_round })))));
}

function drawPlayers(ctx) {
  const v = ctx.view;
  const result = v.result ? h("div", { class: "notice" }, resultText(ctx, v.result)) : null;
  const church = v.church ? h("div", { class: "church-line", "data-testid": "church" },
    h("span", { class: "church-marker", "aria-hidden": "true" }, "✝"),
    h("span", {}, t("Church marker:") + " ", h("strong", {}, v.church.holder === null ? t("nobody") : seatName(ctx.summary.seats, v.church.holder))),
    h("span", { class: "muted" }, "· " + t("black caballeros {whose}", { whose: churchText(ctx) }))) : null;
  const inquisitor = v.inquisitor ? h("div", { class: "church-line", "data-testid": "inquisitor" },
    h("span", { class: "church-marker", "aria-hidden": "true" }, "GI"),
    h("span", {}, t("Grand Inquisitor:") + " ", h("strong", {}, v.inquisitor.holder === null ? t("nobody") : seatName(ctx.summary.seats, v.inquisitor.holder))),
    h("span", { class: "muted" }, "· " + t("black caballeros {whose}", { whose: inquisitorText(ctx) }))) : null;
  mount(panels.players, h("h2", {}, t("Players and scores")), result, church, inquisitor, scoreTrack(ctx),
    h("div", { class: "players" }, ...Array.from({ length: v.seats }, (_, s) => playerCard(ctx, s))));
}

function resultText(ctx, r) {
  const names = (list) => list.map((s) => seatName(ctx.summary.seats, s)).join(t(" and "));
  const order = r.ranks.map((rank, s) => [rank, s]).sort((a, b) => a[0] - b[0]);
  const ranking = order.map(([rank, s]) => `${rank}. ${seatName(ctx.summary.seats, s)} ${r.scores[s]}`).join(" · ");
  const params = { names: names(r.winners), ranking };
  return r.winners.length > 1 ? t("Game over — {names} win. {ranking}", params) : t("Game over — {names} wins. {ranking}", params);
}

function scoreTrack(ctx) {
  const v = ctx.view;
  const m = marks(ctx);
  const top = Math.max(50, Math.ceil(Math.max(...v.scores) / 25) * 25);
  const ticks = Array.from({ length: top / 25 + 1 }, (_, i) => i * 25);
  const said = v.scores.map((sc, s) => SAY.score(seatName(ctx.summary.seats, s), sc)).join(", ");
  return h("div", { class: "score-track", role: "img", "aria-label": SAY.scoreTrack(said) },
    ...ticks.map((tick) => h("span", { class: "tick", style: `left:${(100 * tick) / top}%` }, tick)),
    ...v.scores.map((sc, s) => h("span", {
      class: "marker", title: `${sc}`, style: `left:${(100 * sc) / top}%;top:${4 + 13 * v.scores.slice(0, s).filter((x) => Math.abs(x - sc) * 100 / top < 3).length}px;${seatStyle(colour(s))}`,
    }, m[s])));
}

/** Returns a power card (value and caballero heads), clickable when `onclick` is given. */
export function powerCard(value, c, onclick, state = "") {
  return h(onclick ? "button" : "div", { class: `card power ${state}`, style: seatStyle(c), "data-power": value, onclick, title: tn("{n} caballero to court", "{n} caballeros to court", POWER_HEADS[value]),
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
    h("span", { class: "heads", title: t("place up to {n}", { n: heads }) }, ...Array.from({ length: heads }, () => h("span", { class: "head" }))));
}

function drawOffer(ctx, ui) {
  const v = ctx.view;
  const turnCard = v.turn?.card;
  mount(panels.offer, h("h2", {}, t("Action cards"), h("span", { class: "count" }, t("stacks {sizes}", { sizes: v.stacks.join(" · ") }))),
    turnCard ? h("div", { class: "taken" }, h("span", { class: "muted" }, t("{who} took:", { who: seatName(ctx.summary.seats, v.turn.seat) })), actionCardNode(turnCard, null, "taken")) : null,
    v.offer.length ? h("div", { class: "cards" }, ...v.offer.map((c) => actionCardNode(c, ui.offerPick(c.card), ui.offerState(c.card))))
      : h("p", { class: "muted" }, t("No cards are face up between rounds.")));
}

function drawHand(ctx, ui) {
  const v = ctx.view;
  panels.hand.hidden = ctx.seat === null || !v.hand;
  if (panels.hand.hidden) return;
  const c = colour(ctx.seat);
  const played = v.played[ctx.seat].cards || [];
  mount(panels.hand, h("h2", {}, t("Your power cards"), h("span", { class: "count" }, tn("{n} in hand", "{n} in hand", v.hand.length))),
    h("div", { class: "cards hand" }, ...[...v.hand].sort((a, b) => a - b).map((n) => powerCard(n, c, ui.handPick(n), ui.handState(n)))),
    played.length ? h("div", { class: "played-row" }, h("span", { class: "muted" }, t("Played:") + " "), ...played.map((n) => powerCard(n, c, null, "used"))) : null);
}

/** Draws the expansion's side panel (G80): holder, black caballeros, tiles, limit board, held cards, delayed markers, turned cards. */
function drawColonies(ctx) {
  const v = ctx.view;
  panels.colonies.hidden = !v.inquisitor;
  if (!v.inquisitor) return;
  const name = (s) => seatName(ctx.summary.seats, s);
  const inq = v.inquisitor;
  const black = Object.entries(inq.black || {}).map(([a, k]) => `${areaName(a)} ${k}`).join(", ") || t("none on the board");
  const lb = v.limit_board || {};
  const tl = v.tiles || { supply: {}, loose: {}, owed: {} };
  const owed = (tl.owed?.gold || 0) + (tl.owed?.goods || 0);
  const fact = (key, label, ...value) => h("div", { class: "fact", "data-fact": key }, h("span", { class: "muted" }, label), h("span", {}, ...value));
  const carried = carriedTiles(v, name);
  mount(panels.colonies, h("h2", {}, t("Inquisitor & Colonies")),
    h("div", { class: "facts-grid" },
      fact("holder", t("Grand Inquisitor"), h("strong", {}, inq.holder === null ? t("nobody") : name(inq.holder)), inq.extra_used ? h("span", { class: "tag" }, t("extra used")) : null),
      fact("black", t("Black caballeros"), inq.out_of_game ? black + " · " + t("{n} out of the game", { n: inq.out_of_game }) : black),
      fact("limit", t("Limit board"), lb.area ? areaName(lb.area) + " · " + t("{on} of {spaces} spaces taken", { on: lb.on, spaces: lb.spaces }) : t("not on the board")),
      fact("tiles", t("Tiles"), tileChip("gold", t("{supply} in supply · {free} free in {region}", { supply: tl.supply?.gold ?? 0, free: tl.loose?.gold ?? 0, region: areaName("america") })),
        tileChip("goods", t("{supply} in supply · {free} free in {region}", { supply: tl.supply?.goods ?? 0, free: tl.loose?.goods ?? 0, region: areaName("mediterranean") }))),
      carried.length ? fact("carried", t("Carried"), ...carried.map(([kind, text]) => tileChip(kind, text))) : null,
      owed ? fact("owed", t("Owed this turn"), t("{gold} gold, {goods} goods", { gold: tl.owed.gold, goods: tl.owed.goods })) : null),
    h("h3", {}, t("Held cards")),
    (v.held_cards || []).length ? h("div", { class: "cards held" }, ...v.held_cards.map((c) => h("div", { class: "held-card", style: seatStyle(colour(c.seat)), "data-held": c.card },
      actionCardNode(c.card, null), h("span", { class: "keeper" }, swatch(marks(ctx)[c.seat]), name(c.seat)))))
      : h("p", { class: "muted" }, t("No held cards.")),
    h("h3", {}, t("Delayed scoring markers")),
    (v.delayed || []).length ? h("ul", { class: "plain-list" }, ...v.delayed.map((d) => h("li", { "data-delayed": d.area, style: seatStyle(colour(d.seat)) },
      swatch(marks(ctx)[d.seat]), t("{region} scores at the end of round {round} ({who}’s {card})", { region: areaName(d.area), round: d.round, who: name(d.seat), card: actionCard(d.card)[1] }))))
      : h("p", { class: "muted" }, t("None.")),
    (v.turned || []).length ? h("h3", {}, t("Turned face down this round")) : null,
    (v.turned || []).length ? h("div", { class: "cards turned" }, ...v.turned.map((c) => actionCardNode(c, null, "turned"))) : null);
}

/** Returns [kind, text] for every carried tile (G36): who carries it, where, for whom. */
function carriedTiles(v, name) {
  const out = [];
  for (const [area, info] of Object.entries(v.areas)) {
    for (const e of info.pieces || []) {
      if (!e.tile) continue;
      const params = { n: e.count, tile: tileName(e.tile), where: areaName(area), carrier: e.owner === "black" ? t("a black caballero") : name(e.owner), claimant: name(e.claimant) };
      out.push([e.tile, e.owner === e.claimant ? t("{n} {tile} in {where} ({carrier} carries)", params) : t("{n} {tile} in {where} ({carrier} carries for {claimant})", params)]);
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
