"""Run the Alembic migrations shipped in ``referee/storage/migrations`` (no alembic.ini)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

SCRIPT_LOCATION = Path(__file__).with_name("migrations")


def config(connection: Connection | None = None) -> Config:
    """An Alembic config pointing at the packaged migrations."""
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPT_LOCATION))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (idempotent)."""
    with engine.begin() as conn:
        command.upgrade(config(conn), revision)


def revisions(conn: Connection) -> tuple[str | None, str | None]:
    """(revision of the database, newest revision of the code)."""
    current = MigrationContext.configure(conn).get_current_revision()
    head = ScriptDirectory.from_config(config()).get_current_head()
    return current, head
