"""The client subcommands of `castillo`: talk to a Castillo server over its HTTP API.

    castillo catalog [GAME]                            the games, and a game's options with what they do
    castillo new kabale --seat Ann --seat Bob          create a game; prints the tokens (once)
    castillo new elgrande --seat Ann --seat Bob --option france --option veto=false
    castillo status GAME        (alias: show)          the board as text, who owes what
    castillo moves GAME                                your legal moves in the game's notation
    castillo play GAME 'play king 2'                   a move in notation, JSON, or --pick N
    castillo follow GAME                               live entries (SSE) until the game ends
    castillo history GAME                              the log as you may see it
    castillo record GAME [--format text] [-o FILE]     export the record
    castillo verify FILE | --game GAME                 audit a record offline, or ask the server
    castillo bots --game GAME --admin-token T          play the bot seats until the game ends

The server URL and token come from --url/--token or CASTILLO_URL/CASTILLO_TOKEN. Errors
print the server's problem title and detail and exit with status 1 (2 for usage errors).
The language (`--lang`, else CASTILLO_LANG, else the locale: `clients.i18n.choose`) holds for
the whole run: every line, the help texts, and the server's answers (sent as Accept-Language).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from clients.i18n import choose, known
from clients.python import Client, ClientError, ProblemError
from clients.python.describe import entry_text, move_text
from clients.python.options import options_from_text
from clients.python.receipts import ReceiptBook, check_record, default_folder
from clients.python.render import render, result_line, status_word
from clients.python.term import Style, colour_wanted, table
from clients.python.types import GameInfo, GameSummary
from engine.i18n import N_, _, languages, n_, speaking

DEFAULT_URL = "http://127.0.0.1:8000"


class Out:
    """Writes to stdout with colour only when stdout is a terminal (and NO_COLOR is unset)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.style = Style(colour_wanted(stream))

    def __call__(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.stream)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs one client subcommand (argv[0] names it); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    flag = lang_flag(args)
    with speaking(choose(flag, os.environ)):
        if flag and not known(flag):
            print(_unknown_language(flag), file=sys.stderr)
        return _run(args)


