"""Searches everything one viewer collected for what it may not know yet (the field attacks).

Per item: every log entry it carries (events pages, records, streams, answers, dry runs) is
checked once per viewer knowledge: a past entry must not hold the values its redaction hides
(nor the move of a hidden move); an entry that is not in the log yet (a dry run's) must not
assert a fact hidden from the viewer now (a face-down card, the next card drawn, a sealed
choice, the next action cards). The rest of the item (and each entry) is searched for
secrets (seed, salts, hidden orders, credentials); views for others' hidden facts; legal moves
for what is not the seat's; text lines of hidden moves for the hidden value. Entries that hide
something are handed to the hash attack (tests.leaks.hashes).
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass, field
from typing import Any

from engine.elgrande import data as eg
from engine.kabale.cards import NAMES
from tests.leaks.collect import Item
from tests.leaks.report import Tally
from tests.leaks.table import Table
from tests.leaks.truth import Fact, Truth, canon

HEX64 = re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")
JWS = re.compile(r"eyJ[A-Za-z0-9_\-]+\.([A-Za-z0-9_\-]+)\.[A-Za-z0-9_\-]+")
RECEIPT = re.compile(r'(\{"game":"[a-z0-9]+","hash":"[0-9a-f]{64}","v":[0-9]+\})')
VERSIONED_LINE = re.compile(r"^\s*v?(\d+)\s")
WORDS = {**NAMES, **{a.id: a.name for a in eg.AREAS}}


@dataclass
class Target:
    """An entry that hides something from the viewer who got it: what the hash attack works on."""

    entry: dict[str, Any]
    knower: Any
    version: int


@dataclass
class Inspector:
    """Runs the field checks over the items of one table and gathers the hash attack's targets."""

    table: Table
    truth: Truth
    tally: Tally
    targets: dict[str, Target] = field(default_factory=dict)  # by the entry's text: one try each
    hashes: dict[int, str] = field(default_factory=dict)  # version -> hash, as served
    served: dict[Any, dict[int, dict[str, Any]]] = field(default_factory=dict)  # knower -> v -> entry
    seen: set[tuple[Any, str, bool]] = field(default_factory=set)
    _secrets: tuple[int, bool, Any] = (-1, False, None)
    _words: dict[tuple[int, Any], list[str]] = field(default_factory=dict)

    def inspect(self, item: Item) -> None:
        """Runs every check that applies to `item`."""
        self.tally.items[item.kind] += 1
        self.tally.bytes += len(item.body)
        if item.viewer.name == "revoked" and item.kind == "http":
            self.revoked(item)
        knower = self.truth.knower(item.viewer.seat, item.version)
        data = item.json() if item.kind != "email" else None
        entries, rest = split(item, data)
        self.receipts(rest)
        for entry in entries:
            if isinstance(entry, dict) and "v" in entry:
                self.entry(entry, item, knower)
        self.secrets(rest, item)
        if isinstance(data, dict) and isinstance(data.get("view"), dict) and item.status == 200:
            self.view(data, item)
        if item.where.startswith(("legal", "partial")) and item.status == 200 and isinstance(data, dict):
            self.legal(data, item)
        if item.kind == "email" or item.where == "record text":
            self.lines(item, knower)

    # ----- entries

    def entry(self, entry: dict[str, Any], item: Item, knower: Any) -> None:
        """Checks one served entry (once per knowledge) and keeps it as a hash target if it hides something."""
        v = int(entry["v"])
        future = v > self.truth.version or v > item.version
        text = canon(entry)
        key = (knower, text, future)
        if key in self.seen:
            return
        self.seen.add(key)
        self.secrets(text, item, entries_only=True)
        if entry.get("hidden"):
            self.tally.check("entry", set(entry) == {"v", "hidden"}, f"{item.where}: placeholder {text}")
            return
        if future:
            self.future(entry, item, knower)
        else:
            self.past(entry, item, knower)
            if entry.get("hash") == self.truth.envs[v - 1]["hash"]:
                self.hashes[v] = entry["hash"]
                self.served.setdefault(knower, {})[v] = entry
        cause = entry.get("cause") or {}
        hides = entry.get("redacted") or ("cause" in entry and cause.get("move") is None) or future
        if hides and "hash" in entry and knower != "all":
            self.targets.setdefault(text, Target(entry, knower, item.version))

    def past(self, entry: dict[str, Any], item: Item, knower: Any) -> None:
        """Checks that an entry of the log holds none of the values its redaction hides from `knower`."""
        v = int(entry["v"])
        shown = {"event": entry.get("event"), "cause": entry.get("cause")}
        for name, value in self.truth.hidden_fields(v, knower):
            self.tally.check(
                "entry",
                not present(shown, name, value),
                f"{item.viewer.name} {item.where}: v{v} shows hidden {name}={canon(value)[:80]}",
            )
        if self.truth.move_hidden(v, knower):
            move = (entry.get("cause") or {}).get("move")
            self.tally.check("entry", move is None, f"{item.where}: v{v} shows the hidden move {move}")

    def future(self, entry: dict[str, Any], item: Item, knower: Any) -> None:
        """Checks that an entry not yet in the log (a dry run's) states no fact hidden from `knower`."""
        facts = self.truth.facts(min(item.version, self.truth.version), knower)
        asserted = asserts(self.table.name, entry.get("event") or {}, facts)
        self.tally.check(
            "future",
            not asserted,
            f"{item.viewer.name} {item.where}: v{entry['v']} (game at v{item.version}) tells "
            + "; ".join(f"{f.kind} of {f.owner} at {f.where} = {f.value}" for f in asserted[:4]),
            count=max(1, len(facts)),
        )

    # ----- secrets

    def secrets(self, text: str, item: Item, entries_only: bool = False) -> None:
        """Searches `text` for the seed, salts and hidden orders (and, outside entries, credentials)."""
        hexes, orders = self._secret_forms(item.version)
        where = f"{item.viewer.name} {item.where} at v{item.version}"
        hits = [hexes[h] for h in set(HEX64.findall(text)) if h in hexes]
        hits += [name for name, forms in orders if any(f in text for f in forms)]
        self.tally.check("secret", not hits, f"{where}: {hits[:3]}", count=len(hexes) + len(orders))
        if entries_only:
            return
        for owner, cred in self.table.creds:
            if not (item.kind == "email" and owner == item.viewer.seat and not cred.startswith("seat_")):
                self.tally.check("secret", cred not in text, f"{where}: {owner}'s credential {cred[:12]}")

    def _secret_forms(self, version: int) -> tuple[dict[str, str], list[tuple[str, list[str]]]]:
        """Returns the secrets at `version`: hex ones by value, orders with the forms text gives them."""
        over = self.truth.over(version)
        if self._secrets[:2] != (self.truth.version, over):
            hexes, orders = {}, []
            for name, value in self.truth.secrets(version).items():
                if value.startswith("["):
                    items = json.loads(value)
                    orders.append((name, [value, json.dumps(items), ", ".join(map(str, items))]))
                else:
                    hexes[value] = name
            self._secrets = (self.truth.version, over, (hexes, orders))
        return self._secrets[2]

    # ----- views, legal moves, text lines, revoked credentials

    def view(self, data: dict[str, Any], item: Item) -> None:
        """Checks that a view (now or at N) shows none of the facts hidden from the viewer at N."""
        at = min(int(data.get("version") or item.version), self.truth.version)
        knower = self.truth.knower(item.viewer.seat, item.version)  # what it may know when it asks
        view = data["view"]
        if knower == "all" and item.viewer.seat is None:
            self.tally.controls["seed in spectators' views once over"] += self.truth.seed == view.get("seed")
        for fact in self.truth.facts(at, knower):
            place = spot(self.table.name, view, fact)
            self.tally.check(
                "view",
                not place,
                f"{item.viewer.name} {item.where}: {fact.kind} of {fact.owner} at {fact.where} in {place}",
            )

    def legal(self, data: dict[str, Any], item: Item) -> None:
        """Checks that legal moves and extensions name only the seat's own or public things."""
        seat = item.viewer.seat
        own = self.truth.view(item.version, seat) if seat is not None else None
        if own is None:
            return
        for move in data.get("moves", []):
            wrong = foreign(self.table.name, own, seat, move)
            self.tally.check("legal", not wrong, f"{item.viewer.name} {item.where}: {move} ({wrong})")

    def lines(self, item: Item, knower: Any) -> None:
        """Checks that the text line of each hidden move (record text, emails) names no hidden value."""
        for line in item.text.splitlines():
            found = VERSIONED_LINE.match(line)
            if not found or not 0 < int(found[1]) <= min(self.truth.version, item.version):
                continue
            key = (int(found[1]), knower)
            if key not in self._words:
                self._words[key] = hidden_words(self.truth, *key)
            words = self._words[key]
            said = [w for w in words if re.search(w, line)]
            self.tally.check(
                "line", not said, f"{item.viewer.name} {item.where}: {line.strip()[:120]} {said}"
            )

    def receipts(self, text: str) -> None:
        """Counts the signed receipts seen: each must name the log's hash at its version (one
        more hash for the attack; the same as the entry's, so attacked with it)."""
        for payload in RECEIPT.findall(text):
            receipt = json.loads(payload)
            v = int(receipt["v"])
            ok = 0 < v <= self.truth.version and receipt["hash"] == self.truth.envs[v - 1]["hash"]
            self.tally.controls["receipts naming the log's hash at their version"] += ok
            self.tally.controls["receipts that did not (must be 0)"] += not ok

    def revoked(self, item: Item) -> None:
        """Checks that a revoked credential got 401, or what a request without a credential gets
        (a public route, a malformed query): never more than a spectator."""
        code = (item.json() or {}).get("code") if item.status == 401 else None
        same = item.anonymous == (item.status, item.body)
        self.tally.check(
            "revoked", code == "unauthorized" or same, f"{item.where}: {item.status} {item.text[:120]}"
        )


