"""Our url-encoded form reading gives what werkzeug's would, for any body."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from hypothesis import given
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from companion.web.formdata import parse_urlencoded

# Bodies a phone sends (encoded fields) and bodies nobody should send (raw text, broken escapes).
PIECES = st.sampled_from(["&", "=", "+", "%", "%2", "%41", "%C3%A9", "%C3", "%ff", "%zz", "a", "é", " ", ";"])
RAW = st.lists(st.one_of(PIECES, st.text(max_size=3)), max_size=12).map("".join)
FIELDS = st.lists(st.tuples(st.text(max_size=8), st.text(max_size=8)), max_size=8)


@given(RAW)
def test_any_body_reads_as_werkzeug_reads_it(body):
    assert parse_urlencoded(body) == parse_qsl(body, keep_blank_values=True, errors="werkzeug.url_quote")


@given(FIELDS)
def test_encoded_fields_read_back_as_sent(fields):
    assert parse_urlencoded(urlencode(fields)) == fields


def test_the_app_reads_forms_as_werkzeug_did(app):
    body = "bid=4&declarations=trull&declarations=vibrant-court&name=Ann+Bo%C3%AB&bad=%ff&=&x"
    with app.test_request_context("/", method="POST", data=body, content_type="application/x-www-form-urlencoded"):
        from flask import request

        expected = MultiDict(parse_qsl(body, keep_blank_values=True, errors="werkzeug.url_quote"))
        assert request.form == expected and request.form.getlist("declarations") == ["trull", "vibrant-court"]
        assert not request.files


def test_a_body_that_is_not_utf8_holds_no_form(app):
    with app.test_request_context(
        "/", method="POST", data=b"bid=\xff\xfe", content_type="application/x-www-form-urlencoded"
    ):
        from flask import request

        assert request.form == MultiDict()


def test_a_body_too_large_is_refused_not_read(client):
    big = "bid=" + "4" * (70 * 1024)
    response = client.post("/sessions", data=big, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
