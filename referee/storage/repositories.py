"""The service's repositories and unit of work on a SQLAlchemy session."""

from __future__ import annotations

from datetime import UTC, datetime, time
from types import TracebackType
from typing import Any, Self

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from referee.core.folding import fold_name
from referee.service.errors import Conflict, DuplicateIdempotencyKey
from referee.service.model import Dispute, DisputeFilter, IdempotencyEntry, Revision
from referee.storage.access import SqlConsoleSessions, SqlKeys, SqlSigninLinks
from referee.storage.db import WriterLock
from referee.storage.folding import folded
from referee.storage.inserts import bind_dispute, insert_dispute, kinds_column
from referee.storage.jobs import SqlJobs, SqlWebhooks
from referee.storage.models import (
    DisputeRow,
    IdempotencyRow,
    RulingRow,
    table_of,
)


def _ruling(row: RulingRow) -> Revision:
    return Revision(
        id=row.id,
        dispute_id=row.dispute_id,
        revision=row.revision,
        created_at=row.created_at,
        created_by=row.created_by,
        record=row.record,
        texts=row.texts,
        outcome=row.outcome,
        reviews=row.reviews_id,
        appeal=row.appeal,
        comparison=row.comparison,
    )


def _ruling_row(r: Revision) -> RulingRow:
    return RulingRow(
        revision=r.revision,
        reviews_id=r.reviews,
        created_at=r.created_at,
        created_by=r.created_by,
        record=r.record,
        texts=r.texts,
        outcome=r.outcome,
        appeal=r.appeal,
        comparison=r.comparison,
    )


def _dispute(row: DisputeRow) -> Dispute:
    return Dispute(
        id=row.id,
        owner=row.owner,
        submitted_by=row.submitted_by,
        submitted_at=row.submitted_at,
        record=row.record,
        meta=row.meta,
        note=row.note,
        event=row.event,
        table=row.table_no,
        outcome=row.outcome,
        kinds=row.kinds.split(),
        rulings=[_ruling(r) for r in row.rulings],
    )


_INSERT_IDEMPOTENCY = insert(table_of(IdempotencyRow))


