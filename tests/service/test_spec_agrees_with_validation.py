"""What the committed spec allows, validation allows, and what it refuses, validation
refuses: the requests schemathesis found on the border, each checked both ways (the
spec's schema with a JSON Schema validator, the service through the app)."""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import marshmallow as ma
import pytest
import yaml

from referee.api.contract import NOT_BLANK
from referee.api.job_schemas import WebhookCreateSchema
from tests.support.service import ISS_DIR, example

ROOT = Path(__file__).resolve().parents[2]
ISS = "text/x-iss-sgf"


@cache
def _spec() -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load((ROOT / "api_spec" / "openapi.yaml").read_text())
    return doc


def _body_schema(path: str, method: str, mimetype: str) -> dict[str, Any]:
    schema: dict[str, Any] = _spec()["paths"][path][method]["requestBody"]["content"][mimetype][
        "schema"
    ]
    return schema


def _valid(schema: dict[str, Any], value: Any) -> bool:
    validator = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    return validator.is_valid(value)


# -- webhook URLs ---------------------------------------------------------------------------

URLS = [
    ("https://platform.example/skat/hooks", True),
    ("HTTP://hooks.example:8443/in?x=1", True),
    ("not a url", False),
    ("ftp://files.example/in", False),
    ("http://", False),
    ("//hooks.example/in", False),
    ("mailto:ops@example.org", False),
    ("https:/hooks.example", False),
    ("", False),
]


@pytest.mark.parametrize(("url", "good"), URLS)
def test_the_spec_and_the_validator_agree_on_a_webhook_url(url: str, good: bool) -> None:
    """The spec said ``format: url`` (no JSON Schema format: any string passed), while the
    validator takes http(s) URLs only."""
    schema = _spec()["components"]["schemas"]["WebhookCreate"]
    doc = {"url": url, "events": ["job.done"]}
    assert _valid(schema, doc) is good
    try:
        WebhookCreateSchema().load(doc)
        loaded = True
    except ma.ValidationError:
        loaded = False
    assert loaded is good


def test_a_webhook_url_that_is_no_url_is_refused_by_the_schema(client: Any, keys: Any) -> None:
    r = client.post(
        "/v1/webhooks", json={"url": "not a url", "events": ["job.done"]}, headers=keys["platform"]
    )
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "url"


# -- ISS imports and job archives ------------------------------------------------------------

ISS_BODIES = [
    ("", False),
    ("00", False),
    (" \n\t\n", False),
    ("(;", True),
    ((ISS_DIR / "jskat-samples.sgf").read_text(encoding="utf-8"), True),
]


@pytest.mark.parametrize(("body", "good"), ISS_BODIES, ids=range(len(ISS_BODIES)))
def test_an_iss_import_the_spec_allows_is_imported(
    client: Any, keys: Any, body: str, good: bool
) -> None:
    """The spec took any non-empty text; a body without an ISS record is a 422."""
    assert _valid(_body_schema("/v1/imports/iss", "post", ISS), body) is good
    r = client.post("/v1/imports/iss", data=body, content_type=ISS, headers=keys["platform"])
    assert (r.status_code == 200) is good, r.get_data(as_text=True)[:300]
    if not good:
        assert r.status_code == 422


def test_a_job_archive_is_blank_to_the_spec_exactly_when_it_is_to_the_service() -> None:
    """The archive's lines are stripped with ``str.strip``: the spec's pattern names every
    character that is not Python's white space (JSON Schema's ``\\s`` is another set)."""
    schema = _body_schema("/v1/jobs", "post", ISS)
    assert schema["pattern"] == NOT_BLANK
    differ = [
        hex(i) for i in range(0x110000) if bool(re.search(NOT_BLANK, chr(i))) == chr(i).isspace()
    ]
    assert differ == []
    for body in ("\x1c\x1d \n", "\u3000\n\u2028", "\ufeff"):
        assert _valid(schema, body) is (body.strip() != "")


@pytest.mark.parametrize(("body", "good"), [(" \n\x1f\n", False), ("\ufeff\n", True)])
def test_a_job_archive_the_spec_allows_is_stored(
    client: Any, keys: Any, body: str, good: bool
) -> None:
    assert _valid(_body_schema("/v1/jobs", "post", ISS), body) is good
    r = client.post("/v1/jobs", data=body.encode(), content_type=ISS, headers=keys["platform"])
    assert r.status_code == (202 if good else 422), r.get_data(as_text=True)[:300]


# -- disputes: a note in the query, a replay past the end, a misdeal's hands --------------------


