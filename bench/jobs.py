"""Bulk jobs with real workers: records/s with 1 and 2 workers, the CPU time a worker
spends per game (its own user + system time, not wall time: the machine is shared), games
per second of one worker's CPU, peak memory per worker, bytes the database grew by per
game, and the results file compared byte for byte between runs
(``python -m bench --only jobs``).

Each run is a fresh deployment: gunicorn (2 workers) on SQLite with its SQLite queue, and
N ``referee worker`` processes; with PostgreSQL and Redis installed, one more run spreads
the job over two instances (two gunicorns, one worker each) sharing one PostgreSQL and
one Redis. The archive is uploaded from disk as a stream.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import requests

from bench.games import iter_lines

GiB = 1024**3


def _rss_kib(pid: int) -> int:
    """Peak resident memory of a process so far (VmHWM)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process (all its threads) so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime


def _settled_cpu_s(pid: int, *, idle_s: float = 0.05, wait_s: float = 120.0) -> float:
    """A started worker's CPU seconds once it has finished starting (imports, migration
    check: its CPU time stops growing), so that the start is not counted as games' CPU."""
    end = time.monotonic() + wait_s
    before = _cpu_s(pid)
    while time.monotonic() < end:
        time.sleep(0.5)
        now = _cpu_s(pid)
        if now - before < idle_s:
            return now
        before = now
    return before


def _stored_bytes(database_url: str) -> int:
    """What the database takes: PostgreSQL's own count, else SQLite's files."""
    if database_url.startswith("postgresql"):
        from sqlalchemy import create_engine, text

        engine = create_engine(database_url)
        try:
            with engine.connect() as conn:
                return int(
                    conn.execute(text("SELECT pg_database_size(current_database())")).one()[0]
                )
        finally:
            engine.dispose()
    path = Path(database_url.removeprefix("sqlite:///"))
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def _table_bytes(database_url: str) -> dict[str, int]:
    """PostgreSQL: each table's bytes with its indexes and TOAST (``pg_total_relation_size``);
    SQLite keeps all tables in one file: {}."""
    if not database_url.startswith("postgresql"):
        return {}
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c "
                    "JOIN pg_namespace n ON n.oid = c.relnamespace "
                    "WHERE c.relkind = 'r' AND n.nspname = 'public'"
                )
            ).all()
            return {str(name): int(size) for name, size in rows}
    finally:
        engine.dispose()


def inprocess_cpu_ms(archive: Path, records: int = 10_000) -> float:
    """CPU ms per game of ruling the archive's first ``records`` lines in this process, as a
    worker rules a chunk's lines (``rule_job_line``), without queue or database: taken
    just before the workers run, it tells their overhead apart from the machine's load."""
    from referee.core.ruleset import RuleSet
    from referee.service.lines import rule_job_line

    with archive.open(encoding="utf-8") as f:
        lines = [line.rstrip("\n") for _, line in zip(range(records), f, strict=False)]
    rules = RuleSet()
    t0 = time.thread_time()
    for no, text in enumerate(lines, start=1):
        rule_job_line((no, text), iss=True, lang="en", default=rules)
    return (time.thread_time() - t0) * 1000 / len(lines)


def write_archive(path: Path, docs: list[dict[str, Any]], total: int) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for line in iter_lines(docs, total, iss=True):
            out.write(line + "\n")
    return path


