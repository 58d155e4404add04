"""A dispute's inserts, run on the DBAPI connection, store what SQLAlchemy's
own execution of the same INSERT stores, on SQLite and on PostgreSQL, and fail as it
fails (SQLAlchemy's exceptions, so the service answers them as it answers any)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import exc, func, insert, select

from referee.service.model import Dispute, Revision
from referee.storage.backend import SqlBackend
from referee.storage.models import ApiKeyRow, DisputeRow, RulingRow
from tests.support.service import example

BERLIN_SUMMER = timezone(timedelta(hours=2))


def _dispute(key_id: int | None, at: datetime) -> Dispute:
    record = example("revoke-objected")
    record["meta"] = {"event": "Pokal ÄÖÜ ß €", "table": 7, "big": 2**70, "nested": [1, None]}
    texts = {lang: {"language": lang, "outcome": "lost", "text": "Schneider – ñ"} for lang in "xy"}
    ruling = Revision(None, None, 1, at, "owner", record, texts, "lost")
    return Dispute(
        id=None,
        owner="Club cup referees",
        submitted_by=key_id,
        submitted_at=at,
        record=record,
        meta={"event": "Pokal ÄÖÜ ß €", "series_ends_at": "2026-05-02T14:00:00+02:00"},
        note="at table 7\nsecond line",
        event="Pokal ÄÖÜ ß €",
        table="7",
        outcome="lost",
        kinds=["revoke", "late_objection"],
        rulings=[ruling],
    )


def _core_insert(backend: SqlBackend, dispute: Dispute) -> int:
    """The same rows through SQLAlchemy's execution of the INSERT (what it was before)."""
    with backend.engine.begin() as conn:
        dispute_id = conn.execute(
            insert(DisputeRow.__table__).returning(DisputeRow.__table__.c.id),
            {
                "owner": dispute.owner,
                "submitted_by": dispute.submitted_by,
                "submitted_at": dispute.submitted_at,
                "record": dispute.record,
                "meta": dispute.meta,
                "note": dispute.note,
                "event": dispute.event,
                "table_no": dispute.table,
                "outcome": dispute.outcome,
                "kinds": " " + " ".join(dispute.kinds) + " ",
            },
        ).scalar_one()
        r = dispute.rulings[0]
        conn.execute(
            insert(RulingRow.__table__),
            {
                "dispute_id": dispute_id,
                "revision": r.revision,
                "reviews_id": r.reviews,
                "created_at": r.created_at,
                "created_by": r.created_by,
                "record": r.record,
                "texts": r.texts,
                "outcome": r.outcome,
                "appeal": r.appeal,
                "comparison": r.comparison,
            },
        )
    return int(dispute_id)


def _stored(backend: SqlBackend, dispute_id: int) -> list[Any]:
    """The rows as the driver reads them (no SQLAlchemy type processing), ids left out."""
    d, r = DisputeRow.__table__, RulingRow.__table__
    with backend.engine.connect() as conn:
        row_d = conn.exec_driver_sql(
            f"SELECT {', '.join(c.name for c in d.columns if c.name != 'id')} "
            f"FROM disputes WHERE id = {dispute_id}"
        ).one()
        row_r = conn.exec_driver_sql(
            f"SELECT {', '.join(c.name for c in r.columns if c.name not in ('id', 'dispute_id'))} "
            f"FROM rulings WHERE dispute_id = {dispute_id}"
        ).one()
    return [tuple(row_d), tuple(row_r)]


@pytest.fixture
def backend(database_url: str) -> Any:
    b = SqlBackend(database_url)
    yield b
    b.dispose()


