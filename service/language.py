"""Speaks each request's language: Flask-Babel picks it from Accept-Language, `engine.i18n` speaks it.

The language is the best of `engine.i18n.languages()` for the request's Accept-Language
(`engine.i18n.negotiate`; none acceptable, or no header: English). A before_request sets it
as `engine.i18n`'s current language, so problem titles and details, engine refusals and the
readable record, and any code shared with the workers and the CLI, speak it; Flask-Babel
reads the same catalogs (domain `castillo`) for Jinja templates and `flask_babel.gettext`.
Every answer carries `Content-Language` (the language used) and `Vary: Accept-Language`
(design.md, decision 10). JSON bodies hold data, not text, so their ETags stay the version;
an answer whose body is text in the language tags itself with `language_etag`.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, has_request_context, request
from flask_babel import Babel

import service.i18n  # noqa: F401 - registers the service's catalog folders with engine.i18n
from engine import i18n
from service.catalogs import AREAS

FOLDERS = ("terms", "reasons", "api", "mail", "web")


def folders() -> list[Path]:
    """Returns the catalog folders Flask-Babel reads (the areas' folders that the service speaks)."""
    return [area.path for area in AREAS if area.name in FOLDERS]


def request_language() -> str:
    """Returns the language of the current request (English outside a request)."""
    if not has_request_context():
        return i18n.SOURCE
    return i18n.negotiate(request.headers.get("Accept-Language"))


def install(app: Flask) -> Babel:
    """Installs Flask-Babel and the per-request language on `app`; call it before other hooks."""
    babel = Babel(
        app,
        locale_selector=request_language,
        default_domain=i18n.DOMAIN,
        default_translation_directories=";".join(str(f) for f in folders()),
    )
    app.before_request(_speak)
    app.after_request(_label)
    app.teardown_request(_quiet)
    return babel


def _speak() -> None:
    i18n.use(request_language())


def _label(response: Response) -> Response:
    response.headers.setdefault("Content-Language", i18n.current())  # a route may speak another (/locales)
    response.vary.add("Accept-Language")
    return response


def _quiet(_exc: BaseException | None) -> None:
    """Returns the worker thread to English once the request is done (the next one sets its own)."""
    i18n.use(i18n.SOURCE)


def language_etag(version: int) -> str:
    """Returns the ETag of a text answer about `version` in the current language, e.g. `"12-hu"`."""
    return f'"{version}-{i18n.current()}"'
