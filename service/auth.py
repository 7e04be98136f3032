"""Resolves a bearer credential to a principal of one game (design.md, "Tokens and links").

Credentials: the operator's `ADMIN_TOKEN` (every game), a game's admin token, a seat token
(stored as SHA-256, valid only for its game) and a short-lived seat session from a play link.
No credential is a spectator.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from engine.i18n import N_
from service.errors import ServiceError
from service.links import BadToken, read_session_claim, read_session_token

TOKEN_BYTES = 30  # 240 random bits


@dataclass(frozen=True)
class Principal:
    """Who is calling: `role` is operator, admin, seat or spectator; `ident` scopes idempotency."""

    role: str
    seat: int | None = None
    ident: str = "anonymous"

    @property
    def is_admin(self) -> bool:
        """Tells whether the principal holds the game's admin powers."""
        return self.role in ("admin", "operator")


SPECTATOR = Principal("spectator")


@dataclass(frozen=True)
class Grant:
    """A principal and what its credential was when checked, so that it can be checked again.

    A seat token grant keeps the stored hash it matched; a session grant its credential
    generation and expiry (epoch seconds). Other principals see only public facts: nothing
    to revoke.
    """

    principal: Principal
    token_hash: str = ""
    gen: int | None = None
    expires: float | None = None


def new_token(prefix: str) -> str:
    """Returns a fresh secret token (240 random bits, URL-safe)."""
    return f"{prefix}_{secrets.token_urlsafe(TOKEN_BYTES)}"


def digest(token: str) -> str:
    """Returns the SHA-256 hex digest under which a token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


def same(given: str, secret: str) -> bool:
    """Tells whether `given` equals `secret`, in constant time, for any text (compared as bytes)."""
    return hmac.compare_digest(given.encode(errors="surrogatepass"), secret.encode(errors="surrogatepass"))


def is_admin_token(bearer: str, admin_token: str) -> bool:
    """Checks in constant time whether `bearer` is the server-wide admin token (never when unset)."""
    return bool(admin_token) and same(bearer, admin_token)


def ident_of(bearer: str | None, admin_token: str) -> str:
    """Returns the credential identity that scopes idempotency records (never the token itself)."""
    if not bearer:
        return "anonymous"
    if admin_token and same(bearer, admin_token):
        return "operator"
    return digest(bearer)


def operator(bearer: str | None, admin_token: str) -> Principal:
    """Returns the operator principal for the server-wide admin token, else the anonymous one."""
    if bearer and admin_token and same(bearer, admin_token):
        return Principal("operator", ident="operator")
    return Principal("spectator", ident=digest(bearer) if bearer else "anonymous")


def parse_bearer(header: str) -> str | None:
    """Returns the token of an `Authorization: Bearer <token>` header (None when the header is empty).

    Raises `unauthorized` for any other scheme or an empty token.
    """
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ServiceError("unauthorized", N_("use 'Authorization: Bearer <token>'"))
    if not (token.isascii() and token.isprintable()):
        raise ServiceError(
            "unauthorized", N_("a bearer token is printable ASCII (RFC 6750); this one is not")
        )
    return token


def resolve(meta: dict[str, Any], bearer: str | None, secret: str, admin_token: str) -> Principal:
    """Returns the principal of `bearer` in the game of `meta`; raises `unauthorized` if it is bad."""
    if not bearer:
        return SPECTATOR
    if admin_token and same(bearer, admin_token):
        return Principal("operator", ident="operator")
    hashed = digest(bearer)
    if same(hashed, meta["admin_hash"]):
        return Principal("admin", ident=hashed)
    for seat in meta["seats"]:
        if same(hashed, seat["token_hash"]):
            return Principal("seat", seat["seat"], ident=hashed)
    return _session(meta, bearer, secret)


def _session(meta: dict[str, Any], bearer: str, secret: str) -> Principal:
    """Returns the seat of a valid session token for this game, of the seat's current generation."""
    try:
        game_id, seat, gen = read_session_token(secret, bearer)
    except BadToken:
        raise ServiceError("unauthorized", N_("the bearer token is not valid for this game")) from None
    if game_id != meta["id"] or not current_gen(meta, seat, gen):
        raise ServiceError("unauthorized", N_("the bearer token is not valid for this game"))
    return Principal("seat", seat, ident=digest(bearer))


def need_seat(who: Principal) -> int:
    """Returns the caller's seat; refuses callers without one."""
    if who.role == "seat" and who.seat is not None:
        return who.seat
    if who.role == "spectator" and who.ident == "anonymous":
        raise ServiceError("unauthorized", N_("a seat token or session is required"))
    raise ServiceError("forbidden", N_("only a seat of this game can do that"))


def current_gen(meta: dict[str, Any], seat: int, gen: int) -> bool:
    """Tells whether `seat` exists and `gen` is its credential generation (bumped per re-issue)."""
    seats = meta["seats"]
    return 0 <= seat < len(seats) and gen == seats[seat].get("gen", 0)


def grant(meta: dict[str, Any], bearer: str | None, secret: str, admin_token: str) -> Grant:
    """Returns the principal of `bearer` (as `resolve`) with what a later `revoked` check needs."""
    who = resolve(meta, bearer, secret, admin_token)
    if who.role != "seat" or who.seat is None or bearer is None:
        return Grant(who)
    hashed = digest(bearer)
    if hmac.compare_digest(hashed, meta["seats"][who.seat]["token_hash"]):
        return Grant(who, token_hash=hashed)
    _game, _seat, gen, expires = read_session_claim(secret, bearer)
    return Grant(who, gen=gen, expires=expires)


def revoked(granted: Grant, meta: dict[str, Any], now: float) -> str | None:
    """Returns why the credential of `granted` no longer holds in the game of `meta`, else None.

    A seat token stops holding when the seat's token is re-issued (its stored hash changes);
    a session when the seat's credential generation moves on or the session expires.
    """
    seat = granted.principal.seat
    if seat is None:
        return None
    if granted.token_hash:
        if not hmac.compare_digest(meta["seats"][seat]["token_hash"], granted.token_hash):
            return "the seat's token was re-issued"
    elif granted.gen is not None:
        if not current_gen(meta, seat, granted.gen):
            return "the seat's credentials were re-issued"
        if granted.expires is not None and now >= granted.expires:
            return "the session has expired"
    return None