def test_a_note_in_the_query_goes_with_a_json_body_too(client: Any, keys: Any) -> None:
    """The spec offers ``note`` in the query of createDispute whatever the body; with a
    JSON body it used to be a 422. It is the note when the body gives none."""
    h = keys["referee"]
    params = _spec()["paths"]["/v1/disputes"]["post"]["parameters"]
    assert any(p["name"] == "note" and p["in"] == "query" for p in params)
    r = client.post(
        "/v1/disputes?note=from+the+query", json={"record": example("revoke-objected")}, headers=h
    )
    assert r.status_code == 201 and r.json["note"] == "from the query"
    body = {"record": example("revoke-objected"), "note": "from the body"}
    r = client.post("/v1/disputes?note=from+the+query", json=body, headers=h)
    assert r.status_code == 201 and r.json["note"] == "from the body"


def test_a_replay_index_past_the_record_is_no_step_of_it(client: Any, keys: Any) -> None:
    """The spec bounds ``at`` below only (the record's length is the dispute's): past the
    last event the step is not found, a 404 as the spec documents, not a 422."""
    h = keys["referee"]
    record = example("revoke-objected")
    created = client.post("/v1/disputes", json={"record": record}, headers=h).json
    url = f"/v1/disputes/{created['id']}/replay"
    last = len(record["events"]) - 1
    assert client.get(f"{url}?at={last}", headers=h).status_code == 200
    for at in (last + 1, 2**31):
        r = client.get(f"{url}?at={at}", headers=h)
        assert r.status_code == 404, r.json
        assert r.json["code"] == "replay.bad_index" and r.json["errors"][0]["pointer"] == "/at"
    responses = _spec()["paths"]["/v1/disputes/{dispute_id}/replay"]["get"]["responses"]
    assert "404" in responses and "422" in responses  # at=-2 stays a schema error


@cache
def _skat_log() -> dict[str, Any]:
    import json

    doc: dict[str, Any] = json.loads((ROOT / "api_spec" / "skat-log-1.schema.json").read_text())
    return doc


def test_a_misdealt_hand_of_more_than_ten_cards_is_ruled_as_the_spec_allows(
    client: Any, keys: Any
) -> None:
    """A misdeal is recorded as dealt (all 32 cards, unevenly): eleven cards in a hand are
    valid to the spec and ruled; more than 32 in a hand are refused by both."""
    record = example("revoke-objected")
    eleven = copy.deepcopy(record)
    eleven["deal"]["forehand"].append(eleven["deal"]["skat"].pop())
    assert _valid(_skat_log(), eleven)
    r = client.post("/v1/adjudications", json=eleven, headers=keys["referee"])
    assert r.status_code == 200, r.json
    assert "wrong_card_count" in {i["kind"] for i in r.json["infractions"]}
    too_many = copy.deepcopy(record)
    too_many["deal"]["forehand"] = [f"{s}{r}" for s in "CSHD" for r in "AKQJT987"] + ["CA"]
    assert not _valid(_skat_log(), too_many)
    r = client.post("/v1/adjudications", json=too_many, headers=keys["referee"])
    assert r.status_code == 422


def test_a_record_whose_rules_are_null_is_valid_to_both(client: Any, keys: Any) -> None:
    """The replayer reads ``"rules": null`` as the default rule set; the spec refused it."""
    record = {**example("revoke-objected"), "rules": None}
    assert _valid(_skat_log(), record)
    r = client.post("/v1/adjudications", json=record, headers=keys["referee"])
    assert r.status_code == 200 and r.json["rules"]["edition"] == "1998"
    assert not _valid(_skat_log(), {**record, "rules": "1998"})
    r = client.post("/v1/adjudications", json={**record, "rules": "1998"}, headers=keys["referee"])
    assert r.status_code == 422


# -- owner names ------------------------------------------------------------------------------

OWNERS = [
    ("Turnier Bremen 2026", True),
    ("  Turnier  ", True),
    ("\ufeff", True),
    ("\f", False),
    (" \x1c\u3000\u2028", False),
    ("Bremen\x00", False),
]


@pytest.mark.parametrize(("owner", "good"), OWNERS, ids=range(len(OWNERS)))
def test_an_owner_name_the_spec_allows_is_taken(
    client: Any, keys: Any, owner: str, good: bool
) -> None:
    """An owner is stripped with ``str.strip``: a name of white space only (a form feed)
    was valid to the spec and a 422 to the service."""
    body = {"owner": owner, "edition": "2022"}
    assert _valid(_spec()["components"]["schemas"]["OwnerEdition"], body) is good
    r = client.put("/v1/keys/owners", json=body, headers=keys["admin"])
    assert (r.status_code == 200) is good, r.get_data(as_text=True)[:300]
    if not good:  # a NUL anywhere in a JSON body is a 400 before any field is read
        assert r.status_code == (400 if "\x00" in owner else 422)