@pytest.mark.parametrize(
    "at",
    [
        datetime(2026, 5, 2, 13, 45, 0, tzinfo=BERLIN_SUMMER),
        datetime(2026, 5, 2, 11, 45, 1, 123456, tzinfo=UTC),
    ],
    ids=["offset-whole-second", "utc-microseconds"],
)
def test_a_dispute_is_stored_as_sqlalchemy_stores_it(backend: SqlBackend, at: datetime) -> None:
    with backend.unit_of_work() as uow:
        key = uow.session.execute(
            insert(ApiKeyRow.__table__).returning(ApiKeyRow.__table__.c.id),
            {
                "prefix": "rk_test",
                "key_hash": "0" * 64,
                "role": "referee",
                "owner": "Club cup referees",
                "label": "",
                "created_at": at,
            },
        ).scalar_one()
        written = uow.disputes.add(_dispute(key, at))
        uow.commit()
    assert written.id is not None and written.rulings[0].id is not None
    reference = _core_insert(backend, _dispute(key, at))
    assert _stored(backend, written.id) == _stored(backend, reference)
    with backend.unit_of_work() as uow:
        read = uow.disputes.get(written.id)
    assert read is not None
    assert read.submitted_at == at and read.rulings[0].created_at == at
    assert read.record == written.record and read.rulings[0].texts == written.rulings[0].texts
    assert [r.id for r in read.rulings] == [r.id for r in written.rulings]
    with backend.engine.connect() as conn:
        ids = conn.execute(select(RulingRow.id)).scalars().all()
    assert written.rulings[0].id in ids


def test_a_failed_insert_raises_sqlalchemys_error(backend: SqlBackend) -> None:
    """A dispute submitted by a key that does not exist breaks the foreign key: the
    error is SQLAlchemy's IntegrityError, and nothing is stored."""
    at = datetime(2026, 5, 2, 11, 45, tzinfo=UTC)
    with pytest.raises(exc.IntegrityError), backend.unit_of_work() as uow:
        uow.disputes.add(_dispute(987654, at))
        uow.commit()
    with backend.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM disputes").scalar_one() == 0


def _count(backend: SqlBackend) -> int:
    """Disputes another connection sees (what is committed)."""
    other = SqlBackend(backend.url)
    try:
        with other.engine.connect() as conn:
            return int(conn.exec_driver_sql("SELECT count(*) FROM disputes").scalar_one())
    finally:
        other.dispose()


def test_a_connection_in_use_a_moment_ago_is_not_pinged(
    backend: SqlBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: a pooled connection is pinged when taken out (a dead one is replaced
    before a request uses it), unless it was given back less than PING_AFTER_IDLE_S ago."""
    if backend.engine.dialect.name != "postgresql":
        pytest.skip("the liveness ping is PostgreSQL's")
    from referee.storage import db

    pings: list[object] = []
    real = backend.engine.dialect.do_ping
    monkeypatch.setattr(backend.engine.dialect, "do_ping", lambda c: pings.append(c) or real(c))
    with backend.engine.connect() as conn:  # a fresh connection: pinged
        conn.exec_driver_sql("SELECT 1")
    assert len(pings) == 1
    with backend.engine.connect() as conn:  # given back just now: no ping
        conn.exec_driver_sql("SELECT 1")
    assert len(pings) == 1
    monkeypatch.setattr(db, "PING_AFTER_IDLE_S", 0.0)
    with backend.engine.connect() as conn:  # idle "long enough": pinged again
        conn.exec_driver_sql("SELECT 1")
    assert len(pings) == 2


def test_a_connection_lost_inside_a_transaction_fails_the_insert_and_rolls_back_cleanly(
    backend: SqlBackend,
) -> None:
    """PostgreSQL: the server ends the connection after the transaction's first statement
    (a restart, a failover). The insert raises SQLAlchemy's error marked as a lost
    connection (503 for the service), the unit of work's rollback does not raise (the
    watchdog's rollback hook once asked the invalidated connection for its socket:
    PendingRollbackError, a 500), and the pool's next connection works."""
    if backend.engine.dialect.name != "postgresql":
        pytest.skip("a server that ends a connection: PostgreSQL")
    at = datetime(2026, 5, 2, 11, 45, tzinfo=UTC)
    with pytest.raises(exc.OperationalError) as caught, backend.unit_of_work() as uow:
        pid = uow.session.execute(select(func.pg_backend_pid())).scalar_one()
        other = SqlBackend(backend.url)
        try:
            with other.engine.begin() as conn:
                conn.execute(select(func.pg_terminate_backend(pid)))
        finally:
            other.dispose()
        uow.disputes.add(_dispute(None, at))
        uow.commit()
    assert caught.value.connection_invalidated
    assert _count(backend) == 0
    with backend.unit_of_work() as uow:
        uow.disputes.add(_dispute(None, at))
        uow.commit()
    assert _count(backend) == 1


