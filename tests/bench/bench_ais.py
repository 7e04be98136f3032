"""Compares random El Grande games of Castillo and of AIStrat in one interleaved run.

Run: python tests/bench/bench_ais.py [--games N] [--ais-dir DIR] [--ais-python PY]

AIStrat (github ebaillie/AIStrat, branch PythonStandalone, commit 7fd935d) is the only public
El Grande engine (an OpenSpiel Python game). It needs its own venv (`pip install open_spiel numpy
couchdb`); `--ais-dir` (env AIS_DIR) is the extracted tree, `--ais-python` (env AIS_PYTHON,
default /tmp/ais-venv/bin/python) that venv's interpreter. Without them the comparison is skipped
with the reason printed. `ais_worker.py` plays AIStrat's games in that interpreter; this process
plays Castillo's, alternating game by game, so a busy machine slows both alike.

Both play random base games: a uniformly random legal action in AIStrat (which counts every
single caballero moved as a decision), `bench_elgrande.play_random` in Castillo (a random due
seat, a random complete move, random-walking `partial` extensions). Each side's games are timed
in CPU seconds of its own process, whole games only (no clock read per decision on either
side), setup and move choice included. Prints games per CPU second of each and their ratio at
4 and 5 players (target: Castillo >= 5x). No timed asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine
from tests.bench.bench_elgrande import play_random

WORKER = Path(__file__).with_name("ais_worker.py")
TARGET_RATIO = 5.0


class Ais:
    """Drives one ais_worker.py process: plays an AIStrat game per call."""

    def __init__(self, python: str, tree: str) -> None:
        self.proc = subprocess.Popen(
            [python, str(WORKER), tree], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self._answer()  # {"ready": true}: AIStrat imported

    def _answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"ais_worker.py stopped (exit code {self.proc.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def play(self, players: int, seed: str) -> dict[str, Any]:
        """Returns {cpu_s, decisions, final_round} of one random AIStrat game."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{players} {seed}\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        """Ends the worker."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def missing(python: str, tree: str | None) -> str | None:
    """Returns why AIStrat cannot be run, or None when it can."""
    if not tree:
        return "no AIStrat tree: pass --ais-dir or set AIS_DIR (see this module's docstring)"
    if not (Path(tree) / "el_grande.py").is_file():
        return f"{tree} holds no el_grande.py (extract AIStrat's PythonStandalone branch there)"
    if not Path(python).is_file():
        return f"no interpreter {python}: pass --ais-python or set AIS_PYTHON to a venv with open_spiel"
    probe = subprocess.run(
        [python, "-c", "import pyspiel, numpy, couchdb"], check=False, capture_output=True, text=True
    )
    if probe.returncode:
        return f"{python} cannot import AIStrat's dependencies: {probe.stderr.strip().splitlines()[-1]}"
    return None


def compare(ais: Ais, players: int, games: int) -> None:
    """Plays `games` random games of each engine, interleaved, and prints their rates and ratio."""
    game: Any = engine.get_game("elgrande")
    castillo_cpu = ais_cpu = 0.0
    castillo_decisions = ais_decisions = 0
    for i in range(games):
        run = play_random(game, players, f"ais-bench-{players}p-{i}", per_decision=False)
        castillo_cpu += run.cpu_s
        castillo_decisions += run.decisions
        answer = ais.play(players, f"ais-bench-{players}p-{i}")
        ais_cpu += answer["cpu_s"]
        ais_decisions += answer["decisions"]
    ours, theirs = games / castillo_cpu, games / ais_cpu
    ratio = ours / theirs
    print(
        f"\n{players} players, {games} random base games each, interleaved (CPU time, setup and move choice included)"
    )
    print(f"  Castillo  {ours:7.1f} games per CPU s   ({castillo_decisions / games:.0f} decisions per game)")
    print(f"  AIStrat   {theirs:7.1f} games per CPU s   ({ais_decisions / games:.0f} decisions per game)")
    verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
    print(f"  ratio     x{ratio:.2f} (target >= {TARGET_RATIO:.0f}: {verdict})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=60, help="random games per engine and player count")
    parser.add_argument("--ais-dir", default=os.environ.get("AIS_DIR"), help="the extracted AIStrat tree")
    parser.add_argument(
        "--ais-python",
        default=os.environ.get("AIS_PYTHON", "/tmp/ais-venv/bin/python"),
        help="AIStrat's venv",
    )
    args = parser.parse_args(argv)
    reason = missing(args.ais_python, args.ais_dir)
    if reason:
        print(f"AIStrat comparison skipped: {reason}")
        return
    ais = Ais(args.ais_python, args.ais_dir)
    try:
        for players in (4, 5):
            compare(ais, players, args.games)
    finally:
        ais.close()


if __name__ == "__main__":
    main()
