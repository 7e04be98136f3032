// Puts the pieces of an El Grande position on the drawn map: labels, caballeros, King, Grandes, scoreboards,
// and what the options add (France's slots, the Church's black caballeros, Moorish Granada), and with Inquisitor &
// Colonies every caballero state (G4a): slots, tiles carried and their owners, marks, bonus moves, the limit board.
import { s } from "./dom.js";
import { anchor, CASTILLO, FRANCE_SLOTS, OVERSEAS, OVERSEAS_SLOTS, slotName } from "./map.js";
import { CHURCH } from "./colours.js";
import { areaName, spotArea, tileName } from "./elgrande_text.js";
import { t, tn } from "./i18n.js";

const MEDALS = ["#e8b923", "#c4c9cf", "#cd8a4f"];
/** The words a screen reader hears for an area (the title of its shape and its accessible name). */
const SAY = {
  area: (name, facts) => t("{area}: {facts}", { area: name, facts }),
  listed: (text, list) => t("{text}: {list}", { text, list }),
  of: (n, name) => t("{n} of {who}", { n, who: name }),
  blackChurch: (n) => t("{n} black (the Church)", { n }),
  none: () => t("no caballeros"),
  scores: (values) => t("scores {values}", { values }),
  scoreboard: (values) => t("mobile scoreboard {values}", { values }),
  king: () => t("the King is here"),
  grande: (name) => t("{who}'s Grande", { who: name }),
  moorish: () => t("Moorish, not scored"),
  limit: (on, spaces) => t("limit board: {on} of {spaces} spaces taken", { on, spaces }),
  loose: (n, kind) => (kind === "gold" ? tn("{n} gold tile lying free", "{n} gold tiles lying free", n)
    : tn("{n} goods tile lying free", "{n} goods tiles lying free", n)),
  slot: (slot, name) => t("{slot} slot: {who}", { slot, who: name }),
  free: () => t("free"),
  delayed: (name, round) => t("{who}'s delayed scoring marker: scores in round {round}", { who: name, round }),
  tray: (list) => t("Mobile scoreboards beside the board: {list}", { list }),
};
const CUBE = 30;
const FRANCE_K = 1.15;  // France is narrow: its label and slots grow less on a phone

function valueChips(values) {
  return s("g", { class: "values" }, ...values.map((v, i) =>
    s("g", { transform: `translate(${(i - 1) * 28} 0)` },
      s("circle", { r: 12, fill: MEDALS[i], class: "medal" }),
      s("text", { class: "medal-text", y: 5, "text-anchor": "middle", text: v }))));
}

function regionLabel(map, id, model, k) {
  const [x, y] = anchor(map, id, "label");
  const values = model.values[id];
  const moorish = id === "granada" && model.moorish;
  const unscored = id === "caravel" && !scoreboardAt(model, id) && values.every((v) => !v);  // G3: the Caravel has no values
  const delayed = (model.ic?.delayed || []).filter((d) => d.area === id);
  return s("g", { class: "region-label", transform: `translate(${x} ${y}) scale(${k})`, "data-label": id, "aria-hidden": "true" },
    moorish ? s("text", { class: "moorish-tag", y: -26, "text-anchor": "middle", text: model.compact ? t("☾ MOORISH") : t("☾ MOORISH · not scored") }) : null,
    s("text", { class: "area-name", "text-anchor": "middle", text: areaName(id).toUpperCase() }),
    s("g", { transform: "translate(0 22)" }, unscored ? model.compact ? null : s("text", { class: "overseas-note", y: 4, "text-anchor": "middle", text: t("the ship · no values") })
      : scoreboardAt(model, id) ? scoreboardTile(values) : valueChips(values)),
    ...delayed.map((d, i) => delayedBadge(model, d, i)));  // G72
}

