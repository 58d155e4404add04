"""Long searches one at a time, out of ordinary traffic's way: hooks the service installs.

Nearly every question is settled in a few thousand nodes. A search that needs more than
:data:`LIGHT_NODES` is long, and a service may treat it apart so that a crafted record
cannot take the machine from ordinary requests. Two hooks, the default being neither:

- a *gate* (:func:`set_gate`): the engine calls back when it passes the light count and
  the search goes on where it is, inside the gate (e.g. a lock one long search holds at
  a time); nothing is searched twice;
- a *runner* (:func:`set_runner`), which takes precedence: at the light count the search
  stops and the runner is handed the whole search to run from the start wherever it
  likes (the service runs it on a thread of the lowest CPU priority, one machine-wide:
  :mod:`referee.service.analysis_gate`). Its first :data:`LIGHT_NODES` nodes are
  searched twice.

Either way the answer, the line and the node count are those of a run without hooks:
the search is deterministic.

>>> from contextlib import contextmanager
>>> seen = []
>>> @contextmanager
... def noting():
...     seen.append("in")
...     yield
>>> set_gate(noting)
>>> with gate():
...     pass
>>> set_gate(None); seen
['in']
>>> set_runner(lambda search: search()); runner()(lambda: 42)
42
>>> set_runner(None); runner() is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol, TypeVar

__all__ = ["LIGHT_NODES", "Runner", "gate", "runner", "set_gate", "set_runner"]

#: nodes a search may take before it counts as long (from a few milliseconds for a null
#: claim to some fifty for the points search)
LIGHT_NODES = 50_000

T = TypeVar("T")

Gate = Callable[[], AbstractContextManager[object]]


class Runner(Protocol):
    """Runs a long search (a call without arguments) and returns what it returns."""

    def __call__(self, search: Callable[[], T], /) -> T: ...


_gate: Gate = nullcontext
_runner: Runner | None = None


def set_gate(factory: Gate | None) -> None:
    """Install the gate long searches pass through (``None``: no gate)."""
    global _gate
    _gate = factory or nullcontext


def gate() -> AbstractContextManager[object]:
    """Enter the installed gate."""
    return _gate()


def set_runner(run: Runner | None) -> None:
    """Install the runner long searches are handed to (``None``: none; the gate then)."""
    global _runner
    _runner = run


def runner() -> Runner | None:
    """The installed runner, if any."""
    return _runner
