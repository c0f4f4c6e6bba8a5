"""Statistics across a group's sessions, checked against hands whose figures are worked out here by hand."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, select

from companion.games import GAMES
from companion.games.sussex import DEFAULT_HOUSE_RULES, HandRecord
from companion.models import Hand
from companion.stats import Tried, group_stats, leaderboard
from companion.store import (
    NameTaken,
    add_member,
    create_group,
    create_sitting,
    delete_hand,
    delete_sitting,
    edit_hand,
    new_secret,
    record_hand,
    rename_member,
)
from tests.strategies import valid_hands


@pytest.fixture
def db(app):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as session:
        yield session


def hand(**fields) -> HandRecord:
    base = {"young_trumps": "hearts", "in_trug": False}
    return HandRecord.from_json({**base, **fields})


# Night 1: Ann, Bob, Cat, Dan (seats 0-3).
#   Deal 1: Bob (seat 1) bids 4, calls 7C (gubber), Dan (seat 3) holds it, 71 points: made.
#     G = 6d = 12 halfpence: Bob +12, Dan +12, Ann -12, Cat -12.
#   Deal 2: Ann bids 3 (target 76), calls 7C held by Cat, 60 points: failed.
#     G = 12d = 24 hp: Ann -24, Cat -24, Bob +24, Dan +24; calling penalty on gubber (factor 1) P = G = 24 hp,
#     declarer pays it split among the defenders: Ann -24, Bob +12, Dan +12.
#     Ann -48, Bob +36, Cat -24, Dan +36.
#   Deal 3: Dan bids 4 and holds the called 7C himself (silent solo), 70 points: made.
#     Dan +3G = +36, each other -12.
# Night 1 totals: Ann -12-48-12 = -72, Bob 12+36-12 = 36, Cat -12-24-12 = -48, Dan 12+36+36 = 84.
NIGHT_1 = [
    hand(bid="4", declarer=1, called_card="7C", holder=3, points=71),
    hand(bid="3", declarer=0, called_card="7C", holder=2, points=60),
    hand(bid="4", declarer=3, called_card="7C", holder=3, points=70),
]
# Night 2: Eve, Ann, Bob, Cat (seats 0-3): Ann in seat 1 now.
#   Deal 1: Ann (seat 1) bids 4, calls 7C that lay in Bob's trug (seat 2): stung. Ann takes 70 (made), Bob 20.
#     Declarer makes game: +4G / stinger -2G / each other warden -1G, G = 12 hp:
#     Ann +48, Bob -24, Eve -12, Cat -12. The stinger failed (20 is not more than 70).
NIGHT_2 = [
    hand(bid="4", declarer=1, called_card="7C", holder=2, in_trug=True, points=70, stinger_points=20),
]


@pytest.fixture
def club(db):
    group = create_group(db, "Tuesday club", DEFAULT_HOUSE_RULES)
    # Each night played to its last deal (a session of as many deals as it has hands), so each has places.
    one = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], len(NIGHT_1), 0, DEFAULT_HOUSE_RULES, group=group)
    for deal, record in enumerate(NIGHT_1, 1):
        record_hand(db, one, deal, record, f"n1-{deal}")
    two = create_sitting(db, ["Eve", "ann", "Bob", "Cat"], len(NIGHT_2), 0, DEFAULT_HOUSE_RULES, group=group)
    for deal, record in enumerate(NIGHT_2, 1):
        record_hand(db, two, deal, record, f"n2-{deal}")
    return group, one, two


def sx(player):
    """A player's Sussex Tarot figures."""
    return player.figures(GAMES["sussex"])


def by_name(stats, name):
    return next(p for p in stats.players if p.name == name)


