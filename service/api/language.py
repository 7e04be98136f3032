"""Serves the page where a seat picks the language of its emails, reached by the signed link in
every email (the link is the credential: no token needed; service.seatlang).

`GET /language/{token}` shows the choice in the seat's language; `POST /language/{token}` (a
form field or a JSON member `language`) changes it and shows the page again, in the new language.
"""

from __future__ import annotations

import html
from typing import Any

from babel import Locale
from flask import Response, request
from webargs.flaskparser import is_json_request

from engine.i18n import N_, _, languages, speaking
from service import seatlang
from service.api.common import problems, service
from service.api.inputs import Blueprint, read_json
from service.errors import ServiceError

blp = Blueprint("language", __name__, description="The signed language page of a seat's emails")
HTML_ANSWER = {
    "200": {
        "description": "the page (HTML) with one choice per language",
        "content": {"text/html": {"schema": {"type": "string"}}},
    }
}
FORM_BODY = {
    "required": True,
    "content": {
        t: {
            "schema": {
                "type": "object",
                "required": ["language"],
                "properties": {"language": {"type": "string"}},
            }
        }
        for t in ("application/x-www-form-urlencoded", "application/json")
    },
}


def native_name(language: str) -> str:
    """Returns a language's name in that language ("magyar", "polski", "suomi"), capitalised."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def page(game_id: str, seat: int, language: str, saved: bool) -> str:
    """Returns the language page of a seat, written in `language`."""
    with speaking(language):
        title = _("Language of your Castillo emails")
        intro = _("Game {game}, seat {seat}: choose the language Castillo writes to you in.").format(
            game=game_id, seat=seat
        )
        note = _("Saved: your next emails are in {language}.").format(language=native_name(language))
        save = _("Save")
    choices = "".join(
        f"<p><label><input type='radio' name='language' value='{code}'"
        f"{' checked' if code == language else ''}> <span lang='{code}'>{html.escape(native_name(code))}</span></label></p>"
        for code in languages()
    )
    done = f"<p role='status'><strong>{html.escape(note)}</strong></p>" if saved else ""
    return (
        f"<!doctype html><html lang='{language}'><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'>"
        f"<title>{html.escape(title)}</title>"
        "<body style='font-family:sans-serif;max-width:36em;margin:2em auto;padding:0 1em'>"
        f"<h1 style='font-size:1.4em'>{html.escape(title)}</h1>{done}<p>{html.escape(intro)}</p>"
        f"<form method='post'><fieldset style='border:0;padding:0'><legend>{html.escape(title)}</legend>"
        f"{choices}</fieldset><button>{html.escape(save)}</button></form></body></html>"
    )


def _target(token: str) -> tuple[str, int]:
    """Returns (game, seat) of a language token of a game that exists; refuses others (404)."""
    svc = service()
    game_id, seat = seatlang.read_token(svc.config.SECRET_KEY, token)
    seats = svc.load(game_id).meta["seats"]
    if not 0 <= seat < len(seats):
        raise ServiceError("not-found", N_("unknown language link"))
    return game_id, seat


@blp.route("/language/<token>", methods=["GET"])
@blp.doc(security=[], responses=HTML_ANSWER)
@problems(blp, "not-found", "unknown-game")
def language_page(token: str) -> Response:
    """Shows the seat's language choice, in its current language."""
    game_id, seat = _target(token)
    current = seatlang.of(service().load(game_id).meta, seat)
    return Response(page(game_id, seat, current, saved=False), mimetype="text/html")


@blp.route("/language/<token>", methods=["POST"])
@blp.doc(security=[], requestBody=FORM_BODY, responses=HTML_ANSWER)
@problems(blp, "not-found", "unknown-game", "unknown-language")
def choose_language(token: str) -> Response:
    """Sets the seat's language (form field `language`) and shows the page in it."""
    game_id, seat = _target(token)
    sent: Any = read_json(request.get_data()) if is_json_request(request) else request.form
    chosen = seatlang.change(
        service(), game_id, seat, sent.get("language") if isinstance(sent, dict) else None
    )
    return Response(page(game_id, seat, chosen["language"], saved=True), mimetype="text/html")
