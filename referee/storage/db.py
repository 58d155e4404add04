"""Engines for SQLite (the embedded default) and PostgreSQL (``DATABASE_URL``).

On PostgreSQL no call waits for ever: a connection attempt gives up after the
connect timeout, the server cancels a statement after the statement timeout and a wait for
a lock after the lock timeout, and a server that does not answer at all (stopped, or a
network that drops packets: nothing on the server can enforce its own timeouts then) is
cut off by :class:`Watchdog`, which shuts the socket of a call that outlives its deadline.

>>> normalize_url("postgres://u:p@db/referee")
'postgresql+psycopg://u:p@db/referee'
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Connection, Engine, create_engine, event, exc
from sqlalchemy.engine import make_url

from referee.storage.folding import register_sqlite


def normalize_url(url: str) -> str:
    """Use psycopg 3 for plain ``postgresql://`` / ``postgres://`` URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def dumps(value: Any) -> str:
    """JSON columns as orjson writes them (several times faster than the standard library
    on a record and three rulings), or as :func:`json.dumps` does where orjson refuses:
    integers beyond 64 bits, lone surrogates.

    >>> dumps({"a": [1, "x"]}), dumps({"n": 2**70})
    ('{"a":[1,"x"]}', '{"n": 1180591620717411303424}')
    """
    try:
        return orjson.dumps(value).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value)


def loads(text: str | bytes) -> Any:
    """The reverse of :func:`dumps` (the standard parser for what orjson refuses)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL with NORMAL: a commit is safe from a crashed or killed process and never
    # corrupts the file; only an operating-system crash or power loss can roll back the
    # last commits (FULL would wait for the disk on every commit; docs/performance.md)
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()
    register_sqlite(dbapi_conn)  # folded names (storage/folding.py)


@dataclass(frozen=True)
class Timeouts:
    """Seconds a PostgreSQL call may take (0: no limit); see the module's text."""

    connect_s: float = 3.0
    statement_s: float = 5.0
    lock_s: float = 3.0

    @classmethod
    def off(cls) -> Timeouts:
        """No limits (migrations: an index on a large table may take minutes)."""
        return cls(0.0, 0.0, 0.0)

    def server_options(self) -> str:
        """libpq ``options``: the server's own statement and lock timeouts (ms).

        >>> Timeouts(3, 5, 2.5).server_options()
        '-c statement_timeout=5000 -c lock_timeout=2500'
        """
        return (
            f"-c statement_timeout={round(self.statement_s * 1000)} "
            f"-c lock_timeout={round(self.lock_s * 1000)}"
        )

    def call_deadline_s(self) -> float:
        """How long the client waits for any one answer before it cuts the connection:
        a little longer than the server's own statement timeout, so a server that is
        alive reports its timeout itself (0: never cut)."""
        return self.statement_s + 1.0 if self.statement_s > 0 else 0.0


class Watchdog:
    """Shuts the socket of a database call that has not returned by its deadline.

    The waiting thread then gets "server closed the connection" at once (SQLAlchemy
    invalidates that connection; the request answers 503). One thread per process,
    started on first use (and again in a forked child), looks every ``tick`` seconds;
    arming and disarming a call is a dictionary write under a lock.
    """

    def __init__(self, tick: float = 0.2) -> None:
        self.tick = tick
        self._lock = threading.Lock()
        self._armed: dict[int, tuple[float, Any]] = {}
        self._pid = 0

    def arm(self, dbapi_conn: Any, seconds: float) -> None:
        if seconds <= 0 or dbapi_conn is None:
            return
        with self._lock:
            self._armed[id(dbapi_conn)] = (time.monotonic() + seconds, dbapi_conn)
            if self._pid != os.getpid():
                self._pid = os.getpid()
                self._armed = {id(dbapi_conn): self._armed[id(dbapi_conn)]}
                threading.Thread(target=self._run, name="db-watchdog", daemon=True).start()

    def disarm(self, dbapi_conn: Any) -> None:
        with self._lock:
            self._armed.pop(id(dbapi_conn), None)

    def _run(self) -> None:
        pid = os.getpid()
        while self._pid == pid:
            time.sleep(self.tick)
            now = time.monotonic()
            with self._lock:
                late = [c for deadline, c in self._armed.values() if deadline <= now]
                for conn in late:
                    del self._armed[id(conn)]
            for conn in late:
                cut_off(conn)


def cut_off(dbapi_conn: Any) -> None:
    """Shut the connection's socket (its file descriptor stays the driver's to close)."""
    try:
        fd = dbapi_conn.fileno()
        sock = socket.socket(fileno=os.dup(fd))
    except Exception:  # noqa: BLE001 - already closed: nothing to cut
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        sock.close()