def _run(args: list[str]) -> int:
    """Runs the subcommand in the current language; returns the exit status."""
    out = Out(sys.stdout)
    try:
        ns = parse(args)
        return int(ns.run(ns, out) or 0)
    except ProblemError as error:
        print(f"castillo: {error.message()}{_token_hint(error, args)}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `castillo history GAME | head`: the reader left; say nothing
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ClientError, OSError, ValueError) as error:
        print(f"castillo: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a terminal user gets one line, never a traceback
        if os.environ.get("CASTILLO_DEBUG"):
            raise
        text = _("unexpected {kind}: {error} (CASTILLO_DEBUG=1 shows more)")
        print("castillo: " + text.format(kind=type(error).__name__, error=error), file=sys.stderr)
        return 1


def lang_flag(args: Sequence[str]) -> str | None:
    """Returns the value of `--lang X` or `--lang=X` on the command line (the last one), else None."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def _unknown_language(flag: str) -> str:
    """Returns the warning for a --lang there is no catalog for (the run speaks English)."""
    text = "castillo: no catalog for language {lang!r}: speaking English (languages: {known})"
    return text.format(lang=flag, known=", ".join(languages()))


def _token_hint(error: ProblemError, args: Sequence[str]) -> str:
    """Returns how to give a token, when a 401 came to a command run without one."""
    given = os.environ.get("CASTILLO_TOKEN") or any(a.split("=")[0] == "--token" for a in args)
    return "" if error.status != 401 or given else _(" (give a seat token: --token TOKEN or CASTILLO_TOKEN)")


def parser() -> argparse.ArgumentParser:
    """Returns the parser of every client subcommand (built from COMMANDS)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--url", default=os.environ.get("CASTILLO_URL", DEFAULT_URL), help=_("server URL"))
    common.add_argument("--token", default=os.environ.get("CASTILLO_TOKEN"), help=_("seat or admin token"))
    common.add_argument("--json", action="store_true", help=_("print the JSON answer instead of text"))
    common.add_argument(
        "--lang",
        metavar="LANGUAGE",
        help=_("language of the output: {languages} (default: CASTILLO_LANG, else the locale)").format(
            languages=", ".join(languages())
        ),
    )
    top = argparse.ArgumentParser(prog="castillo", description=_("Castillo client commands"))
    sub = top.add_subparsers(dest="command", required=True)
    for name, run, text, arguments in COMMANDS:
        aliases = ["show"] if name == "status" else []
        p = sub.add_parser(name, parents=[common], help=_(text), description=_(text), aliases=aliases)
        p.set_defaults(run=run)
        for flags, options in arguments:
            p.add_argument(*flags, **translated(options))
    return top


def translated(options: dict[str, Any]) -> dict[str, Any]:
    """Returns an argument's options with its help text (marked with N_) in the current language."""
    text = options.get("help")
    return {**options, "help": _(text)} if text else options


def parse(args: list[str]) -> argparse.Namespace:
    """Returns the parsed command line; a move's words may also follow the options
    (`castillo play GAME --token T play 7`), which argparse alone would refuse."""
    top = parser()
    ns, extra = top.parse_known_args(args)
    if extra and getattr(ns, "move", None) is not None and not any(w.startswith("-") for w in extra):
        ns.move = [*ns.move, *extra]
    elif extra:
        top.error(_("unrecognized arguments: {words}").format(words=" ".join(extra)))
    return ns


def client(ns: argparse.Namespace) -> Client:
    """Returns a client for the command's server and token, keeping receipts in the CLI's folder."""
    return Client(ns.url, ns.token, receipts=ReceiptBook(default_folder()))


def dump(out: Out, value: Any) -> int:
    """Prints a JSON value, indented."""
    out(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False))
    return 0


# ----- commands


def cmd_new(ns: argparse.Namespace, out: Out) -> int:
    """Creates a game; prints its id, the admin token and each seat's token and link."""
    seats: list[Any] = [_seat(s) for s in ns.seat] + [{"name": f"bot:{kind}"} for kind in ns.bot]
    if not seats:
        raise ValueError(
            _("name the players: --seat NAME[:EMAIL[:LANGUAGE]] and/or --bot random|greedy, once per seat")
        )
    api = client(ns)
    options = options_from_text(_info(api, ns.game), ns.option) if ns.option else None
    tc = {"per_move": ns.per_move} if ns.per_move is not None else None
    created = api.create_game(ns.game, seats, options=options, time_control=tc)
    if ns.json:
        return dump(out, created.raw)
    out(
        out.style(_("game {id} ({game})").format(id=created.id, game=created.game), "bold"),
        _("admin token: {token}").format(token=created.admin_token),
        "",
    )
    rows = [[str(s.seat), s.name, s.token or "", s.link or ""] for s in created.seats]
    out(*table([_("seat"), _("name"), _("token"), _("play link")], rows, ">"))
    for s in created.seats:
        if s.email_status == "do-not-email":
            text = _("seat {seat}'s address asked for no email from Castillo: hand it its link yourself.")
            out(text.format(seat=s.seat))
    out(
        "",
        _("Tokens are shown only now: keep them. A seat with an email also gets its link by email."),
        _(
            "Play as a seat: castillo status {id} --url {url} --token TOKEN"
            " (or set CASTILLO_URL and CASTILLO_TOKEN)"
        ).format(id=created.id, url=ns.url),
    )
    if ns.bot:
        text = _("run the bots: castillo bots --url {url} --game {id} --admin-token {token}")
        out("", text.format(url=ns.url, id=created.id, token=created.admin_token))
    return 0


def _seat(text: str) -> dict[str, Any]:
    """Returns the seat of `NAME[:EMAIL[:LANGUAGE]]` ("Ann", "Ann:ann@example.org:hu", "Ann::hu")."""
    name, _sep, rest = text.partition(":")
    email, _sep, language = rest.partition(":")
    return {
        "name": name,
        **({"email": email} if email else {}),
        **({"language": language} if language else {}),
    }


