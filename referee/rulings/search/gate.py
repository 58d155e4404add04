"""Long searches one at a time: a gate the service may install (the default is none).

Nearly every question is settled in a few thousand nodes. A search that needs more than
:data:`LIGHT_NODES` enters the gate at that count (the compiled engine calls back) and
goes on inside it, so a service can let only one such search run at a time on a machine
and keep the other cores for ordinary requests (a crafted record cannot occupy every
worker). Waiting at the gate changes nothing in the answer: the search is deterministic,
so the answer, the line and the node count are those of a run without a gate. (Until
issue 13's last round the search stopped at the light count and started again from
scratch inside the gate, which did the first :data:`LIGHT_NODES` nodes twice.)

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
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

__all__ = ["LIGHT_NODES", "gate", "set_gate"]

#: nodes a search may take outside the gate (a few milliseconds)
LIGHT_NODES = 50_000

Gate = Callable[[], AbstractContextManager[object]]

_gate: Gate = nullcontext


def set_gate(factory: Gate | None) -> None:
    """Install the gate long searches pass through (``None``: no gate)."""
    global _gate
    _gate = factory or nullcontext


def gate() -> AbstractContextManager[object]:
    """Enter the installed gate."""
    return _gate()