class SqlDisputes:
    def __init__(self, uow: SqlUnitOfWork):
        self._uow = uow

    @property
    def s(self) -> Session:
        """The unit of work's session (made when first used)."""
        return self._uow.session

    def add(self, dispute: Dispute) -> Dispute:
        """Insert the dispute and its rulings (plain INSERT ... RETURNING id statements: the
        ORM's unit of work cost more than the rest of a submission; on PostgreSQL a dispute
        with its first ruling is one statement); the dispute as written, with its ids.
        Takes the transaction's write turn itself, once the values are encoded."""
        # everything encoded before the write turn: on SQLite the turn is one writer at a
        # time across all workers, so it is held for the statements and the commit only
        bound = bind_dispute(self._uow.dialect, dispute)
        conn = self._uow.connection()
        self._uow.write_turn()
        return insert_dispute(conn, bound)

    def get(self, dispute_id: int, *, lock: bool = False) -> Dispute | None:
        """The dispute; ``lock``: held by this transaction until it ends (PostgreSQL: the
        row, FOR UPDATE; SQLite, which has no row locks: the database's write lock, taken
        by a write that changes nothing, so the read below sees the newest commit)."""
        stmt = select(DisputeRow).where(DisputeRow.id == dispute_id)
        if lock:
            stmt = stmt.with_for_update()
            if self.s.get_bind().dialect.name == "sqlite":
                table = table_of(DisputeRow)
                self.s.execute(update(table).where(table.c.id == dispute_id).values(id=table.c.id))
        row = self.s.scalar(stmt)
        return _dispute(row) if row else None

    def find(self, flt: DisputeFilter, *, offset: int, limit: int) -> tuple[list[Dispute], int]:
        stmt = select(DisputeRow)
        if flt.owner is not None:
            stmt = stmt.where(DisputeRow.owner == flt.owner)
        typed = fold_name(flt.event.strip()) if flt.event else ""
        if typed:  # a part of the name, without case or accents (``bremen`` finds "Bremen 2026")
            stmt = stmt.where(folded(DisputeRow.event).contains(typed, autoescape=True))
        if flt.table is not None:
            stmt = stmt.where(DisputeRow.table_no == flt.table)
        if flt.outcome is not None:
            stmt = stmt.where(DisputeRow.outcome == flt.outcome)
        if flt.kind is not None:
            stmt = stmt.where(DisputeRow.kinds.contains(f" {flt.kind} ", autoescape=True))
        if flt.submitted_from is not None:
            start = datetime.combine(flt.submitted_from, time.min, tzinfo=flt.day_zone)
            stmt = stmt.where(DisputeRow.submitted_at >= start)
        if flt.submitted_to is not None:
            end = datetime.combine(flt.submitted_to, time.max, tzinfo=flt.day_zone)
            stmt = stmt.where(DisputeRow.submitted_at <= end)
        total = self.s.scalar(select(func.count()).select_from(stmt.subquery())) or 0
        if offset >= total:  # past the end (also a page number beyond a 64-bit offset)
            return [], total
        page = stmt.order_by(DisputeRow.id.desc()).offset(offset).limit(limit)
        return [_dispute(r) for r in self.s.scalars(page)], total

    def add_ruling(self, dispute: Dispute, ruling: Revision) -> Revision:
        row = self.s.get_one(DisputeRow, dispute.id)
        new = _ruling_row(ruling)
        new.dispute_id = row.id
        row.outcome = dispute.outcome
        row.kinds = kinds_column(dispute.kinds)
        self.s.add(new)
        try:
            self.s.flush()
        except IntegrityError:
            self.s.rollback()
            raise Conflict(
                "another ruling was added to this dispute at the same time; retry",
                where={"dispute": dispute.id},
            ) from None
        return _ruling(new)


class SqlIdempotency:
    def __init__(self, session: Session):
        self.s = session

    def _row(self, key_id: int, scope: str, idem_key: str) -> IdempotencyRow | None:
        return self.s.scalar(
            select(IdempotencyRow).where(
                IdempotencyRow.key_id == key_id,
                IdempotencyRow.scope == scope,
                IdempotencyRow.idem_key == idem_key,
            )
        )

    def get(self, key_id: int, scope: str, idem_key: str) -> IdempotencyEntry | None:
        row = self._row(key_id, scope, idem_key)
        if row is None:
            return None
        return IdempotencyEntry(
            row.key_id, row.scope, row.idem_key, row.request_hash, row.resource_id
        )

    def claim(self, entry: IdempotencyEntry) -> None:
        """Insert the claim now (a plain INSERT: the unique constraint decides at once
        which of two processes has it)."""
        try:
            self.s.connection().execute(
                _INSERT_IDEMPOTENCY,
                {
                    "key_id": entry.key_id,
                    "scope": entry.scope,
                    "idem_key": entry.idem_key,
                    "request_hash": entry.request_hash,
                    "resource_id": None,
                    "created_at": datetime.now(UTC),
                },
            )
        except IntegrityError:
            self.s.rollback()
            raise DuplicateIdempotencyKey(
                "Idempotency-Key already claimed", where={"header": "Idempotency-Key"}
            ) from None

    def resolve(self, entry: IdempotencyEntry, resource_id: int) -> None:
        """Point the claim at what it produced (one UPDATE, no read first)."""
        c = table_of(IdempotencyRow).c
        self.s.execute(
            update(table_of(IdempotencyRow))
            .where(c.key_id == entry.key_id, c.scope == entry.scope, c.idem_key == entry.idem_key)
            .values(resource_id=resource_id)
        )

    def forget(self, scope: str, resource_id: int) -> None:
        c = table_of(IdempotencyRow).c
        self.s.execute(
            delete(table_of(IdempotencyRow)).where(c.scope == scope, c.resource_id == resource_id)
        )


