// Compares a partial move with its one-step extensions: what was added, and where on the board.

const ORDER = ["from", "region", "area", "scoreboard", "seat", "to", "value", "answer"];

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Returns `move` without the `complete` flag that legal-moves adds to extensions. */
export function strip(move) {
  const { complete, ...rest } = move;
  return rest;
}

/**
 * Returns what `ext` adds to `base`: {field, kind, value} with kind "count" (a key of a counts
 * object went up by one), "append" (a list grew; value = the new item) or "set" (a field set).
 */
export function delta(base, ext) {
  for (const [field, value] of Object.entries(strip(ext))) {
    const old = base[field];
    if (same(old, value)) continue;
    if (Array.isArray(value)) return { field, kind: "append", value: value[value.length - 1] };
    if (value && typeof value === "object") {
      const key = Object.keys(value).find((k) => value[k] !== (old || {})[k]);
      return { field, kind: "count", value: key };
    }
    return { field, kind: "set", value };
  }
  return { field: null, kind: "none", value: null };
}

/** Returns the key of object items to decide next: the first that still varies among `items`. */
export function nextKey(items) {
  const keys = [...new Set(items.flatMap((it) => Object.keys(it)))];
  keys.sort((a, b) => (ORDER.indexOf(a) + 99) % 99 - (ORDER.indexOf(b) + 99) % 99);
  return keys.find((k) => new Set(items.map((it) => JSON.stringify(it[k]))).size > 1) ?? null;
}

/** Returns whether a move has fields that are built step by step (counts objects or lists). */
export function buildable(move) {
  return Object.values(move).some((v) => Array.isArray(v) || (v && typeof v === "object"));
}
