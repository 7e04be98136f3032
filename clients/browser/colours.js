// Names the player colours: a fill, a darker edge, a readable ink (4.5:1 on the fill, WCAG 2.2 AA), and
// light/dark tints; and gives each seat a letter, so no one needs the colours to tell seats apart.
import { h } from "./dom.js";

const PALETTE = {
  red: { fill: "#c62828", edge: "#7f1414", ink: "#fff", light: "#f8d9d6", dark: "#8e1b1b" },
  blue: { fill: "#1f5fbf", edge: "#0e3570", ink: "#fff", light: "#d6e3f7", dark: "#153f80" },
  yellow: { fill: "#f4c430", edge: "#9a7a00", ink: "#3b2a1e", light: "#fbefc4", dark: "#b48f10" },
  green: { fill: "#287a36", edge: "#185224", ink: "#fff", light: "#d5ecd8", dark: "#1d5e28" },
  orange: { fill: "#e8741c", edge: "#8a3f05", ink: "#2b2118", light: "#fbe0c8", dark: "#a64f0c" },
  white: { fill: "#f4f1ea", edge: "#8a8170", ink: "#3b2a1e", light: "#faf8f3", dark: "#9b9384" },
  black: { fill: "#2d2a28", edge: "#000", ink: "#fff", light: "#dcdad6", dark: "#111" },
  purple: { fill: "#7b3fa0", edge: "#4a1f66", ink: "#fff", light: "#eadcf3", dark: "#552a70" },
};
const SEAT_ORDER = ["red", "blue", "yellow", "green", "orange", "purple"];
/** The Church's black caballeros (O-C1): no seat has black, and the gold edge sets them apart. */
export const CHURCH = { name: "black", fill: "#211c19", edge: "#d9a514", ink: "#fff", light: "#dcdad6", dark: "#111" };

/** Returns the colour record of a colour name, or of a seat's default colour ("black": the Church's). */
export function colour(nameOrSeat) {
  if (nameOrSeat === "black") return CHURCH;
  const name = typeof nameOrSeat === "number" ? SEAT_ORDER[nameOrSeat % SEAT_ORDER.length] : nameOrSeat;
  return { name, ...(PALETTE[name] || PALETTE.purple) };
}

/** Returns CSS custom properties (--seat, --seat-ink, --seat-light, --seat-dark) for a colour record. */
export function seatStyle(c) {
  return `--seat:${c.fill};--seat-ink:${c.ink};--seat-light:${c.light};--seat-dark:${c.dark}`;
}

/**
 * Returns one short mark per seat from the players' names: the initial, or the first two letters
 * when two names share an initial, or the initial and the seat number when those clash too.
 */
export function seatMarks(names) {
  const first = (n, k) => [...String(n).trim()].slice(0, k).join("").toUpperCase() || "?";
  const clash = (list, i) => list.some((x, j) => j !== i && x === list[i]);
  const one = names.map((n) => first(n, 1));
  const two = one.map((m, i) => (clash(one, i) ? first(names[i], 2) : m));
  return two.map((m, i) => (clash(two, i) ? `${one[i]}${i + 1}` : m));
}

/** Returns a colour swatch showing a seat's `mark` (its colour comes from the parent's seatStyle). */
export function swatch(mark = "") {
  return h("span", { class: "swatch", "aria-hidden": "true" }, mark);
}
