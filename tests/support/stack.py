"""Real processes for the bulk-job tests: gunicorn instances and ``referee worker``s.

Each process gets the same environment (database, queue, short leases), as separate
machines of one deployment would; the tests kill and start them at will.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import requests
from sqlalchemy import update

from referee.service.lines import rule_job_line
from referee.storage.backend import SqlBackend
from referee.storage.models import JobChunkRow
from tests.support.gunicorn import gunicorn


@contextmanager
def instance(env: dict[str, str], cwd: Path, *, workers: int = 2) -> Iterator[str]:
    """One service instance with the deployment's environment (no worker beside it):
    :func:`tests.support.gunicorn.gunicorn`; yields its base URL."""
    with gunicorn(
        env["DATABASE_URL"], cwd, workers, **{**env, "REFEREE_WORKER_BESIDE": "0"}
    ) as base:
        yield base


def start_worker(env: dict[str, str], cwd: Path) -> subprocess.Popen[bytes]:
    """``referee worker`` in a process of its own."""
    return subprocess.Popen(
        [sys.executable, "-m", "referee", "worker"],
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def job_env(database_url: str, tmp: Path, **extra: str) -> dict[str, str]:
    """The environment every process of one deployment shares."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "REFEREE_QUEUE_PATH": str(tmp / "queue.db"),
        "REFEREE_RATE_LIMIT": "100000 per minute",
        "REFEREE_JOB_CHUNK_RECORDS": "40",
        # longer than any chunk takes on a loaded machine: a live worker's lease never runs
        # out (another worker would take its chunk a second time); a test that kills a
        # worker ends the dead one's lease with run_out_leases()
        "REFEREE_JOB_LEASE_S": "600",
        "REFEREE_JOB_REAP_INTERVAL_S": "0.5",
        "REFEREE_ANALYSIS_LOCK": "",
        **extra,
    }


def run_out_leases(database_url: str) -> int:
    """The leases of the chunks held now end (as the lease of a worker killed holding one
    ends after REFEREE_JOB_LEASE_S): the workers' reaper queues those chunks again.
    Returns how many there were."""
    backend = SqlBackend(database_url)
    try:
        with backend.engine.begin() as conn:
            ended = conn.execute(
                update(JobChunkRow)
                .where(JobChunkRow.state == "running")
                .values(lease_until=datetime(2000, 1, 1, tzinfo=UTC))
            )
            return int(ended.rowcount)
    finally:
        backend.dispose()


def expected_results(lines: list[str], *, iss: bool, lang: str) -> bytes:
    """What the results of a job over ``lines`` must be, ruled here line by line."""
    out = []
    ruled = errors = 0
    for no, line in enumerate(lines, start=1):
        text, ok = rule_job_line((no, line), iss=iss, lang=lang)
        out.append(text + "\n")
        ruled += ok
        errors += not ok
    summary = f'{{"summary":{{"records":{len(lines)},"ruled":{ruled},"errors":{errors}}}}}\n'
    return ("".join(out) + summary).encode()


def wait_for(
    job_url: str, headers: dict[str, str], done: Any, timeout: float = 180, every: float = 0.05
) -> Any:
    """Poll a job every ``every`` seconds until ``done(job)``; returns the job."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        job = requests.get(job_url, headers=headers, timeout=10).json()
        if done(job):
            return job
        time.sleep(every)
    raise AssertionError(f"job did not get there in {timeout} s: {job}")
