"""Archives sent as raw bytes (application/octet-stream), the one body a generated client
can send besides JSON and forms: a job names its format in ``?format=``, a part takes its
job's, an ISS import reads them as ISS text. The typed content types work as before; a
``?format=`` that disagrees with them is a 422 naming it, as is raw bytes without one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.service import EXAMPLES, example

PROBLEM = "application/problem+json"
OCTET = "application/octet-stream"
ISS = (EXAMPLES / "iss-record.sgf").read_text(encoding="utf-8").strip() + "\n"
LOG = json.dumps(example("revoke-objected")) + "\n"


def _post(client, keys, url: str, body: str, ctype: str = OCTET):  # type: ignore[no-untyped-def]
    return client.post(url, data=body.encode(), headers={**keys["platform"], "Content-Type": ctype})


def _problem(r, status: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:400])
    assert r.mimetype == PROBLEM
    return r.get_json()


@pytest.mark.parametrize("fmt, body", [("iss", ISS), ("skat-log", LOG)])
def test_a_job_sent_as_raw_bytes_takes_its_format_from_the_query(
    client, keys, fmt: str, body: str
) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, f"/v1/jobs?format={fmt}", body)
    assert r.status_code == 202, r.get_json()
    assert r.get_json()["format"] == fmt and r.get_json()["records"] == 1


def test_raw_bytes_without_a_format_are_a_422_naming_it(client, keys) -> None:  # type: ignore[no-untyped-def]
    problem = _problem(_post(client, keys, "/v1/jobs", ISS), 422)
    entry = problem["errors"][0]
    assert (entry["pointer"], entry["location"]) == ("/format", "query")
    assert "?format=iss" in entry["detail"] and OCTET in entry["detail"]
    assert client.get("/v1/jobs", headers=keys["platform"]).get_json() == []


@pytest.mark.parametrize(
    "ctype, fmt, body",
    [("text/x-iss-sgf", "skat-log", ISS), ("application/x-ndjson", "iss", LOG)],
)
def test_a_format_that_disagrees_with_the_content_type_is_a_422(
    client, keys, ctype: str, fmt: str, body: str
) -> None:  # type: ignore[no-untyped-def]
    problem = _problem(_post(client, keys, f"/v1/jobs?format={fmt}", body, ctype), 422)
    entry = problem["errors"][0]
    assert entry["pointer"] == "/format"
    assert f"?format={fmt}" in entry["detail"] and ctype in entry["detail"]
    assert client.get("/v1/jobs", headers=keys["platform"]).get_json() == []


def test_a_format_that_agrees_with_the_content_type_is_read(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, "/v1/jobs?format=iss", ISS, "text/x-iss-sgf")
    assert r.status_code == 202 and r.get_json()["format"] == "iss"


def test_a_part_sent_as_raw_bytes_is_read_in_its_jobs_format(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, "/v1/jobs?open=true", LOG, "application/x-ndjson")
    job = r.get_json()["id"]
    r = _post(client, keys, f"/v1/jobs/{job}/parts", LOG)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["parts"] == 2 and r.get_json()["records"] == 2
    # a part naming another format than its job's is refused, nothing appended
    problem = _problem(_post(client, keys, f"/v1/jobs/{job}/parts?format=iss", ISS), 422)
    assert "skat-log" in problem["detail"]
    r = _post(client, keys, f"/v1/jobs/{job}/parts?last=true&format=skat-log", LOG)
    assert r.status_code == 200 and r.get_json()["records"] == 3
    assert r.get_json()["state"] != "open"


def test_a_part_of_someone_elses_job_sent_as_raw_bytes_is_a_404(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, "/v1/jobs?open=true", LOG, "application/x-ndjson")
    job = r.get_json()["id"]
    r = _post(client, keys, f"/v1/jobs/{job + 1000}/parts", LOG)
    _problem(r, 404)


def test_an_iss_import_sent_as_raw_bytes_is_read_as_iss_text(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, "/v1/imports/iss", ISS)
    assert r.status_code == 200, r.get_data(as_text=True)[:400]
    lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert lines[0]["game"] == 541932 and "ruling" in lines[0]
    assert lines[-1]["summary"] == {"games": 1, "ruled": 1, "errors": 0}
    r = _post(client, keys, "/v1/imports/iss", ISS, f"{OCTET}; charset=latin-1")
    assert _problem(r, 415)["detail"].startswith("the body is declared as charset=latin-1")


def test_a_job_key_reused_with_other_parameters_is_told_so(client, keys) -> None:  # type: ignore[no-untyped-def]
    """The same archive under the same key with another ?lang= was refused as 'a
    different archive', which it was not."""
    headers = {**keys["platform"], "Content-Type": "application/x-ndjson", "Idempotency-Key": "j1"}
    assert client.post("/v1/jobs", data=LOG, headers=headers).status_code == 202
    problem = _problem(client.post("/v1/jobs?lang=de", data=LOG, headers=headers), 422)
    assert problem["code"] == "idempotency.mismatch"
    assert "other parameters" in problem["detail"] and "lang" in problem["detail"]
    assert len(client.get("/v1/jobs", headers=keys["platform"]).get_json()) == 1