def test_money_sessions_and_places(db, club):
    group, one, two = club
    stats = group_stats(db, group)
    assert [p.name for p in stats.leaderboard] == ["Dan", "Bob", "Eve", "Ann", "Cat"]  # 84, 12, -12, -24, -60
    ann = by_name(stats, "Ann")  # "ann" on night 2 is the same player
    assert [s.net for s in ann.sessions] == [-72, 48]
    assert [s.place for s in ann.sessions] == [4, 1]
    assert (ann.net, ann.hands, ann.wins, ann.per_session) == (-24, 4, 1, -12)
    assert (ann.up, ann.longest_run_up) == (Tried(2, 1), 1)
    assert (ann.best.public_id, ann.worst.public_id) == (two.public_id, one.public_id)
    bob = by_name(stats, "Bob")
    assert [s.net for s in bob.sessions] == [36, -24]
    assert [s.place for s in bob.sessions] == [2, 4]
    assert (bob.up, bob.longest_run_up) == (Tried(2, 1), 1)
    assert by_name(stats, "Dan").longest_run_up == 1 and by_name(stats, "Eve").up == Tried(1, 0)
    assert by_name(stats, "Dan").net == 84 and by_name(stats, "Eve").net == -12
    assert by_name(stats, "Cat").net == -60
    assert sum(p.net for p in stats.players) == 0  # every hand is zero-sum, so is the group
    assert stats.running(ann) == [0, -72, -24]
    assert stats.running(by_name(stats, "Dan")) == [0, 84, 84]  # flat through the night he missed


def test_an_evening_left_before_its_last_deal_has_no_places(db, club):
    group, _, _ = club
    left = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES, group=group)
    for deal, record in enumerate(NIGHT_1[:3], 1):  # three of eight deals, then everyone went home
        record_hand(db, left, deal, record, f"left-{deal}")
    stats = group_stats(db, group)
    ann = by_name(stats, "Ann")
    assert [s.place for s in ann.sessions] == [4, 1, None] and not ann.sessions[-1].finished
    assert len(ann.finished) == 2 and ann.up.played == 2
    wins_before = {p.name: p.wins for p in group_stats(db, group).players}
    board = {s.name: s for s in leaderboard(db, group).standings}
    assert all(board[name].wins == wins for name, wins in wins_before.items() if name in board)
    assert (board["Ann"].sessions, board["Ann"].finished, board["Ann"].unfinished) == (3, 2, 1)


def test_the_leaderboard_and_its_chart_agree_with_each_players_figures(db, club):
    group, _, _ = club
    add_member(db, group, "Fay")  # never played: not on the leaderboard
    stats = group_stats(db, group)
    board = leaderboard(db, group, charted=3)
    played = [p for p in stats.leaderboard if p.sessions]
    assert [(s.name, s.net, s.sessions, s.hands, s.wins, s.per_session) for s in board.standings] == [
        (p.name, p.net, len(p.sessions), p.hands, p.wins, p.per_session) for p in played
    ]
    assert board.sessions == 2 and board.running == [stats.running(p) for p in played[:3]]
    assert board.running[0] == [0, 84, 84]  # Dan leads, and missed the second night
    assert leaderboard(db, create_group(db, "Empty", DEFAULT_HOUSE_RULES), charted=8) == type(board)([], 0, [])


def test_play_as_declarer_partner_and_stinger(db, club):
    group, _, _ = club
    stats = group_stats(db, group)
    ann, bob, cat, dan = (by_name(stats, n) for n in ("Ann", "Bob", "Cat", "Dan"))
    assert sx(ann).bids == {"4": Tried(1, 1), "3": Tried(1, 0)}
    assert sx(ann).declared == Tried(2, 1) and sx(ann).kind("stung") == Tried(1, 1)
    assert sx(bob).bids == {"4": Tried(1, 1)} and sx(bob).stings == Tried(1, 0)
    assert sx(dan).kind("silent-solo") == Tried(1, 1) and sx(dan).partnered == Tried(1, 1)
    assert sx(cat).partnered == Tried(1, 0) and sx(cat).declared == Tried(0, 0)
    assert sx(dan).kind("announced-solo") == Tried(0, 0)


def test_bonuses_and_declarations_follow_the_side(db):
    group = create_group(db, "Club", DEFAULT_HOUSE_RULES)
    night = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES, group=group)
    # Ann declares with Cat as partner and shows Trull and Three Kings; her side takes 104 (so Hundred),
    # and the defence makes the Pagat ultimo.
    record_hand(
        db,
        night,
        1,
        hand(
            bid="4",
            declarer=0,
            called_card="7C",
            holder=2,
            points=104,
            declarations=["trull", "three-kings"],
            bonuses={"pagat-ultimo": "defence"},
        ),
        "t1",
    )
    stats = group_stats(db, group)
    ann, bob, cat, dan = (by_name(stats, n) for n in ("Ann", "Bob", "Cat", "Dan"))
    assert (sx(ann).declarations, sx(ann).bonuses) == (2, 1)  # Hundred, her side's
    assert (sx(cat).declarations, sx(cat).bonuses) == (0, 1)
    assert (sx(bob).bonuses, sx(dan).bonuses) == (1, 1)  # the Pagat ultimo


