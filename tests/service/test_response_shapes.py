"""The dispute and ruling responses built directly are what marshmallow's dump gives.

``DisputeSchema`` and ``RulingRevisionSchema`` build their JSON from the presenters' dicts
without walking every field through marshmallow (a stored dispute's response
cost more than its storage). Here both ways are compared on stored disputes: a first
ruling, an appeal with an amended record (its appeal and comparison), several languages,
a dispute with context and one without.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
import pytest

from referee.api import presenters
from referee.api.dispute_schemas import DisputeSchema, RulingRevisionSchema
from tests.support.service import example

SCHEDULE = {"next_series_starts_at": "2026-05-02T14:00:00+02:00", "table": 7}


def _marshmallow(schema: ma.Schema, obj: Any, *, many: bool = False) -> Any:
    """The plain marshmallow dump the schema's own ``dump`` stands in for."""
    return ma.Schema.dump(schema, obj, many=many)


def _stored(app: Any, client: Any, keys: Any) -> list[Any]:
    ids = []
    for name, meta in (("revoke-objected", SCHEDULE), ("suit-game-clean", None)):
        body: dict[str, Any] = {"record": example(name), "note": "at table 7"}
        if meta is not None:
            body["meta"] = meta
        r = client.post("/v1/disputes", json=body, headers=keys["referee"])
        assert r.status_code == 201, r.json
        ids.append(r.json["id"])
    r = client.post(
        f"/v1/disputes/{ids[0]}/appeals",
        json={
            "grounds": "the revoke was claimed after the cards were gathered",
            "lodged_at": "2026-05-02T13:45:00+02:00",
            "record": example("false-lead"),
        },
        headers=keys["court"],
    )
    assert r.status_code == 201, r.json
    service = app.extensions["referee"].disputes
    return [service._load_dispute(i) for i in ids]


@pytest.mark.parametrize("lang", ["de", "en", "es"])
def test_dispute_response_is_marshmallows_dump(app, client, keys, lang: str) -> None:
    disputes = _stored(app, client, keys)
    assert [len(d.rulings) for d in disputes] == [2, 1]  # an appeal and a first ruling
    schema = DisputeSchema()
    for d in disputes:
        shaped = presenters.dispute(d, lang)
        assert schema.dump(shaped) == _marshmallow(schema, shaped)
    many = [presenters.dispute(d, lang) for d in disputes]
    assert DisputeSchema(many=True).dump(many) == _marshmallow(
        DisputeSchema(many=True), many, many=True
    )


def test_ruling_revisions_are_marshmallows_dump(app, client, keys) -> None:
    disputes = _stored(app, client, keys)
    revisions = [presenters.ruling(r, "es", d.rulings) for d in disputes for r in d.rulings]
    assert any(r["appeal"] and r["comparison"] for r in revisions)
    schema = RulingRevisionSchema()
    for r in revisions:
        assert schema.dump(r) == _marshmallow(schema, r)
    assert RulingRevisionSchema(many=True).dump(revisions) == _marshmallow(
        RulingRevisionSchema(many=True), revisions, many=True
    )


def test_anything_else_still_goes_to_marshmallow() -> None:
    """A dict that is not a presenter's (a field missing) is dumped by marshmallow."""
    partial = {"id": 3, "url": "/v1/disputes/1/rulings/3"}
    assert RulingRevisionSchema().dump(partial) == {"id": 3, "url": "/v1/disputes/1/rulings/3"}
