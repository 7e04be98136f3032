"""Declares every request and response body of the HTTP API (marshmallow; openapi.yaml is built from these).

Game-specific values (moves, events, views, prompts' extra fields) are JSON objects whose
types each game lists in its MOVES/EVENTS/PROMPTS tables, served by `GET /catalog`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service import contacts
from service.errors import STATUS, TITLES

Obj = fields.Dict  # a JSON object of a game (move, event, view ...)
MAX_BATCH = 200
DIGITS = re.compile(r"[0-9]{1,12}")
SECONDS = validate.Range(0, 366 * 86400)
LANGUAGE_TAG = r"^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})?$"  # the shape of a language's catalog folder (hu, pt_BR)
ZONE_NAME = r"^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$"  # the shape of IANA names (Etc/GMT+5)


class QueryInt(fields.Integer):
    """An integer of a query string: ASCII digits only (int() also reads '٣', ' 3' and '3_0')."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(error_messages={"invalid": "Not a whole number in the digits 0-9."}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and not DIGITS.fullmatch(value):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class BodyInt(fields.Integer):
    """An integer of a JSON body: a number without a fraction (3 or 3.0), not "3", 3.5 or true."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # JSON Schema's integer: 3.0 is one
        return super()._validated(value)


class BodyBool(fields.Boolean):
    """A boolean of a JSON body: true or false only (not 1, "yes" or "on")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Problem(Schema):
    """RFC 9457 problem details with Castillo's stable `code`."""

    type = fields.String(required=True, metadata={"description": "urn:castillo:problem:<code>"})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(
        required=True,
        validate=validate.OneOf(sorted(STATUS)),
        metadata={"description": "; ".join(f"{c} ({STATUS[c]}): {TITLES[c]}" for c in sorted(STATUS))},
    )
    rule = fields.String(metadata={"description": "the rule the move breaks, e.g. R23"})
    reason = fields.String(metadata={"description": "stable machine-readable reason of the engine"})
    version = fields.Integer(metadata={"description": "the game's current version (conflicts)"})
    errors = fields.Dict(metadata={"description": "field -> messages (validation)"})
    left = fields.Integer(metadata={"description": "vacation days left"})
    retry_after = fields.Integer(metadata={"description": "seconds to wait (rate-limited; also Retry-After)"})
    rules = fields.String(metadata={"description": "the rules the game started under (rules-retired)"})
    languages = fields.List(
        fields.String(), metadata={"description": "the languages this server speaks (unknown-language)"}
    )


def _checked(problem: Callable[[str], str | None]) -> Callable[[str], None]:
    """Returns a marshmallow validator that refuses a value with the reason `problem` gives."""

    def check(value: str) -> None:
        if (why := problem(value)) is not None:
            raise ValidationError(why)

    return check


class SeatIn(Schema):
    """A seat of a new game: the player's display name, optional email (private) and language."""

    name = fields.String(
        required=True,
        validate=[validate.Length(1, contacts.MAX_NAME), _checked(contacts.name_problem)],
        metadata={
            "description": "no control characters, line separators or bidi overrides, not only white space",
            "pattern": contacts.NAME_PATTERN,
        },
    )
    email = fields.String(
        load_default=None,
        allow_none=True,
        validate=[validate.Length(3, contacts.MAX_ADDRESS), _checked(contacts.address_problem)],
        metadata={"format": "email", "description": "one plain ASCII address, no display name"},
    )
    language = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(LANGUAGE_TAG),
        metadata={
            "description": "the language of the seat's emails and pages: one this server has catalogs "
            "for (en, hu, pl, fi, de, ...; 422 `unknown-language` otherwise); default: the best of the "
            "request's Accept-Language"
        },
    )


class TimeControlIn(Schema):
    """Time control of a game: seconds of running clock; weekends/vacations pause it."""

    per_move = BodyInt(allow_none=True, validate=SECONDS)
    per_kind = fields.Dict(keys=fields.String(), values=BodyInt(validate=SECONDS))
    reminders = fields.List(BodyInt(validate=SECONDS), validate=validate.Length(0, 10))
    weekend_pause = BodyBool()
    timezone = fields.String(
        validate=[validate.Length(1, 64), validate.Regexp(ZONE_NAME)],
        metadata={
            "description": "an IANA time zone, e.g. Europe/Madrid (400 if the server has no such zone)"
        },
    )
    vacation_days = BodyInt(validate=validate.Range(0, 365))
    absent_after = BodyInt(validate=validate.Range(0, 100))


