"""The conformance suite: what every registered game (``companion.games.GAMES``) must do, run for each of them.

Parametrized over the games when the tests are collected, so a game gets these tests by registering: its
worked hands (``tests/data/<id>/``, see ``worked.py``) through the engine, the API, the command line and the
hand form; records round-tripping through JSON and through the form; zero-sum scores and money; a fuzzed hand
form; and a session on a phone (``tests/e2e/test_every_game.py``).
"""
