"""The README's walkthroughs work as printed, and again when run a second time.

The curl walkthrough and the Python client snippet are read from README.md and run against
`castillo serve` (tests/e2e/conftest.py); only the base URL is changed, and the SSE line, which
stays open by design, gets a time limit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def curl_walkthrough() -> str:
    """Returns the shell lines of "Five minutes with curl" (the indented block)."""
    section = README.split("## Five minutes with curl", 1)[1].split("\n## ", 1)[0]
    lines = [line[4:] for line in section.splitlines() if line.startswith("    ")]
    return "\n".join(lines)


def python_snippet() -> str:
    """Returns the README's ```python block that plays a whole game (the options one is
    run by tests/clients/test_options.py)."""
    blocks = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    return next(block for block in blocks if "while not" in block)


def test_the_curl_walkthrough_runs_twice(server: str, tmp_path: Path) -> None:
    script = curl_walkthrough().replace("B=http://127.0.0.1:8000", f"B={server}")
    script = script.replace("curl -sN ", "timeout 3 curl -sN ")
    assert "timeout 3 curl -sN" in script and f"B={server}" in script
    for run in (1, 2):
        done = subprocess.run(
            ["bash", "-c", "set -o pipefail\n" + script + "\necho WALKTHROUGH-END"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        out = done.stdout
        assert "WALKTHROUGH-END" in out, (run, done.stderr[-2000:])
        created = json.loads((tmp_path / "game.json").read_text())
        assert created.get("secrets_shown") is not False and created["seats"][0]["token"], (run, created)
        assert "HTTP/1.1 304" in out, (run, out[-3000:])
        assert '"status": "running"' in out and '"ok": true' in out, (run, out[-3000:])
        assert "event: entry" in out, (run, out[-3000:])
        assert "urn:castillo:problem" not in out, (run, out[-3000:])  # no command was refused


def test_the_python_snippet_plays_a_whole_game_and_says_so(server: str) -> None:
    code = python_snippet().replace("http://127.0.0.1:8000", server)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for run in (1, 2):
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=180, check=False
        )
        assert done.returncode == 0, (run, done.stderr[-2000:])
        played = [line for line in done.stdout.splitlines() if " played " in line]
        assert len(played) >= 10, (run, done.stdout[-2000:])
        assert "'winners'" in done.stdout.splitlines()[-1], (run, done.stdout[-500:])
