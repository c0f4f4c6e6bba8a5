"""Every registered game's worked hands, and what the conformance suite needs to enter them as a player does.

A game's worked hands are the ``*.json`` files of ``tests/games/<its id, - as _>/data/`` that hold a ``hand``:
``{"name", "source", "hand", "expect": {...}}``. ``expect`` holds each seat's score as ``net`` (or under the
name the game's unit gives it in exports, ``net_halfpence``), and perhaps more of the game's result (compared
with the API's answer wherever it has the same key); ``expect: {"refused": field}`` (or no ``expect`` and
``expect_error_field``) is a hand that must be refused, naming that field. An invalid hand may say in ``form``
what a player enters for it on the hand form. ``also`` lists other records of the same hand (scored alike).
How many players a hand is for: its own ``players`` if it has one, else the game's usual number.

Nothing here knows a game by its id: whatever differs comes from its ``Game`` or from its data folder.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.datastructures import MultiDict
from wtforms import Form

from companion.games import DEFAULT, GAMES, Game
from companion.games.common import InvalidHand
from tests.conftest import ROOT

GAMES_TESTS = ROOT / "tests" / "games"
#: The usual game's worked hands, which came before the one folder per game id (scripts/bench.py reads them too).
FIRST_FOLDER = ROOT / "tests" / "data" / "examples"
#: The players' names, seat by seat.
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")

Fields = dict[str, str | list[str]]
#: What every game's result JSON holds besides its scores (``Game.result_json``).
FRAMING = ("game", "unit", "working")


def data_folder(game: Game) -> Path:
    own = GAMES_TESTS / game.id.replace("-", "_") / "data"
    return own if own.is_dir() or game is not DEFAULT else FIRST_FOLDER


@dataclass(eq=False)
class Worked:
    """One worked hand of one game."""

    game_id: str
    path: Path
    data: dict[str, Any]

    @property
    def game(self) -> Game:
        return GAMES[self.game_id]

    @property
    def id(self) -> str:
        return f"{self.game_id}/{self.path.stem}"

    @property
    def name(self) -> str:
        return self.data.get("name") or self.data.get("why") or self.path.stem

    @property
    def hand(self) -> Any:
        return self.data["hand"]

    @property
    def expect(self) -> dict[str, Any]:
        return self.data.get("expect") or {}

    @property
    def refused(self) -> str | None:
        """The field an invalid hand's refusal names ("": refused, no field said; None: a hand to score)."""
        if "expect_error_field" in self.data:
            return str(self.data["expect_error_field"])
        if "expect" not in self.data:
            return ""
        return str(self.expect["refused"]) if "refused" in self.expect else None

    @property
    def valid(self) -> bool:
        return self.refused is None

    @property
    def players(self) -> int:
        said = self.hand.get("players") if isinstance(self.hand, dict) else None
        return said if type(said) is int else self.game.players[0]

    @property
    def names(self) -> list[str]:
        return list(NAMES[: self.players])

    @property
    def on_the_form(self) -> bool:
        """Whether the hand form can enter this record (``"form": false``: only the API and the command line)."""
        return self.data.get("form") is not False

    @property
    def also(self) -> list[Any]:
        return list(self.data.get("also") or [])

    def record(self) -> Any:
        return self.game.parse(self.hand, self.players)

    @property
    def net(self) -> list[int]:
        """Each seat's score, as expected."""
        for key in ("net", self.game.unit.net_key):
            if key in self.expect:
                return list(self.expect[key])
        raise AssertionError(f"{self.path}: its expect holds no 'net' (or '{self.game.unit.net_key}')")

    @property
    def more(self) -> dict[str, Any]:
        """What else ``expect`` says of the result, besides each seat's score (and the names every game's result
        gives its game, unit and working)."""
        return {k: v for k, v in self.expect.items() if k not in ("net", self.game.unit.net_key, *FRAMING)}

    @property
    def api_body(self) -> Any:
        """The hand as the API and the command line take it: naming its game unless it is the usual one."""
        return self.hand if self.game is DEFAULT else {"game": self.game_id, **self.hand}

    def __repr__(self) -> str:
        return self.id


def worked_hands(game: Game) -> list[Worked]:
    folder = data_folder(game)
    found = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "hand" in data:  # not, say, a whole game's record
            found.append(Worked(game.id, path, data))
    return found


#: Every registered game's worked hands, when the tests were collected.
WORKED: dict[str, list[Worked]] = {game_id: worked_hands(game) for game_id, game in GAMES.items()}
GAME_IDS = list(GAMES)


def params(hands: list[Worked]) -> list[Any]:
    return [pytest.param(w, id=w.id) for w in hands]


VALID = params([w for hands in WORKED.values() for w in hands if w.valid])
INVALID = params([w for hands in WORKED.values() for w in hands if not w.valid])
#: The valid hands a player can enter on the hand form (a file says ``"form": false`` where it cannot: a
#: record only the API or an import can give, such as a hand saved before a check was added).
ON_THE_FORM = params([w for hands in WORKED.values() for w in hands if w.valid and w.on_the_form])
#: The games with worked hands (``test_every_game_has_worked_hands`` asks it of every game).
WITH_HANDS = [game_id for game_id in GAME_IDS if any(w.valid for w in WORKED[game_id])]


