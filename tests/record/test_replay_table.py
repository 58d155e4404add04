"""The replayer's handlers are a declared table: every declared event type is handled or
kept as a marker, and every ``_on_<type>`` method is in the table (none found by scanning
the class)."""

from __future__ import annotations

import importlib

from referee.record.events import EVENT_FIELDS
from referee.record.state import MARKERS

replay = importlib.import_module("referee.record.replay")  # (the package exports a function)


def test_every_handler_is_a_declared_event_type_and_in_the_table() -> None:
    methods = {n[len("_on_") :] for n in dir(replay.Replayer) if n.startswith("_on_")}
    assert methods == set(replay.HANDLED)
    assert set(replay.HANDLED) <= set(EVENT_FIELDS)


def test_every_declared_event_type_is_handled_or_kept_as_a_marker() -> None:
    assert set(EVENT_FIELDS) - set(replay.HANDLED) - MARKERS == set()


def test_each_type_is_handled_by_the_method_named_after_it() -> None:
    """The table is written out, not built from names: it must still pair each type with
    its own handler."""
    wrong = {
        kind: handler.__name__
        for kind, handler in replay._HANDLERS.items()
        if handler is not getattr(replay.Replayer, f"_on_{kind}")
    }
    assert wrong == {}
