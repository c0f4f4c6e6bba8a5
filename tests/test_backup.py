"""Export, import, CSV, online backup, re-scoring, and schema upgrades that keep data."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import sqlite3

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import Session, SQLModel, select

from companion import backup
from companion.db import upgrade
from companion.games import GAMES
from companion.games.sussex import DEFAULT_HOUSE_RULES, HandRecord, HouseRules, score
from companion.models import Group, Hand, Sitting
from companion.stats import group_stats
from companion.store import (
    add_member,
    create_group,
    create_sitting,
    find_group,
    load_scoreboard,
    record_hand,
)
from tests.conftest import EXAMPLES, POSTGRES_URL, load_example, make_app

HANDS = [load_example(p)["hand"] for p in EXAMPLES if "expect" in load_example(p)]


def fill(app, names=("Ann", "Bob", "Cat", "Dan"), count=8, rules=DEFAULT_HOUSE_RULES):
    """A session with ``count`` worked hands (house rules of the session applied)."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        sitting = create_sitting(db, list(names), 16, 1, rules)
        for deal in range(1, count + 1):
            record = HandRecord.from_json({**HANDS[deal % len(HANDS)], "house_rules": rules.to_json()})
            record_hand(db, sitting, deal, record, f"token-{sitting.id}-{deal}")
        return sitting


def board_of(app, public_id):
    with Session(app.extensions["db_engine"]) as db:
        from companion.store import find_sitting

        board = load_scoreboard(db, find_sitting(db, public_id))
        return board.names, board.totals, [(h.deal, h.payments) for h in board.hands]


def test_export_import_round_trip_gives_the_same_scoreboard(app, tmp_path):
    first = fill(app)
    second = fill(app, names=("W", "X", "Y", "Z"), count=5, rules=HouseRules.from_json({"martlet_values": "total"}))
    with Session(app.extensions["db_engine"]) as db:
        exported = json.loads(json.dumps(backup.export_all(db)))
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        imported = backup.import_all(db, exported)
    assert [i.hands for i in imported] == [8, 5] and all(not i.rescored for i in imported)
    for original in (first, second):
        assert board_of(fresh, original.public_id) == board_of(app, original.public_id)
    fresh.extensions["db_engine"].dispose()


def test_export_holds_every_input(app):
    sitting = fill(app, count=3)
    with Session(app.extensions["db_engine"]) as db:
        data = backup.export_all(db)
    session = data["sessions"][0]
    assert session["players"] == ["Ann", "Bob", "Cat", "Dan"] and session["first_dealer"] == 1
    assert session["house_rules"] == HouseRules().to_json()
    assert [h["deal"] for h in session["hands"]] == [1, 2, 3]
    for h in session["hands"]:
        assert HandRecord.from_json(h["hand"]).to_json() == h["hand"]
    assert "edit_key" not in json.dumps(data) and sitting.edit_key not in json.dumps(data)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(format="something else"),
        lambda d: d["sessions"][1]["hands"][0]["hand"].update(points=999),
        lambda d: d["sessions"][1].update(players=["A", "B"]),
        lambda d: d["sessions"][1]["hands"].append(d["sessions"][1]["hands"][0]),
        lambda d: d["sessions"][1].update(deals=12),
        lambda d: d["sessions"][1].update(players=["A", "B\x00", "C", "D"]),
    ],
)
def test_a_bad_import_saves_nothing(app, tmp_path, damage):
    fill(app)
    fill(app, count=2)
    with Session(app.extensions["db_engine"]) as db:
        data = json.loads(json.dumps(backup.export_all(db)))
    damage(data)
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"]) as db:
        with pytest.raises(backup.ImportError_):
            backup.import_all(db, data)
        assert db.exec(text("select count(*) from sitting")).one()[0] == 0
    fresh.extensions["db_engine"].dispose()


