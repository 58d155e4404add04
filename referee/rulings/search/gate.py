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

>>> set_runner(lambda search: search()); runner()(lambda: 42)
42
>>> set_runner(None); runner() is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

__all__ = ["LIGHT_NODES", "Runner", "runner", "set_runner"]

#: nodes a search may take before it counts as long (from a few milliseconds for a null
#: claim to some fifty for the points search)
LIGHT_NODES = 50_000

T = TypeVar("T")


class Runner(Protocol):
    """Runs a long search (a call without arguments) and returns what it returns."""

    def __call__(self, search: Callable[[], T], /) -> T: ...


_runner: Runner | None = None


def set_runner(run: Runner | None) -> None:
    """Install the runner long searches are handed to (``None``: none)."""
    global _runner
    _runner = run


def runner() -> Runner | None:
    """The installed runner, if any."""
    return _runner
