"""A real gunicorn serving the referee for the tests (the project's gunicorn.conf.py).

``Served`` starts one and waits until ``/ready`` answers; ``gunicorn()`` is the context
manager most tests want. Every test that needs a real server starts it here, so the
command line, the environment and the readiness check exist once.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import requests

ROOT = Path(__file__).resolve().parents[2]
#: what most tests want: no rate limit in the way, no analysis gate between the tests
TEST_ENV = {"REFEREE_RATE_LIMIT": "1000000 per minute", "REFEREE_ANALYSIS_LOCK": ""}


class Served:
    """``gunicorn --config gunicorn.conf.py`` on a free port of 127.0.0.1 (bound here).

    ``env`` is added to this process's environment; a value of ``None`` removes the
    variable. ``stderr`` is ``subprocess.PIPE`` when the test reads the log
    (``stop()`` returns it). Raises ``RuntimeError`` if the server is not ready within
    ``ready_s`` seconds (it is stopped first): a watchdog, not a measurement (a start took
    a minute and more at a load of 17 on two cores; one that exits fails at once).
    """

    def __init__(
        self,
        database_url: str,
        cwd: Path,
        *,
        workers: int | None = None,
        stderr: int | IO[bytes] = subprocess.DEVNULL,
        ready_s: float = 180,
        **env: str | None,
    ) -> None:
        # the listening socket is made here and handed over (``fd://``): a port picked
        # free and bound later by gunicorn could be taken in between (by another xdist
        # worker's server), and /ready would then be answered by that one
        listener = socket.create_server(("127.0.0.1", 0), backlog=2048)
        self.port = listener.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        environ = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
        for name, value in env.items():
            if value is None:
                environ.pop(name, None)
            else:
                environ[name] = value
        command = [sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py")]
        command += ["--bind", f"fd://{listener.fileno()}", "--access-logfile", "/dev/null"]
        if workers is not None:
            command += ["--workers", str(workers)]
        with listener:  # gunicorn holds its own copy
            self.proc = subprocess.Popen(
                [*command, "referee.wsgi:app"],
                env=environ,
                cwd=cwd,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                pass_fds=(listener.fileno(),),
            )
        if not self.wait_ready(ready_s):
            log = self.stop()
            raise RuntimeError(
                f"gunicorn did not become ready within {ready_s:g} s"
                + (f"; the end of its log:\n{log[-2000:]}" if log else "")
            )

    def wait_ready(self, seconds: float) -> bool:
        """Whether ``/ready`` answered 200 within ``seconds`` (False at once if it exited)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                if requests.get(self.base + "/ready", timeout=5).status_code == 200:
                    return True
            except requests.RequestException:
                pass
            if self.proc.poll() is not None:
                return False
            time.sleep(0.1)
        return False

    def workers(self, expected: int | None = None) -> list[int]:
        """The worker processes' pids (waits up to 10 s for ``expected`` of them)."""
        for _ in range(100):
            out = subprocess.run(
                ["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True
            ).stdout.split()
            if expected is None or len(out) == expected:
                break
            time.sleep(0.1)
        return [int(p) for p in out]

    def stop(self) -> str:
        """SIGTERM (SIGKILL after 30 s); the log if it was piped, else ""."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            _out, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _out, err = self.proc.communicate()
        return (err or b"").decode(errors="replace")


@contextmanager
def gunicorn(database_url: str, cwd: Path, workers: int = 2, **env: str) -> Iterator[str]:
    """Serve on a free port; yields the base URL; stops the server after."""
    served = Served(database_url, cwd, workers=workers, **{**TEST_ENV, **env})
    try:
        yield served.base
    finally:
        served.stop()
