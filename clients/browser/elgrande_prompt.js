// Builds the El Grande prompt panel: hand and offer picks, map targets, drafts, vetoes and discs.
import { h, mount, label } from "./dom.js";
import { setTargets } from "./board.js";
import { colour } from "./colours.js";
import { actionCard, cardHeads, POWER_HEADS } from "./cards.js";
import { confirmRow, deadlineText, draftControls, notation } from "./controls.js";
import { buildable } from "./moves.js";
import { describeMove, promptText, seatName, areaName, choiceText, pieceName, parseSpot, colourName, scoreboardName } from "./elgrande_text.js";
import { t, tn } from "./i18n.js";

const PREFER = ["scoreboard", "value", "answer", "from", "card", "area", "region"];
const chooser = { legal: null, fixed: {} };

function isArea(view, v) {
  if (typeof v !== "string") return false;
  if (v in view.areas || (v.startsWith("france_") && "france" in view.areas)) return true;  // O-F4: slots are targets
  if (!view.inquisitor) return false;
  const p = parseSpot(v);  // G3, G4: the captain's and viceroy's slots, on/beside the limit board
  return p.spot === v && p.position !== null && p.area in view.areas;
}

function scalarDiffs(moves) {
  const keys = [...new Set(moves.flatMap((m) => Object.keys(m)))];
  return keys.filter((k) => new Set(moves.map((m) => JSON.stringify(m[k]))).size > 1)
    .sort((a, b) => ((PREFER.indexOf(a) + 99) % 99) - ((PREFER.indexOf(b) + 99) % 99));
}

function draftHooks(ctx, svg) {
  const seats = ctx.summary.seats;
  const card = ctx.view.turn?.card;
  const ask = {
    to: () => t("Where does the next caballero go? (next to the King, or the Castillo)"),
    from: () => t("Take one caballero from which region?"), places: () => t("Where does the next caballero go?"),
    sources: () => t("Return one caballero from where?"), supplement: () => t("Take one from which region?"),
  };
  const askKey = { from: () => t("Move a caballero out of which region?"), seat: () => t("Whose caballero?"), to: () => t("Where does it go?"), region: () => t("From which region?") };
  return {
    isArea: (v) => isArea(ctx.view, v),
    targets: (areas, onPick) => setTargets(svg, areas, onPick, chosenCounts(ctx.prompter.draft)),
    describe: (m) => describeMove(m, seats, card),
    askFor: (field, key, sample) => askText(ctx, field, key, sample) || (key ? askKey[key] : ask[field])?.() || t("Choose:"),
    valueLabel: (v, key) => (key === "seat" ? seatLabel(seats, v) : typeof v === "string" ? areaName(v) : objectLabel(v, seats)),
  };
}

function seatLabel(seats, seat) {
  return seat === "black" ? t("black caballero (the Church)") : `${colourName(colour(seat).name)} — ${seatName(seats, seat)}`;
}

function objectLabel(v, seats) {
  if (!v || typeof v !== "object") return String(v);
  if ("from" in v && "seat" in v) return t("{piece} from {from}", { piece: pieceName(v.seat), from: areaName(v.from) }) + (v.to ? ` → ${areaName(v.to)}` : "");
  if ("region" in v && "seat" in v) return t("{who}'s from {where}", { who: seatName(seats, v.seat), where: areaName(v.region) });
  return JSON.stringify(v);
}

function askText(ctx, field, key, sample) {
  if (field === "moves" && key === "from" && String(ctx.view.turn?.card).startsWith("d6_church")) return t("Move a black caballero out of which region?");  // O-C3
  if (field === "removals") return key === "seat" ? t("Whose caballero do you remove there?") : t("Remove one caballero of each player: from which region next?");
  if (field === "moves" && key === "to" && sample?.from) {
    const colourWord = sample.seat === "black" ? t("black") : colourName(colour(sample.seat).name).toLowerCase();
    return t("Where does the {colour} caballero from {from} go?", { colour: colourWord, from: areaName(sample.from) });
  }
  return null;
}

