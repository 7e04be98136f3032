"""Adds records to the corpus that `tests/engine/test_records.py` replays byte for byte.

    python -m tests.records.make [--game elgrande] [--only NAME]   (NAME: base-4, or option for option-…)

A record is one complete seeded random game played through the engine contract only (random
legal moves built click by click with `legal_moves(partial=...)`, and now and then
`default_move`), stored as gzipped JSON in `tests/records/<engine version>.<name>.json.gz`:

    {"game", "engine_version", "seats", "options", "seed", "opening": [setup's events],
     "moves": [{"seat", "move", "events": [decide's events]}, ...], "result"}

Events are stored exactly as the engine returned them, key order included, so the replay can
compare bytes. Records are only ever added, for the current ENGINE_VERSION: an existing file is
never rewritten, since old records are the point (they prove that games started under an older
rules version still replay). `CORPUS` is the list; options a game does not list in
`INFO["options"]` yet are skipped, so running this again after new options land adds theirs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.contract import Game, Json
from engine.errors import RuleViolation
from tests.conformance import fold, random_move

HERE = Path(__file__).resolve().parent
SUFFIX = ".json.gz"
MAX_DECISIONS = 20000
DEFAULT_SHARE = 0.15  # how often a seat plays `default_move` instead of a random legal move

EACH_OPTION = "each option"  # one record per option of INFO["options"], that option on (named option-<id>)
ALL_OPTIONS = "all options"  # every option on that goes with the ones before it (named all-options-<ids>)

# (game, name, seats, options): the corpus. Options are given to `setup` as written (defaults
# left out, as a game created through the service leaves them out).
CORPUS: tuple[tuple[str, str, int, Json | str], ...] = (
    ("elgrande", "base-2", 2, {}),
    ("elgrande", "base-3", 3, {}),
    ("elgrande", "base-4", 4, {}),
    ("elgrande", "base-5", 5, {}),
    ("elgrande", "veto-off", 4, {"veto": False}),
    ("elgrande", "option", 4, EACH_OPTION),
    ("elgrande", "all-options", 5, ALL_OPTIONS),
    ("elgrande", "ic-2", 2, {"inquisitor_colonies": True}),  # with option-inquisitor_colonies (4 seats)
    ("elgrande", "ic-5", 5, {"inquisitor_colonies": True}),
    (
        "elgrande",
        "ic-combined-3",
        3,
        {
            "inquisitor_colonies": True,
            "veto": False,
            "short_game": True,
            "grande_counts_one": True,
            "movement_limits": True,
            "granada_moorish": True,
        },
    ),
    ("kabale", "base-2", 2, {}),
    ("kabale", "options-4", 4, {"first_seat": 3, "colours": ["green", "black", "white", "red"]}),
    ("kabale", "base-6", 6, {}),
)


@dataclass(frozen=True)
class Entry:
    """One record to play: which game, under which name, with how many seats and which options."""

    game: str
    name: str
    seats: int
    options: Json

    def path(self, version: str) -> Path:
        """Returns the record's file for an engine version."""
        return HERE / f"{version}.{self.name}{SUFFIX}"


def on_value(spec: Json) -> Any:
    """Returns the value that turns an option on: true for a flag, the first other choice of an
    enumeration; None when there is no obvious one (the option is then left out)."""
    if spec.get("type") in ("bool", "boolean"):
        return True
    choices = spec.get("enum") if spec.get("type") != "array" else None
    others = [c for c in choices or () if c != spec.get("default")]
    return others[0] if others else None


def accepts(game: Game, seats: int, options: Json) -> bool:
    """Tells whether `setup` takes these seats and options."""
    try:
        game.setup(seats, options, "probe")
    except RuleViolation:
        return False
    return True


def entries(game_name: str) -> list[Entry]:
    """Returns the corpus of one game, with the option rows expanded from the game's INFO."""
    game = engine.get_game(game_name)
    specs: dict[str, Json] = game.INFO["options"]
    out = []
    for name_of_game, name, seats, options in CORPUS:
        if name_of_game != game_name:
            continue
        if options == EACH_OPTION:
            for key, spec in specs.items():
                value = on_value(spec)
                if spec.get("preview"):  # an option still being built has no records (they would change)
                    continue
                if value is not None and value != spec.get("default") and accepts(game, seats, {key: value}):
                    out.append(Entry(game_name, f"{name}-{key}", seats, {key: value}))
        elif options == ALL_OPTIONS:  # named by its options: a game's new options add a record
            chosen = _all_on(game, seats, specs)
            out.append(Entry(game_name, "-".join([name, *chosen]), seats, chosen))
        elif isinstance(options, dict):
            out.append(Entry(game_name, name, seats, options))
    return out


def _all_on(game: Game, seats: int, specs: dict[str, Json]) -> Json:
    """Returns every option on (in INFO order) that `setup` still takes with the ones before it."""
    chosen: Json = {}
    for key, spec in specs.items():
        value = on_value(spec)
        if value is not None and not spec.get("preview") and accepts(game, seats, {**chosen, key: value}):
            chosen[key] = value
    return chosen


def play(game: Game, entry: Entry) -> Json:
    """Returns the record of one seeded random game of `entry`, played to its end."""
    seed = f"records:{game.ENGINE_VERSION}:{entry.name}"
    rnd = random.Random(seed)
    opening = game.setup(entry.seats, entry.options, seed)
    state, moves = fold(game, opening), []
    for _ in range(MAX_DECISIONS):
        if game.result(state) is not None:
            break
        seat = rnd.choice(sorted(game.pending(state)))
        if rnd.random() < DEFAULT_SHARE:
            move = game.default_move(state, seat)
        else:
            move = random_move(game, state, seat, rnd)
        events = game.decide(state, seat, move)
        moves.append({"seat": seat, "move": move, "events": events})
        for event in events:
            state = game.evolve(state, event)
    else:
        raise RuntimeError(f"{entry.game} {entry.name}: no result within {MAX_DECISIONS} decisions")
    return {
        "game": entry.game,
        "engine_version": game.ENGINE_VERSION,
        "seats": entry.seats,
        "options": entry.options,
        "seed": seed,
        "opening": opening,
        "moves": moves,
        "result": game.result(state),
    }


def dumps(value: Any) -> str:
    """Returns the JSON text of a record value as stored: keys in the engine's order, no spaces."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def write(path: Path, record: Json) -> None:
    """Writes a new record file (gzip without a timestamp); refuses to overwrite one."""
    with path.open("xb") as out:
        out.write(gzip.compress(dumps(record).encode(), compresslevel=9, mtime=0))


def read(path: Path) -> Json:
    """Returns a stored record."""
    value: Json = json.loads(gzip.decompress(path.read_bytes()))
    return value


def main(argv: list[str] | None = None) -> int:
    """Plays and writes the records of the current engine versions that are missing."""
    parser = argparse.ArgumentParser(prog="python -m tests.records.make", description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=engine.GAMES, help="only this game's records")
    parser.add_argument(
        "--only", metavar="NAME", help="only the record NAME (base-4) or those named NAME-… (option)"
    )
    args = parser.parse_args(argv)
    for game_name in [args.game] if args.game else engine.GAMES:
        game = engine.get_game(game_name)
        for entry in entries(game_name):
            if args.only and args.only != entry.name and not entry.name.startswith(f"{args.only}-"):
                continue
            path = entry.path(game.ENGINE_VERSION)
            if path.exists():
                print(f"kept  {path.name}")
                continue
            write(path, play(game, entry))
            print(f"added {path.name} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
