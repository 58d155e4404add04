"""A real gunicorn serving the referee for the tests (the project's gunicorn.conf.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

from tests.support.pg_server import free_port

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def gunicorn(database_url: str, cwd: Path, workers: int = 2, **env: str) -> Iterator[str]:
    """Serve on a free port; yields the base URL; stops the server (by its pid) after."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    environ = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REFEREE_RATE_LIMIT": "1000000 per minute",
        "REFEREE_ANALYSIS_LOCK": "",
        "PYTHONPATH": str(ROOT),
        **env,
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            str(ROOT / "gunicorn.conf.py"),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--access-logfile",
            "/dev/null",
            "referee.wsgi:app",
        ],
        env=environ,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            try:
                if requests.get(base + "/ready", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                pass
            if proc.poll() is not None:
                raise RuntimeError("gunicorn exited before it was ready")
            time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not become ready")
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
