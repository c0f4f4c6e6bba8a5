"""Every game behind one interface: what a session's stake is per (a point or a game), and the facts for
statistics of the hands of every game (until now, Sussex Tarot's only).

Revision ID: 0009
Revises: 0008
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

FACTS = (
    "bid",
    "declarer",
    "kind",
    "made",
    "partner",
    "stinger",
    "stinger_made",
    "declared",
    "bonuses_declarer",
    "bonuses_defence",
)


def upgrade() -> None:
    with op.batch_alter_table("sitting") as batch:
        batch.add_column(sa.Column("stake_per", sa.String(length=8), nullable=False, server_default=""))
    # French Tarot's contracts ("garde-contre") are longer than Sussex Tarot's bids.
    with op.batch_alter_table("hand") as batch:
        batch.alter_column("bid", type_=sa.String(length=16), existing_type=sa.String(length=8))
    # The hands of the other games had no facts: work them out from their records, as saving one does now.
    from companion.games import GAMES

    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "select hand.id, hand.record, sitting.game, sitting.seats from hand"
            " join sitting on sitting.id = hand.sitting_id where sitting.game != 'sussex'"
        )
    ).all()
    for hand_id, record, game_id, seats in rows:
        game = GAMES.get(game_id)
        if game is None:
            continue
        facts = game.facts(game.parse(json.loads(record), seats, stored=True))
        values = {k: facts.get(k) for k in FACTS if k in facts}
        if values:
            sets = ", ".join(f"{k} = :{k}" for k in values)
            connection.execute(sa.text(f"update hand set {sets} where id = :id"), {**values, "id": hand_id})


def downgrade() -> None:
    with op.batch_alter_table("hand") as batch:
        batch.alter_column("bid", type_=sa.String(length=8), existing_type=sa.String(length=16))
    with op.batch_alter_table("sitting") as batch:
        batch.drop_column("stake_per")
