"""The conformance suite: what every registered game (``companion.games.GAMES``) must do, run for each of them.

Parametrized over the games when the tests are collected, so a game gets these tests by registering: its
worked hands (``tests/games/<id>/data/``, see ``worked.py``) through the engine, the API, the command line and the
hand form; records round-tripping through JSON and through the form; zero-sum scores and money; a fuzzed hand
form; and a session on a phone (``test_e2e.py``, the PostgreSQL pass's smoke test of every game).

A game's own tests (``tests/games/<id>/``: ``test_engine.py``, ``test_web.py``, ``test_e2e.py``) test what is
particular to it, never again what these do for every game.
"""
