"""Authentication, then the role, then the request ("Order of checks").

An unauthenticated request with an invalid query, header or body gets 401, a key of the
wrong role gets 403, and neither answer runs or echoes any field validation: a caller who
may not use an endpoint learns nothing about its schema.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.service import stored_keys

JUNK = b'{"no": "such field", "role": 5, "record": "x"'  # malformed, and wrong if it parsed
LONG_KEY = "k" * 300  # over the Idempotency-Key limit of 255

#: (method, path, extra headers, content type, body): each one invalid in some part
INVALID = [
    ("GET", "/v1/disputes?outcome=bogus&page=0", {}, None, None),
    ("POST", "/v1/disputes", {"Idempotency-Key": LONG_KEY}, "application/json", JUNK),
    ("GET", "/v1/disputes/1?lang=xx", {}, None, None),
    ("GET", "/v1/disputes/1/replay?at=-1", {}, None, None),
    ("GET", "/v1/disputes/1/rulings?lang=xx", {}, None, None),
    ("GET", "/v1/disputes/1/rulings/1?lang=xx", {}, None, None),
    ("POST", "/v1/disputes/1/appeals?lang=xx", {}, "application/json", JUNK),
    ("POST", "/v1/adjudications?lang=xx", {}, "application/json", JUNK),
    ("POST", "/v1/imports/iss?lang=xx", {}, "text/plain", b"\xff\xfe junk"),
    ("GET", "/v1/keys", {}, None, None),
    ("POST", "/v1/keys", {}, "application/json", JUNK),
    ("POST", "/v1/keys/1/revoke", {}, "application/json", JUNK),
    ("GET", "/v1/rules?document=Nonsense", {}, None, None),
    ("GET", "/v1/rules/ISkO%204.1.1?lang=xx", {}, None, None),
    ("POST", "/v1/jobs?lang=xx", {}, "application/json", JUNK),
    ("GET", "/v1/jobs?page=0", {}, None, None),
    ("POST", "/v1/webhooks", {}, "application/json", JUNK),
]

#: endpoint (method, path before "?") -> a role that may not use it
WRONG_ROLE = {
    ("GET", "/v1/disputes"): "admin",
    ("POST", "/v1/disputes"): "court",
    ("GET", "/v1/disputes/1"): "admin",
    ("GET", "/v1/disputes/1/replay"): "admin",
    ("GET", "/v1/disputes/1/rulings"): "admin",
    ("GET", "/v1/disputes/1/rulings/1"): "admin",
    ("POST", "/v1/disputes/1/appeals"): "referee",
    ("POST", "/v1/imports/iss"): "referee",
    ("GET", "/v1/keys"): "court",
    ("POST", "/v1/keys"): "court",
    ("POST", "/v1/keys/1/revoke"): "platform",
    ("POST", "/v1/jobs"): "referee",
    ("GET", "/v1/jobs"): "court",
    ("POST", "/v1/webhooks"): "court",
}


def _call(client, method: str, path: str, headers: dict[str, str], ctype, body) -> Any:  # type: ignore[no-untyped-def]
    if ctype:
        headers = {**headers, "Content-Type": ctype}
    return client.open(path, method=method, headers=headers, data=body)


def _validated_nothing(r) -> bool:  # type: ignore[no-untyped-def]
    """No field errors in the answer: nothing about the request was looked at."""
    body = r.get_json()
    fields = [e for e in body.get("errors") or [] if {"pointer", "field", "location"} & set(e)]
    return not fields and body["code"].startswith("auth.")


@pytest.mark.parametrize("method, path, extra, ctype, body", INVALID)
def test_an_unauthenticated_invalid_request_gets_401_before_validation(
    client, method, path, extra, ctype, body
) -> None:  # type: ignore[no-untyped-def]
    r = _call(client, method, path, extra, ctype, body)
    assert r.status_code == 401, (method, path, r.status_code, r.get_json())
    assert r.mimetype == "application/problem+json"
    assert _validated_nothing(r), r.get_json()
    assert r.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("method, path, extra, ctype, body", INVALID)
def test_a_made_up_key_with_an_invalid_request_gets_401(
    client, method, path, extra, ctype, body
) -> None:  # type: ignore[no-untyped-def]
    headers = {"Authorization": "Bearer rk_made_up", **extra}
    r = _call(client, method, path, headers, ctype, body)
    assert r.status_code == 401, (method, path, r.status_code, r.get_json())
    assert _validated_nothing(r)


@pytest.mark.parametrize(
    "method, path, extra, ctype, body",
    [case for case in INVALID if (case[0], case[1].split("?")[0]) in WRONG_ROLE],
)
def test_the_wrong_role_with_an_invalid_request_gets_403_before_validation(
    client, keys, method, path, extra, ctype, body
) -> None:  # type: ignore[no-untyped-def]
    role = WRONG_ROLE[(method, path.split("?")[0])]
    r = _call(client, method, path, {**keys[role], **extra}, ctype, body)
    assert r.status_code == 403, (role, method, path, r.status_code, r.get_json())
    assert r.mimetype == "application/problem+json"
    assert _validated_nothing(r), r.get_json()


def test_a_court_key_posting_junk_to_keys_gets_403_and_nothing_is_made(client, keys) -> None:  # type: ignore[no-untyped-def]
    before = stored_keys(client, keys["admin"])
    r = client.post("/v1/keys", json={"role": "admin", "owner": ""}, headers=keys["court"])
    assert r.status_code == 403 and _validated_nothing(r)
    assert stored_keys(client, keys["admin"]) == before


def test_the_right_role_still_gets_its_validation_errors(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/v1/keys", json={"role": "admin"}, headers=keys["admin"])
    assert r.status_code == 422
    assert [e["field"] for e in r.get_json()["errors"]] == ["owner"]
    r = client.get("/v1/disputes?outcome=bogus", headers=keys["referee"])
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "outcome"


def test_a_405_names_the_allowed_methods(client, keys) -> None:  # type: ignore[no-untyped-def]
    """RFC 9110 15.5.6: a 405 carries Allow."""
    for method, path, allowed in [
        ("DELETE", "/v1/disputes", {"GET", "POST"}),
        ("PUT", "/v1/keys", {"GET", "POST"}),
        ("GET", "/v1/keys/1/revoke", {"POST"}),
        ("PATCH", "/v1/adjudications", {"POST"}),
    ]:
        r = client.open(path, method=method, headers=keys["admin"])
        assert r.status_code == 405, (method, path)
        assert r.mimetype == "application/problem+json"
        assert allowed <= {m.strip() for m in r.headers["Allow"].split(",")}, r.headers
