"""The service under real gunicorn on a fresh SQLite file, with one key per role."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.pg_server import free_port

ROOT = Path(__file__).resolve().parents[2]
ROLES = ("referee", "court", "platform", "admin")


class LiveServer:
    """``gunicorn --config gunicorn.conf.py`` (one worker) on ``tmp/live.db``."""

    def __init__(self, tmp: Path, **env: str) -> None:
        self.url = f"sqlite:///{tmp / 'live.db'}"
        backend = SqlBackend(self.url)
        backend.migrate()
        keys = KeyService(backend.unit_of_work)
        self.secrets = {role: keys.create(role, f"Live {role}")[1] for role in ROLES}
        backend.dispose()
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                str(ROOT / "gunicorn.conf.py"),
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "1",
                "--access-logfile",
                "/dev/null",
                "referee.wsgi:app",
            ],
            env={
                **os.environ,
                "DATABASE_URL": self.url,
                "REFEREE_RATE_LIMIT": "1000000 per minute",
                "REFEREE_ANALYSIS_LOCK": "",
                **env,
            },
            cwd=tmp,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(300):
            try:
                if requests.get(self.base + "/ready", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail("gunicorn did not become ready")

    def auth(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secrets[role]}"}

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