/** Returns the delayed-scoring marker of a held card in its region (G72): whose, and in which round it scores. */
function delayedBadge(model, d, i) {
  const c = colourOf(model, d.seat);
  return s("g", { class: "delayed-badge", "data-delayed": d.area, transform: `translate(${-40 + i * 8} ${48 + i * 24})` },
    s("title", { text: t("Delayed scoring marker of {who}: {region} scores in round {round}", { who: who(model, d.seat), region: areaName(d.area), round: d.round }) }),
    s("rect", { x: -6, y: -13, width: 116, height: 20, rx: 10, fill: c.fill, stroke: c.edge, "stroke-width": 1.5 }),
    s("text", { x: 52, y: 2, "text-anchor": "middle", fill: c.ink, text: t("scores in round {round}", { round: d.round }) }));
}

function who(model, seat) {
  if (seat === "black") return t("black");
  return model.names?.[seat] || model.colours[seat].name;
}

/** Returns the colour of a caballero's owner: a seat's, or black (the Grand Inquisitor's, G10; the Church's, O-C1). */
function colourOf(model, owner) {
  return owner === "black" ? CHURCH : model.colours[owner];
}

/**
 * Returns an area in words, for its tooltip and screen readers: its caballeros (by state with the
 * expansion), values, the King, Grandes, scoreboards, and what the options add.
 */
function areaText(model, area) {
  const here = model.ic ? statesIn(model, area).filter((e) => !SLOTTED.has(e.position)).map((e) => stateText(model, e))
    : (model.counts[area] || []).map((n, seat) => (n ? SAY.of(n, who(model, seat)) : null)).filter(Boolean);
  if (!model.ic && model.black?.[area]) here.push(SAY.blackChurch(model.black[area]));
  const values = model.values[area].join("/");
  const facts = [here.join(", ") || SAY.none(), scoreboardAt(model, area) ? SAY.scoreboard(values) : SAY.scores(values)];
  if (model.king === area) facts.push(SAY.king());
  model.grandes.forEach((g, seat) => { if (g === area) facts.push(SAY.grande(who(model, seat))); });
  if (area === "granada" && model.moorish) facts.push(SAY.moorish());
  if (model.ic && area === model.ic.limit?.area) facts.push(SAY.limit(model.ic.limit.on, model.ic.limit.spaces));
  if (model.ic && area === "america" && model.ic.gold) facts.push(SAY.loose(model.ic.gold, "gold"));
  if (model.ic && area === "mediterranean" && model.ic.goods) facts.push(SAY.loose(model.ic.goods, "goods"));
  if (area === "france" && model.slots && !model.ic) {
    FRANCE_SLOTS.forEach((sl) => facts.push(SAY.slot(slotName(sl.slot), model.slots[sl.slot] === null ? SAY.free() : who(model, model.slots[sl.slot]))));
  }
  (model.ic?.delayed || []).filter((d) => d.area === area).forEach((d) => facts.push(SAY.delayed(who(model, d.seat), d.round)));
  return SAY.area(areaName(area), facts.join("; "));
}

function scoreboardAt(model, area) {
  return Object.entries(model.scoreboards).find(([, where]) => where === area)?.[0];
}

/** Returns one cube of `colour` with `count` printed on it (a caballero stack) and its seat's `mark` in a corner. */
export function cube(colour, count, size = CUBE, mark = null) {
  const r = size / 2;
  return s("g", { class: colour === CHURCH ? "cube church" : "cube" },
    s("rect", { x: -r, y: -r + 3, width: size, height: size, rx: 6, fill: "#0003" }),
    s("rect", { x: -r, y: -r, width: size, height: size, rx: 6, fill: colour.fill, stroke: colour.edge, "stroke-width": 2 }),
    s("rect", { x: -r + 4, y: -r + 3, width: size - 8, height: 5, rx: 2.5, fill: "#fff", "fill-opacity": 0.35 }),
    count === undefined ? null : s("text", { class: "cube-text", y: 6, "text-anchor": "middle", fill: colour.ink, text: count }),
    mark ? seatMark(colour, mark, r) : null);
}

/** Returns a seat's letter on a white tab at a cube's lower right corner, so seats differ by more than colour. */
function seatMark(colour, mark, r) {
  const w = 10 + 8 * [...mark].length;
  return s("g", { class: "seat-mark", transform: `translate(${r - 1} ${r - 1})` },
    s("rect", { x: -w / 2, y: -9, width: w, height: 18, rx: 9, fill: "#fff", stroke: colour.edge, "stroke-width": 1.5 }),
    s("text", { y: 4.5, "text-anchor": "middle", text: mark }));
}

