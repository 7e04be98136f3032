"""Reads the service settings from the environment once, into a frozen value."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from service.redis_clients import is_cluster


@dataclass(frozen=True)
class Config:
    """Holds every setting; `from_env` fills it from environment variables of the same name.

    REDIS_URL empty means "embedded" (only `castillo serve` starts one; the app itself needs a URL).
    KEY_PREFIX starts every Redis key and names rq's queue; it defaults to the environment's
    KEY_PREFIX even for a Config built in code, so a test run's prefix reaches every process.
    """

    REDIS_URL: str = ""
    QUEUE_REDIS_URL: str = ""
    SECRET_KEY: str = ""
    ADMIN_TOKEN: str = ""
    PUBLIC_URL: str = "http://127.0.0.1:8000"
    SMTP_URL: str = ""
    INBOUND_SECRET: str = ""
    MAIL_FROM: str = "castillo@localhost"
    MAIL_DOMAIN: str = "localhost"
    DATA_DIR: str = "./castillo-data"
    LINK_MAX_AGE_S: int = 30 * 86400
    SESSION_MAX_AGE_S: int = 12 * 3600
    IDEMPOTENCY_TTL_S: int = 86400
    SSE_KEEPALIVE_S: float = 15.0  # a stream with nothing to say sends a comment this often
    STREAM_MAX_TOTAL: int = 10000  # open streams one stream server serves at once (service.streams)
    STREAM_MAX_PER_CLIENT: int = 64  # open streams per client address (service.peers)
    STREAM_RETRY_AFTER_S: int = 5  # Retry-After of the 503 that refuses a stream over a cap
    MAX_PAGE: int = 500
    RECEIPT_KEY_FILE: str = ""  # service.receipts: the Ed25519 signing key (PEM); never in Redis
    RECEIPT_PUBLIC_KEYS: str = ""  # PEM files of retired receipt keys that stay published
    TRUSTED_PROXIES: str = ""  # service.peers: proxies whose X-Forwarded-For is believed
    CREATE_LIMIT: str = "20/hour"  # POST /games per client (service.ratelimit)
    INVITE_LIMIT: str = "5/day"  # invitations per recipient address, across games and clients
    CREATE_TOKEN: str = ""  # when set, POST /games needs it (or ADMIN_TOKEN) as a bearer token
    APPEND_REPLICAS: int = 1  # on a Redis Cluster with replicas, an append waits for this many (WAIT)
    APPEND_WAIT_MS: int = 1000  # ... for at most this long; fewer replicas: 503, not acknowledged
    HEARTBEAT_S: float = 5.0  # service.heartbeats: workers and relays beat this often; 3 missed = dead
    KEY_PREFIX: str = field(default_factory=lambda: os.environ.get("KEY_PREFIX") or "castillo")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Config:
        """Returns the settings from `env` (default os.environ), then `overrides`."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in env:
                values[f.name] = _coerce(f.name, f.type, env[f.name])
        return replace(cls(**values), **overrides).completed()

    def completed(self) -> Config:
        """Returns a copy with derived defaults filled (queue URL, a process-local secret).

        QUEUE_REDIS_URL defaults to REDIS_URL, except for a Redis Cluster (`redis+cluster://`),
        which rq cannot use: then it must be set, and never to a cluster (ValueError).
        """
        if is_cluster(self.REDIS_URL) and not self.QUEUE_REDIS_URL:
            raise ValueError("REDIS_URL names a Redis Cluster: set QUEUE_REDIS_URL to a plain Redis for rq")
        if is_cluster(self.QUEUE_REDIS_URL):
            raise ValueError(
                "QUEUE_REDIS_URL must name a plain Redis (rq and the rate limiter cannot use a cluster)"
            )
        secret = self.SECRET_KEY or secrets.token_urlsafe(32)
        return replace(self, QUEUE_REDIS_URL=self.QUEUE_REDIS_URL or self.REDIS_URL, SECRET_KEY=secret)


def _coerce(name: str, kind: Any, raw: str) -> Any:
    """Converts an environment string to the field's type (int, float or str)."""
    try:
        if kind in ("int", int):
            return int(raw)
        if kind in ("float", float):
            return float(raw)
    except ValueError:
        raise ValueError(f"setting {name} must be a number, got {raw!r}") from None
    return raw
