// Boots the game page: claims the link's seat session, loads the game, keeps it live over SSE.
import { h, mount } from "./dom.js";
import * as api from "./api.js";
import { Prompter } from "./controls.js";
import { History } from "./history.js";
import * as elgrande from "./elgrande.js";
import * as kabale from "./kabale.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

const GAMES = { elgrande, kabale };
const ctx = { seat: null, summary: null, view: null, legal: [], past: null, version: 0 };
/** Words only screen readers hear: the live region's news and the live dot's state. */
const SAY = {
  yourTurn: () => t("Your turn."),
  waiting: (names) => t("Waiting for {who}.", { who: names }),
  over: () => t("The game is over."),
  live: (state) => (state === "on" ? t("Live updates: on") : state === "off" ? t("Live updates: off, reconnecting")
    : state === "done" ? t("Live updates: ended") : t("Live updates")),
};
const NEWS_LINES = 5;  // the newest log lines read out after a change, at most

function banner(node) {
  mount(document.getElementById("banner"), node || []);
}

function problemText(err) {
  const p = err.problem || {};
  return p.detail || p.title || err.message;
}

/** Returns the answer's moves, each carrying its text notation as a hidden `text` property. */
function withNotation(body) {
  body.moves.forEach((m, i) => Object.defineProperty(m, "text", { value: body.notation?.[i] ?? null, enumerable: false }));
  return body.moves;
}

async function loadLegal() {
  if (ctx.seat === null || ctx.summary?.status === "finished") return [];
  try {
    return withNotation(await api.get("/legal-moves"));
  } catch (err) {
    if (err.status === 409 || err.status === 403) return [];
    throw err;
  }
}

/** Reloads summary, view and legal moves from the server and redraws everything. */
async function refresh() {
  const [summary, view, legal] = await Promise.all([api.get(""), api.get("/view"), loadLegal()]);
  Object.assign(ctx, { summary, view: view.view, legal, version: summary.version });
  if (JSON.stringify(legal) !== JSON.stringify(ctx.prompter.legal)) ctx.prompter.reset(legal);
  await ctx.history.sync(ctx.version);
  draw();
  announce();
}

const told = { version: null, text: "" };

/** Says what changed in the polite live region: the new log lines (after the first load) and whose turn it is. */
function announce() {
  const s = ctx.summary;
  const due = (s.prompts || []).map((p) => p.seat);
  const names = [...new Set(due)].map((seat) => s.seats?.[seat]?.name || t("Seat {n}", { n: seat + 1 })).join(", ");
  const turn = s.status === "finished" ? SAY.over() : due.includes(ctx.seat) ? SAY.yourTurn() : due.length ? SAY.waiting(names) : "";
  const news = told.version === null ? [] : ctx.history.linesAfter(told.version).slice(-NEWS_LINES);
  const text = [...news, turn].filter(Boolean).join(" ");
  told.version = ctx.version;
  if (!text || text === told.text) return;
  told.text = text;
  document.getElementById("announce").textContent = text;
}

// Keeps the keyboard focus across redraws: the control that had it is found again by its data attribute;
// a chosen move moves it to Confirm; when its control is gone, it goes to the prompt's heading.
const FOCUS_KEYS = ["data-testid", "data-area", "data-column", "data-card", "data-power", "data-choice", "data-move", "data-answer"];
const focus = { key: null, lost: false };

function focusKey(el) {
  const attr = FOCUS_KEYS.find((k) => el.hasAttribute?.(k));
  return attr ? `[${attr}="${CSS.escape(el.getAttribute(attr))}"]` : null;
}

function restoreFocus(hadFocus) {
  const now = document.activeElement;
  if (ctx.prompter.focusConfirm) {
    ctx.prompter.focusConfirm = false;
    const confirm = document.querySelector("[data-testid=confirm]");
    if (confirm) return confirm.focus({ preventScroll: true });
  }
  if (now && now !== document.body) return;
  focus.lost = focus.lost || hadFocus;
  const again = focus.key && document.querySelector(focus.key);
  if (again && again.matches("button:not(:disabled), [tabindex='0']")) {
    focus.lost = false;
    return again.focus({ preventScroll: true });
  }
  if (!focus.lost || ctx.prompter.busy) return;
  focus.lost = false;
  document.querySelector(".prompt h2")?.focus({ preventScroll: true });
}

let pending = null;
function refreshSoon() {
  clearTimeout(pending);
  pending = setTimeout(() => refresh().catch(showError), 120);
}

function expired() {
  api.forgetSession();
  ctx.seat = null;
  if (ctx.summary) header();
  banner(h("div", { class: "error-box", role: "alert" }, t("Your seat session has expired. Open the link in your latest email again to play; meanwhile you are watching.")));
}

function showError(err) {
  if (err.status === 401 && ctx.seat !== null) {
    expired();
    return refresh().catch(() => {});
  }
  banner(h("div", { class: "error-box", role: "alert" }, problemText(err)));
}

function draw() {
  const game = GAMES[ctx.summary.game];
  const view = ctx.past ? ctx.past.view : ctx.view;
  const active = document.activeElement;
  const hadFocus = Boolean(active && active !== document.body);
  if (hadFocus) focus.key = focusKey(active);
  Promise.resolve(game.render({ ...ctx, view, live: !ctx.past })).then(() => restoreFocus(hadFocus));
}

