"""Serves the games' live streams (Server-Sent Events) from one asyncio process (design.md, decision 3).

`castillo streams` (and the front of `castillo serve`) runs an aiohttp server: one XREAD
loop per bucket of watched games fans new log entries out to every open stream of those
games, so an idle stream costs a timer and a socket, never a thread. Modules:

    wire     the SSE frames and the resume point (pure; the Flask route uses it too)
    hub      watches, bucket loops, fan-out and the credential re-check per batch
    server   the aiohttp app: GET /games/{id}/stream, caps, problems, startup and shutdown
    proxy    the reverse proxy to gunicorn for every other request (castillo serve's front)
"""
