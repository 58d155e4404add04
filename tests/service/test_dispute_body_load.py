"""A dispute's JSON body that plainly passes is taken without walking marshmallow's
schema; whatever the body, the result or the error is marshmallow's own."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.api.dispute_schemas import NOTE_MAX, DisputeCreateSchema

SCHEMA = DisputeCreateSchema()

scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)
notes = st.sampled_from(["", "at table 7", "a\x00b", "x" * NOTE_MAX, "x" * (NOTE_MAX + 1)])
bodies = st.fixed_dictionaries(
    {},
    optional={
        "record": st.dictionaries(st.text(max_size=4), json_values, max_size=3) | json_values,
        "note": notes | json_values,
        "meta": st.none() | st.dictionaries(st.text(max_size=4), json_values) | json_values,
        "extra": json_values,
    },
)


def _outcome(load: Any, data: Any) -> tuple[str, Any]:
    try:
        return "ok", load(data)
    except ma.ValidationError as exc:
        return "error", exc.messages


@settings(max_examples=400, deadline=None)
@given(bodies | json_values)
def test_the_body_loads_as_marshmallow_loads_it(data: Any) -> None:
    fast = _outcome(SCHEMA.load, data)
    slow = _outcome(lambda d: ma.Schema.load(SCHEMA, d), data)
    assert fast == slow
    if fast[0] == "ok":
        assert list(fast[1]) == list(slow[1])  # the same keys in the same order
        if isinstance(data, dict) and isinstance(data.get("meta"), dict):
            assert fast[1]["meta"] is not data["meta"]  # a copy, as marshmallow's


def test_a_plain_body_takes_no_walk_of_the_schema(monkeypatch: Any) -> None:
    def walked(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("marshmallow's load ran")

    monkeypatch.setattr(ma.Schema, "load", walked)
    body = {"record": {"format": "skat-log/1"}, "note": "n", "meta": {"table": 7}}
    loaded = SCHEMA.load(body)
    assert loaded == {"record": body["record"], "note": "n", "meta": {"table": 7}}
    assert loaded["record"] is body["record"] and loaded["meta"] is not body["meta"]
    assert SCHEMA.load({"record": {}}) == {"record": {}, "note": "", "meta": None}
