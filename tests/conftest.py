"""Fixtures every test directory shares: both databases, apps, one key per role.

A directory's own ``conftest.py`` overrides a fixture where it needs another flavour
(the console tests, for instance, take keys as secrets and run on SQLite only).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from referee.app import create_app
from referee.service.settings import Settings
from referee.storage.backend import SqlBackend
from tests.support import lanes
from tests.support.contract import ContractClient
from tests.support.pg_server import PgServer, find_bindir
from tests.support.redis_server import RedisServer, find_redis_server
from tests.support.service import ROLES
from tests.support.template_db import migrated_sqlite

TABLES = (
    "signin_links",
    "console_sessions",
    "webhooks",
    "job_chunks",
    "jobs",
    "idempotency_keys",
    "rulings",
    "disputes",
    "api_keys",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    lanes.add_option(parser)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    lanes.select(config, items)


def pytest_collection_finish(session: pytest.Session) -> None:
    """No runner for long searches when the tests start, however many were collected.

    Collecting the doctests imports ``referee.wsgi``, which installs the service's runner
    on ``var/analysis.lock``: a file both xdist workers share. A test's long search then
    waited for the other worker's, and one that may not wait was cut short, in a whole
    run only (a file run alone collects no ``referee.wsgi``). A test that wants a runner
    installs its own and puts back what was there."""
    from referee.rulings.search import gate

    gate.set_runner(None)


@pytest.fixture
def no_search_runner() -> Iterator[None]:
    """Long searches run where they are, as in a process without a runner: a runner that
    another test of this worker installed (importing ``referee.wsgi`` installs one on the
    machine-wide lock file) would add the light attempt it re-runs to every node count,
    and an analysis that may not wait would find the lock taken by the other xdist worker
    and be cut short."""
    from referee.rulings.search import gate

    before = gate.runner()
    gate.set_runner(None)
    try:
        yield
    finally:
        gate.set_runner(before)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for the whole session (fails in CI when missing)."""
    bindir = find_bindir()
    if bindir is None:
        message = "PostgreSQL server binaries not found (apt-get install postgresql)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    server = PgServer(bindir)
    url = server.start()
    backend = SqlBackend(url)
    backend.migrate()
    backend.dispose()
    try:
        yield url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A real Redis server (Debian's redis-server) for the session (fails in CI if missing)."""
    binary = find_redis_server()
    if binary is None:
        message = "redis-server not found (apt-get install redis-server)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    server = RedisServer(binary)
    url = server.start()
    try:
        yield url
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty, migrated database of each kind (SQLite: a copy of a migrated template)."""
    if request.param == "sqlite":
        yield migrated_sqlite(tmp_path / "referee.db")
        return
    url = request.getfixturevalue("postgres_url")
    backend = SqlBackend(url)
    with backend.engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    backend.dispose()
    yield url


@pytest.fixture
def make_app(database_url: str) -> Iterator[Callable[..., Flask]]:
    """Build apps on the test database with settings overridden by keyword."""
    made: list[Flask] = []

    def build(**overrides: Any) -> Flask:
        settings = Settings(**{"database_url": database_url, "secret_key": "test", **overrides})
        app = create_app(settings)
        app.config["TESTING"] = True
        app.test_client_class = ContractClient  # every response checked against the spec
        made.append(app)
        return app

    yield build
    for app in made:
        app.extensions["referee"].backend.dispose()


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Keys(dict[str, dict[str, str]]):
    """role name -> request headers carrying that key."""


@pytest.fixture
def keys(app: Flask) -> Keys:
    """Keys for two referees of different owners, the court, a platform and an admin."""
    service = app.extensions["referee"].keys
    out = Keys()
    for name, role, owner in ROLES:
        _key, secret = service.create(role, owner)
        out[name] = {"Authorization": f"Bearer {secret}"}
    return out
