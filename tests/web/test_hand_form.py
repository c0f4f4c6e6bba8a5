"""The hand form as a mapping: a record to the form's fields and back is the same record."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from companion.games.sussex import DEFAULT_HOUSE_RULES, GAME, HandRecord, HouseRules, InvalidHand
from companion.games.sussex.form import ENGINE_FIELDS, HandForm, form_data
from tests.strategies import valid_hands

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def posted(app, data: dict, house_rules: HouseRules = DEFAULT_HOUSE_RULES) -> HandForm:
    """The hand form as the app builds it from a POST of ``data``, in a session of these house rules."""
    sent = MultiDict([(k, x) for k, v in data.items() for x in (v if isinstance(v, list) else [v])])
    with app.test_request_context(method="POST", data=sent):
        form = HandForm(game=GAME, names=NAMES, options=house_rules, meta={"csrf": False})
        form.validate()
        return form


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=valid_hands())
def test_a_record_through_the_form_comes_back_the_same(app, hand):
    try:
        record = HandRecord.from_json(hand)
    except InvalidHand:
        return  # the strategy also makes a few hands the engine refuses; the fuzz tests cover those
    if record.called_card is None:
        return  # a category without a card (API only): the form always names the card
    form = posted(app, form_data(record), record.house_rules)
    assert not any(f.errors for f in form), {f.name: f.errors for f in form if f.errors}
    again = form.to_record()
    # The form lists declarations in its own order; a hand's declarations are a set with counts.
    assert Counter(again.declarations) == Counter(record.declarations)
    assert replace(again, declarations=record.declarations) == record


def test_every_engine_field_has_a_form_field_to_show_it():
    for engine_field, form_field in ENGINE_FIELDS.items():
        assert hasattr(HandForm, form_field), engine_field


PARTNER = HandRecord.from_json(
    {"bid": "4", "declarer": 1, "called_card": "7C", "young_trumps": "hearts", "holder": 3, "points": 71}
)


def test_an_engine_refusal_is_shown_beside_its_field(app):
    data = form_data(PARTNER)
    data["called_rank"] = "K"  # a banned card held by a partner
    form = posted(app, data)
    assert form.to_record() is None
    assert form.called_suit.errors and "banned" in form.called_suit.errors[0]
    assert not form.form_errors


def test_a_valat_the_points_contradict_is_refused_beside_the_valat(app):
    data = form_data(PARTNER)
    data["bonus_valat"] = "defence"  # the defence won every trick, yet declarer's side counted 71
    form = posted(app, data)
    assert form.to_record() is None
    assert form.bonus_valat.errors and "valat" in form.bonus_valat.errors[0].lower()
    assert not form.bonus_anointed_ultimo.errors and not form.form_errors


@settings(max_examples=300, deadline=None)
@given(
    attributes=st.dictionaries(
        st.from_regex(r"[a-z][a-z_]{0,12}", fullmatch=True),
        st.one_of(st.booleans(), st.integers(), st.text(max_size=12), st.builds(Markup, st.text(max_size=12))),
        max_size=6,
    )
)
def test_the_forms_write_an_inputs_attributes_as_wtforms_does(attributes):
    """``fields.html_params`` (every input's attributes, written faster) says what WTForms' own says, for any."""
    from wtforms.widgets.core import html_params as wtforms_html_params

    from companion.games.common.fields import html_params

    assert html_params(**attributes) == wtforms_html_params(**attributes)
