"""Plays one game over HTTP, one step at a time: seats' moves, the server bot, deadline auto-passes.

A step is one of: a seat's move (a random legal move; El Grande's large families are grown by a
random walk over `POST …/legal-moves` with `partial`; sent as a move or as text, with If-Match,
expected_version or neither, under the guessable Idempotency-Key `p<seat>-<n>`), a deadline
auto-pass (the workers' `act`, as the sweep runs it, at a time past the deadline), seating or
removing the server's bot (admin), and once per game re-issuing a seat's token (admin): the old
token and a session made from the old play link become the *revoked* credentials, and the seat
plays on with a session made from the link the workers email it.

A table is created with a pinned seed and, for a twin, a setup that changes hidden facts only
(tests.leaks.twins). Every step's emails are sent at once through the workers' code.
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import engine
from engine.contract import Json
from service import creating
from tests.leaks.world import World
from workers import deadlines

TIME_CONTROL = {"per_move": 3600, "reminders": [], "absent_after": 2}
FAR = 10**7  # seconds past any deadline of the run
LINK = re.compile(r"#k=([A-Za-z0-9_.\-]+)")


@dataclass
class Step:
    """One step as played, so that a twin can play the same one."""

    kind: str  # move, deadline, bot, unbot, reissue
    seat: int
    prompt: str = ""
    move: Json | None = None
    form: str = "move"  # move or text
    precondition: str = ""  # if-match, expected or ""
    key: str = ""
    status: int = 0
    before: int = 0
    after: int = 0


@dataclass
class Table:
    """One game being played over HTTP, with every credential it handed out."""

    world: World
    name: str
    seats: int
    label: str
    gid: str = ""
    admin: str = ""
    tokens: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    revoked: list[str] = field(default_factory=list)
    revoked_seat: int | None = None
    revoked_at: int = 0
    keys: list[int] = field(default_factory=list)
    version: int = 0
    status: str = "running"
    mails: list[tuple[int, int, Any]] = field(default_factory=list)  # (version, seat, (message, raw))
    steps: list[Step] = field(default_factory=list)
    creds: list[tuple[Any, str]] = field(default_factory=list)  # (seat or "admin", every credential)
    answers: list[tuple[Any, int, str, Any]] = field(default_factory=list)  # (who, version, where, response)
    reissue_seat: int = 0

    @property
    def game(self) -> Any:
        """Returns the engine module of the table's game."""
        return engine.get_game(self.name)

    def create(self, seed: str, patch: Callable[[list[Json]], list[Json]] | None = None) -> None:
        """Creates the game over HTTP with seed `seed` and the setup events passed through `patch`."""
        people = [{"name": f"P{i}", "email": f"{self.label}-p{i}@example.org"} for i in range(self.seats)]
        body = {"game": self.name, "seats": people, "time_control": TIME_CONTROL}
        with pinned(self.game, seed, patch):
            answer = self.world.client.post(
                "/games", json=body, headers={"Idempotency-Key": f"{self.label}-{uuid.uuid4().hex}"}
            )
        assert answer.status_code == 201, answer.get_json()
        created = answer.get_json()
        self.gid, self.admin = created["id"], created["admin_token"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.links = [LINK.search(s["link"])[1] for s in created["seats"]]  # type: ignore[index]
        self.keys = [0] * self.seats
        self.version = created["version"]
        self.creds = [("admin", self.admin)]
        self.creds += [(s, c) for s in range(self.seats) for c in (self.tokens[s], self.links[s])]
        self._mail(1)

    # ----- reading

    def summary(self) -> Json:
        """Returns the game's summary (as a spectator)."""
        return self.world.client.get(f"/games/{self.gid}").get_json()

    def legal(self, seat: int, partial: Json | None = None) -> Json:
        """Returns the seat's legal moves (or the extensions of `partial`)."""
        headers = self.bearer(seat)
        if partial is None:
            return self.world.client.get(f"/games/{self.gid}/legal-moves", headers=headers).get_json()
        answer = self.world.client.post(
            f"/games/{self.gid}/legal-moves", json={"partial": partial}, headers=headers
        )
        return answer.get_json() if answer.status_code == 200 else {"moves": []}

    def bearer(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    # ----- steps

    def plan(self, rnd: random.Random, index: int, reissue_at: int) -> Step | None:
        """Returns the next step chosen at random, or None once the game is over."""
        summary = self.summary()
        self.status = summary["status"]
        if self.status != "running" or not summary["prompts"]:
            return None
        seats = {s["seat"]: s for s in summary["seats"]}
        if index == reissue_at and self.revoked_seat is None:
            return Step("reissue", self.reissue_seat)
        bots = [s for s, info in seats.items() if info["bot"]]
        if not bots and rnd.random() < 0.04:
            return Step("bot", rnd.randrange(self.seats))
        if bots and rnd.random() < 0.1:
            return Step("unbot", bots[0])
        due = rnd.choice(summary["prompts"])
        auto = seats[due["seat"]]["bot"] or seats[due["seat"]]["absent"]
        if rnd.random() < (0.75 if auto else 0.2):
            return Step("deadline", due["seat"], due["prompt"])
        move = self.random_move(due["seat"], rnd)
        form = "text" if rnd.random() < 0.1 else "move"
        precondition = rnd.choice(["", "", "if-match", "expected"])
        return Step("move", due["seat"], due["prompt"], move, form, precondition)

    def random_move(self, seat: int, rnd: random.Random) -> Json:
        """Returns a random complete legal move, growing large families by a random walk."""
        moves = self.legal(seat)["moves"]
        best = current = rnd.choice(moves)
        for _ in range(8):
            if rnd.random() < 0.25:
                break
            options = self.legal(seat, current)["moves"]
            if not options:
                break
            step = rnd.choice(options)
            current = {k: v for k, v in step.items() if k != "complete"}
            if step.get("complete"):
                best = current
        return best

    def play(self, step: Step) -> Step:
        """Plays `step`, sends its emails, and returns it with its outcome."""
        step.before = self.version
        match step.kind:
            case "move":
                step.status = self._move(step)
            case "deadline":
                done = deadlines.act(
                    self.world.runtime, self.gid, step.seat, step.prompt, self.world.clock() + FAR
                )
                step.status = 201 if done == "passed" else 409
            case "bot" | "unbot":
                body = {"bot": "default" if step.kind == "bot" else None}
                step.status = self._admin(f"seats/{step.seat}/bot", body)
            case "reissue":
                step.status = self._reissue(step.seat)
        self.version = self.summary()["version"]
        step.after = self.version
        self.steps.append(step)
        self.answers = [(who, v or self.version, where, r) for who, v, where, r in self.answers]
        if step.after > step.before:
            self._mail(step.before + 1)
        if step.kind == "reissue":
            self._take_new_link(step.seat)
        return step

    def _move(self, step: Step) -> int:
        self.keys[step.seat] += 1
        step.key = step.key or f"p{step.seat}-{self.keys[step.seat]}"
        assert step.move is not None
        body: Json = {"move": step.move}
        if step.form == "text":
            body = {"text": self.game.format_move(step.move)}
        headers = {**self.bearer(step.seat), "Idempotency-Key": step.key}
        if step.precondition == "if-match":
            headers["If-Match"] = f'"{self.version}"'
        elif step.precondition == "expected":
            body["expected_version"] = self.version
        answer = self.world.client.post(f"/games/{self.gid}/moves", json=body, headers=headers)
        self.answers.append((step.seat, 0, f"move {step.form} {step.precondition}", answer))
        return answer.status_code

    def _admin(self, path: str, body: Json | None = None) -> int:
        headers = {"Authorization": f"Bearer {self.admin}"}
        answer = self.world.client.post(f"/games/{self.gid}/{path}", json=body, headers=headers)
        self.answers.append(("admin", 0, f"admin {path}", answer))
        return answer.status_code

    def _reissue(self, seat: int) -> int:
        """Re-issues `seat`'s token; its old token and a session of its old link become revoked."""
        old_session = self.session(self.links[seat])
        status = self._admin(f"seats/{seat}/token")
        self.revoked = [self.tokens[seat], old_session]
        self.revoked_seat, self.revoked_at = seat, self.version + 1
        return status

    def session(self, link: str) -> str:
        """Returns a seat session made from a play link's token (POST …/sessions)."""
        answer = self.world.client.post(f"/games/{self.gid}/sessions", json={"link": link})
        assert answer.status_code == 201, answer.get_json()
        token = str(answer.get_json()["token"])
        self.creds.append((answer.get_json()["seat"], token))
        return token

    def _take_new_link(self, seat: int) -> None:
        """Makes the seat play on with a session of the link the workers just emailed it."""
        message = next(m for _, s, (m, _raw) in reversed(self.mails) if s == seat)
        link = LINK.search(message.get_body(("plain",)).get_content())
        assert link is not None, "the re-issue sent no play link"
        self.links[seat] = link[1]
        self.creds.append((seat, link[1]))
        self.tokens[seat] = self.session(link[1])

    def _mail(self, first: int) -> None:
        """Sends the emails of versions first..now (workers' code, real SMTP) and keeps them."""
        for seat, message in self.world.mail(self.gid, first, self.version):
            self.mails.append((self.version, seat, message))


@contextmanager
def pinned(game: Any, seed: str, patch: Callable[[list[Json]], list[Json]] | None) -> Iterator[None]:
    """Makes the next game created use `seed`, and its setup events pass through `patch`."""
    saved_secrets, saved_setup = creating.secrets, game.setup
    creating.secrets = SimpleNamespace(token_hex=lambda _n: seed)  # type: ignore[assignment]
    if patch is not None:
        game.setup = lambda seats, options, rng_seed: patch(saved_setup(seats, options, rng_seed))
    try:
        yield
    finally:
        creating.secrets = saved_secrets  # type: ignore[assignment]
        game.setup = saved_setup
