"""`castillo worker|relay|inbound-smtp` next to `castillo serve`: the embedded Redis is found."""

from __future__ import annotations

from service.embedded import EmbeddedRedis
from workers.cli import main, use_embedded


def test_a_running_serve_data_folder_supplies_redis_and_the_secret(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis")
    server.start()
    try:
        env = {"DATA_DIR": str(tmp_path)}
        assert use_embedded(env) is True
        assert env["REDIS_URL"] == server.url
        assert env["SECRET_KEY"] == (tmp_path / "secret_key").read_text().strip()
    finally:
        server.stop()
    assert use_embedded({"DATA_DIR": str(tmp_path)}) is False  # stopped: the stale socket is not used


def test_an_explicit_redis_url_wins(tmp_path):
    env = {"REDIS_URL": "redis://127.0.0.1:6379/9", "DATA_DIR": str(tmp_path)}
    assert use_embedded(env) is False and env["REDIS_URL"] == "redis://127.0.0.1:6379/9"


def test_without_any_redis_the_command_says_what_to_do(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    monkeypatch.setattr("workers.runtime._current", None)
    assert main(["inbound-smtp", "--listen", "127.0.0.1:0"]) == 2
    assert "no `castillo serve` runs with data in" in capsys.readouterr().err
