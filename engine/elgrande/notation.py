"""Writes and reads El Grande's one text notation (email replies, CLI, readable records).

One move per line or `;`-separated; blank lines and lines starting with `#` or `>` are ignored.

| move | text |
|---|---|
| play_power_card | `play 7` |
| supplement_court | `supplement aragon:2 galicia` · `supplement none` |
| take_card | `take d3_score_fours.2` (or the card id `take d3_score_fours`) |
| place_caballeros | `place old_castile:2 castillo` · `place none` |
| declare_action | `declare` + the card's fields: `declare 1:aragon>valencia aragon>castillo` (moves; `seat:` defaults to you; `black:aragon>valencia` moves a black caballero, O-C7), `declare place seville castillo`, `declare remove 0:aragon 2:seville`, `declare granada` (area), `declare sb_8_4_0 galicia`, `declare 7` (power card back), `declare supplement aragon:1`; an empty list is `none` (`declare moves none`) |
| church_intake | `church` (also `church_intake`) |
| use_turn_over | `turnover d5_king` (also `use_turn_over`; G69) |
| relocate_before_scoring | `relocate aragon>valencia seville>castillo` · `relocate none` (G73) |
| inquisitor_extra | `inquisitor court` (province → court) · `inquisitor caravel` (court → a target, G43) |
| bonus_move | `bonus caravel^>america+claim` (G31; `black:` for a black caballero, `grande>caravel` for the Grande; `+claim` claims a tile) |
| end_turn | `end` |
| answer_veto | `allow` · `veto 3` (veto from step 3) |
| choose_region | `disc aragon` (also `choose aragon`); naming states: `disc galicia galicia_beside black:galicia` |
| return_caballeros | `return court court aragon` |

France's slots (option france, O-F4) are locations like any area: `place france_ambassador`,
`declare 1:france_envoy>aragon`, `declare remove 2:france_plain`.
"""

from __future__ import annotations

import re
from typing import Any

from engine.elgrande import data
from engine.errors import MalformedMove
from engine.i18n import N_

Json = dict[str, Any]


def _counts(value: dict[str, int]) -> str:
    return " ".join(a if k == 1 else f"{a}:{k}" for a, k in value.items()) or "none"


def format_move(move: Json) -> str:
    """Returns the text notation of a move."""
    t = move.get("type")
    match t:
        case "play_power_card":
            return f"play {move['value']}"
        case "supplement_court":
            return f"supplement {_counts(move.get('from', {}))}"
        case "take_card":
            return f"take {move['card']}"
        case "place_caballeros":
            return f"place {_counts(move.get('to', {}))}"
        case "declare_action":
            return ("declare " + _declaration(move)).strip()
        case "end_turn":
            return "end"
        case "church_intake":
            return "church"
        case "inquisitor_extra":
            return f"inquisitor {move['to']}"
        case "bonus_move":
            who = "black:" if move.get("seat") == "black" else ""
            claim = "+claim" if move.get("claim") else ""
            return f"bonus {who}{move['piece']}>{move['to']}{claim}"
        case "answer_veto":
            return "allow" if move.get("answer") == "allow" else f"veto {move.get('from', 1)}"
        case "choose_region":
            return " ".join(["disc", move["region"], *move.get("sources", [])])
        case "return_caballeros":
            return "return " + " ".join(move["sources"])
        case "fill_limit":
            return "fill " + (_states(move["states"]) or "none")
        case "use_turn_over":
            return f"turnover {move['card']}"
        case "relocate_before_scoring":
            moves = move.get("moves", [])
            return "relocate " + (" ".join(f"{m['seat']}:{m['from']}>{m['to']}" for m in moves) or "none")
    raise MalformedMove(N_("malformed move {move}: unknown type {type}"), move=repr(move), type=repr(t))


def _declaration(move: Json) -> str:
    if "moves" in move:
        return " ".join(f"{m['seat']}:{m['from']}>{m['to']}" for m in move["moves"]) or "moves none"
    if "places" in move:
        return "place " + (" ".join(move["places"]) or "none")
    if "removals" in move:
        return "remove " + (" ".join(f"{r['seat']}:{r['region']}" for r in move["removals"]) or "none")
    if "supplement" in move:
        return "supplement " + _counts(move["supplement"])
    if "on" in move:
        return f"{move['area']} on {_states(move['on'])}"
    if "scoreboard" in move:
        return f"{move['scoreboard']} {move['area']}"
    if "value" in move:
        return str(move["value"])
    return str(move.get("area", ""))


def _states(entries: list[Json]) -> str:
    """Returns caballero states with owners and counts (G4a): `<seat>:<state>x<count>` each."""
    return " ".join(f"{e['seat']}:{e['state']}x{e['count']}" for e in entries)


def parse_move(text: str, state: Any, seat: int) -> list[Json]:
    """Returns the moves written in `text` (several allowed); raises MalformedMove on bad text."""
    if not isinstance(text, str):
        raise MalformedMove(N_("malformed text {text}: expected a string"), text=repr(text))
    out = []
    for line in re.split(r"[;\n]", text):
        line = line.strip()
        if line and not line.startswith(("#", ">")):
            out.append(parse_line(line, seat))
    if not out:
        raise MalformedMove(N_("no move found in the text"))
    return out


