"""``/phone/…`` and ``/vendor/pyodide@…``: what a phone fetches, after the load event, to score with no signal."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, send_from_directory, url_for

from ...app import ROOT, YEAR, npm_version
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


@bp.get("/vendor/pyodide@<asked>/<name>")
def pyodide(asked: str, name: str) -> Response:
    if asked != pyodide_version() or name not in PYODIDE_FILES:
        abort(404)
    return send_from_directory(PYODIDE, name, mimetype=PYODIDE_FILES[name], max_age=YEAR)


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


@bp.get("/phone/worker.js")
def worker() -> Response:
    """The worker, at a fixed address (a page starts it by name), with its own policy."""
    response = send_from_directory(STATIC, "phone-worker.js", mimetype="text/javascript")
    response.cache_control.no_cache = True
    response.headers["Content-Security-Policy"] = WORKER_CSP
    return response
