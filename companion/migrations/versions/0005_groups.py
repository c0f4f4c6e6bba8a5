"""Groups (a regular table or club) with their players, and each hand's facts for statistics.

Revision ID: 0005
Revises: 0004
"""

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: Each hand's facts, worked out from its record by the engine (as ``store.hand_facts`` does from now on).
FACTS: list[sa.Column[Any]] = [
    sa.Column("bid", sa.String(length=8), nullable=False, server_default=""),
    sa.Column("declarer", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("kind", sa.String(length=16), nullable=False, server_default=""),
    sa.Column("made", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("partner", sa.Integer(), nullable=True),
    sa.Column("stinger", sa.Integer(), nullable=True),
    sa.Column("stinger_made", sa.Boolean(), nullable=True),
    sa.Column("declared", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("bonuses_declarer", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("bonuses_defence", sa.Integer(), nullable=False, server_default="0"),
]


def upgrade() -> None:
    op.create_table(
        "player_group",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("public_id", sa.String(length=40), nullable=False),
        sa.Column("edit_key", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("house_rules", sa.String(), nullable=False),
        sa.Column("coins", sa.String(), nullable=False),
    )
    op.create_index("ix_player_group_public_id", "player_group", ["public_id"], unique=True)
    op.create_table(
        "member",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("player_group.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("group_id", "name_key"),
    )
    op.create_index("ix_member_group_id", "member", ["group_id"])
    op.create_table(
        "groupaccess",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("device", sa.String(length=40), nullable=False),
        sa.Column("role", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("player_group.id", ondelete="CASCADE"), nullable=False),
        sa.UniqueConstraint("device", "group_id"),
    )
    op.create_index("ix_groupaccess_device", "groupaccess", ["device"])
    op.create_index("ix_groupaccess_group_id", "groupaccess", ["group_id"])
    with op.batch_alter_table("sitting") as batch:
        batch.add_column(sa.Column("group_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_sitting_group", "player_group", ["group_id"], ["id"])
        batch.create_index("ix_sitting_group_id", ["group_id"])
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("member_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_player_member", "member", ["member_id"], ["id"])
        batch.create_index("ix_player_member_id", ["member_id"])
    with op.batch_alter_table("hand") as batch:
        for column in FACTS:
            batch.add_column(column)
    _backfill_facts()


def _backfill_facts() -> None:
    from companion.games.sussex import GAME, HandRecord

    hand = sa.table(
        "hand", sa.column("id", sa.Integer), sa.column("record", sa.String), *(sa.column(c.name) for c in FACTS)
    )
    connection = op.get_bind()
    for hand_id, record in connection.execute(sa.select(hand.c.id, hand.c.record)).all():
        facts = GAME.facts(HandRecord.from_json(json.loads(record), stored=True))
        connection.execute(hand.update().where(hand.c.id == hand_id).values(**facts))


def downgrade() -> None:
    with op.batch_alter_table("hand") as batch:
        for column in FACTS:
            batch.drop_column(column.name)
    with op.batch_alter_table("player") as batch:
        batch.drop_index("ix_player_member_id")
        batch.drop_constraint("fk_player_member", type_="foreignkey")
        batch.drop_column("member_id")
    with op.batch_alter_table("sitting") as batch:
        batch.drop_index("ix_sitting_group_id")
        batch.drop_constraint("fk_sitting_group", type_="foreignkey")
        batch.drop_column("group_id")
    op.drop_table("groupaccess")
    op.drop_table("member")
    op.drop_table("player_group")