class TimeControlOut(Schema):
    """The time control in force (see TimeControlIn)."""

    per_move = fields.Integer(required=True, allow_none=True)
    per_kind = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    reminders = fields.List(fields.Integer(), required=True)
    weekend_pause = fields.Boolean(required=True)
    timezone = fields.String(required=True)
    vacation_days = fields.Integer(required=True)
    absent_after = fields.Integer(required=True)


class CreateIn(Schema):
    """A new game: which game, its options, its seats in order, and the time control."""

    game = fields.String(required=True, metadata={"description": "a game of GET /catalog"})
    options = fields.Dict(load_default=dict, metadata={"description": "option id -> value (see /catalog)"})
    seats = fields.List(fields.Nested(SeatIn), required=True, validate=validate.Length(1, 12))
    time_control = fields.Nested(TimeControlIn, load_default=None, allow_none=True)


class SeatCreated(Schema):
    """A created seat with its secret token and signed play link (shown once)."""

    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, allow_none=True, metadata={"description": "shown once"})
    link = fields.String(required=True, allow_none=True, metadata={"description": "signed play link"})
    email_status = fields.String(
        required=True,
        validate=validate.OneOf(["invited", "none", "do-not-email"]),
        metadata={
            "description": "invited: an invitation is emailed; none: no address; do-not-email: "
            "the address asked for no email from Castillo, so the seat plays without (hand it the link)"
        },
    )
    language = fields.String(required=True, metadata={"description": "the language of the seat's emails"})


class Created(Schema):
    """The answer to POST /games."""

    id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    url = fields.String(required=True)
    admin_token = fields.String(required=True, allow_none=True, metadata={"description": "shown once"})
    seats = fields.List(fields.Nested(SeatCreated), required=True)
    secrets_shown = fields.Boolean(required=True, metadata={"description": "false on an idempotent replay"})


class Due(Schema):
    """An open prompt of one seat and its deadline (epoch seconds)."""

    seat = fields.Integer(required=True)
    prompt = fields.String(required=True)
    kind = fields.String(required=True)
    since = fields.Integer(required=True, allow_none=True)
    turn = fields.Raw(required=True, allow_none=True)
    opened = fields.Float(required=True)
    deadline = fields.Float(required=True, allow_none=True)
    reminders = fields.List(fields.Float(), required=True)


class SeatOut(Schema):
    """A seat as everyone sees it: name, absence, bot, vacations (first and last day)."""

    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    absent = fields.Boolean(required=True)
    bot = fields.String(required=True, allow_none=True)
    vacations = fields.List(fields.List(fields.String()), required=True)
    language = fields.String(required=True, metadata={"description": "the language of the seat's emails"})


class Summary(Schema):
    """A game's public summary with its open prompts and their deadlines."""

    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["running", "finished", "aborted"]))
    version = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(SeatOut), required=True)
    prompts = fields.List(fields.Nested(Due), required=True)
    time_control = fields.Nested(TimeControlOut, required=True)
    created = fields.Integer(required=True, metadata={"description": "epoch ms"})
    result = fields.Dict(required=True, allow_none=True)
    you = fields.Dict(required=True, metadata={"description": "the caller: role and seat"})


class SessionIn(Schema):
    """The signed token of a play link (the part after #k=)."""

    link = fields.String(
        required=True,
        validate=validate.Length(1, 2000),
        metadata={"description": "the k= fragment of a play link"},
    )


class Session(Schema):
    """A short-lived seat bearer token."""

    token = fields.String(required=True)
    seat = fields.Integer(required=True)
    game = fields.String(required=True)
    expires_in = fields.Integer(required=True)


class ViewOut(Schema):
    """What the caller may see of the game, now or as of a version."""

    game = fields.String(required=True)
    version = fields.Integer(required=True)
    viewer = fields.Raw(required=True, allow_none=True, metadata={"description": "seat, null or 'all'"})
    view = fields.Dict(required=True, allow_none=True)
    result = fields.Dict(required=True, allow_none=True)


