"""The do-not-email list: an invitation's one-click unsubscribe keeps every game from emailing the address."""

from __future__ import annotations

import json
import re
import uuid

from service import contacts
from service.app import create_app
from tests.service.conftest import bearer, key
from tests.workers import harness
from workers.notify import outcomes_key


def _unsubscribe_path(message) -> str:
    return re.search(r"<https://castillo\.test(/unsubscribe/\S+)>", message["List-Unsubscribe"]).group(1)


def test_an_invitations_unsubscribe_puts_the_address_on_the_do_not_email_list(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    http = create_app(rt.config).test_client()
    run = uuid.uuid4().hex[:8]
    ann, eve = f"ann-{run}@example.org", f"Eve.{run}@Example.org"
    spec = {"game": "kabale", "seats": [{"name": "Ann", "email": ann}, {"name": "Eve", "email": eve}]}
    first = rt.games.create(spec)[0]["id"]
    harness.pump(rt)
    (invite,) = smtp.inbox.to(eve)
    assert "No more emails from Castillo to this address" in invite.get_body(("plain",)).get_content()
    path = _unsubscribe_path(invite)
    assert b"from Castillo to this address" in http.get(path).data and not contacts.forbidden(r, eve)
    done = http.post(
        path, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert done.status_code == 200
    assert done.json == {"game": first, "seat": 1, "unsubscribed": True, "scope": "address"}
    assert contacts.forbidden(r, eve.lower().replace("@", "+other@"))

    # a later notice of the same game skips the address, and says so
    loaded = rt.games.load(first)
    rt.games.submit(first, 0, [loaded.game.legal_moves(loaded.folded.state, 0)[0]])
    harness.pump(rt)
    skipped = {k: json.loads(v)["status"] for k, v in r.hgetall(outcomes_key(first)).items()}
    assert any(k.startswith("1:turn:") and v == "do-not-email" for k, v in skipped.items()), skipped

    # a new game naming the address (another spelling) is created; its seat gets no email
    seats = [{"name": "Ann", "email": ann}, {"name": "Eve", "email": eve.upper().replace("@", "+x@")}]
    answer = http.post("/games", json={"game": "kabale", "seats": seats}, headers=key())
    assert answer.status_code == 201
    created = answer.get_json()
    assert [s["email_status"] for s in created["seats"]] == ["invited", "do-not-email"]
    harness.pump(rt)
    assert len(smtp.inbox.to(ann)) >= 2 and smtp.inbox.to(eve) == [invite]
    assert json.loads(r.hget(outcomes_key(created["id"]), "1:invite:"))["status"] == "do-not-email"

    # a re-issued link cannot be emailed: the admin gets it, as for a seat without email
    reissued = http.post(f"/games/{created['id']}/seats/1/token", headers=bearer(created["admin_token"]))
    assert reissued.status_code == 201 and reissued.json["delivered"] == "answer" and reissued.json["link"]
