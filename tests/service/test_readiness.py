"""``/ready`` checks the schema for real; ``/health`` asks nothing of the database.

An unreachable database and a broken schema are different problems: different codes,
different messages. A table dropped behind the migrations' back is not ready although the
migration state says the schema is current.
"""

from __future__ import annotations

import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from referee.app import create_app
from referee.service.settings import Settings
from referee.storage.backend import SqlBackend

PROBLEM = "application/problem+json"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def private_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated database of its own (its schema gets broken), of each kind."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ready.db'}"
    else:
        server_url = request.getfixturevalue("postgres_url")
        name = "ready_" + uuid.uuid4().hex[:8]
        admin = SqlBackend(server_url)
        with admin.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
        admin.dispose()
        url = server_url.rsplit("/", 1)[0] + "/" + name
    backend = SqlBackend(url)
    backend.migrate()
    backend.dispose()
    yield url


def _client(url: str):  # type: ignore[no-untyped-def]
    app = create_app(Settings(database_url=url, secret_key="test"))
    app.config["TESTING"] = True
    return app, app.test_client()


def _drop(url: str, sql: str) -> None:
    backend = SqlBackend(url)
    with backend.engine.begin() as conn:
        conn.execute(text(sql))
    backend.dispose()


def test_ready_when_schema_whole(private_url: str) -> None:
    app, client = _client(private_url)
    r = client.get("/ready")
    assert r.status_code == 200 and r.json["status"] == "ready", r.json
    app.extensions["referee"].backend.dispose()


def test_missing_table_is_not_ready(private_url: str) -> None:
    _drop(private_url, "DROP TABLE idempotency_keys")
    app, client = _client(private_url)
    r = client.get("/ready")
    assert r.status_code == 503 and r.content_type == PROBLEM
    assert r.json["code"] == "service.schema_broken"
    assert "idempotency_keys" in r.json["detail"]
    assert "unreachable" not in r.json["detail"]
    assert r.headers.get("Retry-After")
    assert client.get("/health").json == {"status": "ok"}
    app.extensions["referee"].backend.dispose()


def test_missing_column_is_not_ready(private_url: str) -> None:
    _drop(private_url, "ALTER TABLE disputes DROP COLUMN note")
    app, client = _client(private_url)
    r = client.get("/ready")
    assert r.status_code == 503 and r.json["code"] == "service.schema_broken"
    assert "disputes" in r.json["detail"]
    app.extensions["referee"].backend.dispose()


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_unreachable_database_is_another_problem(kind: str, tmp_path: Path) -> None:
    # nobody listens on a port this test holds bound: a port found free and let go could be
    # taken meanwhile by another test's server (a PostgreSQL, which would answer)
    with socket.socket() as nobody:
        nobody.bind(("127.0.0.1", 0))
        if kind == "sqlite":
            url = f"sqlite:///{tmp_path}"  # a directory: the file cannot be opened
        else:
            url = f"postgresql+psycopg://postgres@127.0.0.1:{nobody.getsockname()[1]}/referee"
        app, client = _client(url)
        r = client.get("/ready")
        assert r.status_code == 503 and r.content_type == PROBLEM
        assert r.json["code"] == "service.database_unreachable"
        assert r.json["detail"].startswith("database unreachable")
        assert client.get("/health").json == {"status": "ok"}  # the process itself is alive
        app.extensions["referee"].backend.dispose()
