"""The service app with POST moves cut down to a move's irreducible work: an upper bound (bench only).

`bench_service.py --bound` serves this instead of `service.wsgi:app`, to measure how far the
move/ping ratio could rise on this stack (Flask, gunicorn, redis-py, the Python engine) if a
move did only what no design can skip: parse the body, find the seat from its token, decide on
a folded state this process keeps, seal each event as log format 2 does (canonical JSON, SHA-256
over the entry with the hash before and its secret salt), append the entries and one outbox
entry in one version-checked Lua call, sign the receipt of the new version (design.md decision
2 counts it as irreducible), and answer with the events.

Everything else the service does per move is left out here: deadlines, the idempotency record
and body hash, redaction of the answer, the metadata/anchor guard, snapshots, salts, batches,
text moves, problem answers. (Format 2 as the service writes it: engine.audit.sealed_hash.) Errors are not handled (a refused move is a 500). Never serve this.
"""

from __future__ import annotations

import hashlib
import threading
import time
from typing import Any

import orjson
from flask import Response, request

from engine import rng
from engine.errors import RuleViolation
from service.app import create_app
from service.games import GameService
from service.store import bucket_of, log_key, outbox_key

app = create_app()
svc: GameService = app.extensions["castillo"]
known: dict[str, list[Any]] = {}  # game -> [game module, state, version, last hash, meta, seed]
lock = threading.Lock()
append = svc.redis.register_script(
    """
if redis.call('XLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
local v = tonumber(ARGV[1])
for i = 3, #ARGV do
  v = v + 1
  redis.call('XADD', KEYS[1], v .. '-1', 'envelope', ARGV[i])
end
redis.call('XADD', KEYS[2], '*', 'game', ARGV[2], 'first', tostring(tonumber(ARGV[1]) + 1), 'v', tostring(v))
return 1
"""
)


def fresh(game_id: str) -> list[Any]:
    """Returns the game as the log has it (the service's own load)."""
    loaded = svc.load(game_id)
    f = loaded.folded
    return [loaded.game, f.state, f.version, f.last_hash, loaded.meta, f.seed]


def post_moves(game_id: str) -> Response:
    """Decides one move on the kept state, seals and appends its events, answers with them."""
    body = orjson.loads(request.get_data())
    key = request.headers["Idempotency-Key"]
    digest = hashlib.sha256(request.headers["Authorization"][7:].encode()).hexdigest()
    for _ in range(3):
        with lock:
            entry = known.get(game_id) or fresh(game_id)
        game, state, version, prev, meta, seed = entry
        seat = next(s["seat"] for s in meta["seats"] if s["token_hash"] == digest)
        try:
            events, after = game.decide_state(state, seat, body["move"])
        except RuleViolation:  # decided on a state another worker has moved on from?
            with lock:
                known[game_id] = fresh(game_id)
            continue
        raws, v, t = [], version, int(time.time() * 1000)
        for event in events:
            v += 1
            env = {"game": game_id, "v": v, "t": t, "kind": "engine", "group": version + 1}
            env["actor"] = {"seat": seat}
            if v == version + 1:  # a move's cause is stored once, on its first entry
                env["cause"] = {"move": body["move"], "idempotency_key": key}
            env["event"] = event
            hashed = orjson.dumps(
                {**env, "prev": prev, "salt": rng.salt(seed, v)}, option=orjson.OPT_SORT_KEYS
            )
            prev = hashlib.sha256(hashed).hexdigest()
            raws.append(orjson.dumps({**env, "hash": prev}, option=orjson.OPT_SORT_KEYS))
        keys = [log_key(game_id), outbox_key(bucket_of(game_id))]
        if append(keys=keys, args=[version, game_id, *raws]):
            with lock:
                known[game_id] = [game, after, v, prev, meta, seed]
            answer = {"version": v, "entries": events}
            headers = {"ETag": f'"{v}"', "Castillo-Receipt": svc.keys.sign(game_id, v, prev)}
            return Response(orjson.dumps(answer), 201, headers, mimetype="application/json")
        with lock:
            known[game_id] = fresh(game_id)  # another worker moved it on
    raise RuntimeError(f"game {game_id} kept changing")


app.view_functions["moves.post_moves"] = post_moves
