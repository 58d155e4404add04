"""A job is marked done exactly once, whoever writes its last chunks and when.

Two workers that write a job's last two chunks at the same moment each count the chunks
still unfinished inside their own transaction. On PostgreSQL (read committed) neither sees
the other's uncommitted write, so without a lock both count one left and nobody finishes
the job. A barrier holds both workers right after they have stored their chunk, so the
race happens every time rather than by chance, and a second one holds them before they
commit, so that each has counted before the other's chunk is committed.
"""

from __future__ import annotations

import contextlib
import queue
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from referee.service.jobs import JobService
from referee.service.keys import KeyService, Principal
from referee.storage.backend import SqlBackend
from referee.storage.jobs import SqlJobs
from referee.storage.repositories import SqlUnitOfWork
from tests.conftest import TABLES
from tests.support.service import ISS_EXAMPLES

pytestmark = pytest.mark.postgres


class Webhooks:
    """Counts the ``job.done`` notices (the service's WebhookService, as far as jobs use it)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def notify(self, owner: str, event: str, payload: dict[str, Any]) -> None:
        with self._lock:
            self.sent.append({"owner": owner, "event": event, **payload})


@pytest.fixture
def backend(postgres_url: str) -> Iterator[SqlBackend]:
    backend = SqlBackend(postgres_url)
    with backend.engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    yield backend
    backend.dispose()


def _platform(backend: SqlBackend) -> Principal:
    key, _secret = KeyService(backend.unit_of_work).create("platform", "ISS")
    return Principal(key.id, "platform", "ISS")


def _lines(n: int) -> list[bytes]:
    games = [
        line
        for line in (ISS_EXAMPLES / "jskat-samples.sgf").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return [(games[i % len(games)] + "\n").encode() for i in range(n)]


def _run_together(jobs: JobService, job_id: int, chunks: list[int]) -> list[bool]:
    wrote: list[bool] = [False] * len(chunks)
    failed: list[BaseException] = []

    def work(i: int) -> None:
        try:
            wrote[i] = jobs.run_chunk(job_id, chunks[i])
        except BaseException as exc:  # surfaced below
            failed.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(chunks))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not failed, failed
    return wrote


def test_two_workers_writing_the_last_chunks_at_once_finish_the_job_once(
    backend: SqlBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    hooks = Webhooks()
    jobs = JobService(backend.unit_of_work, None, chunk_records=2, webhooks=hooks)  # type: ignore[arg-type]
    platform = _platform(backend)
    job = jobs.submit(platform, _lines(6), "iss", "de")
    assert job.id is not None and job.chunks == 3
    assert jobs.run_chunk(job.id, 0)

    stored = threading.Barrier(2, timeout=20)
    at_commit = threading.Barrier(2)
    wrote_here = threading.local()
    write, commit = SqlJobs.write, SqlUnitOfWork.commit

    def write_then_wait(self: SqlJobs, *args: Any, **kw: Any) -> bool:
        wrote = write(self, *args, **kw)
        wrote_here.yes = True
        stored.wait()  # both chunks stored, neither transaction committed
        return wrote

    def wait_then_commit(self: SqlUnitOfWork) -> None:
        if getattr(wrote_here, "yes", False):
            wrote_here.yes = False
            # both have counted what is left before either commits; a worker held by the
            # other's lock never comes, and after 1 s (less than the
            # lock timeout) this one commits alone
            with contextlib.suppress(threading.BrokenBarrierError):
                at_commit.wait(timeout=1)
        commit(self)

    monkeypatch.setattr(SqlJobs, "write", write_then_wait)
    monkeypatch.setattr(SqlUnitOfWork, "commit", wait_then_commit)
    assert _run_together(jobs, job.id, [1, 2]) == [True, True]

    done = jobs.get(platform, job.id)
    assert done.state == "done"
    assert done.finished_at is not None and done.expires_at is not None
    assert [h["job"] for h in hooks.sent] == [job.id]  # one job.done, not two


def test_a_soak_of_small_jobs_with_four_workers_finishes_every_job_once(
    backend: SqlBackend,
) -> None:
    """Forty jobs of three chunks, their chunks shuffled among four worker threads: every
    job ends done, with one ``job.done`` each and every record counted once."""
    hooks = Webhooks()
    jobs = JobService(backend.unit_of_work, None, chunk_records=1, webhooks=hooks)  # type: ignore[arg-type]
    platform = _platform(backend)
    tasks: queue.SimpleQueue[tuple[int, int]] = queue.SimpleQueue()
    ids = []
    order = []
    for _ in range(40):
        job = jobs.submit(platform, _lines(3), "iss", "de")
        assert job.id is not None
        ids.append(job.id)
        order += [(job.id, no) for no in range(job.chunks)]
    random.Random(36).shuffle(order)
    for task in order:
        tasks.put(task)
    failed: list[BaseException] = []

    def worker() -> None:
        while True:
            try:
                job_id, no = tasks.get_nowait()
            except queue.Empty:
                return
            try:
                jobs.run_chunk(job_id, no)
            except BaseException as exc:  # surfaced below
                failed.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not failed, failed
    for job_id in ids:
        job, progress = jobs.progress(platform, job_id)
        assert (job.state, progress.records_done, progress.chunks_done) == ("done", 3, 3)
    assert sorted(h["job"] for h in hooks.sent) == ids
