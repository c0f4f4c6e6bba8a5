"""Every registered game's records: record → JSON → record and record → form → record give the same record;
each hand's scores sum to zero in a zero-sum game; money always does, at every stake the game offers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wtforms import SelectMultipleField

from companion.games import GAMES
from companion.games.base import Played
from companion.settle import settle

from .worked import (
    GAME_IDS,
    ON_THE_FORM,
    VALID,
    WITH_HANDS,
    Worked,
    form_app,
    session_options,
    stored_options,
    through_form,
    valid_of,
)

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- round trips ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("worked", VALID)
def test_record_to_json_and_back(worked):
    game, record = worked.game, worked.record()
    stored = json.loads(json.dumps(record.to_json()))
    assert game.parse(stored, worked.players) == record
    assert game.parse(stored, worked.players, stored=True) == record  # as the database reads it back
    assert game.parse(stored) == record  # as the API reads it
    assert json.loads(json.dumps(game.parse(stored, worked.players).to_json())) == stored


@pytest.mark.parametrize("worked", ON_THE_FORM)
def test_record_to_form_and_back(worked):
    game, record = worked.game, worked.record()
    options = session_options(worked)
    if options is None:  # say what the form made of it with the usual options
        form, got = through_form(game, worked.names, stored_options(game, {}), game.form_data(record))
        pytest.fail(
            f"no session options under which the form gives back the record: it made {_json(got)} of "
            f"{_json(record)} (refused: {form.errors})"
        )
    _, got = through_form(game, worked.names, stored_options(game, options), game.form_data(record))
    assert got == record
    assert game.form_data(got) == game.form_data(record)


def _json(record: Any) -> Any:
    return record.to_json() if record is not None else None


# -- sums -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("worked", VALID)
def test_each_hand_scores_every_seat_and_sums_as_the_game_says(worked):
    game = worked.game
    net = game.score(worked.record()).net
    assert len(net) == worked.players and all(type(n) is int for n in net)
    if game.zero_sum:
        assert sum(net) == 0
    # Fixed sides score together: the scoreboard shows a side's total as its first seat's.
    for side in game.partnerships(worked.players) or ():
        assert len({net[seat] for seat in side}) == 1, (side, net)
    # A game that is not zero-sum declares nothing else of its hands' sums (``Game.zero_sum`` only): its money
    # is still zero-sum, below.


def _players_with_hands(game_id: str) -> dict[int, list[Worked]]:
    found: dict[int, list[Worked]] = {}
    for worked in valid_of(game_id):
        found.setdefault(worked.players, []).append(worked)
    return found


@PROPERTY
@pytest.mark.parametrize("game_id", WITH_HANDS)
@given(data=st.data())
def test_money_is_zero_sum_at_every_stake(game_id, data):
    """Any run of the game's worked hands, at any stake it offers and any worth: the money sums to zero and
    settles up, however the session stands (over or not, won by one or tied)."""
    game = GAMES[game_id]
    hands = _players_with_hands(game_id)
    players = data.draw(st.sampled_from(sorted(hands)), "players")
    deals = data.draw(st.sampled_from(game.ending.deal_choices(players)), "deals")
    run = data.draw(st.lists(st.sampled_from(hands[players]), max_size=min(deals, 24)), "hands")
    records = tuple(w.record() for w in run)
    totals = tuple(sum(game.score(r).net[seat] for r in records) for seat in range(players))
    played = Played(totals, len(records), deals, records)
    stake = data.draw(st.sampled_from(game.stakes), "stake")
    worth = data.draw(st.integers(1, 480), "worth")
    outcome = game.outcome(played)
    money = game.money(stake, worth, played)
    assert len(money) == players and all(type(m) is int for m in money)
    assert sum(money) == 0, (stake, worth, totals, outcome, money)
    assert money == game.money(stake, worth, played, outcome)
    settle(money)


# -- whatever the form accepts round-trips -------------------------------------------------------------------------


def _choices(game_id: str, worked: Worked, options: Any) -> dict[str, tuple[bool, list[str]]]:
    """The hand form's fields that offer choices (radios, selects, checkboxes): each one's values."""
    game = GAMES[game_id]
    with form_app().test_request_context():
        form = game.hand_form(worked.names, options)
        found = {}
        for field in form:
            if getattr(field, "choices", None) is None or field.type in ("CSRFTokenField", "HiddenField"):
                continue
            values = [option.data for option in field]
            if values:
                found[field.name] = (isinstance(field, SelectMultipleField), values)
        return found


@PROPERTY
@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_whatever_the_hand_form_accepts_round_trips(game_id, data):
    """A worked hand's form with some of its choices changed to others the form offers: refused with a reason,
    or a record that comes back the same through the form and through JSON, and scores every seat."""
    game = GAMES[game_id]
    worked_ = [w for w in valid_of(game_id) if w.on_the_form and session_options(w) is not None]
    assert worked_, "no worked hand the form gives back (test_record_to_form_and_back says why)"
    worked = data.draw(st.sampled_from(worked_), "worked hand")
    options = stored_options(game, session_options(worked) or {})
    fields = _choices(game_id, worked, options)
    changed = data.draw(st.lists(st.sampled_from(sorted(fields)), unique=True, max_size=4), "changed")
    entered = dict(game.form_data(worked.record()))
    for name in changed:
        multiple, values = fields[name]
        strategy = st.lists(st.sampled_from(values), unique=True) if multiple else st.sampled_from(values)
        entered[name] = data.draw(strategy, name)
    form, record = through_form(game, worked.names, options, entered)
    if record is None:
        assert form.errors or form.form_errors, "refused without a word"
        return
    _, again = through_form(game, worked.names, options, game.form_data(record))
    assert again == record, (record.to_json(), again.to_json() if again else form.errors)
    assert game.parse(json.loads(json.dumps(record.to_json())), len(worked.names)) == record
    net = game.score(record).net
    assert len(net) == len(worked.names)
    if game.zero_sum:
        assert sum(net) == 0
    for side in game.partnerships(len(worked.names)) or ():
        assert len({net[seat] for seat in side}) == 1, (side, net)
