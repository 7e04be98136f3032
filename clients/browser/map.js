// Draws the El Grande board: the regions of Spain (and France), the sea, the Castillo and the scoreboard tray.
import { s } from "./dom.js";

export const WIDTH = 1040;
export const HEIGHT = 850;
export const CASTILLO = { x: 935, y: 470 };
export const TRAY = { x: 800, y: 720 };
/** France's three slots (O-F4): location id, bonus, and offset from France's pieces anchor. */
export const FRANCE_SLOTS = [
  { id: "france_ambassador", slot: "ambassador", name: "Ambassador", bonus: 2, dy: -33 },
  { id: "france_envoy", slot: "envoy", name: "Envoy", bonus: 1, dy: 0 },
  { id: "france_plain", slot: "plain", name: "Plain", bonus: 0, dy: 33 },
];

const FILLS = {
  galicia: "#cfe0b8", basque_country: "#b9d7b0", aragon: "#ecd49a", catalonia: "#f1c79b",
  old_castile: "#e6d9a6", new_castile: "#f3e2b3", valencia: "#f4c7a1", seville: "#efdc95",
  granada: "#e6bf98", france: "#d9cfe8",
};

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
  );
}

function neighbours(map) {
  return s("g", { class: "land-foreign" },
    ...Object.entries(map.land).map(([id, ring]) => s("path", { d: pathOf(ring, map.points), "data-land": id })));
}

function regionShapes(map, regionIds) {
  return s("g", { class: "regions" }, ...regionIds.map((id) =>
    s("path", { d: pathOf(map.regions[id], map.points), class: "region", fill: FILLS[id], "data-area": id })));
}

function castilloTower() {
  const { x, y } = CASTILLO;
  return s("g", { class: "castillo area-target", "data-area": "castillo", transform: `translate(${x} ${y})` },
    s("rect", { x: -86, y: -125, width: 172, height: 300, rx: 18, class: "castillo-plate" }),
    s("path", { class: "tower", d: "M-34 40 L-34 -50 L-40 -50 L-40 -78 L-28 -78 L-28 -66 L-14 -66 L-14 -78 L0 -78 L0 -66 L14 -66 L14 -78 L28 -78 L28 -66 L40 -66 L40 -50 L34 -50 L34 40 Z" }),
    s("path", { class: "tower-door", d: "M-12 40 L-12 14 Q0 0 12 14 L12 40 Z" }),
    s("rect", { class: "tower-window", x: -5, y: -36, width: 10, height: 18, rx: 5 }),
    s("text", { class: "area-name", x: 0, y: -96, "text-anchor": "middle", text: "CASTILLO" }),
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
      s("text", { class: "slot-name", x: 22, y: 5, text: `${sl.name}${sl.bonus ? ` +${sl.bonus}` : ""}` }))));
}

/** Returns the board's SVG element, with an empty `.pieces` group per area for `drawPosition`. */
export function drawBoard(map, regionIds) {
  const svg = s("svg", { class: "board", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": "Map of Spain" },
    defs(),
    s("rect", { width: WIDTH, height: HEIGHT, fill: "url(#sea)" }),
    s("rect", { width: WIDTH, height: HEIGHT, fill: "url(#waves)" }),
    neighbours(map),
    regionShapes(map, regionIds),
    s("g", { class: "labels" }),
    castilloTower(),
    s("g", { class: "tray", transform: `translate(${TRAY.x} ${TRAY.y})` }),
    s("g", { class: "overlay" }));
  for (const id of regionIds) {
    const [x, y] = project(map.anchors[id].pieces);
    svg.querySelector(".overlay").append(s("g", { class: "pieces", "data-pieces": id, transform: `translate(${x} ${y})` }));
  }
  if (regionIds.includes("france")) svg.querySelector(".overlay").append(franceSlots(map));  // O-F4
  return svg;
}
