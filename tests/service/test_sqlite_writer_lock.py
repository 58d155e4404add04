"""SQLite writers queue on a lock file instead of SQLite's retry sleeps.

A unit of work that is about to store (``write_turn``) holds the database's writer lock
until it commits or rolls back; another thread or process that wants to write waits for
it and goes on as soon as it is released. PostgreSQL has no such lock.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from referee.storage.backend import SqlBackend
from referee.storage.db import WriterLock, writer_lock
from tests.support.service import example
from tests.support.sqlite_trace import traced_sqlite

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def backend(tmp_path: Path) -> Any:
    b = SqlBackend(f"sqlite:///{tmp_path / 'referee.db'}")
    b.migrate()
    yield b
    b.dispose()


def _second_writer(backend: SqlBackend, started: threading.Event, got: threading.Event) -> None:
    with backend.unit_of_work() as uow:
        started.set()
        uow.write_turn()
        got.set()
        uow.commit()


@pytest.mark.parametrize("ends", ["commit", "rollback", "exception"])
def test_a_second_writer_waits_for_the_first_to_end(backend: SqlBackend, ends: str) -> None:
    started, got = threading.Event(), threading.Event()
    with pytest.raises(RuntimeError) if ends == "exception" else nullcontext():
        with backend.unit_of_work() as uow:
            uow.write_turn()
            uow.write_turn()  # taken once per transaction
            other = threading.Thread(target=_second_writer, args=(backend, started, got))
            other.start()
            assert started.wait(10)
            assert not got.wait(0.3)  # the first writer still holds the lock
            if ends == "commit":
                uow.commit()
            elif ends == "rollback":
                uow.rollback()
            else:
                raise RuntimeError("the store failed")
    assert got.wait(10)
    other.join(10)
    assert not other.is_alive()


def test_a_writer_in_another_process_is_waited_for(backend: SqlBackend) -> None:
    lock = writer_lock(backend.engine)
    assert lock is not None
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from referee.storage.db import WriterLock; "
            f"lock = WriterLock(Path({str(lock.path)!r})); lock.acquire(); print('held', "
            "flush=True); sys.stdin.read(); lock.release()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started, got = threading.Event(), threading.Event()
        other = threading.Thread(target=_second_writer, args=(backend, started, got))
        other.start()
        assert started.wait(10)
        assert not got.wait(0.3)  # the other process holds the lock
        assert holder.stdin is not None
        holder.stdin.close()  # it releases the lock and ends
        assert got.wait(10)
        other.join(10)
    finally:
        holder.kill()
        holder.wait()


def test_only_a_sqlite_file_has_a_writer_lock(tmp_path: Path) -> None:
    memory = SqlBackend("sqlite://")
    assert writer_lock(memory.engine) is None
    memory.dispose()
    lock = writer_lock(SqlBackend(f"sqlite:///{tmp_path / 'x.db'}").engine)
    assert isinstance(lock, WriterLock) and lock.path == tmp_path / "x.db.writer-lock"


@pytest.mark.postgres
def test_postgresql_writers_do_not_queue(postgres_url: str) -> None:
    backend = SqlBackend(postgres_url)
    try:
        assert writer_lock(backend.engine) is None
        with backend.unit_of_work() as one, backend.unit_of_work() as two:
            one.write_turn()
            two.write_turn()  # no lock: returns at once
    finally:
        backend.dispose()


RECORD = example("revoke-objected")


def _watched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[SqlBackend, list[str]]:
    """A SQLite backend whose JSON encoding and writer lock log what they do, in order."""
    from referee.storage import db

    events: list[str] = []
    encode = db.dumps

    def dumps(value: Any) -> str:
        events.append("encode record" if value is RECORD else "encode")
        return encode(value)

    monkeypatch.setattr(db, "dumps", dumps)  # before the engine takes it as its serializer
    backend = SqlBackend(f"sqlite:///{tmp_path / 'watched.db'}")
    backend.migrate()
    lock = backend._writer_lock  # type: ignore[attr-defined]
    assert isinstance(lock, WriterLock)
    acquire, release = lock.acquire, lock.release

    def acquired() -> None:
        acquire()
        events.append("acquire")

    def released() -> None:
        events.append("release")
        release()

    monkeypatch.setattr(lock, "acquire", acquired)
    monkeypatch.setattr(lock, "release", released)
    return backend, events


def test_a_dispute_is_encoded_before_its_write_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer lock is one writer at a time across all workers: a dispute's JSON (the
    record, its context, three rulings) is encoded before the lock is taken, so the lock
    covers the statements and the commit only; what is stored is the same."""
    from referee.service.disputes import DisputeService
    from referee.service.keys import Principal

    backend, events = _watched(tmp_path, monkeypatch)
    try:
        service = DisputeService(backend.unit_of_work)
        who = Principal(None, "referee", "Club")
        events.clear()
        record = RECORD
        dispute, replayed = service.submit(who, record, note="n")
        assert not replayed and dispute.id is not None
        assert "encode" in events
        assert events[-2:] == ["acquire", "release"]
        # the record is stored twice (the dispute and its first ruling), encoded once
        assert events.count("encode record") == 1
        stored = service.get(Principal(None, "court", "Court"), dispute.id)
        assert stored.record == example("revoke-objected")
        assert stored.current.record == example("revoke-objected")
        assert stored.current.texts == dispute.current.texts
    finally:
        backend.dispose()


def test_an_appeal_takes_its_write_turn_before_it_reads_the_current_ruling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An appeal reads the current revision and stores the next one in one write turn, so
    on SQLite no other appeal can store a revision between its read and its write."""
    from referee.service.disputes import DisputeService
    from referee.service.keys import Principal

    backend, events = _watched(tmp_path, monkeypatch)
    try:
        service = DisputeService(backend.unit_of_work)
        dispute, _ = service.submit(Principal(None, "referee", "Club"), example("false-lead"))
        assert dispute.id is not None
        seen: list[str] = []
        from referee.storage.repositories import SqlDisputes

        get = SqlDisputes.get

        def watched_get(self: Any, dispute_id: int, *, lock: bool = False) -> Any:
            seen.append("locked read" if lock else "read")
            if lock:
                seen.append("held" if events[-1] == "acquire" else "not held")
            return get(self, dispute_id, lock=lock)

        monkeypatch.setattr(SqlDisputes, "get", watched_get)
        service.appeal(Principal(None, "court", "Court"), dispute.id, grounds="the lead")
        assert "locked read" in seen
        assert seen[seen.index("locked read") + 1] == "held"
    finally:
        backend.dispose()


def test_the_log_is_checkpointed_outside_the_write_turn(tmp_path: Path) -> None:
    """SQLite's own checkpoint (two fsyncs) ran inside the commit that found the log
    long, under the writer lock every worker waits for; now a process checkpoints after
    its write turn, every CHECKPOINT_EVERY commits, and the log is copied into the file."""
    from referee.service.disputes import DisputeService
    from referee.service.keys import Principal
    from referee.storage import db

    with traced_sqlite(tmp_path / "log.db") as traced:
        with traced.backend.engine.connect() as conn:
            pages = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        assert pages == db.AUTOCHECKPOINT_PAGES
        size = traced.path.stat().st_size
        service = DisputeService(traced.backend.unit_of_work)
        who = Principal(None, "referee", "Club")
        for _ in range(db.CHECKPOINT_EVERY + 2):
            service.submit(who, example("revoke-objected"))
        traced.assert_checkpointed_outside_the_turn(size)
