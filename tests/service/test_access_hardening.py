"""Keys and ownership at their edges, on SQLite and PostgreSQL: owner names a reader can
read, the admin kept out of other owners' jobs, the admin's own key not revocable
through the API, the queue file private."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from referee.service.settings import Settings
from referee.worker.queue import make_huey
from tests.service.test_jobs import _archive, _submit

LOOK_ALIKES = [
    "club\u200b-A",  # zero-width space
    "club-A\u200d",  # zero-width joiner
    "\u202eA-bulc",  # right-to-left override
    "club\u2066-A\u2069",  # bidirectional isolate
    "club-\u00adA",  # soft hyphen
    "club\ufeff-A",  # zero-width no-break space
    "club\t-A",
    "club\u2028-A",  # line separator
    "club-A\x7f",
]


@pytest.mark.parametrize("owner", LOOK_ALIKES)
def test_an_owner_name_with_hidden_characters_is_refused(client, keys, owner: str) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/v1/keys", json={"role": "referee", "owner": owner}, headers=keys["admin"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["field"] == "owner" and "U+" in r.json["detail"]


def test_a_label_with_hidden_characters_is_refused_and_plain_names_pass(client, keys) -> None:  # type: ignore[no-untyped-def]
    r = client.post(
        "/v1/keys",
        json={"role": "referee", "owner": "Club", "label": "Max\u200bMuster"},
        headers=keys["admin"],
    )
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "label"
    for owner in ("Skatclub Grün-Weiß 1950", "Peña de Skat", "Club A"):
        r = client.post("/v1/keys", json={"role": "referee", "owner": owner}, headers=keys["admin"])
        assert r.status_code == 201 and r.json["owner"] == owner


def test_the_admin_neither_reads_nor_cancels_another_owners_job(
    make_app: Callable[..., Flask], tmp_path: Path, keys_for: Callable[[Flask], dict]
) -> None:
    app = make_app(job_chunk_records=4, queue_path=str(tmp_path / "q.db"))
    keys = keys_for(app)
    client = app.test_client()
    job = _submit(client, keys["platform"], _archive()).get_json()
    for path in (f"/v1/jobs/{job['id']}", f"/v1/jobs/{job['id']}/results"):
        assert client.get(path, headers=keys["admin"]).status_code == 404, path
    assert client.delete(f"/v1/jobs/{job['id']}", headers=keys["admin"]).status_code == 404
    assert client.post(f"/v1/jobs/{job['id']}/cancel", headers=keys["admin"]).status_code == 404
    shown = client.get(f"/v1/jobs/{job['id']}", headers=keys["platform"]).get_json()
    assert shown["state"] == "queued"  # not cancelled


@pytest.fixture
def keys_for() -> Callable[[Flask], dict]:
    def make(app: Flask) -> dict:
        out = {}
        for role, owner in (("platform", "ISS"), ("admin", "Operator")):
            _key, secret = app.extensions["referee"].keys.create(role, owner)
            out[role] = {"Authorization": f"Bearer {secret}"}
        return out

    return make


def test_the_admin_cannot_revoke_the_key_it_signs_with(client, keys) -> None:  # type: ignore[no-untyped-def]
    listed = client.get("/v1/keys", headers=keys["admin"]).json
    own = next(k["id"] for k in listed if k["role"] == "admin")
    r = client.post(f"/v1/keys/{own}/revoke", headers=keys["admin"])
    assert r.status_code == 409 and r.json["code"] == "key.own"
    assert client.get("/v1/keys", headers=keys["admin"]).status_code == 200  # still works
    other = next(k["id"] for k in listed if k["role"] == "court")
    assert client.post(f"/v1/keys/{other}/revoke", headers=keys["admin"]).status_code == 200


def test_the_queue_file_is_created_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask: a careless file would be world-readable
    try:
        path = tmp_path / "var" / "queue.db"
        huey = make_huey(Settings(database_url="sqlite://", queue_path=str(path)))
        huey.pending_count()  # opens the database
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_an_owner_or_label_over_the_columns_width_is_refused_by_the_service(app: Flask) -> None:
    """The command line (``referee keys create``) reaches the service without the API's
    schema: the service itself keeps names within the columns (PostgreSQL would refuse)."""
    from referee.service.errors import InvalidInput

    keys = app.extensions["referee"].keys
    for owner, label in (("x" * 201, ""), ("Club", "y" * 201)):
        with pytest.raises(InvalidInput) as refused:
            keys.create("referee", owner, label)
        assert refused.value.where["field"] == ("owner" if len(owner) > 200 else "label")
    key, _secret = keys.create("referee", "x" * 200, "y" * 200)
    assert key.owner == "x" * 200