def _info(api: Client, game: str) -> GameInfo:
    """Returns the catalog entry of `game`; refuses a game the server does not offer."""
    games = {g.name: g for g in api.catalog()}
    if game not in games:
        text = _("the server offers no game {game}; it offers: {games}")
        raise ValueError(text.format(game=repr(game), games=", ".join(games)))
    return games[game]


def cmd_catalog(ns: argparse.Namespace, out: Out) -> int:
    """Prints the server's games, or one game's options: default, rules, what each does and excludes."""
    if ns.game is None:
        games = client(ns).catalog()
        if ns.json:
            return dump(out, [g.raw for g in games])
        rows = [[g.name, g.title, "{}-{}".format(*g.seats), ", ".join(g.options) or "-"] for g in games]
        out(
            *table([_("game"), _("title"), _("seats"), _("options")], rows),
            "",
            _("options of a game: castillo catalog GAME"),
        )
        return 0
    info = _info(client(ns), ns.game)
    if ns.json:
        return dump(out, info.raw)
    low, high = info.seats
    title = n_("{title} ({name}), {low}-{high} player", "{title} ({name}), {low}-{high} players", high)
    out(out.style(title.format(title=info.title, name=info.name, low=low, high=high), "bold"), "")
    for name, spec in info.options.items():
        rules = f" ({spec.rules})" if spec.rules else ""
        head = _("{name}  default {value}{rules}")
        out(
            head.format(name=out.style(name, "bold"), value=json.dumps(spec.default), rules=rules),
            f"    {spec.doc}",
        )
        if spec.excludes:
            out("    " + _("cannot be combined with: {options}").format(options=", ".join(spec.excludes)))
    example = next((n for n, s in info.options.items() if s.type == "bool" and s.default is False), None)
    if example:
        text = _("choose with: castillo new {game} --seat A --seat B --option {option} (NAME or NAME=VALUE)")
        out("", text.format(game=info.name, option=example))
    return 0


def cmd_status(ns: argparse.Namespace, out: Out) -> int:
    """Prints the game's summary and the board as the caller may see it."""
    api = client(ns)
    summary = api.game(ns.game_id)
    view = api.view(ns.game_id)
    if ns.json:
        return dump(out, {"summary": summary.raw, "view": view.raw})
    out(*render(summary, view.view, out.style))
    return 0


def cmd_moves(ns: argparse.Namespace, out: Out) -> int:
    """Prints the caller's prompt and its legal moves (or a partial move's extensions), numbered."""
    api = client(ns)
    partial = json.loads(ns.partial) if ns.partial else None
    if ns.extend is not None:
        partial = _picked(api, ns.game_id, ns.extend, "--extend")
    legal = api.legal_moves(ns.game_id, partial)
    if ns.json:
        return dump(out, legal.raw)
    if legal.prompt is None:
        out(_("you owe no decision now"))
        return 0
    owes = _("seat {seat} owes: {kind}").format(seat=legal.seat, kind=legal.prompt.get("kind"))
    out(out.style(owes, "bold"))
    game = api.game(ns.game_id).game if None in legal.notation else ""
    rows = [_move_row(i, m, text, game) for i, (m, text) in enumerate(zip(legal.moves, legal.notation), 1)]
    out(*table(["#", _("move"), "JSON"], rows, ">"))
    if partial is None and any(_growable(m) for m in legal.moves):
        text = _("a move with an empty part ('none') grows step by step: castillo moves {game} --extend N")
        out(
            "",
            text.format(game=ns.game_id),
            _("lists its next steps (then --partial with a step's JSON goes further)"),
        )
    return 0


def _growable(move: dict[str, Any]) -> bool:
    """Tells whether a move has an empty list or object that further steps could fill."""
    return any(isinstance(v, (list, dict)) and not v for v in move.values())