def test_an_edit_or_a_delete_changes_the_figures(db, club):
    group, one, _ = club
    edit_hand(db, one, 2, hand(bid="3", declarer=0, called_card="7C", holder=2, points=80), 1)
    assert sx(by_name(group_stats(db, group), "Ann")).bids["3"] == Tried(1, 1)
    delete_hand(db, one, 3)
    dan = by_name(group_stats(db, group), "Dan")
    assert sx(dan).kind("silent-solo") == Tried(0, 0) and dan.hands == 2


def test_a_rename_keeps_the_history_and_names_stay_unique(db, club):
    group, one, _ = club
    ann = by_name(group_stats(db, group), "Ann").member
    rename_member(db, ann, "Annie")
    stats = group_stats(db, group)
    assert by_name(stats, "Annie").net == -24
    db.refresh(one)
    assert one.names[0] == "Annie"  # her old scoreboard says so too
    with pytest.raises(NameTaken):
        rename_member(db, ann, "BOB")
    with pytest.raises(NameTaken):
        add_member(db, group, " dan ")
    assert add_member(db, group, "Fay").name == "Fay"
    assert by_name(group_stats(db, group), "Fay").sessions == []


def test_sessions_outside_the_group_do_not_count(db, club):
    group, _, _ = club
    loose = create_sitting(db, ["Ann", "Bob", "Cat", "Dan"], 8, 0, DEFAULT_HOUSE_RULES)
    record_hand(db, loose, 1, NIGHT_1[0], "loose-1")
    assert by_name(group_stats(db, group), "Bob").net == 12
    other = create_group(db, "Other", DEFAULT_HOUSE_RULES)
    assert group_stats(db, other).players == []


def test_one_player_alone(db, club):
    group, _, _ = club
    dan = by_name(group_stats(db, group), "Dan").member
    only = group_stats(db, group, only=[dan.id])
    assert [p.name for p in only.players] == ["Dan"] and only.players[0].net == 84


def test_runs_of_sessions_finished_up():
    from datetime import UTC, datetime

    from companion.models import Member
    from companion.stats import PlayerStats, SessionResult

    nets = [5, 3, -1, 2, 4, 6, 0, 1]
    player = PlayerStats(
        Member(name="Ann", name_key="ann"),
        [SessionResult(str(n), datetime.now(UTC), 8, net, 1) for n, net in enumerate(nets)],
    )
    assert player.up == Tried(8, 6) and player.up.rate == 75
    assert player.longest_run_up == 3  # 2, 4, 6; a square night (0) ends a run
    assert player.running == [0, 5, 8, 7, 9, 13, 19, 19, 20]


# -- against a plain recount ---------------------------------------------------------


