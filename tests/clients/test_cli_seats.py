"""`castillo new --seat NAME[:EMAIL[:LANGUAGE]]`: how a seat is written on the command line."""

from __future__ import annotations

from clients.cli import _seat


def test_a_seat_may_name_its_email_and_its_language() -> None:
    assert _seat("Ann") == {"name": "Ann"}
    assert _seat("Ann:ann@example.org") == {"name": "Ann", "email": "ann@example.org"}
    assert _seat("Ann:ann@example.org:hu") == {"name": "Ann", "email": "ann@example.org", "language": "hu"}
    assert _seat("Ann::pl") == {"name": "Ann", "language": "pl"}
