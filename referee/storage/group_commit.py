"""Group commit: the disputes that threads of one process store at the same time are
written in one transaction and one COMMIT (issue 13).

A dispute without an ``Idempotency-Key`` is one INSERT (PostgreSQL; two on SQLite) and
its own transaction, and the transaction's BEGIN and COMMIT cost about as much again as
the INSERT, in the worker and in the database server (a durable COMMIT flushes the WAL).
Here the first thread to arrive leads: it takes a connection (and on SQLite the file's
writer lock), takes every dispute queued by then (its own first), inserts them one after
the other in one transaction and commits; the threads that queued meanwhile wait, and
the first of those still queued leads the next group. Nobody waits on a timer: a group is
whatever arrived while the one before it was being written. On a SQLite file the
connection a group was written on is kept for the next group instead of going back to
the pool (:meth:`GroupCommit._keep`).

Durability is as before: :meth:`GroupCommit.store` returns only once the COMMIT that
holds its rows has returned, and each row is the row the dispute would have been alone.
Errors stay each request's own: if the group's transaction fails in a way that left it
not committed (any error before or from COMMIT on a live connection), every dispute of
the group is written again alone, in a transaction of its own, and gets its own result or
error. Only where the outcome is unknown (the connection was lost during COMMIT: it may
or may not have committed) does every dispute of the group get that error, the one it
would have got alone, rather than be written twice. A connection that cannot be had at
all (the database unreachable) is reported to the group that waited for it.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, Engine, exc
from sqlalchemy.pool import Pool

from referee.service.model import Dispute
from referee.storage.db import WriterLock, checkpoint_if_due
from referee.storage.inserts import BoundDispute, bind_dispute, insert_dispute

#: the most disputes one transaction takes (a gthread worker has a few threads)
MOST = 32


class _Pending:
    """A queued dispute; ``wake`` is held until its thread may go on (answered or lead)."""

    __slots__ = ("bound", "written", "error", "lead", "wake")

    def __init__(self, bound: BoundDispute) -> None:
        self.bound = bound
        self.written: Dispute | None = None
        self.error: BaseException | None = None
        self.lead = False
        self.wake = threading.Lock()
        self.wake.acquire()

    def outcome(self) -> Dispute:
        if self.error is not None:
            raise self.error
        assert self.written is not None
        return self.written


class _Unknown(Exception):
    """The connection was lost while COMMIT was under way: committed or not, unknown."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


