"""Alembic environment: runs on the connection ``companion.db.upgrade`` hands in."""

from alembic import context
from sqlmodel import SQLModel

from companion import models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata
connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=target_metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
