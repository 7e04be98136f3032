"""Dry runs and batches tell a seat nothing that the moves would draw or reveal (found by tests/leaks).

A dry run (`POST …/moves/validate`) used to answer with the events the moves would cause, as
the seat would see them once played: a Kabale play showed the card the seat would draw next and
the face-down card it would turn up, the round's last play every hidden card of the round; an
El Grande round's last move the next round's action cards, the last sealed choice every other
seat's. A batch went on deciding after such a move, so the refusal of a later move said who
owed the next decision (whose face-down card was a Magic Hood). The seat could try every move
for free and choose knowing what nobody knew. Now a move that draws or reveals (the game's
`REVEALS` events) must end its batch, and its dry run says only whether it would be accepted.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.service.conftest import bearer, create, key


def _due(client: FlaskClient, game: dict[str, Any]) -> tuple[int, dict[str, str], list[dict[str, Any]]]:
    """Returns the due seat, its credential header and its legal moves."""
    seat = client.get(f"/games/{game['id']}").get_json()["prompts"][0]["seat"]
    headers = bearer(game["seats"][seat]["token"])
    legal = client.get(f"/games/{game['id']}/legal-moves", headers=headers).get_json()["moves"]
    return seat, headers, legal


def _play(client: FlaskClient, game: dict[str, Any], move: dict[str, Any], headers: dict[str, str]) -> None:
    answer = client.post(f"/games/{game['id']}/moves", json={"move": move}, headers={**headers, **key()})
    assert answer.status_code == 201, answer.get_json()


def test_a_dry_run_of_a_play_shows_neither_the_card_drawn_nor_the_card_turned_up(
    client: FlaskClient,
) -> None:
    game = create(client)
    _, headers, legal = _due(client, game)
    first = next(m for m in legal if m["column"] == 0)
    _play(client, game, first, headers)
    _, headers, legal = _due(client, game)
    onto = next(m for m in legal if m["column"] == 0)  # turns up the first seat's card
    dry = client.post(f"/games/{game['id']}/moves/validate", json={"move": onto}, headers=headers)
    assert dry.status_code == 200 and dry.get_json() == {"valid": True, "problem": None, "outcome": None}
    assert first["card"] not in dry.get_data(as_text=True)


def test_a_dry_run_of_a_move_that_reveals_nothing_shows_its_outcome(client: FlaskClient) -> None:
    game = create(client, game="elgrande", seats=3)
    _, headers, legal = _due(client, game)
    dry = client.post(f"/games/{game['id']}/moves/validate", json={"move": legal[0]}, headers=headers)
    outcome = dry.get_json()["outcome"]
    assert outcome["entries"][0]["event"]["type"] == "power_card_played"


def test_a_move_that_draws_or_reveals_ends_its_batch_whatever_it_turns_up(client: FlaskClient) -> None:
    game = create(client, seats=3)
    for column in range(3):  # every column gets a face-down card, so the next play turns one up
        _, headers, legal = _due(client, game)
        _play(client, game, next(m for m in legal if m["column"] == column), headers)
    _, headers, legal = _due(client, game)
    answers = []
    for column in range(3):
        batch = [next(m for m in legal if m["column"] == column), {"type": "decline"}]
        for route in ("moves", "moves/validate"):
            answer = client.post(
                f"/games/{game['id']}/{route}", json={"moves": batch}, headers={**headers, **key()}
            )
            problem = answer.get_json().get("problem", answer.get_json())
            answers.append((answer.status_code, problem["code"], problem["reason"], problem["detail"]))
    detail = (
        "move 1 of 2 draws or reveals what was hidden: it must be the last move of its batch; "
        "send the moves after it separately"
    )
    assert {a[1:] for a in answers} == {("illegal-move", "reveals-mid-batch", detail)}, answers
    assert {a[0] for a in answers} == {200, 422}