WATCHDOG = Watchdog()
#: engine -> how long one of its calls may take before the watchdog cuts it (PostgreSQL)
_DEADLINES: weakref.WeakKeyDictionary[Engine, float] = weakref.WeakKeyDictionary()


def fetch_one(conn: Connection, sql: str, params: Any) -> Any:
    """Run ``sql`` (the dialect's own text and parameters) on the DBAPI connection under
    ``conn`` and return its first row: for the hottest statements, where SQLAlchemy's
    execution (events, contexts, result objects) costs more than the statement itself.
    It keeps what that execution guarantees: the call is armed on :data:`WATCHDOG`
    (PostgreSQL), a lost connection is invalidated, and errors are SQLAlchemy's
    (``DBAPIError`` and its subclasses), so the service answers them as it answers any."""
    dialect = conn.dialect
    dbapi_conn = conn.connection.dbapi_connection
    cursor = dbapi_conn.cursor()  # type: ignore[union-attr]
    WATCHDOG.arm(dbapi_conn, _DEADLINES.get(conn.engine, 0.0))
    try:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    except dialect.loaded_dbapi.Error as error:
        lost = dialect.is_disconnect(error, dbapi_conn, cursor)
        if lost:
            conn.invalidate(error)
        raise exc.DBAPIError.instance(
            sql,
            params,
            error,
            dialect.loaded_dbapi.Error,
            connection_invalidated=lost,
            dialect=dialect,
        ) from error
    finally:
        try:
            cursor.close()
        except Exception:  # noqa: BLE001 - a cut connection: nothing left to close
            pass
    WATCHDOG.disarm(dbapi_conn)  # a call that failed stays armed, as with the events
    return row


#: a pooled PostgreSQL connection given back less than this many seconds ago is taken
#: out again without a liveness ping (as HikariCP's aliveBypassWindowMs does)
PING_AFTER_IDLE_S = 0.5


