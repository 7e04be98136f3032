"""Declares the typed results of the client's calls, read from the JSON bodies of `openapi.yaml`.

Each result is a frozen dataclass built by `from_json`, which reads only the documented
members and keeps the whole body in `raw`, so a newer server's extra members stay reachable.
Moves, events, prompts and views stay plain JSON dicts: their shape belongs to each game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Health:
    """The server's liveness answer: `ok` when the API and its Redis answer; `status` is
    degraded (with `problems`, e.g. no-live-worker) also while emails and deadlines stall."""

    ok: bool
    status: str
    redis: str
    problems: tuple[str, ...]
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> Health:
        """Returns the result read from a GET /health body."""
        redis = str(body.get("redis", ""))
        problems = tuple(str(p) for p in body.get("problems") or ())
        return cls(redis == "ok", str(body.get("status", "")), redis, problems, raw=body)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option of a game in the catalog: its type, default, one-line `doc`, the `rules` that
    specify it, and the options it `excludes` (refused together) or `combines_with`."""

    type: str
    default: Any
    doc: str
    rules: str
    excludes: tuple[str, ...]
    combines_with: tuple[str, ...]
    enum: tuple[Any, ...]
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> OptionInfo:
        """Returns the option read from one value of a catalog game's `options`."""
        return cls(
            type=str(body.get("type", "")),
            default=body.get("default"),
            doc=str(body.get("doc", "")),
            rules=str(body.get("rules") or ""),
            excludes=tuple(body.get("excludes") or ()),
            combines_with=tuple(body.get("combines_with") or ()),
            enum=tuple(body.get("enum") or ()),
            raw=body,
        )


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One registered game of the catalog: name, title, seat range and options (by id)."""

    name: str
    title: str
    seats: tuple[int, int]
    options: dict[str, OptionInfo]
    moves: dict[str, str]
    prompts: dict[str, str]
    engine_version: str
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> GameInfo:
        """Returns the entry read from one element of GET /catalog's `games`."""
        low, high = body["seats"]
        return cls(
            name=body["name"],
            title=body["title"],
            seats=(low, high),
            options={k: OptionInfo.from_json(v) for k, v in body["options"].items()},
            moves=body.get("moves", {}),
            prompts=body.get("prompts", {}),
            engine_version=body.get("engine_version", ""),
            raw=body,
        )


@dataclass(frozen=True, slots=True)
class SeatCredentials:
    """A seat of a new game: its secret token and play link, shown once (None on a replay), and
    whether it is emailed an invitation (`invited`, `none`, or `do-not-email`: hand it the link)."""

    seat: int
    name: str
    token: str | None
    link: str | None
    email_status: str | None = None
    language: str | None = None  # the language of the seat's emails


