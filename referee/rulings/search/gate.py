"""Long searches out of ordinary traffic's way: the hook a service installs.

Nearly every question is settled in a few thousand nodes. A search that needs more than
:data:`LIGHT_NODES` is long, and a service may run it apart so that a crafted record
cannot take the machine from ordinary requests: with a *runner* installed
(:func:`set_runner`), the engine calls back at the light count, the search stops there,
and the runner is handed the whole search to run from the start wherever it likes (the
service runs it on a thread of the lowest CPU priority, one machine-wide:
:mod:`referee.service.analysis_gate`). Its first :data:`LIGHT_NODES` nodes are then
searched twice. Without a runner a search simply runs where it is called.

Either way the answer, the line and the node count are those of a plain run: the search
is deterministic.

The light count is a request's, not a search's: a service opens a :class:`Meter` around
a request (:func:`metered`), every search of the request adds its nodes to it, and once
their sum passes :data:`LIGHT_NODES` every further search of the request goes to the
runner. A meter may also bound the nodes of the request (``budget``): a search that would
pass it stops and raises :class:`BudgetSpent`, which is never a ruling (a service answers
"try later"); within the budget a ruling is the same as without one. A meter opened
inside another counts for both and is bound by both.

>>> with metered(budget=1_000) as outer:
...     with metered(budget=300) as inner:
...         inner.charge(200)
...     inner.remaining(), outer.remaining(), outer.used
(100, 800, 200)

>>> set_runner(lambda search: search()); runner()(lambda: 42)
42
>>> set_runner(None); runner() is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol, TypeVar

__all__ = [
    "LIGHT_NODES",
    "BudgetSpent",
    "Busy",
    "Crowded",
    "Meter",
    "Runner",
    "meter",
    "metered",
    "runner",
    "set_meter",
    "set_runner",
]

#: nodes the searches of one request may take before they count as long (an ordinary
#: ruling takes a few thousand; the points search some 150,000 a second)
LIGHT_NODES = 20_000


class BudgetSpent(Exception):
    """A search stopped at its request's node budget: the request is refused, it is
    never ruled on what was searched so far."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"the searches of this request reached their budget of {nodes} nodes")
        self.nodes = nodes


class Busy(BudgetSpent):
    """A long search of a request that may not wait found the runner busy."""

    def __init__(self) -> None:
        Exception.__init__(self, "another long search is running")
        self.nodes = 0


class Crowded(Busy):
    """A long search found as many requests of its process waiting for the runner as
    may wait there: the request is refused ("try again shortly") instead of holding one
    more of the threads that answer everything else."""

    #: seconds the refused request is told to wait before it comes back
    retry_after = 2

    def __init__(self) -> None:
        Exception.__init__(self, "as many long searches as may wait are waiting")
        self.nodes = 0


class Meter:
    """The nodes searched by one request (and its budget, if any). ``wait``: whether its
    long searches may queue for the runner (an aid that answers what it knows may not:
    it raises :class:`Busy` and holds no thread in the queue)."""

    def __init__(
        self, budget: int | None, parent: Meter | None = None, *, wait: bool = True
    ) -> None:
        self.budget = budget
        self.parent = parent
        self.used = 0
        self.wait: bool = wait and (parent is None or parent.wait)

    def charge(self, nodes: int) -> None:
        m: Meter | None = self
        while m is not None:
            m.used += nodes
            m = m.parent

    def remaining(self) -> int | None:
        """Nodes left before the tightest budget of this meter and those around it."""
        left: int | None = None
        m: Meter | None = self
        while m is not None:
            if m.budget is not None:
                own = m.budget - m.used
                left = own if left is None else min(left, own)
            m = m.parent
        return left

    def total(self) -> int:
        """The nodes of the whole request (the outermost meter's count)."""
        m = self
        while m.parent is not None:
            m = m.parent
        return m.used


_meter: ContextVar[Meter | None] = ContextVar("referee_search_meter", default=None)


def meter() -> Meter | None:
    """The meter of the request under way, if one was opened."""
    return _meter.get()


def set_meter(m: Meter | None) -> None:
    """Make ``m`` the meter of what runs next in this context (a service opens one when a
    request begins and drops it when the request ends)."""
    _meter.set(m)


@contextmanager
def metered(budget: int | None = None, *, wait: bool = True) -> Iterator[Meter]:
    """Count (and with ``budget``, bound) the nodes of every search inside; without
    ``wait`` a long search raises :class:`Busy` when the runner is taken."""
    m = Meter(budget, _meter.get(), wait=wait)
    token = _meter.set(m)
    try:
        yield m
    finally:
        _meter.reset(token)


T = TypeVar("T")


class Runner(Protocol):
    """Runs a long search (a call without arguments) and returns what it returns; asked
    not to ``wait``, it raises :class:`Busy` rather than queue behind another, and it may
    raise :class:`Crowded` when too many wait already."""

    def __call__(self, search: Callable[[], T], /, *, wait: bool = True) -> T: ...


_runner: Runner | None = None


def set_runner(run: Runner | None) -> None:
    """Install the runner long searches are handed to (``None``: none)."""
    global _runner
    _runner = run


def runner() -> Runner | None:
    """The installed runner, if any."""
    return _runner
