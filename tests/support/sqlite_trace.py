"""A SQLite backend whose statements are recorded, for the checkpoint tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import event

from referee.storage import db
from referee.storage.backend import SqlBackend


@dataclass
class TracedSqlite:
    """``statements``: each SQL statement run, with whether the writer lock was held."""

    backend: SqlBackend
    path: Path
    statements: list[tuple[str, bool]] = field(default_factory=list)

    def assert_checkpointed_outside_the_turn(self, size_before: int) -> None:
        """A checkpoint ran, never under the writer lock (which the trace does see held
        elsewhere), and the log was copied into the database file."""
        checkpoints = [held for sql, held in self.statements if "wal_checkpoint" in sql]
        assert checkpoints and not any(checkpoints)
        assert any(held for _sql, held in self.statements)
        assert self.path.stat().st_size > size_before


@contextmanager
def traced_sqlite(path: Path) -> Iterator[TracedSqlite]:
    """A migrated backend on the SQLite file ``path``; every connection made from here on
    records its statements (the pool is emptied first). Disposed at the end."""
    backend = SqlBackend(f"sqlite:///{path}")
    backend.migrate()
    traced = TracedSqlite(backend, path)

    def trace(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.set_trace_callback(
            lambda sql: traced.statements.append((sql, getattr(db._WRITING, "held", False)))
        )

    event.listen(backend.engine, "connect", trace)
    backend.engine.dispose()
    try:
        yield traced
    finally:
        backend.dispose()
