// Puts the pieces of an El Grande position on the drawn map: labels, caballeros, King, Grandes, scoreboards,
// and what the options add (France's slots, the Church's black caballeros, Moorish Granada).
import { s } from "./dom.js";
import { project, CASTILLO, FRANCE_SLOTS } from "./map.js";
import { CHURCH } from "./colours.js";
import { areaName } from "./elgrande_text.js";

const MEDALS = ["#e8b923", "#c4c9cf", "#cd8a4f"];
const CUBE = 30;
const FRANCE_K = 1.15;  // France is narrow: its label and slots grow less on a phone

function valueChips(values) {
  return s("g", { class: "values" }, ...values.map((v, i) =>
    s("g", { transform: `translate(${(i - 1) * 28} 0)` },
      s("circle", { r: 12, fill: MEDALS[i], class: "medal" }),
      s("text", { class: "medal-text", y: 5, "text-anchor": "middle", text: v }))));
}

function regionLabel(map, id, model, k) {
  const [x, y] = project(map.anchors[id].label);
  const values = model.values[id];
  const moorish = id === "granada" && model.moorish;
  return s("g", { class: "region-label", transform: `translate(${x} ${y}) scale(${k})`, "data-label": id },
    moorish ? s("text", { class: "moorish-tag", y: -26, "text-anchor": "middle", text: model.compact ? "☾ MOORISH" : "☾ MOORISH · not scored" }) : null,
    s("text", { class: "area-name", "text-anchor": "middle", text: areaName(id).toUpperCase() }),
    s("g", { transform: "translate(0 22)" }, scoreboardAt(model, id) ? scoreboardTile(values) : valueChips(values)));
}

function who(model, seat) {
  return model.names?.[seat] || model.colours[seat].name;
}

function tooltip(model, area) {
  const here = (model.counts[area] || []).map((n, seat) => (n ? `${who(model, seat)} ${n}` : null)).filter(Boolean);
  if (model.black?.[area]) here.push(`black ${model.black[area]} (the Church)`);
  const king = model.king === area ? " · the King" : "";
  const moorish = area === "granada" && model.moorish ? " · Moorish, not scored" : "";
  const slots = area === "france" && model.slots ? ` · ${FRANCE_SLOTS.map((sl) => `${sl.slot} ${model.slots[sl.slot] === null ? "free" : who(model, model.slots[sl.slot])}`).join(", ")}` : "";
  return `${areaName(area)} (${model.values[area].join("/")})${king}${moorish}: ${here.join(", ") || "no caballeros"}${slots}`;
}

function scoreboardAt(model, area) {
  return Object.entries(model.scoreboards).find(([, where]) => where === area)?.[0];
}

/** Returns one cube of `colour` with `count` printed on it (a caballero stack). */
export function cube(colour, count, size = CUBE) {
  const r = size / 2;
  return s("g", { class: colour === CHURCH ? "cube church" : "cube" },
    s("rect", { x: -r, y: -r + 3, width: size, height: size, rx: 6, fill: "#0003" }),
    s("rect", { x: -r, y: -r, width: size, height: size, rx: 6, fill: colour.fill, stroke: colour.edge, "stroke-width": 2 }),
    s("rect", { x: -r + 4, y: -r + 3, width: size - 8, height: 5, rx: 2.5, fill: "#fff", "fill-opacity": 0.35 }),
    count === undefined ? null : s("text", { class: "cube-text", y: 6, "text-anchor": "middle", fill: colour.ink, text: count }));
}

