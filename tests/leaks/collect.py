"""Collects everything one viewer can reach at one moment of a game: every answer with its headers.

Reads: the summary, the view (and a 304 to If-None-Match), views at several versions N, the log
paged at random sizes and in one page, the record as JSON Lines and as text, the audit, legal
moves; probes (a seat's, answered 401/403 to the others): dry runs of legal and illegal single
moves and of batches (the batch's second move is decided on what the first one turned up),
refused moves and batches, a stale If-Match, extensions of partial moves and bad partials, bad
query parameters. Every answer is an `Item`; streams (`Watcher`) and emails become items too.
The probes of one viewer are the same in a game and its twin (they depend only on `rnd`).
"""

from __future__ import annotations

import contextlib
import html
import json
import random
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import requests

from engine.elgrande import data as eg
from engine.kabale.cards import DECK
from tests.leaks.table import Table
from tests.streamclient import Stream

Json = dict[str, Any]
EG_CARDS = tuple(f"{c.id}.{i}" for c in eg.ACTION_CARDS for i in range(1, c.count + 1))
EG_AREAS = tuple(a.id for a in eg.AREAS if a.id != "france")


@dataclass(frozen=True)
class Viewer:
    """Someone looking at a game: a seat, a spectator, or the revoked credentials of a seat."""

    name: str
    seat: int | None  # the engine viewer whose knowledge applies (None: a spectator's)
    creds: tuple[str | None, ...]  # bearer tokens to ask with (None: no Authorization)


@dataclass
class Item:
    """One answer (or stream frame, or email) a viewer got, at game version `version`."""

    viewer: Viewer
    version: int
    where: str
    status: int
    headers: dict[str, str]
    body: bytes
    kind: str = "http"  # http, sse or email
    text: str = ""  # what a reader sees: the body, or an email's headers and decoded parts
    anonymous: tuple[int, bytes] | None = None  # revoked credentials: the same request without one

    def __post_init__(self) -> None:
        self.text = self.text or self.body.decode("utf-8", "replace")

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            return None


def viewers(table: Table) -> list[Viewer]:
    """Returns the table's viewers now: each seat, a spectator, and the revoked credentials."""
    out = [Viewer(f"seat {s}", s, (table.tokens[s],)) for s in range(table.seats)]
    out.append(Viewer("spectator", None, (None,)))
    if table.revoked:
        out.append(Viewer("revoked", None, tuple(table.revoked)))
    return out


class Client:
    """Asks the app as one credential and keeps every answer as an Item."""

    def __init__(self, table: Table, viewer: Viewer, cred: str | None, items: list[Item]) -> None:
        self.table, self.viewer, self.items = table, viewer, items
        self.auth = {"Authorization": f"Bearer {cred}"} if cred else {}

    def ask(self, method: str, path: str, where: str, body: Any = None, **headers: str) -> Item:
        client = self.table.world.client
        url = f"/games/{self.table.gid}{path}"
        answer = client.open(url, method=method, json=body, headers={**self.auth, **headers})
        item = Item(
            self.viewer, self.table.version, where, answer.status_code, dict(answer.headers), answer.data
        )
        if self.viewer.name == "revoked" and item.status != 401:
            plain = client.open(url, method=method, json=body, headers=headers)
            item.anonymous = (plain.status_code, plain.data)
        self.items.append(item)
        return item


def collect(table: Table, viewer: Viewer, rnd: random.Random, probe: bool, read: bool = True) -> list[Item]:
    """Returns everything `viewer` reaches now (the reads unless not `read`, the probes when
    `probe`), as each of its credentials."""
    items: list[Item] = []
    for cred in viewer.creds:
        client = Client(table, viewer, cred, items)
        if read:
            reads(client, table.version, random.Random(rnd.random()))
        if probe or viewer.name == "revoked":
            probes(client, table, random.Random(rnd.random()))
    return items


