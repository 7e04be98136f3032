"""Signs receipts: the server's word, in Ed25519, that a game's log had entry `hash` at version `v`.

A receipt is a compact JWS (RFC 7515) with `alg: EdDSA` (RFC 8037) and a `kid`; its payload is
the canonical JSON `{"game", "hash", "v"}`. Any JOSE library verifies it with the key set
served at `/.well-known/jwks.json`. A player who keeps receipts can prove what the log said at
those versions: a rewritten, truncated or forked log contradicts them (engine.audit).

Keys come from configuration only, never from Redis (design.md decision 2): RECEIPT_KEY_FILE is
the PEM (PKCS #8) of the signing key; RECEIPT_PUBLIC_KEYS lists PEM files of retired keys that
are still published, so receipts signed before a rotation keep verifying.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from engine.audit import canonical, receipt_reader

log = logging.getLogger("castillo.receipts")

HEADER = "Castillo-Receipt"


def b64url(data: bytes) -> str:
    """Returns unpadded base64url (RFC 7515, section 2)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def raw_public(key: Ed25519PublicKey) -> bytes:
    """Returns the 32 raw bytes of a public key."""
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(key: Ed25519PublicKey) -> str:
    """Returns the key's id: its JWK thumbprint (RFC 7638), base64url."""
    jwk = {"crv": "Ed25519", "kty": "OKP", "x": b64url(raw_public(key))}
    return b64url(hashlib.sha256(canonical(jwk)).digest())


def jwk(key: Ed25519PublicKey) -> dict[str, str]:
    """Returns the public JWK (RFC 8037) of a key."""
    return {"kty": "OKP", "crv": "Ed25519", "x": b64url(raw_public(key)), "kid": key_id(key)}


@dataclass(frozen=True)
class Keys:
    """The signing key and every published public key, by id."""

    signing: Ed25519PrivateKey
    public: dict[str, Ed25519PublicKey]

    @functools.cached_property
    def kid(self) -> str:
        """Returns the id of the signing key."""
        return key_id(self.signing.public_key())

    @functools.cached_property
    def head(self) -> str:
        """Returns the encoded JWS header of every receipt this key signs."""
        return b64url(canonical({"alg": "EdDSA", "kid": self.kid, "typ": "castillo-receipt"}))

    def sign(self, game_id: str, version: int, entry_hash: str) -> str:
        """Returns the receipt of `entry_hash` at `version` of `game_id` (a compact JWS)."""
        body = b64url(canonical({"game": game_id, "hash": entry_hash, "v": version}))
        signature = self.signing.sign(f"{self.head}.{body}".encode())
        return f"{self.head}.{body}.{b64url(signature)}"

    def jwks(self) -> dict[str, Any]:
        """Returns the published key set (RFC 7517), the signing key first."""
        ids = [self.kid, *sorted(k for k in self.public if k != self.kid)]
        return {"keys": [{**jwk(self.public[k]), "use": "sig", "alg": "EdDSA"} for k in ids]}

    def check(self, receipt: str) -> dict[str, Any] | None:
        """Returns a receipt's payload when one of the published keys signed it, else None."""
        return check(receipt, self.public)


def check(receipt: str, public: dict[str, Ed25519PublicKey]) -> dict[str, Any] | None:
    """Returns the payload `{game, hash, v}` of a receipt signed by one of `public`, else None."""
    return receipt_reader(public, InvalidSignature)(receipt)


def public_keys(jwks: dict[str, Any]) -> dict[str, Ed25519PublicKey]:
    """Returns the Ed25519 keys of a JWK set by id (other kinds of key are skipped)."""
    out: dict[str, Ed25519PublicKey] = {}
    for entry in jwks.get("keys", []):
        if entry.get("kty") == "OKP" and entry.get("crv") == "Ed25519":
            x = str(entry["x"])
            key = Ed25519PublicKey.from_public_bytes(base64.urlsafe_b64decode(x + "=" * (-len(x) % 4)))
            out[key_id(key)] = key
    return out


def write_key_file(path: str | Path) -> Path:
    """Creates a new signing key file (PEM, PKCS #8, mode 600) unless one exists; returns its path."""
    path = Path(path)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(pem)
    return path


@functools.cache
def load(key_file: str, public_files: str = "") -> Keys:
    """Returns the keys of RECEIPT_KEY_FILE and RECEIPT_PUBLIC_KEYS (read once per process);
    without a key file, a key of this process alone (set RECEIPT_KEY_FILE in production)."""
    if key_file:
        signing = serialization.load_pem_private_key(Path(key_file).read_bytes(), password=None)
        if not isinstance(signing, Ed25519PrivateKey):
            raise TypeError(f"RECEIPT_KEY_FILE {key_file} is not an Ed25519 private key")
    else:
        log.warning("RECEIPT_KEY_FILE is not set: receipts are signed with a key of this process only")
        signing = Ed25519PrivateKey.generate()
    public = {key_id(signing.public_key()): signing.public_key()}
    for name in filter(None, (part.strip() for part in public_files.split(","))):
        key = serialization.load_pem_public_key(Path(name).read_bytes())
        if not isinstance(key, Ed25519PublicKey):
            raise TypeError(f"RECEIPT_PUBLIC_KEYS: {name} is not an Ed25519 public key")
        public[key_id(key)] = key
    return Keys(signing, public)
