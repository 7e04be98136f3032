// Turns legal-moves into controls: buttons for small choices, click-by-click drafts (with `partial`)
// for big families, board targets for anything that names an area.
import { t, formatDate } from "./i18n.js";
import { h } from "./dom.js";
import { delta, nextKey, strip, buildable } from "./moves.js";

/** Holds the seat's legal moves and the move being built; `onChange` redraws. */
export class Prompter {
  constructor({ extend, submit, onChange }) {
    Object.assign(this, { extendFn: extend, submitFn: submit, onChange });
    this.reset([]);
  }

  /** Starts over with a fresh list of complete legal moves (after every refresh). */
  reset(legal) {
    Object.assign(this, { legal, draft: null, stack: [], exts: [], filter: {}, complete: false, selected: null, busy: false, error: null });
  }

  /** Returns the legal complete moves of one type. */
  ofType(type) {
    return this.legal.filter((m) => m.type === type);
  }

  /** Marks a complete move as chosen (shown for confirmation) without sending it; the page then focuses Confirm. */
  select(move) {
    this.selected = move;
    this.focusConfirm = Boolean(move);
    this.error = null;
    this.onChange();
  }

  /** Starts building `move` (a shortest complete member) click by click. */
  async begin(move) {
    this.stack = [];
    await this.goto(strip(move), true, move.text);
  }

  async goto(draft, complete, text = null) {
    this.busy = true;
    this.onChange();
    try {
      this.exts = await this.extendFn(draft);
      Object.assign(this, { draft, complete, draftText: text, filter: {}, error: null });
    } catch (err) {
      this.error = err.message;
    }
    this.busy = false;
    this.onChange();
  }

  /** Applies one extension to the draft (pushing the old draft for Undo). */
  async extend(ext) {
    this.stack.push([this.draft, this.complete, this.draftText]);
    await this.goto(strip(ext), Boolean(ext.complete), ext.text);
  }

  /** Steps back one click. */
  async undo() {
    if (this.filter && Object.keys(this.filter).length) return this.narrow({});
    const last = this.stack.pop();
    if (last) await this.goto(...last);
  }

  /** Abandons the draft and the selection. */
  cancel() {
    Object.assign(this, { draft: null, stack: [], exts: [], filter: {}, selected: null, error: null });
    this.onChange();
  }

  /** Narrows the pending object-valued extensions by fixing some keys (e.g. {from: "aragon"}). */
  narrow(filter) {
    this.filter = filter;
    this.onChange();
  }

  /** Returns the extensions still open: [{ext, d}] where d is `delta(draft, ext)`, filtered. */
  options() {
    return this.exts.map((ext) => ({ ext, d: delta(this.draft, ext) })).filter(({ d }) =>
      Object.entries(this.filter).every(([k, v]) => d.value && typeof d.value === "object" && JSON.stringify(d.value[k]) === JSON.stringify(v)));
  }

  /** Sends a move (or the draft); on success the page refreshes from the server. */
  async submit(move = this.draft) {
    this.busy = true;
    this.error = null;
    this.onChange();
    try {
      await this.submitFn(strip(move));
    } catch (err) {
      this.error = err.message;
      this.busy = false;
      this.onChange();
    }
  }
}

/** Returns what the next click chooses: {key, choices: [{value, ext?}]} for board or buttons. */
export function nextChoice(prompter) {
  const opts = prompter.options();
  if (!opts.length) return null;
  const objects = opts.filter(({ d }) => d.value && typeof d.value === "object");
  if (objects.length === opts.length && opts.length > 1) {
    const key = nextKey(objects.map(({ d }) => d.value));
    if (key) {
      const seen = new Map();
      for (const { d } of objects) if (!seen.has(JSON.stringify(d.value[key]))) seen.set(JSON.stringify(d.value[key]), d.value[key]);
      return { key, field: opts[0].d.field, sample: objects[0].d.value, choices: [...seen.values()].map((value) => ({ value, pick: () => prompter.narrow({ ...prompter.filter, [key]: value }) })) };
    }
  }
  return { key: null, field: opts[0].d.field, sample: opts[0].d.value, choices: opts.map(({ ext, d }) => ({ value: d.value, kind: d.kind, pick: () => prompter.extend(ext) })) };
}

