"""One long exact search at a time on this machine: a lock file all workers share.

The searches' gate (:mod:`referee.rulings.search.gate`) is entered only by a search that
needed more than a few milliseconds; each entry opens the lock file afresh, so threads of
one process exclude each other as processes do (``flock`` locks belong to an open file).
``fcntl.flock`` releases the GIL while it waits, and the compiled search runs without it,
so a threaded worker keeps serving other requests meanwhile.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from referee.rulings.search.gate import set_gate

__all__ = ["FileGate", "install_file_gate"]


class FileGate:
    """``with FileGate(path)():`` holds an exclusive lock on ``path`` (created 0600)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def __call__(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing the file releases the lock


def install_file_gate(path: str) -> None:
    """Let long searches pass one at a time through ``path`` ("" installs no gate)."""
    set_gate(FileGate(Path(path)) if path else None)
