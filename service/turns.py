"""Changes a game other than by a seat's own move: auto-pass, presence and admin powers.

Each is one conditional append of service entries (and, for an auto-pass, the engine events
of the default moves), so it races safely with moves: whoever appends first wins and the
other re-checks against the new version. None of them reveals a hidden fact.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from engine.contract import Json
from engine.errors import GameOver, Text
from engine.i18n import N_
from service import contacts, deadlines, ratelimit
from service.auth import digest, new_token
from service.core import RETRIES, Core
from service.errors import ServiceError, validation
from service.loaded import Loaded
from service.sealing import Item
from service.timecontrol import BadTimeControl, TimeControl, local_day, vacation_used

PRESENCE = ("absent", "back", "vacation")
MAX_CHAIN = 500  # default moves one auto-pass applies at most


def auto_pass(service: Core, game_id: str, seat: int, prompt_id: str, now: float) -> Json:
    """Applies default moves for `seat` while it owes the same turn, if the prompt is overdue.

    Acts only when `prompt_id` is still pending for `seat` and `now` is at or past its
    deadline; appends `seat_timed_out`, the default moves' events and, after `absent_after`
    consecutive timeouts, `seat_absent`, all in one conditional append (actor "deadline").
    """
    for _ in range(RETRIES):
        loaded = service.load(game_id)
        due = _overdue(loaded, seat, prompt_id, now)
        if "skipped" in due:
            return due
        items = [Item("service", {"type": "seat_timed_out", "seat": seat, "prompt": prompt_id})]
        moves = _default_chain(loaded, seat, due["turn"], items)
        absent = _becomes_absent(loaded, seat)
        if absent:
            items.append(Item("service", {"type": "seat_absent", "seat": seat, "reason": "timeouts"}))
        outcome = service.append(loaded, items, actor="deadline", key=f"deadline:{seat}:{prompt_id}")
        if outcome.status == "ok":
            return {"done": True, "version": outcome.version, "moves": moves, "absent": absent}
    return {"done": False, "skipped": "busy"}


def _overdue(loaded: Loaded, seat: int, prompt_id: str, now: float) -> Json:
    """Returns the prompt's turn if it is pending and overdue, else why nothing is done."""
    if loaded.status != "running":
        return {"done": False, "skipped": "game-over"}
    if loaded.rules_retired:  # nobody may move in it, the deadline neither
        return {"done": False, "skipped": "rules-retired"}
    for due in deadlines.due(loaded.game, loaded.folded):
        if due.seat == seat and due.prompt["id"] == prompt_id:
            if due.deadline is None or now < due.deadline:
                return {"done": False, "skipped": "early", "deadline": due.deadline}
            return {"turn": due.prompt.get("turn", prompt_id)}
    return {"done": False, "skipped": "not-pending"}


def _default_chain(loaded: Loaded, seat: int, turn: Any, items: list[Item]) -> list[Json]:
    """Appends to `items` the events of default moves while `seat` owes a prompt of `turn`."""
    game, state, moves = loaded.game, loaded.folded.state, []
    for _ in range(MAX_CHAIN):
        prompt = game.pending(state).get(seat) if game.result(state) is None else None
        if prompt is None or (moves and prompt.get("turn", prompt["id"]) != turn):
            break
        move = game.default_move(state, seat)
        for event in game.decide(state, seat, move):
            state = game.evolve(state, event)
            items.append(Item("engine", event, move))
        moves.append(move)
    return moves


def _becomes_absent(loaded: Loaded, seat: int) -> bool:
    table = loaded.folded.table
    if seat in table.absent or seat in table.bots:  # a bot seat plays by timeouts on purpose
        return False
    limit = TimeControl.from_json(table.time_control).absent_after
    return bool(limit) and table.timeouts.get(seat, 0) + 1 >= limit


def set_presence(
    service: Core, game_id: str, seat: int, state: str, *, days: int = 0, by_admin: bool = False
) -> Json:
    """Records a seat as absent, back, or on vacation for `days` days from today (game's zone)."""
    if state not in PRESENCE:
        raise validation(
            Text(
                N_("presence must be one of {states}, got {state}"),
                states=", ".join(PRESENCE),
                state=repr(state),
            )
        )
    if state == "vacation" and by_admin:
        raise ServiceError("forbidden", N_("only the seat itself can take vacation days"))

    def change(loaded: Loaded) -> tuple[list[Json], Json | None]:
        _check_seat(loaded, seat)
        table = loaded.folded.table
        match state:
            case "absent":
                reason = "admin" if by_admin else "self"
                return (
                    [] if seat in table.absent else [{"type": "seat_absent", "seat": seat, "reason": reason}]
                ), None
            case "back":
                return ([{"type": "seat_returned", "seat": seat}] if seat in table.absent else []), None
            case _:  # the allowance is checked against the vacations of the version appended to
                return [_vacation(loaded, seat, days, service.clock())], None

    return {"seat": seat, "state": state, "version": change_meta(service, game_id, change)}


def change_meta(
    service: Core, game_id: str, change: Callable[[Loaded], tuple[list[Json], Json | None]]
) -> int:
    """Appends the service events (and metadata) `change` makes of the game as read, on that very
    version; when another change lands first, reads the game again. Returns the version."""
    for _ in range(RETRIES):
        loaded = service.load(game_id)
        events, meta = change(loaded)
        if not events:
            return loaded.version
        try:
            return service.append_service(game_id, events, meta=meta, expected=loaded.version)
        except ServiceError as exc:
            if exc.code != "version-conflict":
                raise
    raise ServiceError("version-conflict", N_("the game kept changing; try again"))


