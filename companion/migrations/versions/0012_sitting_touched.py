"""Each session's place in the order of changes (``Sitting.touched``): SQLite's looks for the phones following ask
for the sessions changed since the last look, however many phones wait.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.add_column(sa.Column("touched", sa.Integer(), nullable=False, server_default="0"))
        batch.create_index("ix_sitting_touched", ["touched"])


def downgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.drop_index("ix_sitting_touched")
        batch.drop_column("touched")