def _run(
    archive: Path,
    records: int,
    *,
    workers: int,
    instances: int = 1,
    urls: tuple[str, str | None] | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """One job over ``archive`` on a fresh deployment; timings, memory, results digest."""
    from referee.service.keys import KeyService
    from referee.storage.backend import SqlBackend
    from tests.support.stack import instance, job_env, start_worker, stop

    tmp = Path(tempfile.mkdtemp(prefix="referee-jobs-bench-"))
    database_url, redis_url = urls or (f"sqlite:///{tmp / 'referee.db'}", None)
    backend = SqlBackend(database_url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", f"bench {time.time()}")
    backend.dispose()
    extra = {
        "REFEREE_JOB_CHUNK_RECORDS": "500",
        "REFEREE_JOB_LEASE_S": "300",
        "REFEREE_JOB_REAP_INTERVAL_S": "5",
        "REFEREE_JOB_MAX_BYTES": str(4 * GiB),
    }
    if redis_url:
        extra["REDIS_URL"] = redis_url
    env = job_env(database_url, tmp, **extra)
    stack = contextlib.ExitStack()
    servers = [stack.enter_context(instance(env, tmp)) for _ in range(instances)]
    procs = [start_worker(env, tmp) for _ in range(workers)]
    cpu_start = {p.pid: _settled_cpu_s(p.pid) for p in procs}
    stored_before = _stored_bytes(database_url)
    tables_before = _table_bytes(database_url)
    headers = {"Authorization": f"Bearer {secret}"}
    peak = {p.pid: 0 for p in procs}
    stop_sampling = threading.Event()

    def sample() -> None:
        while not stop_sampling.wait(0.5):
            for p in procs:
                peak[p.pid] = max(peak[p.pid], _rss_kib(p.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        t0 = time.perf_counter()
        with archive.open("rb") as body:
            r = requests.post(
                servers[0] + "/v1/jobs?lang=en",
                data=body,
                headers={**headers, "Content-Type": "text/x-iss-sgf"},
                timeout=3600,
            )
        r.raise_for_status()
        uploaded = time.perf_counter() - t0
        # progress is read from the other instance, when there is one
        job_url = servers[-1] + r.headers["Location"]
        seen = 0
        last_print = 0.0
        while True:
            job = requests.get(job_url, headers=headers, timeout=60).json()
            seen = job["progress"]["records_done"]
            if progress and time.perf_counter() - last_print > 30:
                rate = job["progress"]["records_per_s"]
                print(f"    jobs: {seen:,}/{records:,} records, {rate} records/s", flush=True)
                last_print = time.perf_counter()
            if job["state"] == "done":
                break
            time.sleep(0.5)
        elapsed = time.perf_counter() - t0
        cpu = sum(_cpu_s(p.pid) - cpu_start[p.pid] for p in procs)
        stored = _stored_bytes(database_url) - stored_before
        tables = _table_bytes(database_url)
        by_table = {
            name: (size - tables_before.get(name, 0)) / records for name, size in tables.items()
        }
        digest = hashlib.sha256()
        size = 0
        with requests.get(servers[0] + job["results"], headers=headers, stream=True) as out:
            for block in out.iter_content(1 << 20):
                digest.update(block)
                size += len(block)
        for p in procs:
            peak[p.pid] = max(peak[p.pid], _rss_kib(p.pid))
    finally:
        stop_sampling.set()
        for p in procs:
            stop(p)
        stack.close()
        shutil.rmtree(tmp, ignore_errors=True)
    ruling = elapsed - uploaded
    return {
        "records": job["records"],
        "seen": seen,
        "upload_s": uploaded,
        "total_s": elapsed,
        "records_per_s": records / ruling if ruling > 0 else 0.0,
        "peak_rss_mib": max(peak.values()) / 1024,
        "cpu_ms_per_game": cpu * 1000 / records,
        "games_per_cpu_s": records / cpu if cpu else 0.0,
        "stored_bytes_per_game": stored / records,
        "table_bytes_per_game": {k: v for k, v in by_table.items() if v},
        "sha256": digest.hexdigest(),
        "results_bytes": size,
    }


def run(
    docs: list[dict[str, Any]], records: int, *, million: bool = False
) -> dict[str, dict[str, Any]]:
    """1 and 2 workers on the embedded default; two instances on PostgreSQL + Redis when
    both are installed; with ``million``, 1,000,000 records on 2 workers."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as d:
        archive = write_archive(Path(d) / "archive.sgf", docs, records)
        out["in-process"] = {"cpu_ms_per_game": inprocess_cpu_ms(archive)}
        out["1 worker"] = _run(archive, records, workers=1)
        out["2 workers"] = _run(archive, records, workers=2)
        shared = _shared_servers()
        if shared is not None:
            urls, stop_all = shared
            try:
                out["2 instances (PostgreSQL, Redis)"] = _run(
                    archive, records, workers=2, instances=2, urls=urls
                )
            finally:
                stop_all()
        if million:
            big = write_archive(Path(d) / "million.sgf", docs, 1_000_000)
            out["1,000,000 records, 2 workers"] = _run(big, 1_000_000, workers=2, progress=True)
    return out


def _shared_servers() -> tuple[tuple[str, str | None], Any] | None:
    from tests.support.pg_server import PgServer, find_bindir

    bindir = find_bindir()
    redis_bin = shutil.which("redis-server")
    if bindir is None or redis_bin is None:
        return None
    import subprocess

    from tests.support.pg_server import free_port

    pg = PgServer(bindir)
    url = pg.start()
    port = free_port()
    redis = subprocess.Popen(
        [redis_bin, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(0.5)

    def stop_all() -> None:
        redis.terminate()
        redis.wait()
        pg.stop()

    return (url, f"redis://127.0.0.1:{port}"), stop_all


def fairness(docs: list[dict[str, Any]], records: int) -> dict[str, float]:
    """One owner's job of ``records`` records, then another owner's job of one record on
    the same two workers: how long the small one takes from its upload to done, and that
    time in chunks (500 records) at the rate the large job is being ruled."""
    from referee.service.keys import KeyService
    from referee.storage.backend import SqlBackend
    from tests.support.stack import instance, job_env, start_worker, stop

    tmp = Path(tempfile.mkdtemp(prefix="referee-fair-bench-"))
    url = f"sqlite:///{tmp / 'referee.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    keys = KeyService(backend.unit_of_work)
    big = {"Authorization": f"Bearer {keys.create('platform', 'large')[1]}"}
    small = {"Authorization": f"Bearer {keys.create('platform', 'small')[1]}"}
    backend.dispose()
    env = job_env(url, tmp, REFEREE_JOB_CHUNK_RECORDS="500", REFEREE_JOB_MAX_BYTES=str(GiB))
    iss = {"Content-Type": "text/x-iss-sgf"}
    archive = write_archive(tmp / "large.sgf", docs, records)
    one = "".join(line + "\n" for line in iter_lines(docs, 1, iss=True)).encode()
    with instance(env, tmp) as base:
        procs = [start_worker(env, tmp) for _ in range(2)]
        try:
            with archive.open("rb") as body:
                r = requests.post(base + "/v1/jobs", data=body, headers={**big, **iss}, timeout=600)
            r.raise_for_status()
            large_url = base + r.headers["Location"]
            while (
                requests.get(large_url, headers=big, timeout=60).json()["progress"]["chunks_done"]
                < 2
            ):
                time.sleep(0.2)
            t0 = time.perf_counter()
            r = requests.post(base + "/v1/jobs", data=one, headers={**small, **iss}, timeout=60)
            r.raise_for_status()
            small_url = base + r.headers["Location"]
            while requests.get(small_url, headers=small, timeout=60).json()["state"] != "done":
                time.sleep(0.05)
            waited = time.perf_counter() - t0
            rate = requests.get(large_url, headers=big, timeout=60).json()["progress"][
                "records_per_s"
            ]
        finally:
            for p in procs:
                stop(p)
    shutil.rmtree(tmp, ignore_errors=True)
    chunk_s = 500 / rate if rate else 0.0
    return {
        "small_done_s": waited,
        "chunk_s": chunk_s,
        "chunks": waited / chunk_s if chunk_s else 0,
    }