def test_cli_export_then_import(app, runner, tmp_path):
    sitting = fill(app, count=4)
    out = tmp_path / "all.json"
    assert runner.invoke(args=["export-sessions", str(out)]).exit_code == 0
    fresh = make_app(tmp_path / "fresh.sqlite3")
    result = fresh.test_cli_runner().invoke(args=["import-sessions", str(out)])
    assert result.exit_code == 0, result.output
    assert f"{sitting.public_id}: 4 hands" in result.output
    assert board_of(fresh, sitting.public_id) == board_of(app, sitting.public_id)
    bad = tmp_path / "bad.json"
    bad.write_text("{nonsense")
    result = fresh.test_cli_runner().invoke(args=["import-sessions", str(bad)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    fresh.extensions["db_engine"].dispose()


def test_csv_export_of_a_session(app, client):
    sitting = fill(app, count=3)
    for export in ("export.csv", "export.json"):  # a backup holds everything: not for a view link
        assert client.get(f"/s/{sitting.public_id}/{export}").status_code == 403
    client.get(f"/s/{sitting.public_id}/join/{sitting.edit_key}")
    response = client.get(f"/s/{sitting.public_id}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0][:4] == ["deal", "dealer", "declarer", "bid"] and "Ann (s/d)" in rows[0]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "total"]
    _, totals, hands = board_of(app, sitting.public_id)
    assert [int(x) for x in rows[-1][-4:]] == totals
    assert [int(x) for x in rows[1][-4:]] == list(hands[0][1])
    assert client.get(f"/s/{sitting.public_id}/export.json").json["sessions"][0]["id"] == sitting.public_id


def test_online_backup_while_the_app_runs(app, runner, tmp_path):
    sitting = fill(app, count=6)
    destination = tmp_path / "copy.sqlite3"
    result = runner.invoke(args=["backup-db", str(destination)])
    if POSTGRES_URL:  # SQLite's online backup has nothing to copy here: it says so
        assert result.exit_code == 2 and "pg_dump" in result.output and not destination.exists()
        return
    assert result.exit_code == 0, result.output
    copy = sqlite3.connect(destination)
    assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"
    assert copy.execute("select count(*) from hand").fetchone()[0] == 6
    assert copy.execute("select count(*) from sitting where public_id = ?", (sitting.public_id,)).fetchone()[0] == 1
    assert runner.invoke(args=["backup-db", str(destination)]).exit_code == 2  # never overwrites


def test_rescore_reports_hands_that_no_longer_match(app, runner):
    fill(app, count=5)
    result = runner.invoke(args=["rescore"])
    assert result.exit_code == 0 and "5 hands checked, 0 no longer match" in result.output
    with Session(app.extensions["db_engine"]) as db:
        hand = db.exec(text("select id from hand where deal = 2")).one()
        db.exec(text("update hand set pay_0 = pay_0 + 2, pay_1 = pay_1 - 2 where id = :id").bindparams(id=hand[0]))
        db.commit()
    result = runner.invoke(args=["rescore"])
    assert result.exit_code == 1 and "deal 2: stored" in result.output and "1 no longer match" in result.output
    assert runner.invoke(args=["rescore", "--fix"]).exit_code == 0
    assert "0 no longer match" in runner.invoke(args=["rescore"]).output
    with Session(app.extensions["db_engine"]) as db:  # a hand's facts for statistics, out of step with its record
        db.exec(text("update hand set kind = 'stung', declarer = (declarer + 1) % 4 where deal = 4"))
        db.commit()
    result = runner.invoke(args=["rescore"])
    assert result.exit_code == 1 and "deal 4: facts for statistics differ: declarer, kind" in result.output
    assert runner.invoke(args=["rescore", "--fix"]).exit_code == 0
    assert "0 no longer match" in runner.invoke(args=["rescore"]).output


def test_rescore_names_a_hand_kept_as_saved_though_now_refused(app, runner):
    fill(app, count=2)
    with Session(app.extensions["db_engine"]) as db:  # deal 1 as saved before valats were checked against points
        record = json.loads(db.exec(text("select record from hand where deal = 1")).one()[0])
        record["bonuses"] = {"valat": "defence"}
        db.exec(text("update hand set record = :r where deal = 1").bindparams(r=json.dumps(record)))
        db.commit()
    result = runner.invoke(args=["rescore"])
    assert "deal 1: kept as saved, though now refused: bonuses:" in result.output
    assert "Traceback" not in result.output


def test_upgrading_the_schema_keeps_every_sessions_totals(tmp_path):
    """A database made at the first migration, with sessions in it, upgraded to the newest."""
    app = make_app(tmp_path / "old.sqlite3")
    engine = app.extensions["db_engine"]
    SQLModel.metadata.drop_all(engine)
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE alembic_version"))
    upgrade(engine, "0001")
    expected = {}
    with engine.begin() as connection:
        for n in range(3):
            sitting_id = connection.execute(
                text(
                    "insert into sitting (public_id, created_at, deals, first_dealer, house_rules, coins) "
                    "values (:p, CURRENT_TIMESTAMP, 16, 0, '{}', '1/- 0/6 0/1 0/0½') returning id"
                ),
                {"p": f"old-session-{n}"},
            ).scalar_one()
            for seat, name in enumerate("ABCD"):
                connection.execute(
                    text("insert into player (sitting_id, seat, name) values (:s, :seat, :n)"),
                    {"s": sitting_id, "seat": seat, "n": f"{name}{n}"},
                )
            totals = [0, 0, 0, 0]
            for deal, hand in enumerate(HANDS[n : n + 6], start=1):
                net = score(HandRecord.from_json(hand)).net_halfpence
                totals = [t + v for t, v in zip(totals, net, strict=True)]
                connection.execute(
                    text(
                        "insert into hand (sitting_id, deal, record, pay_0, pay_1, pay_2, pay_3, version, "
                        "form_token, created_at, updated_at) values (:s, :d, :r, :a, :b, :c, :e, 1, :t, "
                        "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                    ),
                    {
                        "s": sitting_id,
                        "d": deal,
                        "r": json.dumps(hand),
                        "a": net[0],
                        "b": net[1],
                        "c": net[2],
                        "e": net[3],
                        "t": f"t{n}-{deal}",
                    },
                )
            expected[f"old-session-{n}"] = totals
    upgrade(engine, "head")
    for public_id, totals in expected.items():
        names, shown, hands = board_of(app, public_id)
        assert shown == totals and len(hands) == 6
    with engine.connect() as connection:
        keys = [k for (k,) in connection.execute(text("select edit_key from sitting"))]
    assert len(set(keys)) == 3 and all(k and len(k) >= 22 for k in keys)
    with Session(engine) as db:  # migration 0005 worked out each old hand's facts for statistics
        for hand in db.exec(select(Hand)):
            assert hand.kind and hand.bid
            facts = GAMES["sussex"].facts(HandRecord.from_json(json.loads(hand.record), stored=True))
            assert {k: getattr(hand, k) for k in facts} == facts
    engine.dispose()


def test_every_stored_hand_is_scored_as_stored(app):
    fill(app, count=8)
    with Session(app.extensions["db_engine"]) as db:
        for hand in db.exec(text("select record, pay_0, pay_1, pay_2, pay_3 from hand")):
            assert tuple(score(HandRecord.from_json(json.loads(hand[0]))).net_halfpence) == tuple(hand[1:])


@pytest.mark.parametrize("junk", ["has space", "nul\x00", "x" * 41, 7, ["list"]])
def test_an_imported_id_that_could_not_be_one_gets_a_new_id(app, tmp_path, junk):
    fill(app, count=1)
    with Session(app.extensions["db_engine"]) as db:
        data = json.loads(json.dumps(backup.export_all(db)))
    data["sessions"][0]["id"] = junk
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        [imported] = backup.import_all(db, data)
    assert imported.sitting.public_id != junk and len(imported.sitting.public_id) == 22
    fresh.extensions["db_engine"].dispose()


def test_csv_cells_never_start_a_formula(app, client):
    sitting = fill(app, names=("=HYPERLINK(1)", "+Bob", "-Cat", "@Dan"), count=3)
    client.get(f"/s/{sitting.public_id}/join/{sitting.edit_key}")
    rows = list(csv.reader(io.StringIO(client.get(f"/s/{sitting.public_id}/export.csv").text)))
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@")) or cell.lstrip("-").isdigit(), cell
    assert "'=HYPERLINK(1) (s/d)" in rows[0] and "'=HYPERLINK(1)" in rows[1] + rows[2] + rows[3]


def test_a_backup_into_a_missing_folder_is_refused_plainly(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path / 'live.sqlite3'}"})
    upgrade(app.extensions["db_engine"])  # the online backup is SQLite's, whichever database the suite runs on
    result = app.test_cli_runner().invoke(args=["backup-db", str(tmp_path / "no" / "such" / "copy.sqlite3")])
    assert result.exit_code == 2 and "no folder" in result.output and "Traceback" not in result.output


def test_the_database_its_backups_and_exports_are_readable_by_their_owner_only(tmp_path):
    import os
    import stat

    from companion import create_app

    def mode(path):
        return stat.S_IMODE(os.stat(path).st_mode)

    live = tmp_path / "live.sqlite3"
    live.touch(mode=0o644)  # made before this rule: tightened when the app opens it
    os.chmod(live, 0o644)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{live}"})
    upgrade(app.extensions["db_engine"])  # SQLite's files, whichever database the suite runs on
    fill(app, count=2)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["backup-db", str(tmp_path / "copy.sqlite3")]).exit_code == 0
    assert runner.invoke(args=["export-sessions", str(tmp_path / "all.json")]).exit_code == 0
    assert json.loads((tmp_path / "all.json").read_text())["sessions"][0]["players"] == ["Ann", "Bob", "Cat", "Dan"]
    for name in ("live.sqlite3", "live.sqlite3-wal", "copy.sqlite3", "all.json"):
        assert mode(tmp_path / name) == 0o600, name
    assert "Traceback" not in runner.invoke(args=["export-sessions", str(tmp_path / "no" / "x.json")]).output
    app.extensions["db_engine"].dispose()


def exported(app) -> dict:
    with Session(app.extensions["db_engine"]) as db:
        return json.loads(json.dumps(backup.export_all(db)))


@pytest.mark.parametrize(
    ("damage", "line"),
    [
        (lambda s: s.update(players=["Ann", "Bob", "ann ", "Dan"]), "session 1: each player needs a different name"),
        (lambda s: s.update(players=["Ann", "  ", "Cat", "Dan"]), "session 1: player 2 must be a name"),
        (lambda s: s.update(first_dealer=True), "session 1: first_dealer must be a seat 0 to 3, not True"),
        (lambda s: s.update(first_dealer=1.0), "session 1: first_dealer must be a seat 0 to 3, not 1.0"),
        (lambda s: s.update(deals=8.0), "session 1: deals must be 8 or 16, not 8.0"),
        (lambda s: s.update(deals=False), "session 1: deals must be 8 or 16, not False"),
        (lambda s: s["hands"][0].update(deal=True), "session 1, hand 1: deal must be a free deal number"),
        (lambda s: s["hands"][0].update(deal=1.0), "session 1, hand 1: deal must be a free deal number"),
        (lambda s: s.update(hands="none"), "session 1: hands must be a list"),
        (lambda s: s["hands"].append(7), "session 1, hand 3: must be an object"),
        (lambda s: s.update(created_at="yesterday"), "session 1: created_at must be a date and time"),
        (lambda s: s["hands"][1].update(updated_at=12), "session 1, hand 2: updated_at must be a date and time"),
        (lambda s: s.update(house_rules=[]), "session 1: house_rules must be an object"),
        (lambda s: s.update(coins=7), "session 1: coins must be text"),
        (lambda s: s.update(coins=" ".join(["1/-"] * 500)), "session 1: coins: list at most 12 coins"),
        (lambda s: s["hands"][0].update(hand={"bid": "9"}), "session 1, hand 1 (deal 1): bid:"),
        # Past the calendar's ends in UTC: an OverflowError, once a traceback.
        (lambda s: s.update(created_at="0001-01-01T00:00:00+23:59"), "session 1: created_at must be a date and time"),
        (lambda s: s.update(created_at="9999-12-31T23:59:59-23:59"), "session 1: created_at must be a date and time"),
        (lambda s: s["hands"][1].update(updated_at="0001-01-01T00:00:00"), "session 1, hand 2: updated_at must be"),
    ],
)
def test_an_import_names_each_problem_on_its_line_and_saves_nothing(app, tmp_path, damage, line):
    fill(app, count=2)
    data = exported(app)
    damage(data["sessions"][0])
    source = tmp_path / "damaged.json"
    source.write_text(json.dumps(data))
    fresh = make_app(tmp_path / "fresh.sqlite3")
    result = fresh.test_cli_runner().invoke(args=["import-sessions", str(source)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "nothing imported" in result.output and any(x.startswith(line) for x in result.output.splitlines())
    with Session(fresh.extensions["db_engine"]) as db:
        assert db.exec(text("select count(*) from sitting")).one()[0] == 0
    fresh.extensions["db_engine"].dispose()


def test_every_problem_of_an_import_is_listed_not_only_the_first(app, tmp_path):
    fill(app, count=2)
    fill(app, names=("W", "X", "Y", "Z"), count=1)
    data = exported(app)
    data["sessions"][0]["deals"] = 12
    data["sessions"][1]["hands"][0]["hand"]["points"] = 999
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"]) as db, pytest.raises(backup.ImportError_) as refused:
        backup.import_all(db, data)
    fresh.extensions["db_engine"].dispose()
    lines = str(refused.value).splitlines()
    assert len(lines) == 2 and lines[0].startswith("session 1: deals") and lines[1].startswith("session 2, hand 1")


def test_an_import_keeps_the_hands_timestamps(app, tmp_path):
    fill(app, count=2)
    data = exported(app)
    data["sessions"][0]["hands"][0].update(created_at="2026-01-02T20:00:00", updated_at="2026-01-02T21:30:00")
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"], expire_on_commit=False) as db:
        backup.import_all(db, data)
        again = json.loads(json.dumps(backup.export_all(db)))["sessions"][0]["hands"]
    assert again[0]["created_at"].startswith("2026-01-02T20:00:00")
    assert again[0]["updated_at"].startswith("2026-01-02T21:30:00")
    assert again[1]["created_at"] == data["sessions"][0]["hands"][1]["created_at"]
    fresh.extensions["db_engine"].dispose()


def test_a_deeply_nested_import_file_is_refused_plainly(tmp_path):
    source = tmp_path / "deep.json"
    source.write_text("[" * 100_000 + "]" * 100_000)
    app = make_app(tmp_path / "deep.sqlite3")
    result = app.test_cli_runner().invoke(args=["import-sessions", str(source)])
    assert result.exit_code == 2 and "nested deeper" in result.output and "Traceback" not in result.output
    app.extensions["db_engine"].dispose()


@pytest.mark.parametrize("body", [b"\xff\xfe{\x00}", '{"format": "caf\u00e9"}'.encode("latin-1")])
def test_an_import_file_that_is_not_utf8_is_refused_plainly(tmp_path, body):
    source = tmp_path / "latin.json"
    source.write_bytes(body)
    app = make_app(tmp_path / "latin.sqlite3")
    result = app.test_cli_runner().invoke(args=["import-sessions", str(source)])
    assert result.exit_code == 2 and "not UTF-8" in result.output and "Traceback" not in result.output
    app.extensions["db_engine"].dispose()


def test_the_migrations_make_the_tables_the_models_describe(app):
    """What `upgrade-db` builds is what the code reads and writes: no column, index or key missing."""
    engine = app.extensions["db_engine"]
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    # A unique index does what a unique constraint does (hand.form_token has the index since 0001),
    # and SQLite cannot name a foreign key that batch mode re-created.
    unique_indexes = {tuple(d[1].columns.keys()) for d in differences if d[0] == "remove_index" and d[1].unique}
    left = [
        d
        for d in differences
        if d[0] not in ("add_fk", "remove_fk")
        and not (d[0] == "remove_index" and d[1].unique)
        and not (d[0] == "add_constraint" and tuple(d[1].columns.keys()) in unique_indexes)
    ]
    assert left == []


def club(app):
    """A group of five with two sessions (one of them with an extra player), and a session outside it."""
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        group = create_group(db, "Tuesday club", HouseRules.from_json({"martlet_values": "total"}), "0/6 1/-")
        for n, names in enumerate((["Ann", "Bob", "Cat", "Dan"], ["Eve", "Ann", "Bob", "Cat"])):
            sitting = create_sitting(db, names, 8, n, DEFAULT_HOUSE_RULES, group=group)
            for deal in range(1, 4):
                record_hand(db, sitting, deal, HandRecord.from_json(HANDS[deal + n]), f"c-{n}-{deal}")
        add_member(db, group, "Fay")  # no session yet: kept all the same
        return group


def figures(app, public_id):
    with Session(app.extensions["db_engine"]) as db:
        group = find_group(db, public_id)
        stats = group_stats(db, group)
        return (
            group.name,
            group.coins,
            [(p.name, p.net, [s.net for s in p.sessions], p.games) for p in stats.leaderboard],
        )


def test_import_sessions_keeps_groups(app, runner, tmp_path):
    group = club(app)
    fill(app, count=2)
    out = tmp_path / "all.json"
    assert runner.invoke(args=["export-sessions", str(out)]).exit_code == 0
    fresh = make_app(tmp_path / "fresh.sqlite3")
    result = fresh.test_cli_runner().invoke(args=["import-sessions", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.count(f"(group Tuesday club: /g/{group.public_id})") == 2
    assert figures(fresh, group.public_id) == figures(app, group.public_id)
    assert [f[0] for f in figures(fresh, group.public_id)[2]][-1] == "Fay"
    link = fresh.test_cli_runner().invoke(args=["edit-link", "--", group.public_id])
    assert link.output.startswith(f"/g/{group.public_id}/join/")
    fresh.extensions["db_engine"].dispose()


@pytest.mark.parametrize(
    "damage, problem",
    [
        (lambda d: d["groups"][0].update(name=""), "group 1: name must be"),
        (lambda d: d["groups"][0].update(players=["Ann", "ANN"]), "group 1: each player needs a different name"),
        (lambda d: d["groups"][0].update(id=["x"]), "group 1: id must be"),
        (lambda d: d["groups"][0].update(coins="x"), "group 1: coins"),
        (lambda d: d["sessions"][0].update(group="elsewhere"), "session 1: group 'elsewhere' is none of"),
        (lambda d: d.update(groups={}), "groups must be a list"),
    ],
)
def test_a_damaged_group_imports_nothing(app, tmp_path, damage, problem):
    club(app)
    with Session(app.extensions["db_engine"]) as db:
        data = json.loads(json.dumps(backup.export_all(db)))
    damage(data)
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"]) as db:
        with pytest.raises(backup.ImportError_, match=re.escape(problem)):
            backup.import_all(db, data)
        assert db.exec(select(Sitting)).all() == [] and db.exec(select(Group)).all() == []
    fresh.extensions["db_engine"].dispose()


def every_game(app) -> dict:
    """An export of a group's Sussex Tarot session, a Tapp Tarock session and a French Tarot one of five."""
    from companion.store import hand_values

    tapp_game, french_game = GAMES["tapp"], GAMES["french"]

    club(app)
    with Session(app.extensions["db_engine"], expire_on_commit=False) as db:
        tapp = create_sitting(db, ["Ann", "Bob", "Cat"], 6, 0, {"counting": "traditional"}, game=tapp_game)
        french = create_sitting(db, ["A", "B", "C", "D", "E"], 10, 0, {}, game=french_game, stake=24)
        for sitting, game, record in (
            (
                tapp,
                tapp_game,
                {"bid": "three", "declarer": 0, "points": 38, "bonuses": [{"bonus": "pagat-ultimo", "seat": 1}]},
            ),
            (
                french,
                french_game,
                {"players": 5, "taker": 0, "contract": "garde", "bouts": 2, "points": 50, "partner": 1},
            ),
        ):
            db.add(
                Hand(
                    sitting_id=sitting.id, deal=1, form_token=sitting.public_id, **hand_values(game, game.parse(record))
                )
            )
        db.commit()
    return exported(app)


def places(data, path=()):
    """Every place in an export: each key of each object, each item of each list."""
    children = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in children:
        yield (*path, key)
        yield from places(value, (*path, key))


JUNK = [None, True, 2**63, "\x00", [1], {"a": {}}, "0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59"]


@pytest.mark.parametrize("junk", JUNK, ids=lambda junk: repr(junk)[:12])
def test_a_damaged_export_is_refused_in_lines_never_with_a_traceback(app, tmp_path, junk):
    """Whatever stands anywhere in an export, its import saves it or names the problems: never another error."""
    data = every_game(app)
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with Session(fresh.extensions["db_engine"]) as db:
        for path in places(data):
            damaged = json.loads(json.dumps(data))
            *way, last = path
            target = damaged
            for step in way:
                target = target[step]
            target[last] = junk
            with contextlib.suppress(backup.ImportError_):
                backup.import_all(db, damaged)
            db.rollback()
    fresh.extensions["db_engine"].dispose()


def test_a_tapp_sessions_counting_must_be_one_of_its_ways(app, tmp_path):
    data = every_game(app)
    tapp = next(s for s in data["sessions"] if s.get("game") == "tapp")
    for counting in ({"a": 1}, ["traditional"], 3, None):
        tapp["house_rules"] = {"counting": counting}
        fresh = make_app(tmp_path / f"fresh-{counting!r:.8}.sqlite3")
        with Session(fresh.extensions["db_engine"]) as db, pytest.raises(backup.ImportError_) as refused:
            backup.import_all(db, data)
        fresh.extensions["db_engine"].dispose()
        assert str(refused.value).startswith(f"session {data['sessions'].index(tapp) + 1}: house_rules of Tapp Tarock")


def test_an_import_keeps_groups_within_their_players_cap(app, tmp_path):
    from companion.store import MAX_PLAYERS

    data = every_game(app)
    data["groups"][0]["players"] = [f"Player {n}" for n in range(MAX_PLAYERS - 4)]  # its sessions seat Ann … Eve
    fresh = make_app(tmp_path / "fresh.sqlite3")
    with (
        Session(fresh.extensions["db_engine"]) as db,
        pytest.raises(backup.ImportError_, match="group 1: a group has at most"),
    ):
        backup.import_all(db, data)
    data["groups"][0]["players"] = data["groups"][0]["players"][:-1]
    with Session(fresh.extensions["db_engine"]) as db:
        [group] = [i.group for i in backup.import_all(db, data) if i.group][:1]
        assert len(find_group(db, group.public_id).members) == MAX_PLAYERS
    fresh.extensions["db_engine"].dispose()
