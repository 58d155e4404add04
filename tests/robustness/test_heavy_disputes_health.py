"""More hardest-case disputes in flight than the server has request threads leave
``/health`` and ordinary disputes answered.

Real gunicorn with the project's configuration (threaded workers, the analysis gate, no
per-key node budget: many platforms together, each within its own budget, are what is
measured). Forty clients keep a hardest-case dispute each in flight (records from
``tests/support/heavy.py``), twice the request threads of the default five workers of
four threads. Meanwhile ``/health`` is asked every 0.2 s and an ordinary dispute is
posted every 0.2 s; every probe and every ordinary dispute must be answered within a few
seconds, and every hardest dispute must be ruled or told when to come back (503 with
Retry-After, which the clients follow; never a cut-short ruling, never a server error).
Before, every one of them waited for the machine's one long search at a time on a
request thread: all twenty threads were taken and ``/health`` waited about ten seconds.
"""

from __future__ import annotations

import json
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import Served
from tests.support.heavy import heavy_records
from tests.support.service import example

pytestmark = pytest.mark.slow

HEAVY_CLIENTS = 40
RUN_S = 15.0


class Gunicorn(Served):
    def __init__(self, tmp: Path) -> None:
        url = f"sqlite:///{tmp / 'heavy-health.db'}"
        backend = SqlBackend(url)
        backend.migrate()
        _key, secret = KeyService(backend.unit_of_work).create("platform", "load test")
        backend.dispose()
        self.headers = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
        try:
            super().__init__(
                url,
                tmp,
                workers=5,
                ready_s=240,
                REFEREE_RATE_LIMIT="1000000 per minute",
                REFEREE_HEAVY_BUDGET="",
                REFEREE_ANALYSIS_LOCK=str(tmp / "analysis.lock"),
                GUNICORN_THREADS="4",
            )
        except RuntimeError as e:
            pytest.fail(str(e))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Gunicorn]:
    g = Gunicorn(tmp_path)
    try:
        yield g
    finally:
        g.stop()


def test_more_hardest_disputes_than_threads_leave_health_and_disputes_answered(
    served: Gunicorn,
) -> None:
    heavy = [json.dumps({"record": r, "note": "crafted"}) for r in heavy_records()]
    stop = threading.Event()
    heavy_codes: list[int] = []
    health: list[float] = []
    disputes: list[tuple[float, int]] = []

    errors: list[BaseException] = []

    def kept(work: Callable[..., None]) -> Callable[..., None]:
        """A client thread's failure fails the test (a thread's own would only warn)."""

        def run(*args: Any) -> None:
            try:
                work(*args)
            except BaseException as e:  # noqa: BLE001 - reported below
                errors.append(e)
                stop.set()

        return run

    @kept
    def post_heavy(body: str) -> None:
        while not stop.is_set():
            # a connection each: one kept alive may be closed by the server just as a
            # client that waited Retry-After sends on it
            r = requests.post(
                served.base + "/v1/disputes", data=body, headers=served.headers, timeout=300
            )
            heavy_codes.append(r.status_code)
            if r.status_code != 201:  # told when to come back, as a client would
                stop.wait(float(r.headers["Retry-After"]))

    @kept
    def probe() -> None:
        while not stop.is_set():
            t = time.monotonic()
            assert requests.get(served.base + "/health", timeout=300).status_code == 200
            health.append(time.monotonic() - t)
            time.sleep(0.2)

    @kept
    def dispute() -> None:
        record = json.dumps({"record": example("suit-game-clean")})
        while not stop.is_set():
            t = time.monotonic()
            r = requests.post(
                served.base + "/v1/disputes", data=record, headers=served.headers, timeout=300
            )
            disputes.append((time.monotonic() - t, r.status_code))
            time.sleep(0.2)

    threads = [
        threading.Thread(target=post_heavy, args=(heavy[i % len(heavy)],))
        for i in range(HEAVY_CLIENTS)
    ]
    threads += [threading.Thread(target=probe), threading.Thread(target=dispute)]
    for t in threads:
        t.start()
    time.sleep(RUN_S)
    stop.set()
    for t in threads:
        t.join()
    assert not errors, errors
    slowest = max(health)
    slowest_dispute = max(d for d, _ in disputes)
    print(
        f"\n{HEAVY_CLIENTS} clients with a hardest dispute in flight: "
        f"{sum(1 for c in heavy_codes if c == 201)} ruled, "
        f"{sum(1 for c in heavy_codes if c != 201)} told to come back; /health: "
        f"{len(health)} probes, median {statistics.median(health) * 1000:.0f} ms, slowest "
        f"{slowest:.2f} s; {len(disputes)} ordinary disputes, slowest {slowest_dispute:.2f} s"
    )
    assert set(heavy_codes) <= {201, 503}, set(heavy_codes)
    assert {code for _, code in disputes} == {201}
    assert slowest < 5.0, health
    assert slowest_dispute < 10.0, disputes
