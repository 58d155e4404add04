"""Console fixtures: SQLite only, keys as secrets, signed-in clients (shared: tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.support.browser import served
from tests.support.service import ROLES
from tests.support.template_db import migrated_sqlite
from tests.support.web import Console


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / "console.db")


@pytest.fixture
def keys(app: Flask) -> dict[str, str]:
    """name -> secret, one key per role (two referees of different owners)."""
    service = app.extensions["referee"].keys
    return {name: service.create(role, owner)[1] for name, role, owner in ROLES}


@pytest.fixture
def console(app: Flask) -> Console:
    """A client that is not signed in."""
    return Console(app.test_client())


@pytest.fixture
def as_role(app: Flask, keys: dict[str, str]):  # type: ignore[no-untyped-def]
    """``as_role("court")``: a client signed in with that key."""

    def make(name: str) -> Console:
        c = Console(app.test_client())
        response = c.sign_in(keys[name])
        assert response.status_code == 302, response.get_data(as_text=True)[:500]
        return c

    return make


@pytest.fixture
def live_server(app: Flask, keys: dict[str, str]) -> Iterator[str]:
    """The app on 127.0.0.1:<free port>, served from a background thread (browser tests)."""
    with served(app) as url:
        yield url
