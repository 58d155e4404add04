"""What gunicorn answered itself in HTML: a URL over its request-line limit
(414), header fields too large (431), a chunked body over the body limit (500 or a body
silently cut), now answered as problem+json by real gunicorn with the project's config."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import gunicorn
from tests.support.service import example

LIMIT = 8192


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    tmp = tmp_path_factory.mktemp("gunicorn")
    url = f"sqlite:///{tmp / 'g.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", "Gunicorn club")
    backend.dispose()
    with gunicorn(url, tmp, workers=1, REFEREE_MAX_BODY_BYTES=str(LIMIT)) as base:
        yield base, {"Authorization": f"Bearer {secret}"}


def _raw(base: str, request: bytes) -> tuple[int, dict[str, str], bytes]:
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(request)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    if headers.get("transfer-encoding") == "chunked":
        body = _unchunk(body)
    return int(lines[0].split()[1]), headers, body


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size, _, data = data.partition(b"\r\n")
        n = int(size, 16)
        if n == 0:
            break
        out, data = out + data[:n], data[n + 2 :]
    return out


def _chunked(path: str, body: bytes, headers: dict[str, str], ctype: str) -> bytes:
    pieces = b"".join(
        b"%x\r\n%s\r\n" % (len(body[i : i + 1000]), body[i : i + 1000])
        for i in range(0, len(body), 1000)
    )
    lines = [f"POST {path} HTTP/1.1", "Host: test", f"Content-Type: {ctype}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    lines += ["Transfer-Encoding: chunked", "Connection: close", "", ""]
    return "\r\n".join(lines).encode() + pieces + b"0\r\n\r\n"


def _problem(status: int, headers: dict[str, str], body: bytes, expected: int) -> dict[str, Any]:
    assert status == expected, (status, body[:300])
    assert headers["content-type"] == "application/problem+json", headers
    doc = json.loads(body)
    assert doc["status"] == expected and doc["code"] and doc["detail"]
    return doc


@pytest.mark.parametrize("length", [9000, 20000])  # over gunicorn.conf.py's 8190
def test_a_url_over_the_request_line_limit_is_a_414_problem(served, length: int) -> None:  # type: ignore[no-untyped-def]
    base, headers = served
    r = requests.get(f"{base}/v1/rules?q={'a' * length}", headers=headers, timeout=30)
    doc = _problem(r.status_code, {k.lower(): v for k, v in r.headers.items()}, r.content, 414)
    assert doc["code"] == "request.uri_too_long"


def test_header_fields_too_large_are_a_431_problem(served) -> None:  # type: ignore[no-untyped-def]
    base, headers = served
    r = requests.get(f"{base}/v1/rules", headers={**headers, "X-Big": "b" * 9000}, timeout=30)
    _problem(r.status_code, {k.lower(): v for k, v in r.headers.items()}, r.content, 431)


@pytest.mark.parametrize("path", ["/v1/adjudications", "/v1/disputes"])
def test_a_chunked_body_over_the_limit_is_a_413_problem_and_stores_nothing(served, path) -> None:  # type: ignore[no-untyped-def]
    base, headers = served
    record = example("left")
    record["meta"] = {"pad": "x" * (2 * LIMIT)}
    body = json.dumps({"record": record} if path == "/v1/disputes" else record).encode()
    status, head, data = _raw(base, _chunked(path, body, headers, "application/json"))
    doc = _problem(status, head, data, 413)
    assert doc["code"] == "request.too_large"
    listed = requests.get(f"{base}/v1/disputes", headers=headers, timeout=30).json()
    assert listed == []


@pytest.mark.parametrize("path", ["/v1/adjudications", "/v1/disputes"])
def test_a_chunked_body_within_the_limit_is_read_whole(served, path) -> None:  # type: ignore[no-untyped-def]
    base, headers = served
    record = example("left")
    body = json.dumps({"record": record} if path == "/v1/disputes" else record).encode()
    assert len(body) < LIMIT
    status, _head, data = _raw(base, _chunked(path, body, headers, "application/json"))
    assert status in (200, 201), data[:300]


def test_a_405_through_gunicorn_names_the_allowed_methods(served) -> None:  # type: ignore[no-untyped-def]
    base, headers = served
    r = requests.delete(f"{base}/v1/disputes", headers=headers, timeout=30)
    assert r.status_code == 405 and r.headers["Content-Type"] == "application/problem+json"
    assert {"GET", "POST"} <= {m.strip() for m in r.headers["Allow"].split(",")}
