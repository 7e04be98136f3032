// Builds DOM and SVG nodes with a small hyperscript helper; no framework, no build step.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Returns an HTML element `tag` with attributes (`class`, `onclick`, `text`, …) and children. */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** Returns an SVG element `tag` with attributes and children. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replaces the children of `node` with `children`. */
export function mount(node, ...children) {
  node.replaceChildren();
  return fill(node, {}, children);
}

/** Returns a title-cased label for an id like `old_castile` ("Old Castile"). */
export function label(id) {
  return String(id).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}