def reads(c: Client, version: int, rnd: random.Random) -> None:
    """Asks every read route, the log in pages of random size, views at several versions."""
    c.ask("GET", "", "summary")
    view = c.ask("GET", "/view", "view")
    c.ask("GET", "/view", "view 304", **{"If-None-Match": view.headers.get("ETag", '"0"')})
    for n in sorted({1, max(1, version - 1), rnd.randint(1, version)}):
        c.ask("GET", f"/state?at={n}", f"state at {n}")
    c.ask("GET", f"/state?at={version + 3}", "state beyond")
    c.ask("GET", "/state?at=0", "state at 0")
    after, limit = rnd.randrange(0, 4), rnd.randint(10, 80)
    for _ in range(4):
        page = c.ask("GET", f"/events?after={after}&limit={limit}", f"events after {after} limit {limit}")
        after = (page.json() or {}).get("next") if page.status == 200 else None
        if after is None:
            break
    c.ask("GET", "/events?limit=500", "events")
    c.ask("GET", "/events?after=-1", "events bad")
    c.ask("GET", "/record", "record jsonl")
    c.ask("GET", "/record?format=text", "record text")
    c.ask("GET", "/verify", "verify")
    c.ask("GET", "/legal-moves", "legal")


def probes(c: Client, table: Table, rnd: random.Random) -> None:
    """Sends the probes of the table's game: dry runs, refused moves and batches, partials."""
    legal = c.ask("GET", "/legal-moves", "legal again").json() or {}
    moves = [m for m in legal.get("moves", []) if isinstance(m, dict)]
    singles, batches, partials = (kabale_probes if table.name == "kabale" else elgrande_probes)(moves, rnd)
    for label, move in singles:
        c.ask("POST", "/moves/validate", f"validate {label}", {"move": move})
    for label, batch in batches:
        c.ask("POST", "/moves/validate", f"validate batch {label}", {"moves": batch})
        headers = {"Idempotency-Key": f"probe-{label}"}
        c.ask("POST", "/moves", f"refused batch {label}", {"moves": [*batch, NEVER[table.name]]}, **headers)
    for label, partial in partials:
        c.ask("POST", "/legal-moves", f"partial {label}", {"partial": partial})
    never = {"move": NEVER[table.name]}
    c.ask("POST", "/moves", "refused move", never, **{"Idempotency-Key": "probe-never"})
    stale = {"Idempotency-Key": "probe-stale", "If-Match": f'"{max(1, table.version - 1)}"'}
    c.ask("POST", "/moves", "stale move", {"move": moves[0] if moves else NEVER[table.name]}, **stale)
    c.ask("POST", "/moves", "bad body", {"move": {"type": 5}}, **{"Idempotency-Key": "probe-bad"})


NEVER = {  # a well-formed move no state accepts: a batch ending with it is always refused
    "kabale": {"type": "play", "card": "king", "column": 99},
    "elgrande": {"type": "take_card", "card": "no_such_card.9"},
}
Probes = tuple[list[tuple[str, Any]], list[tuple[str, list[Any]]], list[tuple[str, Any]]]


def kabale_probes(moves: list[Json], rnd: random.Random) -> Probes:
    """Returns Kabale probes: plays of sampled cards, each column's first legal play (alone and
    followed by a decline), and the other move types."""
    singles: list[tuple[str, Any]] = [
        (f"play {card}", {"type": "play", "card": card, "column": 0}) for card in rnd.sample(DECK, 4)
    ]
    singles += [("tuck", {"type": "tuck", "card": rnd.choice(DECK)}), ("swap", {"type": "swap", "column": 0})]
    singles.append(("decline", {"type": "decline"}))
    by_column: dict[Any, Json] = {}
    for move in moves:
        by_column.setdefault(move.get("column"), move)
    singles += [(f"legal {k}", m) for k, m in sorted(by_column.items(), key=str)]
    batches = [
        (f"legal {k} decline", [m, {"type": "decline"}]) for k, m in sorted(by_column.items(), key=str)
    ]
    return singles, batches, [("play", {"type": "play"}), ("legal", moves[0] if moves else {})]


