"""Signs and reads the expiring tokens of play links and seat sessions (itsdangerous).

A play link is `f"{PUBLIC_URL}/play/{game_id}#k={token}"`: the token sits in the fragment, so
it never reaches a server log or a mail scanner; the page exchanges it at
`POST /games/{id}/sessions` for a short-lived seat bearer (a session token, salted apart).

Both carry the seat's credential generation (`meta.seats[k].gen`, 0 at creation, +1 per
re-issue): a token is honoured only while its generation is the seat's current one, so a
re-issue refuses every older link and session at once and never a fresh one (no clocks).
"""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer

LINK_SALT = "play-link"
SESSION_SALT = "seat-session"


class BadToken(ValueError):
    """Signals a link or session token that is forged, malformed or expired."""


def _serializer(secret: str, salt: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret, salt=salt)


def make_link_token(secret: str, game_id: str, seat: int, max_age_s: int, gen: int = 0) -> str:
    """Returns a signed token for (game, seat, generation) that is readable for `max_age_s`."""
    return _serializer(secret, LINK_SALT).dumps([game_id, seat, int(max_age_s), int(gen)])


def read_link_token(secret: str, token: str) -> tuple[str, int]:
    """Returns (game_id, seat) of a valid link token; raises BadToken otherwise."""
    game_id, seat, _gen = read_link_claim(secret, token)
    return game_id, seat


def read_link_claim(secret: str, token: str) -> tuple[str, int, int]:
    """Returns (game_id, seat, credential generation) of a valid, unexpired link token."""
    game_id, seat, gen, _expires = _read(secret, LINK_SALT, token)
    return game_id, seat, gen


def make_session_token(secret: str, game_id: str, seat: int, max_age_s: int, gen: int = 0) -> str:
    """Returns a short-lived seat bearer for (game, seat) of credential generation `gen`."""
    return _serializer(secret, SESSION_SALT).dumps([game_id, seat, int(max_age_s), int(gen)])


def read_session_token(secret: str, token: str) -> tuple[str, int, int]:
    """Returns (game_id, seat, credential generation) of a valid, unexpired session token."""
    game_id, seat, gen, _expires = read_session_claim(secret, token)
    return game_id, seat, gen


def read_session_claim(secret: str, token: str) -> tuple[str, int, int, float]:
    """Returns (game_id, seat, credential generation, expiry in epoch seconds) of a valid session token."""
    return _read(secret, SESSION_SALT, token)


def _read(secret: str, salt: str, token: str) -> tuple[str, int, int, float]:
    """Checks signature and the max age carried inside the token; returns its claim and expiry."""
    try:
        payload = _serializer(secret, salt).loads(token)
        game_id, seat, max_age, gen = payload
        _, signed = _serializer(secret, salt).loads(token, max_age=int(max_age), return_timestamp=True)
    except (BadSignature, ValueError, TypeError) as exc:
        raise BadToken(f"invalid or expired token: {exc.__class__.__name__}") from None
    if not isinstance(game_id, str) or not isinstance(seat, int) or not isinstance(gen, int):
        raise BadToken("invalid token payload")
    return game_id, seat, gen, signed.timestamp() + int(max_age)
