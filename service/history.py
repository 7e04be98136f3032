"""Serves the history of a game redacted for one viewer: log pages, views at N, records.

No endpoint serialises a raw event: engine entries pass through the game's `redact`. An
entry a viewer may not see at all becomes `{v, hidden: true}` so versions never skip. The
move that caused entries (`cause.move`) is shown only to its author, or when the viewer sees
every event that move caused unredacted (a sealed choice stays sealed). Salts are shown only
in the "all" view of a finished game, which is what lets an auditor recompute every hash.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from engine.contract import Game, Json
from engine.errors import Text
from engine.i18n import N_, _
from service.errors import ServiceError, validation
from service.fold import fold
from service.loaded import Loaded
from service.store import Store, canonical

GROUP_MARGIN = 64
STATUS_WORDS = {"running": N_("running"), "finished": N_("finished"), "aborted": N_("aborted")}
SERVICE_WORDS = {  # the record's words for the service's own entries (others: their type, spaced)
    "game_created": N_("game created"),
    "game_aborted": N_("game aborted"),
    "bot_seated": N_("bot seated"),
    "seat_absent": N_("seat absent"),
    "seat_returned": N_("seat returned"),
    "seat_vacation": N_("seat vacation"),
    "seat_timed_out": N_("seat timed out"),
    "seat_token_reissued": N_("seat token reissued"),
    "time_control_changed": N_("time control changed"),
}


def group_key(env: Json) -> Any:
    """Returns what the entries of one decided move share (None for service entries): their
    `group` (format 2), else their actor, time and cause compared by value (format 1)."""
    if env.get("kind") != "engine":
        return None
    if "group" in env:
        return ("group", env["group"])
    return (env["actor"], env["t"], env["cause"])


def _move_visible(game: Game, group: list[Json], viewer: Any) -> bool:
    """Tells whether `viewer` may see the move behind a group of entries."""
    actor = group[0]["actor"]
    if viewer == "all" or (isinstance(actor, dict) and actor.get("seat") == viewer and viewer is not None):
        return True
    return all(game.redact(e["event"], viewer) == e["event"] for e in group)


def redact_all(game: Game, envs: list[Json], viewer: Any) -> list[Json]:
    """Returns `envs` (consecutive entries, whole moves) as `viewer` may see them."""
    out: list[Json] = []
    i = 0
    while i < len(envs):
        key, j = group_key(envs[i]), i + 1
        while key is not None and j < len(envs) and group_key(envs[j]) == key:
            j += 1
        visible = key is None or _move_visible(game, envs[i:j], viewer)
        out.extend(redact_entry(game, env, viewer, visible) for env in envs[i:j])
        i = j
    return out


def redact_window(game: Game, envs: list[Json], viewer: Any, after: int, until: int) -> list[Json]:
    """Returns the entries after..until (inclusive) of `envs` as `viewer` may see them.

    `envs` must reach GROUP_MARGIN entries past both ends (or the log's ends), so each move is
    judged whole: a move's visibility depends on every event it caused.
    """
    return [e for e in redact_all(game, envs, viewer) if after < e["v"] <= until]


def whole_moves(envs: list[Json]) -> list[Json]:
    """Returns `envs` without its last move's entries, which may go on past the end of `envs`.

    For a read that was cut at a count; a read of one single move is returned whole.
    """
    last = group_key(envs[-1]) if envs else None
    if last is None:
        return envs
    cut = len(envs)
    while cut > 0 and group_key(envs[cut - 1]) == last:
        cut -= 1
    return envs[:cut] or envs


def redact_entry(game: Game, env: Json, viewer: Any, move_visible: bool) -> Json:
    """Returns one entry as `viewer` may see it."""
    if viewer == "all":
        return env
    public = {k: v for k, v in env.items() if k != "salt"}
    if env["kind"] != "engine":
        return public
    event = game.redact(env["event"], viewer)
    if event is None:
        return {"v": env["v"], "hidden": True}
    if event != env["event"] or not move_visible or "salt" in env:
        public["redacted"] = True
    public["event"] = event
    if not move_visible and "cause" in env:
        public["cause"] = {"move": None, "idempotency_key": None}
    return public


def page(store: Store, loaded: Loaded, viewer: Any, after: int, limit: int) -> Json:
    """Returns entries after version `after` (at most `limit`, capped by the caller) redacted for `viewer`."""
    if after < 0 or limit < 1:
        raise validation(N_("after must be >= 0 and limit >= 1"))
    lo = max(0, after - GROUP_MARGIN)
    envs = store.read(
        loaded.game_id, lo, min(loaded.version, after + limit + GROUP_MARGIN), loaded.folded.seed
    )
    shown = redact_window(loaded.game, envs, viewer, after, after + limit)
    last = shown[-1]["v"] if shown else after
    return {
        "game": loaded.game_id,
        "version": loaded.version,
        "after": after,
        "entries": shown,
        "next": last if last < loaded.version else None,
    }


def view_at(store: Store, loaded: Loaded, viewer: Any, at: int | None) -> Json:
    """Returns `viewer`'s view now, or as of version `at` (the fold of the first `at` entries)."""
    if at is None:
        folded = loaded.folded
    elif at > loaded.version:
        message = Text(
            N_("the game has no version {at} yet: it is at version {version}"), at=at, version=loaded.version
        )
        raise ServiceError("not-found", message, version=loaded.version)
    elif at < 1:
        raise validation(
            Text(N_("at must be between 1 and {version}"), version=loaded.version), version=loaded.version
        )
    else:
        folded = fold(loaded.game, None, store.read(loaded.game_id, 0, at))
    state = folded.state
    view = loaded.game.view(state, viewer) if state is not None else None
    result = loaded.game.result(state) if state is not None else None
    return {
        "game": loaded.game_id,
        "version": folded.version,
        "viewer": viewer,
        "view": view,
        "result": result,
    }


def record_lines(store: Store, loaded: Loaded, viewer: Any) -> str:
    """Returns the log as JSON Lines (one redacted entry per line)."""
    envs = redact_all(loaded.game, store.read(loaded.game_id), viewer)
    return "".join(canonical(e).decode() + "\n" for e in envs)


def record_text(store: Store, loaded: Loaded, viewer: Any) -> str:
    """Returns a readable record: a header, then one line per move in the game's notation.

    The words are in the current language (the request's); the moves stay in the notation,
    and the game's name, ids, options and result stay as stored.
    """
    meta, envs = loaded.meta, redact_all(loaded.game, store.read(loaded.game_id), viewer)
    names = {s["seat"]: s["name"] for s in meta["seats"]}
    seats = ", ".join(f"{k} {v}" for k, v in names.items())
    lines = [
        "# " + _("Castillo record: {game} game {id}").format(game=meta["game"], id=loaded.game_id),
        "# " + _("seats: {seats}").format(seats=seats),
        "# " + _("options: {options}").format(options=json.dumps(meta["options"], sort_keys=True)),
        "# "
        + _("status: {status}, version {version}").format(
            status=_(STATUS_WORDS.get(loaded.status, loaded.status)), version=loaded.version
        ),
    ]
    if loaded.status == "finished":
        result = json.dumps(loaded.game.result(loaded.folded.state), sort_keys=True)
        lines.append("# " + _("result: {result}").format(result=result))
    last: Any = None
    for env in envs:
        line, last = _record_line(loaded.game, env, names, last)
        if line:
            lines.append(line)
    return "\n".join(lines) + "\n"


def _record_line(game: Game, env: Json, names: dict[int, str], last: Any) -> tuple[str, Any]:
    """Returns the text line of one entry ('' when it continues the previous move)."""
    if env.get("hidden"):
        return "", last
    stamp = datetime.fromtimestamp(env["t"] / 1000, UTC).strftime("%Y-%m-%d %H:%M")
    if env["kind"] == "service":
        return f"{env['v']:>5}  {stamp}  ({_service_text(env['event'], names)})", None
    key = group_key(env)
    if key == last:
        return "", key
    move = (env.get("cause") or {}).get("move")
    if move is None and env["actor"] == "system":
        return "", key
    who = _actor_text(env["actor"], names)
    text = (
        game.format_move(move)
        if move is not None
        else "(" + _("hidden move: {event}").format(event=_event_text(env["event"])) + ")"
    )
    return f"{env['v']:>5}  {stamp}  {who}: {text}", key


def _event_text(event: Json) -> str:
    """Returns an event (as the viewer sees it) in words: its type, then its fields but the seat."""
    fields = [
        f"{k} {v if isinstance(v, str | int) else json.dumps(v)}"
        for k, v in event.items()
        if k not in ("type", "seat")
    ]
    return ", ".join([event["type"].replace("_", " "), *fields])


def _actor_text(actor: Any, names: dict[int, str]) -> str:
    if isinstance(actor, dict):
        return _("{name} (seat {seat})").format(name=names.get(actor["seat"], "?"), seat=actor["seat"])
    return str(actor)


def _service_text(event: Json, names: dict[int, str]) -> str:
    seat = event.get("seat")
    who = (
        _("{name} (seat {seat})").format(name=names.get(seat, "?"), seat=seat) + " "
        if isinstance(seat, int)
        else ""
    )
    if event["type"] == "seat_token_reissued" and event.get("to") == "admin":
        return who + _("seat token reissued, handed to the admin (who can see that seat's hidden facts)")
    kind = event["type"]
    return who + (_(SERVICE_WORDS[kind]) if kind in SERVICE_WORDS else kind.replace("_", " "))
