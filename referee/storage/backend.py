"""The SQLAlchemy backend: engine, units of work, migrations, readiness."""

from __future__ import annotations

from sqlalchemy import Engine, text
from sqlalchemy.orm import sessionmaker

from referee.storage import migrate as migrations
from referee.storage.db import make_engine
from referee.storage.repositories import SqlUnitOfWork


class SqlBackend:
    """Implements :class:`referee.service.ports.Backend` on one engine."""

    def __init__(self, url: str):
        self.engine: Engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def unit_of_work(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self._sessions)

    def migrate(self) -> None:
        migrations.upgrade(self.engine)

    def status(self) -> tuple[bool, str]:
        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
                current, head = migrations.revisions(conn)
        except Exception as exc:  # noqa: BLE001 - any failure means "not ready"
            return False, f"database unreachable: {type(exc).__name__}"
        if current != head:
            return False, f"migrations not current (database {current}, code {head})"
        return True, f"database reachable, schema at {head}"

    def dispose(self) -> None:
        self.engine.dispose()


def open_backend(url: str) -> SqlBackend:
    """Entry point used by the composition root (:mod:`referee.app`) and the commands."""
    return SqlBackend(url)
