// Speaks the reader's language: the words of GET /locales/{lang}.json, looked up by t / tn / tp.
//
//   t("Undo")                                   a word of the page
//   t("Waiting for {who}.", { who })            placeholders are filled after translating
//   tn("{n} event", "{n} events", n)            the CLDR category of n (Intl.PluralRules) picks the form
//   tp("verb", "Play")                          a word with a context
//   term("region", "old_castile", "Old Castile") a game word by kind and id (the export's `words`), else the English
//
// `python -m service.catalogs update` extracts the t/tn/tp calls of clients/browser/*.js (string
// literals only) into the `web` catalog. English is the source: without a catalog the msgid is the text.

const SOURCE = "en";
const SEP = "\u0004";
const state = { lang: SOURCE, messages: {}, words: {}, rules: new Intl.PluralRules(SOURCE), available: [{ code: SOURCE, name: "English" }] };

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** Returns `msgid` in the page's language, its `{name}` placeholders filled from `params`. */
export function t(msgid, params) {
  const found = state.messages[msgid];
  return fill(typeof found === "string" ? found : msgid, params);
}

/** Returns the form of `singular`/`plural` for the count `n` (also the `{n}` placeholder). */
export function tn(singular, plural, n, params) {
  const found = state.messages[singular];
  const forms = found && typeof found === "object" ? found : null;
  const text = forms ? (forms[state.rules.select(n)] ?? forms.other) : null;
  return fill(text ?? (n === 1 ? singular : plural), { n: formatNumber(n), ...params });
}

/** Returns `msgid` of context `context` in the page's language, placeholders filled. */
export function tp(context, msgid, params) {
  const found = state.messages[context + SEP + msgid];
  return fill(typeof found === "string" ? found : msgid, params);
}

/** Returns a game word (region, action card, Kabale card, goal kind, piece) by its kind and id in the page's
 * language (engine.terms, sent as the export's `words`), else `english` (the page's own English name). */
export function term(kind, id, english) {
  return state.words[kind]?.[id] ?? english ?? String(id).replace(/_/g, " ");
}

/** Returns the page's language code. */
export function language() {
  return state.lang;
}

/** Returns the languages offered: [{code, name}], English first. */
export function available() {
  return state.available;
}

/** Returns a number as the language writes it. */
export function formatNumber(n) {
  return typeof n === "number" ? new Intl.NumberFormat(state.lang).format(n) : String(n);
}

/** Returns a moment (epoch ms, a Date) as the language writes a date and time, in the reader's time zone. */
export function formatDate(when, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(state.lang, options).format(when instanceof Date ? when : new Date(when));
}

/** Returns the best offered language for a list of language tags (e.g. navigator.languages), or null. */
export function negotiate(tags, offered = state.available.map((l) => l.code)) {
  for (const tag of tags || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (offered.includes(base)) return base;
  }
  return null;
}

/** Loads the list of languages from `GET /locales` (under `prefix`); keeps English alone when it fails. */
export async function loadLanguages(prefix = "") {
  try {
    const res = await fetch(`${prefix}/locales`, { headers: { Accept: "application/json" } });
    if (res.ok) state.available = (await res.json()).languages;
  } catch { /* offline: English only */ }
  return state.available;
}

/** Loads the words of `lang` and makes it the page's language (English on any failure); sets <html lang>. */
export async function use(lang, prefix = "") {
  let messages = {};
  let words = {};
  let chosen = SOURCE;
  if (lang && lang !== SOURCE) {
    try {
      const res = await fetch(`${prefix}/locales/${encodeURIComponent(lang)}.json`, { headers: { Accept: "application/json" } });
      if (res.ok) {
        const body = await res.json();
        messages = body.messages || {};
        words = body.words || {};
        chosen = lang;
      }
    } catch { /* keep English */ }
  }
  Object.assign(state, { lang: chosen, messages, words, rules: new Intl.PluralRules(chosen) });
  document.documentElement.lang = chosen;
  return chosen;
}