class StateArgs(Schema):
    """Which version to view."""

    at = QueryInt(
        validate=validate.Range(1, 10**9),
        metadata={
            "description": "version N, at most the game's version (a later one is 404 `not-found`); "
            "without it, the view now"
        },
    )


class PartialIn(Schema):
    """An incomplete move whose one-step extensions are wanted (null: the complete moves)."""

    partial = fields.Dict(load_default=None, allow_none=True)


class Legal(Schema):
    """The caller's prompt and legal moves (or extensions, each flagged `complete`)."""

    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    prompt = fields.Dict(required=True, allow_none=True)
    moves = fields.List(fields.Dict(), required=True)
    notation = fields.List(
        fields.String(allow_none=True),
        required=True,
        metadata={"description": "each move in the game's text notation (null if incomplete)"},
    )


class MovesIn(Schema):
    """Exactly one of `move`, `moves` (a batch, all or nothing) or `text` (the game's notation)."""

    move = fields.Dict()
    moves = fields.List(fields.Dict(), validate=validate.Length(1, MAX_BATCH))
    text = fields.String(validate=validate.Length(1, 5000))
    expected_version = BodyInt(validate=validate.Range(0, 10**9))

    SPEC: ClassVar[dict[str, Any]] = {"oneOf": [{"required": [k]} for k in ("move", "moves", "text")]}

    @validates_schema
    def _one_kind(self, data: dict[str, Any], **_: Any) -> None:
        given = [k for k in ("move", "moves", "text") if k in data]
        if len(given) != 1:
            raise ValidationError("give exactly one of move, moves or text", "_schema")


class Entry(Schema):
    """A log entry as the caller may see it (`hidden` entries carry only `v`). Format 2 (the
    `format` of `game_created`): the entries of one move share `group` and only the first
    carries `cause`; `prev` and `salt` are inside every hash but not stored (derived from the
    seed, published when the game is over). Format 1 entries carry `prev`, `cause` and, on
    hidden events, `salt`."""

    v = fields.Integer(required=True)
    hidden = fields.Boolean()
    game = fields.String()
    t = fields.Integer(metadata={"description": "epoch ms (UTC)"})
    actor = fields.Raw(metadata={"description": "{seat: k}, 'deadline' or 'system'"})
    kind = fields.String(validate=validate.OneOf(["engine", "service"]))
    group = fields.Integer(metadata={"description": "format 2: the version of the first entry of its move"})
    cause = fields.Dict()
    rules = fields.Dict(
        metadata={"description": "format 2, first engine entry: the rules it was played under"}
    )
    event = fields.Dict()
    prev = fields.String()
    hash = fields.String()
    salt = fields.String()
    redacted = fields.Boolean(metadata={"description": "parts withheld: the hash cannot be recomputed"})


class MoveOut(Schema):
    """The answer to a move: the new version, the new entries as the caller sees them, prompts."""

    version = fields.Integer(required=True)
    entries = fields.List(fields.Nested(Entry), required=True)
    prompts = fields.List(fields.Nested(Due), required=True)
    result = fields.Dict(required=True, allow_none=True)
    status = fields.String(required=True)


class Validated(Schema):
    """The dry run of a move: whether it would be accepted, and the problem if not."""

    valid = fields.Boolean(required=True)
    problem = fields.Nested(Problem, allow_none=True)
    outcome = fields.Nested(
        MoveOut,
        allow_none=True,
        metadata={
            "description": "what the moves would append, as the caller would see it; null when they "
            "are refused or would draw or reveal anything (a card drawn or turned up, sealed choices, "
            "new action cards): that is not the caller's to know before it moves"
        },
    )


class PageArgs(Schema):
    """A page of the log: entries after version `after`, at most `limit`."""

    after = QueryInt(load_default=0, validate=validate.Range(0, 10**9))
    limit = QueryInt(load_default=100, validate=validate.Range(1, 500))


class Page(Schema):
    """A page of the log; `next` is the `after` of the next page (null at the end)."""

    game = fields.String(required=True)
    version = fields.Integer(required=True)
    after = fields.Integer(required=True)
    entries = fields.List(fields.Nested(Entry), required=True)
    next = fields.Integer(required=True, allow_none=True)


