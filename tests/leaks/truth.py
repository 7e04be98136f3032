"""Tells, for one game, what each viewer may not know at each version: the suite's ground truth.

It reads the raw log from Redis and folds it with the engines' own `evolve`; what a viewer may
know at version N is what the engine's `view(state_N, viewer)` and `redact(event, viewer)` give
(captured when this module is imported, so a test that weakens a game's `redact` to give the
attacker teeth does not weaken the truth). A hidden *fact* is a value in the "all" view that the
viewer's view lacks (a face-down card, another seat's hand, a draw pile's next cards, a sealed
choice, the next cards of the action stacks, a taken-back power card); a *secret* is a string
nobody may see before the end (the seed, every salt, every hidden order as a whole).
Once the game is over the viewer is "all": nothing is hidden any more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import engine
from engine import rng
from engine.contract import Json
from service.history import group_key

ORIGINAL = {
    name: SimpleNamespace(
        view=engine.get_game(name).view,
        redact=engine.get_game(name).redact,
        evolve=engine.get_game(name).evolve,
        result=engine.get_game(name).result,
    )
    for name in engine.GAMES
}
SALT = rng.salt
ORDER_EVENTS = {
    "kabale": {"deck_shuffled": "order", "discard_reshuffled": "order", "goals_shuffled": "stack"},
    "elgrande": {"game_started": ("stacks", "region_cards")},
}


@dataclass(frozen=True)
class Fact:
    """One hidden value: `kind` (slot, hood, hand, draw, stack, sealed, taken), whose it is, where."""

    kind: str
    owner: Any
    where: Any
    value: Any


CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canon(value: Any) -> str:
    """Returns the canonical JSON text of a value (sorted keys, no spaces), as the log hashes it."""
    return CANONICAL.encode(value)


@dataclass
class Truth:
    """The raw log of one game folded version by version, read again on `refresh`."""

    name: str
    read: Any  # () -> the raw entries (service.store.Store.read of the game)
    envs: list[Json] = field(default_factory=list)
    states: list[Any] = field(default_factory=lambda: [None])  # states[N]: after the first N entries
    _facts: dict[tuple[int, Any], list[Fact]] = field(default_factory=dict)

    @property
    def engine(self) -> Any:
        return ORIGINAL[self.name]

    def refresh(self) -> None:
        """Reads the entries appended since the last refresh and folds them."""
        envs = self.read()
        for env in envs[len(self.envs) :]:
            state = self.states[-1]
            if env["kind"] == "engine":
                state = self.engine.evolve(state, env["event"])
            self.envs.append(env)
            self.states.append(state)

    @property
    def version(self) -> int:
        return len(self.envs)

    @property
    def seed(self) -> str:
        return str(next(e["event"]["seed"] for e in self.envs if "seed" in e.get("event", {})))

    def over(self, version: int) -> bool:
        """Tells whether the game is over at `version` (then everything is public)."""
        state = self.states[min(version, self.version)]
        return state is not None and self.engine.result(state) is not None

    def knower(self, seat: int | None, version: int) -> Any:
        """Returns the engine viewer of `seat` (None: a spectator) at `version`: "all" once over."""
        return "all" if self.over(version) else seat

    def view(self, version: int, viewer: Any) -> Json | None:
        """Returns the engine's view of `viewer` at `version` (as JSON)."""
        state = self.states[min(version, self.version)]
        return None if state is None else json.loads(canon(self.engine.view(state, viewer)))

    def redacted(self, env: Json, viewer: Any) -> Json | None:
        """Returns an entry's event as the engine redacts it for `viewer` (service events as they are)."""
        if env["kind"] != "engine":
            return env["event"]
        return self.engine.redact(env["event"], viewer)

    def group(self, v: int) -> list[Json]:
        """Returns the entries of the move that entry `v` belongs to (service.history's grouping)."""
        key = group_key(self.envs[v - 1])
        if key is None:
            return [self.envs[v - 1]]
        first, last = v - 1, v
        while first > 0 and group_key(self.envs[first - 1]) == key:
            first -= 1
        while last < len(self.envs) and group_key(self.envs[last]) == key:
            last += 1
        return self.envs[first:last]

    def move_hidden(self, v: int, viewer: Any) -> bool:
        """Tells whether the move that caused entry `v` is hidden from `viewer` (one of its events is)."""
        if viewer == "all":
            return False
        group = self.group(v)
        actor = group[0]["actor"]
        if isinstance(actor, dict) and actor.get("seat") == viewer:
            return False
        return any(self.redacted(e, viewer) != e["event"] for e in group if e["kind"] == "engine")

    def hidden_fields(self, v: int, viewer: Any) -> list[tuple[str, Any]]:
        """Returns the (field, value) pairs of entry `v`'s event that `viewer` may not see."""
        env = self.envs[v - 1]
        if viewer == "all" or env["kind"] != "engine":
            return []
        shown = self.redacted(env, viewer) or {}
        return [(k, x) for k, x in env["event"].items() if k not in shown or shown[k] != x]

    def facts(self, version: int, viewer: Any) -> list[Fact]:
        """Returns the hidden facts of `viewer` at `version` (none once the game is over)."""
        key = (version, viewer)
        if key not in self._facts:
            self._facts[key] = [] if viewer == "all" else self._find_facts(version, viewer)
        return self._facts[key]

    def _find_facts(self, version: int, viewer: Any) -> list[Fact]:
        every, mine = self.view(version, "all"), self.view(version, viewer)
        if every is None or mine is None:
            return []
        if self.name == "kabale":
            return kabale_facts(every, mine)
        return elgrande_facts(every, mine, viewer) + self._taken_back(version, viewer)

    def _taken_back(self, version: int, viewer: Any) -> list[Fact]:
        return [
            Fact("taken", e["event"]["seat"], e["v"], e["event"]["value"])
            for e in self.envs[:version]
            if e.get("event", {}).get("type") == "power_card_taken_back" and e["event"]["seat"] != viewer
        ]

    def secrets(self, version: int) -> dict[str, str]:
        """Returns the strings nobody may see at `version` (empty once over), by what they are."""
        if self.over(version):
            return {}
        seed = self.seed
        out = {"seed": seed, **{f"salt {v}": SALT(seed, v) for v in range(1, self.version + 12)}}
        for env in self.envs:
            fields = ORDER_EVENTS[self.name].get(env.get("event", {}).get("type", ""))
            for name in (fields,) if isinstance(fields, str) else fields or ():
                out.update(_orders(env, name))
        return out


