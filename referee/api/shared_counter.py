"""Fixed-window counters in memory all gunicorn workers of one server share.

gunicorn's master loads ``gunicorn.conf.py``, which calls :func:`create_region` before
it forks a worker: an anonymous shared mapping and an unlinked lock file, inherited by
every worker (also those started later). Each request takes a thread lock and a POSIX
record lock on that file (which the kernel releases when a process dies, so a worker
killed while counting cannot block the others) and reads a few slots; no server.

A slot is (key digest, window end, count); a key is looked for in ``PROBES`` slots from
its digest on; a free or ended slot is taken, and when all are live the one that ends
first is reused (a flood of keys drops windows rather than growing memory: the same
trade as the per-process counter).

>>> region = Region(slots=64)
>>> c = SharedCounter(parse("2 per minute"), region)
>>> [c.hit("k")[:2] for _ in range(3)]
[(True, 1), (True, 0), (False, 0)]
>>> other = SharedCounter(parse("2 per minute"), region)  # another worker, same region
>>> other.hit("k")[0], other.hit("j")[0]
(False, True)
"""

from __future__ import annotations

import fcntl
import hashlib
import mmap
import os
import struct
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from limits import RateLimitItem, parse  # noqa: F401 - parse: the doctest's

SLOT = struct.Struct("<Qdq")  # key digest (0: free), window end (Unix time), count
PROBES = 16


class Region:
    """The shared mapping and its lock file (made before the fork, used after it)."""

    def __init__(self, slots: int = 65_536) -> None:
        self.slots = slots
        self.memory = mmap.mmap(-1, slots * SLOT.size)  # anonymous, MAP_SHARED
        self._file = tempfile.TemporaryFile(prefix="referee-rate-")  # unlinked at once
        self._threads = threading.Lock()
        self._pid = os.getpid()

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Exclusive across the threads of this process and across processes."""
        if self._pid != os.getpid():  # a forked worker: a thread lock of its own
            self._threads, self._pid = threading.Lock(), os.getpid()
        with self._threads:
            fcntl.lockf(self._file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.lockf(self._file, fcntl.LOCK_UN)


#: the region made by gunicorn's master (None outside gunicorn: counts per process)
REGION: Region | None = None


def create_region(slots: int = 65_536) -> Region:
    """Called by ``gunicorn.conf.py`` in the master, before any worker is forked."""
    global REGION
    REGION = Region(slots)
    return REGION


def _digest(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little") | 1


class SharedCounter:
    """Fixed windows in a :class:`Region` (see the module's text)."""

    def __init__(self, item: RateLimitItem, region: Region) -> None:
        self.amount = item.amount
        self.seconds = item.get_expiry()
        self.region = region

    def hit(self, key: str, cost: int = 1) -> tuple[bool, int, float]:
        digest = _digest(key)
        region = self.region
        memory, slots = region.memory, region.slots
        start = digest % slots
        now = time.time()
        with region.lock():
            take = -1
            take_end = float("inf")
            for i in range(PROBES):
                at = ((start + i) % slots) * SLOT.size
                d, end, count = SLOT.unpack_from(memory, at)
                if d == digest:
                    if end <= now:  # its window ended: a new one opens
                        end, count = now + self.seconds, 0
                    count += cost
                    SLOT.pack_into(memory, at, digest, end, count)
                    return count <= self.amount, max(0, self.amount - count), end
                if d == 0 or end <= now:
                    if take_end > 0:
                        take, take_end = at, 0.0
                elif end < take_end:
                    take, take_end = at, end
            end = now + self.seconds
            SLOT.pack_into(memory, take, digest, end, cost)
            return cost <= self.amount, max(0, self.amount - cost), end
