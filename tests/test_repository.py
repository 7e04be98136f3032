"""What `castillo serve` and the README's walkthrough leave in a checkout is never committed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "path", ["castillo-data/secret_key", "castillo-data/redis/appendonly.aof", "game.json"]
)
def test_local_data_and_secrets_are_ignored_by_git(path: str) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT, check=False)
    assert done.returncode == 0, f"{path} is not ignored: add it to .gitignore"
