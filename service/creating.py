"""Creates games: checks the request, runs the engine's setup, issues tokens, appends the opening.

Invitations are decided here: each seat's address counts against INVITE_LIMIT
(service.ratelimit) before anything is written, unless it is on the do-not-email list
(service.contacts): then the game is still created and the seat gets no email. The game id derives from the idempotency scope (credential, route, Idempotency-Key) keyed
with SECRET_KEY, so a retried `POST /games` lands on the same game and its idempotency record
(in the same bucket), and gets the first answer back with the secrets withheld.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from base64 import b32encode

import engine
from engine.contract import Game, Json
from engine.errors import Text, UnsupportedOption
from engine.i18n import N_, SOURCE
from service import contacts, ratelimit, seatlang
from service.answers import record, replayed
from service.auth import digest, new_token
from service.core import Core
from service.errors import validation
from service.fold import Folded
from service.loaded import Loaded
from service.sealing import Item
from service.timecontrol import BadTimeControl, TimeControl

LOG_FORMAT = 2  # new games' log format (engine.audit; design.md decision 1); verify knows 1 and 2


def create(service: Core, spec: Json, *, scope: str | None = None, body_hash: str = "") -> tuple[Json, bool]:
    """Creates a game from `spec`; returns (answer with tokens, False) or (first answer, True).

    `scope` identifies (credential, route, Idempotency-Key): the game id derives from it, so
    a retry lands on the same game and gets the first answer back, without its tokens.
    """
    game_id = _new_id(service.config.SECRET_KEY, scope)
    prior = service.recorded(game_id, scope, body_hash)
    if prior is not None:
        return prior, True
    game, seats, options, tc = checked_spec(spec)
    statuses = email_statuses(service, seats)
    invited = [(i, s["email"]) for i, s in enumerate(seats) if statuses[i] == "invited"]
    if invited:
        ratelimit.take_invitations(service.config, invited)
    seed = secrets.token_hex(32)
    opening = game.setup(len(seats), options, seed)
    admin, tokens = new_token("adm"), [new_token("seat") for _ in seats]
    meta = meta_of(game_id, spec["game"], options, seats, tokens, admin, service.now_ms())
    created = {
        "type": "game_created",
        "format": LOG_FORMAT,
        "game": spec["game"],
        "options": options,
        "seats": [{"seat": i, "name": s["name"]} for i, s in enumerate(seats)],
        "time_control": tc.to_json(),
    }
    items = [Item("service", created)] + [Item("engine", e) for e in opening]
    loaded = Loaded(game_id, meta, game, Folded())
    answer = _created_answer(service, loaded, len(opening) + 1, admin, tokens, statuses)
    withheld = {**answer, "admin_token": None, "secrets_shown": False}
    withheld["seats"] = [{**s, "token": None, "link": None} for s in answer["seats"]]
    stored = record(body_hash, 201, withheld)
    outcome = service.append(loaded, items, actor="system", idem=(scope, stored), meta=meta, create=True)
    if outcome.status == "idem":
        return replayed(outcome.prior, body_hash), True
    return answer, False


def email_statuses(service: Core, seats: list[Json]) -> list[str]:
    """Returns each seat's `email_status`: `invited` (an invitation goes out), `none` (no
    address) or `do-not-email` (its address asked for no email: the seat plays without)."""
    return [
        "none"
        if not s.get("email")
        else "do-not-email"
        if contacts.forbidden(service.redis, s["email"])
        else "invited"
        for s in seats
    ]


def _created_answer(
    service: Core, loaded: Loaded, version: int, admin: str, tokens: list[str], statuses: list[str]
) -> Json:
    """Returns the first answer: the admin token, each seat's token, play link and email status."""
    seats = [
        {
            "seat": i,
            "name": s["name"],
            "token": tokens[i],
            "link": service.play_link(loaded.game_id, i, 0),
            "email_status": statuses[i],
            "language": s["language"],
        }
        for i, s in enumerate(loaded.meta["seats"])
    ]
    return {
        "id": loaded.game_id,
        "game": loaded.meta["game"],
        "version": version,
        "url": f"{service.config.PUBLIC_URL}/games/{loaded.game_id}",
        "admin_token": admin,
        "seats": seats,
        "secrets_shown": True,
    }


def _new_id(secret: str, scope: str | None) -> str:
    """Returns a game id: derived from the idempotency scope (so retries find it), else random."""
    raw = hmac.new(secret.encode(), f"game|{scope}".encode(), hashlib.sha256).digest()
    source = raw if scope else secrets.token_bytes(32)
    return b32encode(source).decode().lower()[:16]


def checked_spec(spec: Json) -> tuple[Game, list[Json], Json, TimeControl]:
    """Returns the game, seats, options and time control of a create request; refuses bad ones."""
    game = engine.get_game(spec.get("game", ""))
    seats, options = spec.get("seats") or [], spec.get("options") or {}
    low, high = game.INFO["seats"]
    if not low <= len(seats) <= high:
        raise validation(
            Text(
                N_("{game} seats {low} to {high} players, got {count}"),
                game=spec["game"],
                low=low,
                high=high,
                count=len(seats),
            )
        )
    for i, seat in enumerate(seats):
        check_seat(i, seat)
    preview = (
        [k for k, v in options.items() if v and game.INFO["options"].get(k, {}).get("preview")]
        if isinstance(options, dict)
        else []
    )
    if preview:  # an option still being built: in the engine and its tests, not yet in games people play
        raise UnsupportedOption(
            N_("option {option} is in preview: its rules are not complete yet, so games cannot use it"),
            option=repr(preview[0]),
        )
    try:
        tc = TimeControl.from_json(spec.get("time_control"))
    except BadTimeControl as exc:
        raise validation(str(exc)) from None
    return game, seats, options, tc


def check_seat(index: int, seat: Json) -> None:
    """Refuses a seat whose name or email address `service.contacts` refuses, or whose language
    this server does not speak (422 `unknown-language`), naming the seat."""
    if seat.get("language") is not None:
        seatlang.checked(seat["language"], index)
    for field, reason in (("name", contacts.name_reason), ("email", contacts.address_reason)):
        value = seat.get(field)
        if value is None and field == "email":
            continue
        why = reason(value) if isinstance(value, str) else Text(N_("must be a string"))
        if why is not None:
            raise validation(
                Text(N_("seat {index}: the {field} {why}"), index=index, field=field, why=why),
                errors={"seats": {str(index): {field: [why.localized()]}}},
            )


def meta_of(
    game_id: str, name: str, options: Json, seats: list[Json], tokens: list[str], admin: str, now_ms: int
) -> Json:
    """Returns the stored metadata: public facts plus emails and token hashes (never served)."""
    rows = [
        {
            "seat": i,
            "name": s["name"],
            "email": s.get("email"),
            "language": s.get("language") or SOURCE,
            "token_hash": digest(tokens[i]),
            "gen": 0,
            "not_before": 0,
        }
        for i, s in enumerate(seats)
    ]
    return {
        "id": game_id,
        "game": name,
        "options": options,
        "seats": rows,
        "admin_hash": digest(admin),
        "created": now_ms,
    }
