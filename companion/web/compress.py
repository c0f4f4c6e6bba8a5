"""gzip for pages and fragments: a phone on a weak signal gets a fifth of the bytes."""

from __future__ import annotations

import gzip

from flask import Flask, current_app, request

KINDS = (
    "text/html",
    "text/css",
    "text/javascript",
    "application/json",
    "text/csv",
    "image/svg+xml",
    "application/manifest+json",
)
SMALLEST = 600  # below this, gzip's own header eats the gain


def accepts_gzip() -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "")


def precompressed(body: bytes, gzipped: bytes, mimetype: str):
    """A response from bytes kept both plain and gzipped: the phone gets the kind it accepts."""
    zipped = accepts_gzip()
    response = current_app.response_class(gzipped if zipped else body, mimetype=mimetype)
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app: Flask) -> None:
    @app.after_request
    def compress(response):
        if (
            not accepts_gzip()
            or response.direct_passthrough
            or response.mimetype not in KINDS
            or "Content-Encoding" in response.headers
        ):
            return response
        body = response.get_data()
        if len(body) < SMALLEST:
            return response
        response.set_data(gzip.compress(body, 6, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
        response.vary.add("Accept-Encoding")
        return response
