"""Appeals lodged at the same moment on one dispute, on SQLite and PostgreSQL.

An appeal reviews the ruling that was current when it was heard. Of appeals that reviewed
the same revision only one may be stored; the others are told (409, problem+json) that the
ruling they reviewed is no longer the current one, and store nothing.
"""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask

from tests.support.service import example

APPEALS = 40


def _fire(app: Flask, url: str, headers: dict[str, str], n: int) -> list[Any]:
    """``n`` appeals released together by a barrier, each from its own client."""
    barrier = threading.Barrier(n)

    def one(i: int) -> Any:
        client = app.test_client()
        body = {"grounds": f"appeal {i}: the revoke was claimed too late"}
        barrier.wait()
        return client.post(url, json=body, headers=headers)

    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(one, range(n)))


def test_concurrent_appeals_one_wins_per_revision(app, keys) -> None:
    client = app.test_client()
    d = client.post(
        "/v1/disputes", json={"record": example("revoke-objected")}, headers=keys["referee"]
    ).get_json()
    url = f"/v1/disputes/{d['id']}/appeals"
    responses = _fire(app, url, keys["court"], APPEALS)
    statuses = Counter(r.status_code for r in responses)
    assert set(statuses) <= {201, 409}, [r.get_json() for r in responses if r.status_code >= 500]
    assert statuses[201] >= 1
    for r in responses:
        if r.status_code == 409:
            assert r.mimetype == "application/problem+json"
            assert r.get_json()["code"] == "appeal.revision_not_current"
    rulings = client.get(f"/v1/disputes/{d['id']}/rulings", headers=keys["court"]).get_json()
    # exactly one stored appeal per reviewed revision, each reviewing its predecessor
    assert [x["revision"] for x in rulings] == list(range(1, statuses[201] + 2))
    for before, after in zip(rulings, rulings[1:], strict=False):
        assert after["reviews"] == before["revision"], (before["revision"], after["revision"])
    reviewed = Counter(x["reviews"] for x in rulings[1:])
    assert all(n == 1 for n in reviewed.values()), reviewed
    won = sorted(r.get_json()["revision"] for r in responses if r.status_code == 201)
    assert won == list(range(2, statuses[201] + 2))
