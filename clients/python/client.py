"""Calls every operation of the Castillo HTTP API (`openapi.yaml`) and returns typed results.

    from clients.python import Client
    admin = Client("http://127.0.0.1:8000")
    game = admin.create_game("kabale", seats=["Ann", "Bob"])
    ann = Client("http://127.0.0.1:8000", token=game.seats[0].token)
    moves = ann.legal_moves(game.id).moves
    ann.play(game.id, moves[0])

Writes carry `If-Match` with the last version this client saw of the game (from any read
or write), so a move decided on a stale picture is refused (`VersionConflict`) instead of
applied; pass `if_match=None` to decide against the latest version, or an int to pin one.
Every POST carries an `Idempotency-Key` (uuid4 per call, reused on connection retries).
Every request asks for answers in `language` (default: the current one of `engine.i18n`).
Every `Castillo-Receipt` the server sends is kept in `client.receipts` (a ReceiptBook, in a
folder when given one), and `verify` checks the game's log against them.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any, cast

import requests

from clients.python import stream
from clients.python.receipts import HEADER, ReceiptBook
from clients.python.transport import Transport
from clients.python.types import (
    Aborted,
    BotSeated,
    CreatedGame,
    EventPage,
    GameInfo,
    GameSummary,
    GameView,
    Health,
    Json,
    LegalMoves,
    MoveResult,
    PresenceResult,
    Queued,
    ReissuedToken,
    SeatLanguage,
    SessionToken,
    StreamEvent,
    TimeControlChanged,
    Unsubscribed,
    Validated,
    VerifyReport,
)

OPERATIONS: dict[tuple[str, str], str] = {
    ("GET", "/health"): "health",
    ("GET", "/ping"): "ping",
    ("GET", "/catalog"): "catalog",
    ("GET", "/locales"): "languages",
    ("POST", "/games"): "create_game",
    ("GET", "/games/{game_id}"): "game",
    ("POST", "/games/{game_id}/sessions"): "open_session",
    ("GET", "/games/{game_id}/view"): "view",
    ("GET", "/games/{game_id}/state"): "state_at",
    ("GET", "/games/{game_id}/legal-moves"): "legal_moves",
    ("POST", "/games/{game_id}/legal-moves"): "legal_moves",
    ("POST", "/games/{game_id}/moves"): "play",
    ("POST", "/games/{game_id}/moves/validate"): "validate",
    ("GET", "/games/{game_id}/events"): "events",
    ("GET", "/games/{game_id}/stream"): "follow",
    ("GET", "/games/{game_id}/record"): "record",
    ("GET", "/games/{game_id}/verify"): "verify",
    ("POST", "/games/{game_id}/verify"): "verify",
    ("GET", "/.well-known/jwks.json"): "keys",
    ("POST", "/games/{game_id}/seats/{seat}/presence"): "set_presence",
    ("PUT", "/games/{game_id}/seats/{seat}/language"): "set_language",
    ("POST", "/games/{game_id}/seats/{seat}/token"): "reissue_token",
    ("POST", "/games/{game_id}/seats/{seat}/bot"): "seat_bot",
    ("PUT", "/games/{game_id}/time-control"): "set_time_control",
    ("POST", "/games/{game_id}/abort"): "abort",
    ("POST", "/inbound-email"): "inbound_email",
    ("POST", "/unsubscribe/{token}"): "unsubscribe",
}
"""Maps each API operation (method, path template of openapi.yaml) to the Client method calling it."""

BROWSER_ONLY: frozenset[tuple[str, str]] = frozenset(
    {
        ("GET", "/play/{game_id}"),
        ("GET", "/play/static/{name}"),
        ("GET", "/unsubscribe/{token}"),
        ("GET", "/language/{token}"),
        ("POST", "/language/{token}"),
        ("GET", "/locales/{lang}.json"),
    }
)
"""Lists the HTML pages of the API, meant for a browser rather than a client library."""


class _Seen:
    """Marks the default of `if_match`: the last version this client saw of the game."""


SEEN: Any = _Seen()
MAX_RECEIPTS = 20
"""The most receipts one verify sends (the newest: each one's hash chains all the entries before it)."""


class Client:
    """A client of one Castillo server, acting with one bearer token (or as a spectator)."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retries: int = 3,
        session: requests.Session | None = None,
        receipts: ReceiptBook | None = None,
        language: str | None = None,
    ) -> None:
        self.http = Transport(
            url, token, timeout=timeout, retries=retries, session=session, language=language
        )
        self.versions: dict[str, int] = {}
        self.receipts = receipts if receipts is not None else ReceiptBook()

    @property
    def url(self) -> str:
        """Returns the server's base URL."""
        return self.http.base_url

    def with_token(self, token: str | None) -> Client:
        """Returns a client of the same server (and connection pool) acting with `token`."""
        other = Client(
            self.url,
            token,
            timeout=self.http.timeout,
            retries=self.http.retries,
            receipts=self.receipts,
            language=self.http.language,
        )
        other.http.session = self.http.session
        return other

    # ----- helpers

    def _json(self, method: str, path: str, **kw: Any) -> Any:
        """Returns the JSON body of a call, noting the game version it reports."""
        response = self.http.request(method, path, **kw)
        body = response.json() if response.content else {}
        self._note(path, response, body)
        return body

    def _note(self, path: str, response: requests.Response, body: Any) -> None:
        """Remembers the game's current version (its ETag, else a top-level `version`, not of
        …/state) and keeps the answer's receipt."""
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "games":
            return
        self.receipts.keep(parts[2], response.headers.get(HEADER, ""), self.keys)
        etag = response.headers.get("ETag", "").strip('W/"')
        if etag.isdigit():
            self.versions[parts[2]] = int(etag)
        elif isinstance(body, dict) and isinstance(body.get("version"), int) and parts[3:4] != ["state"]:
            self.versions[parts[2]] = body["version"]

    def _if_match(self, game_id: str, if_match: Any) -> dict[str, str]:
        """Returns the If-Match header for a write (none when no version is known or wanted)."""
        version = self.versions.get(game_id) if if_match is SEEN else if_match
        return {"If-Match": f'"{version}"'} if version is not None else {}

    # ----- server

    def health(self) -> Health:
        """Returns the server's liveness and store reachability (GET /health)."""
        return Health.from_json(self._json("GET", "/health"))

    def ping(self) -> bool:
        """Tells whether the API process answers, without touching its store (GET /ping)."""
        return bool(self._json("GET", "/ping").get("pong"))

    def catalog(self) -> list[GameInfo]:
        """Returns the registered games with seat ranges and options (GET /catalog)."""
        body = self._json("GET", "/catalog")
        return [GameInfo.from_json(g) for g in body["games"]]

    def languages(self) -> dict[str, str]:
        """Returns the languages the server speaks, code -> name in itself, English first (GET /locales)."""
        body = self._json("GET", "/locales")
        return {entry["code"]: entry["name"] for entry in body["languages"]}

    # ----- games

    def create_game(
        self,
        game: str,
        seats: list[str | Json],
        *,
        options: Json | None = None,
        time_control: Json | None = None,
        idempotency_key: str | None = None,
        **extra: Any,
    ) -> CreatedGame:
        """Creates a game (POST /games); seats are names or {name, email?, language?, bot?} objects.

        The tokens in the answer are shown once: a retry with the same key returns the game
        without them.
        """
        body: Json = {"game": game, "seats": [s if isinstance(s, dict) else {"name": s} for s in seats]}
        body |= {k: v for k, v in (("options", options), ("time_control", time_control)) if v is not None}
        created = CreatedGame.from_json(
            self._json("POST", "/games", body=body | extra, idempotency_key=idempotency_key)
        )
        self.versions[created.id] = created.version
        return created

    def game(self, game_id: str) -> GameSummary:
        """Returns the game's summary: status, seats, version, prompts due (GET /games/{id})."""
        return GameSummary.from_json(self._json("GET", f"/games/{game_id}"))

    def open_session(self, game_id: str, link: str) -> SessionToken:
        """Exchanges a play link's signed token for a short-lived seat bearer (POST …/sessions).

        `link` may be the whole play link; the part after "#k=" is sent.
        """
        body = self._json("POST", f"/games/{game_id}/sessions", body={"link": link.split("#k=", 1)[-1]})
        return SessionToken.from_json(body)

    def view(self, game_id: str) -> GameView:
        """Returns the caller's view: its seat's, a spectator's, or everything once over."""
        return GameView.from_json(self._json("GET", f"/games/{game_id}/view"))

    def state_at(self, game_id: str, at: int) -> GameView:
        """Returns the caller's view as of version `at` (GET …/state?at=N)."""
        return GameView.from_json(self._json("GET", f"/games/{game_id}/state", params={"at": at}))

    def legal_moves(self, game_id: str, partial: Json | None = None) -> LegalMoves:
        """Returns the caller's prompt and legal moves, or the one-step extensions of `partial`."""
        if partial is None:
            return LegalMoves.from_json(self._json("GET", f"/games/{game_id}/legal-moves"))
        body = self._json("POST", f"/games/{game_id}/legal-moves", body={"partial": _strip(partial)})
        return LegalMoves.from_json(body)

    # ----- moves

    def play(
        self,
        game_id: str,
        move: Json | None = None,
        *,
        moves: list[Json] | None = None,
        text: str | None = None,
        if_match: Any = SEEN,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> MoveResult:
        """Submits one move, a batch (`moves`, all or nothing) or `text` in the game's notation.

        Raises IllegalMove (with rule and reason), NotYourTurn, GameOver, RulesRetired or VersionConflict.
        """
        body = _move_body(move, moves, text) | _expected(expected_version)
        headers = self._if_match(game_id, if_match) if expected_version is None else {}
        answer = self._json(
            "POST", f"/games/{game_id}/moves", body=body, headers=headers, idempotency_key=idempotency_key
        )
        return MoveResult.from_json(answer)

    def validate(
        self,
        game_id: str,
        move: Json | None = None,
        *,
        moves: list[Json] | None = None,
        text: str | None = None,
        expected_version: int | None = None,
    ) -> Validated:
        """Dry-runs a move (POST …/moves/validate): `valid`, and the problem or outcome; appends nothing."""
        body = _move_body(move, moves, text) | _expected(expected_version)
        return Validated.from_json(self._json("POST", f"/games/{game_id}/moves/validate", body=body))

    # ----- history

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> EventPage:
        """Returns one page of the log redacted for the caller (GET …/events)."""
        params = {"after": after, "limit": limit}
        return EventPage.from_json(self._json("GET", f"/games/{game_id}/events", params=params))

    def all_events(self, game_id: str, after: int = 0) -> Iterator[Json]:
        """Yields every log entry after `after`, fetching page after page."""
        cursor: int | None = after
        while cursor is not None:
            page = self.events(game_id, after=cursor)
            yield from page.entries
            cursor = page.next if page.next != cursor else None

    def follow(
        self, game_id: str, last_event_id: int | str | None = None
    ) -> Generator[StreamEvent, None, None]:
        """Yields the game's log entries live as server-sent events, reconnecting with Last-Event-ID.

        Each `entry` event's data is a log entry as the caller may see it; the last event is
        `end` ({status, version}) once the game is over. Without `last_event_id` the stream
        starts at the current version; 0 replays the whole log. The stream's `receipt` events
        (the server's signature of the version just sent) are kept in `receipts`, not yielded.
        """
        for event in stream.follow(self.http, game_id, last_event_id):
            if event.event == "receipt":
                data = event.data if isinstance(event.data, dict) else {}
                self.receipts.keep(game_id, str(data.get("receipt", "")), self.keys)
                continue
            yield event

    def turns(self, game_id: str) -> Iterator[LegalMoves]:
        """Yields the caller's legal moves each time its seat owes a decision, until the game ends.

        Between decisions it waits on the event stream, so a loop like
        `for legal in client.turns(gid): client.play(gid, choose(legal))` is a whole bot.
        Yields again (with fresh moves) if the caller did not act on the previous turn.
        """
        while True:
            legal = self.legal_moves(game_id)
            if legal.prompt is not None and legal.moves:
                yield legal
                continue
            if self.game(game_id).over:
                return
            waiting = self.follow(game_id, legal.version)
            try:
                next(waiting, None)
            finally:
                waiting.close()

    def record(self, game_id: str, fmt: str = "jsonl") -> str:
        """Returns the exported record: "jsonl" (one redacted entry per line) or "text"."""
        response = self.http.request("GET", f"/games/{game_id}/record", params={"format": fmt})
        self.receipts.keep(game_id, response.headers.get(HEADER, ""), self.keys)
        return response.text

    def verify(self, game_id: str, receipts: list[str] | None = None) -> VerifyReport:
        """Returns the server's audit: hash chain, once finished the seed and a full re-run, and
        the log checked against `receipts` (default: every receipt this client kept of the game)."""
        given = (self.receipts.of(game_id) if receipts is None else receipts)[-MAX_RECEIPTS:]
        if not given:
            return VerifyReport.from_json(self._json("GET", f"/games/{game_id}/verify"))
        body = {"receipts": given}
        return VerifyReport.from_json(self._json("POST", f"/games/{game_id}/verify", body=body))

    def keys(self) -> Json:
        """Returns the server's receipt keys: a JWK set (RFC 7517) of Ed25519 keys by `kid`."""
        return cast(Json, self._json("GET", "/.well-known/jwks.json"))

    # ----- seats and administration

    def set_presence(self, game_id: str, seat: int, state: str, *, days: int = 0) -> PresenceResult:
        """Marks a seat "absent", "back" or on "vacation" for `days` (POST …/seats/{seat}/presence).

        Returns {seat, state, version}.
        """
        body: Json = {"state": state, "days": days}
        return cast(PresenceResult, self._json("POST", f"/games/{game_id}/seats/{seat}/presence", body=body))

    def reissue_token(self, game_id: str, seat: int) -> ReissuedToken:
        """Re-issues a seat's token (admin); the old token, links and sessions stop working.

        Returns {seat, token, link, version}.
        """
        return cast(ReissuedToken, self._json("POST", f"/games/{game_id}/seats/{seat}/token"))

    def set_language(self, game_id: str, seat: int, language: str) -> SeatLanguage:
        """Sets the language of the seat's emails (the seat's own token); returns {seat, language}."""
        body = {"language": language}
        return cast(SeatLanguage, self._json("PUT", f"/games/{game_id}/seats/{seat}/language", body=body))

    def seat_bot(self, game_id: str, seat: int, bot: str | None = "default") -> BotSeated:
        """Hands a seat to the server's default bot (admin), or back to its player with `bot=None`."""
        return cast(BotSeated, self._json("POST", f"/games/{game_id}/seats/{seat}/bot", body={"bot": bot}))

    def set_time_control(self, game_id: str, time_control: Json) -> TimeControlChanged:
        """Replaces the game's time control (admin); returns {time_control, version}."""
        return cast(
            TimeControlChanged, self._json("PUT", f"/games/{game_id}/time-control", body=time_control)
        )

    def abort(self, game_id: str, reason: str | None = None) -> Aborted:
        """Aborts the game (admin): it ends without a result and becomes public."""
        body = {"reason": reason} if reason is not None else {}
        return cast(Aborted, self._json("POST", f"/games/{game_id}/abort", body=body))

    def unsubscribe(self, token: str) -> Unsubscribed:
        """Stops one game's emails to the seat of an unsubscribe token (RFC 8058 one-click)."""
        return cast(Unsubscribed, self._json("POST", f"/unsubscribe/{token}"))

    def inbound_email(self, raw_message: bytes, secret: str, *, recipient: str | None = None) -> Queued:
        """Hands a raw RFC 5322 message to the server as a mail gateway would; returns {status, job, game, seat}."""
        headers = {"Content-Type": "message/rfc822", "X-Inbound-Secret": secret}
        params = {"recipient": recipient}
        return cast(
            Queued, self._json("POST", "/inbound-email", data=raw_message, headers=headers, params=params)
        )


def _strip(move: Json) -> Json:
    """Returns a move without the `complete` flag of a legal-moves extension."""
    return {k: v for k, v in move.items() if k != "complete"}


def _move_body(move: Json | None, moves: list[Json] | None, text: str | None) -> Json:
    """Returns the body of a move submission; exactly one of the three must be given."""
    if sum(x is not None for x in (move, moves, text)) != 1:
        raise TypeError("give exactly one of move, moves or text")
    if move is not None:
        return {"move": _strip(move)}
    return {"moves": [_strip(m) for m in moves]} if moves is not None else {"text": text}


def _expected(version: int | None) -> Json:
    return {"expected_version": version} if version is not None else {}
