"""Plays moves: one call loads (or recalls) the game, authorizes, decides, seals and appends.

`play` is what `POST /games/{id}/moves` calls, once. Its fast path decides on the fold this
process remembers (`Core.recall`) and appends it with a guard, in one Redis round trip; when
that is refused or doubtful (another process moved the game, the credential or the move does
not fit the remembered game) the request is decided again on the game as the log has it
(`Core.load`, which also finds a retry's idempotency record). `submit` is the same decision
and append for callers that hold a seat already (email replies, tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Json
from engine.errors import IllegalMove, RuleViolation, Text
from engine.i18n import N_
from service import deadlines, idem
from service.answers import compact, with_text
from service.auth import Principal, need_seat, resolve
from service.core import RETRIES, Core
from service.errors import ServiceError, validation
from service.fold import Folded, fold
from service.history import redact_all
from service.loaded import Loaded, Stale, check_expected, check_running, reveals
from service.sealing import Item


@dataclass(frozen=True)
class MoveRequest:
    """A request to move: the game, the caller's bearer token, the body (`move`, `moves` or
    `text`, maybe `expected_version`), the If-Match version, and its idempotency key, scope
    (credential, route, key) and body hash."""

    game_id: str
    bearer: str | None
    body: Json
    if_match: int | None
    idempotency_key: str
    scope: str
    body_hash: str


@dataclass(frozen=True)
class Played:
    """The answer to a move as JSON text, its version, and the hash of the entry at that version
    when known (None for a replayed answer: the receipt then reads it)."""

    text: str
    version: int
    entry_hash: str | None


def play(core: Core, request: MoveRequest) -> Played:
    """Answers a move request: decided on the remembered game if any, else (or when that is
    refused) on the game as read now; raises the refusal of the game as read."""
    remembered = core.recall(request.game_id)
    if remembered is not None:
        try:
            return _play_on(core, remembered, request)
        except (ServiceError, RuleViolation, Stale):
            pass  # decided on what this process remembers, which may be behind: ask the log itself
    return _play_on(core, core.load(request.game_id, request.scope), request)


def _play_on(core: Core, loaded: Loaded, request: MoveRequest) -> Played:
    """Answers a move request on `loaded` (read now, or remembered: then the append is guarded)."""
    cfg = core.config
    seat = need_seat(resolve(loaded.meta, request.bearer, cfg.SECRET_KEY, cfg.ADMIN_TOKEN))
    if loaded.record is not None:
        prior = replayed(core, loaded.record, request.body_hash, loaded, seat)
        return Played(compact(prior), prior["version"], None)
    expected, precondition = expected_of(request.if_match, request.body.get("expected_version"), loaded)
    answer, text, entry_hash = _submit(
        core,
        loaded.game_id,
        seat,
        parsed_moves(loaded, seat, request.body),
        expected_version=expected,
        precondition=precondition,
        idempotency_key=request.idempotency_key,
        scope=request.scope,
        body_hash=request.body_hash,
        loaded=loaded,
    )
    return Played(text, answer["version"], entry_hash)


def expected_of(if_match: int | None, field: int | None, loaded: Loaded) -> tuple[int | None, bool]:
    """Returns (expected version, whether it came from If-Match) for the game as loaded.

    With both, If-Match is checked first (412 when stale), then expected_version (409), so two
    that disagree are refused as the stale one of them.
    """
    if if_match is not None and (field is None or if_match != loaded.version):
        return if_match, True
    return field, False


def parsed_moves(loaded: Loaded, seat: int, body: Json) -> list[Json]:
    """Returns the moves of a body: `move`, `moves`, or `text` parsed by the game's notation."""
    if "move" in body:
        return [body["move"]]
    if "moves" in body:
        return list(body["moves"])
    check_running(loaded)
    moves = loaded.game.parse_move(body["text"], loaded.folded.state, seat)
    if not moves:
        raise validation(N_("the text holds no move"))
    return moves


def submit(core: Core, game_id: str, seat: int, moves: list[Json], **options: Any) -> Json:
    """Decides `moves` for `seat` in order and appends all their events or none; returns the answer.

    Options: actor, expected_version, idempotency_key, scope, body_hash, precondition, loaded.
    With `expected_version` a stale game is refused (`version-conflict`, 412 when it came from
    If-Match); without it the moves are decided against the latest version. A `loaded` game
    (from `load(game_id, scope)`, or `recall`) saves the first round trip.
    """
    return _submit(core, game_id, seat, moves, **options)[0]


def _submit(
    core: Core,
    game_id: str,
    seat: int,
    moves: list[Json],
    *,
    actor: Json | str | None = None,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    scope: str | None = None,
    body_hash: str = "",
    precondition: bool = False,
    loaded: Loaded | None = None,
) -> tuple[Json, str, str | None]:
    """Works as `submit`; returns the answer, its JSON text (encoded once, also recorded) and the
    hash of its last entry (None for an answer replayed from the idempotency record)."""
    for _ in range(RETRIES):
        loaded = loaded or core.load(game_id, scope)
        if loaded.record is not None:
            return *with_text(replayed(core, loaded.record, body_hash, loaded, seat)), None
        check_expected(loaded, expected_version, precondition)
        items, decided = decide_all(loaded, seat, moves)
        if loaded.folded.table.absent.get(seat) is not None:
            items.insert(0, Item("service", {"type": "seat_returned", "seat": seat}))
        ready = core.prepare(loaded, items, actor or {"seat": seat}, idempotency_key, decided)
        dues = deadlines.due(loaded.game, ready.after)
        answer, text = with_text(move_answer(loaded, seat, ready.envs, ready.after, dues))
        record = idem.of_move(body_hash, 201, loaded.version + 1, ready.after.version)
        outcome = core.write(loaded, ready, idem=(scope, record), dues=dues)
        if outcome.status == "ok":
            return answer, text, ready.envs[-1]["hash"]
        if outcome.status == "idem":
            return *with_text(replayed(core, outcome.prior, body_hash, loaded, seat)), None
        if loaded.remembered:
            raise Stale(f"game {game_id} moved on from the version this process remembers")
        loaded = core.load(game_id, scope)
        check_expected(loaded, expected_version, precondition)
    raise ServiceError("version-conflict", N_("the game kept changing; try again"), version=loaded.version)


