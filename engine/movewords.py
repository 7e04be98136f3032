"""Reads a player's words as the move notation, and writes the notation in a player's words.

`canonical("elgrande", "lerak Altkastilien:2 Kastély", "hu")` returns
`"place old_castile:2 castillo"`: the first word of a line is a move word (`engine.terms`'
"move word" entries: `passz`, `pasuję`, `ohita`, `passe` all mean `pass`), the rest may name
areas, places (court, province), Kabale characters and El Grande action cards in any
spelling a catalog lists, with or without accents, in any case. A word it does not know is
left as written, so the notation itself (`place old_castile:2`) always passes unchanged and
`parse_move` still quotes what it cannot read. `localized` is the way back, for showing a
move in a player's words; the notation itself never changes with the language.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from engine import terms
from engine.i18n import SOURCE, languages, speaking

GAMES: dict[str, tuple[str, ...]] = {
    "elgrande": ("region", "region, also written", "place"),
    "kabale": ("kabale card", "kabale card, also written"),
}
"""The kinds of word each game's moves name after their first word."""
ARGUMENT_WORDS = ("none", "black", "on", "claim", "moves", "remove", "place", "supplement")
CARD_COMMANDS = frozenset({"take", "turnover", "use_turn_over"})
SUFFIXES = "beside|on|ordinary|captain|viceroy|ambassador|envoy|plain"
_LETTERS = {"ł": "l", "ø": "o", "đ": "d", "ı": "i"}


def fold(text: str) -> str:
    """Returns `text` in lower case without accents ("Ó-Kasztília" -> "o-kasztilia")."""
    lowered = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in lowered if not unicodedata.combining(c))
    return "".join(_LETTERS.get(c, c) for c in plain)


def _key(name: str) -> str:
    """Returns a name's words, folded, joined by single spaces ("Old_Castile" -> "old castile")."""
    return " ".join(re.findall(r"[^\W_]+", fold(name)))


@cache
def _forms(kind: str, language: str) -> dict[str, str]:
    """Returns {folded form: id} of every word of `kind` as written in `language` (and English)."""
    out: dict[str, str] = {}
    for ident, english in terms.KINDS[kind].items():
        with speaking(language):
            written = terms.alternatives(kind, ident)
        for form in (ident, english, *written):
            out.setdefault(_key(form), ident)
    return out


@cache
def _arguments(game: str, language: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """Returns the pattern of every argument word of `game` in `language` and its {form: id}.

    Names of every language count (a Hungarian seat may write the German board's
    "Altkastilien"), except where two languages' forms name different things; the
    language's own forms win over the others'.
    """
    own: dict[str, str] = {}
    for kind in GAMES[game]:
        own.update({k: v for k, v in _forms(kind, language).items() if k not in own})
    others: dict[str, set[str]] = {}
    for other in languages():
        for kind in GAMES[game]:
            for form, ident in _forms(kind, other).items():
                others.setdefault(form, set()).add(ident)
    table = {form: next(iter(ids)) for form, ids in others.items() if len(ids) == 1}
    table.update(own)
    for ident in ARGUMENT_WORDS:
        for form in _move_words(ident, language):
            table.setdefault(_key(form), ident)
    forms = sorted((f for f in table if f), key=len, reverse=True)
    body = "|".join(r"[\s_\-]+".join(map(re.escape, f.split(" "))) for f in forms)
    pattern = re.compile(rf"(?<![\w])({body})(?=$|[^\w]|_(?:{SUFFIXES})\b)")
    return pattern, table


def _move_words(ident: str, language: str) -> tuple[str, ...]:
    with speaking(language):
        return terms.alternatives("move word", ident)


@cache
def _commands(language: str) -> dict[str, str]:
    """Returns {folded move word: notation word} of `language` (English included)."""
    out: dict[str, str] = {}
    for ident in terms.MOVE_WORDS:
        for form in (ident, *_move_words(ident, language)):
            out.setdefault(_key(form), ident)
    return out


@cache
def _cards(language: str) -> dict[str, str]:
    """Returns {folded card name: card id} of El Grande's action cards (every language's names)."""
    out = dict(_forms("action card", language))
    for other in languages():
        for form, ident in _forms("action card", other).items():
            out.setdefault(form, ident)
    return out


def canonical(game: str, text: str, language: str | None) -> str:
    """Returns `text` with a player's words in `language` rewritten into `game`'s notation
    (line by line; quoted `>` and `#` lines, and any game without words, stay as written)."""
    if game not in GAMES or not isinstance(text, str):
        return text
    chosen = language if language in languages() else SOURCE
    return "\n".join(_line(game, line, chosen) for line in re.split(r"[;\n]", text))


def _line(game: str, line: str, language: str) -> str:
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", ">")):
        return line
    head, _sep, rest = fold(stripped).partition(" ")
    command = _commands(language).get(_key(head), head) if _key(head) else head
    rest = rest.strip()
    if game == "elgrande" and command in CARD_COMMANDS and rest:
        rest = _cards(language).get(_key(rest), rest)
    elif rest:
        pattern, table = _arguments(game, language)
        rest = pattern.sub(lambda m: table[_key(m.group(1))], rest)
    return f"{command} {rest}".strip()


def localized(game: str, text: str, language: str | None) -> str:
    """Returns notation `text` in the words of `language` (the first form of each word):
    `"pass"` -> `"passz"`, `"place old_castile:2"` -> `"lerak Altkastilien:2"`. Card ids of
    El Grande stay ids (short to type); `canonical` reads the result back to `text`."""
    if game not in GAMES or not isinstance(text, str):
        return text
    with speaking(language):
        return "\n".join(_localize_line(game, line) for line in text.split("\n"))


def _localize_line(game: str, line: str) -> str:
    head, _sep, rest = line.strip().partition(" ")
    if not head:
        return line
    shown = terms.alternatives("move word", head)
    command = shown[0] if shown else head
    if game == "elgrande" and head in CARD_COMMANDS:
        return f"{command} {rest}".strip()
    kinds = ("region", "place") if game == "elgrande" else ("kabale card",)
    names = {ident: terms.word(kind, ident) for kind in kinds for ident in terms.KINDS[kind]}
    names.update({w: terms.word("move word", w) for w in ARGUMENT_WORDS})
    body = "|".join(re.escape(i) for i in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w])({body})(?=$|[^\w]|_(?:{SUFFIXES})\b)")
    return f"{command} {pattern.sub(lambda m: names[m.group(1)], rest)}".strip()