def _orders(env: Json, name: str) -> dict[str, str]:
    """Returns the canonical JSON of each hidden order an event holds (a list, or a dict of lists)."""
    value = env["event"].get(name)
    lists = value.items() if isinstance(value, dict) else [("", value)]
    return {f"v{env['v']} {name}{k}": canon(x) for k, x in lists if isinstance(x, list) and len(x) > 3}


def kabale_facts(every: Json, mine: Json) -> list[Fact]:
    """Returns the Kabale facts hidden in `mine`: face-down cards, hoods, hands, next draws."""
    out = []
    for c, (col, seen) in enumerate(zip(every["columns"], mine["columns"], strict=True)):
        for p, (slot, shown) in enumerate(zip(col["slots"], seen["slots"], strict=True)):
            if shown["card"] is None and slot["card"] is not None:
                out.append(Fact("slot", slot["seat"], (c, p), slot["card"]))
            if slot.get("hidden") and not shown.get("hidden"):
                out.append(Fact("hood", slot["seat"], (c, p), slot["hidden"]))
    for t, (player, seen) in enumerate(zip(every["players"], mine["players"], strict=True)):
        if "hand" not in seen:
            out += [Fact("hand", t, None, card) for card in player["hand"]]
        out += [Fact("draw", t, k, card) for k, card in enumerate(player.get("draw", [])[:3])]
    return out


def elgrande_facts(every: Json, mine: Json, viewer: Any) -> list[Fact]:
    """Returns the El Grande facts hidden in `mine`: next action cards, others' hands, sealed choices."""
    out = [
        Fact("stack", k, i, card)
        for k, order in enumerate(every.get("stack_order", []))
        for i, card in enumerate(order[:2])
    ]
    for t, (hand, seen) in enumerate(zip(every["hands"], mine["hands"], strict=True)):
        if "cards" not in seen:
            out += [Fact("hand", t, None, value) for value in hand["cards"]]
    decision = every.get("decision") or {}
    out += [
        Fact("sealed", p, decision["kind"], choice)
        for p, choice in decision.get("choices", [])
        if p != viewer
    ]
    return out
