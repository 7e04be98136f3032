"""Collects the events of one decision while folding them into a running state."""

from __future__ import annotations

from typing import Any

from engine.elgrande.evolve import evolve
from engine.elgrande.state import State

Json = dict[str, Any]


class Emitter:
    """Collects the events of one decision while folding them into a running state."""

    __slots__ = ("default", "events", "state")

    def __init__(self, state: State, *, default: bool = False) -> None:
        self.state = state
        self.events: list[Json] = []
        self.default = default

    def emit(self, event: Json) -> None:
        """Appends `event` (flagged `default` when the move was a default, D15) and folds it."""
        if self.default:
            event["default"] = True
        self.events.append(event)
        self.state = evolve(self.state, event)
        if "after" in self.state.rules.overrides:
            for follow in self.state.rules.after(self.state, event):  # an option's automatic consequences
                self.emit(follow)

    def step_end(self, seat: int | None) -> None:
        """Emits the automatic events at the end of a whole step of `seat` (`Rules.step_end`, G48).

        Nothing happens while a decision is open: the step ends when its last decision is applied.
        """
        if self.state.group is None and "step_end" in self.state.rules.overrides:
            for event in self.state.rules.step_end(self.state, seat):
                self.emit(event)
