"""Alembic environment: runs on the connection handed over by referee.storage.migrate."""

from __future__ import annotations

from alembic import context

from referee.storage.models import Base


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:  # pragma: no cover - always run through referee.storage.migrate
        raise RuntimeError("run migrations through referee.storage.migrate.upgrade()")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # only when Alembic runs this file (not on plain import)
    run_migrations()
