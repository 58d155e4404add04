"""A body that breaks in transit, under real gunicorn: chunked framing that is not
hexadecimal, a connection that ends inside a chunk, and one that ends before the bytes
its Content-Length declares. Each is a 400 problem naming it and nothing is stored.
(The broken chunks were 500s from gunicorn's parse errors; the short body was read as
if it were whole: a job was stored from the first bytes of its archive.)"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import gunicorn
from tests.support.service import example

LOG = json.dumps(example("revoke-objected"))
#: (path, content type, a whole body the path takes, the listing of what it stores)
PATHS = [
    ("/v1/jobs", "application/x-ndjson", (LOG + "\n") * 3, "/v1/jobs"),
    ("/v1/disputes", "application/json", json.dumps({"record": example("left")}), "/v1/disputes"),
    ("/v1/adjudications", "application/json", LOG, None),
    ("/v1/imports/iss", "text/x-iss-sgf", "(;GM[Skat]" + " " * 200 + ";)\n", None),
]
IDS = [p[0] for p in PATHS]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    tmp = tmp_path_factory.mktemp("bodies")
    url = f"sqlite:///{tmp / 'b.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("platform", "Careless club")
    backend.dispose()
    with gunicorn(url, tmp, workers=1) as base:
        yield base, {"Authorization": f"Bearer {secret}"}


def _send(base: str, head: list[str], body: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send a request, close the sending side, read the answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(("\r\n".join([*head, "Connection: close", "", ""])).encode() + body)
        s.shutdown(socket.SHUT_WR)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    top, _, data = out.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    return int(lines[0].split()[1]), headers, data


def _head(path: str, ctype: str, auth: dict[str, str], *framing: str) -> list[str]:
    return [
        f"POST {path} HTTP/1.1",
        "Host: referee.test",
        f"Authorization: {auth['Authorization']}",
        f"Content-Type: {ctype}",
        *framing,
    ]


def _stored(base: str, auth: dict[str, str], listing: str | None) -> list[object]:
    return [] if listing is None else requests.get(base + listing, headers=auth, timeout=30).json()


@pytest.mark.parametrize("path, ctype, body, listing", PATHS, ids=IDS)
@pytest.mark.parametrize(
    "name, framing, data, said",
    [
        ("not-hex", ("Transfer-Encoding: chunked",), b"zz\r\nabc\r\n0\r\n\r\n", "chunked"),
        ("cut-chunk", ("Transfer-Encoding: chunked",), b'40\r\n{"a', "broke off"),
        ("short", ("Content-Length: 50000",), None, "Content-Length declares"),
    ],
)
def test_a_body_broken_in_transit_is_a_400_and_stores_nothing(
    served, path: str, ctype: str, body: str, listing: str | None, name, framing, data, said
) -> None:  # type: ignore[no-untyped-def]
    base, auth = served
    payload = body.encode() if data is None else data
    status, headers, answer = _send(base, _head(path, ctype, auth, *framing), payload)
    assert status == 400, (status, answer[:300])
    assert headers["content-type"].startswith("application/problem+json")
    problem = json.loads(answer)
    assert said in problem["detail"], problem
    if name == "short":
        assert f"after {len(payload)} of the 50000 bytes" in problem["detail"]
    assert _stored(base, auth, listing) == []


@pytest.mark.parametrize("path, ctype, body, listing", PATHS, ids=IDS)
def test_whole_bodies_are_read_as_before(served, path: str, ctype: str, body: str, listing) -> None:  # type: ignore[no-untyped-def]
    base, auth = served
    data = body.encode()
    chunked = f"{len(data):x}\r\n".encode() + data + b"\r\n0\r\n\r\n"
    for framing, payload in (
        (("Transfer-Encoding: chunked",), chunked),
        ((f"Content-Length: {len(data)}",), data),
    ):
        status, _, answer = _send(base, _head(path, ctype, auth, *framing), payload)
        assert status in (200, 201, 202), (framing, status, answer[:300])
