"""The players' languages: every string the code marks is in each catalogue, translated, with its placeholders; the
language comes from the phone's choice, else its browser's."""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from companion.i18n import LANGUAGES, TRANSLATIONS
from tests.conftest import ROOT
from tests.web.helpers import start_session

#: What ``make translations`` reads (babel.cfg): the Python and the templates.
METHODS = [
    ("companion/**.py", "python"),
    ("templates/**.html", "jinja2"),
    ("companion/games/**/templates/**.html", "jinja2"),
]
#: As ``make translations`` gives them to pybabel: its usual names, and the lazy ones for texts made at import.
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None, "lazy_pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def used_strings() -> set[str]:
    """Every string the code and templates mark for translation, as ``pybabel extract`` finds them."""
    found = extract_from_dir(str(ROOT), METHODS, options_map={"**.html": {}}, keywords=KEYWORDS)
    return {message if isinstance(message, str) else message[0] for _, _, message, *_ in found}


def catalogue(code: str) -> dict[str, tuple[tuple[str, ...], bool, set[str]]]:
    """Each message by its (singular) source: its translated forms (one, or each plural form), whether it is
    fuzzy, and the placeholders its source forms hold."""
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as f:
        messages = read_po(f, locale=code)
    found = {}
    for m in messages:
        if not m.id:
            continue
        sources = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        forms = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        found[sources[0]] = (forms, m.fuzzy, {p for s in sources for p in PLACEHOLDER.findall(s)})
    return found


def test_the_code_marks_strings_and_the_catalogues_are_in_the_project():
    assert len(used_strings()) >= 20
    assert sorted(p.name for p in TRANSLATIONS.iterdir() if p.is_dir()) == sorted(TRANSLATED)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_translates_every_string_the_code_uses(code):
    held = catalogue(code)
    missing = sorted(s for s in used_strings() if s not in held or not all(held[s][0]) or held[s][1])
    assert missing == [], f"{code}: untranslated or fuzzy (make translations, then translate)"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_keeps_its_placeholders(code):
    broken = {
        source: text
        for source, (forms, _, placeholders) in catalogue(code).items()
        for text in forms
        # A plural form may leave out the count ("une donne"); it brings no placeholder its source lacks, and
        # a single form keeps every one.
        if text
        and (
            not set(PLACEHOLDER.findall(text)) <= placeholders
            or (len(forms) == 1 and set(PLACEHOLDER.findall(text)) != placeholders)
        )
    }
    assert broken == {}


def test_the_compiled_catalogues_are_made_by_make_install_and_never_committed():
    ignored = (ROOT / ".gitignore").read_text()
    assert "translations/*/LC_MESSAGES/*.mo" in ignored
    for code in TRANSLATED:  # `make install` compiled them (the suite runs after it)
        assert (TRANSLATIONS / code / "LC_MESSAGES" / "messages.mo").is_file(), code


def hand_form(client, **headers) -> str:
    url = start_session(client)
    return client.get(url + "/hands/new", headers=headers).text


@pytest.mark.parametrize(
    ("asked", "heading"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.5", "Compter la donne"),
        ("de-AT,de;q=0.8", "Spiel 1 zählen"),
        ("it", "Conta la smazzata"),
        ("pt-BR,pt", "Score deal"),  # not one the companion speaks: English
        ("", "Score deal"),
    ],
)
def test_the_language_is_the_browsers_best_match(client, asked, heading):
    assert heading in hand_form(client, **{"Accept-Language": asked})


def test_a_phones_choice_outlasts_its_browsers_language_and_goes_back_to_the_page(client):
    url = start_session(client)
    chose = client.post("/language", data={"lang": "it", "next": url + "/hands/new"})
    assert chose.status_code == 303 and chose.headers["Location"] == url + "/hands/new"
    # The page's query comes back from the Referer the browser sends (the form holds only the path).
    referer = {"Referer": "http://localhost/new/french?players=3"}
    chose = client.post("/language", data={"lang": "it", "next": "/new/french"}, headers=referer)
    assert chose.headers["Location"] == "/new/french?players=3"
    away = {"Referer": "http://evil.example/x?y=1"}
    assert client.post("/language", data={"lang": "it", "next": "/g"}, headers=away).headers["Location"] == "/g"
    assert "Conta la smazzata" in client.get(url + "/hands/new", headers={"Accept-Language": "de"}).text


@pytest.mark.parametrize("away", ["//evil.example/", "https://evil.example/", "/\\evil.example", "", "nowhere"])
def test_the_switch_never_sends_a_phone_to_another_site(client, away):
    chose = client.post("/language", data={"lang": "fr", "next": away})
    assert chose.status_code == 303 and chose.headers["Location"] == "/"


def test_a_language_the_companion_does_not_speak_changes_nothing(client):
    chose = client.post("/language", data={"lang": "xx", "next": "/"})
    assert chose.status_code == 303 and "lang=" not in chose.headers.get("Set-Cookie", "")


@pytest.mark.parametrize(
    ("asked", "lang"), [("fr", "fr"), ("de-CH", "de"), ("it-IT", "it"), ("en-US", "en-GB"), ("", "en-GB")]
)
def test_the_page_says_its_language_and_every_page_offers_the_switch(client, asked, lang):
    page = client.get("/reference/", headers={"Accept-Language": asked}).text
    assert f'<html lang="{lang}">' in page
    switch = page[page.index('<footer class="languages">') :]
    offered = re.findall(r'<button type="submit" name="lang" value="(\w+)" lang="\w+"( aria-current="true")?>', switch)
    assert [code for code, _ in offered] == list(LANGUAGES)
    assert [code for code, current in offered if current] == [lang.split("-")[0]]


def test_a_text_made_at_import_is_escaped_as_markup_like_any_other():
    """The forms' and error pages' texts are made at import and said in the request's language when shown;
    shown as markup they are escaped (Flask-Babel's own lazy text is not: "player's" came out raw)."""
    from markupsafe import escape

    from companion.web.errors import ERROR_PAGES
    from companion.web.sittings.forms import MISSING_NAME

    assert str(escape(MISSING_NAME[0])) == "Enter the first player&#39;s name."
    for title, text in ERROR_PAGES.values():
        assert str(escape(title)) == str(escape(str(title))) and str(escape(text)) == str(escape(str(text)))


def test_dates_are_in_the_readers_language_on_the_start_page_and_the_printed_sheet(app, client):
    from sqlmodel import Session, select

    from companion.models import Sitting
    from companion.web.filters import session_day, session_time

    url = start_session(client)
    with Session(app.extensions["db_engine"]) as db:
        started = db.exec(select(Sitting)).one().created_at
    french = {"Accept-Language": "fr"}
    assert session_time(started, lang="fr") in client.get("/", headers=french).text
    assert f"· {session_day(started, lang='fr')}</p>" in client.get(url, headers=french).text


def test_a_sessions_csv_is_headed_in_the_readers_language(client):
    url = start_session(client)
    head = client.get(url + "/export.csv", headers={"Accept-Language": "fr"}).text.splitlines()[0]
    assert head.startswith("donne,donneur,") and "Ann (demi-pence)" in head


def test_a_form_refused_before_the_view_is_said_in_the_phones_language(client):
    """A page refused by a check that runs before the view (CSRF, here) is said in the phone's language, its
    template's words too (they are looked up as the engines' are, from the language chosen first of all)."""
    client.set_cookie("lang", "fr")
    refused = client.post("/sessions", data={"csrf_token": "stale", "player_0": "Ann"})
    assert refused.status_code == 400
    assert "Formulaire expiré" in refused.text and ">Page d’accueil</a>" in refused.text
