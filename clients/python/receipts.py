"""Keeps the receipts a client receives, and checks them against a record (design.md, "Receipts").

Every answer that reports a game's version carries `Castillo-Receipt`: the server's Ed25519
signature of `{game, v, hash}`. A `ReceiptBook` keeps them per game, in memory and, when given
a folder, in `<folder>/<game>.receipts` (one receipt per line, the server's key set of that
time beside it in `<game>.jwks.json`), so a player still holds them
after the server, or whoever can write its Redis, changed its mind. The CLI keeps its book in
CASTILLO_RECEIPTS (default `~/.local/share/castillo/receipts`).
"""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from engine.audit import check_receipts, receipt_reader

HEADER = "Castillo-Receipt"
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def default_folder() -> Path:
    """Returns the CLI's receipt folder: CASTILLO_RECEIPTS, else ~/.local/share/castillo/receipts."""
    configured = os.environ.get("CASTILLO_RECEIPTS")
    return Path(configured) if configured else Path.home() / ".local" / "share" / "castillo" / "receipts"


class ReceiptBook:
    """The receipts received, per game and version; persisted to `folder` when one is given."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else None
        self._kept: dict[str, dict[str, None]] = {}

    def keep(self, game_id: str, receipt: str, keys: Callable[[], dict[str, Any]] | None = None) -> None:
        """Keeps a receipt of `game_id` (once; appended to the game's file in the folder). With a
        folder, the server's key set (`keys()`) is saved beside the first receipt of a game, so an
        offline check later uses the keys of the time the receipts were received."""
        if not receipt or not _GAME_ID.fullmatch(game_id):
            return
        kept = self.of(game_id)
        if receipt in kept:
            return
        self._kept[game_id][receipt] = None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            with (self.folder / f"{game_id}.receipts").open("a", encoding="ascii") as handle:
                handle.write(receipt + "\n")
            pinned = self.folder / f"{game_id}.jwks.json"
            if keys is not None and not pinned.exists():
                pinned.write_text(json.dumps(keys()), encoding="utf-8")

    def keys_of(self, game_id: str) -> dict[str, Any] | None:
        """Returns the key set saved with the game's receipts, if any."""
        path = self.folder / f"{game_id}.jwks.json" if self.folder and _GAME_ID.fullmatch(game_id) else None
        return dict(json.loads(path.read_text(encoding="utf-8"))) if path and path.exists() else None

    def of(self, game_id: str) -> list[str]:
        """Returns the receipts kept for `game_id`, oldest first (read from the folder once)."""
        if game_id not in self._kept:
            self._kept[game_id] = dict.fromkeys(self._read(game_id))
        return list(self._kept[game_id])

    def _read(self, game_id: str) -> list[str]:
        if self.folder is None or not _GAME_ID.fullmatch(game_id):
            return []
        path = self.folder / f"{game_id}.receipts"
        if not path.exists():
            return []
        return [line.strip() for line in path.read_text(encoding="ascii").splitlines() if line.strip()]


def public_keys(jwks: dict[str, Any]) -> dict[str, Ed25519PublicKey]:
    """Returns the Ed25519 keys of a JWK set (as served at /.well-known/jwks.json) by `kid`."""
    out: dict[str, Ed25519PublicKey] = {}
    for entry in jwks.get("keys", []):
        if entry.get("kty") == "OKP" and entry.get("crv") == "Ed25519" and entry.get("kid"):
            x = str(entry["x"])
            out[str(entry["kid"])] = Ed25519PublicKey.from_public_bytes(
                base64.urlsafe_b64decode(x + "=" * (-len(x) % 4))
            )
    return out


def payload_checker(jwks: dict[str, Any]) -> Callable[[str], dict[str, Any] | None]:
    """Returns a function giving a receipt's signed payload, or None unless a key of `jwks` signed it."""
    return receipt_reader(public_keys(jwks), InvalidSignature)


def check_record(
    game_id: str, entries: list[dict[str, Any]], receipts: list[str], jwks: dict[str, Any]
) -> list[str]:
    """Returns the problems of `receipts` against an exported record (its entries' hashes)."""
    hashes = [None if e.get("hidden") else e.get("hash") for e in entries]
    return check_receipts(game_id, hashes, receipts, payload_checker(jwks))
