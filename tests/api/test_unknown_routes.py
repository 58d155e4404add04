"""A path no operation answers, or a method a path does not take: the problem names the
method and the path asked (it said only werkzeug's "The requested URL was not found on
the server. If you entered the URL manually ..."), a 405 the methods allowed."""

from __future__ import annotations

import pytest

PROBLEM = "application/problem+json"


@pytest.mark.parametrize(
    "path",
    ["/v1/jobs/99999999999", "/v1/jobs/abc", "/v1/job", "/v2/disputes", "/v1/jobs/1/result"],
)
def test_a_path_no_operation_answers_is_a_404_naming_it(client, keys, path: str) -> None:  # type: ignore[no-untyped-def]
    r = client.get(path, headers=keys["platform"])
    assert r.status_code == 404 and r.mimetype == PROBLEM
    problem = r.get_json()
    assert problem["code"] == "http.not_found"
    assert problem["detail"].startswith(f"GET {path}: no operation")
    assert "/openapi.json" in problem["detail"]


def test_a_method_a_path_does_not_take_is_a_405_naming_it_and_the_allowed(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = client.put("/v1/jobs", headers=keys["platform"])
    assert r.status_code == 405 and r.mimetype == PROBLEM
    detail = r.get_json()["detail"]
    assert detail.startswith("PUT /v1/jobs: the method is not allowed")
    assert "GET" in detail and "POST" in detail
    assert set(r.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}


def test_a_missing_resource_keeps_its_own_words(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/v1/jobs/12345", headers=keys["platform"])
    assert r.status_code == 404 and "12345" in r.get_json()["detail"]
    assert "no operation" not in r.get_json()["detail"]
