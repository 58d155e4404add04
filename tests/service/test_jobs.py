"""Bulk jobs through the API, on SQLite and PostgreSQL.

Tasks run at once in the test process (``queue_immediate``), or not at all where a test
plays the worker itself; tests/robustness/test_jobs_workers.py runs real workers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.core.vocabulary import Language
from referee.service.jobs import outlook
from referee.service.lines import rule_job_line
from referee.service.model import Job, QueueState
from tests.conftest import Keys
from tests.support.service import ISS_DIR, example

ISS = "text/x-iss-sgf"


def _iss_lines() -> list[str]:
    text = (ISS_DIR / "jskat-samples.sgf").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def _archive() -> bytes:
    """A garbage first line, then the real games (blank lines between them)."""
    return ("this is not a game\n\n" + "\n".join(_iss_lines()) + "\n").encode()


def _expected(archive: bytes, *, iss: bool, lang: str) -> bytes:
    """What ``referee adjudicate --batch`` writes for the archive, then the summary."""
    out = []
    ruled = errors = 0
    for no, line in enumerate(archive.decode().split("\n"), start=1):
        if not line.strip():
            continue
        text, ok = rule_job_line((no, line.strip()), iss=iss, lang=lang)
        out.append(text + "\n")
        ruled += ok
        errors += not ok
    summary = {"records": ruled + errors, "ruled": ruled, "errors": errors}
    return ("".join(out) + json.dumps({"summary": summary}, separators=(",", ":")) + "\n").encode()


@pytest.fixture
def immediate_app(make_app: Callable[..., Flask], tmp_path: Path) -> Flask:
    return make_app(queue_immediate=True, job_chunk_records=4, queue_path=str(tmp_path / "q"))


@pytest.fixture
def idle_app(make_app: Callable[..., Flask], tmp_path: Path) -> Flask:
    """Tasks are queued and nobody takes them: the test plays the worker."""
    return make_app(job_chunk_records=4, queue_path=str(tmp_path / "queue.db"))


def _keys(app: Flask) -> Keys:
    out = Keys()
    for name, role, owner in (("platform", "platform", "ISS"), ("other", "platform", "Other")):
        _key, secret = app.extensions["referee"].keys.create(role, owner)
        out[name] = {"Authorization": f"Bearer {secret}"}
    _key, secret = app.extensions["referee"].keys.create("referee", "Club")
    out["referee"] = {"Authorization": f"Bearer {secret}"}
    _key, secret = app.extensions["referee"].keys.create("court", "Skatgericht")
    out["court"] = {"Authorization": f"Bearer {secret}"}
    return out


def _submit(client: FlaskClient, headers: dict[str, str], body: bytes, **kw: Any) -> Any:
    content_type = kw.pop("content_type", ISS)
    return client.post(
        "/v1/jobs?lang=" + kw.pop("lang", "de"),
        data=body,
        headers={**headers, "Content-Type": content_type},
    )


def test_a_job_rules_an_archive_as_the_batch_command_does(immediate_app: Flask) -> None:
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    archive = _archive()
    r = _submit(client, keys["platform"], archive)
    assert r.status_code == 202, r.get_data(as_text=True)
    job = r.get_json()
    assert r.headers["Location"] == f"/v1/jobs/{job['id']}"
    assert job["records"] == len(_iss_lines()) + 1
    assert job["chunks"] == -(-job["records"] // 4)
    shown = client.get(r.headers["Location"], headers=keys["platform"]).get_json()
    assert shown["state"] == "done"
    assert shown["progress"]["records_done"] == job["records"]
    assert shown["progress"]["errors"] == 1  # the garbage line, and only it
    assert shown["progress"]["percent"] == 100
    results = client.get(shown["results"], headers=keys["platform"])
    assert results.status_code == 200
    assert results.mimetype == "application/x-ndjson"
    assert results.get_data() == _expected(archive, iss=True, lang="de")


def test_each_result_line_names_its_input_line_and_iss_game_id(immediate_app: Flask) -> None:
    """The line number counts every line of the upload (blank ones too, from 1); the game
    id is the record's ``ID[...]``, null for a line that is no record."""
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    archive = _archive()
    job = _submit(client, keys["platform"], archive).get_json()
    out = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    lines = [json.loads(line) for line in out.get_data().decode().splitlines()[:-1]]
    given = {
        no: text for no, text in enumerate(archive.decode().split("\n"), start=1) if text.strip()
    }
    assert [line["line"] for line in lines] == sorted(given)
    assert lines[0]["line"] == 1 and lines[0]["iss_id"] is None and "error" in lines[0]
    for line in lines[1:]:
        ids = re.findall(r"\bID\[(\d+)\]", given[line["line"]])
        assert line["iss_id"] == int(ids[0]), line
        assert line["format"] == "skat-ruling/1"
    # a skat-log line converted from ISS keeps the game id; a broken one has none
    doc = {**example("revoke-objected"), "meta": {"source": "iss", "iss": {"id": 4711}}}
    body = (json.dumps(doc) + "\n{broken\n").encode()
    r = _submit(client, keys["platform"], body, content_type="application/x-ndjson")
    out = client.get(f"/v1/jobs/{r.get_json()['id']}/results", headers=keys["platform"])
    first, second = (json.loads(x) for x in out.get_data().decode().splitlines()[:2])
    assert (first["line"], first["iss_id"], second["line"], second["iss_id"]) == (1, 4711, 2, None)


