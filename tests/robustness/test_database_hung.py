"""A PostgreSQL server that stops answering (SIGSTOP), under real gunicorn.

Nothing on a stopped server can enforce its own timeouts, and the kernel still accepts
connections and data for it, so without client-side limits every request waits for ever.
With them: requests that need the database answer 503 (problem+json, Retry-After) and free
their thread, ``/health`` still answers, ``/ready`` says the database is unreachable, and
after SIGCONT the service recovers without a restart.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import Served
from tests.support.pg_server import PgServer, find_bindir
from tests.support.service import example

pytestmark = pytest.mark.postgres

#: a request may take this long before the test calls it hung (the settings below allow
#: ~2 s to connect and ~3 s for one call; a hung request used to wait for ever)
HUNG = 25.0


class Stack:
    """A private PostgreSQL server and gunicorn (2 workers x 4 threads) in front of it."""

    def __init__(self, tmp: Path) -> None:
        bindir = find_bindir()
        if bindir is None:
            pytest.skip("PostgreSQL server binaries not found")
        self.pg = PgServer(bindir)
        self.url = self.pg.start()
        backend = SqlBackend(self.url)
        backend.migrate()
        _key, secret = KeyService(backend.unit_of_work).create("referee", "Club")
        backend.dispose()
        self.headers = {"Authorization": f"Bearer {secret}"}
        try:
            self.served = Served(
                self.url,
                tmp,
                workers=2,
                REFEREE_RATE_LIMIT="100000 per minute",
                REFEREE_DB_CONNECT_TIMEOUT_S="2",
                REFEREE_DB_STATEMENT_TIMEOUT_S="2",
                REFEREE_DB_LOCK_TIMEOUT_S="2",
                GUNICORN_THREADS="4",
            )
        except RuntimeError as e:
            self.pg.stop()
            pytest.fail(str(e))
        self.base = self.served.base
        self.stopped: list[int] = []

    def wait_ready(self, seconds: float) -> bool:
        return self.served.wait_ready(seconds)

    def server_pids(self) -> list[int]:
        """The postmaster this test started and its children (backends, writers)."""
        postmaster = int((self.pg.data / "postmaster.pid").read_text().split()[0])
        out = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(postmaster)], capture_output=True, text=True
        ).stdout
        return [postmaster, *(int(p) for p in out.split())]

    def freeze(self) -> None:
        self.stopped = self.server_pids()
        for pid in self.stopped:
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self.stopped:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        self.stopped = []

    def close(self) -> None:
        self.thaw()
        self.served.stop()
        self.pg.stop()


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    s = Stack(tmp_path)
    try:
        yield s
    finally:
        s.close()


def test_hung_postgresql_answers_503_and_health_stays_up(stack: Stack) -> None:
    first = requests.post(
        stack.base + "/v1/disputes",
        json={"record": example("false-lead")},
        headers=stack.headers,
        timeout=HUNG,
    )
    assert first.status_code == 201, first.text
    dispute = f"{stack.base}/v1/disputes/{first.json()['id']}"
    for _ in range(8):  # pooled connections in both workers, to be found hung later
        requests.get(dispute, headers=stack.headers, timeout=HUNG)

    stack.freeze()

    def call(i: int) -> tuple[requests.Response, float]:
        start = time.monotonic()
        if i % 2:
            r = requests.get(dispute, headers=stack.headers, timeout=HUNG)
        else:
            body = {"record": example("left"), "note": f"while hung {i}"}
            r = requests.post(
                stack.base + "/v1/disputes", json=body, headers=stack.headers, timeout=HUNG
            )
        return r, time.monotonic() - start

    with ThreadPoolExecutor(max_workers=12) as pool:
        calls = [pool.submit(call, i) for i in range(12)]  # more than the 8 threads
        time.sleep(0.5)
        health = requests.get(stack.base + "/health", timeout=HUNG)
        results = [c.result() for c in calls]
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    for r, _took in results:
        assert r.status_code == 503, r.text
        assert r.headers["Content-Type"].startswith("application/problem+json")
        assert r.headers.get("Retry-After")
        assert "Traceback" not in r.text
    print("503 after", sorted(round(took, 1) for _r, took in results), "s")
    ready = requests.get(stack.base + "/ready", timeout=HUNG)
    assert ready.status_code == 503
    assert ready.json()["code"] == "service.database_unreachable"

    stack.thaw()
    assert stack.wait_ready(60), "no recovery after SIGCONT"
    again = requests.post(
        stack.base + "/v1/disputes",
        json={"record": example("left")},
        headers=stack.headers,
        timeout=HUNG,
    )
    assert again.status_code == 201, again.text
    listed = requests.get(stack.base + "/v1/disputes", headers=stack.headers, timeout=HUNG)
    assert len(listed.json()) == 2  # nothing was stored while the server was stopped


def test_a_row_lock_held_elsewhere_gives_503_busy_after_the_lock_timeout(postgres_url) -> None:  # type: ignore[no-untyped-def]
    """Another session holds the dispute's row lock and does not let go: the appeal waits
    for the lock timeout, then answers 503 ``server.database_busy`` and stores nothing."""
    from sqlalchemy import text

    from referee.app import create_app
    from referee.service.settings import Settings
    from tests.conftest import TABLES

    backend = SqlBackend(postgres_url)
    with backend.engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    keys = KeyService(backend.unit_of_work)
    referee = {"Authorization": f"Bearer {keys.create('referee', 'Club')[1]}"}
    court = {"Authorization": f"Bearer {keys.create('court', 'Court')[1]}"}
    app = create_app(Settings(database_url=postgres_url, secret_key="t", db_lock_timeout_s=1))
    client = app.test_client()
    d = client.post("/v1/disputes", json={"record": example("left")}, headers=referee).get_json()
    holder = backend.engine.connect()
    try:
        holder.execute(text("SELECT id FROM disputes WHERE id = :id FOR UPDATE"), {"id": d["id"]})
        r = client.post(f"/v1/disputes/{d['id']}/appeals", json={"grounds": "g"}, headers=court)
        assert r.status_code == 503, r.get_json()
        assert r.get_json()["code"] == "server.database_busy"
        assert r.headers.get("Retry-After")
    finally:
        holder.rollback()
        holder.close()
    rulings = client.get(f"/v1/disputes/{d['id']}/rulings", headers=court).get_json()
    assert len(rulings) == 1
    again = client.post(f"/v1/disputes/{d['id']}/appeals", json={"grounds": "g"}, headers=court)
    assert again.status_code == 201
    app.extensions["referee"].backend.dispose()
    backend.dispose()
