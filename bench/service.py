"""The REST service under gunicorn on loopback, loaded by wrk (or a threaded client).

Every server listens on 127.0.0.1 only; every load run is bounded in time and requests.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
GUNICORN_CONF = ROOT / "gunicorn.conf.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def workers() -> int:
    """gunicorn's worker count as the project's config sets it: 2 x CPUs + 1."""
    return (os.cpu_count() or 1) * 2 + 1


@contextmanager
def gunicorn(app: str, env: dict[str, str], cwd: Path) -> Iterator[str]:
    """A gunicorn with the project's config on a free loopback port; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            str(GUNICORN_CONF),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers()),
            "--access-logfile",
            "/dev/null",
            app,
        ],
        env={**os.environ, **env, "PYTHONPATH": str(ROOT)},
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                requests.get(base + "/health", timeout=2)
                break
            except requests.RequestException:
                time.sleep(0.2)
        else:
            raise RuntimeError(f"gunicorn for {app} did not start")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


_WRK_LUA = """
wrk.method = "POST"
wrk.body = io.open("{body}", "rb"):read("*a")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer {secret}"
"""


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[unit]


def load_wrk(
    url: str, body: bytes | None, secret: str, *, seconds: int, connections: int
) -> dict[str, float]:
    """Requests/s and latency percentiles from wrk (time-bounded); GET without a body."""
    with tempfile.TemporaryDirectory() as tmp:
        body_path = Path(tmp) / "body.json"
        body_path.write_bytes(body or b"")
        script = Path(tmp) / "post.lua"
        lua = _WRK_LUA.format(body=body_path, secret=secret)
        if body is None:
            lua = f'wrk.method = "GET"\nwrk.headers["Authorization"] = "Bearer {secret}"\n'
        script.write_text(lua)
        out = subprocess.run(
            [
                "wrk",
                "-t2",
                f"-c{connections}",
                f"-d{seconds}s",
                "--latency",
                "-s",
                str(script),
                url,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
        ).stdout
    found = re.search(r"Requests/sec:\s+([\d.]+)", out)
    pct = dict(re.findall(r"^\s+(\d+)%\s+(\S+)\s*$", out, re.M))
    if found is None or "50" not in pct or "99" not in pct:
        raise RuntimeError(f"unexpected wrk output:\n{out}")
    rps = float(found.group(1))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*", out)
    return {
        "rps": rps,
        "p50_ms": _ms(pct["50"]),
        "p99_ms": _ms(pct["99"]),
        "non_2xx": int(bad.group(1)) if bad else 0,
        "socket_errors": errors.group(0) if errors else "",
        "client": "wrk",
    }


def load_threads(
    url: str, body: bytes | None, secret: str, *, seconds: int, connections: int, max_requests: int
) -> dict[str, float]:
    """The same with Python threads (when wrk is not installed)."""
    latencies: list[float] = []
    bad = 0
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"}

    def worker() -> None:
        nonlocal bad
        with requests.Session() as session:
            while time.monotonic() < stop:
                t0 = time.perf_counter()
                if body is None:
                    r = session.get(url, headers=headers, timeout=60)
                else:
                    r = session.post(url, data=body, headers=headers, timeout=60)
                dt = time.perf_counter() - t0
                with lock:
                    if len(latencies) >= max_requests:
                        return
                    latencies.append(dt)
                    bad += r.status_code >= 300

    t0 = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    q = statistics.quantiles(latencies, n=100, method="inclusive")
    return {
        "rps": len(latencies) / wall,
        "p50_ms": q[49] * 1e3,
        "p99_ms": q[98] * 1e3,
        "non_2xx": bad,
        "socket_errors": "",
        "client": "python threads",
    }


def load(url: str, body: bytes | None, secret: str, *, seconds: int, connections: int) -> dict:
    """Warm the workers up for a second, then measure for ``seconds``."""
    if shutil.which("wrk"):
        load_wrk(url, body, secret, seconds=1, connections=connections)
        out = load_wrk(url, body, secret, seconds=seconds, connections=connections)
    else:
        out = load_threads(
            url, body, secret, seconds=seconds, connections=connections, max_requests=200_000
        )
    return {**out, "load": os.getloadavg()[0]}


@contextmanager
def postgres() -> Iterator[str | None]:
    """A throw-away PostgreSQL on loopback (the test helper) with PostgreSQL's durable
    defaults (fsync and synchronous commit on, unlike the tests' server: a dispute is
    on disk when its 201 goes out), or None when not installed."""
    from tests.support.pg_server import PgServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        yield None
        return
    server = PgServer(bindir, durable=True)
    url = server.start()
    try:
        yield url
    finally:
        server.stop()


def _prepare(url: str) -> str:
    """Migrate the database and make a platform key; returns its secret."""
    from referee.service.keys import KeyService
    from referee.storage.backend import SqlBackend

    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", "bench")
    backend.dispose()
    return secret


def run(
    record: dict[str, Any], *, seconds: int = 8, connections: int = 8, rounds: int = 3
) -> list[dict]:
    """Rows: (database, endpoint, rps, p50, p99, ratio to the ceiling).

    The ceiling and ``POST /v1/adjudications`` are measured in alternation, ``rounds``
    times, both servers up at once: each ratio is taken within one pair of runs, and the
    median pair is reported, so a drifting machine does not decide the ratio.
    """
    rows: list[dict[str, Any]] = []
    ruling_body = json.dumps(record).encode()
    dispute_body = json.dumps({"record": record, "note": "bench"}).encode()
    ceilings: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        cwd = Path(tmp)
        with gunicorn("bench.ceiling:app", {}, cwd) as ceiling_base, postgres() as pg_url:
            dbs = [("sqlite", f"sqlite:///{cwd / 'bench.db'}")]
            if pg_url:
                dbs.append(("postgresql", pg_url))
            for db_name, url in dbs:
                secret = _prepare(url)
                env = {"DATABASE_URL": url, "REFEREE_RATE_LIMIT": "10000000 per minute"}
                with gunicorn("referee.wsgi:app", env, cwd) as base:
                    pairs = []
                    triples = []
                    for _ in range(rounds):
                        c = load(
                            ceiling_base + "/echo",
                            ruling_body,
                            "-",
                            seconds=seconds,
                            connections=connections,
                        )
                        a = load(
                            base + "/v1/adjudications",
                            ruling_body,
                            secret,
                            seconds=seconds,
                            connections=connections,
                        )
                        pairs.append((a["rps"] / c["rps"], a, c))
                        # disputes against GET /health under the same gunicorn
                        h = load(
                            base + "/health", None, secret, seconds=seconds, connections=connections
                        )
                        d = load(
                            base + "/v1/disputes",
                            dispute_body,
                            secret,
                            seconds=seconds,
                            connections=connections,
                        )
                        triples.append((d["rps"] / h["rps"], d, h))
                    pairs.sort(key=lambda p: p[0])
                    ratio, adj, ceiling = pairs[len(pairs) // 2]
                    ceilings.append(ceiling)
                    rows.append(
                        {"db": db_name, "endpoint": "POST /v1/adjudications", **adj, "ratio": ratio}
                    )
                    triples.sort(key=lambda t: t[0])
                    to_health, disputes, health = triples[len(triples) // 2]
                    rows.append({"db": db_name, "endpoint": "GET /health", **health, "ratio": 1.0})
                    rows.append(
                        {
                            "db": db_name,
                            "endpoint": "POST /v1/disputes",
                            **disputes,
                            "ratio": disputes["rps"] / ceiling["rps"],
                            "to_health": to_health,
                        }
                    )
    ceilings.sort(key=lambda c: c["rps"])
    ceiling = ceilings[len(ceilings) // 2]
    rows.insert(0, {"db": "-", "endpoint": "bare Flask (ceiling)", **ceiling, "ratio": 1.0})
    return rows
