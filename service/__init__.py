"""Serves Castillo games over HTTP: the Flask app, auth, the event store on Redis and read models.

`create_app(config=None)` builds the app (service.app); `GameService` (service.games) is the
Flask-free core that both the HTTP views and the workers call.
"""