async function showPast(v) {
  if (v === null || v >= ctx.version) {
    ctx.past = null;
    banner(null);
  } else {
    const body = await api.get("/state", { at: v });
    if (!body.view) return banner(h("div", { class: "notice" }, t("Nothing is on the table yet at version {v}.", { v })));
    ctx.past = { v, view: body.view };
    banner(h("div", { class: "past-banner" }, t("You are looking at version {v} of {latest}. Moves are disabled.", { v, latest: ctx.version }),
      h("button", { class: "btn", onclick: () => showPast(null).catch(showError) }, t("Back to now"))));
  }
  ctx.history.mark(ctx.past?.v ?? null);
  draw();
}

function header() {
  const s = ctx.summary;
  const me = ctx.seat === null ? t("Spectator") : (s.seats?.[ctx.seat]?.name || t("Seat {n}", { n: ctx.seat + 1 }));
  mount(document.getElementById("me"), h("span", { class: "tag you" }, ctx.seat === null ? t("watching") : t("you")), me);
  document.title = `${GAMES[s.game].TITLE} · Castillo`;
}

let booted = false;
const asked = new URLSearchParams(location.search).get("lang");

/** Returns the page's language: `?lang=`, else the seat's language (a seat session), else the browser's. */
function pickLanguage(summary) {
  const offered = i18n.available().map((l) => l.code);
  if (asked && offered.includes(asked)) return asked;
  const seatLanguage = ctx.seat !== null ? summary?.seats?.[ctx.seat]?.language : null;
  if (seatLanguage && offered.includes(seatLanguage)) return seatLanguage;
  return i18n.negotiate(navigator.languages) || "en";
}

/** Writes the page's fixed words (index.html's) and the language switcher in the current language. */
function relabel() {
  const live = document.getElementById("live");
  if (live) {
    live.title = t("Live updates");
    live.setAttribute("aria-label", SAY.live(live.dataset.state));
  }
  const title = document.getElementById("title");
  if (title && !booted) title.textContent = t("Loading…");
  const label = document.getElementById("lang-label");
  if (label) label.textContent = t("Language");
  const select = document.getElementById("lang");
  if (!select) return;
  select.replaceChildren(...i18n.available().map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === i18n.language() }, l.name)));
  select.value = i18n.language();
  select.onchange = () => switchTo(select.value).catch(showError);
}

/** Switches the page to `code`, redraws it, keeps the choice in the address and, as a seat, in the game. */
async function switchTo(code) {
  await i18n.use(code, api.prefix);
  const url = new URL(location.href);
  url.searchParams.set("lang", i18n.language());
  history.replaceState(null, "", url.pathname + url.search);
  relabel();
  if (ctx.summary && ctx.view) {
    const game = GAMES[ctx.summary.game];
    game.init(document.getElementById("app"), ctx);
    header();
    ctx.history.draw();
    draw();
  }
  if (ctx.seat !== null) await saveSeatLanguage(i18n.language());
}

/** Stores the seat's language (PUT /games/{id}/seats/{seat}/language); a server without that route is no error. */
async function saveSeatLanguage(code) {
  try {
    await api.put(`/seats/${ctx.seat}/language`, { language: code });
  } catch (err) {
    if (err.status === 404 || err.status === 405) return;
    banner(h("div", { class: "error-box", role: "alert" }, t("Your language could not be saved for your seat: {problem}", { problem: problemText(err) })));
  }
}

async function boot() {
  const root = document.getElementById("app");
  await i18n.loadLanguages(api.prefix);
  ctx.seat = api.mySeat();
  await i18n.use(pickLanguage(null), api.prefix);
  relabel();
  if (!api.gameId) return mount(root, h("div", { class: "panel" }, t("No game in this address.")));
  try {
    await api.claimLink();
  } catch (err) {
    banner(h("div", { class: "error-box", role: "alert" }, t("This link could not be used: {problem}. You are watching as a spectator.", { problem: problemText(err) })));
  }
  ctx.seat = api.mySeat();
  ctx.prompter = new Prompter({
    extend: async (partial) => {
      return withNotation(await api.post("/legal-moves", { partial }));
    },
    submit: async (move) => {
      try {
        await api.submitMove(move, ctx.version);
      } catch (err) {
        if (err.problem?.code !== "version-conflict") throw err;
        await refresh();
        throw new Error(t("The game changed while you were deciding (another player moved). Look again, then confirm."));
      }
      await refresh();
    },
    onChange: () => draw(),
  });
  try {
    ctx.summary = await api.get("").catch((err) => {
      if (err.status !== 401 || ctx.seat === null) throw err;
      expired();
      return api.get("");
    });
  } catch (err) {
    booted = true;
    document.getElementById("title").textContent = t("Game not found");
    return mount(root, h("div", { class: "panel error-box", role: "alert" }, problemText(err)));
  }
  booted = true;
  const wanted = pickLanguage(ctx.summary);
  if (wanted !== i18n.language()) {
    await i18n.use(wanted, api.prefix);
    relabel();
  }
  const game = GAMES[ctx.summary.game];
  if (!game) return mount(root, h("div", { class: "panel" }, t("This page cannot show {game} games.", { game: ctx.summary.game })));
  ctx.history = new History({ describe: game.describeEvent, names: () => ctx.summary.seats || [], onPick: (v) => showPast(v).catch(showError) });
  game.init(root, ctx);
  window.matchMedia("(max-width: 700px)").addEventListener("change", () => ctx.view && draw());
  header();
  await refresh();
  api.follow(() => refreshSoon(), (state) => {
    const dot = document.getElementById("live");
    dot.className = `live ${state}`;
    dot.dataset.state = state;
    dot.setAttribute("aria-label", SAY.live(state));
  }, String(ctx.version));
}

boot().catch(showError);