def replayed(core: Core, raw: str | bytes, body_hash: str, loaded: Loaded, seat: int) -> Json:
    """Returns the first answer of an idempotency record (service.idem); refuses a different
    body. A move's answer is rebuilt from the log of `loaded`, for the `seat` that moved."""
    record = idem.read(raw)
    record.check(body_hash)
    if record.answer is not None:
        return record.answer
    return _rebuilt(core, loaded, seat, record.first, record.last)


def _rebuilt(core: Core, loaded: Loaded, seat: int, first: int, last: int) -> Json:
    """Returns the answer `seat` was given for appending versions first..last: the entries as it
    saw them, and the prompts and result of the fold at `last` (from `loaded` when it is not
    past `last`, else from the start)."""
    start = loaded.folded if loaded.version <= last else None
    known = start.version if start else 0
    envs = core.store.read(loaded.game_id, min(known, first - 1), last, loaded.folded.seed)
    after = fold(loaded.game, start, [e for e in envs if e["v"] > known])
    mine = [e for e in envs if e["v"] >= first]
    return move_answer(loaded, seat, mine, after, deadlines.due(loaded.game, after))


def decide_all(loaded: Loaded, seat: int, moves: list[Json]) -> tuple[list[Item], Any]:
    """Returns the engine items of `moves` decided in order, and the engine state after them.

    A move that draws or reveals (the game's `REVEALS` events) must be the last of a batch:
    a later move would be decided, and refused, on what it turned up, which the seat did not
    know when it wrote the batch (and a refused batch costs nothing to try again).
    """
    check_running(loaded)
    if not moves:
        raise validation(N_("no move given"))
    state, items = loaded.folded.state, []
    for index, move in enumerate(moves):
        try:
            events, state = loaded.game.decide_state(state, seat, move)
        except RuleViolation as exc:
            if len(moves) > 1:
                exc.text = Text(
                    N_("move {index} of {count}: {why}"), index=index + 1, count=len(moves), why=exc.text
                )
                exc.message = exc.text.english()
            raise
        if index < len(moves) - 1 and reveals(loaded.game, events):
            raise IllegalMove(
                N_(
                    "move {index} of {count} draws or reveals what was hidden: it must be the last move of its batch; send the moves after it separately"
                ),
                reason="reveals-mid-batch",
                index=index + 1,
                count=len(moves),
            )
        items.extend(Item("engine", event, move) for event in events)
    return items, state


def move_answer(
    loaded: Loaded, seat: int, envs: list[Json], after: Folded, dues: list[deadlines.Due]
) -> Json:
    """Returns the answer to a move: new version, the entries as the seat sees them, prompts."""
    now = Loaded(loaded.game_id, loaded.meta, loaded.game, after)
    result = loaded.game.result(after.state) if after.state is not None else None
    return {
        "version": after.version,
        "entries": redact_all(loaded.game, envs, now.viewer(Principal("seat", seat))),
        "prompts": [d.to_json() for d in dues],
        "result": result,
        "status": now.status,
    }


def dry_run(core: Core, loaded: Loaded, seat: int, moves: list[Json]) -> Json | None:
    """Returns what `submit` would append for the caller on `loaded`, without appending; None
    when the moves would draw or reveal anything (the game's `REVEALS` events): what they
    would turn up is not the caller's to know before it moves (it could try every move)."""
    check_running(loaded)
    items, decided = decide_all(loaded, seat, moves)
    if reveals(loaded.game, [item.event for item in items]):
        return None
    ready = core.prepare(loaded, items, {"seat": seat}, None, decided)
    return move_answer(loaded, seat, ready.envs, ready.after, deadlines.due(loaded.game, ready.after))


def legal_moves(loaded: Loaded, seat: int, partial: Json | None = None) -> Json:
    """Returns the seat's prompt and its legal moves (or the extensions of `partial`)."""
    prompt = loaded.game.pending(loaded.folded.state).get(seat) if loaded.status == "running" else None
    if prompt is None:
        return {"version": loaded.version, "seat": seat, "prompt": None, "moves": [], "notation": []}
    moves = loaded.game.legal_moves(loaded.folded.state, seat, partial)
    return {
        "version": loaded.version,
        "seat": seat,
        "prompt": prompt,
        "moves": moves,
        "notation": [_notation(loaded.game, m) for m in moves],
    }


def _notation(game: Game, move: Json) -> str | None:
    """Returns a complete move in the game's text notation (None for an incomplete extension)."""
    if not move.get("complete", True):
        return None
    try:
        return game.format_move({k: v for k, v in move.items() if k != "complete"})
    except RuleViolation:
        return None
