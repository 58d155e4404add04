"""Two service instances that share nothing but PostgreSQL, Redis and their settings.

Real servers: PostgreSQL and Redis from Debian's packages (started by the fixtures), two
gunicorn instances on two ports of one host, started from one working folder with the
settings docs/deploy.md names (a shared ``REFEREE_SECRET_KEY``, a ``REFEREE_VAR_DIR`` of
each instance's own), and ``referee worker`` processes. What one instance does, the
other sees at once: an idempotent submission, a key's rate limit, a revoked key, a
console sign-in, a job (submitted on one, followed and read on the other, with a worker
killed by SIGKILL mid-job). The two do not share gunicorn's control socket or var/.
"""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from gunicorn.ctl.client import ControlClient
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
    run_out_leases,
    start_worker,
    stop,
    wait_for,
)
from tests.support.web import CSRF_RE

pytestmark = pytest.mark.postgres

LIMIT = 120  # a key's requests a minute, counted over both instances
SECRET_KEY = "one-secret-shared-by-every-instance-" + "x" * 32


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
        REFEREE_SECRET_KEY=SECRET_KEY,
    )
    # one working folder for both, as two units on one host; each its own var/
    env_a = {**env, "REFEREE_VAR_DIR": str(tmp_path / "a")}
    env_b = {
        **env,
        "REFEREE_VAR_DIR": str(tmp_path / "b"),
        "REFEREE_CONTROL_SOCKET": str(tmp_path / "b.ctl"),  # or a path of its own
    }
    with instance(env_a, tmp_path, workers=1) as a, instance(env_b, tmp_path, workers=1) as b:
        yield env, [a, b], keys


def secret_of(headers: dict[str, str]) -> str:
    return headers["Authorization"].removeprefix("Bearer ")


def sign_in(browser: requests.Session, base: str, secret: str) -> requests.Response:
    page = browser.get(base + "/console/sign-in", timeout=30)
    match = CSRF_RE.search(page.text)
    assert match, page.text[:500]
    data = {"csrf": match.group(1), "api_key": secret}
    return browser.post(base + "/console/sign-in", data=data, allow_redirects=False, timeout=30)


def test_a_console_sign_in_on_one_instance_is_valid_on_the_other(two, tmp_path: Path) -> None:
    env, (a, b), keys = two
    browser = requests.Session()  # cookies are per host, not per port: A's cookie goes to B
    signed_in = sign_in(browser, a, secret_of(keys["admin"]))
    assert signed_in.status_code == 302, signed_in.text[:500]
    on_b = browser.get(b + "/console/keys", allow_redirects=False, timeout=30)
    assert on_b.status_code == 200, (on_b.status_code, on_b.headers.get("Location"))
    # the same cookie on an instance with a key of its own is a stranger's: signed out
    alone = {**env, "REFEREE_VAR_DIR": str(tmp_path / "c"), "REFEREE_SECRET_KEY": None}
    with instance(alone, tmp_path, workers=1) as c:  # type: ignore[arg-type]
        on_c = browser.get(c + "/console/keys", allow_redirects=False, timeout=30)
    assert on_c.status_code == 302 and "/console/sign-in" in on_c.headers["Location"]


def test_two_instances_on_one_host_keep_their_own_control_socket_and_var(
    two, tmp_path: Path
) -> None:
    _env, _bases, _keys = two
    pids = set()
    for path in (tmp_path / "a" / "gunicorn.ctl", tmp_path / "b.ctl"):
        assert path.is_socket(), f"no control socket at {path}"
        with ControlClient(str(path), timeout=10) as client:
            pids.add(client.send_command("show stats")["pid"])
    assert len(pids) == 2, "both sockets answer for one arbiter"
    assert not (tmp_path / "var").exists(), os.listdir(tmp_path / "var")


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
        assert run_out_leases(env["DATABASE_URL"]) == 1  # the dead worker's chunk
        workers += [start_worker(env, tmp_path), start_worker(env, tmp_path)]
        job = wait_for(on_b, keys["platform"], lambda j: j["state"] == "done", every=0.5)
        results = requests.get(b + job["results"], headers=keys["platform"], timeout=60)
        assert results.content == expected_results(archive, iss=True, lang="es")
        assert _scalar(env["DATABASE_URL"], "SELECT max(attempts) FROM job_chunks") == 2
    finally:
        for w in workers:
            stop(w)