def split(item: Item, data: Any) -> tuple[list[Any], str]:
    """Returns the log entries an item carries and the rest of it as text (headers and receipts decoded)."""
    headers = "\n".join(f"{k}: {v}" for k, v in item.headers.items())
    receipts = " ".join(_receipt(m) for m in JWS.findall(headers + item.text))
    if item.where == "record jsonl" and item.status == 200:
        return [json.loads(line) for line in item.text.splitlines() if line], headers + receipts
    if item.where == "sse entry":
        return [data], receipts
    if isinstance(data, dict):
        holder = data.get("outcome") if isinstance(data.get("outcome"), dict) else data
        entries = holder.pop("entries", None) if isinstance(holder.get("entries"), list) else None
        if entries is not None:
            return entries, canon(data) + headers + receipts
    return [], item.text + headers + receipts


def _receipt(payload: str) -> str:
    try:
        return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode()
    except ValueError:
        return ""


def present(shown: Any, name: str, value: Any) -> bool:
    """Tells whether `shown` holds the hidden `value` of field `name` (strings anywhere, numbers
    under their own field name, short lists element by element, long ones whole)."""
    text = canon(shown)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) in text
    if isinstance(value, bool | int | float) or value is None:
        return f'"{name}":{canon(value)}' in text
    if isinstance(value, list):
        if len(value) <= 3 and all(isinstance(x, str) for x in value):
            return any(present(shown, name, x) for x in value)
        return canon(value) in text
    if isinstance(value, dict):
        return any(present(shown, k, x) for k, x in value.items())
    return False


