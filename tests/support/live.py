"""The service under real gunicorn on a fresh SQLite file (or a given, emptied database),
with one key per role."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import TEST_ENV, Served

ROLES = ("referee", "court", "platform", "admin")


class LiveServer(Served):
    """``gunicorn --config gunicorn.conf.py`` (one worker) on ``tmp/live.db``, or on
    ``database_url`` (a PostgreSQL database the caller has emptied)."""

    def __init__(self, tmp: Path, *, database_url: str | None = None, **env: str) -> None:
        self.url = database_url or f"sqlite:///{tmp / 'live.db'}"
        backend = SqlBackend(self.url)
        backend.migrate()
        keys = KeyService(backend.unit_of_work)
        self.secrets = {role: keys.create(role, f"Live {role}")[1] for role in ROLES}
        backend.dispose()
        try:
            super().__init__(
                self.url, tmp, workers=1, stderr=subprocess.PIPE, **{**TEST_ENV, **env}
            )
        except RuntimeError as e:
            pytest.fail(str(e))

    def auth(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secrets[role]}"}
