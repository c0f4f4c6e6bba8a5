"""Who may see and change each session, per phone (kept on the server, without a cap).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "access",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("device", sa.String(length=40), nullable=False),
        sa.Column("sitting_id", sa.Integer(), sa.ForeignKey("sitting.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("device", "sitting_id"),
    )
    op.create_index("ix_access_device", "access", ["device"])
    op.create_index("ix_access_sitting_id", "access", ["sitting_id"])


def downgrade() -> None:
    op.drop_table("access")