def _picked(api: Client, game_id: str, number: int, flag: str) -> dict[str, Any]:
    """Returns legal move `number` (1-based, as `castillo moves` lists them)."""
    legal = api.legal_moves(game_id)
    if not 1 <= number <= len(legal.moves):
        text = _("{flag} wants 1..{n} (see `castillo moves {game}`)")
        raise ValueError(text.format(flag=flag, n=len(legal.moves), game=game_id))
    return legal.moves[number - 1]


def _move_row(index: int, move: dict[str, Any], text: str | None, game: str) -> list[str]:
    """Returns a numbered row: the move's notation (or "(incomplete) <the move in words>") and its JSON."""
    body = {k: v for k, v in move.items() if k != "complete"}
    return [
        str(index),
        text or _("(incomplete) {move}").format(move=move_text(game, body)),
        json.dumps(body, separators=(",", ":")),
    ]


def cmd_play(ns: argparse.Namespace, out: Out) -> int:
    """Submits a move (text, JSON or --pick N) and prints the new version and who owes what."""
    api = client(ns)
    kwargs = _move_args(api, ns)
    result = api.play(ns.game_id, if_match=None, **kwargs)
    if ns.json:
        return dump(out, result.raw)
    accepted = _("accepted · version {version} · {status}").format(
        version=result.version, status=status_word(result.status)
    )
    out(out.style(accepted, "green", "bold"))
    names = _names(api.game(ns.game_id)) if result.prompts else {}
    for prompt in result.prompts:
        text = _("waiting for {name} (seat {seat}): {kind}")
        out(text.format(name=names.get(prompt.seat, "?"), seat=prompt.seat, kind=prompt.kind))
    return 0


def _move_args(api: Client, ns: argparse.Namespace) -> dict[str, Any]:
    """Returns play()'s keyword for the command line: move, moves or text."""
    if ns.pick is not None:
        return {"move": _picked(api, ns.game_id, ns.pick, "--pick")}
    text = " ".join(ns.move).strip()
    if not text:
        raise ValueError(_("give a move: notation text, JSON, or --pick N"))
    if text[0] in "{[":
        value = json.loads(text)
        return {"moves": value} if isinstance(value, list) else {"move": value}
    return {"text": text}


def _names(summary: GameSummary) -> dict[int, str]:
    return {s.seat: s.name for s in summary.seats}


def cmd_follow(ns: argparse.Namespace, out: Out) -> int:
    """Prints entries as they are appended (SSE) until the game ends."""
    api = client(ns)
    summary = api.game(ns.game_id)
    names = _names(summary)
    text = _("following {title} game {id} from version {version}")
    out(
        out.style(text.format(title=summary.title, id=summary.id, version=ns.after or summary.version), "dim")
    )
    for event in api.follow(ns.game_id, ns.after if ns.after is not None else summary.version):
        if event.event == "end":
            text = _("game {status} at version {version}")
            out(
                out.style(
                    text.format(
                        status=status_word(event.data.get("status")), version=event.data.get("version")
                    ),
                    "bold",
                )
            )
        elif ns.json:
            out(json.dumps(event.data, sort_keys=True))
        else:
            out(entry_text(event.data, names, summary.game))
    return 0


def cmd_history(ns: argparse.Namespace, out: Out) -> int:
    """Prints every log entry after --after as the caller may see it."""
    api = client(ns)
    summary = api.game(ns.game_id)
    names = _names(summary)
    for entry in api.all_events(ns.game_id, after=ns.after):
        out(json.dumps(entry, sort_keys=True) if ns.json else entry_text(entry, names, summary.game))
    return 0


def cmd_record(ns: argparse.Namespace, out: Out) -> int:
    """Writes the exported record to --output or stdout."""
    text = client(ns).record(ns.game_id, ns.format)
    if ns.output:
        Path(ns.output).write_text(text, encoding="utf-8")
        lines = len(text.splitlines())
        print(
            n_("wrote {file} ({n} line)", "wrote {file} ({n} lines)", lines).format(file=ns.output, n=lines),
            file=sys.stderr,
        )
    else:
        out.stream.write(text)
    return 0


