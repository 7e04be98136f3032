"""Serves the browser client's static files (clients/browser) at /play/<game_id> and /play/static/.

The service never imports client code; it only serves the files of that folder by path.
"""

from __future__ import annotations

from pathlib import Path

from flask import Response, send_from_directory

from engine.i18n import N_
from service.api.inputs import Blueprint
from service.errors import ServiceError

blp = Blueprint("play", __name__, url_prefix="/play", description="The browser client")

BROWSER = Path(__file__).resolve().parents[2] / "clients" / "browser"
HTML_DOC = {
    "200": {
        "description": "the browser client page",
        "content": {"text/html": {"schema": {"type": "string"}}},
    }
}
FILE_DOC = {
    "200": {
        "description": "a static file of the browser client",
        "content": {"*/*": {"schema": {"type": "string"}}},
    }
}


def _folder() -> Path:
    if not (BROWSER / "index.html").is_file():
        raise ServiceError(
            "not-found", N_("the browser client is not installed (clients/browser is missing)")
        )
    return BROWSER


@blp.route("/<game_id>", methods=["GET"])
@blp.doc(responses=HTML_DOC)
def get_page(game_id: str) -> Response:
    """Returns the browser client; it reads the play link's `#k=` fragment and opens a seat session."""
    response = send_from_directory(_folder(), "index.html", mimetype="text/html", max_age=0)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@blp.route("/static/<path:name>", methods=["GET"])
@blp.doc(responses=FILE_DOC)
def get_static(name: str) -> Response:
    """Returns one static file of the browser client (404 problem when there is none)."""
    return send_from_directory(_folder(), name, max_age=300)
