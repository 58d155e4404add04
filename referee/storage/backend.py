"""The SQLAlchemy backend: engine, units of work, migrations, readiness."""

from __future__ import annotations

from sqlalchemy import Engine, select, text
from sqlalchemy.orm import sessionmaker

from referee.service.ports import Readiness
from referee.storage import migrate as migrations
from referee.storage.db import Timeouts, make_engine, writer_lock
from referee.storage.models import Base
from referee.storage.repositories import SqlUnitOfWork


class SqlBackend:
    """Implements :class:`referee.service.ports.Backend` on one engine."""

    def __init__(self, url: str, timeouts: Timeouts | None = None):
        self.url = url
        self.engine: Engine = make_engine(url, timeouts)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._writer_lock = writer_lock(self.engine)

    def unit_of_work(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self._sessions, self._writer_lock, self.engine)

    def migrate(self) -> None:
        """Migrate (PostgreSQL: on an engine of its own, without the request timeouts)."""
        if self.engine.dialect.name == "sqlite":  # no timeouts; ``sqlite://`` is per engine
            migrations.upgrade(self.engine)
            return
        engine = make_engine(self.url, Timeouts.off())
        try:
            migrations.upgrade(engine)
        finally:
            engine.dispose()

    def status(self) -> Readiness:
        """Ready when the database answers, its migrations are the code's newest and
        every table the code uses is there with every column (read with no rows)."""
        try:
            conn = self.engine.connect()
        except Exception as exc:  # noqa: BLE001 - any failure to connect: unreachable
            return Readiness(False, "database_unreachable", _unreachable(exc))
        with conn:
            try:
                conn.execute(text("SELECT 1"))
            except Exception as exc:  # noqa: BLE001
                return Readiness(False, "database_unreachable", _unreachable(exc))
            try:
                current, head = migrations.revisions(conn)
            except Exception as exc:  # noqa: BLE001 - e.g. alembic_version unreadable
                conn.rollback()
                return Readiness(
                    False, "schema_broken", f"schema broken: migration state unreadable ({exc})"
                )
            if current != head:
                return Readiness(
                    False,
                    "migrations_pending",
                    f"migrations not current (database {current}, code {head})",
                )
            for table in Base.metadata.sorted_tables:
                try:
                    conn.execute(select(*table.columns).limit(0)).all()
                except Exception as exc:  # noqa: BLE001 - a missing table or column
                    conn.rollback()
                    first = str(getattr(exc, "orig", exc)).strip().splitlines()[0]
                    return Readiness(
                        False,
                        "schema_broken",
                        f"schema broken: table {table.name} cannot be read ({first})",
                    )
        return Readiness(True, None, f"database reachable, schema at {head}")

    def dispose(self) -> None:
        self.engine.dispose()
        if self._writer_lock is not None:
            self._writer_lock.close()


def _unreachable(exc: Exception) -> str:
    return f"database unreachable: {type(exc).__name__}"


def open_backend(url: str, timeouts: Timeouts | None = None) -> SqlBackend:
    """Entry point used by the composition root (:mod:`referee.app`) and the commands."""
    return SqlBackend(url, timeouts)