def cmd_verify(ns: argparse.Namespace, out: Out) -> int:
    """Audits a record file offline with the engine, or asks the server to audit --game."""
    if bool(ns.file) == bool(ns.game_id):
        raise ValueError(_("give a record FILE or --game GAME (one of the two)"))
    if ns.game_id:
        report = client(ns).verify(ns.game_id, _receipts(ns, ns.game_id))
        if ns.json:
            dump(out, report.raw)
        else:
            what = _(FULL) if report.complete else _("hash chain (game still running)")
            _verdict(
                out,
                report.ok,
                _entries(_("game {game}").format(game=report.game), report.version, what),
                report.problems,
            )
        return 0 if report.ok else 1
    from clients.python.audit import verify_record

    audit = verify_record(Path(ns.file).read_text(encoding="utf-8"))
    kept = _receipts(ns, audit.game_id) if audit.game_id else []
    if kept:
        audit.problems += check_record(audit.game_id, audit.entries, kept, _jwks(ns, audit.game_id))
    what = _(FULL) if audit.replayed else _("hash chain")
    what += n_(", {n} receipt", ", {n} receipts", len(kept)).format(n=len(kept)) if kept else ""
    if audit.withheld:
        withheld = n_(
            ", {n} entry withheld (not checked)", ", {n} entries withheld (not checked)", audit.withheld
        )
        what += withheld.format(n=audit.withheld)
    _verdict(out, audit.ok, _entries(audit.game or _("record"), audit.versions, what), audit.problems)
    return 0 if audit.ok else 1


FULL = N_("hash chain, seed and full re-run")


def _entries(what: str, n: int, checks: str) -> str:
    """Returns "game kabale, 12 entries: hash chain" (the audited thing, its size, what was checked)."""
    return n_("{what}, {n} entry: {checks}", "{what}, {n} entries: {checks}", n).format(
        what=what, n=n, checks=checks
    )


def _receipts(ns: argparse.Namespace, game_id: str) -> list[str]:
    """Returns the receipts to check: --receipts FILE (one per line), else those the CLI kept."""
    if ns.receipts:
        return [line.strip() for line in Path(ns.receipts).read_text().splitlines() if line.strip()]
    return ReceiptBook(default_folder()).of(game_id)


def _jwks(ns: argparse.Namespace, game_id: str) -> dict[str, Any]:
    """Returns the receipt keys: --keys FILE (a JWK set), else those saved with the game's
    receipts, else the server's /.well-known/jwks.json."""
    if ns.keys:
        return dict(json.loads(Path(ns.keys).read_text()))
    return ReceiptBook(default_folder()).keys_of(game_id) or Client(ns.url).keys()


def _verdict(out: Out, ok: bool, what: str, problems: Sequence[str]) -> None:
    word = out.style(_("verified"), "green", "bold") if ok else out.style(_("FAILED"), "red", "bold")
    out(f"{word}: {what}", *(f"  - {p}" for p in problems))


def cmd_bots(ns: argparse.Namespace, out: Out) -> int:
    """Plays the game's bot seats (or --seats) through the API until the game ends."""
    from clients.bots.runner import fill_seats

    ns.admin_token = ns.admin_token or os.environ.get("CASTILLO_ADMIN_TOKEN")
    if not ns.admin_token:
        raise ValueError(_("--admin-token (or CASTILLO_ADMIN_TOKEN) is required to take over seats"))
    seats = [int(s) for s in ns.seats.split(",")] if ns.seats else None
    summary = fill_seats(ns.url, ns.game_id, ns.admin_token, kind=ns.kind, seats=seats, seed=ns.seed, log=out)
    if summary.result:
        out(out.style(result_line(summary, summary.result), "bold"))
    return 0


