"""``POST /api/score``: a hand record in, the result out (contract §14)."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from ...rules import InvalidHand, score_json

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/score")
def score():
    data = request.get_json(force=True, silent=True)
    if data is None:
        return jsonify(error="The body must be a hand record in JSON.", field="hand"), 422
    try:
        return jsonify(score_json(data, working=True))
    except InvalidHand as exc:
        return jsonify(exc.to_json()), 422