class SqlUnitOfWork:
    """One transaction; commit explicitly, otherwise it rolls back.

    The SQLAlchemy session and the repositories are made when first used. A transaction
    that runs only plain statements (a dispute without an Idempotency-Key: one INSERT on
    PostgreSQL, two on SQLite) runs them on a Core connection (:meth:`connection`),
    without the session's bookkeeping, which cost about as much as the INSERT itself
    (~70 µs a dispute); a session made later in the same unit of work joins that
    connection's transaction, and one made first lends it its connection.
    """

    session: Session
    keys: SqlKeys
    disputes: SqlDisputes
    idempotency: SqlIdempotency
    sessions: SqlConsoleSessions
    signin_links: SqlSigninLinks
    jobs: SqlJobs
    webhooks: SqlWebhooks

    def __init__(
        self,
        sessions: sessionmaker[Session],
        writers: WriterLock | None = None,
        engine: Engine | None = None,
    ):
        self._sessions = sessions
        self._writers = writers
        self._writing = False
        self._engine: Engine = engine if engine is not None else sessions.kw["bind"]
        self._conn: Connection | None = None

    def __enter__(self) -> Self:
        return self

    def __getattr__(self, name: str) -> Any:
        """The session and the repositories, made on first use (kept as attributes)."""
        if name == "session":
            if self._conn is not None:  # join the transaction already under way
                value: Any = self._sessions(bind=self._conn)
            else:
                value = self._sessions()
        elif name == "disputes":
            value = SqlDisputes(self)
        elif name in _REPOSITORIES:
            value = _REPOSITORIES[name](self.session)
        else:
            raise AttributeError(name)
        setattr(self, name, value)
        return value

    @property
    def dialect(self) -> Dialect:
        """The database's dialect (known without a connection)."""
        return self._engine.dialect

    def _has_session(self) -> bool:
        return "session" in self.__dict__

    def connection(self) -> Connection:
        """The transaction's connection: the session's if it has one, else a Core
        connection with a transaction begun (the statements run on its DBAPI
        connection, which SQLAlchemy's autobegin would not see)."""
        if self._has_session():
            return self.session.connection()
        if self._conn is None:
            conn = self._engine.connect()
            try:
                conn.begin()
            except BaseException:
                conn.close()
                raise
            self._conn = conn
        return self._conn

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            try:
                if self._has_session():
                    self.session.rollback()
                    self.session.close()
            finally:
                if self._conn is not None:
                    self._conn.close()  # rolls back what was not committed
                    self._conn = None
        finally:
            self._done_writing()

    def write_turn(self) -> None:
        """SQLite: wait here for the file's writer lock before this transaction's first
        write (see :class:`~referee.storage.db.WriterLock`); held until it commits or
        rolls back. PostgreSQL locks rows, not the database: nothing to wait for."""
        if self._writers is not None and not self._writing:
            self._writers.acquire()
            self._writing = True

    def _done_writing(self) -> None:
        if self._writing:
            self._writing = False
            assert self._writers is not None
            self._writers.release()

    def commit(self) -> None:
        try:
            if self._has_session():
                self.session.commit()  # joined to self._conn: flushes, commits nothing
            if self._conn is not None:
                self._conn.commit()
        finally:
            self._done_writing()

    def rollback(self) -> None:
        try:
            if self._has_session():
                self.session.rollback()
            if self._conn is not None:
                self._conn.rollback()
        finally:
            self._done_writing()


#: the repositories made on a session, by attribute name (SqlDisputes takes the unit of
#: work itself: its inserts use :meth:`SqlUnitOfWork.connection`)
_REPOSITORIES: dict[str, Any] = {
    "keys": SqlKeys,
    "idempotency": SqlIdempotency,
    "sessions": SqlConsoleSessions,
    "signin_links": SqlSigninLinks,
    "jobs": SqlJobs,
    "webhooks": SqlWebhooks,
}
