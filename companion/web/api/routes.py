"""``POST /api/score``: a hand record in, the result out (contract §14)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ...games import score_json
from ...games.common import InvalidHand

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/score")
def score() -> Response | tuple[Response, int]:
    try:
        data = request.get_json(force=True, silent=True)
    except RecursionError:  # nested deeper than Python's parser goes
        data = None
    if data is None:
        return jsonify(error="The body must be a hand record in JSON.", field="hand"), 422
    try:
        return jsonify(score_json(data, working=True))
    except InvalidHand as exc:
        return jsonify(exc.to_json()), 422


@bp.errorhandler(413)
def too_large(_error: RequestEntityTooLarge) -> tuple[Response, int]:
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    message = f"The body is larger than {limit // 1024} KB: one hand record is far smaller."
    return jsonify(error=message, field="hand"), 413
