"""A throw-away PostgreSQL server for the tests: Debian's binaries, initdb, pg_ctl.

We usually run as root; PostgreSQL refuses to, so the server runs as the ``postgres``
OS user (``runuser``). In CI (``CI=true``) a missing PostgreSQL fails the run.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def find_bindir() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` holding initdb and pg_ctl."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """initdb + pg_ctl start on a free loopback port; ``stop()`` removes everything."""

    def __init__(self, bindir: Path, *, durable: bool = False):
        self.bindir = bindir
        #: durable: PostgreSQL's own defaults (fsync, synchronous commit, full page writes),
        #: as a production server runs (the benchmark); otherwise the tests' fast settings
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")

    def _run(self, *cmd: str) -> None:
        argv = [str(self.bindir / cmd[0]), *cmd[1:]]
        if self.as_root:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        subprocess.run(argv, check=True, capture_output=True, cwd=self.root, timeout=120)

    def start(self) -> str:
        """Start the server and create database ``referee``; returns its URL."""
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        # the port was found free before initdb and is bound only now: another process may
        # have taken it meanwhile, and the server then fails to start; it starts again on
        # another port
        for attempt in range(5):
            opts = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root}"
            if not self.durable:
                opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            start = ("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.root / "log"))
            try:
                self._run(*start, "-w", "start")
                break
            except subprocess.CalledProcessError:
                log = self.root / "log"
                said = log.read_text(errors="replace") if log.exists() else ""
                if attempt == 4 or "already in use" not in said:
                    raise
                log.unlink()
                self.port = free_port()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "referee")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/referee"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