class RecordArgs(Schema):
    """The record's format: JSON Lines or readable text."""

    format = fields.String(load_default="jsonl", validate=validate.OneOf(["jsonl", "text"]))


class StreamArgs(Schema):
    """Where to resume the stream (also as the Last-Event-ID header)."""

    after = QueryInt(
        validate=validate.Range(0, 10**9),
        metadata={"description": "resume after this version, like Last-Event-ID (the header wins)"},
    )


class Checked(Schema):
    """One audit check and its problems."""

    ok = fields.Boolean(required=True)
    problems = fields.List(fields.String(), required=True)


class RulesOf(Schema):
    """The rules a game's log was played under, and whether this server still plays them."""

    engine = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the engine version its first engine entry names (null: a format-1 log)"},
    )
    retired = fields.Boolean(
        required=True,
        metadata={
            "description": "this server no longer plays those rules: moves are refused (`rules-retired`) "
            "and, once the game is over, the replay reports the mismatch"
        },
    )


class Verified(Schema):
    """The audit of a game's log."""

    game = fields.String(required=True)
    version = fields.Integer(required=True)
    ok = fields.Boolean(required=True)
    complete = fields.Boolean(required=True, metadata={"description": "seed and replay checked (game over)"})
    chain = fields.Nested(Checked, required=True)
    replay = fields.Nested(Checked, required=True, allow_none=True)
    rules = fields.Nested(RulesOf, required=True)
    receipts = fields.Nested(
        Checked,
        allow_none=True,
        metadata={"description": "the receipts given (POST): each must match the log (null when none given)"},
    )


MAX_RECEIPTS = 20  # the newest receipt alone covers every entry before it; a few spare


class ReceiptsIn(Schema):
    """Receipts to check the log against (as received in `Castillo-Receipt` headers)."""

    receipts = fields.List(
        fields.String(validate=validate.Length(1, 512)),
        required=True,
        validate=validate.Length(max=MAX_RECEIPTS),
        metadata={
            "description": "compact JWS receipts of this game, any versions, any order; each hash chains "
            "every entry before it, so the receipt of the latest version a player saw covers the whole history"
        },
    )


class Jwk(Schema):
    """One public key (RFC 8037: `kty` OKP, `crv` Ed25519, `x` the key, base64url)."""

    kty = fields.String(required=True)
    crv = fields.String(required=True)
    x = fields.String(required=True)
    kid = fields.String(required=True, metadata={"description": "the key's RFC 7638 thumbprint"})
    use = fields.String(required=True)
    alg = fields.String(required=True)


class KeySet(Schema):
    """The receipt keys (RFC 7517 JWK set), the signing key first."""

    keys = fields.List(fields.Nested(Jwk), required=True)


