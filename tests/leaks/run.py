"""Plays one planned game (and its twin) and runs every attack on what each viewer collected.

The game is played step by step (tests.leaks.table); at checkpoints every viewer collects what
it can reach (tests.leaks.collect): each seat, a spectator and, once a seat's token was
re-issued, the revoked credentials; each seat probes on its turn and now and then off it.
While the twin (tests.leaks.twins) is known the same by a viewer, the twin's answers to that
viewer are collected too and compared. Streams are read from creation to the end, emails as
they are sent; everything goes through the field checks (tests.leaks.checks), and the entries
that hide something through the hash attack (tests.leaks.hashes). A game played to its end
checks the controls: the seed is public then, and every hash recomputes from it.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from tests.leaks import hashes
from tests.leaks.checks import Inspector
from tests.leaks.collect import Item, Viewer, Watcher, collect, mail_item, viewers
from tests.leaks.report import Tally
from tests.leaks.table import Step, Table
from tests.leaks.truth import SALT, Truth, canon
from tests.leaks.twins import Equivalence, Twin, compare, twin_of
from tests.leaks.world import World
from tests.streamclient import Stream

EARLY = (1, 3, 6, 10)  # checkpoints where only a twin's viewers collect (twins part soon in Kabale)
STEPS = {
    "move": "seats' moves",
    "deadline": "auto-passes",
    "bot": "bots seated",
    "unbot": "bots removed",
    "reissue": "tokens re-issued",
}
SEALED = {  # prompts of decisions whose answers reveal hidden facts: the due seats probe them at once
    "kabale": {"hood_tuck", "traitor_swap"},
    "elgrande": {
        "castillo_disc",
        "eviction_disc",
        "return_two_disc",
        "return_all_disc",
        "secret_scoring_disc",
        "veto_answer",
        "king_returns_choice",
    },
}


@dataclass(frozen=True)
class Plan:
    """One game to play: which, how many seats, how many steps (or to the end), with a twin or not."""

    game: str
    seats: int
    index: int
    steps: int
    to_end: bool = False
    twin: bool = True


@dataclass
class Side:
    """One of the two games of a plan: its table, truth, inspector and streams."""

    table: Table
    truth: Truth
    inspector: Inspector
    watchers: dict[str, Watcher]

    @classmethod
    def start(
        cls, world: World, tally: Tally, plan: Plan, label: str, seed: str, reissue: int, twin: Twin | None
    ) -> Side:
        """Creates the game (a twin's with the twin's setup) and opens a stream for every viewer."""
        table = Table(world, plan.game, plan.seats, label, reissue_seat=reissue)
        table.create(seed, twin.patch if twin is not None else None)
        truth = Truth(plan.game, lambda: world.service.store.read(table.gid))
        truth.refresh()
        side = cls(table, truth, Inspector(table, truth, tally), {})
        for viewer in viewers(table):
            side.watch(viewer)
        return side

    def watch(self, viewer: Viewer) -> None:
        url = f"{self.table.world.stream_url}/games/{self.table.gid}/stream?after=0"
        self.watchers[viewer.name] = Watcher(url, viewer, viewer.creds[0])

    def drain(self) -> list[Item]:
        """Returns the answers the driver got since the last drain, as items, and inspects them."""
        items = []
        self.truth.refresh()
        for who, version, where, answer in self.table.answers:
            seat = who if isinstance(who, int) else None
            viewer = Viewer(f"seat {seat}" if seat is not None else "admin", seat, ())
            items.append(Item(viewer, version, where, answer.status_code, dict(answer.headers), answer.data))
        self.table.answers.clear()
        for item in items:
            self.inspector.inspect(item)
        return items


def play(world: World, plan: Plan, tally: Tally, run_seed: str) -> None:
    """Plays `plan` (and its twin) and runs every attack; counts into `tally`."""
    rnd = random.Random(f"{run_seed}:{plan.game}:{plan.seats}:{plan.index}")
    label = "l" + hashlib.sha256(f"{run_seed}:{plan}".encode()).hexdigest()[:7]
    seed = hashlib.sha256(f"seed:{label}".encode()).hexdigest()
    reissue = rnd.randrange(plan.seats)
    twin = twin_of(plan.game, plan.seats, rnd) if plan.twin else None
    a = Side.start(world, tally, plan, label + "a", seed, reissue, None)
    b = Side.start(world, tally, plan, label + "b", seed, reissue, twin) if twin else None
    tally.games[f"{plan.game} {plan.seats}"] += 1
    tally.twins += b is not None
    same = Equivalence(a.truth, b.truth) if b is not None else None
    game = Game(world, plan, tally, rnd, a, b, twin, same)
    try:
        game.run()
        game.finish()
    finally:
        for side in (a, b):
            for watcher in side.watchers.values() if side else ():
                watcher.close()


@dataclass
class Game:
    """The loop of one plan: steps, checkpoints, and the final streams, emails and hash attack."""

    world: World
    plan: Plan
    tally: Tally
    rnd: random.Random
    a: Side
    b: Side | None
    twin: Twin | None
    same: Equivalence | None

    def run(self) -> None:
        """Plays the steps, with checkpoints at a third and two thirds of them, early ones while
        there is a twin, probes of sealed decisions in between, and a last one at the end."""
        regular = {self.plan.steps // 3, 2 * self.plan.steps // 3}
        reissue_at = self.rnd.randint(2, max(3, self.plan.steps // 3))
        limit = 600 if self.plan.to_end else self.plan.steps
        for i in range(limit):
            self.world.clock.at(i)
            step = self.a.table.plan(self.rnd, i, reissue_at)
            if step is None:
                break
            self.a.table.play(step)
            self._twin_step(step)
            if step.kind == "reissue":
                self._revoked(self.a)
            answers = self.a.drain()
            if self.b is not None:
                self._compare_answers(answers, self.b.drain())
            self.tally.steps[STEPS[step.kind]] += 1
            self.tally.steps[f"{STEPS[step.kind]} refused"] += step.status >= 400
            if i in regular or (self.b is not None and i in EARLY):
                self.checkpoint(full=i in regular)
            else:
                self.sealed()
        self.checkpoint(full=True)

    def sealed(self) -> None:
        """Lets the seats due in a sealed or revealing decision probe it (and in the twin)."""
        prompts = self.a.table.summary()["prompts"]
        due = {p["seat"] for p in prompts if p["kind"] in SEALED[self.plan.game]}
        if due:
            self.tally.steps["sealed decisions probed"] += 1
            self.checkpoint(full=False, only=due)

    def _twin_step(self, step: Step) -> None:
        """Plays the twin's step for `step`; a step accepted in one game and refused in the other
        while a viewer still knows the same of both is a finding."""
        b = self.b
        if b is None or self.twin is None:
            return
        before = self._observers_equal(step.before)
        mirrored = b.table.play(self.twin.mirror(step, b.table))
        if step.kind == "reissue":
            self._revoked(b)
        if mirrored.status != step.status:  # the same step accepted in one game and refused in the other
            detail = f"step {step.kind} of seat {step.seat}: {step.status} vs twin {mirrored.status}"
            self.tally.check("twin", not before, detail)
        if mirrored.status != step.status or b.table.version != self.a.table.version:
            self._drop_twin()

    def _observers_equal(self, version: int) -> list[int | None]:
        """Returns the viewers (seats, None for spectators) that know the same of both games."""
        if self.b is None or self.twin is None or self.same is None:
            return []
        self.a.truth.refresh()
        self.b.truth.refresh()
        seats = [s for s in range(self.plan.seats) if s != self.twin.holder]
        return [s for s in [None, *seats] if self.same.equal(s, version)]

    def _drop_twin(self) -> None:
        """Stops playing the twin once no viewer knows the same of both games."""
        if self.b is not None:
            self._compare_streams_and_mail()
            self._finish_side(self.b)
            for watcher in self.b.watchers.values():
                watcher.close()
        self.b = None

    def checkpoint(self, full: bool, only: set[int] | None = None) -> None:
        """Collects what each viewer reaches now (and from the twin, while it is the same to it);
        with `only`, just those seats' probes."""
        self.a.truth.refresh()
        equal = self._observers_equal(self.a.table.version)
        if self.b is not None and not equal:
            self._drop_twin()
        due = only or {p["seat"] for p in self.a.table.summary()["prompts"]}
        for index, viewer in enumerate(viewers(self.a.table)):
            twin = self.b is not None and viewer.seat in equal
            if not (full or twin) or (only is not None and viewer.seat not in only):
                continue
            self.tally.viewers += 1
            probe = viewer.seat in due or (viewer.seat is not None and self.rnd.random() < 0.3)
            seed, read = self.rnd.random(), only is None
            mine = collect(self.a.table, viewer, random.Random(seed), probe, read)
            for item in mine:
                self.a.inspector.inspect(item)
            if twin and self.b is not None:
                theirs = collect(self.b.table, viewers(self.b.table)[index], random.Random(seed), probe, read)
                for item in theirs:
                    self.b.inspector.inspect(item)
                compare(mine, theirs, self.a.table, self.b.table, self.tally)

    def _compare_answers(self, mine: list[Item], theirs: list[Item]) -> None:
        """Compares the answers the driver got in both games, for the viewers that know the same."""
        equal = self._observers_equal(self.a.table.version)
        pairs = [(x, y) for x, y in zip(mine, theirs, strict=False) if x.viewer.seat in equal]
        if pairs and self.b is not None:
            compare([x for x, _ in pairs], [y for _, y in pairs], self.a.table, self.b.table, self.tally)

    def _revoked(self, side: Side) -> None:
        """Tries the revoked credentials on the stream, and follows the seat's new session."""
        table = side.table
        url = f"{self.world.stream_url}/games/{table.gid}/stream?after=0"
        for cred in table.revoked:
            stream = Stream(url, {"Authorization": f"Bearer {cred}"})
            body = stream.response.text if stream.status != 200 else "(a stream)"
            stream.close()
            viewer = Viewer("revoked", None, (cred,))
            side.inspector.inspect(Item(viewer, table.version, "stream", stream.status, {}, body.encode()))
        seat = table.reissue_seat
        side.watchers[f"seat {seat} (new session)"] = Watcher(
            url, Viewer(f"seat {seat}", seat, ()), table.tokens[seat]
        )

    def finish(self) -> None:
        """Reads the streams and emails of both games and runs the hash attack."""
        if self.b is not None:
            self._compare_streams_and_mail()
            self._finish_side(self.b)
        self._finish_side(self.a)

    def _compare_streams_and_mail(self) -> None:
        """Compares the twins' stream entries and emails of each viewer up to the last version it
        knew alike in both."""
        b, twin, same = self.b, self.twin, self.same
        if b is None or twin is None or same is None:
            return
        for name, mine in self.a.watchers.items():
            theirs, seat = b.watchers.get(name), mine.viewer.seat
            if theirs is None or seat == twin.holder or not same.upto.get(seat):
                continue
            upto = same.upto[seat]
            mine.wait(upto, timeout=5)
            theirs.wait(upto, timeout=5)
            frames = [
                [i for i in w.items() if i.where == "sse entry" and 0 < (i.json() or {}).get("v", 0) <= upto]
                for w in (mine, theirs)
            ]
            compare(frames[0], frames[1], self.a.table, b.table, self.tally)
        for seat in range(self.plan.seats):
            if seat == twin.holder or not same.upto.get(seat):
                continue
            letters = [
                [
                    mail_item(Viewer(f"seat {s}", s, ()), v, *m)
                    for v, s, m in side.table.mails
                    if s == seat and v <= same.upto[seat]
                ]
                for side in (self.a, b)
            ]
            compare(letters[0], letters[1], self.a.table, b.table, self.tally)

    def _finish_side(self, side: Side) -> None:
        """Inspects a game's streams and emails, runs the hash attack and counts the controls."""
        side.truth.refresh()
        table = side.table
        revoked = f"seat {table.revoked_seat}" if table.revoked else None
        for name, watcher in side.watchers.items():
            watcher.wait(table.version if name != revoked else 10**12, timeout=5)  # revoked: its end
            items = watcher.items()
            if name == revoked:
                items = self._revoked_stream(items, table)
            for item in items:
                side.inspector.inspect(item)
        for version, seat, (message, raw) in table.mails:
            side.inspector.inspect(mail_item(Viewer(f"seat {seat}", seat, ()), version, message, raw))
        hashes.attack(side.inspector)
        self._controls(side)

    def _revoked_stream(self, items: list[Item], table: Table) -> list[Item]:
        """Checks the stream of the re-issued seat's old token: nothing after the re-issue, then an
        `unauthorized` end; returns the frames from before (the seat's own)."""
        late = [i for i in items if i.where in ("sse entry", "sse receipt") and i.version >= table.revoked_at]
        self.tally.check("revoked", not late, f"stream after re-issue: {[i.text[:80] for i in late[:2]]}")
        ends = [(i.json() or {}).get("code") for i in items if i.where == "sse end"]
        self.tally.check("revoked", ends == ["unauthorized"], f"the old token's stream ended with {ends}")
        return [i for i in items if i not in late]

    def _controls(self, side: Side) -> None:
        """Counts the controls of a finished game: the seed is public, every hash recomputes from it."""
        served = side.inspector.served.get("all", {})
        if not served:
            return
        seed, good = side.truth.seed, 0
        for v, entry in sorted(served.items()):
            body = {k: x for k, x in entry.items() if k not in ("hash", "redacted")}
            prev = side.inspector.hashes.get(v - 1, "0" * 64)
            if "prev" not in body:
                body |= {"prev": prev, "salt": SALT(seed, v)}
            good += hashlib.sha256(canon(body).encode()).hexdigest() == entry["hash"]
        self.tally.controls["entry hashes recomputed from the seed once over"] += good
        self.tally.controls["entry hashes that did not (must be 0)"] += len(served) - good
