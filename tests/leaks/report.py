"""Counts what the attacker tried and what it recovered, per category, and prints the summary table."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

CATEGORIES = {
    "hash": "entry and receipt hashes brute-forced with candidate moves, cards, discs",
    "secret": "seed, salts, hidden orders, others' credentials anywhere (bodies, headers, mail)",
    "entry": "hidden fields of redacted entries (log, record, SSE, answers)",
    "future": "facts of entries not yet in the log (dry runs) that the viewer may not know",
    "view": "others' hidden facts in views and views at N",
    "legal": "legal moves and partial extensions naming what is not the seat's",
    "line": "record text and email lines of hidden moves naming the hidden card/choice",
    "twin": "answers that differ between twin games differing only in hidden facts",
    "size": "Content-Length and header values that differ between twin games",
    "revoked": "a revoked credential answered anything but 401 (API and stream)",
}


@dataclass
class Tally:
    """The counts of one run: work done, checks made, recoveries found (with a few examples)."""

    games: Counter[str] = field(default_factory=Counter)
    twins: int = 0
    viewers: int = 0
    items: Counter[str] = field(default_factory=Counter)
    bytes: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    controls: Counter[str] = field(default_factory=Counter)
    steps: Counter[str] = field(default_factory=Counter)

    def check(self, category: str, ok: bool, detail: str = "", count: int = 1) -> bool:
        """Counts `count` checks of `category`; a failed one is a recovery (kept as an example)."""
        self.checks[category] += count
        if not ok:
            self.found[category] += 1
            examples = self.examples.setdefault(category, [])
            if len(examples) < int(os.environ.get("LEAK_EXAMPLES", "5")):
                examples.append(detail[:400])
        return ok

    @property
    def recoveries(self) -> int:
        return sum(self.found.values())

    def table(self, title: str, seconds: float) -> str:
        """Returns the summary table as text."""
        games = ", ".join(f"{k} {v}" for k, v in sorted(self.games.items()))
        items = ", ".join(f"{k} {v}" for k, v in sorted(self.items.items()))
        steps = ", ".join(f"{k} {v}" for k, v in sorted(self.steps.items()) if v)
        lines = [
            f"leak suite: {title} ({seconds:.1f} s)",
            f"games: {sum(self.games.values())} ({games}), and {self.twins} twins",
            f"steps: {steps}",
            f"viewer collections: {self.viewers} (each seat, a spectator, the revoked credentials)",
            f"items collected: {sum(self.items.values())} ({items}), {self.bytes / 1e6:.1f} MB",
            f"{'category':<8} {'checks':>10} {'recovered':>9}  what",
        ]
        for name, what in CATEGORIES.items():
            lines.append(f"{name:<8} {self.checks[name]:>10} {self.found[name]:>9}  {what}")
        lines.append(f"{'total':<8} {sum(self.checks.values()):>10} {self.recoveries:>9}")
        lines += [f"control: {k}: {v}" for k, v in sorted(self.controls.items())]
        for name, examples in self.examples.items():
            lines += [f"  {name}: {e}" for e in examples]
        return "\n".join(lines) + "\n"

    def write(self, title: str, seconds: float) -> str:
        """Prints the table, appends it to artifacts/leaks.txt, and returns it."""
        text = self.table(title, seconds)
        print("\n" + text)
        folder = Path(__file__).resolve().parents[2] / "artifacts"
        folder.mkdir(exist_ok=True)
        with (folder / "leaks.txt").open("a") as out:
            out.write(text + "\n")
        return text