@dataclass(frozen=True, slots=True)
class CreatedGame:
    """The answer to POST /games: the game id, the admin token and each seat's credentials."""

    id: str
    game: str
    version: int
    url: str
    admin_token: str | None
    seats: tuple[SeatCredentials, ...]
    secrets_shown: bool
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> CreatedGame:
        """Returns the result read from a POST /games body."""
        seats = tuple(
            SeatCredentials(
                s["seat"],
                s.get("name", ""),
                s.get("token"),
                s.get("link"),
                s.get("email_status"),
                s.get("language"),
            )
            for s in body["seats"]
        )
        return cls(
            id=body["id"],
            game=body["game"],
            version=body["version"],
            url=body.get("url", ""),
            admin_token=body.get("admin_token"),
            seats=seats,
            secrets_shown=bool(body.get("secrets_shown", body.get("admin_token") is not None)),
            raw=body,
        )


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat in a game summary: number, player name, whether absent, which bot (if any) plays it,
    and the language of its emails."""

    seat: int
    name: str
    absent: bool
    bot: str | None
    language: str | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> Seat:
        """Returns the seat read from one element of a summary's `seats`."""
        absent, bot = bool(body.get("absent")), body.get("bot") or None
        return cls(body["seat"], body["name"], absent, bot, body.get("language"), body)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision a seat owes now (`id`, `kind`), opened at `opened`, due at `deadline` (epoch s)."""

    seat: int
    id: str
    kind: str
    opened: float
    deadline: float | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> Prompt:
        """Returns the prompt read from one element of `prompts` (the API's `Due`)."""
        return cls(
            body["seat"], body["prompt"], body["kind"], body.get("opened", 0.0), body.get("deadline"), body
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """GET /games/{id}: status (running, finished, aborted), seats, version, due prompts, result."""

    id: str
    game: str
    title: str
    status: str
    version: int
    seats: tuple[Seat, ...]
    prompts: tuple[Prompt, ...]
    options: Json
    time_control: Json
    result: Json | None
    you: Json
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> GameSummary:
        """Returns the summary read from a GET /games/{id} body."""
        return cls(
            id=body["id"],
            game=body["game"],
            title=str(body.get("title") or body["game"]),
            status=body["status"],
            version=body["version"],
            seats=tuple(Seat.from_json(s) for s in body["seats"]),
            prompts=tuple(Prompt.from_json(p) for p in body["prompts"]),
            options=body.get("options") or {},
            time_control=body.get("time_control") or {},
            result=body.get("result"),
            you=body.get("you") or {},
            raw=body,
        )

    @property
    def over(self) -> bool:
        """Tells whether the game has ended (finished or aborted)."""
        return self.status != "running"


@dataclass(frozen=True, slots=True)
class SessionToken:
    """A short-lived seat bearer exchanged for a signed play link."""

    token: str
    game: str
    seat: int
    expires_in: int
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> SessionToken:
        """Returns the session read from a POST /games/{id}/sessions body."""
        return cls(body["token"], body["game"], body["seat"], body["expires_in"], body)


@dataclass(frozen=True, slots=True)
class GameView:
    """What the caller may see of a game, now or as of `version`; `result` once it is over."""

    game: str
    version: int
    viewer: Any
    view: Json | None
    result: Json | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> GameView:
        """Returns the view read from a GET …/view or …/state body."""
        return cls(
            body["game"], body["version"], body.get("viewer"), body.get("view"), body.get("result"), body
        )


@dataclass(frozen=True, slots=True)
class LegalMoves:
    """What the caller's seat may do now: its prompt (None when it owes nothing), the moves and
    each move in the game's text notation. With a `partial` move, `moves` are its one-step extensions, each flagged `complete`.
    """

    version: int
    seat: int | None
    prompt: Json | None
    moves: tuple[Json, ...]
    notation: tuple[str | None, ...]
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> LegalMoves:
        """Returns the result read from a …/legal-moves body (`notation`: each move as text)."""
        moves = tuple(body.get("moves", []))
        notation = tuple(body.get("notation") or [None] * len(moves))
        return cls(body["version"], body.get("seat"), body.get("prompt"), moves, notation, body)


@dataclass(frozen=True, slots=True)
class MoveResult:
    """The answer to an accepted move (or a dry run): new version, entries, prompts, result."""

    version: int
    entries: tuple[Json, ...]
    prompts: tuple[Prompt, ...]
    status: str
    result: Json | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> MoveResult:
        """Returns the result read from a POST …/moves (or …/moves/validate) body."""
        return cls(
            version=body["version"],
            entries=tuple(body.get("entries", [])),
            prompts=tuple(Prompt.from_json(p) for p in body.get("prompts", [])),
            status=str(body.get("status", "running")),
            result=body.get("result"),
            raw=body,
        )


@dataclass(frozen=True, slots=True)
class EventPage:
    """A page of the redacted log: `entries` after version `after`; `next` is the cursor or None."""

    game: str
    version: int
    after: int
    entries: tuple[Json, ...]
    next: int | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> EventPage:
        """Returns the page read from a GET …/events body."""
        return cls(
            body["game"], body["version"], body["after"], tuple(body["entries"]), body.get("next"), body
        )


@dataclass(frozen=True, slots=True)
class StreamEvent:
    """One server-sent event of GET …/stream: its type, the version as `id`, and its JSON data."""

    event: str
    id: str | None
    data: Any

    @property
    def version(self) -> int | None:
        """Returns the game version this event brings the follower to (its SSE id), if any."""
        return int(self.id) if self.id and self.id.isdigit() else None


@dataclass(frozen=True, slots=True)
class Validated:
    """The answer of a dry run: `valid`, and either the `problem` it would raise or its `outcome`."""

    valid: bool
    problem: Json | None
    outcome: MoveResult | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> Validated:
        """Returns the result read from a POST …/moves/validate body."""
        outcome = MoveResult.from_json(body["outcome"]) if body.get("outcome") else None
        return cls(bool(body["valid"]), body.get("problem"), outcome, body)


@dataclass(frozen=True, slots=True)
class Check:
    """One part of an audit: `ok`, and what is wrong otherwise."""

    ok: bool
    problems: tuple[str, ...]

    @classmethod
    def from_json(cls, body: Json) -> Check:
        """Returns the check read from a `chain` or `replay` member."""
        return cls(bool(body["ok"]), tuple(str(p) for p in body.get("problems", [])))


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """GET …/verify: the hash chain, and once the game is over (`complete`) the seed and a re-run."""

    game: str
    version: int
    ok: bool
    complete: bool
    chain: Check
    replay: Check | None
    receipts: Check | None
    raw: Json = field(repr=False)

    @classmethod
    def from_json(cls, body: Json) -> VerifyReport:
        """Returns the report read from a …/verify body (`receipts`: only when some were given)."""
        replay = Check.from_json(body["replay"]) if body.get("replay") else None
        receipts = Check.from_json(body["receipts"]) if body.get("receipts") else None
        return cls(
            body["game"],
            body["version"],
            bool(body["ok"]),
            bool(body["complete"]),
            Check.from_json(body["chain"]),
            replay,
            receipts,
            body,
        )

    @property
    def problems(self) -> tuple[str, ...]:
        """Returns every problem found: chain, replay, receipts."""
        checks = (self.chain, self.replay, self.receipts)
        return tuple(problem for check in checks if check is not None for problem in check.problems)


class PresenceResult(TypedDict):
    """POST …/seats/{seat}/presence: the seat's new presence state and the game version."""

    seat: int
    state: str
    version: int


class SeatLanguage(TypedDict):
    """PUT …/seats/{seat}/language: the seat and the language of its emails from now on."""

    seat: int
    language: str


class ReissuedToken(TypedDict):
    """POST …/seats/{seat}/token: the seat's new token and play link, shown once — or, for a
    seat with an email address, None for both and `delivered` "email" (the link goes by mail)."""

    seat: int
    token: str | None
    link: str | None
    delivered: str
    version: int


class BotSeated(TypedDict):
    """POST …/seats/{seat}/bot: which server bot now plays the seat (None: its player again)."""

    seat: int
    bot: str | None
    version: int


class TimeControlChanged(TypedDict):
    """PUT …/time-control: the time control now in force."""

    time_control: Json
    version: int


class Aborted(TypedDict):
    """POST …/abort: the game's final status ("aborted") and version."""

    status: str
    version: int


class Unsubscribed(TypedDict):
    """POST /unsubscribe/{token}: the game and seat whose emails stopped; `scope` is `game`
    (this game's) or `address` (every email to the seat's address, from any game)."""

    game: str
    seat: int
    unsubscribed: bool
    scope: str


class Queued(TypedDict):
    """POST /inbound-email: the rq job that will play the emailed reply and answer it."""

    status: str
    job: str
    game: str
    seat: int
