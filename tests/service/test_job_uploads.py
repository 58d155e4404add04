"""Job uploads: the body is read as a stream, never whole; a file larger than one request
is sent in parts. The memory a web worker takes for a large upload is a benchmark figure
(``python -m bench --only upload``), never asserted here.
"""

from __future__ import annotations

import contextlib
import io
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, Request

from referee.storage.jobs import SqlJobs
from tests.support.service import ISS_DIR

ISS = "text/x-iss-sgf"


def _games() -> list[str]:
    text = (ISS_DIR / "jskat-samples.sgf").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def _key(app: Flask, owner: str = "ISS") -> dict[str, str]:
    _id, secret = app.extensions["referee"].keys.create("platform", owner)
    return {"Authorization": f"Bearer {secret}"}


@pytest.fixture
def no_whole_body(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the request body whole fails the request."""

    def refused(*_a: Any, **_k: Any) -> bytes:
        raise AssertionError("the job upload read the body whole")

    monkeypatch.setattr(Request, "get_data", refused)


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_an_upload_larger_than_the_body_limit_is_stored_without_reading_it_whole(
    make_app: Callable[..., Flask], tmp_path: Path, no_whole_body: None, chunked: bool
) -> None:
    """The general body limit is 2 KiB here; the archive is many times that. It is
    stored because the view reads the stream line by line (get_data would fail)."""
    app = make_app(max_body_bytes=2048, job_chunk_records=3, queue_path=str(tmp_path / "queue.db"))
    games = _games()
    lines = [g for _ in range(20) for g in games]
    body = ("\n".join(lines) + "\n").encode()
    assert len(body) > 20 * 2048

    client = app.test_client()
    headers = {**_key(app), "Content-Type": ISS}
    if chunked:  # no Content-Length: the body ends where the stream does
        r = client.post(
            "/v1/jobs",
            input_stream=io.BytesIO(body),
            headers=headers,
            environ_overrides={"wsgi.input_terminated": True},
        )
    else:
        r = client.post("/v1/jobs", data=body, headers=headers)
    assert r.status_code == 202, r.get_data(as_text=True)
    job = r.get_json()
    assert job["records"] == len(lines)
    assert job["chunks"] == -(-len(lines) // 3)


@pytest.fixture
def immediate_app(make_app: Callable[..., Flask], tmp_path: Path) -> Flask:
    return make_app(queue_immediate=True, job_chunk_records=4, queue_path=str(tmp_path / "q"))


def _archive() -> list[str]:
    """The archive's lines: a garbage line and blank lines between real games."""
    return ["this is not a game", "", *_games(), "", *_games()[:3]]


def _text(lines: list[str]) -> bytes:
    return "".join(line + "\n" for line in lines).encode()


def _post(app: Flask, url: str, key: dict[str, str], body: bytes, **headers: str) -> Any:
    return app.test_client().post(url, data=body, headers={**key, "Content-Type": ISS, **headers})


def test_an_archive_sent_in_parts_is_ruled_as_the_whole_file_is(immediate_app: Flask) -> None:
    """Split between lines into three parts (one not ending in a newline), the archive's
    results are the whole file's, byte for byte: the same records, the same line numbers."""
    app, key = immediate_app, _key(immediate_app)
    lines = _archive()
    whole = _post(app, "/v1/jobs?lang=en", key, _text(lines))
    assert whole.status_code == 202
    expected = app.test_client().get(f"/v1/jobs/{whole.get_json()['id']}/results", headers=key)
    assert expected.status_code == 200  # ruled at once
    first = _post(app, "/v1/jobs?lang=en&open=true", key, _text(lines[:5]))
    assert first.status_code == 202, first.get_data(as_text=True)
    job = first.get_json()
    assert (job["state"], job["parts"], job["records"]) == ("open", 1, 4)
    url = f"/v1/jobs/{job['id']}"
    client = app.test_client()
    early = client.get(url + "/results", headers=key)
    assert early.status_code == 409 and early.get_json()["state"] == "open"
    second = _post(app, url + "/parts", key, _text(lines[5:9])[:-1])  # no newline at its end
    assert second.status_code == 200, second.get_data(as_text=True)
    assert (second.get_json()["state"], second.get_json()["parts"]) == ("open", 2)
    third = _post(app, url + "/parts?last=true", key, _text(lines[9:]))
    assert third.status_code == 200
    assert third.get_json()["parts"] == 3
    assert third.get_json()["records"] == whole.get_json()["records"]
    assert client.get(url, headers=key).get_json()["state"] == "done"
    out = client.get(url + "/results", headers=key)
    assert out.status_code == 200
    assert out.get_data() == expected.get_data()


def test_an_open_job_is_ruled_once_started_and_takes_no_part_after(immediate_app: Flask) -> None:
    app, key = immediate_app, _key(immediate_app)
    client = app.test_client()
    job = _post(app, "/v1/jobs?open=true", key, _text(_games()[:6])).get_json()
    url = f"/v1/jobs/{job['id']}"
    _post(app, url + "/parts", key, _text(_games()[6:9]))
    assert client.get(url, headers=key).get_json()["progress"]["records_done"] == 0
    started = client.post(url + "/start", headers=key)
    assert started.status_code == 200
    assert started.get_json()["state"] == "done"
    assert started.get_json()["progress"]["records_done"] == 9
    again = client.post(url + "/start", headers=key)  # a retried start changes nothing
    assert again.status_code == 200 and again.get_json()["state"] == "done"
    late = _post(app, url + "/parts", key, _text(_games()[:2]))
    assert late.status_code == 409
    assert late.get_json()["code"] == "job.not_open"
    assert late.get_json()["errors"][0]["state"] == "done"
    assert client.get(url, headers=key).get_json()["records"] == 9


def test_a_retried_part_is_not_appended_twice(immediate_app: Flask) -> None:
    app, key = immediate_app, _key(immediate_app)
    job = _post(app, "/v1/jobs?open=true", key, _text(_games()[:2])).get_json()
    url = f"/v1/jobs/{job['id']}"
    part = _text(_games()[2:5])
    r1 = _post(app, url + "/parts", key, part, **{"Idempotency-Key": "p-1"})
    r2 = _post(app, url + "/parts", key, part, **{"Idempotency-Key": "p-1"})
    assert r1.status_code == r2.status_code == 200
    assert "Idempotent-Replayed" not in r1.headers
    assert r2.headers["Idempotent-Replayed"] == "true"
    assert r2.get_json()["records"] == 5 and r2.get_json()["parts"] == 2
    other = _post(app, url + "/parts", key, _text(_games()[5:6]), **{"Idempotency-Key": "p-1"})
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency.mismatch"
    last = _text(_games()[5:7])
    r3 = _post(app, url + "/parts?last=true", key, last, **{"Idempotency-Key": "p-2"})
    assert r3.status_code == 200 and r3.get_json()["state"] == "done"
    # the answer to the last part was lost: its retry is answered, not refused
    r4 = _post(app, url + "/parts?last=true", key, last, **{"Idempotency-Key": "p-2"})
    assert r4.status_code == 200 and r4.headers["Idempotent-Replayed"] == "true"
    assert r4.get_json()["records"] == 7


def test_a_refused_part_leaves_the_job_as_it_was(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = make_app(
        job_chunk_records=2, job_max_bytes=3000, job_max_parts=3, queue_path=str(tmp_path / "q")
    )
    key = _key(app)
    client = app.test_client()
    job = _post(app, "/v1/jobs?open=true", key, _text(_games()[:1])).get_json()
    url = f"/v1/jobs/{job['id']}"
    before = client.get(url, headers=key).get_json()
    blank = _post(app, url + "/parts", key, b"\n \n")
    assert blank.status_code == 422 and "the part holds no records" in blank.get_json()["detail"]
    big = _post(app, url + "/parts", key, _text(_games() * 10))
    assert big.status_code == 413
    skat_log = app.test_client().post(
        url + "/parts", data=b"{}\n", headers={**key, "Content-Type": "application/x-ndjson"}
    )
    assert skat_log.status_code == 422  # the job holds ISS records
    assert client.get(url, headers=key).get_json() == before
    assert _post(app, url + "/parts", key, _text(_games()[1:2])).status_code == 200
    assert _post(app, url + "/parts", key, _text(_games()[2:3])).status_code == 200
    full = _post(app, url + "/parts", key, _text(_games()[3:4]))
    assert full.status_code == 413  # three parts a job here
    shown = client.get(url, headers=key).get_json()
    assert (shown["records"], shown["parts"], shown["state"]) == (3, 3, "open")


def test_parts_go_to_their_owners_job_alone(immediate_app: Flask) -> None:
    app, key, other = immediate_app, _key(immediate_app), _key(immediate_app, "Other")
    job = _post(app, "/v1/jobs?open=true", key, _text(_games()[:1])).get_json()
    url = f"/v1/jobs/{job['id']}"
    assert _post(app, url + "/parts", other, _text(_games()[1:2])).status_code == 404
    assert app.test_client().post(url + "/start", headers=other).status_code == 404
    assert app.test_client().get(url, headers=key).get_json()["records"] == 1


def test_a_cancelled_open_job_does_not_start(immediate_app: Flask) -> None:
    app, key = immediate_app, _key(immediate_app)
    client = app.test_client()
    job = _post(app, "/v1/jobs?open=true", key, _text(_games()[:3])).get_json()
    url = f"/v1/jobs/{job['id']}"
    assert client.post(url + "/cancel", headers=key).get_json()["state"] == "cancelled"
    refused = client.post(url + "/start", headers=key)
    assert refused.status_code == 409 and refused.get_json()["code"] == "job.not_open"
    assert _post(app, url + "/parts?last=true", key, _text(_games()[3:4])).status_code == 409


def test_no_worker_rules_an_open_job_and_one_never_started_is_dropped(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    """An open job's chunks are nobody's turn; it is kept REFEREE_JOB_KEEP_S after its
    last part, then the reaper drops it."""
    app = make_app(job_chunk_records=2, queue_path=str(tmp_path / "queue.db"))
    key, client = _key(app), app.test_client()
    jobs = app.extensions["referee"].jobs
    job = _post(app, "/v1/jobs?open=true", key, _text(_games()[:3])).get_json()
    url = f"/v1/jobs/{job['id']}"
    first_expiry = datetime.fromisoformat(job["expires_at"])
    jobs._now = lambda: first_expiry - timedelta(seconds=60)
    part = _post(app, url + "/parts", key, _text(_games()[3:5])).get_json()
    expires = datetime.fromisoformat(part["expires_at"])
    assert expires == first_expiry - timedelta(seconds=60) + jobs.keep  # from the last part
    assert jobs.run_next() is False
    assert jobs.run_chunk(job["id"], 0) is False
    assert client.get(url, headers=key).get_json()["progress"]["records_done"] == 0
    jobs._now = lambda: expires - timedelta(seconds=1)
    jobs.reap(queue_empty=True)
    assert client.get(url, headers=key).status_code == 200
    jobs._now = lambda: expires + timedelta(seconds=1)
    jobs.reap(queue_empty=True)
    assert client.get(url, headers=key).status_code == 404


def test_an_idempotency_key_tells_an_open_job_from_a_started_one(immediate_app: Flask) -> None:
    """The same archive under one key, once as an open job and once to start at once, is
    two different requests: the second is refused, not answered with the open job."""
    app, key = immediate_app, _key(immediate_app)
    body = _text(_games()[:2])
    opened = _post(app, "/v1/jobs?open=true", key, body, **{"Idempotency-Key": "j-1"})
    assert opened.status_code == 202 and opened.get_json()["state"] == "open"
    again = _post(app, "/v1/jobs?open=true", key, body, **{"Idempotency-Key": "j-1"})
    assert again.status_code == 202 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["id"] == opened.get_json()["id"]
    started = _post(app, "/v1/jobs", key, body, **{"Idempotency-Key": "j-1"})
    assert started.status_code == 422 and started.get_json()["code"] == "idempotency.mismatch"


def test_two_parts_sent_at_the_same_moment_are_both_stored_one_after_the_other(
    immediate_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two requests append a part to one open job at once: both reach the job's row lock
    together (a barrier), one waits for the other's commit, and the job holds both parts
    whole, numbered on one after the other, ruled as the archive in that order."""
    app, key = immediate_app, _key(immediate_app)
    games = _games()
    job = _post(app, "/v1/jobs?lang=en&open=true", key, _text(games[:3])).get_json()
    url = f"/v1/jobs/{job['id']}"
    barrier = threading.Barrier(2)
    met: list[bool] = []
    real_lock = SqlJobs.lock

    def together(self: SqlJobs, job_id: int) -> Any:
        with contextlib.suppress(threading.BrokenBarrierError):  # SQLite: one writer in
            barrier.wait(timeout=5)
            met.append(True)
        return real_lock(self, job_id)

    monkeypatch.setattr(SqlJobs, "lock", together)
    parts = {"a": games[3:7], "b": games[7:10]}
    answers: dict[str, Any] = {}

    def send(name: str) -> None:
        answers[name] = _post(app, url + "/parts", key, _text(parts[name]))

    threads = [threading.Thread(target=send, args=(name,)) for name in parts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    monkeypatch.setattr(SqlJobs, "lock", real_lock)
    if app.extensions["referee"].settings.database_url.startswith("postgresql"):
        assert met == [True, True]  # both were at the row lock at once
    assert [answers[n].status_code for n in parts] == [200, 200]
    client = app.test_client()
    started = client.post(url + "/start", headers=key)
    assert started.status_code == 200
    assert (started.get_json()["parts"], started.get_json()["records"]) == (3, 10)
    got = client.get(url + "/results", headers=key).get_data()
    orders = []
    for first, second in (("a", "b"), ("b", "a")):
        whole = _post(app, "/v1/jobs?lang=en", key, _text(games[:3] + parts[first] + parts[second]))
        orders.append(client.get(f"/v1/jobs/{whole.get_json()['id']}/results", headers=key))
    assert got in [r.get_data() for r in orders]
