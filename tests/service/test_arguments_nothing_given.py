"""Query strings and headers that give a schema nothing are not parsed on every request
(webargs' work for an empty query and absent headers, on every dispute); what a
request gets is the same, and anything it does give is parsed and checked as before."""

from __future__ import annotations

from typing import Any

import pytest
from webargs.flaskparser import FlaskParser

from tests.support.service import example


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The locations webargs reads a request's data from, in order."""
    seen: list[str] = []
    load = FlaskParser._load_location_data

    def watched(self: Any, *, schema: Any, req: Any, location: str) -> Any:
        seen.append(location)
        return load(self, schema=schema, req=req, location=location)

    monkeypatch.setattr(FlaskParser, "_load_location_data", watched)
    return seen


def _dispute(client: Any, headers: dict[str, str], query: str = "") -> Any:
    body = {"record": example("false-lead"), "note": "n"}
    return client.post("/v1/disputes" + query, json=body, headers=headers)


def test_a_dispute_without_query_or_idempotency_key_is_not_parsed_again(
    client: Any, keys: Any, loads: list[str]
) -> None:
    first = _dispute(client, keys["referee"])
    assert first.status_code == 201, first.json
    loads.clear()
    second = _dispute(client, keys["referee"])
    assert second.status_code == 201, second.json
    assert "query" not in loads and "headers" not in loads
    assert second.json["id"] != first.json["id"]  # two disputes: no key, no replay
    assert second.json["ruling"]["document"] == first.json["ruling"]["document"]
    assert second.json["ruling"]["language"] == "en"


def test_what_a_request_gives_is_still_parsed_and_checked(
    client: Any, keys: Any, loads: list[str]
) -> None:
    for _ in range(2):  # after requests that gave nothing
        assert _dispute(client, keys["referee"]).status_code == 201
    long_key = {**keys["referee"], "Idempotency-Key": "k" * 256}
    r = _dispute(client, long_key)
    assert r.status_code == 422 and "Idempotency-Key" in str(r.json)
    keyed = {**keys["referee"], "Idempotency-Key": "retry-1"}
    one, two = _dispute(client, keyed), _dispute(client, keyed)
    assert one.status_code == 201 and two.status_code == 201
    assert two.headers["Idempotent-Replayed"] == "true" and two.json["id"] == one.json["id"]
    r = _dispute(client, keys["referee"], "?note=x")
    assert r.status_code == 201 and r.json["note"] == "n"  # the body's own note first
    r = _dispute(client, keys["referee"], "?note=" + "x" * 501)
    assert r.status_code == 422 and r.json["errors"][0]["location"] == "query"
    r = client.get("/v1/disputes/" + str(one.json["id"]) + "?lang=xx", headers=keys["referee"])
    assert r.status_code == 400 and r.json["code"] == "language.unknown"  # the caller's error
    r = client.get("/v1/disputes/" + str(one.json["id"]) + "?lang=de", headers=keys["referee"])
    assert r.status_code == 200 and r.json["ruling"]["language"] == "de"
    r = client.get("/v1/disputes/" + str(one.json["id"]), headers=keys["referee"])
    assert r.status_code == 200 and r.json["ruling"]["language"] == "en"
    assert "query" in loads and "headers" in loads