/** Returns the signed change per area of a draft: + where caballeros arrive, − where they leave. */
function chosenCounts(draft) {
  const out = {};
  const add = (a, n) => { out[a] = (out[a] || 0) + n; };
  const d = draft || {};
  Object.entries(d.to || {}).forEach(([a, n]) => add(a, n));
  (d.places || []).forEach((a) => add(a, 1));
  (d.moves || []).filter((m) => m.to).forEach((m) => { add(m.from, -1); add(m.to, 1); });
  (d.removals || []).forEach((r) => add(r.region, -1));
  if (d.type === "supplement_court") Object.entries(d.from || {}).forEach(([a, n]) => add(a, -n));
  Object.entries(d.supplement || {}).forEach(([a, n]) => add(a, -n));
  (d.sources || []).filter((a) => a !== "court").forEach((a) => add(a, -1));
  return out;
}

function pickFrom(ctx, svg, moves, verb) {
  const p = ctx.prompter;
  const rest = moves.filter((m) => Object.entries(chooser.fixed).every(([k, v]) => JSON.stringify(m[k]) === JSON.stringify(v)));
  if (rest.length === 1 && moves.length > 1 && !p.selected) queueMicrotask(() => p.select(rest[0]));
  const key = scalarDiffs(rest).find((k) => rest.every((m) => m[k] === undefined || typeof m[k] !== "object"));
  if (!key) return h("div", { class: "choices" }, ...rest.map((m) => h("button", { class: "btn", "data-move": m.type, onclick: () => p.select(m) }, verb(m))));
  const values = [...new Set(rest.map((m) => m[key]))];
  const choose = (v) => {
    chooser.fixed = { ...chooser.fixed, [key]: v };
    const left = rest.filter((m) => m[key] === v);
    if (left.length === 1) p.select(left[0]); else p.onChange();
  };
  const areas = values.filter((v) => isArea(ctx.view, v));
  setTargets(svg, areas, choose, {});
  const fixed = Object.entries(chooser.fixed);
  const back = fixed.length ? h("button", { class: "btn", onclick: () => { chooser.fixed = {}; p.select(null); } }, t("Back")) : null;
  return h("div", {},
    fixed.length ? h("div", { class: "draft" }, t("Chosen:") + " ", fixed.map(([k, v]) => valueText(ctx, k, v)).join(", ")) : null,
    areas.length ? h("div", { class: "hint" }, t("Click a highlighted area on the map, or:")) : null, back,
    h("div", { class: "choices" }, ...values.map((v) => h("button", { class: "btn", "data-choice": v, onclick: () => choose(v) },
      valueText(ctx, key, v)))));
}

function valueText(ctx, key, v) {
  if (isArea(ctx.view, v)) return areaName(v);
  if (key === "scoreboard") return scoreboardName(v);
  return key === "value" ? t("power card {value}", { value: v }) : String(v);
}

function turnStep(ctx, svg) {
  const p = ctx.prompter;
  const turn = ctx.view.turn;
  const seats = ctx.summary.seats;
  const place = p.ofType("place_caballeros");
  const declare = p.ofType("declare_action");
  const end = p.ofType("end_turn");
  const intake = p.ofType("church_intake");  // O-C6 (a)
  const known = new Set(["place_caballeros", "declare_action", "end_turn", "church_intake"]);
  const others = p.legal.filter((m) => !known.has(m.type));  // any other turn_step move (G21: bonus_move, inquisitor_extra, use_turn_over, …)
  const heads = cardHeads(turn.card);
  const builds = declare.filter(buildable);
  const picks = declare.filter((m) => !buildable(m));
  return h("div", {},
    h("div", { class: "status-row" },
      h("span", { class: `tag ${turn.placed ? "" : "turn"}` }, turn.placed ? t("✓ caballeros placed") : t("place up to {n}", { n: Math.min(heads, ctx.view.courts[ctx.seat]) })),
      h("span", { class: `tag ${turn.acted ? "" : "turn"}` }, turn.acted ? t("✓ special action done") : t("special action open")),
      churchExtraOpen(ctx) ? h("span", { class: "tag church" }, t("✝ Church extra: +1 in the batch, or 1 into court")) : null),
    h("div", { class: "choices" },
      place.length ? h("button", { class: "btn primary", "data-testid": "begin-place", onclick: () => p.begin(place[0]) }, t("Place caballeros…")) : null,
      ...builds.map((m) => h("button", { class: "btn", "data-testid": "begin-action", onclick: () => p.begin(m) }, buildLabel(m, turn.card))),
      declare.length === 1 && !buildable(declare[0]) ? h("button", { class: "btn", "data-testid": "begin-action", onclick: () => p.select(declare[0]) }, t("Use: {card}", { card: actionCard(turn.card)[1] })) : null,
      intake.length ? h("button", { class: "btn church", "data-testid": "church-intake", onclick: () => p.select(intake[0]) }, describeMove(intake[0], seats)) : null,
      end.length ? h("button", { class: "btn", "data-testid": "end-turn", onclick: () => p.select(end[0]) }, t("End my turn")) : null),
    picks.length > 1 ? h("div", { class: "sub" }, h("div", { class: "hint" }, `${actionCard(turn.card)[1]}: ${actionCard(turn.card)[2]}`),
      pickFrom(ctx, svg, picks, (m) => describeMove(m, seats, turn.card))) : null,
    others.length ? otherMoves(ctx, others) : null);
}

