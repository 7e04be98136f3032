// Draws the El Grande board: the regions of Spain (and France), the sea, the Castillo and the scoreboard tray;
// with Inquisitor & Colonies also the three overseas regions (G3): the Caravel, America and the Mediterranean.
import { t, term } from "./i18n.js";
import { s } from "./dom.js";

export const WIDTH = 1040;
export const HEIGHT = 850;
export const CASTILLO = { x: 935, y: 470 };
export const TRAY = { x: 800, y: 720 };
/** Inquisitor & Colonies (G3): the board grows west (America over the Atlantic) and south (the Caravel, the Mediterranean). */
export const IC_BOX = { x: -236, y: 0, width: WIDTH + 236, height: HEIGHT + 92 };
export const IC_TRAY = { x: -122, y: 640 };
/** The overseas regions (G3, G4): their outline, label and pieces anchors in board coordinates (no map projection). */
export const OVERSEAS = {
  america: { label: [-122, 128], pieces: [-122, 300], slot: [-170, 228], tiles: [-122, 450],
    d: "M-214 170 C-222 130 -196 96 -150 98 C-120 100 -104 82 -72 92 C-36 104 -26 140 -32 176 C-38 214 -18 236 -26 278 C-34 322 -62 338 -58 384 C-54 430 -26 452 -40 500 C-54 548 -112 566 -150 548 C-186 530 -176 488 -198 450 C-220 412 -214 370 -220 320 C-226 268 -206 212 -214 170 Z" },
  caravel: { label: [-92, 780], pieces: [-4, 852], slot: [-160, 846], tiles: null,
    d: "M-206 818 L208 818 C196 862 168 892 124 904 L-140 904 C-178 894 -198 862 -206 818 Z" },
  mediterranean: { label: [850, 806], pieces: [890, 876], slot: null, tiles: [738, 884],
    d: "M652 776 C700 760 770 772 820 764 C880 756 960 768 1026 760 L1032 930 C960 936 900 926 840 934 C770 942 700 930 650 924 C630 880 640 820 652 776 Z" },
};
/** The slots of the overseas regions (G3): location id, area, slot, bonus. */
export const OVERSEAS_SLOTS = [
  { id: "caravel_captain", area: "caravel", slot: "captain", name: "Captain", bonus: 3 },
  { id: "america_viceroy", area: "america", slot: "viceroy", name: "Viceroy", bonus: 5 },
];
/** France's three slots (O-F4): location id, bonus, and offset from France's pieces anchor. */
export const FRANCE_SLOTS = [
  { id: "france_ambassador", slot: "ambassador", name: "Ambassador", bonus: 2, dy: -33 },
  { id: "france_envoy", slot: "envoy", name: "Envoy", bonus: 1, dy: 0 },
  { id: "france_plain", slot: "plain", name: "Plain", bonus: 0, dy: 33 },
];

const FILLS = {
  galicia: "#cfe0b8", basque_country: "#b9d7b0", aragon: "#ecd49a", catalonia: "#f1c79b",
  old_castile: "#e6d9a6", new_castile: "#f3e2b3", valencia: "#f4c7a1", seville: "#efdc95",
  granada: "#e6bf98", france: "#d9cfe8", america: "#bcd99a", caravel: "#b07a45", mediterranean: "#5f9fc7",
};

/** Returns an area's anchor (`label` or `pieces`) in board coordinates: projected for Spain and France, fixed overseas. */
export function anchor(map, id, kind) {
  return OVERSEAS[id] ? OVERSEAS[id][kind] : project(map.anchors[id][kind]);
}

/** Projects [longitude, latitude] to board coordinates (an equirectangular view at 40°N). */
export function project([lon, lat]) {
  return [(lon + 9.45) * 80, (43.9 - lat) * 104];
}

function pathOf(ring, points) {
  const xy = ring.map((p) => project(typeof p === "string" ? points[p] : p));
  return "M" + xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join("L") + "Z";
}

