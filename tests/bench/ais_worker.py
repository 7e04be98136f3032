"""Plays random AIStrat El Grande games on request, for bench_ais.py (runs in AIStrat's own venv).

AIStrat (github ebaillie/AIStrat, branch PythonStandalone) is the only public El Grande engine,
an OpenSpiel Python game. Run as `<venv>/bin/python ais_worker.py <AIStrat tree>`; then each
line `<players> <seed>` on stdin plays one random game (Python `random` seeded with `seed` deals
and picks uniformly among `legal_actions`, as OpenSpiel's random rollouts do) and answers one
JSON line: {cpu_s, decisions, final_round}, CPU seconds of this process for the whole game.
Depends only on the standard library and AIStrat (open_spiel, numpy; couchdb for its import).
"""

import json
import os
import random
import sys
import time


def main():
    """Answers play requests until stdin closes."""
    tree = sys.argv[1]
    sys.path.insert(0, tree)
    os.chdir(tree)  # AIStrat reads its bundled JSON from the working directory
    import el_grande

    games = {}
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        players, seed = line.split()
        if players not in games:
            games[players] = el_grande.ElGrandeGame(
                {"players": int(players), "config_file": "el_grande_default"}
            )
        print(json.dumps(play(games[players], seed)), flush=True)


def play(game, seed):
    """Plays one random game on `game` and returns its CPU time and decision count."""
    for board in game._scoreboards:  # AIStrat's scoreboards leak between games on one Game: clear them
        board.pop("region", None)
    cpu = time.process_time()
    random.seed(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
        decisions += 1
    return {
        "cpu_s": time.process_time() - cpu,
        "decisions": decisions,
        "final_round": int(state._turn_state[0]),
    }


if __name__ == "__main__":
    main()