function grande(colour) {
  return s("g", { class: "grande" },
    s("path", { d: "M-17 -8 L0 -24 L17 -8 L17 18 L-17 18 Z", fill: colour.fill, stroke: colour.edge, "stroke-width": 2.5, filter: "url(#lift)" }),
    s("path", { d: "M-6 18 L-6 6 L6 6 L6 18", fill: "none", stroke: colour.ink, "stroke-width": 2.5 }));
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

function stacks(counts, colours, perRow, black = 0) {
  const present = counts.map((n, seat) => [n, colours[seat]]).filter(([n]) => n > 0);
  if (black > 0) present.push([black, CHURCH]);  // O-C1: the Church's black caballeros
  const rows = [];
  for (let i = 0; i < present.length; i += perRow) rows.push(present.slice(i, i + perRow));
  return rows.map((r, j) => s("g", { transform: `translate(0 ${j * (CUBE + 8)})` },
    row(r.map(([n, c]) => cube(c, n)), CUBE + 8)));
}

function areaPieces(model, area) {
  const top = [];
  if (model.king === area) top.push(king());
  model.grandes.forEach((g, seat) => { if (g === area) top.push(grande(model.colours[seat])); });
  const items = [s("g", {}, row(top, 42))];
  const y0 = top.length ? 38 : 0;
  if (area === "france" && model.slots) return items;  // O-F4: France's caballeros stand on its slots
  items.push(s("g", { transform: `translate(0 ${y0})` }, stacks(model.counts[area] || [], model.colours, 3, model.black?.[area] || 0)));
  return items;
}

function slotTitle(model, sl) {
  const seat = model.slots[sl.slot];
  return `${areaName(sl.id)}: ${seat === null || seat === undefined ? "free" : who(model, seat)}`;
}

function drawSlots(svg, model, k) {
  const group = svg.querySelector(".france-slots");
  if (!group || !model.slots) return;
  const [x, y] = group.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
  group.setAttribute("transform", `translate(${x} ${y}) scale(${Math.min(k, FRANCE_K)})`);
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
    const [x, y] = project(map.anchors[id].pieces);
    const g = svg.querySelector(`[data-pieces="${id}"]`);
    g.setAttribute("transform", `translate(${x} ${y + (k - 1) * 22}) scale(${k})`);
    g.replaceChildren(...areaPieces(model, id));
  }
  svg.querySelector(".castillo").setAttribute("transform", `translate(${CASTILLO.x - (k - 1) * 60} ${CASTILLO.y}) scale(${1 + (k - 1) / 2})`);
  drawSlots(svg, model, k);
  svg.querySelectorAll(".region").forEach((p) => {
    p.classList.toggle("kings", p.dataset.area === model.king);
    if (p.dataset.area === "granada") p.classList.toggle("moorish", Boolean(model.moorish));  // O-G2
    p.replaceChildren(s("title", { text: tooltip(model, p.dataset.area) }));
  });
  const castle = svg.querySelector(".castillo .pieces");
  castle.replaceChildren(...stacks(model.counts.castillo || [], model.colours, 3));
  const cv = model.values.castillo;
  const chips = svg.querySelector(".castillo .castillo-values");
  chips.replaceChildren(scoreboardAt(model, "castillo") ? scoreboardTile(cv) : valueChips(cv));
  drawTray(svg, model);
}

function drawTray(svg, model) {
  const free = Object.entries(model.scoreboards).filter(([, w]) => !w);
  const tray = svg.querySelector(".tray");
  tray.replaceChildren(
    s("text", { class: "tray-title", "text-anchor": "middle", y: -28, text: free.length ? "MOBILE SCOREBOARDS" : "" }),
    ...row(free.map(([id]) => scoreboardTile(model.sbValues[id])), 84));
}

/** Marks `areas` as clickable targets (calling `onPick(area)`), and `chosen` as picked counts. */
export function setTargets(svg, areas, onPick, chosen = {}) {
  svg.querySelectorAll("[data-area]").forEach((node) => {
    const id = node.dataset.area;
    const on = areas.includes(id);
    node.classList.toggle("target", on);
    node.onclick = on ? () => onPick(id) : null;
    node.onkeydown = on ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onPick(id); } } : null;
    if (on) Object.entries({ tabindex: "0", role: "button", "aria-label": areaName(id) }).forEach(([k, v]) => node.setAttribute(k, v));
    else ["tabindex", "role", "aria-label"].forEach((k) => node.removeAttribute(k));
    if (!on && node.dataset.label) Object.entries({ role: "img", "aria-label": node.dataset.label }).forEach(([k, v]) => node.setAttribute(k, v));
    if (on && node.classList.contains("region")) node.parentNode.append(node);
  });
  svg.querySelectorAll(".pick-badge").forEach((n) => n.remove());
  const overlay = svg.querySelector(".overlay");
  for (const [area, n] of Object.entries(chosen)) {
    if (!n) continue;
    const at = area === "castillo" ? [CASTILLO.x + 70, CASTILLO.y - 110] : area.startsWith("france_") ? slotPoint(svg, area) : labelPoint(svg, area);
    overlay.append(s("g", { class: "pick-badge", transform: `translate(${at[0]} ${at[1]})` },
      s("circle", { r: 17, class: n < 0 ? "minus" : "" }), s("text", { y: 6, "text-anchor": "middle", text: n > 0 ? `+${n}` : `−${-n}` })));
  }
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