function grande(colour, mark) {
  return s("g", { class: "grande" },
    s("path", { d: "M-17 -8 L0 -24 L17 -8 L17 18 L-17 18 Z", fill: colour.fill, stroke: colour.edge, "stroke-width": 2.5, filter: "url(#lift)" }),
    mark ? s("text", { class: "grande-mark", y: 13, "text-anchor": "middle", fill: colour.ink, text: mark })
      : s("path", { d: "M-6 18 L-6 6 L6 6 L6 18", fill: "none", stroke: colour.ink, "stroke-width": 2.5 }));
}

function king() {
  return s("g", { class: "king" }, s("use", { href: "#crown", x: -24, y: -22, width: 48, height: 38, filter: "url(#lift)" }));
}

/** Returns a mobile scoreboard tile showing its values, e.g. 8·4·0. */
export function scoreboardTile(values) {
  return s("g", { class: "scoreboard-tile" },
    s("rect", { x: -34, y: -15, width: 68, height: 30, rx: 7, class: "sb-plate", filter: "url(#lift)" }),
    s("text", { class: "sb-text", y: 6, "text-anchor": "middle", text: values.join("·") }));
}

function row(items, gap) {
  const width = (items.length - 1) * gap;
  return items.map((item, i) => s("g", { transform: `translate(${i * gap - width / 2} 0)` }, item));
}

function stacks(counts, colours, perRow, black = 0, marks = []) {
  const present = counts.map((n, seat) => [n, colours[seat], marks[seat]]).filter(([n]) => n > 0);
  if (black > 0) present.push([black, CHURCH, null]);  // O-C1: the Church's black caballeros
  const rows = [];
  for (let i = 0; i < present.length; i += perRow) rows.push(present.slice(i, i + perRow));
  return rows.map((r, j) => s("g", { transform: `translate(0 ${j * (CUBE + 8)})` },
    row(r.map(([n, c, m]) => cube(c, n, CUBE, m)), CUBE + 8)));
}

function areaPieces(model, area) {
  const top = [];
  if (model.king === area) top.push(king());
  model.grandes.forEach((g, seat) => { if (g === area) top.push(grande(model.colours[seat], model.initials?.[seat])); });
  const items = [s("g", { "aria-hidden": "true" }, row(top, 42))];
  const y0 = top.length ? 38 : 0;
  if (model.ic) return [...items, ...icPieces(model, area, y0)];  // G4a: every caballero state
  if (area === "france" && model.slots) return items;  // O-F4: France's caballeros stand on its slots
  items.push(s("g", { transform: `translate(0 ${y0})`, "aria-hidden": "true" }, stacks(model.counts[area] || [], model.colours, 3, model.black?.[area] || 0, model.initials)));
  return items;
}

function slotTitle(model, sl) {
  const seat = model.slots[sl.slot];
  return areaName(sl.id) + ": " + (seat === null || seat === undefined ? t("free") : who(model, seat));
}

// Inquisitor & Colonies (G4a, G80): caballero states, tiles, the limit board.

const SLOTTED = new Set(["ambassador", "envoy", "plain", "captain", "viceroy"]);
const PER_ROW = { caravel: 5, america: 3, mediterranean: 6 };

/** Returns a gold coin or a goods crate (G8); `ring` is the colour of the tile's owner when it is carried (G36). */
export function tileToken(kind, ring = null, r = 8) {
  const body = kind === "gold"
    ? [s("circle", { r, fill: "#f2c230", stroke: "#7a5a00", "stroke-width": 1.8 }), s("circle", { r: r - 3.2, fill: "none", stroke: "#fff6c8", "stroke-width": 1.2 })]
    : [s("rect", { x: -r, y: -r, width: 2 * r, height: 2 * r, rx: 2, fill: "#b27a3e", stroke: "#4f3213", "stroke-width": 1.8 }),
      s("path", { d: `M${-r} ${-r} L${r} ${r} M${r} ${-r} L${-r} ${r}`, stroke: "#4f3213", "stroke-width": 1.2 })];
  return s("g", { class: `tile ${kind}`, "data-tile": kind },
    ring ? s("circle", { r: r + 3.5, fill: ring.fill, stroke: ring.edge, "stroke-width": 1.2 }) : null, ...body);
}

