"""Deadlines with a controllable clock: `sweep(now)` auto-passes exactly once, never early,
never after the player moved; sealed decisions; absent mode in and out."""

from __future__ import annotations

import random
import time

from tests.workers import harness
from workers import deadlines

DAY = 86400


def log_of(rt, game_id):
    return rt.games.store.read(game_id)


def plans(rt, game_id):
    return {(p.seat, p.prompt): p for p in deadlines.planned(rt, game_id)}


def test_sweep_passes_once_and_never_before_the_deadline(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, time_control={"per_move": 3600, "reminders": [], "absent_after": 5})
    harness.pump(rt)
    [(seat, prompt)] = plans(rt, game_id)
    due = plans(rt, game_id)[(seat, prompt)].deadline
    version = rt.games.load(game_id).version
    assert deadlines.sweep(due - 0.001, rt) == []
    assert deadlines.act(rt, game_id, seat, prompt, due - 0.001) == "early"
    assert rt.games.load(game_id).version == version
    assert deadlines.sweep(due, rt) == [(game_id, seat, prompt, "passed")]
    assert deadlines.act(rt, game_id, seat, prompt, due + 5) == "closed"
    deadlines.sweep(due, rt)
    timed_out = [e for e in log_of(rt, game_id) if e["event"]["type"] == "seat_timed_out"]
    assert len(timed_out) == 1 and timed_out[0]["t"] / 1000 <= time.time()
    assert {e["actor"] for e in log_of(rt, game_id)[version:] if e["kind"] == "engine"} == {"deadline"}
    harness.pump(rt)
    notice = smtp.inbox.to("p0@example.org")[-1]
    assert "your deadline passed" in notice["Subject"]
    assert "play " in notice.get_body(("plain",)).get_content().split("Played for you:")[1]
    assert "your turn" in smtp.inbox.to("p1@example.org")[-1]["Subject"]


def test_a_player_who_moved_is_never_auto_passed(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, time_control={"per_move": 3600, "reminders": []})
    harness.pump(rt)
    [(seat, prompt)] = plans(rt, game_id)
    due = plans(rt, game_id)[(seat, prompt)].deadline
    loaded = rt.games.load(game_id)
    move = loaded.game.legal_moves(loaded.folded.state, seat)[0]
    rt.games.submit(game_id, seat, [move])
    assert deadlines.act(rt, game_id, seat, prompt, due + 1) == "closed"
    done = deadlines.sweep(due + 1, rt)
    assert all(s != seat for _, s, _, _ in done)
    assert not [
        e
        for e in log_of(rt, game_id)
        if e["event"]["type"] == "seat_timed_out" and e["event"]["seat"] == seat
    ]


def sealed_game(rt, attempts: int = 24, per_move: int = 3600) -> str:
    """Plays random legal moves in El Grande games until several seats are due at once.

    About 6 random games in 10 end without a simultaneous decision (nobody's caballeros meet
    in the Castillo), so it takes up to `attempts` games: 8 failed about once in 60 runs.
    """
    rnd = random.Random(7)
    for _ in range(attempts):
        answer, _ = rt.games.create(
            {
                "game": "elgrande",
                "options": {},
                "time_control": {"per_move": per_move, "reminders": []},
                "seats": [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(3)],
            }
        )
        game_id = answer["id"]
        for _ in range(400):
            loaded = rt.games.load(game_id)
            pending = loaded.game.pending(loaded.folded.state)
            if len(pending) > 1:
                return game_id
            if not pending:
                break
            seat = next(iter(pending))
            move = rnd.choice(loaded.game.legal_moves(loaded.folded.state, seat))
            rt.games.submit(game_id, seat, [{k: v for k, v in move.items() if k != "complete"}])
    raise AssertionError("no sealed decision reached")


def test_sealed_decisions_pass_every_due_seat_once(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = sealed_game(rt)
    due = plans(rt, game_id)
    assert len(due) > 1
    first, *others = sorted(due)
    loaded = rt.games.load(game_id)
    move = loaded.game.legal_moves(loaded.folded.state, first[0])[0]
    rt.games.submit(game_id, first[0], [{k: v for k, v in move.items() if k != "complete"}])
    latest = max(p.deadline for p in due.values())
    done = deadlines.sweep(latest, rt)
    assert sorted((s, p) for _, s, p, outcome in done if outcome == "passed") == sorted(others)
    assert deadlines.sweep(latest, rt) == [] or all(o != "passed" for *_, o in deadlines.sweep(latest, rt))
    timed_out = [e["event"]["seat"] for e in log_of(rt, game_id) if e["event"]["type"] == "seat_timed_out"]
    assert sorted(timed_out) == sorted(s for s, _ in others)


def test_absent_mode_starts_after_repeated_timeouts_and_ends_when_the_player_acts(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, seats=2, time_control={"per_move": 3600, "reminders": [], "absent_after": 2})
    harness.pump(rt)
    future = time.time() + 10 * DAY
    for _ in range(20):  # each sweep passes the one due seat (a reveal may hand a seat two prompts)
        deadlines.sweep(future, rt)
        if set(rt.games.load(game_id).folded.table.absent) == {0, 1}:
            break
    table = rt.games.load(game_id).folded.table
    assert set(table.absent) == {0, 1}
    harness.pump(rt)
    absent_notes = [m for m in smtp.inbox.messages if "is auto-played" in m["Subject"]]
    assert len(absent_notes) == 4  # both seats told about both seats
    # an absent seat's next prompt is due at once: the real clock's sweep plays it now
    before = rt.games.load(game_id).version
    passed = len([m for m in smtp.inbox.messages if "deadline passed" in m["Subject"]])
    deadlines.sweep(time.time() + 1, rt)
    assert rt.games.load(game_id).version > before
    harness.pump(rt)  # auto-played at once: no "deadline passed" email per move (the absent one said so)
    assert len([m for m in smtp.inbox.messages if "deadline passed" in m["Subject"]]) == passed
    mine = [
        m
        for m in smtp.inbox.messages
        if "is auto-played" in m["Subject"] and "You missed" in m.get_body(("plain",)).get_content()
    ]
    assert len(mine) == 2 and all(
        "To take your seat back" in m.get_body(("plain",)).get_content() for m in mine
    )
    loaded = rt.games.load(game_id)
    seat, _prompt = next(iter(loaded.game.pending(loaded.folded.state).items()))
    move = loaded.game.legal_moves(loaded.folded.state, seat)[0]
    rt.games.submit(game_id, seat, [move])
    assert seat not in rt.games.load(game_id).folded.table.absent
    harness.pump(rt)
    back = [m for m in smtp.inbox.messages if "is back" in m["Subject"]]
    assert len(back) == 2
