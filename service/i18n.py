"""Registers the service's catalogs (API problems, emails, the browser's words) with `engine.i18n`.

Imported by the service and the workers before they speak; the areas are `service.catalogs`'s.
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import add_folder

LOCALE = Path(__file__).parent / "locale"
for _area in ("api", "mail", "web"):
    add_folder(LOCALE / _area)
