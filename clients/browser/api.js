// Talks to the Castillo HTTP API: the seat session from the link fragment, JSON calls, the SSE stream.
import { language } from "./i18n.js";

/** The path the service is mounted under (before /play/). */
export const prefix = location.pathname.split("/play/")[0];
export const gameId = decodeURIComponent(location.pathname.split("/play/")[1]?.split("/")[0] || "");
const storeKey = `castillo:bearer:${gameId}`;

/** Raised for any non-2xx answer; `problem` holds the RFC 9457 body when there is one. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);  // the server's words (Accept-Language)
    this.status = status;
    this.problem = problem || {};
  }
}

function session() {
  try { return JSON.parse(sessionStorage.getItem(storeKey) || "null"); } catch { return null; }
}

/** Returns the seat this page acts for (a number), or null for a spectator. */
export function mySeat() {
  const s = session();
  return s && Number.isInteger(s.seat) ? s.seat : null;
}

function headers(extra = {}) {
  const out = { Accept: "application/json, application/problem+json", "Accept-Language": language(), ...extra };  // problems in the page's language
  const s = session();
  if (s?.token) out.Authorization = `Bearer ${s.token}`;
  return out;
}

const receiptsKey = `castillo:receipts:${gameId}`;
const MAX_RECEIPTS = 2000;

/** Returns the receipts this browser kept for the game (Castillo-Receipt headers), oldest first. */
export function keptReceipts() {
  try { return JSON.parse(localStorage.getItem(receiptsKey) || "[]"); } catch { return []; }
}

/** Keeps an answer's signed receipt in local storage (once each; the newest MAX_RECEIPTS). */
function keepReceipt(res) {
  keepReceiptText(res.headers.get("Castillo-Receipt"));
}

function keepReceiptText(receipt) {
  if (!receipt) return;
  const kept = keptReceipts();
  if (kept.includes(receipt)) return;
  kept.push(receipt);
  try { localStorage.setItem(receiptsKey, JSON.stringify(kept.slice(-MAX_RECEIPTS))); } catch { /* storage full or off */ }
}

async function answer(res) {
  keepReceipt(res);
  const text = await res.text();
  let body = null;
  try { body = text ? JSON.parse(text) : null; } catch { body = { detail: text }; }
  if (!res.ok) throw new ApiError(res.status, body);
  return { body, etag: res.headers.get("ETag") };
}

/** GETs an API path (relative to the game, e.g. "/view") and returns the parsed JSON body. */
export async function get(path, params) {
  const query = params ? "?" + new URLSearchParams(params) : "";
  return (await answer(await fetch(`${prefix}/games/${gameId}${path}${query}`, { headers: headers() }))).body;
}

/** POSTs JSON to a game path; returns the parsed body. Extra headers go in `extra`. */
export async function post(path, body, extra = {}) {
  const res = await fetch(`${prefix}/games/${gameId}${path}`, {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", ...extra }),
    body: JSON.stringify(body),
  });
  return (await answer(res)).body;
}

/** PUTs JSON to a game path; returns the parsed body. */
export async function put(path, body) {
  const res = await fetch(`${prefix}/games/${gameId}${path}`, {
    method: "PUT",
    headers: headers({ "Content-Type": "application/json" }),
    body: JSON.stringify(body),
  });
  return (await answer(res)).body;
}

/** Submits one move (or a batch) with a fresh Idempotency-Key and the version it was decided at. */
export function submitMove(move, version) {
  const extra = { "Idempotency-Key": crypto.randomUUID() };
  if (Number.isInteger(version)) extra["If-Match"] = `"${version}"`;
  return post("/moves", Array.isArray(move) ? { moves: move } : { move }, extra);
}

/** Exchanges the `#k=` link token of the URL for a seat bearer, then removes the fragment. */
export async function claimLink() {
  const k = new URLSearchParams(location.hash.slice(1)).get("k");
  if (!k) return session();
  history.replaceState(null, "", location.pathname + location.search);
  const res = await fetch(`${prefix}/games/${gameId}/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ link: k }),
  });
  const { body } = await answer(res);
  const value = { token: body.token, seat: body.seat, expires: Date.now() + 1000 * (body.expires_in || 0) };
  sessionStorage.setItem(storeKey, JSON.stringify(value));
  return value;
}

/** Forgets this tab's seat session (e.g. after the server refused it). */
export function forgetSession() {
  sessionStorage.removeItem(storeKey);
}

function parseBlock(block) {
  const ev = { event: "message", data: [], id: null };
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (!line || line.startsWith(":")) continue;
    const i = line.indexOf(":");
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
    if (field === "data") ev.data.push(value);
    else if (field === "event") ev.event = value;
    else if (field === "id") ev.id = value;
  }
  return ev.data.length || ev.id ? { ...ev, data: ev.data.join("\n") } : null;
}

/**
 * Follows the game's Server-Sent Events with fetch (so the bearer travels in a header), resuming
 * with Last-Event-ID after a drop. Calls `onEvent({event, data, id})` and `onState("on"|"off")`.
 */
export function follow(onEvent, onState, lastId = null) {
  let stopped = false;
  let controller = null;
  async function run() {
    while (!stopped) {
      controller = new AbortController();
      try {
        const extra = lastId ? { "Last-Event-ID": lastId, Accept: "text/event-stream" } : { Accept: "text/event-stream" };
        const res = await fetch(`${prefix}/games/${gameId}/stream`, { headers: headers(extra), signal: controller.signal });
        if (res.status >= 400 && res.status < 500) stopped = true;
        if (!res.ok) throw new ApiError(res.status, null);
        onState("on");
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const blocks = buffer.split(/\r\n\r\n|\n\n|\r\r/);
          buffer = blocks.pop();
          for (const block of blocks) {
            const ev = parseBlock(block);
            if (!ev) continue;
            if (ev.event === "receipt") {  // the server's signature of the version just streamed
              try { keepReceiptText(JSON.parse(ev.data).receipt); } catch { /* not for us */ }
              continue;
            }
            if (ev.id) lastId = ev.id;
            onEvent(ev);
            if (ev.event === "end") stopped = true;
          }
        }
      } catch (err) {
        if (stopped) return;
      }
      onState(stopped ? "done" : "off");
      if (!stopped) await new Promise((r) => setTimeout(r, 2000));
    }
  }
  run();
  return () => { stopped = true; controller?.abort(); };
}
