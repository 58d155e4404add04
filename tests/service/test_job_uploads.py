"""Job uploads: the body is read as a stream, never whole; a file larger than one request
is sent in parts. The memory a web worker takes for a large upload is a benchmark figure
(``python -m bench --only upload``), never asserted here.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, Request

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
