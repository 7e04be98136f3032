"""Fixtures of the language tests: the worker tests' SMTP server and Redis client (an email reply in Hungarian)."""

from __future__ import annotations

from tests.workers.conftest import r, smtp

__all__ = ["r", "smtp"]