/** Returns the words for one caballero state (G4a) with its count, as a tooltip. */
function stateText(model, e) {
  const owner = e.owner !== "black" ? who(model, e.owner) : model.ic.holder === null ? t("black (the Grand Inquisitor's, counting for nobody)")
    : t("black (the Grand Inquisitor's, counting for {who})", { who: who(model, model.ic.holder) });
  const parts = [`${owner} ×${e.count}`];
  if (SLOTTED.has(e.position)) parts.push(t("on the {slot} slot", { slot: slotName(e.position).toLowerCase() }));
  if (e.position === "beside") parts.push(t("beside the limit board (not counted)"));
  if (e.position === "on") parts.push(t("on the limit board"));
  if (e.tile) parts.push(t("carrying {tile} for {who}", { tile: tileName(e.tile), who: who(model, e.claimant) }));
  if (e.marked) parts.push(t("relocated this round"));
  if (e.bonus) parts.push(t("bonus move open"));
  return parts.join(" · ");
}

/** Returns a caballero state as a cube: count, carried tile (ringed in its owner's colour), relocation mark, bonus move. */
export function stateCube(model, e, size = CUBE) {
  const r = size / 2;
  return s("g", { class: "ic-cube", "data-owner": e.owner, "data-position": e.position, "data-tile": e.tile || "", "data-claimant": e.claimant ?? "", "data-marked": e.marked ? "1" : "", "data-bonus": e.bonus ? "1" : "", "data-count": e.count },
    s("title", { text: stateText(model, e) }),
    cube(colourOf(model, e.owner), e.count, size, e.owner === "black" ? null : model.initials?.[e.owner]),
    e.tile ? s("g", { transform: `translate(${r - 1} ${-r + 1})` }, tileToken(e.tile, colourOf(model, e.claimant), 7)) : null,
    e.bonus ? s("g", { class: "bonus-badge", transform: `translate(${-r + 1} ${-r + 1})` },
      s("circle", { r: 7, fill: "#2f6fb0", stroke: "#fff", "stroke-width": 1.5 }),
      s("path", { d: "M-3.5 3 L3 -3.5 M-1 -3.5 L3 -3.5 L3 0.5", fill: "none", stroke: "#fff", "stroke-width": 1.8, "stroke-linecap": "round" })) : null,
    e.marked ? s("g", { class: "mark-badge", transform: `translate(${-r + 1} ${r - 1})` },
      s("rect", { x: -5.5, y: -5.5, width: 11, height: 11, transform: "rotate(45)", fill: "#a4262c", stroke: "#fff", "stroke-width": 1.5 })) : null);
}

/** Returns the caballero states in `area`, matched to the (possibly previewed) counts: a draft adds or takes plain ones. */
function statesIn(model, area) {
  const list = (model.ic.pieces[area] || []).map((e) => ({ ...e }));
  const owners = [...(model.counts[area] || []).keys(), "black"];
  for (const owner of owners) {
    const want = owner === "black" ? (model.black?.[area] || 0) : model.counts[area][owner];
    const mine = list.filter((e) => e.owner === owner);
    let delta = want - mine.reduce((n, e) => n + e.count, 0);
    if (delta > 0) {
      const plain = mine.find((e) => ["ordinary", "on"].includes(e.position) && !e.tile && !e.marked && !e.bonus);
      if (plain) plain.count += delta;
      else list.push({ owner, position: area === model.ic.limit?.area ? "on" : "ordinary", tile: null, claimant: null, marked: false, bonus: false, count: delta });
    }
    for (const e of mine) {
      if (delta >= 0) break;
      const take = Math.min(e.count, -delta);
      e.count -= take;
      delta += take;
    }
  }
  const rank = (o) => (o === "black" ? 99 : o);
  return list.filter((e) => e.count > 0).sort((a, b) => rank(a.owner) - rank(b.owner));
}

