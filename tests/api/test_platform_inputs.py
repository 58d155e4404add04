"""What a careless platform sends and how the API answers: each case is a clear 4xx
problem (or the request done as meant), never a silently different request, and nothing
stored is altered."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.service import ISS_DIR, example

PROBLEM = "application/problem+json"


def _problem(r, status: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:400])
    assert r.mimetype == PROBLEM
    return r.get_json()


def _dispute(client, keys) -> int:  # type: ignore[no-untyped-def]
    r = client.post("/v1/disputes", json={"record": example("left")}, headers=keys["platform"])
    assert r.status_code == 201, r.get_json()
    return int(r.get_json()["id"])


# -- a JSON body sent without a Content-Type --------------------------------------------------
def test_an_appeal_sent_without_a_content_type_is_read_as_json(client, keys) -> None:  # type: ignore[no-untyped-def]
    """The operations that read their body themselves (rule, store) take a body without a
    Content-Type as JSON; the appeal did not read it at all and answered that ``grounds``
    was missing, though the body held it."""
    dispute = _dispute(client, keys)
    body = json.dumps({"grounds": "the revoke was not objected to in time"}).encode()
    r = client.post(f"/v1/disputes/{dispute}/appeals", data=body, headers=keys["court"])
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["appeal"]["grounds"] == "the revoke was not objected to in time"


def test_a_body_without_a_content_type_that_is_not_json_is_a_400_naming_line_and_column(
    client, keys
) -> None:  # type: ignore[no-untyped-def]
    dispute = _dispute(client, keys)
    r = client.post(f"/v1/disputes/{dispute}/appeals", data=b'{"grounds": ', headers=keys["court"])
    entry = _problem(r, 400)["errors"][0]
    assert (entry["line"], entry["column"]) == (1, 13)
    revisions = client.get(f"/v1/disputes/{dispute}/rulings", headers=keys["platform"])
    assert len(revisions.get_json()) == 1


# -- the context kept in columns: text, never a Python form -----------------------------------
@pytest.mark.parametrize(
    "name, value",
    [("table", {"a": 1}), ("table", [7]), ("table", True), ("event", {"name": "Bremen"})],
)
@pytest.mark.parametrize("in_record", [False, True])
def test_a_table_or_event_that_is_no_text_or_number_is_a_422(
    client, keys, name: str, value: Any, in_record: bool
) -> None:  # type: ignore[no-untyped-def]
    """``table`` and ``event`` are stored as text; an object, an array or a boolean has
    no text form the platform could filter by (it was stored as Python wrote it:
    ``{'a': 1}``, ``True``)."""
    record = example("left")
    body: dict[str, Any] = {"record": record}
    if in_record:
        record["meta"] = {**record.get("meta", {}), name: value}
    else:
        body["meta"] = {name: value}
    problem = _problem(client.post("/v1/disputes", json=body, headers=keys["platform"]), 422)
    field = f"record.meta.{name}" if in_record else f"meta.{name}"
    assert problem["code"] == "dispute.meta_type"
    assert problem["errors"][0]["pointer"] == "/" + field.replace(".", "/")
    assert client.get("/v1/disputes", headers=keys["platform"]).get_json() == []


@pytest.mark.parametrize("value, text", [(7, "7"), ("7a", "7a"), (7.5, "7.5")])
def test_a_table_given_as_a_number_or_text_is_stored_as_text(
    client, keys, value: Any, text: str
) -> None:  # type: ignore[no-untyped-def]
    body = {"record": example("left"), "meta": {"table": value}}
    r = client.post("/v1/disputes", json=body, headers=keys["platform"])
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["table"] == text


# -- a query parameter the operation does not know --------------------------------------------
@pytest.mark.parametrize(
    "method, path, name",
    [
        ("POST", "/v1/adjudications?editon=2022", "editon"),
        ("POST", "/v1/adjudications?language=de", "language"),
        ("GET", "/v1/jobs?state=running", "state"),
        ("GET", "/v1/jobs/1/results?afer=300", "afer"),
        ("GET", "/v1/disputes/1/rulings?page=2", "page"),
        ("GET", "/v1/webhooks?event=job.done", "event"),
        ("GET", "/v1/rules?search=revoke", "search"),
    ],
)
def test_a_query_parameter_the_operation_does_not_know_is_a_422_naming_it(
    client, keys, method: str, path: str, name: str
) -> None:  # type: ignore[no-untyped-def]
    """A misspelt parameter was ignored: ``?afer=300`` read the results from the first
    line, ``?editon=2022`` ruled under the default edition, ``?page=2`` of a list that has
    no pages gave the whole list; the platform could not tell."""
    body = example("revoke-objected") if method == "POST" else None
    r = client.open(path, method=method, json=body, headers=keys["platform"])
    problem = _problem(r, 422)
    assert problem["code"] == "request.invalid"
    assert problem["errors"] == [
        {
            "location": "query",
            "pointer": f"/{name}",
            "field": name,
            "detail": "unknown query parameter",
        }
    ]


def test_the_query_parameters_an_operation_declares_still_pass(client, keys) -> None:  # type: ignore[no-untyped-def]
    record = example("revoke-objected")
    r = client.post("/v1/adjudications?lang=de&edition=2022", json=record, headers=keys["platform"])
    assert r.status_code == 200 and r.get_json()["language"] == "de"
    r = client.get("/v1/jobs?page=1&page_size=5", headers=keys["platform"])
    assert r.status_code == 200
    dispute = _dispute(client, keys)
    r = client.get(f"/v1/disputes/{dispute}/replay?at=-1&lang=es", headers=keys["platform"])
    assert r.status_code == 200


def test_an_unknown_query_parameter_without_a_key_is_still_a_401(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/v1/jobs/1/results?afer=3")
    assert r.status_code == 401


# -- a callback URL on port 0 -----------------------------------------------------------------
def test_a_callback_url_on_port_0_is_refused_naming_the_url(make_app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``http://host:0/`` was registered, and each delivery went to port 80 of the host
    (port 0 counted as "no port given"): a URL that names one server and reaches
    another."""
    app = make_app(
        queue_immediate=True,
        queue_path=str(tmp_path / "q"),
        webhook_allow_networks=("127.0.0.0/8",),
    )
    _key, secret = app.extensions["referee"].keys.create("platform", "ISS")
    auth = {"Authorization": f"Bearer {secret}"}
    client = app.test_client()
    for url in ("http://127.0.0.2:0/hook", "https://127.0.0.2:0/hook"):
        r = client.post("/v1/webhooks", json={"url": url, "events": ["job.done"]}, headers=auth)
        problem = _problem(r, 422)
        assert problem["code"] == "webhook.url_refused"
        assert problem["errors"][0]["pointer"] == "/url"
        assert "port is 0" in problem["detail"]
    assert client.get("/v1/webhooks", headers=auth).get_json() == []
    url = "http://127.0.0.2:8080/hook"
    r = client.post("/v1/webhooks", json={"url": url, "events": ["job.done"]}, headers=auth)
    assert r.status_code == 201, r.get_json()


