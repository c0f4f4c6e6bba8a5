"""The ids of deleted sessions, so that a phone still on one is told it was deleted (not "not found").

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deleted_sitting",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("public_id", sa.String(length=40), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_deleted_sitting_public_id", "deleted_sitting", ["public_id"], unique=True)


def downgrade() -> None:
    op.drop_table("deleted_sitting")
