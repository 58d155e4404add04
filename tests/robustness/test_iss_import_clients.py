"""Ordinary HTTP clients can import a large ISS file: the service reads the whole body
before it answers. Python's urllib and python-requests send the whole body before they
read a byte of the answer; when the service answered while it was still reading, both
sides waited for each other (20,000 records never finished, 100,000 hung until a
timeout). Real gunicorn, 100,000 records a client, both clients at once; each must get
every game's line and the summary. The answers are read line by line and counted (held
whole they would be some hundreds of megabytes)."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import TEST_ENV, Served
from tests.support.service import ISS_EXAMPLES

pytestmark = pytest.mark.slow

LINES = [
    line for line in (ISS_EXAMPLES / "jskat-samples.sgf").read_text().splitlines() if line.strip()
]
GAMES = 100_000
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


def _count(lines: Iterable[bytes]) -> tuple[int, dict[str, int]]:
    """The answer's lines, counted: how many, and the summary of the last one."""
    n, last = 0, b""
    for line in lines:
        if line.strip():
            n, last = n + 1, line
    return n, json.loads(last)["summary"]


def _by_urllib(base: str, headers: dict[str, str]) -> tuple[int, dict[str, int]]:
    req = urllib.request.Request(base + "/v1/imports/iss", data=BODY, headers=headers)
    with urllib.request.urlopen(req, timeout=120) as r:  # noqa: S310 - our own test server
        assert r.status == 200
        return _count(r)


def _by_requests(base: str, headers: dict[str, str]) -> tuple[int, dict[str, int]]:
    r = requests.post(
        base + "/v1/imports/iss", data=BODY, headers=headers, timeout=120, stream=True
    )
    with r:
        assert r.status_code == 200
        return _count(r.iter_lines(chunk_size=1 << 16))


def test_an_import_of_100000_records_sent_whole_completes_with_urllib_and_requests(
    served: tuple[str, dict[str, str]],
) -> None:
    """Both clients at once (two gunicorn workers), each on its own thread; a client
    that never got an answer would end on its 120 s read timeout."""
    base, headers = served
    clients: dict[str, Callable[[str, dict[str, str]], tuple[int, dict[str, int]]]] = {
        "urllib": _by_urllib,
        "requests": _by_requests,
    }
    results: dict[str, tuple[int, dict[str, int]] | BaseException] = {}

    def run(name: str) -> None:
        start = time.monotonic()
        try:
            results[name] = clients[name](base, headers)
        except BaseException as exc:  # noqa: BLE001 - reported below
            results[name] = exc
        print(f"{name}: {GAMES} records in {time.monotonic() - start:.1f} s")

    threads = [threading.Thread(target=run, args=(name,)) for name in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name in clients:
        got = results[name]
        assert not isinstance(got, BaseException), (name, got)
        lines, summary = got
        assert lines == GAMES + 1, name
        assert summary["games"] == GAMES, (name, summary)
        assert summary["ruled"] + summary["errors"] == GAMES, (name, summary)
