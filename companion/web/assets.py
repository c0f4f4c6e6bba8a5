"""Static files under fingerprinted names, cached by phones for a year.

``asset_url("style.css")`` gives ``/assets/<hash>/style.css``: the hash
changes whenever the file does, so the file itself may be cached forever
(``immutable``) and a repeat visit fetches nothing but the page.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, abort

from .compress import precompressed

YEAR = 31536000


@dataclass(frozen=True)
class Asset:
    name: str
    digest: str
    body: bytes
    gzipped: bytes
    mimetype: str

    @property
    def url(self) -> str:
        return f"/assets/{self.digest}/{self.name}"


def _load(name: str, path: Path) -> Asset:
    body = path.read_bytes()
    digest = hashlib.sha256(body).hexdigest()[:12]
    mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if name.endswith(".js"):
        mimetype = "text/javascript"
    return Asset(name, digest, body, gzip.compress(body, 9, mtime=0), mimetype)


def init_app(app: Flask, files: dict[str, Path]) -> None:
    """Fingerprint these files (name → path) once, at start-up."""
    assets = {name: _load(name, path) for name, path in files.items() if path.exists()}
    app.extensions["assets"] = assets

    def asset_url(name: str) -> str:
        return assets[name].url

    app.add_template_global(asset_url)
    bp = Blueprint("assets", __name__)

    @bp.get("/assets/<digest>/<name>")
    def serve(digest: str, name: str):
        asset = assets.get(name)
        if asset is None or asset.digest != digest:
            abort(404)
        response = precompressed(asset.body, asset.gzipped, asset.mimetype)
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        return response

    app.register_blueprint(bp)