class PresenceIn(Schema):
    """A seat's presence: absent, back, or on vacation for `days` days (1-365) from today."""

    state = fields.String(required=True, validate=validate.OneOf(["absent", "back", "vacation"]))
    days = BodyInt(
        load_default=0,
        validate=validate.Range(0, 365),
        metadata={"description": "required with vacation (1-365); ignored otherwise"},
    )

    SPEC: ClassVar[dict[str, Any]] = {
        "oneOf": [
            {"properties": {"state": {"enum": ["absent", "back"]}}},
            {"properties": {"state": {"const": "vacation"}, "days": {"minimum": 1}}, "required": ["days"]},
        ]
    }

    @validates_schema
    def _vacation_days(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("state") == "vacation" and data.get("days", 0) < 1:
            raise ValidationError("vacation needs days between 1 and 365", "days")


class PresenceOut(Schema):
    """The recorded presence and the game's version after it."""

    seat = fields.Integer(required=True)
    state = fields.String(required=True)
    version = fields.Integer(required=True)


class LanguageIn(Schema):
    """A seat's new language."""

    language = fields.String(
        required=True,
        validate=validate.Regexp(LANGUAGE_TAG),
        metadata={"description": "a language this server speaks (422 `unknown-language` otherwise)"},
    )


class LanguageOut(Schema):
    """A seat's language after a change."""

    seat = fields.Integer(required=True)
    language = fields.String(required=True)


class Reissued(Schema):
    """A re-issued seat credential: emailed to a seat with an address, else returned here once."""

    seat = fields.Integer(required=True)
    token = fields.String(required=True, allow_none=True)
    link = fields.String(required=True, allow_none=True)
    delivered = fields.String(required=True, validate=validate.OneOf(["email", "answer"]))
    version = fields.Integer(required=True)


class BotIn(Schema):
    """The bot to seat (`default` plays the rules' default moves at once), or null to hand back."""

    bot = fields.String(required=True, allow_none=True, validate=validate.OneOf(["default"]))


class BotOut(Schema):
    """The seat's bot after the change."""

    seat = fields.Integer(required=True)
    bot = fields.String(required=True, allow_none=True)
    version = fields.Integer(required=True)


class TimeControlChanged(Schema):
    """The new time control and the game's version after the change."""

    time_control = fields.Nested(TimeControlOut, required=True)
    version = fields.Integer(required=True)


class AbortIn(Schema):
    """Why the game is aborted."""

    reason = fields.String(load_default="aborted by the admin", validate=validate.Length(0, 200))


class Aborted(Schema):
    """The game's status after the abort."""

    status = fields.String(required=True)
    version = fields.Integer(required=True)


class CatalogOption(Schema):
    """One option of a game: its type, default, one-line description, rules, and which options it combines with."""

    type = fields.String(required=True, metadata={"description": "bool, integer or array"})
    default = fields.Raw(required=True, metadata={"description": "the value when the option is not given"})
    doc = fields.String(required=True, metadata={"description": "what the option changes, in one line"})
    enum = fields.List(fields.Raw(), metadata={"description": "the allowed values (of an array's items)"})
    rules = fields.String(
        metadata={"description": "the rule ids that specify it (e.g. `O-M1, O-M2`), in the game's rules"}
    )
    excludes = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "options that cannot be on together with this one (422 `illegal-options`)"},
    )
    combines_with = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "every other option of the game, not excluded"},
    )
    preview = fields.Boolean(
        metadata={
            "description": "true while the option is still being built: listed, but POST /games refuses it "
            "(422 `unsupported-option`)"
        }
    )


class CatalogGame(Schema):
    """A registered game: seats, options with defaults, and its move/event/prompt types."""

    name = fields.String(required=True)
    title = fields.String(required=True)
    seats = fields.List(fields.Integer(), required=True)
    options = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(CatalogOption),
        required=True,
        metadata={"description": "option id -> its description; POST /games takes `options: {id: value}`"},
    )
    moves = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    events = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    prompts = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    engine_version = fields.String(required=True)


class Catalog(Schema):
    """The registered games."""

    games = fields.List(fields.Nested(CatalogGame), required=True)


class Heartbeat(Schema):
    """One worker or relay process as its heartbeats show it."""

    host = fields.String(required=True)
    pid = fields.Integer(required=True)
    age_s = fields.Float(required=True, metadata={"description": "seconds since its last heartbeat"})
    live = fields.Boolean(required=True, metadata={"description": "age_s <= stale_after_s"})
    buckets = fields.String(metadata={"description": "a relay's buckets, e.g. 0-63 or 0-15,32"})


class Health(Schema):
    """Liveness, whether the game store answers, and the heartbeats of workers and relays.

    `status` is ok, or degraded with `problems`: redis-unreachable, no-live-worker (no
    worker beat within stale_after_s), no-live-relay (the buckets in `unrelayed` have no live
    relay). Processes silent for 10 minutes, or stopped cleanly, are no longer listed.
    """

    status = fields.String(required=True, validate=validate.OneOf(["ok", "degraded"]))
    redis = fields.String(required=True, validate=validate.OneOf(["ok", "unreachable"]))
    problems = fields.List(fields.String(), required=True)
    workers = fields.List(fields.Nested(Heartbeat), required=True)
    relays = fields.List(fields.Nested(Heartbeat), required=True)
    unrelayed = fields.String(required=True, metadata={"description": "buckets no live relay reads"})
    stale_after_s = fields.Float(required=True, metadata={"description": "3 x HEARTBEAT_S"})


class Pong(Schema):
    """The trivial answer of /ping."""

    pong = fields.Boolean(required=True)
