"""Memory of a web worker while it takes a large job upload (``python -m bench --only upload``).

One gunicorn with one web worker (so the upload lands on the process measured) and no
job workers: the job is only stored. The archive is written to disk first and sent as a
stream; the worker's resident memory is read before the upload (``VmRSS``) and its peak
(``VmHWM``, the kernel's high-water mark, so no sampling can miss it) once it is stored.
On PostgreSQL too when its server binaries are installed.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from bench.games import iter_lines

MiB = 1024**2


def _status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def write_archive(path: Path, docs: list[dict[str, Any]], size_bytes: int) -> int:
    """ISS lines cycling over ``docs`` until the file holds ``size_bytes``; its records."""
    records = 0
    written = 0
    with path.open("w", encoding="utf-8") as out:
        while written < size_bytes:
            for line in iter_lines(docs, len(docs), iss=True):
                out.write(line + "\n")
                written += len(line) + 1
                records += 1
                if written >= size_bytes:
                    break
    return records


def split_lines(archive: Path, folder: Path, *, parts: int) -> list[Path]:
    """``archive`` cut between lines into ``parts`` files of about equal size."""
    size = -(-archive.stat().st_size // parts)
    out: list[Path] = []
    with archive.open("rb") as source:
        line = source.readline()
        while line:
            piece = folder / f"part-{len(out):02d}"
            out.append(piece)
            with piece.open("wb") as sink:
                written = 0
                while line and written < size:
                    sink.write(line)
                    written += len(line)
                    line = source.readline()
    return out


def _measure(
    archive: Path, database_url: str, tmp: Path, send: Callable[[str, dict[str, str]], Any]
) -> dict[str, Any]:
    from referee.service.keys import KeyService
    from referee.storage.backend import SqlBackend
    from tests.support.gunicorn import TEST_ENV, Served

    backend = SqlBackend(database_url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", f"upload {time.time()}")
    backend.dispose()
    served = Served(
        database_url,
        tmp,
        workers=1,
        **TEST_ENV,
        REFEREE_QUEUE_PATH=str(tmp / "queue.db"),
        REFEREE_JOB_MAX_BYTES=str(archive.stat().st_size + MiB),
    )
    try:
        (pid,) = served.workers(1)
        headers = {"Authorization": f"Bearer {secret}", "Content-Type": "text/x-iss-sgf"}
        # one small job first: what the first upload imports and caches is the baseline
        requests.post(
            served.base + "/v1/jobs",
            data=archive.open("rb").read(4096).rsplit(b"\n", 1)[0],
            headers=headers,
            timeout=60,
        ).raise_for_status()
        before = _status_kib(pid, "VmRSS")
        t0 = time.perf_counter()
        job = send(served.base, headers)
        seconds = time.perf_counter() - t0
        peak = _status_kib(pid, "VmHWM")
        after = _status_kib(pid, "VmRSS")
    finally:
        served.stop()
    return {
        "records": job["records"],
        "seconds": seconds,
        "before_mib": before / 1024,
        "peak_mib": peak / 1024,
        "after_mib": after / 1024,
    }


def run(docs: list[dict[str, Any]], size_mib: int = 200) -> dict[str, dict[str, Any]]:
    """The upload of a ``size_mib`` archive in one request, on SQLite and (when installed)
    PostgreSQL, and in four parts on SQLite: the web worker's memory before, at its peak
    and after."""
    from tests.support.pg_server import PgServer, find_bindir

    out: dict[str, dict[str, Any]] = {}
    tmp = Path(tempfile.mkdtemp(prefix="referee-upload-bench-"))
    try:
        archive = tmp / "archive.sgf"
        records = write_archive(archive, docs, size_mib * MiB)

        def whole(base: str, headers: dict[str, str]) -> Any:
            with archive.open("rb") as body:
                r = requests.post(base + "/v1/jobs", data=body, headers=headers, timeout=3600)
            r.raise_for_status()
            return r.json()

        out["SQLite"] = _measure(archive, f"sqlite:///{tmp / 'referee.db'}", tmp, whole)
        pieces = split_lines(archive, tmp, parts=4)

        def in_parts(base: str, headers: dict[str, str]) -> Any:
            job: Any = None
            for k, piece in enumerate(pieces):
                if k == 0:
                    url = base + "/v1/jobs?open=true"
                else:
                    last = "?last=true" if k == len(pieces) - 1 else ""
                    url = f"{base}/v1/jobs/{job['id']}/parts{last}"
                with piece.open("rb") as body:
                    r = requests.post(url, data=body, headers=headers, timeout=3600)
                r.raise_for_status()
                job = r.json()
            return job

        out[f"SQLite, in {len(pieces)} parts"] = _measure(
            archive, f"sqlite:///{tmp / 'parts.db'}", tmp, in_parts
        )
        bindir = find_bindir()
        if bindir is not None:
            pg = PgServer(bindir)
            try:
                out["PostgreSQL"] = _measure(archive, pg.start(), tmp, whole)
            finally:
                pg.stop()
        for r in out.values():
            r["expected"] = records
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out