def asserts(game: str, event: dict[str, Any], facts: list[Fact]) -> list[Fact]:
    """Returns the hidden facts an event of a move not yet played states."""
    said: list[tuple[str, Any, Any]] = []
    match game, event.get("type"):
        case "kabale", "card_revealed":
            said.append(("slot", (event.get("column"), event.get("position")), event.get("card")))
        case "kabale", "round_revealed":
            for c, column in enumerate(event.get("columns") or []):
                for p, slot in enumerate(column):
                    said += [("slot", (c, p), slot.get("card")), ("hood", (c, p), slot.get("hidden"))]
        case "kabale", "cards_drawn":
            said += [
                ("draw", (event.get("seat"), k), card) for k, card in enumerate(event.get("cards") or [])
            ]
        case "elgrande", "choices_revealed":
            said += [("sealed", p, choice) for p, choice in event.get("choices") or []]
        case "elgrande", "round_started":
            said += [("stack", (k, 0), card) for k, card in enumerate(event.get("offer") or [])]
    return [f for f in facts if any(_states(f, kind, where, value) for kind, where, value in said)]


def _states(fact: Fact, kind: str, where: Any, value: Any) -> bool:
    if fact.kind != kind or fact.value != value:
        return False
    match kind:
        case "slot" | "hood":
            return tuple(fact.where) == tuple(where)
        case "draw":
            return (fact.owner, fact.where) == tuple(where)
        case "sealed":
            return bool(fact.owner == where)
    return True  # stack: the card alone says it (instances are unique)


