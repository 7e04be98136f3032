"""Seals folded states as snapshot bytes that only a holder of SECRET_KEY can have written.

A snapshot is a pickle (engine states are frozen dataclasses), deflated (a third of its
size: a finished game keeps its last snapshot), and unpickling runs code, so
bytes read back from Redis are unpickled only after their HMAC-SHA256 checks out under a key
derived from SECRET_KEY, which Redis never holds. The MAC covers the game id and the engine
version, so a snapshot cannot be moved to another game or engine either. Anything else (a
forged, altered or older unsealed snapshot) is ignored: the game is folded from its log.
"""

from __future__ import annotations

import hashlib
import hmac
import pickle
import zlib

from service.fold import Folded

MAC_SIZE = 32
_LABEL = b"castillo snapshot v3"  # v3: deflated; v2: Folded has `rules` (older ones are refolded)


def _mac(secret: str, game_id: str, engine_version: str, body: bytes) -> bytes:
    key = hmac.new(secret.encode(), _LABEL, hashlib.sha256).digest()
    head = f"{game_id}\n{engine_version}\n".encode()
    return hmac.new(key, head + body, hashlib.sha256).digest()


def seal(secret: str, game_id: str, engine_version: str, folded: Folded) -> bytes:
    """Returns the snapshot bytes of `folded`: its MAC, then its pickle deflated."""
    body = zlib.compress(pickle.dumps(folded, protocol=pickle.HIGHEST_PROTOCOL), 6)
    return _mac(secret, game_id, engine_version, body) + body


def unseal(secret: str, game_id: str, engine_version: str, blob: bytes | None) -> Folded | None:
    """Returns the Folded sealed in `blob` for this game and engine version, else None (never
    unpickling bytes whose MAC does not check out)."""
    if blob is None or len(blob) <= MAC_SIZE:
        return None
    mac, body = blob[:MAC_SIZE], blob[MAC_SIZE:]
    if not hmac.compare_digest(mac, _mac(secret, game_id, engine_version, body)):
        return None
    folded = pickle.loads(zlib.decompress(body))  # authenticated above with a key Redis does not hold
    return folded if isinstance(folded, Folded) else None
