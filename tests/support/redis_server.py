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
        """Start the server and wait until it answers; returns its ``redis://`` URL.

        The port is found free here and bound by the server a moment later, so another
        process may take it in between: then this server exits (or another Redis answers
        there, told apart by its process id) and it is started again on another port."""
        for _attempt in range(5):
            if self._run():
                return f"redis://127.0.0.1:{self.port}"
            self.port = free_port()
        self.stop()
        raise RuntimeError("redis-server did not answer")

    def _run(self) -> bool:
        """Start the server on ``self.port``; whether it answers there (False if it exited
        or did not answer within 10 s: it is stopped then)."""
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
        for _ in range(200):
            if self.proc.poll() is not None:
                return False  # the port was taken
            if self._answering_pid() == self.proc.pid:
                return True
            time.sleep(0.05)
        self.proc.kill()
        self.proc.wait()
        return False

    def _answering_pid(self) -> int | None:
        """The process id of the Redis that answers on ``self.port``, if one does."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"INFO server\r\n")
                data = b""
                while b"process_id:" not in data or not data.endswith(b"\r\n"):
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
        except OSError:
            return None
        for line in data.decode(errors="replace").splitlines():
            if line.startswith("process_id:"):
                return int(line.split(":", 1)[1])
        return None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.root, ignore_errors=True)
