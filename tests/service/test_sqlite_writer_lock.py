"""SQLite writers queue on a lock file instead of SQLite's retry sleeps (issue 13).

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
