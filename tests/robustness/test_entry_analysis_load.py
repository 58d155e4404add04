"""The entry form's analysis cannot take the service from /health and ordinary disputes.

Real gunicorn with the project's configuration (threaded workers, the analysis gate, no
per-key node budget, so that the bound of each analysis is what is measured): twenty
console sessions of one referee key post a hardest-case half-entered deal to
``/console/entry/analyse`` as fast as they are answered (before, each such analysis ruled
its completions in full: seconds of CPU on a request thread, and twenty sessions held
every thread of the server for a minute). Meanwhile ``/health`` is asked every 0.2 s and
ordinary disputes are ruled; every probe and dispute must be answered within a few
seconds, and the analyses say they were cut short rather than queue.
"""

from __future__ import annotations

import json
import re
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import Served
from tests.support.service import example
from tests.web.test_entry import _heavy_draft

pytestmark = pytest.mark.slow

SESSIONS = 20
RUN_S = 12.0
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
DATA_CSRF = re.compile(r'data-csrf="([^"]+)"')


class Gunicorn(Served):
    def __init__(self, tmp: Path) -> None:
        url = f"sqlite:///{tmp / 'entry.db'}"
        backend = SqlBackend(url)
        backend.migrate()
        _key, self.secret = KeyService(backend.unit_of_work).create("referee", "club")
        backend.dispose()
        super().__init__(
            url,
            tmp,
            ready_s=240,
            REFEREE_RATE_LIMIT="1000000 per minute",
            REFEREE_HEAVY_BUDGET="",
            REFEREE_ANALYSIS_LOCK=str(tmp / "analysis.lock"),
            REFEREE_SECRET_KEY="test",
        )


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Gunicorn]:
    g = Gunicorn(tmp_path)
    try:
        yield g
    finally:
        g.stop()


def _signed_in(base: str, secret: str) -> tuple[requests.Session, str]:
    s = requests.Session()
    page = s.get(base + "/console/sign-in", timeout=30).text
    token = CSRF.search(page)
    assert token, "no CSRF token on the sign-in page"
    r = s.post(
        base + "/console/sign-in",
        data={"csrf": token.group(1), "api_key": secret},
        allow_redirects=False,
        timeout=30,
    )
    assert r.status_code == 302, r.text[:500]
    entry = s.get(base + "/console/disputes/enter", timeout=30).text
    found = DATA_CSRF.search(entry)
    assert found, "no CSRF token on the entry page"
    return s, found.group(1)


def test_twenty_sessions_analysing_a_crafted_draft_leave_health_and_disputes_answered(
    served: Gunicorn,
) -> None:
    draft, _nodes, _knowledge = _heavy_draft()
    body = json.dumps(draft)
    sessions = [_signed_in(served.base, served.secret) for _ in range(SESSIONS)]
    stop = threading.Event()
    analyses: list[tuple[float, dict[str, Any]]] = []
    health: list[float] = []
    disputes: list[tuple[float, int]] = []

    def analyse(s: requests.Session, csrf: str) -> None:
        headers = {"Content-Type": "application/json", "X-CSRF-Token": csrf}
        while not stop.is_set():
            t = time.monotonic()
            r = s.post(
                served.base + "/console/entry/analyse", data=body, headers=headers, timeout=120
            )
            assert r.status_code == 200, r.text[:500]
            analyses.append((time.monotonic() - t, r.json()["knowledge"]))

    def probe() -> None:
        while not stop.is_set():
            t = time.monotonic()
            assert requests.get(served.base + "/health", timeout=120).status_code == 200
            health.append(time.monotonic() - t)
            time.sleep(0.2)

    def dispute() -> None:
        record = json.dumps({"record": example("suit-game-clean")})
        headers = {"Authorization": f"Bearer {served.secret}", "Content-Type": "application/json"}
        while not stop.is_set():
            t = time.monotonic()
            r = requests.post(
                served.base + "/v1/disputes", data=record, headers=headers, timeout=120
            )
            disputes.append((time.monotonic() - t, r.status_code))
            time.sleep(0.2)

    threads = [threading.Thread(target=analyse, args=s) for s in sessions]
    threads += [threading.Thread(target=probe), threading.Thread(target=dispute)]
    for t in threads:
        t.start()
    time.sleep(RUN_S)
    stop.set()
    for t in threads:
        t.join()
    slowest = max(health)
    print(
        f"\n{len(analyses)} analyses in {RUN_S:g} s by {SESSIONS} sessions (median "
        f"{statistics.median(a for a, _ in analyses):.2f} s, "
        f"{sum(1 for _, k in analyses if k['cut_short'])} cut short); /health: {len(health)} "
        f"probes, median {statistics.median(health) * 1000:.0f} ms, slowest {slowest:.2f} s; "
        f"{len(disputes)} disputes, slowest {max(d for d, _ in disputes):.2f} s"
    )
    assert analyses and all(k["verdict"] in {"same", "cut_short"} for _, k in analyses)
    assert {code for _, code in disputes} == {201}
    assert slowest < 5.0, health  # before: up to a minute
    assert max(d for d, _ in disputes) < 10.0
