"""The replayer's handlers are a table with exactly one entry for every declared event
type (record/event_types.py): the methods marked with ``@handles``, keyed by the event class
their ``event`` parameter is annotated with, or ``_kept`` for a type the replayer only
keeps as a marker. No list of types is kept beside the handlers, and no handler is found by
its name."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from referee.record import dispatch
from referee.record.event_types import DECLARED, EVENT_CLASSES, EventType
from referee.record.state import MARKERS

replay = importlib.import_module("referee.record.replay")  # (the package exports a function)


def test_every_declared_event_type_has_exactly_one_handler() -> None:
    assert set(replay._HANDLERS) == set(EVENT_CLASSES)
    assert {c.type for c in replay._HANDLERS} == set(EventType)


def test_the_table_is_every_marked_handler_and_nothing_else() -> None:
    assert set(replay._HANDLERS.values()) == set(dispatch._HANDLERS)
    assert len(dispatch._HANDLERS) == len(set(dispatch._HANDLERS))


def test_a_class_given_two_handlers_is_refused() -> None:
    with pytest.raises(TypeError, match="two handlers for Play"):
        dispatch.table(replay.Replayer._on_play, replay.Replayer._on_play)


def test_no_module_of_the_replayer_lists_the_types_it_handles() -> None:
    """A new type's handler is its one method: no table, alias or list in the replayer's
    modules names the handlers (``Replayer._on_play``) or binds one to another name."""
    folder = Path(replay.__file__).parent
    for name in ("replay.py", "replay_acts.py", "replay_bidding.py"):
        text = (folder / name).read_text(encoding="utf-8")
        assert not re.search(r"Replayer\._on_\w+", text), name
        assert not re.search(r"^\s*_on_\w+\s*=", text, flags=re.M), name


def test_only_types_kept_as_markers_have_no_handler_of_their_own() -> None:
    kept = {cls.type for cls, h in replay._HANDLERS.items() if h is replay.Replayer._kept}
    assert kept <= MARKERS
    assert all(DECLARED[kind].marker for kind in kept)
