"""A player's client and CLI keep every receipt, and verify with them, online and offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import redis

from clients.cli import main
from clients.python import Client
from clients.python.receipts import ReceiptBook, check_record
from service import store
from service.games import GameService
from tests.service.test_tamper import _another_last_move, _rewrite


def _play(client: Client, game_id: str, tokens: list[str], moves: int) -> None:
    for _ in range(moves):
        seat = client.game(game_id).prompts[0].seat
        player = client.with_token(tokens[seat])
        player.play(game_id, player.legal_moves(game_id).moves[0])


def test_the_client_keeps_receipts_and_the_server_checks_them(server_url: str, tmp_path: Path) -> None:
    book = ReceiptBook(tmp_path)
    client = Client(server_url, receipts=book)
    game = client.create_game("kabale", ["Ann", "Bob"])
    _play(client, game.id, [s.token for s in game.seats], 4)
    kept = book.of(game.id)
    assert len(kept) == 5  # one per version seen (signatures are deterministic): created + 4 moves
    assert ReceiptBook(tmp_path).of(game.id) == kept  # persisted, one per line
    assert ReceiptBook(tmp_path).keys_of(game.id) == client.keys()  # the keys of that time, pinned
    report = client.verify(game.id)
    assert report.ok and report.receipts is not None and report.receipts.ok


def test_castillo_verify_fails_once_the_stored_log_was_rewritten(
    server_url: str, redis_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.setenv("CASTILLO_RECEIPTS", str(tmp_path / "receipts"))
    player = Client(server_url, receipts=ReceiptBook(tmp_path / "receipts"))
    game = player.create_game("kabale", ["Ann", "Bob"])
    _play(player, game.id, [s.token for s in game.seats], 6)
    record = tmp_path / "before.jsonl"
    assert main(["record", game.id, "-o", str(record), "--url", server_url]) == 0
    assert main(["verify", str(record)]) == 0
    assert "receipts" in capsys.readouterr().out
    # whoever writes Redis replaces the last move by another legal one, re-sealing the chain
    from service.config import Config

    svc = GameService(redis.Redis.from_url(redis_url), Config(REDIS_URL=redis_url, SECRET_KEY="x"))
    _rewrite(svc, game.id, _another_last_move(svc, game.id, svc.store.read(game.id)))
    assert svc.redis.exists(store.log_key(game.id))
    capsys.readouterr()
    assert main(["verify", "--game", game.id, "--url", server_url]) == 1
    online = capsys.readouterr().out
    assert online.startswith("FAILED") and "receipt" in online
    after = tmp_path / "after.jsonl"
    assert main(["record", game.id, "-o", str(after), "--url", server_url]) == 0
    capsys.readouterr()
    assert main(["verify", str(after)]) == 1  # offline, with the receipts and keys kept before
    out = capsys.readouterr().out
    assert out.startswith("FAILED") and "receipt" in out
    entries = [json.loads(line) for line in after.read_text().splitlines()]
    keys = ReceiptBook(tmp_path / "receipts").keys_of(game.id)
    assert keys and check_record(game.id, entries, ReceiptBook(tmp_path / "receipts").of(game.id), keys)


def test_the_stream_carries_receipts_and_the_client_keeps_them(server_url: str) -> None:
    from clients.bots.runner import play_with_tokens

    book = ReceiptBook()
    watcher = Client(server_url, receipts=book)
    created = watcher.create_game("kabale", ["bot", "bot"])
    play_with_tokens(server_url, created.id, {s.seat: s.token or "" for s in created.seats}, "kabale", seed=3)
    events = list(watcher.follow(created.id, 0))  # the whole log, then `end`
    assert events[-1].event == "end" and all(e.event in ("entry", "end") for e in events)
    keys = watcher.keys()
    signed = [check_payload(r, keys) for r in book.of(created.id)]
    final = watcher.game(created.id).version
    assert signed and signed[0] is not None and signed[0]["v"] == final  # kept from the stream alone
    assert not check_record(created.id, [e.data for e in events[:-1]], book.of(created.id), keys)


def check_payload(receipt: str, jwks: dict) -> dict | None:
    from clients.python.receipts import payload_checker

    return payload_checker(jwks)(receipt)
