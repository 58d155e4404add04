"""The language of an API answer: ``?lang=`` parsed once, at the edge.

An unknown ``?lang=`` is the caller's error: a 400 problem (category BadRequest) that
names the parameter and the languages the referee speaks, on every operation that takes
one, and the spec documents that 400; never a silent fall-back to English and never the
schema's 422.
"""

from __future__ import annotations

from typing import Any

import pytest

#: (method, path, role allowed to use it, content type, body): every operation with ?lang=
WITH_LANG = [
    ("GET", "/v1/disputes", "referee", None, None),
    ("POST", "/v1/disputes", "referee", "application/json", b"{}"),
    ("GET", "/v1/disputes/1", "referee", None, None),
    ("GET", "/v1/disputes/1/replay", "referee", None, None),
    ("GET", "/v1/disputes/1/rulings", "referee", None, None),
    ("GET", "/v1/disputes/1/rulings/1", "referee", None, None),
    ("POST", "/v1/disputes/1/appeals", "court", "application/json", b"{}"),
    ("POST", "/v1/adjudications", "platform", "application/json", b"{}"),
    ("POST", "/v1/imports/iss", "platform", "text/plain", b"(;GM[Skat]"),
    ("GET", "/v1/rules", "referee", None, None),
    ("GET", "/v1/rules/ISkO%204.1.1", "referee", None, None),
    ("POST", "/v1/jobs", "platform", "application/json", b"{}"),
]


def _call(client, method: str, path: str, headers: dict[str, str], ctype, body) -> Any:  # type: ignore[no-untyped-def]
    if ctype:
        headers = {**headers, "Content-Type": ctype}
    return client.open(path, method=method, headers=headers, data=body)


@pytest.mark.parametrize("method, path, role, ctype, body", WITH_LANG)
def test_an_unknown_lang_is_a_400_naming_the_known_languages(
    client, keys, method, path, role, ctype, body
) -> None:  # type: ignore[no-untyped-def]
    r = _call(client, method, f"{path}?lang=fr", keys[role], ctype, body)
    assert r.status_code == 400, (method, path, r.status_code, r.get_json())
    problem = r.get_json()
    assert r.mimetype == "application/problem+json"
    assert problem["code"] == "language.unknown"
    assert problem["detail"] == "query parameter lang: unknown language 'fr'; known: en, de, es"
    assert problem["errors"][0]["location"] == "query"
    assert problem["errors"][0]["field"] == "lang"


@pytest.mark.parametrize("value", ["", "EN", "en-GB", "english", "xx"])
def test_no_near_miss_is_taken_for_a_language(client, keys, value: str) -> None:  # type: ignore[no-untyped-def]
    r = client.get(f"/v1/rules?lang={value}", headers=keys["referee"])
    assert r.status_code == 400 and r.get_json()["code"] == "language.unknown", value


def test_accept_language_is_a_preference_not_an_error(client, keys) -> None:  # type: ignore[no-untyped-def]
    """HTTP content negotiation: none of ours in the list gives the default, English."""
    headers = {**keys["referee"], "Accept-Language": "fr-FR, it;q=0.5"}
    r = client.get("/v1/rules/ISkO%204.1.1", headers=headers)
    assert r.status_code == 200 and r.get_json()["language"] == "en"


@pytest.mark.parametrize("method, path, role, ctype, body", WITH_LANG)
def test_the_spec_documents_the_400(client, method, path, role, ctype, body) -> None:  # type: ignore[no-untyped-def]
    spec = client.get("/openapi.json").get_json()
    template = {
        "/v1/disputes/1": "/v1/disputes/{dispute_id}",
        "/v1/disputes/1/replay": "/v1/disputes/{dispute_id}/replay",
        "/v1/disputes/1/rulings": "/v1/disputes/{dispute_id}/rulings",
        "/v1/disputes/1/rulings/1": "/v1/disputes/{dispute_id}/rulings/{revision}",
        "/v1/disputes/1/appeals": "/v1/disputes/{dispute_id}/appeals",
        "/v1/rules/ISkO%204.1.1": "/v1/rules/{clause_id}",
    }.get(path, path)
    operation = spec["paths"][template][method.lower()]
    assert "400" in operation["responses"], (method, template)
    lang = [p for p in operation["parameters"] if p["name"] == "lang" and p["in"] == "query"]
    assert lang and lang[0]["schema"]["enum"] == ["en", "de", "es"]
