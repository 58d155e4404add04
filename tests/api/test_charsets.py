"""A body is read as UTF-8: JSON is UTF-8 (RFC 8259, 8.1), an NDJSON line is JSON, ISS
records come in UTF-8. A Content-Type declaring another charset is refused with a 415
problem naming it (decoding it as UTF-8 read other text than the platform meant: the
Latin-1 byte of "ü" broke the body, or a name came out garbled), and nothing is
stored. charset=utf-8 (any spelling) and us-ascii, a part of UTF-8, are read as before."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from tests.support.service import EXAMPLES, example

PROBLEM = "application/problem+json"
ISS = (EXAMPLES / "iss-record.sgf").read_text(encoding="utf-8")


def _record_latin1() -> bytes:
    record = example("revoke-objected")
    record.setdefault("meta", {})["event"] = "Skatclub Düren"
    return json.dumps({"record": record}, ensure_ascii=False).encode("latin-1")


def _line_latin1() -> bytes:
    record = example("revoke-objected")
    record.setdefault("meta", {})["event"] = "Skatclub Düren"
    return json.dumps(record, ensure_ascii=False).encode("latin-1") + b"\n"


#: (url, content type, role, a body in UTF-8 that is read, the listing of what is stored, id)
CASES: list[tuple[str, str, str, str, bytes, str]] = [
    (
        "/v1/adjudications",
        "application/json",
        "platform",
        json.dumps(example("revoke-objected")).encode(),
        "",
        "json-rule",
    ),
    (
        "/v1/disputes",
        "application/json",
        "platform",
        json.dumps({"record": example("revoke-objected")}).encode(),
        "/v1/disputes",
        "json-dispute",
    ),
    ("/v1/disputes", "text/x-iss-sgf", "platform", ISS.encode(), "/v1/disputes", "iss-dispute"),
    ("/v1/imports/iss", "text/plain", "platform", ISS.encode(), "", "iss-import"),
    (
        "/v1/jobs",
        "application/x-ndjson",
        "platform",
        json.dumps(example("revoke-objected")).encode() + b"\n",
        "/v1/jobs",
        "ndjson-job",
    ),
    ("/v1/jobs", "text/x-iss-sgf", "platform", ISS.encode(), "/v1/jobs", "iss-job"),
    (
        "/v1/webhooks",
        "application/json",
        "platform",
        json.dumps({"url": "https://platform.example/hook", "events": ["job.done"]}).encode(),
        "/v1/webhooks",
        "json-webhook",
    ),
]
IDS = [c[-1] for c in CASES]


def _post(client, keys, url: str, ctype: str, role: str, body: bytes):  # type: ignore[no-untyped-def]
    return client.post(url, data=body, headers={**keys[role], "Content-Type": ctype})


@pytest.mark.parametrize("url, ctype, role, body, listing, name", CASES, ids=IDS)
@pytest.mark.parametrize("charset", ["ISO-8859-1", "utf-16", "klingon"])
def test_a_body_declared_in_another_charset_is_a_415_naming_it(
    client,
    keys,
    url: str,
    ctype: str,
    role: str,
    body: bytes,
    listing: str,
    name: str,
    charset: str,
) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, url, f"{ctype}; charset={charset}", role, body)
    assert r.status_code == 415, (r.status_code, r.get_data(as_text=True)[:400])
    assert r.mimetype == PROBLEM
    problem: dict[str, Any] = r.get_json()
    assert problem["code"] == "request.unsupported_media_type"
    assert f"charset={charset}" in problem["detail"] and "UTF-8" in problem["detail"]
    assert any(e.get("location") == "headers" for e in problem["errors"]), problem
    if listing:
        assert client.get(listing, headers=keys[role]).get_json() == []


@pytest.mark.parametrize("url, ctype, role, body, listing, name", CASES, ids=IDS)
@pytest.mark.parametrize("charset", ["UTF8", '"utf-8"', "us-ascii"])
def test_a_body_declared_as_utf8_or_ascii_is_read(
    client,
    keys,
    url: str,
    ctype: str,
    role: str,
    body: bytes,
    listing: str,
    name: str,
    charset: str,
) -> None:  # type: ignore[no-untyped-def]
    r = _post(client, keys, url, f"{ctype}; charset={charset}", role, body)
    if name == "json-webhook":  # read: its URL checked (the test's host does not resolve)
        assert r.get_json()["code"] == "webhook.url_refused", r.get_json()
        return
    assert r.status_code in (200, 201, 202), (r.status_code, r.get_data(as_text=True)[:400])


def test_a_latin1_body_labelled_latin1_is_refused_not_garbled(client, keys) -> None:  # type: ignore[no-untyped-def]
    """The case the field test met: a Latin-1 body honestly labelled."""
    for url, ctype, body in (
        ("/v1/disputes", "application/json", _record_latin1()),
        ("/v1/jobs", "application/x-ndjson", _line_latin1()),
    ):
        r = _post(client, keys, url, f"{ctype}; charset=latin-1", "platform", body)
        assert r.status_code == 415 and "charset=latin-1" in r.get_json()["detail"], url
    assert client.get("/v1/disputes", headers=keys["platform"]).get_json() == []
    assert client.get("/v1/jobs", headers=keys["platform"]).get_json() == []


def test_an_appeal_and_a_part_declared_in_another_charset_are_415(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = client.post(
        "/v1/disputes", json={"record": example("revoke-objected")}, headers=keys["platform"]
    )
    dispute = r.get_json()["id"]
    r = client.post(
        f"/v1/disputes/{dispute}/appeals",
        data=json.dumps({"grounds": "Einspruch zu spät"}).encode("latin-1"),
        headers={**keys["court"], "Content-Type": "application/json; charset=latin-1"},
    )
    assert r.status_code == 415 and "charset=latin-1" in r.get_json()["detail"]
    r = client.post(
        "/v1/jobs?open=true",
        data=json.dumps(example("revoke-objected")).encode() + b"\n",
        headers={**keys["platform"], "Content-Type": "application/x-ndjson"},
    )
    assert r.status_code == 202, r.get_json()
    job = r.get_json()["id"]
    r = _post(
        client,
        keys,
        f"/v1/jobs/{job}/parts",
        "application/x-ndjson; charset=latin-1",
        "platform",
        _line_latin1(),
    )
    assert r.status_code == 415 and "charset=latin-1" in r.get_json()["detail"]
    assert client.get(f"/v1/jobs/{job}", headers=keys["platform"]).get_json()["parts"] == 1


# -- a body in a content coding ---------------------------------------------------------------
@pytest.mark.parametrize("url, ctype, role, body, listing, name", CASES, ids=IDS)
@pytest.mark.parametrize("coding", ["gzip", "br", "deflate, gzip"])
def test_a_body_in_a_content_coding_is_a_415_naming_it(
    client,
    keys,
    url: str,
    ctype: str,
    role: str,
    body: bytes,
    listing: str,
    name: str,
    coding: str,
) -> None:  # type: ignore[no-untyped-def]
    """The compressed bytes were read as the body itself: a gzip archive became a job of
    one unreadable line (202), a gzip JSON body a 400 for malformed JSON."""
    packed = gzip.compress(body)
    r = client.post(
        url, data=packed, headers={**keys[role], "Content-Type": ctype, "Content-Encoding": coding}
    )
    assert r.status_code == 415, (r.status_code, r.get_data(as_text=True)[:400])
    problem = r.get_json()
    assert f"Content-Encoding {coding}" in problem["detail"] and "uncompressed" in problem["detail"]
    assert problem["errors"][0]["pointer"] == "/Content-Encoding"
    assert r.headers["Accept-Encoding"] == "identity"
    if listing:
        assert client.get(listing, headers=keys[role]).get_json() == []


def test_a_body_with_content_encoding_identity_is_read(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = client.post(
        "/v1/jobs",
        data=json.dumps(example("revoke-objected")).encode() + b"\n",
        headers={
            **keys["platform"],
            "Content-Type": "application/x-ndjson",
            "Content-Encoding": "identity",
        },
    )
    assert r.status_code == 202, r.get_json()


# -- a JSON body in UTF-16 or UTF-32 without a charset ----------------------------------------
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
@pytest.mark.parametrize("url", ["/v1/adjudications", "/v1/disputes"])
def test_a_json_body_in_utf16_or_utf32_is_a_400_saying_so(client, keys, url, encoding) -> None:  # type: ignore[no-untyped-def]
    """It was told that NUL characters are not allowed: the high bytes of its characters."""
    body = {"record": example("revoke-objected")} if url == "/v1/disputes" else example("left")
    r = client.post(
        url,
        data=json.dumps(body).encode(encoding),
        headers={**keys["platform"], "Content-Type": "application/json"},
    )
    assert r.status_code == 400 and r.mimetype == PROBLEM
    detail = r.get_json()["detail"]
    assert "not UTF-8" in detail and encoding.upper()[:6] in detail and "NUL" not in detail