@pytest.mark.parametrize(
    "path, name",
    [
        ("/v1/disputes?table=7&table=8", "table"),
        ("/v1/disputes?lang=de&lang=xx", "lang"),
        ("/v1/jobs/1/results?after=3&after=0", "after"),
    ],
)
def test_a_query_parameter_given_twice_is_a_422_naming_it(
    client, keys, path: str, name: str
) -> None:  # type: ignore[no-untyped-def]
    """Each parameter takes one value; the first of two was used and the other dropped
    without a word (``?table=7&table=8`` listed table 7 alone)."""
    problem = _problem(client.get(path, headers=keys["platform"]), 422)
    assert problem["errors"] == [
        {
            "location": "query",
            "pointer": f"/{name}",
            "field": name,
            "detail": "given more than once; give it once",
        }
    ]


# -- an archive line that is not UTF-8 --------------------------------------------------------
def test_an_archive_line_that_is_not_utf8_is_an_error_line_never_a_repaired_record(
    make_app, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """A single record that is not UTF-8 is a 400; in an archive the line was decoded with
    replacement characters and ruled as if the record said so (a player ``J\ufffdrgen``):
    the evidence repaired. It is an error line of its own, naming the byte; the other
    lines are ruled."""
    app = make_app(queue_immediate=True, job_chunk_records=4, queue_path=str(tmp_path / "q"))
    _key, secret = app.extensions["referee"].keys.create("platform", "ISS")
    auth = {"Authorization": f"Bearer {secret}"}
    client = app.test_client()
    games = [
        line
        for line in (ISS_DIR / "jskat-samples.sgf").read_text("utf-8").splitlines()
        if line.strip()
    ][:3]
    latin = games[1].replace("P0[", "P0[J\u00fcrgen", 1).encode("latin-1")
    body = games[0].encode() + b"\n" + latin + b"\n" + games[2].encode() + b"\n"
    r = client.post("/v1/jobs", data=body, headers={**auth, "Content-Type": "text/x-iss-sgf"})
    assert r.status_code == 202, r.get_json()
    out = client.get(r.headers["Location"] + "/results", headers=auth)
    lines = [json.loads(line) for line in out.get_data(as_text=True).splitlines()]
    assert [line.get("line") for line in lines] == [1, 2, 3, None]
    assert "error" not in lines[0] and "error" not in lines[2]
    offset = latin.index(b"\xfc") + 1
    assert lines[1]["error"] == {
        "code": "record.encoding",
        "message": f"the line is not UTF-8 (byte {offset} of the line)",
        "where": {"byte": offset},
    }
    assert lines[3] == {"summary": {"records": 3, "ruled": 2, "errors": 1}}


def test_an_imported_line_that_is_not_utf8_is_an_error_line_never_a_repaired_record(
    client, keys
) -> None:  # type: ignore[no-untyped-def]
    """``POST /v1/imports/iss`` read the body with replacement characters: a record
    whose player name was Latin-1 was ruled as if the name held U+FFFD."""
    games = [
        line
        for line in (ISS_DIR / "jskat-samples.sgf").read_text("utf-8").splitlines()
        if line.strip()
    ][:2]
    latin = games[0].replace("P0[", "P0[J\u00fcrgen", 1).encode("latin-1")
    body = latin + b"\n" + games[1].encode() + b"\n"
    r = client.post(
        "/v1/imports/iss",
        data=body,
        headers={**keys["platform"], "Content-Type": "text/x-iss-sgf"},
    )
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    out = [json.loads(line) for line in r.get_data(as_text=True).splitlines()]
    offset = latin.index(b"\xfc") + 1
    assert out[0]["error"] == {
        "code": "iss.encoding",
        "detail": f"the line is not UTF-8 (byte {offset} of the line)",
        "line": 1,
        "byte": offset,
    }
    assert "ruling" in out[1]
    assert out[2] == {"summary": {"games": 2, "ruled": 1, "errors": 1}}


# -- the estimate while the workers move from one chunk to the next ---------------------------
def test_the_estimate_stays_while_a_worker_is_between_two_chunks() -> None:
    """Reading a running job's progress while it ran, ``eta_s`` came and went (4.8, null,
    3.3, null, ...): whenever the read fell between a worker ending a chunk and claiming
    the next, no lease was live and the estimate was dropped, though the workers were at
    work."""
    from datetime import UTC, datetime, timedelta

    from referee.core.vocabulary import Language
    from referee.service.jobs import BETWEEN_CHUNKS_S, outlook
    from referee.service.model import Job, QueueState

    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    job = Job(5, "A", None, "iss", Language("en"), "running", 80, 20, t0)
    last = t0 + timedelta(seconds=20)
    state = QueueState([("A", 5, 10, 0)], live=0, recent=11, recent_first=t0, recent_last=last)
    _place, eta = outlook(state, job, last + timedelta(seconds=0.05))
    assert eta == 10 / 0.5  # ten chunks to go at half a chunk a second
    gone = last + timedelta(seconds=BETWEEN_CHUNKS_S + 1)  # no worker came back
    assert outlook(state, job, gone)[1] is None
