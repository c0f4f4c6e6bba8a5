"""Each session's place in the order of changes (``Sitting.touched``), and a deleted one's: SQLite's looks for the
phones following ask for the sessions changed or deleted since the last look, however many phones wait.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TABLES = ("sitting", "deleted_sitting")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("touched", sa.Integer(), nullable=False, server_default="0"))
            batch.create_index(f"ix_{table}_touched", ["touched"])


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_index(f"ix_{table}_touched")
            batch.drop_column("touched")
