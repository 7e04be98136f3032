"""Renders the email templates of `workers/templates` in the current language (engine.i18n).

Each message kind is one template (`turn.j2`, `invite.j2`, …) extending the layout `letter.j2`;
it is rendered three times from the same source: its subject (`part="subject"`), the text part
and the HTML part (`html` false or true; the HTML environment escapes every value). Words are
marked with `_`/`ngettext`/`pgettext` (Jinja2's i18n extension, new style: `%(name)s`
placeholders, escaped in HTML), read from the `mail` catalogs through engine.i18n, so the
language is the one of the context rendering (`with speaking(seat_language):`). Dates and
spans of time are written per locale by babel (`when`, `duration`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale
from babel.dates import format_date, format_time, format_timedelta
from babel.lists import format_list
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from engine.i18n import _, current, n_, p_
from service import i18n as _catalogs  # noqa: F401  (registers the mail catalogs)

TEMPLATES = Path(__file__).parent / "templates"


def when(epoch: float, timezone: str = "UTC") -> str:
    """Returns an epoch time in the current language, in `timezone` and in UTC when that is another
    zone: `Nov 21, 2026, 1:00 PM Europe/Budapest (12:00 PM UTC)`, `2026. nov. 21. 13:00 …`."""
    locale, utc = _locale(), datetime.fromtimestamp(epoch, UTC)
    try:
        zone = ZoneInfo(timezone) if timezone != "UTC" else None
    except (ZoneInfoNotFoundError, ValueError):
        zone = None
    local = utc.astimezone(zone) if zone else utc
    pattern = str(locale.datetime_formats["medium"])
    stamp = pattern.replace("{1}", format_date(local, "medium", locale=locale)).replace(
        "{0}", format_time(local, "short", tzinfo=local.tzinfo, locale=locale)
    )
    if zone is None:
        return f"{stamp} UTC"
    return f"{stamp} {timezone} ({format_time(utc, 'short', tzinfo=UTC, locale=locale)} UTC)"


def duration(seconds: float) -> str:
    """Returns a span of time in words of the current language, at most two units:
    "2 days, 5 hours", "3 hours, 20 minutes", "12 minutes", "40 seconds"."""
    left = max(0, int(seconds))
    days, hours, minutes = left // 86400, left % 86400 // 3600, left % 3600 // 60
    parts = (
        [timedelta(days=days), timedelta(hours=hours)]
        if days
        else [timedelta(hours=hours), timedelta(minutes=minutes)]
        if hours
        else [timedelta(minutes=minutes) if minutes else timedelta(seconds=left)]
    )
    locale = _locale()
    words = [format_timedelta(p, threshold=1, locale=locale) for p in parts if p or len(parts) == 1]
    return format_list(words, style="unit", locale=locale)


def language_name(language: str | None = None) -> str:
    """Returns the name of a language (default: the current one) as that language writes it within
    a sentence: "English", "magyar", "polski", "suomi", "Deutsch"."""
    code = language or current()
    return Locale.parse(code).get_display_name(code) or code


def _locale() -> Locale:
    return Locale.parse(current())


@cache
def environment(html: bool) -> Environment:
    """Returns the Jinja2 environment of the text part (no escaping) or of the HTML part."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=html,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(gettext=_, ngettext=n_, pgettext=p_, newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(when=when, duration=duration)
    env.globals.update(html=html, language_name=language_name)
    return env


def render(template: str, values: Mapping[str, Any], *, html: bool, part: str = "body") -> str:
    """Returns one part (`body` or `subject`) of the template `<template>.j2` filled with `values`."""
    out = environment(html).get_template(f"{template}.j2").render(**values, part=part)
    if part == "subject":
        return " ".join(out.split())
    if html:
        return out
    return re.sub(r"\n{3,}", "\n\n", out.lstrip("\n"))


def subject(template: str, values: Mapping[str, Any]) -> str:
    """Returns the subject line of the template `<template>.j2` filled with `values`."""
    return render(template, values, html=False, part="subject")
