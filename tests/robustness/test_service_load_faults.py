"""Two gunicorn workers on one SQLite database: parallel submissions, killed workers.

No duplicate and no lost dispute; a worker killed (SIGKILL) in the middle of
submissions leaves no half-written dispute, and a retry with the same Idempotency-Key
gives exactly one.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import requests
from sqlalchemy import text

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.generate import random_game
from tests.support.gunicorn import Served


class Server:
    """gunicorn (2 workers) on a fresh SQLite file; keys for two owners."""

    def __init__(self, tmp: Path) -> None:
        self.url = f"sqlite:///{tmp / 'load.db'}"
        backend = SqlBackend(self.url)
        backend.migrate()
        keys = KeyService(backend.unit_of_work)
        self.headers = {}
        for name, owner in (("a", "Club A"), ("b", "Club B")):
            _key, secret = keys.create("referee", owner)
            self.headers[name] = {"Authorization": f"Bearer {secret}"}
        backend.dispose()
        try:
            self.served = Served(
                self.url,
                tmp,
                workers=2,
                stderr=subprocess.PIPE,
                REFEREE_RATE_LIMIT="100000 per minute",
            )
        except RuntimeError as e:
            pytest.fail(str(e))
        self.base, self.proc = self.served.base, self.served.proc

    def workers(self) -> list[int]:
        return self.served.workers()

    def db_counts(self) -> dict[str, int]:
        backend = SqlBackend(self.url)
        try:
            with backend.engine.connect() as conn:
                q = lambda sql: conn.execute(text(sql)).scalar_one()  # noqa: E731
                return {
                    "disputes": q("SELECT count(*) FROM disputes"),
                    "without_ruling": q(
                        "SELECT count(*) FROM disputes d WHERE NOT EXISTS "
                        "(SELECT 1 FROM rulings r WHERE r.dispute_id = d.id)"
                    ),
                    "dangling_keys": q(
                        "SELECT count(*) FROM idempotency_keys k WHERE k.resource_id IS NULL "
                        "OR NOT EXISTS (SELECT 1 FROM disputes d WHERE d.id = k.resource_id)"
                    ),
                }
        finally:
            backend.dispose()

    def stop(self) -> str:
        return self.served.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path)
    try:
        yield s
    finally:
        if s.proc.poll() is None:
            s.stop()


def _records(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_game(rng) for _ in range(n)]


def _post(server: Server, body: dict, key: str | None, who: str = "a") -> requests.Response:
    headers = dict(server.headers[who])
    if key:
        headers["Idempotency-Key"] = key
    return requests.post(server.base + "/v1/disputes", json=body, headers=headers, timeout=60)


def test_parallel_submissions_no_duplicate_no_loss(server: Server) -> None:
    keyed = [{"record": r, "note": f"keyed {i}"} for i, r in enumerate(_records(10, 1))]
    plain = [{"record": r, "note": f"plain {i}"} for i, r in enumerate(_records(10, 2))]
    jobs = [(b, f"k{i}") for i, b in enumerate(keyed) for _ in range(3)] + [
        (b, None) for b in plain
    ]
    random.Random(3).shuffle(jobs)
    with ThreadPoolExecutor(max_workers=12) as pool:
        responses = list(pool.map(lambda j: (j, _post(server, *j)), jobs))
    assert {r.status_code for _, r in responses} == {201}, [r.text for _, r in responses][:3]
    ids_by_key: dict[str, set[int]] = {}
    for (body, key), r in responses:
        assert r.json()["note"] == body["note"]
        if key:
            ids_by_key.setdefault(key, set()).add(r.json()["id"])
    assert all(len(ids) == 1 for ids in ids_by_key.values()), ids_by_key  # no duplicate
    all_ids = {r.json()["id"] for _, r in responses}
    assert len(all_ids) == 20  # 10 keyed (each once) + 10 plain: nothing lost
    listed = requests.get(
        server.base + "/v1/disputes?page_size=100", headers=server.headers["a"], timeout=30
    ).json()
    assert {d["id"] for d in listed} == all_ids
    for dispute_id in all_ids:  # every ruling readable afterwards
        r = requests.get(
            f"{server.base}/v1/disputes/{dispute_id}/rulings",
            headers=server.headers["a"],
            timeout=30,
        )
        assert r.status_code == 200 and len(r.json()) == 1
    assert server.db_counts() == {"disputes": 20, "without_ruling": 0, "dangling_keys": 0}
    assert "Traceback" not in server.stop()


def test_worker_killed_mid_submission_leaves_no_half_written_dispute(server: Server) -> None:
    bodies = [{"record": r, "note": f"kill {i}"} for i, r in enumerate(_records(30, 4))]
    created: dict[str, int] = {}
    failed: list[int] = []
    lock = threading.Lock()

    def submit(i: int) -> None:
        try:
            r = _post(server, bodies[i], f"kill-{i}")
        except requests.RequestException:
            r = None
        with lock:
            if r is not None and r.status_code == 201:
                created[f"kill-{i}"] = r.json()["id"]
            else:
                failed.append(i)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for _ in range(3):  # kill busy workers while the submissions run
        time.sleep(0.15)
        for pid in server.workers()[:1]:
            os.kill(pid, signal.SIGKILL)
    for t in threads:
        t.join(timeout=120)
    counts = server.db_counts()
    assert counts["without_ruling"] == 0 and counts["dangling_keys"] == 0, counts
    assert counts["disputes"] >= len(created)
    # the client retries what failed, with the same key: exactly one dispute each
    for _ in range(100):  # the killed workers are being replaced (slow on a loaded host)
        try:
            if requests.get(server.base + "/ready", timeout=5).status_code == 200:
                break
        except requests.RequestException:
            pass
        time.sleep(0.1)
    for i in failed:
        r = _post(server, bodies[i], f"kill-{i}")
        assert r.status_code == 201, r.text
        created[f"kill-{i}"] = r.json()["id"]
    assert len(set(created.values())) == len(bodies)
    final = server.db_counts()
    assert final == {"disputes": len(bodies), "without_ruling": 0, "dangling_keys": 0}, (
        final,
        len(failed),
    )
