"""Sessions of other games: which game, how many players, a stake per point; a fifth seat's score.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.add_column(sa.Column("game", sa.String(length=16), nullable=False, server_default="sussex"))
        batch.add_column(sa.Column("seats", sa.Integer(), nullable=False, server_default="4"))
        batch.add_column(sa.Column("stake", sa.Integer(), nullable=False, server_default="2"))
    with op.batch_alter_table("hand") as batch:
        batch.add_column(sa.Column("pay_4", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("hand") as batch:
        batch.drop_column("pay_4")
    with op.batch_alter_table("sitting") as batch:
        batch.drop_column("stake")
        batch.drop_column("seats")
        batch.drop_column("game")
