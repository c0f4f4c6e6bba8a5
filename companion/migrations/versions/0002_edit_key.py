"""A secret edit key per session: the view link alone no longer allows changes.

Revision ID: 0002
Revises: 0001
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.add_column(sa.Column("edit_key", sa.String(length=40), nullable=True))
    sitting = sa.table("sitting", sa.column("id", sa.Integer), sa.column("edit_key", sa.String))
    connection = op.get_bind()
    for (sitting_id,) in connection.execute(sa.select(sitting.c.id)).all():
        connection.execute(
            sitting.update().where(sitting.c.id == sitting_id).values(edit_key=secrets.token_urlsafe(16))
        )
    with op.batch_alter_table("sitting") as batch:
        batch.alter_column("edit_key", existing_type=sa.String(length=40), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.drop_column("edit_key")