/** Returns a group of controls per other move type: a button per move (and "build…" for multi-part ones). */
function otherMoves(ctx, moves) {
  const p = ctx.prompter;
  const types = [...new Set(moves.map((m) => m.type))];
  return h("div", { class: "sub other-moves", "data-testid": "other-moves" }, ...types.map((type) => {
    const list = moves.filter((m) => m.type === type);
    return h("div", { class: "move-group", "data-type": type },
      h("div", { class: "hint" }, `${label(type)}:`),
      h("div", { class: "choices" }, ...list.map((m) => h("button", { class: "btn", "data-move": m.type, onclick: () => p.select(m) }, describeMove(m, ctx.summary.seats, ctx.view.turn?.card))),
        list.some(buildable) ? h("button", { class: "btn", onclick: () => p.begin(list.find(buildable)) }, label(type) + ": " + t("build…")) : null));
  }));
}

/** Returns whether the seat holds the Church marker and has not used this turn's extra (O-C6). */
function churchExtraOpen(ctx) {
  const c = ctx.view.church;
  return Boolean(c) && c.holder === ctx.seat && !c.extra_used && ctx.view.turn?.seat === ctx.seat;
}

function buildLabel(m, card) {
  const field = Object.keys(m).find((k) => k !== "type");
  if (field === "moves" && String(card).startsWith("d6_church")) return t("Move black caballeros…");  // O-C3
  const what = { moves: () => t("Move caballeros…"), places: () => t("Place from your court…"), removals: () => t("Choose removals…"), supplement: () => t("Fill the court…") }[field];
  return what ? what() : `${actionCard(card)[1]}…`;
}

function vetoAnswer(ctx) {
  const p = ctx.prompter;
  const d = ctx.view.decision?.declaration;
  const seats = ctx.summary.seats;
  return h("div", {},
    d ? h("div", { class: "draft" }, t("{who} declared {action}", { who: seatName(seats, d.seat), action: describeMove({ type: "declare_action", ...(d.action || {}) }, seats, d.card) })) : null,
    h("div", { class: "choices" }, ...p.ofType("answer_veto").map((m) =>
      h("button", { class: `btn ${m.answer === "veto" ? "primary" : ""}`, "data-answer": m.answer, onclick: () => p.select(m) }, describeMove(m, seats)))));
}

function body(ctx, svg, kind, ui) {
  const p = ctx.prompter;
  const seats = ctx.summary.seats;
  const card = ctx.view.turn?.card;
  switch (kind) {
    case "play_power_card":
      ui.hand = new Map(p.ofType("play_power_card").map((m) => [m.value, m]));
      return h("p", { class: "hint" }, t("Click a glowing card in your hand below."));
    case "choose_action_card":
      ui.offer = new Map(p.ofType("take_card").map((m) => [m.card, m]));
      return h("p", { class: "hint" }, t("Click a glowing action card."));
    case "turn_step": return turnStep(ctx, svg);
    case "veto_answer": return vetoAnswer(ctx);
    default: {
      const buildableOne = p.legal.length === 1 && buildable(p.legal[0]);
      if (buildableOne || kind === "supplement_court") {
        return h("div", { class: "choices" },
          ...p.legal.map((m) => h("button", { class: "btn", onclick: () => p.select(m) }, describeMove(m, seats, card))),
          buildable(p.legal[0]) ? h("button", { class: "btn primary", onclick: () => p.begin(p.legal[0]) }, t("Choose…")) : null);
      }
      return pickFrom(ctx, svg, p.legal, (m) => describeMove(m, seats, card));
    }
  }
}

