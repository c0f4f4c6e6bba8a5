"""A game played to a target takes at most 40 hands (``Target.most``), not 99: a session of one started before
that, and not past 40 hands yet, takes 40 from now on. How it stands is unchanged (it has fewer hands than
either length, and its winners are its totals'); one that went past 40 keeps its 99 and is shown as it is.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

#: The games played to a target when this was written, and their old and new most deals.
TARGET_GAMES = ("ottocento", "early-french")
BEFORE, AFTER = 99, 40


def upgrade() -> None:
    op.get_bind().execute(
        sa.text(
            "update sitting set deals = :after where deals > :after and played < :after and game in :games"
        ).bindparams(sa.bindparam("games", expanding=True)),
        {"after": AFTER, "games": list(TARGET_GAMES)},
    )


def downgrade() -> None:
    op.get_bind().execute(
        sa.text("update sitting set deals = :before where deals = :after and game in :games").bindparams(
            sa.bindparam("games", expanding=True)
        ),
        {"before": BEFORE, "after": AFTER, "games": list(TARGET_GAMES)},
    )
