"""The replayer's handlers are a declared table with exactly one entry for every declared
event type (record/event_types.py): its own ``_on_<type>`` method, keyed by the event class
its parameter is annotated with, or ``_kept`` for a type the replayer only keeps as a
marker. No handler is found by scanning the class."""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

from referee.record.event_types import DECLARED, EVENT_CLASSES, EventType
from referee.record.state import MARKERS

replay = importlib.import_module("referee.record.replay")  # (the package exports a function)


def test_every_declared_event_type_has_exactly_one_handler() -> None:
    assert set(replay._HANDLERS) == set(EVENT_CLASSES)
    assert {c.type for c in replay._HANDLERS} == set(EventType)
    source = inspect.getsource(replay)
    table = next(
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "_HANDLERS"
    )
    assert isinstance(table, ast.Call)  # written out: a list of handlers
    handlers = [ast.unparse(a) for a in table.args]
    assert len(handlers) == len(set(handlers))  # no handler written twice


def test_a_class_given_two_handlers_is_refused() -> None:
    with pytest.raises(TypeError, match="two handlers for Play"):
        replay._by_class(replay.Replayer._on_play, replay.Replayer._on_play)


def test_every_handler_method_is_in_the_table() -> None:
    methods = {n[len("_on_") :] for n in dir(replay.Replayer) if n.startswith("_on_")}
    assert methods == set(replay.HANDLED)


def test_each_type_is_handled_by_the_method_named_after_it() -> None:
    """The table is written out, not built from names: it must still pair each type with
    its own handler, and leave to ``_kept`` only types the replayer keeps as markers."""
    wrong = {
        cls.type: handler.__name__
        for cls, handler in replay._HANDLERS.items()
        if handler is not getattr(replay.Replayer, f"_on_{cls.type}", replay.Replayer._kept)
    }
    assert wrong == {}
    kept = {cls.type for cls, h in replay._HANDLERS.items() if h is replay.Replayer._kept}
    assert kept <= MARKERS
    assert all(DECLARED[kind].marker for kind in kept)