function confirmText(ctx, m) {
  if (m.type === "play_power_card") return tn("Play {value} ({n} to court)", "Play {value} ({n} to court)", POWER_HEADS[m.value], { value: m.value });
  return describeMove(m, ctx.summary.seats, ctx.view.turn?.card);
}

function waiting(ctx) {
  const v = ctx.view;
  const who = Object.entries(v.pending).map(([s, pr]) => `${seatName(ctx.summary.seats, Number(s))} (${promptText(pr.kind)[0].toLowerCase()})`);
  const mine = v.decision?.my_choice;
  return h("div", {},
    h("h2", { class: "what", tabindex: "-1" }, v.result ? t("The game is over.") : who.length ? t("Waiting…") : t("Nothing to do.")),
    who.length ? h("div", { class: "hint" }, t("Waiting for {who}.", { who: who.join(", ") })) : null,
    mine !== undefined ? h("div", { class: "draft" }, t("Your sealed choice: {choice}", { choice: choiceText(mine) })) : null);
}

/**
 * Draws the prompt panel and the board targets; returns the hooks the hand and offer use
 * (which cards glow, what a click does).
 */
export function drawPrompt(panel, ctx, svg) {
  const p = ctx.prompter;
  if (chooser.legal !== p.legal) Object.assign(chooser, { legal: p.legal, fixed: {} });
  setTargets(svg, [], null, {});
  const ui = { hand: new Map(), offer: new Map() };
  const kind = ctx.seat !== null && ctx.live ? ctx.view.pending[String(ctx.seat)]?.kind : null;
  panel.classList.toggle("idle", !kind || !p.legal.length);
  if (!ctx.live) mount(panel, h("h2", { class: "what", tabindex: "-1" }, t("Viewing the past")), h("div", { class: "hint" }, t("Moves are disabled until you go back to now.")));
  else if (!kind || !p.legal.length) mount(panel, waiting(ctx));
  else {
    const [title, generic] = promptText(kind);
    const evicted = kind === "eviction_disc" && typeof ctx.view.decision?.context === "string";
    const hint = evicted ? t("All your caballeros in {region} must leave.", { region: areaName(ctx.view.decision.context) }) + " " + generic : generic;
    const main = p.draft ? draftControls(p, draftHooks(ctx, svg)) : body(ctx, svg, kind, ui);
    const due = deadlineText(ctx.summary, ctx.seat);
    mount(panel, h("h2", { class: "what", tabindex: "-1" }, title), h("div", { class: "hint" }, due ? `${hint} ${due}` : hint), main,
      p.selected && !p.draft ? h("div", { class: "draft", "data-testid": "selected" }, confirmText(ctx, p.selected)) : null,
      p.selected && !p.draft ? notation(p.selected.text) : null,
      p.selected && !p.draft ? confirmRow(p, t("Confirm")) : null,
      p.busy ? h("div", { class: "muted" }, t("Sending…")) : null,
      p.error ? h("div", { class: "error-box", role: "alert" }, p.error) : null);
  }
  const sel = p.selected;
  return {
    handPick: (n) => (ui.hand.has(n) ? () => p.select(ui.hand.get(n)) : null),
    handState: (n) => (sel?.type === "play_power_card" && sel.value === n ? "playable selected" : ui.hand.has(n) ? "playable" : ""),
    offerPick: (c) => (ui.offer.has(c) ? () => p.select(ui.offer.get(c)) : null),
    offerState: (c) => (sel?.type === "take_card" && sel.card === c ? "playable selected" : ui.offer.has(c) ? "playable" : ""),
  };
}