def spot(game: str, view: dict[str, Any], fact: Fact) -> str:
    """Returns where `view` shows a hidden fact ('' when it does not)."""
    if game == "kabale":
        if fact.kind in ("slot", "hood"):
            c, p = fact.where
            slot = view["columns"][c]["slots"][p]
            return "the slot" if json.dumps(fact.value) in canon(slot) else ""
        player = view["players"][fact.owner]
        if fact.kind == "draw" and "draw" in player:
            return "the draw pile"
        return f"player {fact.owner}" if json.dumps(fact.value) in canon(player) else ""
    match fact.kind:
        case "stack":
            return "the view" if json.dumps(fact.value) in canon(view) or "stack_order" in view else ""
        case "hand":
            return "hands" if "cards" in view["hands"][fact.owner] else ""
        case "sealed":
            decision = view.get("decision") or {}
            return "the decision" if "choices" in decision else ""
        case "taken":
            return "last events" if _taken_shown(view, fact.owner) else ""
    return ""


def _taken_shown(view: dict[str, Any], seat: int) -> bool:
    for event in view.get("last_events") or []:
        if event.get("seat") != seat:
            continue
        if event.get("type") == "power_card_taken_back" and "value" in event:
            return True
        if event.get("type") == "action_declared" and (event.get("action") or {}).get("value") is not None:
            return str(event.get("card", "")).startswith("d4_power_card_back")
    return False


def foreign(game: str, own: dict[str, Any], seat: int, move: dict[str, Any]) -> str:
    """Returns why a legal move of `seat` names something not its own or public ('' if none)."""
    if game == "kabale":
        hand = own["players"][seat].get("hand") or []
        card = move.get("card")
        return f"{card} is not in the seat's hand" if card is not None and card not in hand else ""
    if move.get("type") == "play_power_card" and move.get("value") not in (own.get("hand") or []):
        return "not in the seat's hand"
    if move.get("type") == "take_card" and move.get("card") not in [o["card"] for o in own["offer"]]:
        return "not in the offer"
    return ""


def hidden_words(truth: Truth, v: int, knower: Any) -> list[str]:
    """Returns regular expressions of the hidden values of the move of entry `v` as text shows them."""
    words: set[str] = set()
    for env in truth.group(v):
        for name, value in truth.hidden_fields(env["v"], knower):
            for x in _scalars(value):
                if isinstance(x, str) and x not in ("", "null"):
                    words.update({x, WORDS.get(x, x)})
                elif isinstance(x, int) and not isinstance(x, bool) and name in ("value", "action"):
                    words.add(f"value\\W+{x}")
    plain = [w for w in words if w.startswith("value\\W")]
    return plain + [rf"(?<![A-Za-z_]){re.escape(w)}(?![A-Za-z_])" for w in words if w not in plain]


def _scalars(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _scalars(v)]
    if isinstance(value, list):
        return [x for v in value for x in _scalars(v)] if len(value) <= 3 else []
    return [value]
