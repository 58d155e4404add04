"""A soak of small jobs on PostgreSQL with three ``referee worker`` processes: one worker
is killed with SIGKILL and another started, and the database is restarted, mid-run. Every
job ends done, every record is in its results once."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from referee.service.jobs import JobService
from referee.service.keys import KeyService, Principal
from referee.service.settings import Settings
from referee.storage.backend import SqlBackend
from referee.worker import HueyQueue
from tests.support.pg_server import PgServer, find_bindir
from tests.support.service import ISS_EXAMPLES
from tests.support.stack import job_env, start_worker, stop

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

JOBS = 200


def _count(url: str, sql: str) -> int:
    backend = SqlBackend(url)
    try:
        with backend.engine.connect() as conn:
            return int(conn.execute(text(sql)).scalar_one() or 0)
    finally:
        backend.dispose()


def test_two_hundred_small_jobs_finish_through_a_dead_worker_and_a_database_restart(
    tmp_path: Path,
) -> None:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries not found")
    server = PgServer(bindir)
    url = server.start()
    workers = []
    try:
        backend = SqlBackend(url)
        backend.migrate()
        key, _secret = KeyService(backend.unit_of_work).create("platform", "ISS")
        who = Principal(key.id, "platform", "ISS")
        settings = Settings(database_url=url, job_chunk_records=2)
        queue = HueyQueue(
            settings, lambda q: JobService.from_settings(settings, backend.unit_of_work, q)
        )
        jobs = JobService.from_settings(settings, backend.unit_of_work, queue)
        games = [
            line + "\n"
            for line in (ISS_EXAMPLES / "jskat-samples.sgf")
            .read_text(encoding="utf-8")
            .splitlines()
            if line.strip()
        ]
        env = job_env(url, tmp_path, REFEREE_JOB_CHUNK_RECORDS="2", REFEREE_JOB_LEASE_S="3")
        workers = [start_worker(env, tmp_path) for _ in range(3)]
        ids = []
        for n in range(JOBS):
            lines = [games[(n + i) % len(games)].encode() for i in range(1 + n % 5)]
            job = jobs.submit(who, lines, "iss", "de")
            ids.append((job.id, len(lines)))
            if n == JOBS // 3:
                workers[0].send_signal(signal.SIGKILL)
                workers[0].wait()
                workers.append(start_worker(env, tmp_path))
        # the database goes away and comes back while the workers are at it
        log = str(server.root / "log")
        server._run("pg_ctl", "-D", str(server.data), "-m", "immediate", "-l", log, "-w", "restart")
        backend.dispose()
        end = time.monotonic() + 600
        while time.monotonic() < end:
            try:
                left = _count(url, "SELECT count(*) FROM jobs WHERE state <> 'done'")
            except Exception:  # noqa: BLE001 - the server is still starting
                left = -1
            if left == 0:
                break
            time.sleep(1)
        assert left == 0, f"{left} jobs not done"
        for job_id, records in ids:
            assert job_id is not None
            progress = jobs.progress(who, job_id)[1]
            assert progress.records_done == records
            results = b"".join(jobs.results(who, job_id)[1]).decode().splitlines()
            assert len(results) == records + 1  # each record once, then the summary
        assert _count(url, "SELECT count(*) FROM job_chunks WHERE state <> 'done'") == 0
        backend.dispose()
    finally:
        for w in workers:
            stop(w)
        server.stop()
