"""The integration contract: the spec describes what the service sends.

Every response of the API tests is checked against api_spec/openapi.yaml by the test
client (tests/support/contract.py); these tests check the spec itself, the formats'
JSON Schemas against every ruling and replay the project can make, and the fixes that
make the responses consistent (pointers, content types, pagination, filters).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from referee.api.contract import FORMATS, NO_EXAMPLE_TYPES, format_schema
from referee.core.errors import RefereeError
from referee.record.replay_json import replay_document
from referee.service import engine
from tests.support.contract import Contract, contract
from tests.support.service import EXAMPLES, ROOT, example

ISS_EXAMPLES = ROOT / "examples" / "iss"

PROBLEM = "application/problem+json"
CASES = sorted(p for p in (ROOT / "tests" / "cases").glob("*/*.json") if ".expected" not in p.name)
RECORDS = [*CASES, *sorted(EXAMPLES.glob("*.json"))]
METHODS = ("get", "post", "put", "patch", "delete")


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    spec = contract().spec
    return [
        (path, method, op)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if method in METHODS
    ]


def _validator(name: str) -> Draft202012Validator:
    schema = format_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def _record(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


# -- the formats --------------------------------------------------------------------------


def test_every_ruling_of_every_case_matches_skat_ruling_1_in_every_language():
    validator = _validator("skat-ruling-1")
    ruled = 0
    for path in RECORDS:
        for lang in ("de", "en", "es"):
            try:
                ruling = engine.adjudicate(_record(path), lang=lang)
            except RefereeError:
                continue
            errors = [e.message for e in validator.iter_errors(ruling)]
            assert not errors, (path.name, lang, errors[:3])
            ruled += 1
    assert ruled > 300


def test_every_replay_of_every_case_matches_the_replay_schema():
    validator = _validator("skat-replay-1")
    for path in RECORDS:
        record = _record(path)
        try:
            whole = replay_document(record)
        except RefereeError:
            continue
        for at in range(-1, whole["event"] + 1, 3):
            errors = [e.message for e in validator.iter_errors(replay_document(record, at=at))]
            assert not errors, (path.name, at, errors[:3])


def test_every_example_record_matches_skat_log_1():
    validator = _validator("skat-log-1")
    for path in sorted(EXAMPLES.glob("*.json")):
        assert not [e.message for e in validator.iter_errors(_record(path))], path.name


def test_the_schemas_are_served_at_stable_urls_and_embedded_in_the_spec(client):
    spec = client.get("/openapi.json").json
    for name, component in FORMATS.items():
        r = client.get(f"/schemas/{name}.json")
        assert r.status_code == 200 and r.mimetype == "application/schema+json"
        assert r.json == format_schema(name) and r.json["$schema"].endswith("2020-12/schema")
        embedded = spec["components"]["schemas"][component]
        assert embedded["properties"].keys() == r.json["properties"].keys()
    ruling = spec["paths"]["/v1/adjudications"]["post"]["responses"]["200"]
    assert ruling["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SkatRuling"
    }


# -- the spec -----------------------------------------------------------------------------


def test_every_operation_has_a_stable_id_a_plain_summary_and_its_errors():
    spec = contract().spec
    ids = [op["operationId"] for _path, _method, op in _operations()]
    assert len(ids) == len(set(ids)) and all(ids)
    assert spec["security"] == [{"bearer": []}]
    for path, method, op in _operations():
        assert op["summary"] and "`" not in op["summary"], (path, method)
        assert "``" not in op.get("description", ""), (path, method)
        assert "default" not in op["responses"]
        assert "500" in op["responses"]
        if op.get("security") == []:  # open to anyone: health, readiness, the schemas
            assert not path.startswith("/v1/")
            continue
        assert "401" in op["responses"] and "429" in op["responses"], (path, method)
        if "requestBody" in op:
            for status in ("413", "415", "422"):
                assert status in op["responses"], (path, method, status)


def test_anonymous_operations_are_marked():
    anonymous = {op["operationId"]: op.get("security") for _p, _m, op in _operations()}
    assert anonymous["ruleRecord"] == [{"bearer": []}, {}]
    assert anonymous["listRules"] == [{"bearer": []}, {}]
    assert anonymous["getHealth"] == []
    assert "security" not in [k for k in anonymous if k == "createDispute"]


def test_request_and_response_examples_match_their_schemas():
    checked = 0
    for path, method, op in _operations():
        base = f"/paths/{path.replace('/', '~1')}/{method}"
        bodies = [("requestBody", op.get("requestBody", {}))]
        bodies += [(f"responses/{s}", r) for s, r in op["responses"].items()]
        for where, body in bodies:
            for mimetype, media in (body.get("content") or {}).items():
                if "json" not in mimetype or "schema" not in media:
                    continue
                pointer = f"{base}/{where}/content/{mimetype.replace('/', '~1')}/schema"
                values = [e["value"] for e in (media.get("examples") or {}).values()]
                values += [media["example"]] if "example" in media else []
                for value in values:
                    assert contract()._validate(value, pointer) == [], (path, method, where)
                    checked += 1
    assert checked >= 30  # every operation's answer has its example (below)
    record = contract().spec["paths"]["/v1/adjudications"]["post"]["requestBody"]
    assert record["content"]["application/json"]["examples"]["revoke-objected"]["value"] == (
        example("revoke-objected")
    )


def test_the_contract_client_catches_a_response_off_the_spec(client, keys, monkeypatch):
    """The check that runs on every response can fail: a member the spec does not know,
    a status it does not list, a header it does not name."""
    real = engine.adjudicate
    monkeypatch.setattr(engine, "adjudicate", lambda *a, **k: {**real(*a, **k), "extra": 1})
    with pytest.raises(AssertionError, match="extra"):
        client.post("/v1/adjudications", json=example("false-lead"), headers=keys["platform"])
    spec = json.loads(json.dumps(contract().spec))
    del spec["paths"]["/v1/rules"]["get"]["responses"]["200"]["headers"]["X-RateLimit-Limit"]
    del spec["paths"]["/v1/rules"]["get"]["responses"]["401"]
    strict = Contract(spec)
    r = client.get("/v1/rules?q=revoke", headers=keys["platform"])
    assert strict.check("GET", "/v1/rules", r) == ["header x-ratelimit-limit is not documented"]
    r = client.get("/v1/rules", headers={"Authorization": "Bearer nope"})
    assert strict.check("GET", "/v1/rules", r) == ["status 401 is not documented"]


# -- consistency --------------------------------------------------------------------------


def test_malformed_json_names_line_and_column(client, keys):
    body = '{\n  "format": "skat-log/1",\n  "deal": {,\n}'
    r = client.post(
        "/v1/adjudications", data=body, content_type="application/json", headers=keys["platform"]
    )
    assert r.status_code == 400 and r.content_type == PROBLEM
    error = r.json["errors"][0]
    assert (error["line"], error["column"]) == (3, 12) and error["code"] == "request.malformed"
    assert "line 3, column 12" in r.json["detail"]
    r = client.post(
        "/v1/disputes", data="[1,", content_type="application/json", headers=keys["referee"]
    )
    assert r.status_code == 400 and r.json["errors"][0]["line"] == 1


@pytest.mark.parametrize("url", ["/v1/adjudications", "/v1/disputes", "/v1/imports/iss"])
def test_iss_records_come_as_text_x_iss_sgf_or_text_plain(client, keys, url):
    text = (EXAMPLES / "iss-record.sgf").read_text(encoding="utf-8")
    who = keys["platform"]
    for mimetype in ("text/x-iss-sgf", "text/plain"):
        r = client.post(url, data=text, content_type=mimetype, headers=who)
        assert r.status_code in (200, 201), (mimetype, r.get_data(as_text=True)[:300])
    r = client.post(url, data=text, content_type="application/xml", headers=who)
    assert r.status_code == 415 and r.content_type == PROBLEM
    assert "text/x-iss-sgf" in r.json["detail"] and "text/plain" in r.json["detail"]


def test_a_json_only_body_in_another_type_is_a_415_naming_json(client, keys):
    r = client.post("/v1/keys", data="role=court", content_type="text/plain", headers=keys["admin"])
    assert r.status_code == 415 and "application/json" in r.json["detail"]


def test_x_pagination_is_complete_on_empty_and_past_the_end_pages(client, keys):
    h = keys["referee"]
    empty = json.loads(client.get("/v1/disputes", headers=h).headers["X-Pagination"])
    assert empty == {"total": 0, "total_pages": 0, "first_page": 1, "last_page": 1, "page": 1}
    client.post("/v1/disputes", json={"record": example("false-lead")}, headers=h)
    past = json.loads(client.get("/v1/disputes?page=5", headers=h).headers["X-Pagination"])
    assert past["page"] == 5 and past["previous_page"] == 1 and "next_page" not in past


def test_unknown_kind_is_a_422_in_disputes_and_rules(client, keys):
    for url in ("/v1/disputes?kind=no_such_kind", "/v1/rules?kind=no_such_kind"):
        r = client.get(url, headers=keys["referee"])
        assert r.status_code == 422 and r.json["errors"][0]["pointer"] == "/kind", url
    assert client.get("/v1/rules?kind=revoke", headers=keys["referee"]).status_code == 200


def test_pointers_are_rfc_6901(client, keys):
    bad = example("false-lead")
    bad["deal"]["middlehand"][2] = "ZZ"
    r = client.post("/v1/disputes", json={"record": bad}, headers=keys["referee"])
    assert r.status_code == 422
    pointers = [e["pointer"] for e in r.json["errors"]]
    assert pointers == ["/record/deal/middlehand/2"], r.json


def test_one_name_for_the_language_and_no_ruling_ruling(client, keys):
    r = client.post(
        "/v1/disputes?lang=de", json={"record": example("false-lead")}, headers=keys["referee"]
    )
    revision = r.json["ruling"]
    assert revision["language"] == revision["document"]["language"] == "de"
    assert "ruling" not in revision and "lang" not in revision
    clause = client.get("/v1/rules/isko-4.2.3?lang=es", headers=keys["referee"]).json
    assert clause["language"] == "es" and "lang" not in clause


def test_an_event_time_is_an_rfc_3339_date_time_as_the_schema_says(client, keys):
    record = example("false-lead")
    record["events"][0]["time"] = "yesterday"
    r = client.post("/v1/adjudications", json=record, headers=keys["platform"])
    assert r.status_code == 422 and r.json["errors"][0]["pointer"] == "/events/0/time"
    record["events"][0]["time"] = "2026-03-14T19:02:11Z"
    assert (
        client.post("/v1/adjudications", json=record, headers=keys["platform"]).status_code == 200
    )


def test_an_import_without_iss_records_is_a_422(client, keys):
    who = {**keys["platform"], "Content-Type": "text/plain"}
    for body in ("", "\n\n", "{}\nno record here\n"):
        r = client.post("/v1/imports/iss", data=body, headers=who)
        assert r.status_code == 422 and r.content_type == PROBLEM, body
    r = client.post("/v1/imports/iss", data="{}", headers=who)
    assert r.json["code"] == "iss.not_iss" and r.json["errors"][0]["line"] == 1


def test_a_request_without_a_key_is_a_401_before_its_body_is_read(client, keys):
    """The key is checked before the parameters and the body: a request with a bad body
    and no key is a 401, not a 422 that would tell what the body should be."""
    r = client.post("/v1/webhooks", json={"url": "", "events": ["job.done"]})
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get("/v1/disputes?kind=no_such_kind").status_code == 401
    r = client.get("/v1/disputes?kind=no_such_kind", headers=keys["referee"])
    assert r.status_code == 422


def test_a_card_listed_twice_in_one_event_is_refused_as_the_schema_says(client, keys):
    """skat-log/1's card arrays are uniqueItems (schemathesis found C7 shown twice ruled)."""
    record = example("false-lead")
    shown = {"type": "expose", "seat": "forehand", "cards": ["C7", "C7"], "how": "shown"}
    record["events"].insert(0, shown)
    r = client.post("/v1/adjudications", json=record, headers=keys["platform"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == "/events/0/cards/1"
    assert r.json["code"] == "event.duplicate_card"


@pytest.mark.parametrize("part", ["players", "meta"])
def test_a_null_where_skat_log_wants_an_object_is_refused(client, keys, part: str):
    """skat-log/1 types players and meta as objects: null is refused at its pointer, as
    schemathesis found (players: null was ruled 200); leaving them out is fine."""
    record = example("revoke-objected")
    record[part] = None
    r = client.post("/v1/adjudications", json=record, headers=keys["platform"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == f"/{part}"
    del record[part]
    assert (
        client.post("/v1/adjudications", json=record, headers=keys["platform"]).status_code == 200
    )


def test_an_event_with_an_empty_list_of_cards_is_refused_as_the_schema_says(client, keys):
    """skat-log/1's card arrays hold at least one card (minItems); schemathesis found an
    expose of no cards ruled 200."""
    record = example("false-lead")
    record["events"].insert(0, {"type": "expose", "seat": "forehand", "cards": []})
    r = client.post("/v1/adjudications", json=record, headers=keys["platform"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == "/events/0/cards"


def test_every_operation_has_request_and_response_examples():
    """examples for every operation, in the request (where it has a body) and in
    its 2xx answer; the JSON Schemas the service serves are their own example."""
    missing = []
    for path, method, op in _operations():
        if path.startswith("/schemas/"):
            continue
        for status, response in op["responses"].items():
            for mimetype, media in (response.get("content") or {}).items():
                if str(status).startswith("2") and not {"example", "examples"} & set(media):
                    missing.append(f"{method.upper()} {path} {status} {mimetype}")
        for mimetype, media in (op.get("requestBody", {}).get("content") or {}).items():
            if mimetype in NO_EXAMPLE_TYPES:  # JSON lines: no tool can serialize one
                continue
            if not {"example", "examples"} & set(media):
                missing.append(f"{method.upper()} {path} request {mimetype}")
    assert missing == []


@pytest.mark.parametrize("url", ["/v1/adjudications", "/v1/disputes"])
def test_an_iss_record_sent_as_json_is_told_its_content_type(client, keys, url) -> None:  # type: ignore[no-untyped-def]
    """Before, only "malformed JSON at line 1, column 1"."""
    iss = (ISS_EXAMPLES / "jskat-samples.sgf").read_text(encoding="utf-8").splitlines()[0]
    r = client.post(url, data=iss, content_type="application/json", headers=keys["referee"])
    assert r.status_code == 400
    detail = r.get_json(force=True)["detail"]
    assert "malformed JSON" in detail and "text/x-iss-sgf" in detail, detail