Arg = tuple[tuple[str, ...], dict[str, Any]]
GAME: Arg = (("game_id",), {"metavar": "GAME"})
KINDS = ("random", "greedy")
COMMANDS: tuple[tuple[str, Any, str, tuple[Arg, ...]], ...] = (
    ("catalog", cmd_catalog, N_("list the server's games, or a game's options and what they do"), (
        (("game",), {"nargs": "?", "help": N_("show this game's options: elgrande, kabale")}),
    )),
    ("new", cmd_new, N_("create a game and print its tokens (shown once)"), (
        (("game",), {"help": N_("a game of the catalog: elgrande, kabale")}),
        (("--seat",), {"action": "append", "default": [], "metavar": "NAME[:EMAIL[:LANGUAGE]]", "help": N_("a player (repeat); LANGUAGE: the language of its emails and pages")}),
        (("--bot",), {"action": "append", "default": [], "choices": KINDS, "help": N_("a bot seat (repeat)")}),
        (("--option",), {"action": "append", "default": [], "metavar": "NAME[=VALUE]",
                         "help": N_("a game option, on by its name alone (repeat; see `castillo catalog GAME`)")}),
        (("--per-move",), {"type": int, "metavar": "SECONDS", "help": N_("time per decision (default 3 days)")}),
    )),
    ("status", cmd_status, N_("show the game: board, scores, who owes what"), (GAME,)),
    ("moves", cmd_moves, N_("list your legal moves in the game's notation"), (
        GAME,
        (("--partial",), {"metavar": "JSON", "help": N_("list the one-step extensions of this incomplete move")}),
        (("--extend",), {"type": int, "metavar": "N", "help": N_("list the one-step extensions of move N of the list")}),
    )),
    ("play", cmd_play, N_("submit a move: notation text, JSON, or --pick N from `castillo moves`"), (
        GAME,
        (("move",), {"nargs": "*", "help": N_("e.g. 'play king 2', or a JSON move / list of moves")}),
        (("--pick",), {"type": int, "metavar": "N", "help": N_("play move number N of `castillo moves`")}),
    )),
    ("follow", cmd_follow, N_("print the game's entries live until it ends"), (
        GAME,
        (("--from",), {"dest": "after", "type": int, "metavar": "V", "help": N_("replay from after version V")}),
    )),
    ("history", cmd_history, N_("print the log as you may see it"), (
        GAME,
        (("--after",), {"type": int, "default": 0, "metavar": "V"}),
    )),
    ("record", cmd_record, N_("export the record (JSON Lines, or readable text)"), (
        GAME,
        (("--format",), {"choices": ("jsonl", "text"), "default": "jsonl"}),
        (("-o", "--output"), {"metavar": "FILE", "help": N_("write to FILE instead of stdout")}),
    )),
    ("verify", cmd_verify, N_("audit a record file offline with the rules engine, or a game on the server"), (
        (("file",), {"nargs": "?", "help": N_("a JSON Lines record exported by `castillo record`")}),
        (("--game",), {"dest": "game_id", "metavar": "GAME", "help": N_("ask the server to audit this game")}),
        (("--receipts",), {"metavar": "FILE", "help": N_("receipts to check, one per line (default: kept ones)")}),
        (("--keys",), {"metavar": "FILE", "help": N_("the receipt keys, a JWK set (default: the server's)")}),
    )),
    ("bots", cmd_bots, N_("play a game's bot seats until it ends"), (
        (("--game",), {"dest": "game_id", "metavar": "GAME", "required": True}),
        (("--admin-token",), {"help": N_("the game's admin token (default: CASTILLO_ADMIN_TOKEN)")}),
        (("--kind",), {"choices": KINDS, "help": N_("bot kind for every seat (default: from the seat name)")}),
        (("--seats",), {"metavar": "LIST", "help": N_("comma-separated seats to play (default: seats named bot…)")}),
        (("--seed",), {"type": int, "help": N_("seed of the bots' own choices (reproducible games)")}),
    )),
)  # fmt: skip
"""Lists each subcommand: name, function, help text and its own arguments."""