def recount(nights: list[tuple[list[str], list[HandRecord]]]) -> dict[str, dict]:
    """Each player's figures worked out straight from the records, one hand at a time; money only from nights
    played to their end (8 deals)."""
    from companion.games.sussex import score

    figures: dict[str, dict] = {}
    for names, hands in nights:
        if not hands:
            continue
        for name in names:
            figures.setdefault(
                name, {"net": 0, "hands": 0, "bids": {}, "partnered": [0, 0], "stings": [0, 0], "bonuses": 0}
            )
        for record in hands:
            net = score(record).net_halfpence
            sides = list(record.bonus_sides().values())
            for seat, name in enumerate(names):
                f = figures[name]
                f["net"] += net[seat] if len(hands) == 8 else 0
                f["hands"] += 1
                f["bonuses"] += sides.count(record.side_of(seat))
            bid = figures[names[record.declarer]]["bids"].setdefault(record.bid.id, [0, 0])
            bid[0] += 1
            bid[1] += record.made
            if record.partner is not None:
                partner = figures[names[record.partner]]["partnered"]
                partner[0] += 1
                partner[1] += record.made
            if record.stinger is not None:
                stings = figures[names[record.stinger]]["stings"]
                stings[0] += 1
                stings[1] += bool(record.stinger_made)
    return figures


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    nights=st.lists(
        st.tuples(
            st.permutations(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]).map(lambda p: p[:4]),
            # A night played to its end (8 deals), or left early: only a finished night's money counts.
            st.one_of(st.lists(valid_hands(), min_size=8, max_size=8), st.lists(valid_hands(), max_size=3)),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_statistics_match_a_plain_recount(app, nights):
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        group = create_group(db, "Club", DEFAULT_HOUSE_RULES)
        played = []
        for names, hands in nights:
            sitting = create_sitting(db, names, 8, 0, DEFAULT_HOUSE_RULES, group=group)
            records = [HandRecord.from_json(h) for h in hands]
            for deal, record in enumerate(records, 1):
                record_hand(db, sitting, deal, record, new_secret())
            played.append((names, records))
        stats = group_stats(db, group)
        board = leaderboard(db, group)
    expected = recount(played)
    assert {s.name: (s.net, s.hands) for s in board.standings} == {
        n: (f["net"], f["hands"]) for n, f in expected.items()
    }
    shown = {p.name: p for p in stats.players if p.sessions}
    assert set(shown) == set(expected)
    assert sum(p.net for p in stats.players) == 0
    for name, f in expected.items():
        p = shown[name]
        assert (p.net, p.hands, sx(p).bonuses) == (f["net"], f["hands"], f["bonuses"])
        assert {b: (t.played, t.made) for b, t in sx(p).bids.items()} == {b: tuple(v) for b, v in f["bids"].items()}
        assert (sx(p).partnered.played, sx(p).partnered.made) == tuple(f["partnered"])
        assert (sx(p).stings.played, sx(p).stings.made) == tuple(f["stings"])


def _worked_out_afresh(figures):
    """``figures()`` worked out with nothing kept, what is kept left as it was."""
    from companion import stats

    caches = (stats._evenings, stats._seat_counts, stats._player_counts, stats._added_ups)
    kept = [cache._values.copy() for cache in caches]
    for cache in caches:
        cache.clear()
    try:
        return figures()
    finally:
        for cache, values in zip(caches, kept, strict=True):
            cache._values = values


def _figures(db, group, only=None) -> dict:
    board = leaderboard(db, group, charted=3)
    figures = {p.name: (p.sessions, p.games) for p in group_stats(db, group, only).players}
    return {"leaderboard": (board.standings, board.sessions, board.running), **figures}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    nights=st.lists(st.lists(valid_hands(), min_size=1, max_size=3), min_size=1, max_size=3),
    changes=st.lists(
        st.tuples(st.integers(0, 2), st.sampled_from(["edit", "delete", "add", "drop"]), valid_hands()), max_size=5
    ),
)
def test_figures_kept_between_visits_are_those_worked_out_afresh(app, nights, changes):
    """What a process keeps of a player's figures and of the leaderboard is brought up to date by the change alone
    (one seat's counts, one session's lines, taken off and the new ones put on), change after change: each time it
    equals the figures worked out with nothing kept."""
    seats = [["Ann", "Bob", "Cat", "Dan"], ["Eve", "Ann", "Bob", "Cat"], ["Dan", "Eve", "Fay", "Ann"]]
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        group = create_group(db, "Club", DEFAULT_HOUSE_RULES)
        sittings = []
        for n, hands in enumerate(nights):
            sitting = create_sitting(db, seats[n], 8, 0, DEFAULT_HOUSE_RULES, group=group)
            for deal, record in enumerate(hands, 1):
                record_hand(db, sitting, deal, HandRecord.from_json(record), new_secret())
            sittings.append([sitting, len(hands)])
        ann = by_name(group_stats(db, group), "Ann").member.id

        def figures():
            return _figures(db, group), _figures(db, group, [ann])

        figures()  # kept from now on
        for n, what, record in changes:
            sitting, played = sittings[n % len(sittings)]
            if sitting is None:
                continue
            if what == "drop":
                delete_sitting(db, sitting)
                sitting = None
            elif what == "edit" and played:
                version = db.exec(select(Hand.version).where(Hand.sitting_id == sitting.id, Hand.deal == played)).one()
                edit_hand(db, sitting, played, HandRecord.from_json(record), version)
            elif what == "delete" and played:
                delete_hand(db, sitting, played)
                played -= 1
            elif played < 8:
                played += 1
                record_hand(db, sitting, played, HandRecord.from_json(record), new_secret())
            sittings[n % len(sittings)] = [sitting, played]
            assert figures() == _worked_out_afresh(figures)
