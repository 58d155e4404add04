"""Hardest-case disputes do not starve ordinary traffic (issue 13).

Real gunicorn with the project's configuration (threaded workers, the analysis gate).
Five clients keep a hardest-case dispute each in flight (records from
``tests/support/heavy.py``: schneider questions after a revoke and null claims at trick 1
on hill-climbed positions) while ordinary clients post clean records to
``/v1/adjudications``. Ordinary throughput must stay at half of what it is without them
or more. Bounded in time: about 15 seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.heavy import heavy_records
from tests.support.pg_server import free_port
from tests.support.service import example

ROOT = Path(__file__).resolve().parents[2]
HEAVY_IN_FLIGHT = 5
ORDINARY_CLIENTS = 8
WINDOW_S = 4.0


class Gunicorn:
    def __init__(self, tmp: Path) -> None:
        url = f"sqlite:///{tmp / 'heavy.db'}"
        backend = SqlBackend(url)
        backend.migrate()
        _key, secret = KeyService(backend.unit_of_work).create("platform", "load test")
        backend.dispose()
        self.headers = {"Authorization": f"Bearer {secret}"}
        self.base = f"http://127.0.0.1:{free_port()}"
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "REFEREE_RATE_LIMIT": "1000000 per minute",
            "REFEREE_ANALYSIS_LOCK": str(tmp / "analysis.lock"),
        }
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                str(ROOT / "gunicorn.conf.py"),
                "--bind",
                self.base.removeprefix("http://"),
                "--access-logfile",
                "/dev/null",
                "referee.wsgi:app",
            ],
            env=env,
            cwd=tmp,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(300):
            try:
                if requests.get(self.base + "/health", timeout=2).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        self.proc.kill()
        pytest.fail("gunicorn did not start")


@pytest.fixture
def gunicorn(tmp_path: Path) -> Iterator[Gunicorn]:
    g = Gunicorn(tmp_path)
    try:
        yield g
    finally:
        g.proc.terminate()
        try:
            g.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            g.proc.kill()


def _hammer(url: str, body: bytes, headers: dict[str, str], stop: threading.Event, out: list):
    """POST ``body`` to ``url`` until ``stop``; append each status code to ``out``."""
    with requests.Session() as s:
        while not stop.is_set():
            r = s.post(url, data=body, headers=headers, timeout=120)
            out.append(r.status_code)


def _ordinary_rps(g: Gunicorn, body: bytes) -> float:
    """Requests/s of ordinary clients over the window."""
    stop = threading.Event()
    codes: list[int] = []
    headers = {**g.headers, "Content-Type": "application/json"}
    threads = [
        threading.Thread(
            target=_hammer, args=(g.base + "/v1/adjudications", body, headers, stop, codes)
        )
        for _ in range(ORDINARY_CLIENTS)
    ]
    for t in threads:
        t.start()
    time.sleep(0.5)  # warm up
    start = len(codes)
    time.sleep(WINDOW_S)
    done = len(codes) - start
    stop.set()
    for t in threads:
        t.join()
    assert set(codes) == {200}, set(codes)
    return done / WINDOW_S


def test_hardest_disputes_in_flight_leave_half_the_ordinary_throughput(gunicorn: Gunicorn) -> None:
    ordinary = json.dumps(example("suit-game-clean")).encode()
    heavy = [json.dumps({"record": r, "note": "crafted"}).encode() for r in heavy_records()]
    assert len(heavy) >= HEAVY_IN_FLIGHT
    before = _ordinary_rps(gunicorn, ordinary)

    stop = threading.Event()
    heavy_codes: list[int] = []
    headers = {**gunicorn.headers, "Content-Type": "application/json"}
    attackers = [
        threading.Thread(
            target=_hammer,
            args=(gunicorn.base + "/v1/disputes", heavy[i], headers, stop, heavy_codes),
        )
        for i in range(HEAVY_IN_FLIGHT)
    ]
    for t in attackers:
        t.start()
    try:
        time.sleep(1.0)  # the hardest disputes are being ruled now
        during = _ordinary_rps(gunicorn, ordinary)
    finally:
        stop.set()
        for t in attackers:
            t.join()
    print(
        f"\nordinary POST /v1/adjudications: {before:.0f} req/s alone, {during:.0f} req/s with "
        f"{HEAVY_IN_FLIGHT} hardest disputes in flight ({during / before:.0%}); "
        f"{len(heavy_codes)} hardest disputes ruled meanwhile"
    )
    assert heavy_codes and set(heavy_codes) == {201}, set(heavy_codes)
    assert during >= 0.5 * before