def _guard_postgresql(engine: Engine, timeouts: Timeouts) -> None:
    """Every call on ``engine`` armed on :data:`WATCHDOG`: statements, commits and
    rollbacks, the reset of a connection given back to the pool, and the liveness ping
    when one is taken out (in place of ``pool_pre_ping``, which cannot be bounded).
    A call that failed stays armed until its connection goes back to the pool (which
    disarms it) or its next call (which re-arms it)."""
    deadline = timeouts.call_deadline_s()
    ping_deadline = timeouts.connect_s or deadline
    _DEADLINES[engine] = deadline

    # (an invalidated connection has nothing to arm: asking it for its DBAPI connection
    # would try to reconnect inside the failed transaction, PendingRollbackError, a 500)
    def arm(conn: Any, *_args: Any) -> None:
        if not conn.invalidated:
            WATCHDOG.arm(conn.connection.dbapi_connection, deadline)

    def disarm(conn: Any, *_args: Any) -> None:
        if not conn.invalidated:
            WATCHDOG.disarm(conn.connection.dbapi_connection)

    event.listen(engine, "before_cursor_execute", arm)
    event.listen(engine, "after_cursor_execute", disarm)
    event.listen(engine, "commit", arm)
    event.listen(engine, "rollback", arm)

    def reset(dbapi_conn: Any, _record: Any, _state: Any) -> None:
        WATCHDOG.arm(dbapi_conn, deadline)

    def checkin(dbapi_conn: Any, record: Any) -> None:
        WATCHDOG.disarm(dbapi_conn)
        record.info["returned_at"] = (id(dbapi_conn), time.monotonic())

    def checkout(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.pop("returned_at", None)
        if (
            returned is not None
            and returned[0] == id(dbapi_conn)
            and time.monotonic() - returned[1] < PING_AFTER_IDLE_S
        ):
            return  # in use a moment ago: the ping would cost a round trip every request
        WATCHDOG.arm(dbapi_conn, ping_deadline)
        try:
            engine.dialect.do_ping(dbapi_conn)
        except Exception as error:  # the pool drops it and tries a fresh connection
            raise exc.DisconnectionError(f"stale connection: {error}") from error
        finally:
            WATCHDOG.disarm(dbapi_conn)

    event.listen(engine.pool, "reset", reset)
    event.listen(engine.pool, "checkin", checkin)
    event.listen(engine.pool, "checkout", checkout)


#: per thread: does it hold a :class:`WriterLock` now (no checkpoint under it)
_WRITING = threading.local()

#: a SQLite file's write-ahead log is copied back into the database by a process that
#: has committed this many transactions since its last copy, after its write turn
CHECKPOINT_EVERY = 50
#: ... and by SQLite itself inside a commit (so under the write turn) only once the log
#: holds this many pages, as a backstop (SQLite's own default is 1,000)
AUTOCHECKPOINT_PAGES = 10_000


class WalCheckpoints:
    """Checkpoints of a SQLite file's write-ahead log outside the writer lock.

    SQLite copies the log back into the database file (a checkpoint, with two fsyncs:
    5-15 ms on this host) inside the commit that finds the log over 1,000 pages, so
    under :class:`WriterLock` every writer of every worker waited for it. Here a
    connection given back to the pool, by a thread that holds no writer lock, runs a
    passive checkpoint (which never blocks writers or readers) once its process has
    committed :data:`CHECKPOINT_EVERY` transactions since its last one. Commits are
    unchanged: each is in the log, as durable as before, when it returns.
    """

    def __init__(self, engine: Engine) -> None:
        self._commits = 0
        event.listen(engine, "connect", self._connected)
        event.listen(engine, "commit", self._committed)
        event.listen(engine.pool, "checkin", self._checked_in)

    @staticmethod
    def _connected(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")

    def _committed(self, _conn: Any) -> None:
        self._commits += 1  # (threads may lose a count: a checkpoint comes a commit later)

    def _checked_in(self, dbapi_conn: Any, _record: Any) -> None:
        self.after_write(dbapi_conn)

    def after_write(self, dbapi_conn: Any) -> None:
        """Checkpoint on ``dbapi_conn`` if it is due (and no writer lock is held here)."""
        if (
            self._commits < CHECKPOINT_EVERY
            or dbapi_conn is None
            or getattr(_WRITING, "held", False)
        ):
            return
        self._commits = 0
        try:
            dbapi_conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except Exception:  # noqa: BLE001 - busy or closing: the next one copies it all
            pass


class WriterLock:
    """One writer at a time on a SQLite file, across threads and processes, queued.

    SQLite lets one connection write at a time; another that finds the file locked
    sleeps and tries again (1, 2, 5, 10 ... 100 ms) until it gets in, so under many
    concurrent writers a store could wait hundreds of milliseconds for a lock that was
    free long before. Writers that take this lock first (a thread lock in the process,
    then ``flock`` on ``<database>.writer-lock``, both woken as soon as the lock is
    released) wait only as long as the writes before them take. It orders writers and
    nothing else: every commit is SQLite's own, as durable as before.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._pid = -1
        self._thread_lock = threading.Lock()
        self._fd = -1
        self._setup = threading.Lock()
        os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        self._setup = threading.Lock()  # a thread of the parent may have held it at the fork

    def _for_this_process(self) -> None:
        if self._pid == os.getpid():
            return
        with self._setup:  # a forked child opens its own file and lock, once for all threads
            if self._pid != os.getpid():
                self._thread_lock = threading.Lock()
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
                self._pid = os.getpid()  # last: another thread sees it only once all is set

    def acquire(self) -> None:
        self._for_this_process()
        self._thread_lock.acquire()
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX)
        except BaseException:
            self._thread_lock.release()
            raise
        _WRITING.held = True

    def release(self) -> None:
        _WRITING.held = False
        try:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._thread_lock.release()

    def close(self) -> None:
        """Close this process's lock file (when its engine is disposed)."""
        if self._pid == os.getpid() and self._fd >= 0:
            os.close(self._fd)
        self._pid, self._fd = -1, -1


def writer_lock(engine: Engine) -> WriterLock | None:
    """The writer lock of a SQLite file's engine (None for PostgreSQL or memory)."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return WriterLock(Path(url.database + ".writer-lock"))


def _create_private(path: Path) -> None:
    """Create a missing SQLite file empty (SQLite takes an empty file for a new database)
    with mode 0600, in a directory made 0700 when missing: the database holds the key
    hashes and every note. SQLite gives its ``-wal`` and ``-shm`` files the database
    file's mode. An existing file keeps the mode its operator gave it."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def make_engine(url: str, timeouts: Timeouts | None = None) -> Engine:
    """An engine for ``url``; a SQLite file's directory is created when missing.

    ``timeouts`` (PostgreSQL) default to :class:`Timeouts`' defaults.
    """
    timeouts = Timeouts() if timeouts is None else timeouts
    url = normalize_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            _create_private(Path(parsed.database))
        engine = create_engine(
            url,
            connect_args={"timeout": 30, "check_same_thread": False},
            json_serializer=dumps,
            json_deserializer=loads,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        if parsed.database and parsed.database != ":memory:":
            WalCheckpoints(engine)
        return engine
    connect_args: dict[str, Any] = {"options": timeouts.server_options()}
    if timeouts.connect_s > 0:  # libpq counts whole seconds, at least 2
        connect_args["connect_timeout"] = max(2, round(timeouts.connect_s))
    engine = create_engine(
        url,
        connect_args=connect_args,
        # a request waits this long for a pooled connection when all are busy
        pool_timeout=max(timeouts.connect_s, timeouts.call_deadline_s()) or 30,
        json_serializer=dumps,
        json_deserializer=loads,
    )
    _guard_postgresql(engine, timeouts)
    return engine
