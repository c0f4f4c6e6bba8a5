"""``/phone/…`` and ``/vendor/pyodide@…``: what a phone fetches, after the load event, to score with no signal."""

from __future__ import annotations

from functools import cache

import brotli  # type: ignore[import-untyped]  # (Flask-Compress's own Brotli, no stubs)
from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    make_response,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from flask_wtf.csrf import generate_csrf

from ...app import ROOT, YEAR, npm_version
from ..access import own_device
from ..security import CSP
from .bundle import bundle

bp = Blueprint("phone", __name__)

PYODIDE = ROOT / "node_modules" / "pyodide"
STATIC = ROOT / "static"
#: Pyodide's files the worker loads (its core, the standard library, the lock file), with their types: a module
#: script must be served as JavaScript, and WebAssembly as such to be compiled as it streams in.
PYODIDE_FILES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
#: The worker compiles WebAssembly (Pyodide): its own policy allows that, and nothing else more than a page's.
WORKER_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")


def pyodide_version() -> str:
    return npm_version(PYODIDE)


#: Pyodide's WebAssembly, Brotli-compressed once a process (9.6 MB to 3.2 MB, in a quarter of a second): a phone
#: downloads it once a release. The other large file, the standard library, is a zip already.
BROTLI_QUALITY = 6


@cache
def _brotli(name: str) -> bytes:
    compressed: bytes = brotli.compress((PYODIDE / name).read_bytes(), quality=BROTLI_QUALITY)
    return compressed


@bp.get("/vendor/pyodide@<asked>/<name>")
def pyodide(asked: str, name: str) -> Response:
    if asked != pyodide_version() or name not in PYODIDE_FILES:
        abort(404)
    mimetype = PYODIDE_FILES[name]
    if mimetype == "application/wasm" and request.accept_encodings["br"]:
        response = Response(_brotli(name), mimetype=mimetype)
        response.headers["Content-Encoding"] = "br"
        response.vary.add("Accept-Encoding")
        response.cache_control.public, response.cache_control.max_age = True, YEAR
        return response
    return send_from_directory(PYODIDE, name, mimetype=mimetype, max_age=YEAR)


@bp.get("/phone/bundle-<digest>.zip")
def phone_bundle(digest: str) -> Response:
    made = bundle()
    if digest != made.digest:
        abort(404)
    response = Response(made.data, mimetype="application/zip")
    response.cache_control.public, response.cache_control.max_age = True, YEAR
    return response


@bp.get("/phone/manifest.json")
def manifest() -> Response:
    """Where this release's Pyodide and bundle are: asked by the worker each time it starts."""
    response = jsonify(
        pyodide=url_for("phone.pyodide", asked=pyodide_version(), name="pyodide.mjs").removesuffix("pyodide.mjs"),
        bundle=url_for("phone.phone_bundle", digest=bundle().digest),
    )
    response.cache_control.no_cache = True
    return response


@bp.get("/phone/token")
def token() -> Response:
    """A form token for this phone's cookie: what it sends the sessions it started with no signal with, which
    have no server page to take one from. Never kept (``no-store``): a token is good for this cookie alone."""
    # Its device id now, in the same cookie: a start sent again (its answer lost) then comes from the same owner.
    own_device()
    response = jsonify(csrf=generate_csrf())
    response.headers["Cache-Control"] = "no-store"
    return response


def offline_files() -> list[str]:
    """What a phone keeps to score with no signal (the service worker fetches them once it is installed): the
    worker, where the files are, Pyodide's files, the bundle of the app's Python, and the page that opens a
    session with no signal."""
    pyodide = [url_for("phone.pyodide", asked=pyodide_version(), name=name) for name in PYODIDE_FILES]
    bundled = url_for("phone.phone_bundle", digest=bundle().digest)
    return [url_for("phone.worker"), url_for("phone.manifest"), *pyodide, bundled, url_for("phone.shell")]


@bp.get("/phone/shell")
def shell() -> Response:
    """What a phone with no signal opens a session's page with, kept by the service worker (``sw.js``)."""
    response = make_response(render_template("phone/shell.html"))
    response.cache_control.no_cache = True
    return response


@bp.get("/phone/worker.js")
def worker() -> Response:
    """The worker, at a fixed address (a page starts it by name), with its own policy."""
    response = send_from_directory(STATIC, "phone-worker.js", mimetype="text/javascript")
    response.cache_control.no_cache = True
    response.headers["Content-Security-Policy"] = WORKER_CSP
    return response