def test_a_job_of_skat_log_lines(immediate_app: Flask) -> None:
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    docs = [example("revoke-objected"), example("revoke-objected")]
    body = ("\n".join(json.dumps(d) for d in docs) + "\n{broken\n").encode()
    r = _submit(client, keys["platform"], body, content_type="application/x-ndjson", lang="es")
    assert r.status_code == 202
    out = client.get(f"/v1/jobs/{r.get_json()['id']}/results", headers=keys["platform"])
    lines = out.get_data().decode().splitlines()
    assert json.loads(lines[0])["language"] == "es"
    assert json.loads(lines[2])["error"]["code"] == "record.json"
    assert json.loads(lines[-1]) == {"summary": {"records": 3, "ruled": 2, "errors": 1}}


def test_jobs_check_the_key_then_the_role_then_the_body(immediate_app: Flask) -> None:
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    assert client.post("/v1/jobs", data=b"x", content_type=ISS).status_code == 401
    assert _submit(client, keys["referee"], _archive()).status_code == 403
    wrong = _submit(client, keys["platform"], b"{}", content_type="application/json")
    assert wrong.status_code == 415  # names the types to use
    assert "text/x-iss-sgf" in wrong.get_json()["detail"]
    empty = _submit(client, keys["platform"], b"\n\n")
    assert empty.status_code == 422
    assert client.get("/v1/jobs", headers=keys["platform"]).get_json() == []


