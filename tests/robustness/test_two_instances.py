"""Two service instances that share nothing but PostgreSQL and Redis.

Real servers: PostgreSQL and Redis from Debian's packages (started by the fixtures), two
gunicorn instances on two ports, and ``referee worker`` processes. What one instance
does, the other sees at once: an idempotent submission, a key's rate limit, a revoked
key, a job (submitted on one, followed and read on the other, with a worker killed by
SIGKILL mid-job).
"""

from __future__ import annotations

import subprocess
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from bench.games import iter_lines, mixed_corpus
from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.robustness.test_jobs_workers import _kill_while_holding_a_chunk, _scalar
from tests.support.service import example
from tests.support.stack import (
    expected_results,
    instance,
    job_env,
    start_worker,
    stop,
    wait_for,
)

pytestmark = pytest.mark.postgres

LIMIT = 120  # a key's requests a minute, counted over both instances


@pytest.fixture
def fresh_database(postgres_url: str) -> Iterator[str]:
    """A database of its own on the session's PostgreSQL server."""
    name = "two_" + uuid.uuid4().hex[:10]
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = postgres_url.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def two(
    fresh_database: str, redis_url: str, tmp_path: Path
) -> Iterator[tuple[dict[str, str], list[str], dict[str, dict[str, str]]]]:
    backend = SqlBackend(fresh_database)
    backend.migrate()
    service = KeyService(backend.unit_of_work)
    keys = {}
    for name, role in (("platform", "platform"), ("admin", "admin"), ("limited", "referee")):
        _key, secret = service.create(role, f"owner of {name}")
        keys[name] = {"Authorization": f"Bearer {secret}"}
    revoked, secret = service.create("referee", "a referee who leaves")
    keys["leaving"] = {"Authorization": f"Bearer {secret}", "id": str(revoked.id)}
    backend.dispose()
    env = job_env(
        fresh_database,
        tmp_path,
        REDIS_URL=redis_url + "/3",
        REFEREE_RATE_LIMIT_STORAGE=redis_url + "/4",
        REFEREE_RATE_LIMIT=f"{LIMIT} per minute",
    )
    with instance(env, tmp_path, workers=1) as a, instance(env, tmp_path, workers=1) as b:
        yield env, [a, b], keys


def test_an_idempotency_key_used_on_one_instance_replays_on_the_other(two) -> None:
    _env, (a, b), keys = two
    headers = {**keys["platform"], "Idempotency-Key": "game-4711"}
    body = {"record": example("revoke-objected")}
    first = requests.post(a + "/v1/disputes", json=body, headers=headers, timeout=30)
    again = requests.post(b + "/v1/disputes", json=body, headers=headers, timeout=30)
    assert first.status_code == 201, first.text
    assert again.json()["id"] == first.json()["id"]
    assert again.headers.get("Idempotent-Replayed") == "true"


def test_a_keys_rate_limit_counts_on_both_instances(two) -> None:
    _env, (a, b), keys = two
    statuses = Counter(
        requests.get(base + "/v1/disputes", headers=keys["limited"], timeout=30).status_code
        for _ in range(LIMIT)
        for base in (a, b)
    )
    assert statuses == Counter({200: LIMIT, 429: LIMIT}), statuses


def test_a_key_revoked_on_one_instance_is_refused_by_the_other_within_seconds(two) -> None:
    _env, (a, b), keys = two
    leaving = {"Authorization": keys["leaving"]["Authorization"]}
    assert requests.get(b + "/v1/disputes", headers=leaving, timeout=30).status_code == 200
    revoke = requests.post(
        f"{a}/v1/keys/{keys['leaving']['id']}/revoke", headers=keys["admin"], timeout=30
    )
    assert revoke.status_code == 200, revoke.text
    revoked_at = time.monotonic()
    while requests.get(b + "/v1/disputes", headers=leaving, timeout=30).status_code != 401:
        assert time.monotonic() - revoked_at < 5, "the other instance still takes the key"
        time.sleep(0.1)


def test_a_job_runs_across_instances_and_survives_a_killed_worker(two, tmp_path: Path) -> None:
    env, (a, b), keys = two
    docs = [d for games in mixed_corpus(40, seed=81).values() for d in games]
    archive = list(iter_lines(docs, 600, iss=True))
    body = ("\n".join(archive) + "\n").encode()
    workers: list[subprocess.Popen[bytes]] = [start_worker(env, tmp_path)]
    try:
        r = requests.post(
            a + "/v1/jobs?lang=es",
            data=body,
            headers={**keys["platform"], "Content-Type": "text/x-iss-sgf"},
            timeout=60,
        )
        assert r.status_code == 202, r.text
        on_b = b + r.headers["Location"]
        _kill_while_holding_a_chunk(workers[0], env["DATABASE_URL"])
        workers += [start_worker(env, tmp_path), start_worker(env, tmp_path)]
        job = wait_for(on_b, keys["platform"], lambda j: j["state"] == "done", every=0.5)
        results = requests.get(b + job["results"], headers=keys["platform"], timeout=60)
        assert results.content == expected_results(archive, iss=True, lang="es")
        assert _scalar(env["DATABASE_URL"], "SELECT max(attempts) FROM job_chunks") == 2
    finally:
        for w in workers:
            stop(w)