/**
 * Returns the prompt panel's draft section: the draft text, the next choices (areas go to the
 * board through `hooks.targets`), and Done / Undo / Cancel.
 */
export function draftControls(prompter, hooks) {
  const choice = prompter.busy ? null : nextChoice(prompter);
  if (choice?.choices.length === 1 && Object.keys(prompter.filter).length) queueMicrotask(choice.choices[0].pick);
  const areaChoices = (choice?.choices || []).filter((c) => hooks.isArea(c.value));
  const otherChoices = (choice?.choices || []).filter((c) => !hooks.isArea(c.value));
  hooks.targets(areaChoices.map((c) => c.value), (area) => areaChoices.find((c) => c.value === area)?.pick());
  const what = choice ? hooks.askFor(choice.field, choice.key, choice.sample) : prompter.complete ? t("Ready to send.") : "";
  return h("div", { class: "drafting" },
    h("div", { class: "draft", "data-testid": "draft" }, hooks.describe(prompter.draft)),
    prompter.complete ? notation(prompter.draftText) : null,
    what ? h("div", { class: "hint" }, what) : null,
    areaChoices.length ? h("div", { class: "hint" }, t("Click a highlighted area on the map, or:") + " ") : null,
    h("div", { class: "choices" },
      ...areaChoices.map((c) => h("button", { class: "btn region-btn", "data-choice": c.value, onclick: c.pick }, hooks.valueLabel(c.value, choice.key))),
      ...otherChoices.map((c) => h("button", { class: "btn", "data-choice": JSON.stringify(c.value), onclick: c.pick }, hooks.valueLabel(c.value, choice.key)))),
    h("div", { class: "actions-row" },
      h("button", { class: "btn primary", "data-testid": "done", disabled: !prompter.complete || prompter.busy, onclick: () => prompter.submit() }, t("Done — send")),
      h("button", { class: "btn", disabled: !prompter.stack.length && !Object.keys(prompter.filter).length, onclick: () => prompter.undo() }, t("Undo")),
      h("button", { class: "btn", onclick: () => prompter.cancel() }, t("Cancel"))));
}

/** Returns buttons for every complete move in `moves` (the generic fallback for any prompt). */
export function moveButtons(prompter, moves, describe) {
  return h("div", { class: "choices" }, ...moves.map((m) =>
    h("div", { class: "choice-group" },
      h("button", { class: "btn", "data-move": m.type, onclick: () => prompter.submit(m) }, describe(m)),
      buildable(m) ? h("button", { class: "btn", onclick: () => prompter.begin(m) }, t("build…")) : null)));
}

/** Returns the move's e-mail notation line ("By e-mail: play 13"), or null without one. */
export function notation(text) {
  return text ? h("div", { class: "notation" }, t("By e-mail:") + " ", h("code", {}, text)) : null;
}

/** Returns "Answer by <date>." for the seat's open prompt (the reader's locale and time zone), or "" without a deadline. */
export function deadlineText(summary, seat) {
  const due = (summary?.prompts || []).find((p) => p.seat === seat && p.deadline);
  return due ? t("Answer by {when}.", { when: formatDate(due.deadline * 1000) }) : "";
}

/** Returns the confirmation row for a selected move. */
export function confirmRow(prompter, text) {
  return h("div", { class: "actions-row" },
    h("button", { class: "btn primary", "data-testid": "confirm", disabled: prompter.busy, onclick: () => prompter.submit(prompter.selected) }, text),
    h("button", { class: "btn", onclick: () => prompter.cancel() }, t("Cancel")));
}

