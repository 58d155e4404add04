"""Inputs that gave 500 (issue 15, "Inputs that give 500 today"): each is now a clear 4xx
problem+json and stores nothing, on SQLite and on PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.service import example

PROBLEM = "application/problem+json"


def _is_problem(r, status: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:400])
    assert r.mimetype == PROBLEM
    return r.get_json()


def _stored(client, keys) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    return client.get("/v1/disputes", headers=keys["court"]).get_json()


def _post_json(client, path: str, text: str, headers: dict[str, str]):  # type: ignore[no-untyped-def]
    return client.post(
        path, data=text.encode(), headers={**headers, "Content-Type": "application/json"}
    )


# -- ids and pages beyond the database's integers --------------------------------------------
BEYOND = ["2147483648", "9223372036854775808", "1" + "0" * 40]


@pytest.mark.parametrize("number", BEYOND)
def test_ids_beyond_the_database_integer_are_404(client, keys, number: str) -> None:  # type: ignore[no-untyped-def]
    for path, who in [
        (f"/v1/disputes/{number}", "court"),
        (f"/v1/disputes/{number}/replay", "court"),
        (f"/v1/disputes/{number}/rulings", "court"),
        (f"/v1/disputes/1/rulings/{number}", "court"),
        (f"/v1/keys/{number}/revoke", "admin"),
    ]:
        method = "POST" if path.endswith("revoke") else "GET"
        _is_problem(client.open(path, method=method, headers=keys[who]), 404)
    r = client.post(
        f"/v1/disputes/{number}/appeals", json={"grounds": "late"}, headers=keys["court"]
    )
    _is_problem(r, 404)


def test_the_largest_id_is_an_ordinary_404(client, keys) -> None:  # type: ignore[no-untyped-def]
    body = _is_problem(client.get("/v1/disputes/2147483647", headers=keys["court"]), 404)
    assert body["code"] == "service.not_found"


@pytest.mark.parametrize("page", ["100000000000000000", "92233720368547758", "1" + "0" * 30])
def test_huge_page_numbers_give_an_empty_page(client, keys, page: str) -> None:  # type: ignore[no-untyped-def]
    client.post("/v1/disputes", json={"record": example("left")}, headers=keys["referee"])
    for size in ("10", "100"):
        r = client.get(f"/v1/disputes?page={page}&page_size={size}", headers=keys["court"])
        assert r.status_code == 200, r.get_data(as_text=True)
        assert r.get_json() == []