function defs() {
  return s("defs", {},
    s("linearGradient", { id: "sea", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0", "stop-color": "#a9d0e4" }), s("stop", { offset: "1", "stop-color": "#86b7d3" })),
    s("pattern", { id: "waves", width: 60, height: 24, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0 12 q15 -8 30 0 t30 0", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.25, "stroke-width": 1.5 })),
    s("pattern", { id: "hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 10, height: 10, fill: "#fff3c4" }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#e0b640", "stroke-width": 4 })),
    s("pattern", { id: "moorish", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-35)" },
      s("rect", { width: 14, height: 14, fill: FILLS.granada }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 14, stroke: "#2f7a55", "stroke-opacity": 0.45, "stroke-width": 5 })),
    s("filter", { id: "lift", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      s("feDropShadow", { dx: 0, dy: 1.5, stdDeviation: 1.5, "flood-opacity": 0.35 })),
    s("symbol", { id: "crown", viewBox: "0 0 40 32" },
      s("path", { d: "M3 26 L1 7 L12 16 L20 2 L28 16 L39 7 L37 26 Z", fill: "#f2c230", stroke: "#5a3d00", "stroke-width": 2, "stroke-linejoin": "round" }),
      s("rect", { x: 3, y: 25, width: 34, height: 6, rx: 2, fill: "#d9a514", stroke: "#5a3d00", "stroke-width": 2 }),
      s("circle", { cx: 20, cy: 17, r: 3, fill: "#c0282d" })),
    s("pattern", { id: "deck", width: 18, height: 8, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 18, height: 8, fill: "#b98452" }),
      s("line", { x1: 0, y1: 7.5, x2: 18, y2: 7.5, stroke: "#8a5a2e", "stroke-width": 1 })),
    s("pattern", { id: "medsea", width: 40, height: 16, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 40, height: 16, fill: "#6aa8cf" }),
      s("path", { d: "M0 8 q10 -6 20 0 t20 0", fill: "none", stroke: "#fff", "stroke-opacity": 0.35, "stroke-width": 1.4 })),
  );
}

function neighbours(map) {
  return s("g", { class: "land-foreign" },
    ...Object.entries(map.land).map(([id, ring]) => s("path", { d: pathOf(ring, map.points), "data-land": id })));
}

function regionShapes(map, regionIds) {
  return s("g", { class: "regions" }, ...regionIds.filter((id) => !OVERSEAS[id]).map((id) =>
    s("path", { d: pathOf(map.regions[id], map.points), class: "region", fill: FILLS[id], "data-area": id })));
}

/** The overseas regions (G3): America's coast, the Caravel's hull with mast and sails, the Mediterranean's waters. */
function overseasShapes(regionIds) {
  const ids = regionIds.filter((id) => OVERSEAS[id]);
  if (!ids.length) return null;
  const ship = ids.includes("caravel") ? s("g", { class: "caravel-rig", "aria-hidden": "true" },
    s("path", { class: "mast", d: "M150 818 L150 742 M60 818 L60 752" }),
    s("path", { class: "sail", d: "M154 748 Q196 776 154 808 Z M64 758 Q100 782 64 810 Z" }),
    s("path", { class: "pennant", d: "M150 742 L172 748 L150 754 Z" }),
    s("path", { class: "hull-stripe", d: "M-196 836 L200 836" })) : null;
  return s("g", { class: "overseas" },
    ...ids.map((id) => s("path", { d: OVERSEAS[id].d, class: `region overseas-region ${id}`, fill: FILLS[id], "data-area": id })),
    ship);
}

const SLOT_WORDS = {
  captain: () => t("Captain"), viceroy: () => t("Viceroy"), ambassador: () => t("Ambassador"), envoy: () => t("Envoy"), plain: () => t("Plain"),
};

/** Returns a slot's name in the page's language ("envoy" → "Envoy"). */
export function slotName(slot) {
  return SLOT_WORDS[slot]?.() ?? slot;
}

/** The slots overseas (G3): the Caravel's captain (+3) and America's viceroy (+5). */
function overseasSlots(regionIds) {
  return OVERSEAS_SLOTS.filter((sl) => regionIds.includes(sl.area)).map((sl) => {
    const [x, y] = OVERSEAS[sl.area].slot;
    return s("g", { class: "slot overseas-slot", "data-area": sl.id, "data-slot": sl.slot, transform: `translate(${x} ${y})` },
      s("rect", { class: "slot-hit", x: -17, y: -16, width: 104, height: 32 }),
      s("rect", { class: "slot-box", x: -15, y: -15, width: 30, height: 30, rx: 6 }),
      s("g", { class: "slot-piece" }),
      s("text", { class: "slot-name", x: 22, y: 5, text: `${slotName(sl.slot)} +${sl.bonus}` }));
  });
}

function castilloTower() {
  const { x, y } = CASTILLO;
  return s("g", { class: "castillo area-target", "data-area": "castillo", transform: `translate(${x} ${y})` },
    s("rect", { x: -86, y: -125, width: 172, height: 300, rx: 18, class: "castillo-plate" }),
    s("path", { class: "tower", d: "M-34 40 L-34 -50 L-40 -50 L-40 -78 L-28 -78 L-28 -66 L-14 -66 L-14 -78 L0 -78 L0 -66 L14 -66 L14 -78 L28 -78 L28 -66 L40 -66 L40 -50 L34 -50 L34 40 Z" }),
    s("path", { class: "tower-door", d: "M-12 40 L-12 14 Q0 0 12 14 L12 40 Z" }),
    s("rect", { class: "tower-window", x: -5, y: -36, width: 10, height: 18, rx: 5 }),
    s("text", { class: "area-name", x: 0, y: -96, "text-anchor": "middle", text: term("region", "castillo", "Castillo").toUpperCase() }),
    s("g", { class: "castillo-values", transform: "translate(0 62)" }),
    s("g", { class: "pieces", transform: "translate(0 104)" }));
}

function franceSlots(map) {
  const [x, y] = project(map.anchors.france.pieces);
  return s("g", { class: "france-slots", "data-slots": "france", transform: `translate(${x} ${y})` },
    ...FRANCE_SLOTS.map((sl) => s("g", { class: "slot", "data-area": sl.id, "data-slot": sl.slot, transform: `translate(0 ${sl.dy})` },
      s("rect", { class: "slot-hit", x: -17, y: -16, width: 128, height: 32 }),
      s("rect", { class: "slot-box", x: -15, y: -15, width: 30, height: 30, rx: 6 }),
      s("g", { class: "slot-piece" }),
      s("text", { class: "slot-name", x: 22, y: 5, text: `${slotName(sl.slot)}${sl.bonus ? ` +${sl.bonus}` : ""}` }))));
}

/** The map's accessible names: a group of areas, each a labelled image or, when it can be chosen, a button. */
const MAP_NAMES = { base: () => t("Map of Spain"), ic: () => t("Map of Spain, France and the overseas regions") };

/** Returns the board's SVG element, with an empty `.pieces` group per area for `drawPosition`. */
export function drawBoard(map, regionIds) {
  const ic = regionIds.includes("caravel");  // G3: Inquisitor & Colonies
  const box = ic ? IC_BOX : { x: 0, y: 0, width: WIDTH, height: HEIGHT };
  const tray = ic ? IC_TRAY : TRAY;
  const sea = { x: box.x, y: box.y, width: box.width, height: box.height };
  const svg = s("svg", { class: `board${ic ? " ic" : ""}`, viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, role: "group", "aria-label": ic ? MAP_NAMES.ic() : MAP_NAMES.base() },
    defs(),
    s("rect", { ...sea, fill: "url(#sea)" }),
    s("rect", { ...sea, fill: "url(#waves)" }),
    neighbours(map),
    regionShapes(map, regionIds),
    overseasShapes(regionIds),
    s("g", { class: "labels" }),
    castilloTower(),
    s("g", { class: "tray", transform: `translate(${tray.x} ${tray.y})` }),
    s("g", { class: "overlay" }));
  const overlay = svg.querySelector(".overlay");
  for (const id of regionIds) {
    const [x, y] = anchor(map, id, "pieces");
    overlay.append(s("g", { class: "pieces", "data-pieces": id, transform: `translate(${x} ${y})` }));
  }
  if (regionIds.includes("france")) overlay.append(franceSlots(map));  // O-F4, G3
  overlay.append(...overseasSlots(regionIds));  // G3
  return svg;
}
