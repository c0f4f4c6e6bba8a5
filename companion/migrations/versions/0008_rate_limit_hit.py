"""Rate limits counted in the database, so that every app process counts together.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_limit_hit",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_limit_hit_key_at", "rate_limit_hit", ["key", "at"])
    op.create_index("ix_rate_limit_hit_at", "rate_limit_hit", ["at"])


def downgrade() -> None:
    op.drop_table("rate_limit_hit")