def elgrande_probes(moves: list[Json], rnd: random.Random) -> Probes:
    """Returns El Grande probes: sampled cards, power cards and regions, up to four legal moves
    (every one of a sealed decision), the families' partials and a bad one."""
    singles: list[tuple[str, Any]] = [
        (f"take {card}", {"type": "take_card", "card": card}) for card in rnd.sample(EG_CARDS, 3)
    ]
    singles += [(f"bid {v}", {"type": "play_power_card", "value": v}) for v in rnd.sample(range(1, 14), 3)]
    singles += [(f"choose {r}", {"type": "choose_region", "region": r}) for r in rnd.sample(EG_AREAS, 2)]
    sealed = [m for m in moves if m["type"] in ("choose_region", "answer_veto", "return_caballeros")]
    chosen = sealed or rnd.sample(moves, min(4, len(moves)))
    singles += [(f"legal {json.dumps(m, sort_keys=True)}", m) for m in chosen]
    batches = [(f"legal {json.dumps(m, sort_keys=True)} end", [m, {"type": "end_turn"}]) for m in chosen[:2]]
    roots = [m for m in moves if m["type"] in ("place_caballeros", "declare_action", "supplement_court")]
    partials: list[tuple[str, Any]] = [(f"root {json.dumps(m, sort_keys=True)}", m) for m in roots[:3]]
    partials.append(("bad", {"type": "place_caballeros", "to": {"france": 1}}))
    return singles, batches, partials


class Watcher:
    """Reads one SSE stream through the stream server in a thread, keeping every frame."""

    def __init__(self, url: str, viewer: Viewer, cred: str | None) -> None:
        self.viewer = viewer
        self.stream = Stream(url, {"Authorization": f"Bearer {cred}"} if cred else {}, timeout=30)
        self.frames: list[dict[str, str]] = []
        self.last = 0
        self.ended = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with contextlib.suppress(requests.RequestException, OSError, ValueError, AttributeError):  # closed
            while (frame := self.stream.frame()) is not None:
                self.frames.append(frame)
                if "id" in frame:
                    self.last = int(frame["id"])
                if frame.get("event") == "end":
                    break
        self.ended = True

    def wait(self, version: int, timeout: float = 10.0) -> None:
        """Waits until the stream delivered `version` (or ended)."""
        deadline = time.monotonic() + timeout
        while self.last < version and not self.ended and time.monotonic() < deadline:
            time.sleep(0.01)

    def close(self) -> None:
        """Closes the stream; shuts its socket first, so the reading thread stops at once."""
        try:
            self.stream.response.raw._fp.fp.raw._sock.shutdown(socket.SHUT_RDWR)
        except (AttributeError, OSError):
            pass
        self.stream.close()
        self.thread.join(timeout=5)

    def items(self) -> list[Item]:
        """Returns the frames as items, each at the version the viewer had reached when it came:
        an entry at the last version of its batch (the receipt after the batch says which)."""
        out: list[Item] = []
        batch: list[Item] = []
        last = 0
        for frame in list(self.frames):
            body = frame.get("data", frame.get("comment", "")).encode()
            item = Item(self.viewer, last, f"sse {frame.get('event', 'comment')}", 200, {}, body, "sse")
            out.append(item)
            if "id" in frame:
                item.version = last = int(frame["id"])
                batch.append(item)
            elif frame.get("event") == "receipt":
                item.version = int((item.json() or {}).get("v") or last)
                for entry in batch:
                    entry.version = max(entry.version, item.version)
                batch = []
        return out


def mail_item(viewer: Viewer, version: int, message: Any, raw: bytes) -> Item:
    """Returns an email as an item: its raw bytes, and as read: headers and both parts decoded."""
    parts = [f"{k}: {v}" for k, v in message.items()]
    for kind in ("plain", "html"):
        part = message.get_body((kind,))
        if part is not None:
            content = part.get_content()
            parts.append(html.unescape(content) if kind == "html" else content)
    subject = str(message["Subject"])
    return Item(viewer, version, f"email {subject.split(': ')[-1]}", 250, {}, raw, "email", "\n".join(parts))
