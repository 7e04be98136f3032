// Shows the game's log as readable lines and lets the reader step through past versions.
import { t, tn, formatDate } from "./i18n.js";
import { h, mount } from "./dom.js";
import * as api from "./api.js";

const PAGE = 200;
const LOG_NAME = () => t("Game log");  // the scrolling list's accessible name

/** Keeps the loaded log entries and draws the history panel (`el`). */
export class History {
  constructor({ describe, names, onPick }) {
    Object.assign(this, { describe, names, onPick, entries: [], latest: 0, at: null });
    this.el = h("section", { class: "panel history", "aria-label": t("History") });
    document.addEventListener("keydown", (ev) => {
      if (ev.target.closest?.("input, textarea, select") || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const shown = this.at ?? this.latest;
      if (ev.key === "ArrowLeft") this.step(shown - 1);
      if (ev.key === "ArrowRight" && this.at !== null) this.step(shown + 1);
    });
  }

  /** Loads log entries after the last one held, up to `version`, and redraws (one load at a time). */
  sync(version) {
    this.loading = (this.loading || Promise.resolve()).catch(() => {}).then(() => this.load(version));
    return this.loading;
  }

  async load(version) {
    for (;;) {
      const after = this.entries.length ? this.entries[this.entries.length - 1].v : 0;
      if (version !== null && after >= version) break;
      const body = await api.get("/events", { after, limit: PAGE });
      this.entries.push(...body.entries.filter((e) => e.v > after));
      if (body.next === null || body.next === undefined || body.next <= after) break;
    }
    this.latest = this.entries.length ? this.entries[this.entries.length - 1].v : 0;
    this.draw();
  }

  /** Highlights the version being viewed (null = now). */
  mark(v) {
    this.at = v;
    this.draw();
  }

  step(v) {
    this.onPick(Math.max(1, Math.min(v, this.latest)) === this.latest ? null : Math.max(1, v));
  }

  /** Returns the readable lines of the entries after version `v` (what the live region reads out). */
  linesAfter(v) {
    return this.entries.filter((e) => e.v > v && !e.hidden).map((e) => this.describe(e, this.names())).filter(Boolean);
  }

  line(entry) {
    const text = entry.hidden ? t("A hidden event.") : this.describe(entry, this.names());
    if (!text) return null;
    const current = (this.at ?? this.latest) === entry.v;
    return h("li", { class: current ? "current" : "", "data-v": entry.v, title: entry.t ? formatDate(entry.t) : null, onclick: () => this.step(entry.v) },
      h("span", { class: "v" }, entry.v), h("span", {}, text));
  }

  draw() {
    const shown = this.at ?? this.latest;
    const list = h("ol", { tabindex: "0", "aria-label": LOG_NAME() }, ...this.entries.map((e) => this.line(e)).filter(Boolean));
    this.el.setAttribute("aria-label", t("History"));
    const focused = this.el.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    mount(this.el,
      h("h2", {}, t("History"), h("span", { class: "count" }, tn("{n} event", "{n} events", this.latest))),
      h("div", { class: "stepper" },
        h("button", { class: "btn", title: t("First"), "aria-label": t("First version"), "data-testid": "history-first", onclick: () => this.step(1) }, "|◀"),
        h("button", { class: "btn", title: t("Back"), "aria-label": t("Previous version"), "data-testid": "history-back", onclick: () => this.step(shown - 1) }, "◀"),
        h("span", { class: "at", "data-testid": "history-at" }, t("v{v} / {latest}", { v: shown, latest: this.latest })),
        h("button", { class: "btn", title: t("Forward"), "aria-label": t("Next version"), "data-testid": "history-forward", onclick: () => this.step(shown + 1) }, "▶"),
        h("button", { class: "btn", title: t("Now"), "aria-label": t("Latest version"), "data-testid": "history-now", onclick: () => this.step(this.latest) }, "▶|")),
      list);
    if (focused) this.el.querySelector(`[data-testid="${focused}"]`)?.focus();
    const cur = list.querySelector(".current");
    if (cur) requestAnimationFrame(() => { list.scrollTop = cur.offsetTop - list.clientHeight / 2; });
  }
}
