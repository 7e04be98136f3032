"""Receipt keys come from files (never Redis) and rotate: receipts of a retired key still verify."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization

from service import receipts
from service.app import create_app
from service.config import Config
from tests.conftest import GENEROUS, store_urls
from tests.service.conftest import create


def _public_pem(key_file: Path, out: Path) -> Path:
    private = serialization.load_pem_private_key(key_file.read_bytes(), password=None)
    out.write_bytes(
        private.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    return out


def test_receipts_of_a_retired_key_verify_after_rotation(redis_url: str, tmp_path: Path) -> None:
    old_file = receipts.write_key_file(tmp_path / "old.pem")
    assert oct(old_file.stat().st_mode & 0o777) == "0o600"
    before = create_app(
        Config(**store_urls(redis_url), SECRET_KEY="rotate", RECEIPT_KEY_FILE=str(old_file), **GENEROUS)
    )
    client = before.test_client()
    game = create(client)
    kept = client.get(f"/games/{game['id']}").headers[receipts.HEADER]
    new_file = receipts.write_key_file(tmp_path / "new.pem")
    retired = _public_pem(old_file, tmp_path / "old.pub.pem")
    after = create_app(
        Config(
            **store_urls(redis_url),
            SECRET_KEY="rotate",
            RECEIPT_KEY_FILE=str(new_file),
            RECEIPT_PUBLIC_KEYS=str(retired),
            **GENEROUS,
        )
    ).test_client()
    jwks = after.get("/.well-known/jwks.json").get_json()
    assert len(jwks["keys"]) == 2 and jwks["keys"][0]["kid"] != receipts.key_id(
        receipts.load(str(old_file)).signing.public_key()
    )  # the new signing key first, the retired one still published
    report = after.post(f"/games/{game['id']}/verify", json={"receipts": [kept]}).get_json()
    assert report["ok"] and report["receipts"]["ok"]
    fresh = after.get(f"/games/{game['id']}").headers[receipts.HEADER]
    assert fresh != kept and receipts.check(fresh, receipts.public_keys(jwks)) is not None
    dropped = create_app(
        Config(**store_urls(redis_url), SECRET_KEY="rotate", RECEIPT_KEY_FILE=str(new_file), **GENEROUS)
    ).test_client()
    report = dropped.post(f"/games/{game['id']}/verify", json={"receipts": [kept]}).get_json()
    assert report["receipts"]["problems"] == ["receipt 1: not signed by a published key"]


def test_a_key_file_of_another_kind_is_refused(tmp_path: Path) -> None:
    wrong = tmp_path / "rsa.pem"
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    wrong.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    with pytest.raises(TypeError, match="not an Ed25519 private key"):
        receipts.load(str(wrong))