def parse_line(line: str, seat: int) -> Json:
    """Returns the move written on one line."""
    word, *args = line.lower().split()
    match word:
        case "play" | "bid":
            return {"type": "play_power_card", "value": _int(line, args)}
        case "supplement":
            return {"type": "supplement_court", "from": _count_args(line, args)}
        case "take":
            return {"type": "take_card", "card": _one(line, args)}
        case "place":
            return {"type": "place_caballeros", "to": _count_args(line, args)}
        case "declare":
            return {"type": "declare_action", **_parse_declaration(line, args, seat)}
        case "end" | "pass":
            return {"type": "end_turn"}
        case "church" | "church_intake":
            return {"type": "church_intake"}
        case "inquisitor" | "inquisitor_extra":
            return {"type": "inquisitor_extra", "to": _one(line, args) if args else "court"}
        case "bonus":
            return _bonus(line, _one(line, args), seat)
        case "allow":
            return {"type": "answer_veto", "answer": "allow"}
        case "veto":
            return {"type": "answer_veto", "answer": "veto", "from": _int(line, args) if args else 1}
        case "disc" | "choose":
            if len(args) > 1:  # G42a: the states a return_two_disc takes
                return {"type": "choose_region", "region": args[0], "sources": args[1:]}
            return {"type": "choose_region", "region": _one(line, args)}
        case "return":
            return {"type": "return_caballeros", "sources": args}
        case "fill":
            return {"type": "fill_limit", "states": [_state_arg(line, a) for a in args if a != "none"]}
        case "turnover" | "use_turn_over":
            return {"type": "use_turn_over", "card": _one(line, args)}
        case "relocate":
            return {
                "type": "relocate_before_scoring",
                "moves": [_move(line, a, seat) for a in args if a != "none"],
            }
    raise MalformedMove(
        N_(
            "cannot read {line}: unknown command {word}; use play, supplement, take, place, declare, end, church, inquisitor, bonus, allow, veto, disc, return, fill, turnover, relocate"
        ),
        line=repr(line),
        word=repr(word),
    )


def _state_arg(line: str, arg: str) -> Json:
    """Returns {seat, state, count} from `<seat>:<state>x<count>` (G4a; fill_limit, G47, G48)."""
    who, _, rest = arg.partition(":")
    state, _, k = rest.rpartition("x")
    if not who or not state or not k.isdigit():
        raise MalformedMove(
            N_("cannot read {line}: write each caballero state as <seat>:<state>x<count>"), line=repr(line)
        )
    return {"seat": "black" if who == "black" else _int(line, [who]), "state": state, "count": int(k)}


def _int(line: str, args: list[str]) -> int:
    if len(args) != 1 or not args[0].isdigit():
        raise MalformedMove(N_("cannot read {line}: expected one number"), line=repr(line))
    return int(args[0])


def _one(line: str, args: list[str]) -> str:
    if len(args) != 1:
        raise MalformedMove(N_("cannot read {line}: expected one name"), line=repr(line))
    return args[0]


def _count_args(line: str, args: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for arg in args:
        if arg == "none":
            continue
        name, _, k = arg.partition(":")
        if k and not k.isdigit():
            raise MalformedMove(
                N_("cannot read {line}: {arg} is not area:count"), line=repr(line), arg=repr(arg)
            )
        out[name] = out.get(name, 0) + (int(k) if k else 1)
    return out


def _parse_declaration(line: str, args: list[str], seat: int) -> Json:
    if not args:
        return {}
    head, rest = args[0], args[1:]
    if head in ("place", "remove", "supplement", "moves"):
        items = [a for a in rest if a != "none"]
        if head == "place":
            return {"places": items}
        if head == "remove":
            return {"removals": [_removal(line, a, seat) for a in items]}
        if head == "supplement":
            return {"supplement": _count_args(line, items)}
        return {"moves": [_move(line, a, seat) for a in items]}
    if ">" in head:
        return {"moves": [_move(line, a, seat) for a in args]}
    if head in data.SCOREBOARD_INDEX:
        return {"scoreboard": head, "area": _one(line, rest)}
    if head.isdigit() and not rest:
        return {"value": int(head)}
    if not rest:
        return {"area": head}
    if rest[0] == "on":  # d7_move_limit_board: the caballeros that go on the board (G66)
        return {"area": head, "on": [_state_arg(line, a) for a in rest[1:] if a != "none"]}
    raise MalformedMove(N_("cannot read {line}: unknown declaration"), line=repr(line))


def _owner(line: str, text: str, seat: int) -> tuple[int | str, str]:
    who, sep, what = text.rpartition(":")
    if not sep:
        return seat, text
    if who == "black":  # O-C7
        return who, what
    if not who.isdigit():
        raise MalformedMove(
            N_("cannot read {line}: {text} should be seat:... or black:..."), line=repr(line), text=repr(text)
        )
    return int(who), what


def _move(line: str, text: str, seat: int) -> Json:
    owner, path = _owner(line, text, seat)
    src, sep, dst = path.partition(">")
    if not sep or not src or not dst:
        raise MalformedMove(
            N_("cannot read {line}: {text} should be [seat:]from>to"), line=repr(line), text=repr(text)
        )
    return {"seat": owner, "from": src, "to": dst}


def _bonus(line: str, text: str, seat: int) -> Json:
    """Returns the bonus_move `[black:]piece>to[+claim]` (G31)."""
    owner, path = _owner(line, text, seat)
    piece, sep, to = path.partition(">")
    if not sep or not piece or not to:
        raise MalformedMove(
            N_("cannot read {line}: {text} should be [black:]piece>to[+claim]"),
            line=repr(line),
            text=repr(text),
        )
    claim = to.endswith("+claim")
    move: Json = {"type": "bonus_move", "piece": piece, "to": to.removesuffix("+claim"), "claim": claim}
    if owner == "black":
        move["seat"] = "black"
    return move


def _removal(line: str, text: str, seat: int) -> Json:
    owner, region = _owner(line, text, seat)
    return {"seat": owner, "region": region}
