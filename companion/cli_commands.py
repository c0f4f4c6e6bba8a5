"""The app's commands (``flask --app wsgi <command>``): the database, sessions in and out, links and re-scoring.

Each runs inside the app's context (``with_appcontext``, as ``app.cli.command`` would wrap it) and uses
that app's engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine
from sqlmodel import Session

from . import backup
from .db import private_file, upgrade
from .serve import serve_command
from .store import find_group, find_sitting


def _engine() -> Engine:
    engine: Engine = current_app.extensions["db_engine"]
    return engine


# -- the database ---------------------------------------------------------------


@click.command("upgrade-db")
@with_appcontext
def upgrade_db() -> None:
    """Create the database, or upgrade it to the newest schema."""
    engine = _engine()
    upgrade(engine)
    click.echo(f"database ready: {engine.url.render_as_string(hide_password=True)}")


@click.command("backup-db")
@click.argument("destination", type=click.Path(dir_okay=False, writable=True))
@with_appcontext
def backup_db(destination: str) -> None:
    """Copy the live SQLite database safely (SQLite's online backup)."""
    try:
        pages = backup.backup_sqlite(_engine(), Path(destination))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(f"backed up {pages} pages to {destination}")


@click.command("rescore")
@click.option("--fix", is_flag=True, help="store the new payments of hands that changed")
@with_appcontext
def rescore(fix: bool) -> None:
    """Re-score every stored hand and report any that no longer match."""
    with Session(_engine()) as db:
        checked, mismatches = backup.rescore_all(db, fix=fix)
    for m in mismatches:
        _report(m)
    differ = [m for m in mismatches if m.differs]
    click.echo(f"{checked} hands checked, {len(differ)} no longer match" + (" (fixed)" if fix and differ else ""))
    if differ and not fix:
        raise SystemExit(1)


def _report(m: backup.Mismatch) -> None:
    """What changed in one re-scored hand: its payments, its facts for statistics, or whether it is refused now."""
    if m.stored != m.now:
        click.echo(f"{m.public_id} deal {m.deal}: stored {list(m.stored)}, now {list(m.now)}")
    if m.facts:
        click.echo(f"{m.public_id} deal {m.deal}: facts for statistics differ: {', '.join(m.facts)}")
    if m.refused:
        click.echo(f"{m.public_id} deal {m.deal}: kept as saved, though now refused: {m.refused}")


# -- sessions in and out ----------------------------------------------------------


@click.command("export-sessions")
@click.argument("destination", type=click.Path(dir_okay=False, writable=True, allow_dash=True), default="-")
@click.option("--session", "public_id", help="only this session (its id, from its address)")
@with_appcontext
def export_sessions(destination: str, public_id: str | None) -> None:
    """Write every session (or one) as JSON holding every input (a file: readable by its owner only)."""
    if destination != "-":
        try:
            private_file(Path(destination))
        except OSError as exc:
            raise click.UsageError(f"cannot write {destination}: {exc.strerror}") from None
    with Session(_engine()) as db, click.open_file(destination, "w", encoding="utf-8") as out:
        only = None
        if public_id:
            sitting = find_sitting(db, public_id)
            if sitting is None:
                raise click.UsageError(f"no session {public_id!r}")
            only = [sitting]
        json.dump(backup.export_all(db, only), out, ensure_ascii=False, indent=1)
        out.write("\n")


@click.command("import-sessions")
@click.argument("source", type=click.File("rb"))
@with_appcontext
def import_sessions(source: IO[bytes]) -> None:
    """Add the sessions of an export to this database (all or nothing)."""
    data = _read_export(source)
    with Session(_engine(), expire_on_commit=False) as db:
        try:
            imported = backup.import_all(db, data)
        except backup.ImportError_ as exc:
            lines = str(exc).splitlines()
            raise click.UsageError(f"nothing imported; {len(lines)} problem(s):\n" + "\n".join(lines)) from None
    for item in imported:
        s = item.sitting
        group = f" (group {item.group.name}: /g/{item.group.public_id})" if item.group else ""
        click.echo(f"{s.public_id}: {item.hands} hands; edit key {s.edit_key}{group}")
        for deal in item.rescored:
            click.echo(f"  deal {deal}: payments differ from the file's under the current rules")


def _read_export(source: IO[bytes]) -> object:
    """An export file's JSON; a usage error when it is not UTF-8 JSON."""
    try:
        return json.loads(source.read().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise click.UsageError(f"nothing imported: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise click.UsageError(f"nothing imported: not JSON: {exc}") from None
    except RecursionError:
        raise click.UsageError("nothing imported: the file is nested deeper than any export") from None


@click.command("edit-link")
@click.argument("public_id")
@with_appcontext
def edit_link(public_id: str) -> None:
    """Print a session's or a group's edit link (its path), e.g. after an import, or when every phone lost it."""
    with Session(_engine()) as db:
        sitting = find_sitting(db, public_id)
        if sitting is not None:
            click.echo(f"/s/{sitting.public_id}/join/{sitting.edit_key}")
            return
        group = find_group(db, public_id)
        if group is None:
            raise click.UsageError(f"no session or group {public_id!r}")
        click.echo(f"/g/{group.public_id}/join/{group.edit_key}")


COMMANDS = (serve_command, upgrade_db, export_sessions, import_sessions, edit_link, backup_db, rescore)


def register(app: Flask) -> None:
    for command in COMMANDS:
        app.cli.add_command(command)