def valid_of(game_id: str) -> list[Worked]:
    return [w for w in WORKED[game_id] if w.valid]


def net_of(result: dict[str, Any], game: Game) -> list[int]:
    """Each seat's score in a result from the API or the command line."""
    return result["net"] if "net" in result else result[game.unit.net_key]


# -- the hand form, as a request posts it --------------------------------------------------------------------


@cache
def form_app() -> Flask:
    """A bare app for building forms in a request context. Not ``create_app``: its rate limiter is one per
    process, and another app made later would move every app's counts into that app's database."""
    app = Flask(__name__)
    app.config.update(TESTING=True, SECRET_KEY="x", WTF_CSRF_ENABLED=False)
    return app


def stored_options(game: Game, chosen: dict[str, str]) -> Any:
    """A session's options as its hand form gets them: chosen on the start form (as its fields read what is
    sent), kept as JSON, read back."""
    fields = game.option_fields()
    form = type("Options", (Form,), dict(fields))(MultiDict(chosen)) if fields else None
    read = {name: form[name].data for name in fields} if form is not None else {}
    return game.options(json.loads(json.dumps(game.options_json(game.options(read)))))


def through_form(game: Game, names: list[str], options: Any, data: Fields) -> tuple[Any, Any]:
    """The game's hand form posted with ``data``, and the record it makes (None when refused)."""
    with form_app().test_request_context(method="POST", data=MultiDict(as_lists(data))):
        form = game.hand_form(names, options)
        record = form.to_record() if form.validate() else None
        return form, record


def as_lists(data: Fields) -> list[tuple[str, str]]:
    return [(k, v) for k, values in data.items() for v in (values if isinstance(values, list) else [values])]


def option_choices(game: Game) -> dict[str, list[str]]:
    """Each of the start form's options for the game, with the values it offers, the default first."""
    fields = game.option_fields()
    if not fields:
        return {}
    form = type("Options", (Form,), dict(fields))()
    found = {}
    for name in fields:
        values = [option.data for option in form[name]]
        default = next((option.data for option in form[name] if option.checked), None)
        found[name] = sorted(values, key=lambda v: v != default)
    return found


@cache
def _session_options(game_id: str, path: Path, exact: bool) -> tuple[tuple[str, str], ...] | None:
    worked = next(w for w in WORKED[game_id] if w.path == path)
    game, record = worked.game, worked.record()
    data = game.form_data(record)
    choices = option_choices(game)
    for combination in itertools.product(*choices.values()):
        chosen = dict(zip(choices, combination, strict=True))
        _, got = through_form(game, worked.names, stored_options(game, chosen), data)
        if got == record or (not exact and got is not None and game.score(got).net == game.score(record).net):
            return tuple(chosen.items())
    return None


def session_options(worked: Worked, exact: bool = True) -> dict[str, str] | None:
    """The start form's options under which the hand form gives back this hand's record from its ``form_data``
    (the defaults when they do); None when no options do. Not ``exact``: a record that scores the same will do.
    """
    found = _session_options(worked.game_id, worked.path, exact)
    return dict(found) if found is not None else None


def form_refusal(game: Game, names: list[str], fields: Fields) -> tuple[str | None, list[str]]:
    """Why the hand form (in a session with the usual options) refuses these fields: the field the engine's
    complaint names (None: the form's own checks refused it first), and the form fields that show a problem."""
    with form_app().test_request_context(method="POST", data=MultiDict(as_lists(fields))):
        form = game.hand_form(names, stored_options(game, {}))
        engine = None
        if form.validate():
            try:
                game.parse(form.record_json(), len(names))
            except InvalidHand as exc:
                engine = exc.field
            form.to_record()
        return engine, [f.name for f in form if f.errors]


def form_for_invalid(worked: Worked) -> Fields | None:
    """What a player enters for an invalid hand: its own ``form``, else the form of the hand as a stored record
    would read (checks added since a hand was saved do not refuse it there); None if neither can say."""
    if isinstance(worked.data.get("form"), dict):
        return worked.data["form"]
    try:
        return worked.game.form_data(worked.game.parse(worked.hand, worked.players, stored=True))
    except (InvalidHand, ValueError, TypeError, KeyError):
        return None


# -- pages and their forms -----------------------------------------------------------------------------------


