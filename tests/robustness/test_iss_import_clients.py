"""Ordinary HTTP clients can import a large ISS file: the service reads the whole body
before it answers. Python's urllib and python-requests send the whole body before they
read a byte of the answer; when the service answered while it was still reading, both
sides waited for each other (20,000 records never finished). Real gunicorn; each client
must get every game's line and the summary."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import TEST_ENV, Served
from tests.support.service import ISS_DIR

pytestmark = pytest.mark.slow

LINES = [line for line in (ISS_DIR / "jskat-samples.sgf").read_text().splitlines() if line.strip()]
GAMES = 20_000
BODY = ("\n".join(LINES[i % len(LINES)] for i in range(GAMES)) + "\n").encode()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    tmp = tmp_path_factory.mktemp("imports")
    url = f"sqlite:///{tmp / 'imports.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", "archive")
    backend.dispose()
    g = Served(url, tmp, workers=2, ready_s=240, **TEST_ENV)
    try:
        yield g.base, {"Authorization": f"Bearer {secret}", "Content-Type": "text/x-iss-sgf"}
    finally:
        g.stop()


def _check(text: str) -> None:
    lines = text.splitlines()
    assert len(lines) == GAMES + 1
    summary = json.loads(lines[-1])["summary"]
    assert summary["games"] == GAMES and summary["ruled"] + summary["errors"] == GAMES


def test_an_import_sent_whole_by_urllib_completes(served: tuple[str, dict[str, str]]) -> None:
    base, headers = served
    req = urllib.request.Request(base + "/v1/imports/iss", data=BODY, headers=headers)
    with urllib.request.urlopen(req, timeout=60) as r:  # noqa: S310 - our own test server
        assert r.status == 200
        _check(r.read().decode())


def test_an_import_sent_whole_by_requests_completes(served: tuple[str, dict[str, str]]) -> None:
    base, headers = served
    r = requests.post(base + "/v1/imports/iss", data=BODY, headers=headers, timeout=60)
    assert r.status_code == 200
    _check(r.text)
