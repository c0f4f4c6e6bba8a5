"""Sittings, players and hands.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sitting",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("public_id", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("house_rules", sa.String(), nullable=False),
        sa.Column("coins", sa.String(), nullable=False),
    )
    op.create_index("ix_sitting_public_id", "sitting", ["public_id"], unique=True)
    op.create_index("ix_sitting_created_at", "sitting", ["created_at"])
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("sitting_id", sa.Integer(), sa.ForeignKey("sitting.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.UniqueConstraint("sitting_id", "seat"),
    )
    op.create_index("ix_player_sitting_id", "player", ["sitting_id"])
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("sitting_id", sa.Integer(), sa.ForeignKey("sitting.id", ondelete="CASCADE"), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("record", sa.String(), nullable=False),
        sa.Column("pay_0", sa.Integer(), nullable=False),
        sa.Column("pay_1", sa.Integer(), nullable=False),
        sa.Column("pay_2", sa.Integer(), nullable=False),
        sa.Column("pay_3", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("form_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("sitting_id", "deal"),
    )
    op.create_index("ix_hand_sitting_id", "hand", ["sitting_id"])
    op.create_index("ix_hand_form_token", "hand", ["form_token"], unique=True)


def downgrade() -> None:
    op.drop_table("hand")
    op.drop_table("player")
    op.drop_table("sitting")
