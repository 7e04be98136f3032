"""Fills a game's bot seats with bots that play through the API until the game ends.

The admin token takes the seats over (`POST …/seats/{seat}/token` re-issues each one's
token, so only seats meant for bots should be chosen: by default those whose player name
starts with "bot", as `castillo new --bot greedy` names them). A seat with an email
address cannot be taken: the server mails its new link to its player instead. Between turns the runner
waits on the game's event stream, so a bot answers a human's move at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from clients.bots import elgrande, kabale
from clients.bots.base import Bot, play_once
from clients.bots.random_bot import RandomBot
from clients.python import Client, entry_text
from clients.python.types import GameSummary
from engine.i18n import _

GREEDY: dict[str, Callable[[], Bot]] = {"elgrande": elgrande.GreedyBot, "kabale": kabale.GreedyBot}


def make_bot(game: str, kind: str) -> Bot:
    """Returns a bot of `kind` ("random" or "greedy") for `game`."""
    if kind == "random":
        return RandomBot()
    if kind == "greedy" and game in GREEDY:
        return GREEDY[game]()
    raise ValueError(
        _("no {kind} bot for {game}; kinds: random, greedy").format(kind=repr(kind), game=repr(game))
    )


def bot_seats(summary: GameSummary) -> list[int]:
    """Returns the seats whose player name marks them as bots ("bot", "bot:greedy", …)."""
    return [s.seat for s in summary.seats if s.name.lower().startswith("bot")]


def kind_of(name: str, default: str | None) -> str:
    """Returns the bot kind for a seat: `default` if given, else from "bot:<kind>", else greedy."""
    if default:
        return default
    kind = name.partition(":")[2]
    return kind if kind in ("random", "greedy") else "greedy"


class Table:
    """The bots of one game: a client and a bot per seat they play."""

    def __init__(
        self, url: str, game_id: str, players: dict[int, tuple[Client, Bot]], seed: int | None
    ) -> None:
        self.url = url
        self.game_id = game_id
        self.players = players
        self.rnd = random.Random(seed)
        self.watcher = Client(url)

    def run(self, log: Callable[[str], None] | None = None, max_moves: int = 100_000) -> GameSummary:
        """Plays every due bot seat until the game is over; returns the final summary."""
        for _round in range(max_moves):
            summary = self.watcher.game(self.game_id)
            if summary.over:
                return summary
            played = [self.step(p.seat, log, summary) for p in summary.prompts if p.seat in self.players]
            if not any(played):
                self.wait(summary.version)
        text = _("game {game} did not end within {n} rounds of bot moves")
        raise RuntimeError(text.format(game=self.game_id, n=max_moves))

    def step(self, seat: int, log: Callable[[str], None] | None, summary: GameSummary) -> bool:
        """Plays one decision of `seat`; returns whether a move was accepted (logged as its first event)."""
        client, bot = self.players[seat]
        answer = play_once(bot, client, self.game_id, seat, self.rnd)
        if answer is not None and answer.entries and log is not None:
            names = {s.seat: s.name for s in summary.seats}
            text = _("{entry}   ({bot} bot)")
            log(text.format(entry=entry_text(answer.entries[0], names, summary.game), bot=bot.name))
        return answer is not None

    def wait(self, version: int) -> None:
        """Returns once the game has moved past `version` (its event stream says so)."""
        stream = self.watcher.follow(self.game_id, version)
        try:
            next(stream, None)
        finally:
            stream.close()


def fill_seats(
    url: str,
    game_id: str,
    admin_token: str,
    *,
    kind: str | None = None,
    seats: Sequence[int] | None = None,
    seed: int | None = None,
    log: Callable[[str], None] | None = None,
) -> GameSummary:
    """Takes over the bot seats (or `seats`) with fresh tokens and plays them until the game ends."""
    admin = Client(url, admin_token)
    summary = admin.game(game_id)
    chosen = list(seats) if seats is not None else bot_seats(summary)
    if not chosen:
        raise ValueError(
            _("game {game} has no seat named bot…; pass --seats to choose seats").format(game=game_id)
        )
    names = {s.seat: s.name for s in summary.seats}
    players: dict[int, tuple[Client, Bot]] = {}
    for seat in chosen:
        token = admin.reissue_token(game_id, seat)["token"]
        if token is None:  # the server mailed the new link to the seat's player instead
            text = _(
                "seat {seat} has an email address: its new link went to its player by email; "
                "bots can only take seats without one"
            )
            raise ValueError(text.format(seat=seat))
        players[seat] = (Client(url, token), make_bot(summary.game, kind_of(names.get(seat, ""), kind)))
    return Table(url, game_id, players, seed).run(log)


def play_with_tokens(
    url: str, game_id: str, tokens: dict[int, str], game: str, kind: str = "greedy", seed: int | None = None
) -> GameSummary:
    """Plays the seats whose tokens are known (e.g. from `create_game`) until the game ends."""
    players = {seat: (Client(url, token), make_bot(game, kind)) for seat, token in tokens.items()}
    return Table(url, game_id, players, seed).run()
