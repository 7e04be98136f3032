"""Exposes the WSGI app for gunicorn: `gunicorn -k gthread 'service.wsgi:app'` (settings from env)."""

from __future__ import annotations

from service.app import create_app

app = create_app()
