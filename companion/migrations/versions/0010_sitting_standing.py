"""How each session stands, kept on its row: hands in, over or not, and who won (as its game says), so that the
lists of sessions and the statistics read a line a session and agree with its scoreboard.

Revision ID: 0010
Revises: 0009
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.add_column(sa.Column("played", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("finished", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("winners", sa.String(length=16), nullable=False, server_default=""))
    _backfill()


def _backfill() -> None:
    """Each session's standing from its hands, as saving a hand now writes it."""
    from companion.games import GAMES
    from companion.games.base import Played

    connection = op.get_bind()
    sittings = connection.execute(
        sa.text("select id, game, seats, deals, house_rules from sitting where id in (select sitting_id from hand)")
    ).all()
    for sitting_id, game_id, seats, deals, house_rules in sittings:
        game = GAMES.get(game_id)
        if game is None:
            continue
        rows = connection.execute(
            sa.text("select record, pay_0, pay_1, pay_2, pay_3, pay_4 from hand where sitting_id = :id order by deal"),
            {"id": sitting_id},
        ).all()
        records = tuple(game.parse(json.loads(row[0]), seats, stored=True) for row in rows)
        totals = tuple(sum(row[1 + seat] for row in rows) for seat in range(seats))
        options = game.options(json.loads(house_rules or "{}"))
        outcome = game.outcome(Played(totals, len(rows), deals, records, options=options))
        connection.execute(
            sa.text("update sitting set played = :played, finished = :finished, winners = :winners where id = :id"),
            {
                "played": len(rows),
                "finished": outcome.finished,
                "winners": " ".join(map(str, outcome.winners)),
                "id": sitting_id,
            },
        )


def downgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.drop_column("winners")
        batch.drop_column("finished")
        batch.drop_column("played")