function stateRows(model, list, perRow, size = CUBE) {
  const rows = [];
  for (let i = 0; i < list.length; i += perRow) rows.push(list.slice(i, i + perRow));
  return rows.map((r, j) => s("g", { transform: `translate(0 ${j * (size + 10)})` }, row(r.map((e) => stateCube(model, e, size)), size + 10)));
}

/** Returns the pieces of one area with the expansion on: ordinary and on-board states, then the limit board and those beside it. */
function icPieces(model, area, y0) {
  const list = statesIn(model, area);
  const main = list.filter((e) => !SLOTTED.has(e.position) && e.position !== "beside");
  const beside = list.filter((e) => e.position === "beside");
  const perRow = PER_ROW[area] || 3;
  const out = [s("g", { transform: `translate(0 ${y0})`, "aria-hidden": "true" }, stateRows(model, main, perRow))];
  if (area === model.ic.limit?.area) {
    const y = y0 + Math.ceil(main.length / perRow) * (CUBE + 10) + (main.length ? 2 : 0);
    out.push(s("g", { transform: `translate(0 ${y})` }, limitBoard(model, area, beside)));
  }
  if (OVERSEAS[area]?.tiles) out.push(looseTiles(model, area));
  return out;
}

/** Returns the limit board (G7, G45): its spaces, how many are taken, and the caballeros beside it. */
function limitBoard(model, area, beside) {
  const { spaces, on } = model.ic.limit;
  const cell = 12;
  const width = spaces * cell + 14;
  const cells = Array.from({ length: spaces }, (_, i) => s("rect", { class: i < on ? "limit-cell full" : "limit-cell", x: -width / 2 + 7 + i * cell + 1, y: 5, width: cell - 2, height: 11, rx: 2 }));
  const boardText = t("Limit board: {on} of {spaces} spaces taken; only caballeros on it count (G45)", { on, spaces });
  const board = s("g", { class: "limit-board", "data-area": `${area}_on`, "data-limit": area, "data-label": boardText },
    s("title", { text: boardText }),
    s("rect", { class: "limit-plank", x: -width / 2, y: -10, width, height: 30, rx: 6 }),
    s("text", { class: "limit-text", x: 0, y: 1.5, "text-anchor": "middle", text: t("LIMIT {on}/{spaces}", { on, spaces }) }),
    ...cells);
  const besideText = tn("Beside the limit board: {n} caballero, not counted (G56)", "Beside the limit board: {n} caballeros, not counted (G56)", beside.reduce((n, e) => n + e.count, 0));
  const besideRow = s("g", { class: "limit-beside", "data-area": `${area}_beside`, transform: `translate(0 ${beside.length ? 54 : 34})`,
    "data-label": beside.length ? SAY.listed(besideText, beside.map((e) => stateText(model, e)).join(", ")) : besideText },
    s("title", { text: besideText }),
    beside.length ? s("text", { class: "beside-text", x: 0, y: -20, "text-anchor": "middle", text: t("beside:") }) : null,
    beside.length ? s("g", { "aria-hidden": "true" }, stateRows(model, beside, 4, 24)) : null);
  return [board, besideRow];
}

/** Returns the ownerless tiles of a colony (G8): gold in America, goods in the Mediterranean. */
function looseTiles(model, area) {
  const kind = area === "america" ? "gold" : "goods";
  const n = model.ic[kind];
  const [ax, ay] = OVERSEAS[area].pieces;
  const [tx, ty] = OVERSEAS[area].tiles;
  const tokens = Array.from({ length: n }, (_, i) => s("g", { transform: `translate(${(i % 6) * 20 - Math.min(n - 1, 5) * 10} ${Math.floor(i / 6) * 20})` }, tileToken(kind, null, 9)));
  return s("g", { class: "loose-tiles", "data-loose": kind, "data-count": n, transform: `translate(${tx - ax} ${ty - ay})`, "aria-hidden": "true" },
    s("title", { text: kind === "gold" ? tn("{n} gold tile lying free in {where}", "{n} gold tiles lying free in {where}", n, { where: areaName(area) })
      : tn("{n} goods tile lying free in {where}", "{n} goods tiles lying free in {where}", n, { where: areaName(area) }) }),
    s("text", { class: "loose-text", y: -16, "text-anchor": "middle", text: kind === "gold" ? (n ? t("{n} gold free", { n }) : t("no gold left")) : (n ? t("{n} goods free", { n }) : t("no goods left")) }),
    ...tokens);
}

