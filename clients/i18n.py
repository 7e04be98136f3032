"""Registers the CLI's catalog with `engine.i18n` (imported by the CLI before it speaks)."""

from __future__ import annotations

from pathlib import Path

from engine.i18n import add_folder

add_folder(Path(__file__).parent / "locale" / "cli")