class GroupCommit:
    """Stores disputes for the threads of one process, in groups (see the module)."""

    def __init__(self, engine: Engine, writers: WriterLock | None = None, most: int = MOST):
        self._engine = engine
        self._writers = writers
        self._most = most
        self._mutex = threading.Lock()
        self._queue: deque[_Pending] = deque()
        self._leading = False
        #: SQLite: the connection the last group was written on, kept for the next
        self._held: Connection | None = None
        self._held_pool: Pool | None = None  # the engine's pool when it was kept
        self._closed = False
        #: groups written and disputes stored through them (for tests and measurements)
        self.groups = 0
        self.stored = 0
        me = weakref.ref(self)  # (the hook must not keep a disposed backend's group alive)
        os.register_at_fork(after_in_child=lambda: _forked(me))

    def _forked(self) -> None:
        # a thread of the parent may have held the mutex or led a group at the fork
        self._mutex = threading.Lock()
        self._queue = deque()
        self._leading = False
        self._held = None  # the parent's: not this process's to use or close

    def close(self) -> None:
        """Give the kept connection back to the pool (before the engine is disposed)."""
        self._closed = True
        conn, self._held = self._held, None
        if conn is not None:
            _close(conn)

    def store(self, dispute: Dispute) -> Dispute:
        """Insert the dispute and its rulings and commit (possibly in one transaction
        with other threads' disputes); the dispute as written, with its ids."""
        item = _Pending(bind_dispute(self._engine.dialect, dispute))  # encoded here, alone
        with self._mutex:
            self._queue.append(item)
            lead = not self._leading
            self._leading = True
        if not lead:
            item.wake.acquire()
            if not item.lead:
                return item.outcome()
        self._lead(item)
        return item.outcome()

    def _take(self, most: int | None = None) -> list[_Pending]:
        with self._mutex:
            n = min(len(self._queue), most or self._most)
            return [self._queue.popleft() for _ in range(n)]

    def _lead(self, me: _Pending) -> None:
        """Write one group (``me`` first in it), answer it, hand the lead on."""
        group: list[_Pending] = []
        try:
            try:
                conn = self._connection()
            except BaseException as error:
                group = self._take()  # the database cannot be had: not for them either
                for item in group:
                    item.error = error
                return
            kept = False
            try:
                with self._turn():
                    group = self._take()  # (on SQLite: all who queued while it waited)
                    self._write(conn, group)
                kept = self._keep(conn, group)
            finally:
                if not kept:
                    conn.close()
        except BaseException as error:
            if not group:
                group = self._take(1)  # me: always first in the queue when leading
            for item in group:
                if item.written is None and item.error is None:
                    item.error = error if item is me else RuntimeError("group commit failed")
            if me not in group:  # pragma: no cover - defensive
                raise
        finally:
            with self._mutex:
                nxt = self._queue[0] if self._queue else None
                if nxt is not None:
                    nxt.lead = True
                else:
                    self._leading = False
            for item in group:
                if item is not me:
                    item.wake.release()
            if nxt is not None:
                nxt.wake.release()

    def _connection(self) -> Connection:
        """The connection the last group was written on, else one from the pool. One
        kept from before ``engine.dispose()`` (a new pool) is given up, as the pool's own
        connections were: dispose drops every connection to the file, which an operator
        may have moved or replaced meanwhile."""
        conn, self._held = self._held, None  # (one leader at a time: no race)
        if conn is not None:
            if not conn.invalidated and not conn.closed and self._held_pool is self._engine.pool:
                return conn
            _close(conn)
        return self._engine.connect()

    def _keep(self, conn: Connection, group: list[_Pending]) -> bool:
        """Keep the connection for the next group, instead of giving it back to the
        pool and taking one out again (the check-out and check-in cost about a tenth of
        a dispute's own Python under load, and a connection kept also keeps SQLite's
        page cache when no other process wrote in between); only on a SQLite file (the
        writer lock's: no server that could drop it while idle, no liveness ping or
        watchdog to keep) and only after a group that was written whole. What its
        return to the pool did besides is done here: the checkpoint when one is due,
        outside the write turn. Anything else goes back to the pool, which resets it."""
        if (
            self._writers is None
            or self._closed
            or conn.invalidated
            or conn.in_transaction()
            or any(item.written is None for item in group)
        ):
            return False
        checkpoint_if_due(self._engine, conn.connection.dbapi_connection)
        self._held, self._held_pool = conn, self._engine.pool
        return True

    @contextmanager
    def _turn(self) -> Iterator[None]:
        """SQLite: the file's writer lock (as ``UnitOfWork.write_turn``) until committed."""
        if self._writers is None:
            yield
            return
        self._writers.acquire()
        try:
            yield
        finally:
            self._writers.release()

    def _write(self, conn: Connection, group: list[_Pending]) -> None:
        self.groups += 1
        try:
            written = self._transaction(conn, group)
        except _Unknown as unknown:
            for item in group:
                item.error = unknown.error
            return
        except Exception as error:
            if len(group) == 1:
                group[0].error = error
                return
            for item in group:  # each alone: each gets its own result or error
                try:
                    with self._engine.connect() as alone:
                        item.written = self._transaction(alone, [item])[0]
                except _Unknown as unknown:
                    item.error = unknown.error
                except Exception as own:
                    item.error = own
            return
        for item, dispute in zip(group, written, strict=True):
            item.written = dispute
        self.stored += len(group)

    @staticmethod
    def _transaction(conn: Connection, group: list[_Pending]) -> list[Dispute]:
        """The group's inserts in one transaction, committed; a failure before COMMIT or
        reported by a live connection leaves nothing committed (rolled back here)."""
        conn.begin()
        try:
            written = [insert_dispute(conn, item.bound) for item in group]
        except BaseException:
            _roll_back(conn)
            raise
        try:
            conn.commit()
        except exc.DBAPIError as error:
            if error.connection_invalidated:
                raise _Unknown(error) from error
            _roll_back(conn)
            raise
        return written


def _forked(ref: weakref.ref[GroupCommit]) -> None:
    group = ref()
    if group is not None:
        group._forked()


def _close(conn: Connection) -> None:
    """Give a connection back to the pool; one that cannot be given back is dropped."""
    try:
        conn.close()
    except Exception:  # noqa: BLE001 - the pool already discarded a broken connection
        pass


def _roll_back(conn: Connection) -> None:
    """Roll back after a failure (the failure is what is reported, not this)."""
    try:
        conn.rollback()
    except Exception:  # noqa: BLE001 - a lost connection: nothing was committed on it
        conn.invalidate()