/** Fills the expansion's slots (G3): France's, the captain's and the viceroy's occupants with their states. */
function drawStateSlots(svg, model) {
  const slots = [...FRANCE_SLOTS.map((sl) => ({ ...sl, area: "france" })), ...OVERSEAS_SLOTS];
  for (const sl of slots) {
    const node = svg.querySelector(`.slot[data-area="${sl.id}"]`);
    if (!node) continue;
    const e = statesIn(model, sl.area).find((x) => x.position === sl.slot);
    node.classList.toggle("taken", Boolean(e));
    node.dataset.label = areaName(sl.id) + ": " + (e ? stateText(model, e) : t("free"));
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", node.dataset.label);
    node.querySelector(".slot-piece").replaceChildren(e ? stateCube(model, e, 26)
      : s("text", { class: "slot-empty", y: 5, "text-anchor": "middle", text: sl.bonus ? `+${sl.bonus}` : "·" }));
    node.replaceChildren(...[...node.children].filter((c) => c.tagName !== "title"), s("title", { text: node.dataset.label }));
  }
}

function drawSlots(svg, model, k) {
  const group = svg.querySelector(".france-slots");
  if (group) {
    const [x, y] = group.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
    group.setAttribute("transform", `translate(${x} ${y}) scale(${Math.min(k, FRANCE_K)})`);
  }
  if (model.ic) return drawStateSlots(svg, model);  // G3
  if (!group || !model.slots) return;
  for (const sl of FRANCE_SLOTS) {
    const node = group.querySelector(`[data-slot="${sl.slot}"]`);
    const seat = model.slots[sl.slot];
    const taken = seat !== null && seat !== undefined;
    node.classList.toggle("taken", taken);
    node.dataset.label = slotTitle(model, sl);
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", node.dataset.label);
    node.querySelector(".slot-piece").replaceChildren(taken ? cube(model.colours[seat], model.initials?.[seat] ?? seat + 1, 26) : s("text", { class: "slot-empty", y: 5, "text-anchor": "middle", text: sl.bonus ? `+${sl.bonus}` : "·" }));
    node.replaceChildren(...[...node.children].filter((c) => c.tagName !== "title"), s("title", { text: node.dataset.label }));
  }
}

/** Redraws labels, pieces, the Castillo's contents and the scoreboard tray for `model`. */
export function drawPosition(svg, map, model) {
  const labels = svg.querySelector(".labels");
  const k = model.compact ? 1.45 : 1;
  labels.replaceChildren(...model.regions.map((id) => regionLabel(map, id, model, id === "france" ? Math.min(k, FRANCE_K) : k)));
  for (const id of model.regions) {
    const [x, y] = anchor(map, id, "pieces");
    const g = svg.querySelector(`[data-pieces="${id}"]`);
    g.setAttribute("transform", `translate(${x} ${y + (k - 1) * 22}) scale(${k})`);
    g.replaceChildren(...areaPieces(model, id));
  }
  const shift = model.ic ? 0 : (k - 1) * 60;  // G3: with the expansion the Castillo keeps clear of Valencia
  svg.querySelector(".castillo").setAttribute("transform", `translate(${CASTILLO.x - shift} ${CASTILLO.y}) scale(${1 + (k - 1) / 2})`);
  drawSlots(svg, model, k);
  svg.querySelectorAll(".region").forEach((p) => {
    p.classList.toggle("kings", p.dataset.area === model.king);
    if (p.dataset.area === "granada") p.classList.toggle("moorish", Boolean(model.moorish));  // O-G2
    p.dataset.label = areaText(model, p.dataset.area);
    p.replaceChildren(s("title", { text: p.dataset.label }));
  });
  svg.querySelector(".castillo").dataset.label = areaText(model, "castillo");
  const castle = svg.querySelector(".castillo .pieces");
  castle.replaceChildren(...(model.ic ? stateRows(model, statesIn(model, "castillo"), 3)  // G80: black ones too (H9)
    : stacks(model.counts.castillo || [], model.colours, 3, 0, model.initials)));
  const cv = model.values.castillo;
  const chips = svg.querySelector(".castillo .castillo-values");
  chips.replaceChildren(scoreboardAt(model, "castillo") ? scoreboardTile(cv) : valueChips(cv));
  drawTray(svg, model);
}

