"""Long exact searches one at a time on this machine, at the lowest CPU priority.

A search that passes the light count (:mod:`referee.rulings.search.gate`) is handed to
:class:`LowPriorityRunner`: it takes a lock file all workers share (one long search at a
time on the machine; ``flock`` locks belong to an open file, so threads of one process
exclude each other as processes do), and runs the search on a thread of its process
kept at nice 19 for its whole life. Ordinary requests, at the normal priority, then take
the CPU first: a crafted record (or a genuinely hard one) is ruled on what they leave,
and cannot halve their throughput on a machine of two cores. A dedicated thread because
an unprivileged process may raise a thread's nice value but never lower it again: the
request's own thread could not be given back its priority. The waiting thread holds
neither the GIL (``flock`` and the future release it) nor a core; the compiled search
runs without the GIL. The answer is the same as on any other thread.

A request whose search waits for the lock holds the thread it came on. So that such
requests cannot take every thread of a process from ``/health`` and ordinary disputes
(forty crafted disputes in flight against twenty threads did: ``/health`` waited ten
seconds), at most ``most_waiting`` of them wait or run in one process at a time; a
further one is refused with :class:`~referee.rulings.search.gate.Crowded` (the API
answers 503 with Retry-After). A web worker leaves one thread free; a bulk-job worker,
whose searches hold no request, has no bound.
"""

from __future__ import annotations

import fcntl
import logging
import os
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from referee.rulings.search.gate import Busy, Crowded, set_runner

__all__ = ["LOW_PRIORITY", "FileGate", "LowPriorityRunner", "install_file_gate"]

log = logging.getLogger(__name__)

#: the nice value of the thread long searches run on (the lowest priority)
LOW_PRIORITY = 19

T = TypeVar("T")


class FileGate:
    """``with FileGate(path)():`` holds an exclusive lock on ``path`` (created 0600)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def __call__(self, *, wait: bool = True) -> Iterator[None]:
        """Without ``wait``, :class:`Busy` when another holds the lock."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise Busy from None
            yield
        finally:
            os.close(fd)  # closing the file releases the lock


def _lowest_priority() -> None:
    """Lower the calling thread's priority. Only on Linux, where a thread id names the
    thread to ``setpriority`` (elsewhere it could name another process); where it is not
    done, the search runs at the priority it has (the answer is the same) and the log
    says so once per process."""
    if sys.platform != "linux":  # pragma: no cover - the service runs on Linux
        log.warning("long searches run at normal priority: thread priorities are Linux's")
        return
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOW_PRIORITY)
    except OSError as e:  # pragma: no cover - refused by the system
        log.warning("long searches run at normal priority: %s", e)


class LowPriorityRunner:
    """Runs long searches through ``gate`` on one low-priority thread per process.

    The thread is made when first needed in each process (gunicorn forks its workers
    after the app is loaded; a thread does not survive a fork).
    """

    def __init__(self, gate: FileGate, most_waiting: int | None = None) -> None:
        self.gate = gate
        #: requests of this process that may wait for (or run) a long search at once;
        #: None: any number
        self.most_waiting = most_waiting
        self.waiting = 0
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._pid = 0

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None or self._pid != os.getpid():
                self._pool = ThreadPoolExecutor(
                    1, thread_name_prefix="long-search", initializer=_lowest_priority
                )
                self._pid = os.getpid()
            return self._pool

    def __call__(self, search: Callable[[], T], /, *, wait: bool = True) -> T:
        with self._lock:
            if self.most_waiting is not None and self.waiting >= self.most_waiting:
                raise Crowded
            self.waiting += 1
        try:
            with self.gate(wait=wait):
                return self._executor().submit(search).result()
        finally:
            with self._lock:
                self.waiting -= 1


def install_file_gate(path: str, most_waiting: int | None = None) -> None:
    """Let long searches run one at a time through ``path``, at the lowest priority, with
    at most ``most_waiting`` requests of a process waiting for them ("" installs no
    runner: they run where they are)."""
    set_runner(LowPriorityRunner(FileGate(Path(path)), most_waiting) if path else None)
