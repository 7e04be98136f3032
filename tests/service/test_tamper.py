"""Whoever writes Redis can rewrite a log so that its hash chain still holds; receipts catch it.

Each test plays a game keeping every `Castillo-Receipt` a player was given, then tampers with
the stored stream as an attacker with write access would (entries rebuilt, re-sealed and
re-chained by the service's own code), and checks: the chain alone (GET verify) is fooled
where the finding says so, and verify with the receipts (POST) names the tamper.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine import rng
from engine.audit import log_seed
from service import receipts, sealing, store
from service.fold import fold
from service.games import GameService
from service.loaded import Loaded
from service.sealing import Item
from tests.service.conftest import bearer, create, key

Json = dict[str, Any]


def _play(client: FlaskClient, game: Json, moves: int, kept: list[str]) -> None:
    """Plays `moves` first-legal moves (or to the end), keeping each answer's receipt."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(moves):
        summary = client.get(f"/games/{game['id']}")
        kept.append(summary.headers[receipts.HEADER])
        if summary.get_json()["status"] != "running":
            return
        seat = summary.get_json()["prompts"][0]["seat"]
        legal = client.get(f"/games/{game['id']}/legal-moves", headers=bearer(tokens[seat])).get_json()
        answer = client.post(
            f"/games/{game['id']}/moves",
            json={"move": legal["moves"][0]},
            headers={**bearer(tokens[seat]), **key()},
        )
        assert answer.status_code == 201
        kept.append(answer.headers[receipts.HEADER])


def _entries(svc: GameService, gid: str) -> list[Json]:
    return svc.store.read(gid)


def _rewrite(svc: GameService, gid: str, entries: list[Json]) -> None:
    """Replaces the stored stream by `entries`, renumbered, re-chained and re-sealed with their
    salts (the seed is in Redis too), as an attacker who writes Redis would."""
    prev, rows, seed = "0" * 64, [], log_seed(entries)
    for v, env in enumerate(entries, start=1):
        body = {k: val for k, val in env.items() if k != "hash"} | {"v": v}
        sealed, raw = sealing.seal_v2(body, prev, rng.salt(seed, v))
        rows.append(raw)
        prev = sealed["hash"]
    pipe = svc.redis.pipeline()
    pipe.delete(store.log_key(gid))  # one key per DEL: a cluster pipeline allows no more
    pipe.delete(store.snapshot_key(gid))
    for v, raw in enumerate(rows, start=1):
        pipe.xadd(store.log_key(gid), {store.FIELD: raw}, id=store.entry_id(v))
    pipe.execute()


def _last_move_start(entries: list[Json]) -> int:
    """Returns the index of the first entry of the log's last move (its `group`)."""
    return int(entries[-1]["group"]) - 1


def _another_last_move(svc: GameService, gid: str, entries: list[Json]) -> list[Json]:
    """Returns the log with its last move replaced by another legal move of the same seat,
    decided by the engine and sealed by the service (salts included)."""
    start = _last_move_start(entries)
    meta = json.loads(svc.redis.get(store.meta_key(gid)))
    game = svc.load(gid).game
    before = fold(game, None, entries[:start])
    seat = entries[start]["actor"]["seat"]
    moves = [m for m in game.legal_moves(before.state, seat) if m != entries[start]["cause"]["move"]]
    move = {k: v for k, v in moves[0].items() if k != "complete"}
    items = [Item("engine", event, move) for event in game.decide(before.state, seat, move)]
    loaded = Loaded(gid, meta, game, before)
    forged, _ = sealing.envelopes(loaded, items, {"seat": seat}, "forged-key", entries[start]["t"])
    return entries[:start] + forged


def _verify(client: FlaskClient, gid: str, kept: list[str]) -> tuple[Json, Json]:
    plain = client.get(f"/games/{gid}/verify").get_json()
    checked = client.post(f"/games/{gid}/verify", json={"receipts": kept}).get_json()
    return plain, checked


def test_receipts_check_out_on_an_untouched_log(client: FlaskClient) -> None:
    game, kept = create(client), []
    _play(client, game, 6, kept)
    plain, checked = _verify(client, game["id"], kept)
    assert plain["ok"] and plain["receipts"] is None
    assert checked["ok"] and checked["receipts"] == {"ok": True, "problems": []}