def test_large_json_values_are_compressed_with_lz4_on_postgresql(backend: SqlBackend) -> None:
    """Migration 0005: a ruling's texts and record (over PostgreSQL's ~2 KB threshold) are
    compressed with lz4, not pglz (a third of the CPU for the same size), and read back
    unchanged; SQLite stores them as they are."""
    if backend.engine.dialect.name != "postgresql":
        pytest.skip("TOAST compression is PostgreSQL's")
    at = datetime(2026, 5, 2, 11, 45, tzinfo=UTC)
    dispute = _dispute(None, at)
    texts = {lang: {"language": lang, "text": f"Schneider {lang} " * 400} for lang in "xyz"}
    record = {**dispute.record, "meta": {**dispute.record["meta"], "note": "Stich " * 600}}
    ruling = Revision(None, None, 1, at, "owner", record, texts, "lost")
    dispute = Dispute(**{**dispute.__dict__, "record": record, "rulings": [ruling]})
    with backend.unit_of_work() as uow:
        written = uow.disputes.add(dispute)
        uow.commit()
    with backend.engine.connect() as conn:
        methods = conn.exec_driver_sql(
            "SELECT pg_column_compression(r.texts), pg_column_compression(r.record), "
            "pg_column_compression(d.record) FROM rulings r JOIN disputes d ON d.id = r.dispute_id "
            f"WHERE d.id = {written.id}"
        ).one()
    assert tuple(methods) == ("lz4", "lz4", "lz4")
    with backend.unit_of_work() as uow:
        read = uow.disputes.get(written.id or 0)
    assert read is not None and read.rulings[0].texts == texts and read.record == record


def test_a_unit_of_work_is_one_transaction_with_or_without_its_session(
    backend: SqlBackend,
) -> None:
    """A dispute alone is inserted on a Core connection, without the ORM session (its
    bookkeeping cost as much as the INSERT); a session made afterwards joins the same
    transaction (it sees the uncommitted dispute, a rollback drops both), and one made
    first lends the insert its connection."""
    at = datetime(2026, 5, 2, 11, 45, tzinfo=UTC)
    with backend.unit_of_work() as uow:
        uow.disputes.add(_dispute(None, at))
        assert "session" not in uow.__dict__  # no session was needed
        uow.commit()
    assert _count(backend) == 1
    with backend.unit_of_work() as uow:
        uow.disputes.add(_dispute(None, at))
        assert uow.session.scalar(select(func.count()).select_from(DisputeRow)) == 2
        assert uow.keys.by_hash("0" * 64) is None  # a repository on the joined session
        assert _count(backend) == 1  # not committed yet
        uow.rollback()
    assert _count(backend) == 1
    with backend.unit_of_work() as uow:
        uow.session.execute(select(DisputeRow.id).limit(1)).all()  # the session first
        uow.disputes.add(_dispute(None, at))
        uow.commit()
    assert _count(backend) == 2
    with backend.unit_of_work() as uow:  # leaving without a commit rolls back
        uow.disputes.add(_dispute(None, at))
        uow.session.scalar(select(func.count()).select_from(DisputeRow))
    assert _count(backend) == 2
