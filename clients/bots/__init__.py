"""Bots that play Castillo games through the public HTTP API (random and greedy, per game).

`runner.fill_seats(url, game_id, admin_token)` takes over a game's bot seats and plays them
until the game ends; `castillo bots --game ID --admin-token T` runs it from the shell.
"""
