"""Hardest-case disputes do not starve ordinary traffic.

Real gunicorn with the project's configuration (threaded workers, the analysis gate).
Ordinary clients post clean records to ``/v1/adjudications`` all along; five clients
keep a hardest-case dispute each in flight (records from ``tests/support/heavy.py``:
schneider questions after a revoke and null claims at trick 1 on hill-climbed positions)
in some windows and are idle in the others. Ordinary throughput in each window with them
is compared with the windows without them on either side (the same run, a few seconds
apart, so a machine whose load drifts compares like with like); the median of those
ratios must be one half or more. Bounded in time: about a minute.
"""

from __future__ import annotations

import json
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import Served
from tests.support.heavy import heavy_records
from tests.support.service import example

ROOT = Path(__file__).resolve().parents[2]
HEAVY_IN_FLIGHT = 5
ORDINARY_CLIENTS = 8
WINDOW_S = 2.0
#: windows with the heavy disputes in flight, each between two windows without them
CYCLES = 5


class Gunicorn(Served):
    """The project's configuration (all its workers) with the analysis gate on."""

    def __init__(self, tmp: Path) -> None:
        url = f"sqlite:///{tmp / 'heavy.db'}"
        backend = SqlBackend(url)
        backend.migrate()
        _key, secret = KeyService(backend.unit_of_work).create("platform", "load test")
        backend.dispose()
        self.headers = {"Authorization": f"Bearer {secret}"}
        try:
            super().__init__(
                url,
                tmp,
                REFEREE_RATE_LIMIT="1000000 per minute",
                REFEREE_HEAVY_BUDGET="",  # the gate alone is measured here
                # all five wait for the runner however the workers took them (the bound
                # on waiting requests: tests/robustness/test_heavy_disputes_health.py)
                REFEREE_LONG_SEARCH_WAITING="5",
                REFEREE_ANALYSIS_LOCK=str(tmp / "analysis.lock"),
            )
        except RuntimeError as e:
            pytest.fail(str(e))


@pytest.fixture
def gunicorn(tmp_path: Path) -> Iterator[Gunicorn]:
    g = Gunicorn(tmp_path)
    try:
        yield g
    finally:
        g.stop()


class Traffic:
    """Ordinary clients posting all along (each answer's time and status kept) and five
    heavy clients that post hardest-case disputes only while ``heavy`` is set."""

    def __init__(self, g: Gunicorn) -> None:
        self.g = g
        self.stop = threading.Event()
        self.heavy = threading.Event()
        self.ordinary: list[tuple[float, int]] = []
        self.heavy_codes: list[int] = []
        #: what a client could not post (it stops then), said by wait_in_flight
        self.errors: list[str] = []
        self.in_flight = 0
        self._lock = threading.Lock()
        headers = {**g.headers, "Content-Type": "application/json"}
        ordinary = json.dumps(example("suit-game-clean")).encode()
        heavy = [json.dumps({"record": r, "note": "crafted"}).encode() for r in heavy_records()]
        assert len(heavy) >= HEAVY_IN_FLIGHT
        self.threads = [
            threading.Thread(target=self._post_ordinary, args=(ordinary, headers))
            for _ in range(ORDINARY_CLIENTS)
        ] + [
            threading.Thread(target=self._post_heavy, args=(heavy[i], headers))
            for i in range(HEAVY_IN_FLIGHT)
        ]

    def _post_ordinary(self, body: bytes, headers: dict[str, str]) -> None:
        with requests.Session() as s:
            while not self.stop.is_set():
                r = s.post(
                    self.g.base + "/v1/adjudications", data=body, headers=headers, timeout=120
                )
                self.ordinary.append((time.monotonic(), r.status_code))

    def _post_heavy(self, body: bytes, headers: dict[str, str]) -> None:
        # a new connection for each dispute: between the windows a heavy client is idle
        # for about as long as gunicorn keeps an idle connection open (keepalive, 2 s), and
        # a request sent on a connection the server is closing that moment is lost
        while not self.stop.is_set():
            if not self.heavy.wait(0.05):
                continue
            with self._lock:
                self.in_flight += 1
            try:
                r = requests.post(
                    self.g.base + "/v1/disputes", data=body, headers=headers, timeout=120
                )
            except requests.RequestException as e:
                self.errors.append(repr(e))
                return
            finally:
                with self._lock:
                    self.in_flight -= 1
            self.heavy_codes.append(r.status_code)

    def wait_in_flight(self, wanted: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self.in_flight != wanted:
            assert not self.errors, self.errors
            assert time.monotonic() < deadline, f"{self.in_flight} heavy in flight, not {wanted}"
            time.sleep(0.02)

    def window(self) -> float:
        """Ordinary requests/s over the next WINDOW_S seconds."""
        start = time.monotonic()
        time.sleep(WINDOW_S)
        end = time.monotonic()
        return sum(1 for t, _ in list(self.ordinary) if start <= t < end) / (end - start)


def test_hardest_disputes_in_flight_leave_half_the_ordinary_throughput(gunicorn: Gunicorn) -> None:
    traffic = Traffic(gunicorn)
    for t in traffic.threads:
        t.start()
    alone: list[float] = []
    loaded: list[float] = []
    try:
        time.sleep(1.0)  # warm up
        for _ in range(CYCLES):
            alone.append(traffic.window())
            traffic.heavy.set()
            traffic.wait_in_flight(HEAVY_IN_FLIGHT, timeout=10)
            time.sleep(0.5)  # the hardest disputes are being ruled now
            loaded.append(traffic.window())
            traffic.heavy.clear()
            traffic.wait_in_flight(0, timeout=60)
        alone.append(traffic.window())
    finally:
        traffic.heavy.clear()
        traffic.stop.set()
        for t in traffic.threads:
            t.join()
    ratios = [during / ((alone[i] + alone[i + 1]) / 2) for i, during in enumerate(loaded)]
    ratio = statistics.median(ratios)
    print(
        f"\nordinary POST /v1/adjudications, req/s: alone {[round(a) for a in alone]}, with "
        f"{HEAVY_IN_FLIGHT} hardest disputes in flight {[round(x) for x in loaded]}; "
        f"ratios {[f'{r:.0%}' for r in ratios]}, median {ratio:.0%}; "
        f"{len(traffic.heavy_codes)} hardest disputes ruled meanwhile"
    )
    assert not traffic.errors, traffic.errors
    assert {code for _, code in traffic.ordinary} == {200}
    assert traffic.heavy_codes and set(traffic.heavy_codes) == {201}, set(traffic.heavy_codes)
    assert min(alone) > 0
    assert ratio >= 0.5, ratios
