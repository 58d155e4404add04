"""A throw-away Redis server for the tests: Debian's ``redis-server`` on a free port.

Nothing is saved to disk; ``stop()`` ends it and removes its directory. In CI
(``CI=true``) a missing ``redis-server`` fails the run (scripts/system-deps.sh installs it).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.support.pg_server import free_port


def find_redis_server() -> str | None:
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )


class RedisServer:
    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.root = Path(tempfile.mkdtemp(prefix="referee-redis-"))
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> str:
        """Start the server and wait for its PONG; returns its ``redis://`` URL."""
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.root),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return f"redis://127.0.0.1:{self.port}"
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not answer")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.root, ignore_errors=True)
