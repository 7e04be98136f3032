"""Checks the house rules for the engine: `mypy --strict` clean and `ruff check` clean (style.md)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=240, check=False)


def test_engine_is_mypy_strict_clean() -> None:
    out = _run(sys.executable, "-m", "mypy", "--strict", "engine")
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_engine_is_ruff_clean() -> None:
    out = _run("ruff", "check", "engine")
    assert out.returncode == 0, out.stdout + out.stderr