function drawTray(svg, model) {
  const free = Object.entries(model.scoreboards).filter(([, w]) => !w);
  const tray = svg.querySelector(".tray");
  const label = free.length ? SAY.tray(free.map(([id]) => model.sbValues[id].join("·")).join(", ")) : null;
  Object.entries({ role: label && "img", "aria-label": label, "aria-hidden": label ? null : "true" }).forEach(([k, v]) => (v ? tray.setAttribute(k, v) : tray.removeAttribute(k)));
  tray.replaceChildren(
    s("text", { class: "tray-title", "text-anchor": "middle", y: -28, text: free.length ? t("MOBILE SCOREBOARDS") : "" }),
    ...row(free.map(([id]) => scoreboardTile(model.sbValues[id])), 84));
}

/**
 * Marks `areas` as targets (calling `onPick(area)` on a click, Enter or Space) and `chosen` as picked counts.
 * A target is a focusable button named by its area's words; any other area is a labelled image.
 */
export function setTargets(svg, areas, onPick, chosen = {}) {
  svg.querySelectorAll("[data-area]").forEach((node) => {
    const id = node.dataset.area;
    const on = areas.includes(id);
    node.classList.toggle("target", on);
    node.onclick = on ? () => onPick(id) : null;
    node.onkeydown = on ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onPick(id); } } : null;
    const name = node.dataset.label || areaName(id);
    Object.entries({ tabindex: on ? "0" : null, role: on ? "button" : "img", "aria-label": name })
      .forEach(([k, v]) => (v === null ? node.removeAttribute(k) : node.setAttribute(k, v)));
    if (on && node.classList.contains("region") && node.nextElementSibling) node.parentNode.append(node);  // drawn on top
  });
  svg.querySelectorAll(".pick-badge").forEach((n) => n.remove());
  const overlay = svg.querySelector(".overlay");
  for (const [area, n] of Object.entries(chosen)) {
    if (!n) continue;
    const at = badgePoint(svg, area);
    if (!at) continue;
    overlay.append(s("g", { class: "pick-badge", transform: `translate(${at[0]} ${at[1]})`, "aria-hidden": "true" },
      s("circle", { r: 17, class: n < 0 ? "minus" : "" }), s("text", { y: 6, "text-anchor": "middle", text: n > 0 ? `+${n}` : `−${-n}` })));
  }
}

/** Returns where a draft's +n/−n badge for a location goes: beside its slot, its label, or the Castillo. */
function badgePoint(svg, loc) {
  if (loc === "castillo") return [CASTILLO.x + 70, CASTILLO.y - 110];
  if (svg.querySelector(`.france-slots [data-area="${loc}"]`)) return slotPoint(svg, loc);
  const slot = svg.querySelector(`.overseas-slot[data-area="${loc}"]`);
  if (slot) {
    const [x, y] = slot.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
    return [x + 100, y];
  }
  if (svg.querySelector(`[data-label="${loc}"]`)) return labelPoint(svg, loc);
  const area = spotArea(loc);  // G4a: a caballero state's area
  return area !== loc && svg.querySelector(`[data-label="${area}"]`) ? labelPoint(svg, area) : null;
}

function slotPoint(svg, id) {
  const node = svg.querySelector(`.france-slots [data-area="${id}"]`);
  const [x, y, k = 1] = node.parentNode.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
  const dy = Number(node.getAttribute("transform").match(/-?[\d.]+/g)[1]);
  return [x + 124 * k, y + dy * k];
}

function labelPoint(svg, area) {
  const node = svg.querySelector(`[data-label="${area}"]`);
  const [x, y, k] = node.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
  const name = node.querySelector(".area-name").getBBox();
  return [x + k * (name.x + name.width + 20), y - k * 8];
}