class _FormReader(HTMLParser):
    """The controls of one form of a page (by id): what a browser would send for it untouched."""

    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside = form_id, False
        self.names: list[str] = []
        self.sent: list[tuple[str, str]] = []
        self.hidden: dict[str, str] = {}
        self._select: tuple[str, bool] | None = None
        self._options: list[tuple[str, bool]] = []
        self._option: dict[str, Any] | None = None
        self._textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v if v is not None else "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            return
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name:
            self._input(name, a)
        elif tag == "select" and name:
            self._name(name)
            self._select, self._options = (name, "multiple" in a), []
        elif tag == "option" and self._select is not None:
            self._option = {"value": a.get("value"), "selected": "selected" in a, "text": []}
        elif tag == "textarea" and name:
            self._name(name)
            self._textarea = (name, [])

    def _input(self, name: str, a: dict[str, str]) -> None:
        self._name(name)
        kind = a.get("type", "text").lower()
        if kind in ("radio", "checkbox"):
            if "checked" in a:
                self.sent.append((name, a.get("value", "on")))
        elif kind not in ("submit", "button", "image", "reset", "file"):
            self.sent.append((name, a.get("value", "")))
            if kind == "hidden":
                self.hidden[name] = a.get("value", "")

    def handle_data(self, data: str) -> None:
        if self._option is not None:
            self._option["text"].append(data)
        if self._textarea is not None:
            self._textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "option" and self._option is not None:
            value = self._option["value"]
            self._options.append(
                (value if value is not None else "".join(self._option["text"]).strip(), self._option["selected"])
            )
            self._option = None
        elif tag == "select" and self._select is not None:
            if self._option is not None:
                self.handle_endtag("option")
            name, multiple = self._select
            chosen = [v for v, selected in self._options if selected]
            if not chosen and not multiple and self._options:
                chosen = [self._options[0][0]]
            self.sent.extend((name, v) for v in (chosen if multiple else chosen[-1:]))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.sent.append((self._textarea[0], "".join(self._textarea[1])))
            self._textarea = None

    def _name(self, name: str) -> None:
        if name not in self.names:
            self.names.append(name)


def read_form(html: str, form_id: str) -> tuple[list[str], dict[str, list[str]]]:
    """A page's form (by id): its fields' names, and what a browser sends for it untouched."""
    reader = _FormReader(form_id)
    reader.feed(html)
    reader.close()
    sent: dict[str, list[str]] = {}
    for name, value in reader.sent:
        sent.setdefault(name, []).append(value)
    return reader.names, sent


def hidden_fields(html: str, form_id: str) -> dict[str, str]:
    """A page's form's hidden fields (what the page fills in, never the player): name and value."""
    reader = _FormReader(form_id)
    reader.feed(html)
    reader.close()
    return reader.hidden


def fits(worked: Worked, hidden: dict[str, str]) -> bool:
    """Whether a hand can be entered on a form whose page filled in these hidden fields (say, the deal's dealer):
    its ``form_data`` agrees with each of them."""
    entered = worked.game.form_data(worked.record())
    return all(str(entered[name]) == value for name, value in hidden.items() if name in entered)


def filled(untouched: dict[str, list[str]], fields: Fields, **more: str) -> dict[str, list[str]]:
    """A form as sent after ``fields`` were entered on it."""
    data = dict(untouched)
    for name, value in {**fields, **more}.items():
        data[name] = list(value) if isinstance(value, list | tuple) else [str(value)]
    return data


def alerts(html: str) -> list[str]:
    """The problems a page shows (for assertion messages)."""
    return [re.sub(r"\s+", " ", m).strip() for m in re.findall(r'role="alert"[^>]*>(.*?)</', html, re.S)]


def totals_shown(html: str) -> list[int]:
    """The scoreboard's running totals, seat by seat."""
    return [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)]


def start_form(game: Game, players: int, options: dict[str, str], html: str, **more: int) -> dict[str, list[str]]:
    """The start form of ``game`` as sent with the players' names, ``options`` and perhaps a length (``deals``)
    or who deals first (``first_dealer``)."""
    _, untouched = read_form(html, "game-form")
    fields: dict[str, str] = {f"player_{seat}": NAMES[seat] for seat in range(players)}
    fields.update(options)
    fields.update({name: str(value) for name, value in more.items() if value is not None})
    return filled(untouched, fields)


def start_session(client: Any, game: Game, players: int, options: dict[str, str], **more: int | None) -> str:
    """A new session of ``game`` started from its own start page (``/new/<id>``): the scoreboard's path."""
    url = f"/new/{game.id}?players={players}"
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    response = client.post(url, data=start_form(game, players, options, page.text, **more))
    assert response.status_code == 303, alerts(response.text)
    return response.headers["Location"]


def post_hand(client: Any, board: str, fields: Fields, where: str = "/hands/new", **extra: str) -> Any:
    """The hand form at ``where`` (new, or a deal's edit) loaded, ``fields`` entered and Save tapped; the hidden
    fields stay as the page filled them in (the deal, its dealer), as a player leaves them."""
    page = client.get(board + where)
    assert page.status_code == 200, (page.status_code, alerts(page.text))
    _, untouched = read_form(page.text, "hand-form")
    hidden = hidden_fields(page.text, "hand-form")
    entered = {name: value for name, value in fields.items() if name not in hidden}
    return client.post(board + where, data=filled(untouched, entered, **{"action": "save", **extra}))


#: The invalid hands a player could try on the hand form: those whose file says what a player enters, or
#: whose record a stored hand reads (the rest are JSON only the API or an import could send).
INVALID_ON_THE_FORM = params([w.values[0] for w in INVALID if form_for_invalid(w.values[0]) is not None])
