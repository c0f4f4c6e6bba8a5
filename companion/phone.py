"""The app as it runs in the phone, in Pyodide (``static/phone-worker.js``): the server's own code, no second engine.

The worker hands each request to ``answer``, which runs it through a Flask
app built here from the same blueprints the server registers, as a WSGI
server would. Only what needs no database is registered so far (``/api/score``);
the session pages follow once they ask a store rather than the ORM (README:
*The phone with no signal*). Nothing here imports SQLModel, SQLAlchemy or
``sqlite3``: Pyodide from npm has none of them.

>>> import json
>>> app = create_phone_app()
>>> status, headers, body = answer(app, "POST", "/api/score", "", {}, b"no hand")
>>> status, dict(headers)["Content-Type"], json.loads(body)["field"]
(422, 'application/json', 'hand')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from werkzeug.test import EnvironBuilder, run_wsgi_app

if TYPE_CHECKING:
    from flask import Flask

#: What the phone's app is made of, for the bundle that ships it (``companion.web.phone``): modules of this
#: package (the games' packages whole, with their templates), and the pure-Python libraries they import.
MODULES = ("__init__.py", "phone.py", "games", "web/__init__.py", "web/api")
LIBRARIES = ("flask", "werkzeug", "jinja2", "markupsafe", "wtforms", "flask_wtf", "itsdangerous", "blinker", "click")


def create_phone_app() -> Flask:
    """The phone's Flask app: the server's blueprints that need no database, as the server configures them."""
    from flask import Flask

    from .web.api.routes import bp as api_bp

    app = Flask("companion")
    app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    app.register_blueprint(api_bp)
    return app


def answer(
    app: Flask, method: str, path: str, query: str, headers: dict[str, str], body: bytes
) -> tuple[int, list[tuple[str, str]], bytes]:
    """One request through the app, as a WSGI server runs it: its status, headers and whole body (a body from
    the worker comes as a JavaScript array of bytes, copied here)."""
    to_bytes = getattr(body, "to_bytes", None)
    body = to_bytes() if to_bytes else body
    environ = EnvironBuilder(
        path=path, method=method, query_string=query, headers=list(headers.items()), data=body, base_url="http://phone/"
    ).get_environ()
    chunks, status, response_headers = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    return int(status.split()[0]), list(response_headers.items()), b"".join(chunks)
