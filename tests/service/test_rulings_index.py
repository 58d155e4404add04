"""Migration 0006 drops ``ix_rulings_dispute_id``: a dispute's rulings are
still found through an index (``uq_rulings_revision``, which starts with ``dispute_id``)
on SQLite and PostgreSQL, and rows stored before the migration read the same after it
(and after a downgrade)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import inspect, text

from referee.service.disputes import DisputeService
from referee.service.keys import KeyService, Principal
from referee.storage import migrate
from referee.storage.backend import SqlBackend
from tests.support.service import example

LOOKUP = "SELECT id, revision FROM rulings WHERE dispute_id = :d ORDER BY revision"


def _rulings_indexes(backend: SqlBackend) -> set[str]:
    found = inspect(backend.engine).get_indexes("rulings")
    return {str(ix["name"]) for ix in found}


def test_a_disputes_rulings_are_looked_up_by_an_index(database_url: str) -> None:
    backend = SqlBackend(database_url)
    try:
        assert "ix_rulings_dispute_id" not in _rulings_indexes(backend)
        with backend.engine.connect() as conn:
            if backend.engine.dialect.name == "sqlite":
                plan = " ".join(
                    str(row[-1])
                    for row in conn.execute(text("EXPLAIN QUERY PLAN " + LOOKUP), {"d": 1})
                )
                assert "USING INDEX sqlite_autoindex_rulings_1" in plan or (
                    "USING COVERING INDEX sqlite_autoindex_rulings_1" in plan
                ), plan
            else:
                conn.execute(text("SET enable_seqscan = off"))
                plan = " ".join(
                    str(row[0]) for row in conn.execute(text("EXPLAIN " + LOOKUP), {"d": 1})
                )
                assert "uq_rulings_revision" in plan, plan
    finally:
        backend.dispose()


def _read(backend: SqlBackend, who: Principal, dispute_id: int) -> tuple[object, ...]:
    dispute = DisputeService(backend.unit_of_work).get(who, dispute_id)
    return (dispute, [(r.id, r.revision, r.record, r.texts) for r in dispute.rulings])


def test_rows_stored_before_the_migration_read_the_same_after_it(tmp_path: Path) -> None:
    backend = SqlBackend(f"sqlite:///{tmp_path / 'referee.db'}")
    try:
        migrate.upgrade(backend.engine, "0005")
        assert "ix_rulings_dispute_id" in _rulings_indexes(backend)
        keys = KeyService(backend.unit_of_work)
        key, _secret = keys.create("platform", "club")
        # (the key as a principal: signing in reads tables of later migrations)
        who = Principal(key.id, key.role, key.owner)
        service = DisputeService(backend.unit_of_work)
        ids = [
            service.submit(who, example(name))[0].id
            for name in ("suit-game-clean", "grand-hand", "false-lead")
        ]
        before = [_read(backend, who, i) for i in ids if i is not None]

        migrate.upgrade(backend.engine)
        assert "ix_rulings_dispute_id" not in _rulings_indexes(backend)
        assert [_read(backend, who, i) for i in ids if i is not None] == before

        migrate.upgrade(backend.engine, "head")  # idempotent
        with backend.engine.begin() as conn:
            command.downgrade(migrate.config(conn), "0005")
        assert "ix_rulings_dispute_id" in _rulings_indexes(backend)
        assert [_read(backend, who, i) for i in ids if i is not None] == before
    finally:
        backend.dispose()
