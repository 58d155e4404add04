"""The rate limit is one limit per server and per fleet, not per worker.

Real gunicorn: with 4 workers and a limit of 60 a minute, 150 requests get exactly 60
answers and 90 refusals (429) with the default storage (memory the workers share); two
gunicorn servers that share a real Redis (``redis://``) count together too.
"""

from __future__ import annotations

import subprocess
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import Served

LIMIT = 60
REQUESTS = 150


class Gunicorn(Served):
    def __init__(self, tmp: Path, db_url: str, workers: int, storage: str | None) -> None:
        try:
            super().__init__(
                db_url,
                tmp,
                workers=workers,
                stderr=subprocess.PIPE,
                REFEREE_RATE_LIMIT=f"{LIMIT} per minute",
                REFEREE_RATE_LIMIT_STORAGE=storage,
            )
        except RuntimeError as e:
            pytest.fail(str(e))
        # all workers booted (each answers once it has imported)
        self.pids = self.workers(workers)


@pytest.fixture
def database(tmp_path: Path) -> tuple[str, dict[str, str]]:
    url = f"sqlite:///{tmp_path / 'limits.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("referee", "Club")
    backend.dispose()
    return url, {"Authorization": f"Bearer {secret}"}


def _fire(bases: list[str], headers: dict[str, str]) -> Counter[int]:
    """150 requests, 10 at a time (new connections: they spread over the workers)."""

    def one(i: int) -> int:
        with requests.Session() as s:
            return s.get(
                bases[i % len(bases)] + "/v1/disputes", headers=headers, timeout=30
            ).status_code

    with ThreadPoolExecutor(max_workers=10) as pool:
        return Counter(pool.map(one, range(REQUESTS)))


@pytest.fixture
def servers() -> Iterator[list[Gunicorn]]:
    started: list[Gunicorn] = []
    yield started
    for server in started:
        assert "Traceback" not in server.stop()


def test_four_workers_share_one_limit_by_default(tmp_path, database, servers) -> None:
    url, headers = database
    server = Gunicorn(tmp_path, url, workers=4, storage=None)
    servers.append(server)
    assert len(server.pids) == 4
    statuses = _fire([server.base], headers)
    assert statuses == Counter({200: LIMIT, 429: REQUESTS - LIMIT}), statuses


def test_two_servers_share_one_limit_through_redis(tmp_path, database, servers, redis_url) -> None:
    url, headers = database
    for _ in range(2):
        servers.append(Gunicorn(tmp_path, url, workers=2, storage=redis_url))
    statuses = _fire([s.base for s in servers], headers)
    assert statuses == Counter({200: LIMIT, 429: REQUESTS - LIMIT}), statuses