def test_a_last_move_rewritten_through_the_engine_is_caught(app: Flask, client: FlaskClient) -> None:
    game, kept = create(client), []
    _play(client, game, 8, kept)
    svc: GameService = app.extensions["castillo"]
    _rewrite(svc, game["id"], _another_last_move(svc, game["id"], _entries(svc, game["id"])))
    plain, checked = _verify(client, game["id"], kept)
    assert plain["ok"]  # the chain alone is fooled: every hash was recomputed (Trust finding 4)
    assert not checked["ok"]
    problems = checked["receipts"]["problems"]  # the new move may cause fewer events than the old one
    assert any(
        "differs from the entry the server signed" in p or "but the log ends at" in p for p in problems
    )


def test_a_finished_game_cut_short_is_caught(app: Flask, client: FlaskClient) -> None:
    from tests.service.test_api import play_to_end

    game, kept = create(client), []
    play_to_end(client, game)
    kept.append(client.get(f"/games/{game['id']}").headers[receipts.HEADER])  # the final version
    svc: GameService = app.extensions["castillo"]
    entries = _entries(svc, game["id"])
    _rewrite(svc, game["id"], entries[: _last_move_start(entries)])
    summary = client.get(f"/games/{game['id']}").get_json()
    assert summary["status"] == "running"  # the truncation made the game running again
    plain, checked = _verify(client, game["id"], kept)
    assert plain["ok"] and not checked["ok"]
    assert any("but the log ends at" in p for p in checked["receipts"]["problems"])


def test_middle_entries_reordered_or_deleted_are_caught(app: Flask, client: FlaskClient) -> None:
    svc: GameService = app.extensions["castillo"]
    for tamper in ("reorder", "delete"):
        game, kept = create(client), []
        _play(client, game, 8, kept)
        entries = _entries(svc, game["id"])
        middle = len(entries) // 2
        if tamper == "reorder":
            entries[middle], entries[middle + 1] = entries[middle + 1], entries[middle]
        else:
            del entries[middle]
        _rewrite(svc, game["id"], entries)
        plain, checked = _verify(client, game["id"], kept)
        # re-chained, the chain holds; at most the fold of the reordered events breaks
        assert all(p.startswith("the log does not fold") for p in plain["chain"]["problems"]), tamper
        assert not checked["ok"] and checked["receipts"]["problems"], tamper  # re-chained, yet caught


def test_a_forged_or_foreign_receipt_counts_for_nothing(app: Flask, client: FlaskClient) -> None:
    game, kept = create(client), []
    _play(client, game, 2, kept)
    other, theirs = create(client), []
    _play(client, other, 2, theirs)
    forged = receipts.load("").sign(game["id"], 1, "0" * 64)  # a key the server never published
    stranger = receipts.Keys(receipts.Ed25519PrivateKey.generate(), {})
    checked = client.post(
        f"/games/{game['id']}/verify",
        json={"receipts": [kept[0], theirs[0], stranger.sign(game["id"], 1, "0" * 64), "not.a.jws"]},
    ).get_json()
    assert not checked["ok"]
    assert checked["receipts"]["problems"] == [
        f"receipt 2: for game {other['id']!r}, not {game['id']!r}",
        "receipt 3: not signed by a published key",
        "receipt 4: not signed by a published key",
    ]
    assert forged  # the process key is published (same process), so this one would verify


def test_the_published_keys_verify_every_receipt(client: FlaskClient) -> None:
    game, kept = create(client), []
    _play(client, game, 3, kept)
    keys = receipts.public_keys(client.get("/.well-known/jwks.json").get_json())
    payloads = [receipts.check(r, keys) for r in kept]
    assert all(p is not None and p["game"] == game["id"] for p in payloads)
    entries = client.get(f"/games/{game['id']}/events?limit=500").get_json()["entries"]
    hashes = {e["v"]: e.get("hash") for e in entries}
    assert all(hashes[p["v"]] == p["hash"] for p in payloads if p is not None)