def test_an_archive_over_the_limit_is_refused_and_nothing_is_kept(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = make_app(queue_immediate=True, job_max_bytes=2000, queue_path=str(tmp_path / "q"))
    client, keys = app.test_client(), _keys(app)
    r = _submit(client, keys["platform"], _archive())
    assert r.status_code == 413
    assert r.mimetype == "application/problem+json"
    assert client.get("/v1/jobs", headers=keys["platform"]).get_json() == []


def test_a_line_over_the_line_limit_is_one_error_and_the_rest_is_ruled(
    immediate_app: Flask,
) -> None:
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    immediate_app.extensions["referee"].jobs.max_line_bytes = 5000
    lines = _iss_lines()
    body = ("\n".join([lines[0], "(;" + "x" * 20000 + ";)", lines[1]]) + "\n").encode()
    job = _submit(client, keys["platform"], body).get_json()
    out = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    rows = [json.loads(x) for x in out.get_data().decode().splitlines()]
    assert rows[0]["format"] == "skat-ruling/1"
    assert rows[1] == {
        "line": 2,
        "iss_id": None,
        "error": {"code": "record.too_long", "message": rows[1]["error"]["message"], "where": {}},
    }
    assert rows[2]["format"] == "skat-ruling/1"
    assert rows[3]["summary"] == {"records": 3, "ruled": 2, "errors": 1}


def test_jobs_are_their_owners_alone(immediate_app: Flask) -> None:
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    job = _submit(client, keys["platform"], _archive()).get_json()
    for path in (f"/v1/jobs/{job['id']}", f"/v1/jobs/{job['id']}/results"):
        assert client.get(path, headers=keys["other"]).status_code == 404
    assert client.delete(f"/v1/jobs/{job['id']}", headers=keys["other"]).status_code == 404
    cancel = client.post(f"/v1/jobs/{job['id']}/cancel", headers=keys["other"])
    assert cancel.status_code == 404
    assert client.get("/v1/jobs", headers=keys["other"]).get_json() == []
    assert client.get(f"/v1/jobs/{job['id']}", headers=keys["platform"]).status_code == 200


def test_a_chunk_is_written_once_however_often_it_is_ruled(idle_app: Flask) -> None:
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    archive = _archive()
    job = _submit(client, keys["platform"], archive).get_json()
    assert job["state"] == "queued"
    early = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    assert early.status_code == 409  # not done yet
    for no in range(job["chunks"]):
        assert jobs.run_chunk(job["id"], no) is True
        assert jobs.run_chunk(job["id"], no) is False  # delivered twice: nothing changes
    out = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    assert out.get_data() == _expected(archive, iss=True, lang="de")


def test_a_dead_workers_chunk_goes_back_on_the_queue_when_its_lease_runs_out(
    idle_app: Flask,
) -> None:
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    now = datetime.now(UTC)
    with jobs._uow() as uow:  # a worker takes chunk 0 and is killed before writing it
        assert uow.jobs.claim(job["id"], 0, now, now + timedelta(seconds=30)) is not None
        uow.commit()
    assert jobs.run_chunk(job["id"], 0) is False  # held under a running lease
    assert jobs.reap() == []
    later = now + timedelta(seconds=31)
    jobs._now = lambda: later  # the lease has run out
    queued: list[tuple[int, int]] = []
    jobs.queue = type("Q", (), {"rule_chunk": lambda _s, j, n: queued.append((j, n))})()
    assert jobs.reap() == [(job["id"], 0)] == queued
    assert jobs.run_chunk(job["id"], 0) is True
    # never-claimed chunks are queued again only when the queue is empty (a lost task)
    assert jobs.reap(queue_empty=True) == [(job["id"], n) for n in range(1, job["chunks"])]


def test_a_cancelled_job_rules_no_more_chunks_and_stays_readable(idle_app: Flask) -> None:
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    assert jobs.run_chunk(job["id"], 0) is True
    r = client.post(f"/v1/jobs/{job['id']}/cancel", headers=keys["platform"])
    assert r.status_code == 200
    assert r.get_json()["state"] == "cancelled"
    assert r.get_json()["progress"]["chunks_done"] == 1
    assert jobs.run_chunk(job["id"], 1) is False
    shown = client.get(f"/v1/jobs/{job['id']}", headers=keys["platform"])
    assert shown.status_code == 200 and shown.get_json()["state"] == "cancelled"
    out = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    assert out.status_code == 409 and "Retry-After" not in out.headers  # they never come
    assert out.get_json()["code"] == "job.not_done" and out.get_json()["state"] == "cancelled"
    again = client.post(f"/v1/jobs/{job['id']}/cancel", headers=keys["platform"])
    assert again.status_code == 200 and again.get_json()["state"] == "cancelled"


@pytest.mark.parametrize("ruled", [0, 1], ids=["queued", "running"])
def test_a_deleted_job_is_gone_with_its_results(idle_app: Flask, ruled: int) -> None:
    """DELETE removes the job: afterwards every URL of it is a 404, and a worker that
    comes to one of its chunks finds nothing to rule."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    for no in range(ruled):
        assert jobs.run_chunk(job["id"], no) is True
    r = client.delete(f"/v1/jobs/{job['id']}", headers=keys["platform"])
    assert r.status_code == 204 and r.get_data() == b""
    for path in (f"/v1/jobs/{job['id']}", f"/v1/jobs/{job['id']}/results"):
        assert client.get(path, headers=keys["platform"]).status_code == 404, path
    assert client.post(f"/v1/jobs/{job['id']}/cancel", headers=keys["platform"]).status_code == 404
    assert client.delete(f"/v1/jobs/{job['id']}", headers=keys["platform"]).status_code == 404
    assert client.get("/v1/jobs", headers=keys["platform"]).get_json() == []
    assert jobs.run_chunk(job["id"], ruled) is False
    assert jobs.run_next() is False
    with jobs._uow() as uow:
        assert uow.jobs.get(job["id"]) is None


def test_the_idempotency_key_of_a_deleted_job_stores_a_new_job(idle_app: Flask) -> None:
    """A retry under the key of a job since deleted named the job that was gone: a 404
    that createJob does not document. Deleting a job frees its key."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    keyed = {**keys["platform"], "Idempotency-Key": "archive-7"}
    first = _submit(client, keyed, _archive())
    assert first.status_code == 202
    assert client.delete(f"/v1/jobs/{first.get_json()['id']}", headers=keyed).status_code == 204
    again = _submit(client, keyed, _archive())
    assert again.status_code == 202, again.get_data(as_text=True)
    assert "Idempotent-Replayed" not in again.headers and again.get_json()["state"] == "queued"
    replay = _submit(client, keyed, _archive())
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json()["id"] == again.get_json()["id"]


def test_a_done_job_is_deleted_too(immediate_app: Flask) -> None:
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    job = _submit(client, keys["platform"], _archive()).get_json()
    done = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    assert done.status_code == 200
    assert client.delete(f"/v1/jobs/{job['id']}", headers=keys["platform"]).status_code == 204
    gone = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    assert gone.status_code == 404


@pytest.mark.parametrize("ruled", [[], [1, 2]], ids=["queued", "first-chunk-unruled"])
def test_the_results_of_a_job_under_way_are_not_yet_there(
    idle_app: Flask, ruled: list[int]
) -> None:
    """Nothing to read yet (no chunk ruled, or only chunks after the first): not a 422
    (nothing is wrong with the request) but 409 with the job's state as problem+json and
    Retry-After."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    for no in ruled:
        assert jobs.run_chunk(job["id"], no) is True
    r = client.get(f"/v1/jobs/{job['id']}/results", headers=keys["platform"])
    assert r.status_code == 409
    assert r.mimetype == "application/problem+json"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    body = r.get_json()
    state = "running" if ruled else "queued"
    assert body["code"] == "job.not_done"
    assert (body["job"], body["state"]) == (job["id"], state)
    assert body["errors"][0]["state"] == state


def test_results_are_read_as_the_chunks_are_ruled_and_resume_after_a_line(
    idle_app: Flask,
) -> None:
    """In input order up to the first chunk not yet ruled; Results-Next says where to go
    on; a read cut short resumes after the last line received; the pieces add up to the
    results of the done job, byte for byte."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    archive = _archive() * 2
    job = _submit(client, keys["platform"], archive).get_json()
    assert job["chunks"] >= 4
    url = f"/v1/jobs/{job['id']}/results"
    expected = _expected(archive, iss=True, lang="de").decode().splitlines(keepends=True)

    def read(after: int) -> tuple[int, list[str], Any]:
        r = client.get(f"{url}?after={after}", headers=keys["platform"])
        lines = r.get_data(as_text=True).splitlines(keepends=True)
        return r.status_code, lines, r.headers

    assert jobs.run_chunk(job["id"], 0) and jobs.run_chunk(job["id"], 2)
    status, got, headers = read(0)
    assert status == 200
    assert got == expected[:4]  # chunk 0; chunk 2 waits behind chunk 1
    assert headers["Results-Complete"] == "false"
    nxt = int(headers["Results-Next"])
    assert nxt >= json.loads(got[-1])["line"]
    assert nxt < json.loads(expected[4])["line"]
    assert read(nxt)[0] == 409  # chunk 1 is not ruled yet
    assert jobs.run_chunk(job["id"], 1)
    status, more, headers = read(nxt)
    assert (status, more) == (200, expected[4:12])  # chunks 1 and 2
    # cut short after the 6th line: the same request resumes from the 7th
    sixth = json.loads(expected[5])["line"]
    assert read(sixth)[1] == expected[6:12]
    for no in range(3, job["chunks"]):
        assert jobs.run_chunk(job["id"], no)
    status, rest, headers = read(int(headers["Results-Next"]))
    assert headers["Results-Complete"] == "true" and "Results-Next" not in headers
    assert got + more + rest == expected  # the last piece ends with the summary
    whole = client.get(url, headers=keys["platform"])
    assert whole.get_data(as_text=True) == "".join(expected)
    # past the last line: only the summary
    assert read(10**6)[1] == expected[-1:]


def test_finished_jobs_are_dropped_after_their_keeping_time(idle_app: Flask) -> None:
    """REFEREE_JOB_KEEP_S: past it the job and its results answer 404 at once, and the
    reaper removes them from the database."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    for no in range(job["chunks"]):
        jobs.run_chunk(job["id"], no)
    url = f"/v1/jobs/{job['id']}"
    shown = client.get(url, headers=keys["platform"]).get_json()
    expires = datetime.fromisoformat(shown["expires_at"])
    assert expires - datetime.fromisoformat(shown["finished_at"]) == jobs.keep
    jobs._now = lambda: expires - timedelta(seconds=1)
    jobs.reap()
    assert client.get(url, headers=keys["platform"]).status_code == 200
    assert client.get(url + "/results", headers=keys["platform"]).status_code == 200
    jobs._now = lambda: expires + timedelta(seconds=1)
    for path in (url, url + "/results"):  # gone before the reaper came
        r = client.get(path, headers=keys["platform"])
        assert r.status_code == 404 and r.get_json()["code"] == "not_found"
    jobs.reap()
    with jobs._uow() as uow:
        assert uow.jobs.get(job["id"]) is None
        assert uow.jobs.stored_bytes("ISS") == 0
    assert client.get(url + "/results", headers=keys["platform"]).status_code == 404


def test_results_are_stored_compressed_within_an_owners_quota(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    """The results' bytes as stored count against the owner's quota: past it a new job is
    a 409 (job.quota) and nothing is stored; another owner is not held back, and deleting
    a job frees its bytes."""
    app = make_app(
        queue_immediate=True,
        job_chunk_records=4,
        queue_path=str(tmp_path / "q"),
        job_result_quota_bytes=1,
    )
    client, keys = app.test_client(), _keys(app)
    jobs = app.extensions["referee"].jobs
    archive = _archive()
    first = _submit(client, keys["platform"], archive).get_json()
    results = client.get(f"/v1/jobs/{first['id']}/results", headers=keys["platform"])
    assert results.get_data() == _expected(archive, iss=True, lang="de")
    with jobs._uow() as uow:
        stored = uow.jobs.stored_bytes("ISS")
    # compressed: a fraction of the NDJSON it holds
    assert 0 < stored < len(results.get_data()) / 3
    refused = _submit(client, keys["platform"], archive)
    assert refused.status_code == 409, refused.get_data(as_text=True)
    body = refused.get_json()
    assert body["code"] == "job.quota"
    assert (body["errors"][0]["stored_bytes"], body["errors"][0]["quota_bytes"]) == (stored, 1)
    assert len(client.get("/v1/jobs", headers=keys["platform"]).get_json()) == 1
    assert _submit(client, keys["other"], archive).status_code == 202
    assert client.delete(f"/v1/jobs/{first['id']}", headers=keys["platform"]).status_code == 204
    assert _submit(client, keys["platform"], archive).status_code == 202


def test_a_job_names_its_language_as_every_other_response_does(immediate_app: Flask) -> None:
    """One name for the language across the API: ``language``, never ``lang``."""
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    r = _submit(client, keys["platform"], _archive(), content_type=ISS, lang="de")
    assert r.status_code == 202, r.get_json()
    assert r.get_json()["language"] == "de" and "lang" not in r.get_json()
    shown = client.get(f"/v1/jobs/{r.get_json()['id']}", headers=keys["platform"]).get_json()
    assert shown["language"] == "de" and "lang" not in shown


def _results(client: FlaskClient, headers: dict[str, str], job_id: int) -> list[dict[str, Any]]:
    out = client.get(f"/v1/jobs/{job_id}/results", headers=headers)
    assert out.status_code == 200, out.get_data()
    return [json.loads(line) for line in out.get_data().splitlines()]


def test_a_chunk_whose_workers_keep_dying_is_given_up_and_the_job_finishes(
    idle_app: Flask,
) -> None:
    """Taken three times (the default), each time by a worker that died before writing:
    the fourth taker marks the chunk failed, one error line a record, and the job ends."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    for no in range(1, job["chunks"]):
        assert jobs.run_chunk(job["id"], no)
    now = datetime.now(UTC)
    for attempt in range(3):  # a worker takes chunk 0 and is killed; its lease runs out
        with jobs._uow() as uow:
            assert uow.jobs.claim(job["id"], 0, now, now) is not None, attempt
            uow.commit()
        now += timedelta(seconds=1)
    jobs._now = lambda: now
    assert jobs.run_chunk(job["id"], 0) is False
    shown = client.get(f"/v1/jobs/{job['id']}", headers=keys["platform"]).get_json()
    assert shown["state"] == "done"
    lines = _results(client, keys["platform"], job["id"])
    failed = [
        line for line in lines if "error" in line and line["error"]["code"] == "job.chunk_failed"
    ]
    assert [line["line"] for line in failed] == [1, 3, 4, 5]  # chunk 0: its four records
    assert "taken 3 times" in failed[0]["error"]["message"]
    assert lines[-1]["summary"]["records"] == job["records"]
    assert lines[-1]["summary"]["errors"] >= 4
    assert jobs.run_chunk(job["id"], 0) is False  # given up stays given up


def test_a_chunk_whose_ruling_keeps_failing_is_retried_then_given_up(
    idle_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    for no in range(1, job["chunks"]):
        assert jobs.run_chunk(job["id"], no)

    def out_of_memory(_claim: Any, _budget: Any = None) -> Any:
        raise MemoryError

    monkeypatch.setattr("referee.service.jobs._rule_claim", out_of_memory)
    for _attempt in range(3):  # each failure raises for the queue to retry the task
        with pytest.raises(MemoryError):
            jobs.run_chunk(job["id"], 0)
    shown = client.get(f"/v1/jobs/{job['id']}", headers=keys["platform"]).get_json()
    assert shown["state"] == "done"
    assert shown["progress"]["chunks_done"] == job["chunks"]
    first = _results(client, keys["platform"], job["id"])[0]
    assert first["error"]["code"] == "job.chunk_failed"
    assert "failed 3 times: MemoryError" in first["error"]["message"]


def test_a_chunk_task_is_retried_with_back_off_while_the_database_is_away(
    idle_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The queue's own retry: a task whose database is away raises, and Huey puts it back
    1 s, then 2 s later; nothing is dropped, and the chunk is written once it is back."""
    from sqlalchemy.exc import OperationalError

    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    huey = jobs.queue.huey
    jobs = jobs.queue.jobs()  # the job service the tasks run
    uow = jobs._uow
    away = [2]

    def flaky() -> Any:
        if away[0]:
            away[0] -= 1
            raise OperationalError("SELECT 1", {}, Exception("the server closed the connection"))
        return uow()

    monkeypatch.setattr(jobs, "_uow", flaky)
    task = huey.dequeue()
    assert (task.args, task.retries) == ((job["id"], 0), 6)
    delays = []
    now = datetime.now(UTC).replace(tzinfo=None)
    for _try in range(3):
        huey.execute(task, task.eta or now)
        if huey.scheduled_count():
            before = datetime.now(UTC).replace(tzinfo=None)
            (task,) = huey.read_schedule(now + timedelta(days=1))
            delays.append(round((task.eta - before).total_seconds()))
    assert delays == [1, 2]
    with jobs._uow() as u:
        assert u.jobs.output(job["id"], 0)[0]  # written on the third try


def test_a_job_stored_while_the_broker_is_away_is_queued_by_the_reaper(idle_app: Flask) -> None:
    """202 means stored: the broker being away does not turn a stored job into an error
    (a retry would store it twice); the reaper queues its chunks once the queue is back."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs

    class Away:
        def rule_chunk(self, job_id: int, no: int) -> None:
            raise ConnectionError("the broker is away")

    queue, jobs.queue = jobs.queue, Away()
    r = _submit(client, keys["platform"], _archive())
    assert r.status_code == 202, r.get_data()
    job = r.get_json()
    listed = client.get("/v1/jobs", headers=keys["platform"]).get_json()
    assert [j["id"] for j in listed] == [job["id"]]
    queued: list[tuple[int, int]] = []
    jobs.queue = type("Q", (), {"rule_chunk": lambda _s, j, n: queued.append((j, n))})()
    assert jobs.reap(queue_empty=True) == queued == [(job["id"], n) for n in range(job["chunks"])]
    jobs.queue = queue


def test_an_idempotency_key_returns_the_job_stored_the_first_time(
    immediate_app: Flask, make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    """Also on another instance: the key is kept in the database they share."""
    client, keys = immediate_app.test_client(), _keys(immediate_app)
    instance_b = make_app(queue_immediate=True, job_chunk_records=4, queue_path=str(tmp_path / "b"))
    archive = _archive()
    first = client.post(
        "/v1/jobs?lang=de",
        data=archive,
        headers={**keys["platform"], "Content-Type": ISS, "Idempotency-Key": "batch-7"},
    )
    assert first.status_code == 202 and "Idempotent-Replayed" not in first.headers
    again = instance_b.test_client().post(
        "/v1/jobs?lang=de",
        data=archive,
        headers={**keys["platform"], "Content-Type": ISS, "Idempotency-Key": "batch-7"},
    )
    assert again.status_code == 202
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.headers["Location"] == first.headers["Location"]
    assert len(client.get("/v1/jobs", headers=keys["platform"]).get_json()) == 1
    other = client.post(
        "/v1/jobs?lang=de",
        data=archive + b"one more line\n",
        headers={**keys["platform"], "Content-Type": ISS, "Idempotency-Key": "batch-7"},
    )
    assert other.status_code == 422
    assert other.get_json()["code"] == "idempotency.mismatch"
    english = client.post(
        "/v1/jobs?lang=en",
        data=archive,
        headers={**keys["platform"], "Content-Type": ISS, "Idempotency-Key": "batch-7"},
    )
    assert english.status_code == 422  # the language is part of the request
    assert len(client.get("/v1/jobs", headers=keys["platform"]).get_json()) == 1


def test_a_small_job_is_not_starved_behind_another_owners_large_one(idle_app: Flask) -> None:
    """Turns go round the owners: the owner with the fewest chunks being ruled, then the
    one served longest ago, whatever order the jobs came in."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    large = _submit(client, keys["platform"], _archive() * 3).get_json()
    assert large["chunks"] >= 6
    assert jobs.run_next()  # one chunk of the large job
    small = _submit(client, keys["other"], ("\n".join(_iss_lines()[:2]) + "\n").encode()).get_json()
    assert small["chunks"] == 1
    now = datetime.now(UTC)
    with jobs._uow() as uow:  # a second worker holds a chunk of the large job
        assert uow.jobs.claim(large["id"], 5, now, now + timedelta(seconds=60)) is not None
        uow.commit()
    with jobs._uow() as uow:
        assert uow.jobs.next_chunk(now) == (small["id"], 0)  # fewer chunks being ruled
    with jobs._uow() as uow:  # with none held either: the owner never served comes first
        uow.jobs.release(large["id"], 5)
        uow.commit()
    with jobs._uow() as uow:
        assert uow.jobs.next_chunk(now) == (small["id"], 0)
    assert jobs.run_next()
    assert (
        client.get(f"/v1/jobs/{small['id']}", headers=keys["other"]).get_json()["state"] == "done"
    )
    third = _submit(client, keys["other"], ("\n".join(_iss_lines()[:8]) + "\n").encode()).get_json()
    served = []
    for _turn in range(4):  # then the owners take turns, the one with nothing served first
        with jobs._uow() as uow:
            served.append(uow.jobs.next_chunk(datetime.now(UTC))[0])  # type: ignore[index]
        assert jobs.run_next()
    assert served == [third["id"], large["id"], third["id"], large["id"]]


def test_a_queued_job_shows_its_place_and_an_eta_only_while_workers_work(
    idle_app: Flask,
) -> None:
    """Place: the chunks (and other owners' jobs) that may be ruled before its next one.
    ETA: from the rate the workers ended chunks lately, null while none holds a live
    lease (a dead worker's lease gives no rate) or before two chunks ended."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    t0 = datetime.now(UTC)
    jobs._now = lambda: t0
    large = _submit(client, keys["platform"], _archive() * 3).get_json()
    small = _submit(client, keys["other"], ("\n".join(_iss_lines()[:2]) + "\n").encode())
    small_url = small.headers["Location"]

    def shown() -> Any:
        return client.get(small_url, headers=keys["other"]).get_json()["progress"]

    progress = shown()
    assert progress["queue"] == {
        "chunks_ahead": 1,  # one turn of the other owner at most
        "own_chunks_ahead": 0,
        "other_chunks_ahead": 1,
        "jobs_ahead": 1,
    }
    assert progress["eta_s"] is None  # nothing ruled yet: no rate
    for k, no in enumerate((0, 1, 2)):  # the workers end a chunk every 2 s
        jobs._now = lambda k=k: t0 + timedelta(seconds=2 * k)
        assert jobs.run_chunk(large["id"], no)
    jobs._now = lambda: t0 + timedelta(seconds=5)
    assert shown()["eta_s"] is None  # a rate, but no worker at work now
    with jobs._uow() as uow:  # a worker takes chunk 3 with a lease of 60 s
        now = t0 + timedelta(seconds=5)
        assert uow.jobs.claim(large["id"], 3, now, now + timedelta(seconds=60)) is not None
        uow.commit()
    # 0.5 chunks a second: the held chunk, one turn of the large job, the small job's chunk
    assert shown()["eta_s"] == 6.0
    assert shown()["queue"]["chunks_ahead"] == 1
    jobs._now = lambda: t0 + timedelta(seconds=70)  # the worker died: its lease ran out
    progress = shown()
    assert progress["eta_s"] is None
    assert progress["queue"]["chunks_ahead"] == 1
    # the large job sees the small one take turns with it
    mine = client.get(f"/v1/jobs/{large['id']}", headers=keys["platform"]).get_json()
    assert mine["progress"]["queue"]["other_chunks_ahead"] == 1
    assert mine["progress"]["queue"]["own_chunks_ahead"] == 0
    jobs._now = lambda: t0 + timedelta(seconds=71)
    assert jobs.run_next()  # the small job's chunk: its owner was never served
    done = client.get(small_url, headers=keys["other"]).get_json()
    assert done["state"] == "done"
    assert (done["progress"]["queue"], done["progress"]["eta_s"]) == (None, None)


def test_the_place_counts_the_owners_older_jobs_and_a_turn_of_each_other_owner() -> None:
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    job = Job(5, "A", None, "iss", Language("en"), "queued", 8, 2, t0)
    state = QueueState(
        # owner, job, waiting, held: A's older job 3 waits with 3; B has jobs 1 and 4,
        # C job 2 with 1 chunk left
        [("B", 1, 2, 1), ("C", 2, 1, 0), ("A", 3, 3, 1), ("B", 4, 10, 0), ("A", 5, 2, 0)],
        live=2,
        recent=11,
        recent_first=t0,
        recent_last=t0 + timedelta(seconds=20),
    )
    place, eta = outlook(state, job)
    assert place is not None
    # 3 turns of A before job 5's first chunk: B and C at most one each per turn (4 turns)
    assert (place.own_chunks_ahead, place.other_chunks_ahead) == (3, 4 + 1)
    assert (place.chunks_ahead, place.jobs_ahead) == (8, 3)
    # to its last chunk: 5 turns of A, B at most 5 more, C its 1; plus the 2 held; 0.5/s
    assert eta == (2 + 5 + 5 + 1) / 0.5
    assert outlook(QueueState(state.jobs, 0, 11, t0, t0 + timedelta(seconds=20)), job)[1] is None
    assert outlook(QueueState(state.jobs, 2, 1, t0, t0), job)[1] is None


@pytest.mark.parametrize("done", [False, True], ids=["queued", "done"])
def test_results_after_the_last_line_a_query_can_name_are_no_server_error(
    idle_app: Flask, done: bool
) -> None:
    """?after= at its documented maximum (2**31 - 1): PostgreSQL was handed the next line
    number as an int4 and answered with a 500 (schemathesis found it)."""
    client, keys = idle_app.test_client(), _keys(idle_app)
    jobs = idle_app.extensions["referee"].jobs
    job = _submit(client, keys["platform"], _archive()).get_json()
    if done:
        for no in range(job["chunks"]):
            assert jobs.run_chunk(job["id"], no) is True
    r = client.get(f"/v1/jobs/{job['id']}/results?after=2147483647", headers=keys["platform"])
    assert r.status_code in (200, 409), r.get_data(as_text=True)
    if done:
        assert r.get_data(as_text=True).splitlines()[-1].startswith('{"summary"')
        assert r.headers["Results-Complete"] == "true"
