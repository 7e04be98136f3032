"""Writes `openapi.yaml` from the app (flask-smorest + apispec): `python -m service.openapi [PATH]`.

The committed file is the contract third-party clients read; a test demands that it equals
what the app generates, so the two never drift.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from service.config import Config

ROOT = Path(__file__).resolve().parents[1]


def spec_dict() -> dict[str, Any]:
    """Returns the OpenAPI 3.1 document of the app (no Redis connection is made)."""
    from service.app import create_app

    app = create_app(Config(REDIS_URL="redis://127.0.0.1:6379/0", SECRET_KEY="spec"))
    return app.extensions["castillo_api"].spec.to_dict()


def spec_yaml() -> str:
    """Returns the OpenAPI document as YAML with a stable key order."""
    return yaml.safe_dump(spec_dict(), sort_keys=True, allow_unicode=True, width=100)


def main(argv: list[str] | None = None) -> int:
    """Writes the spec to PATH (default openapi.yaml at the repository root)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else ROOT / "openapi.yaml"
    path.write_text(spec_yaml())
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
