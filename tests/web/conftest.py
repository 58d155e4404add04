"""Fixtures of the console tests: an app on a fresh SQLite file, keys, signed-in clients."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from web_support import Console

from referee.app import create_app
from referee.service.settings import Settings
from referee.storage.backend import SqlBackend

ROLES = [
    ("referee", "referee", "Club cup referees"),
    ("other_referee", "referee", "Town league referees"),
    ("court", "court", "Skatgericht"),
    ("platform", "platform", "Online platform"),
    ("admin", "admin", "Operator"),
]


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'console.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    backend.dispose()
    return url


@pytest.fixture
def make_app(database_url: str) -> Iterator[Callable[..., Flask]]:
    made: list[Flask] = []

    def build(**overrides: object) -> Flask:
        settings = Settings(**{"database_url": database_url, "secret_key": "test", **overrides})
        app = create_app(settings)
        app.config["TESTING"] = True
        made.append(app)
        return app

    yield build
    for app in made:
        app.extensions["referee"].backend.dispose()


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app()


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