def _vacation(loaded: Loaded, seat: int, days: int, now: float) -> Json:
    """Returns the `seat_vacation` event for `days` days from today, within the allowance."""
    tc = TimeControl.from_json(loaded.folded.table.time_control)
    if not 1 <= days <= 365:
        raise validation(N_("vacation needs days between 1 and 365"))
    first = local_day(tc, now)
    spans = loaded.folded.table.vacation_spans(seat)
    used = vacation_used([*spans, (first, first + timedelta(days=days - 1))])
    if used > tc.vacation_days:
        left = tc.vacation_days - vacation_used(spans)
        raise ServiceError(
            "vacation-exhausted",
            Text(N_("seat {seat} has {left} vacation days left"), seat=seat, left=left),
            left=left,
        )
    last = first + timedelta(days=days - 1)
    return {"type": "seat_vacation", "seat": seat, "from": first.isoformat(), "until": last.isoformat()}


def _check_seat(loaded: Loaded, seat: int) -> None:
    if not 0 <= seat < len(loaded.meta["seats"]):
        raise ServiceError(
            "not-found", Text(N_("game {game_id} has no seat {seat}"), game_id=loaded.game_id, seat=seat)
        )
    if loaded.status != "running":
        raise GameOver(N_("game {game_id} is {status}"), game_id=loaded.game_id, status=loaded.status)


def reissue_token(service: Core, game_id: str, seat: int) -> Json:
    """Replaces a seat's token: the old token, links and sessions stop working.

    A seat with an email address gets a fresh play link by email (the workers re-invite it on
    `seat_token_reissued`), so the admin never holds a credential that would show the seat's
    hidden facts; only a seat without email (or whose address is on the do-not-email list)
    has its new token and link returned, once, and the public entry says so (`to: "admin"`), so
    every player knows the admin could see that seat (design.md decision 12).
    """
    made: list[tuple[str, int]] = []  # token and generation of the metadata appended
    address = _seat_email(service, game_id, seat)
    if address:
        ratelimit.take_invitations(service.config, [(seat, address)])  # the workers re-invite it

    def change(loaded: Loaded) -> tuple[list[Json], Json | None]:
        _check_seat(loaded, seat)
        token = new_token("seat")
        meta = {**loaded.meta, "seats": [dict(s) for s in loaded.meta["seats"]]}
        gen = int(meta["seats"][seat].get("gen", 0)) + 1  # older links and sessions stop working
        meta["seats"][seat].update(token_hash=digest(token), gen=gen, not_before=int(service.clock()))
        made.append((token, gen))
        return [{"type": "seat_token_reissued", "seat": seat, "to": "email" if address else "admin"}], meta

    version = change_meta(service, game_id, change)
    token, gen = made[-1]
    if address:
        return {"seat": seat, "token": None, "link": None, "delivered": "email", "version": version}
    link = service.play_link(game_id, seat, gen)
    return {"seat": seat, "token": token, "link": link, "delivered": "answer", "version": version}


def _seat_email(service: Core, game_id: str, seat: int) -> str | None:
    """Returns the address a seat's re-issued link is emailed to: none without one, or when it
    is on the do-not-email list (then the admin gets the link, as for a seat without email)."""
    loaded = service.load(game_id)
    _check_seat(loaded, seat)
    address = loaded.meta["seats"][seat].get("email")
    return address if address and not contacts.forbidden(service.redis, address) else None


def seat_bot(service: Core, game_id: str, seat: int, bot: str | None) -> Json:
    """Lets the server play a seat with default moves (bot "default"), or hands it back (None)."""
    if bot not in (None, "default"):
        raise validation(
            Text(N_("unknown bot {bot}; the server plays only the 'default' bot"), bot=repr(bot))
        )

    def change(loaded: Loaded) -> tuple[list[Json], Json | None]:
        _check_seat(loaded, seat)
        return [{"type": "bot_seated", "seat": seat, "bot": bot}], None

    return {"seat": seat, "bot": bot, "version": change_meta(service, game_id, change)}


def change_time_control(service: Core, game_id: str, data: Json) -> Json:
    """Replaces the time control; open prompts' clocks restart from now under it."""
    try:
        tc = TimeControl.from_json(data)
    except BadTimeControl as exc:
        raise validation(str(exc)) from None

    def change(loaded: Loaded) -> tuple[list[Json], Json | None]:
        _check_running(loaded)
        return [{"type": "time_control_changed", "time_control": tc.to_json()}], None

    return {"time_control": tc.to_json(), "version": change_meta(service, game_id, change)}


def abort(service: Core, game_id: str, reason: str) -> Json:
    """Ends a running game without a result (then it is public, seed included)."""

    def change(loaded: Loaded) -> tuple[list[Json], Json | None]:
        _check_running(loaded)  # a game that ended meanwhile keeps its result
        return [{"type": "game_aborted", "reason": reason[:200] or "aborted"}], None

    return {"status": "aborted", "version": change_meta(service, game_id, change)}


def _check_running(loaded: Loaded) -> None:
    if loaded.status != "running":
        raise ServiceError(
            "game-over", Text(N_("game {game_id} is {status}"), game_id=loaded.game_id, status=loaded.status)
        )
