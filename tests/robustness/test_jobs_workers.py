"""Bulk jobs with real workers: the embedded default (gunicorn, two
``referee worker`` processes, SQLite for the database and the queue), one worker killed
with SIGKILL mid-job. Nothing is lost: the dead worker's chunk goes back on the queue
when its lease runs out, and the results are the very bytes the archive rules to.
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from sqlalchemy import text

from bench.games import iter_lines, mixed_corpus
from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.stack import (
    expected_results,
    instance,
    job_env,
    run_out_leases,
    start_worker,
    stop,
    wait_for,
)

RECORDS = 1_200


@pytest.fixture(scope="module")
def archive() -> list[str]:
    corpus = mixed_corpus(60, seed=18)
    docs = [d for games in corpus.values() for d in games]
    lines = list(iter_lines(docs, RECORDS, iss=True))
    lines[7] = "(;GM[Skat] this record is broken ;)"
    return lines


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[tuple[dict[str, str], str, dict[str, str]]]:
    url = f"sqlite:///{tmp_path / 'referee.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", "ISS")
    backend.dispose()
    env = job_env(url, tmp_path)
    with instance(env, tmp_path) as base:
        yield env, base, {"Authorization": f"Bearer {secret}"}


def _scalar(url: str, sql: str) -> int:
    backend = SqlBackend(url)
    try:
        with backend.engine.connect() as conn:
            return int(conn.execute(text(sql)).scalar_one() or 0)
    finally:
        backend.dispose()


def _kill_while_holding_a_chunk(worker: subprocess.Popen[bytes], url: str) -> None:
    """SIGKILL ``worker`` (the only one running) at a moment it holds a chunk: frozen with
    SIGSTOP first, so the database can be read while nothing changes."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if _scalar(url, "SELECT count(*) FROM job_chunks WHERE state = 'running'"):
            worker.send_signal(signal.SIGSTOP)
            if _scalar(url, "SELECT count(*) FROM job_chunks WHERE state = 'running'"):
                worker.send_signal(signal.SIGKILL)
                worker.wait()
                return
            worker.send_signal(signal.SIGCONT)  # between two chunks: try again
        time.sleep(0.01)
    raise AssertionError("the worker never held a chunk")


def test_a_worker_killed_mid_job_loses_nothing(
    deployment: tuple[dict[str, str], str, dict[str, str]], archive: list[str], tmp_path: Path
) -> None:
    env, base, headers = deployment
    workers = [start_worker(env, tmp_path)]
    try:
        body = ("\n".join(archive) + "\n").encode()
        r = requests.post(
            base + "/v1/jobs?lang=de",
            data=body,
            headers={**headers, "Content-Type": "text/x-iss-sgf"},
            timeout=60,
        )
        assert r.status_code == 202, r.text
        job_url = base + r.headers["Location"]
        wait_for(job_url, headers, lambda j: j["progress"]["chunks_done"] >= 2)
        _kill_while_holding_a_chunk(workers[0], env["DATABASE_URL"])
        # the dead worker's lease ends (the lease is long: a live worker's never ends while
        # it rules, however loaded the machine); another worker takes the rest at once,
        # and the dead one's chunk once the reaper has queued it again
        assert run_out_leases(env["DATABASE_URL"]) == 1
        workers.append(start_worker(env, tmp_path))
        job = wait_for(job_url, headers, lambda j: j["state"] == "done")
        assert job["progress"]["records_done"] == RECORDS
        assert job["progress"]["errors"] >= 1
        results = requests.get(base + job["results"], headers=headers, timeout=60)
        assert results.content == expected_results(archive, iss=True, lang="de")
        # the dead worker's chunk was taken again once its lease ran out
        assert _scalar(env["DATABASE_URL"], "SELECT max(attempts) FROM job_chunks") == 2
    finally:
        for w in workers:
            stop(w)


def test_progress_is_visible_while_a_job_runs(
    deployment: tuple[dict[str, str], str, dict[str, str]], archive: list[str], tmp_path: Path
) -> None:
    env, base, headers = deployment
    body = ("\n".join(archive) + "\n").encode()
    r = requests.post(
        base + "/v1/jobs", data=body, headers={**headers, "Content-Type": "text/plain"}, timeout=60
    )
    job_url = base + r.headers["Location"]
    queued = requests.get(job_url, headers=headers, timeout=10).json()
    assert queued["state"] == "queued" and queued["progress"]["records_done"] == 0
    worker = start_worker(env, tmp_path)
    try:
        seen = []
        end = time.monotonic() + 180
        while time.monotonic() < end:
            job = requests.get(job_url, headers=headers, timeout=10).json()
            seen.append(job["progress"]["records_done"])
            if job["state"] == "done":
                break
            time.sleep(0.05)
        assert job["state"] == "done"
        partial = [n for n in seen if 0 < n < RECORDS]
        assert partial, "no progress was seen between start and end"
        assert seen == sorted(seen)
    finally:
        stop(worker)
