// Names the player colours: a fill, a darker edge, a readable ink, and light/dark tints.

const PALETTE = {
  red: { fill: "#c62828", edge: "#7f1414", ink: "#fff", light: "#f8d9d6", dark: "#8e1b1b" },
  blue: { fill: "#1f5fbf", edge: "#0e3570", ink: "#fff", light: "#d6e3f7", dark: "#153f80" },
  yellow: { fill: "#f4c430", edge: "#9a7a00", ink: "#3b2a1e", light: "#fbefc4", dark: "#b48f10" },
  green: { fill: "#2e8b3e", edge: "#185224", ink: "#fff", light: "#d5ecd8", dark: "#1d5e28" },
  orange: { fill: "#e8741c", edge: "#8a3f05", ink: "#fff", light: "#fbe0c8", dark: "#a64f0c" },
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

/** Returns CSS custom properties (--seat, --seat-light, --seat-dark) for a colour record. */
export function seatStyle(c) {
  return `--seat:${c.fill};--seat-light:${c.light};--seat-dark:${c.dark}`;
}
