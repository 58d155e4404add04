"""Inputs Python's JSON accepts but JSON and the databases do not; unreadable schedules."""

from __future__ import annotations

import json

import pytest

from tests.support.service import example

PROBLEM = "application/problem+json"


def _body_with(value_text: str) -> bytes:
    record = json.dumps(example("suit-game-clean"))
    return ('{"record": ' + record + ', "note": ' + value_text + "}").encode()


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", '"a\\u0000b"'])
@pytest.mark.parametrize("path", ["/v1/disputes", "/v1/adjudications"])
def test_non_json_constants_and_nul_are_refused_with_400(client, keys, path, value):
    if path == "/v1/adjudications":
        body = json.dumps(example("suit-game-clean"))[:-1] + ', "x": ' + value + "}"
        data = body.encode()
    else:
        data = _body_with(value)
    r = client.post(
        path, data=data, headers={**keys["referee"], "Content-Type": "application/json"}
    )
    assert r.status_code == 400, r.get_data(as_text=True)
    assert r.mimetype == PROBLEM
    assert client.get("/v1/disputes", headers=keys["referee"]).json == []


def test_an_unreadable_schedule_in_meta_is_refused_at_submission(client, keys):
    """checked when the dispute is stored, not found out at the appeal."""
    meta = {"next_series_starts_at": "after lunch"}
    d = client.post(
        "/v1/disputes",
        json={"record": example("revoke-objected"), "meta": meta},
        headers=keys["referee"],
    )
    assert d.status_code == 422, d.json
    assert d.json["errors"][0]["pointer"] == "/meta/next_series_starts_at"
    assert client.get("/v1/disputes", headers=keys["referee"]).json == []


def test_an_unreadable_schedule_stored_earlier_leaves_the_appeal_unverified():
    from datetime import UTC, datetime

    from referee.rulings.appeals import check_admissibility

    lodged = datetime(2026, 5, 2, 13, 45, tzinfo=UTC)
    verdict = check_admissibility(lodged, {"next_series_starts_at": "after lunch"})
    assert verdict.status == "unverified" and verdict.accepted


def test_key_cache_revocation_is_immediate_here_and_bounded_elsewhere(app):
    from referee.service.errors import Unauthenticated
    from referee.service.keys import KeyService

    now = [1000.0]  # a clock the test moves (a slow database must not decide the TTL)
    backend = app.extensions["referee"].backend
    here = KeyService(backend.unit_of_work, cache_seconds=60, clock=lambda: now[0])
    elsewhere = KeyService(backend.unit_of_work, cache_seconds=2, clock=lambda: now[0])
    key, secret = here.create("referee", "Cache club")
    assert here.authenticate(secret).owner == "Cache club"
    assert elsewhere.authenticate(secret).owner == "Cache club"
    here.revoke(key.id)
    with pytest.raises(Unauthenticated):
        here.authenticate(secret)  # the revoking process forgets the key at once
    now[0] += 1.9
    assert elsewhere.authenticate(secret).owner == "Cache club"  # still within its TTL
    now[0] += 0.2
    with pytest.raises(Unauthenticated):
        elsewhere.authenticate(secret)


def test_a_misspelt_dispute_filter_is_refused_not_ignored(client, keys):
    r = client.get("/v1/disputes?infraction=revoke", headers=keys["referee"])
    assert r.status_code == 422
    assert r.json["errors"][0]["field"] == "infraction"
    ok = client.get("/v1/disputes?kind=revoke&page=1&page_size=5", headers=keys["referee"])
    assert ok.status_code == 200


def test_two_rulings_for_the_same_revision_conflict_and_store_nothing(app, client, keys):
    """Two appeals at the same moment: the second insert of a revision is a 409 Conflict."""
    from dataclasses import replace

    from referee.service.errors import Conflict

    d = client.post(
        "/v1/disputes", json={"record": example("revoke-objected")}, headers=keys["referee"]
    ).json
    uow_factory = app.extensions["referee"].backend.unit_of_work
    with uow_factory() as uow:
        dispute = uow.disputes.get(d["id"])
        first = dispute.rulings[-1]
    taken = replace(first, id=None, revision=first.revision)  # revision 1 already exists
    with uow_factory() as uow:
        dispute = uow.disputes.get(d["id"])
        with pytest.raises(Conflict):
            uow.disputes.add_ruling(dispute, taken)
    revisions = client.get(f"/v1/disputes/{d['id']}/rulings", headers=keys["referee"]).json
    assert [r["revision"] for r in revisions] == [1]


def test_a_conflict_is_answered_409():
    from referee.api.problems import status_for
    from referee.service.errors import Conflict

    assert status_for(Conflict("retry")) == 409


def test_a_page_beyond_any_database_integer_is_an_empty_page(client, keys) -> None:
    r = client.get("/v1/disputes?page=100000000000000000000", headers=keys["referee"])
    assert r.status_code == 200 and r.json == []
