"""Keeps each seat's language: checked at creation, changed by the seat or by the signed link of
any email to it.

The language lives in the seat's metadata row (`language`); a change appends the public service
entry `seat_language_changed {seat, language}`, so the game's version (and ETag) moves with it.
The emailed link's token is the credential (itsdangerous, like the unsubscribe link), so a player
who lost the play link can still choose how Castillo writes to them.
"""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeSerializer

from engine.contract import Json
from engine.errors import Text
from engine.i18n import N_, SOURCE, languages
from service import i18n as _catalogs  # noqa: F401  (registers the service's catalogs: their languages count)
from service.core import Core
from service.errors import ServiceError
from service.loaded import Loaded
from service.turns import change_meta


def checked(value: object, seat: int | None = None) -> str:
    """Returns `value` when it is a language this server has catalogs for; else refuses (422),
    naming the seat at creation."""
    known = languages()
    if isinstance(value, str) and value in known:
        return value
    values = {"value": repr(value), "known": ", ".join(known)}
    detail = (
        Text(N_("the language {value} is not a language of this server; it speaks {known}"), **values)
        if seat is None
        else Text(
            N_("seat {index}: the language {value} is not a language of this server; it speaks {known}"),
            index=seat,
            **values,
        )
    )
    raise ServiceError("unknown-language", detail, languages=list(known))


def of(meta: Json, seat: int) -> str:
    """Returns the language of `seat` in a game's metadata (English for games made before languages)."""
    seats = meta.get("seats") or []
    found = seats[seat].get("language") if 0 <= seat < len(seats) else None
    return found if isinstance(found, str) and found in languages() else SOURCE


def change(service: Core, game_id: str, seat: int, language: str) -> Json:
    """Sets the language of `seat`; returns {seat, language}. A no-op when it is that already."""
    chosen = checked(language)

    def changed(loaded: Loaded) -> tuple[list[Json], Json | None]:
        rows = loaded.meta["seats"]
        if not 0 <= seat < len(rows):
            raise ServiceError(
                "not-found", Text(N_("game {game_id} has no seat {seat}"), game_id=game_id, seat=seat)
            )
        if rows[seat].get("language") == chosen:
            return [], None
        meta = {**loaded.meta, "seats": [dict(s) for s in rows]}
        meta["seats"][seat]["language"] = chosen
        return [{"type": "seat_language_changed", "seat": seat, "language": chosen}], meta

    change_meta(service, game_id, changed)
    return {"seat": seat, "language": chosen}


def _serializer(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt="language")


def make_token(secret: str, game_id: str, seat: int) -> str:
    """Returns the signed, non-expiring token of the language page of (game, seat)."""
    return str(_serializer(secret).dumps([game_id, seat]))


def read_token(secret: str, token: str) -> tuple[str, int]:
    """Returns (game_id, seat) of a language token; raises `not-found` for a forged or garbled one."""
    try:
        game_id, seat = _serializer(secret).loads(token)
        return str(game_id), int(seat)
    except (BadSignature, ValueError, TypeError):
        raise ServiceError("not-found", N_("unknown language link")) from None
