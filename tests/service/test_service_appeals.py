"""POST /v1/disputes/{id}/appeals: admissibility, new revisions, comparison, access."""

from __future__ import annotations

from referee.service import engine
from tests.support.service import example

PROBLEM = "application/problem+json"
SCHEDULE = {"next_series_starts_at": "2026-05-02T14:00:00+02:00"}


def dispute(client, keys, name="revoke-objected", meta=SCHEDULE) -> dict:
    r = client.post(
        "/v1/disputes", json={"record": example(name), "meta": meta}, headers=keys["referee"]
    )
    assert r.status_code == 201, r.json
    return r.json


def appeal(client, keys, dispute_id, **body):
    body.setdefault("grounds", "the revoke was claimed after the cards were gathered")
    return client.post(f"/v1/disputes/{dispute_id}/appeals", json=body, headers=keys["court"])


def differing_pair() -> tuple[str, str]:
    """Two examples whose rulings differ in outcome (so an amended record changes it)."""
    names = [
        "revoke-objected",
        "suit-game-clean",
        "false-lead",
        "concede-no-consent",
        "grand-hand",
        "passed-in",
    ]
    first = engine.adjudicate(example(names[0]))["outcome"]
    for name in names[1:]:
        if engine.adjudicate(example(name))["outcome"] != first:
            return names[0], name
    raise AssertionError("no two examples with different outcomes")


def test_isko_4_5_10_appeal_before_next_series_adds_a_revision(client, keys):
    original, amended = differing_pair()
    d = dispute(client, keys, original)
    r = appeal(
        client, keys, d["id"], lodged_at="2026-05-02T13:45:00+02:00", record=example(amended)
    )
    assert r.status_code == 201, r.json
    rev = r.json
    assert r.headers["Location"] == f"/v1/disputes/{d['id']}/rulings/2"
    # the revision it reviews by its number, resolvable (before: a global id, a 404 here)
    assert rev["revision"] == 2 and rev["reviews"] == d["ruling"]["revision"] == 1
    reviewed = client.get(rev["reviews_url"], headers=keys["court"])
    assert reviewed.status_code == 200 and reviewed.json["id"] == d["ruling"]["id"]
    # the amended record can be read through the API: the revision holds what it ruled
    assert rev["record"] == example(amended) and d["ruling"]["record"] == example(original)
    again = client.get(f"/v1/disputes/{d['id']}/rulings/2", headers=keys["court"]).json
    assert again["record"] == example(amended)
    current = client.get(f"/v1/disputes/{d['id']}", headers=keys["court"]).json
    assert current["record"] == example(original)  # as submitted
    assert current["ruling"]["record"] == example(amended)  # what the current ruling ruled
    assert rev["record_amended"] is True
    assert rev["appeal"]["admissibility"]["status"] == "admissible"
    assert rev["appeal"]["admissibility"]["clauses"] == ["ISkO 4.5.10", "SkWO 7.3.3", "SkWO 9.10"]
    assert rev["document"] == engine.adjudicate(example(amended))
    changed = {c["field"]: c for c in rev["comparison"]["changed"]}
    assert changed["outcome"]["before"] == d["ruling"]["document"]["outcome"]
    assert changed["outcome"]["after"] == rev["document"]["outcome"]
    # the first ruling is untouched; the dispute shows the new one
    rulings = client.get(f"/v1/disputes/{d['id']}/rulings", headers=keys["court"]).json
    assert [x["revision"] for x in rulings] == [1, 2]
    assert rulings[0] == d["ruling"]
    now = client.get(f"/v1/disputes/{d['id']}", headers=keys["referee"]).json
    assert now["ruling"]["revision"] == 2 and now["outcome"] == rev["document"]["outcome"]
    assert now["record"] == example(original)


def test_skwo_9_10_appeal_after_next_series_started_is_refused(client, keys):
    d = dispute(client, keys)
    r = appeal(client, keys, d["id"], lodged_at="2026-05-02T12:00:00Z")
    assert r.status_code == 422 and r.content_type == PROBLEM
    assert r.json["code"] == "appeal.late"
    assert r.json["errors"][0]["deadline"] == "2026-05-02T14:00:00+02:00"
    rulings = client.get(f"/v1/disputes/{d['id']}/rulings", headers=keys["court"]).json
    assert len(rulings) == 1


def test_skwo_9_10_last_series_allows_15_minutes(client, keys):
    meta = {"last_series": True, "series_ends_at": "2026-05-02T18:00:00Z"}
    d = dispute(client, keys, meta=meta)
    assert appeal(client, keys, d["id"], lodged_at="2026-05-02T18:16:00Z").status_code == 422
    ok = appeal(client, keys, d["id"], lodged_at="2026-05-02T18:14:00")
    assert ok.status_code == 201
    assert ok.json["appeal"]["admissibility"]["deadline"] == "2026-05-02T18:15:00+00:00"


def test_appeal_without_schedule_is_heard_unverified(client, keys):
    d = dispute(client, keys, meta=None)
    r = appeal(client, keys, d["id"])
    assert r.status_code == 201
    adm = r.json["appeal"]["admissibility"]
    assert adm["status"] == "unverified" and "next_series_starts_at" in adm["missing"]
    assert r.json["comparison"]["changed"] == []
    assert r.json["record_amended"] is False


def test_skwo_7_3_3_appeal_needs_written_grounds(client, keys):
    d = dispute(client, keys)
    assert appeal(client, keys, d["id"], grounds="").status_code == 422
    r = appeal(client, keys, d["id"], grounds="   ")
    assert r.status_code == 422 and r.json["code"] == "appeal.no_grounds"
    r = client.post(f"/v1/disputes/{d['id']}/appeals", json={}, headers=keys["court"])
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "grounds"


def test_amended_record_that_is_impossible_is_refused(client, keys):
    d = dispute(client, keys)
    bad = example("revoke-objected")
    bad["deal"]["skat"] = ["CJ", "CJ"]
    r = appeal(client, keys, d["id"], lodged_at="2026-05-02T11:00:00Z", record=bad)
    assert r.status_code == 422 and r.json["errors"][0]["pointer"].startswith("/record")
    assert len(client.get(f"/v1/disputes/{d['id']}/rulings", headers=keys["court"]).json) == 1


def test_only_the_court_hears_appeals(client, keys):
    d = dispute(client, keys)
    body = {"grounds": "wrong"}
    for role in ("referee", "platform", "admin"):
        r = client.post(f"/v1/disputes/{d['id']}/appeals", json=body, headers=keys[role])
        assert r.status_code == 403, role
    assert appeal(client, keys, 12345).status_code == 404


def test_appeal_idempotency(client, keys):
    d = dispute(client, keys)
    h = {**keys["court"], "Idempotency-Key": "appeal-1"}
    body = {"grounds": "recount", "lodged_at": "2026-05-02T11:00:00Z"}
    url = f"/v1/disputes/{d['id']}/appeals"
    first = client.post(url, json=body, headers=h)
    second = client.post(url, json=body, headers=h)
    assert first.status_code == second.status_code == 201
    assert first.json == second.json and second.headers["Idempotent-Replayed"] == "true"
    assert len(client.get(f"/v1/disputes/{d['id']}/rulings", headers=keys["court"]).json) == 2
    third = client.post(url, json={**body, "grounds": "other"}, headers=h)
    assert third.status_code == 422 and third.json["code"] == "idempotency.mismatch"


def test_ruling_revision_lookup(client, keys):
    d = dispute(client, keys)
    url = f"/v1/disputes/{d['id']}/rulings"
    assert client.get(url + "/1", headers=keys["referee"]).json == d["ruling"]
    assert client.get(url + "/2", headers=keys["referee"]).status_code == 404


def test_skwo_9_10_the_admissibility_reason_is_in_the_language_asked(client, keys):
    d = dispute(client, keys)
    url = f"/v1/disputes/{d['id']}/appeals?lang=de"
    body = {"grounds": "Er hat bedient.", "lodged_at": "2026-05-02T11:00:00Z"}
    r = client.post(url, json=body, headers=keys["court"])
    assert r.status_code == 201 and r.json["language"] == "de"
    assert r.json["appeal"]["admissibility"]["reason"] == "vor Beginn der nächsten Serie eingelegt"
    rev = f"/v1/disputes/{d['id']}/rulings/2"
    spanish = client.get(rev + "?lang=es", headers=keys["court"]).json["appeal"]["admissibility"]
    assert spanish["reason"] == "presentada antes del inicio de la serie siguiente"
    english = client.get(rev + "?lang=en", headers=keys["court"]).json["appeal"]["admissibility"]
    assert english["reason"] == "lodged before the next series started"
    unheard = dispute(client, keys, meta=None)
    r = client.post(
        f"/v1/disputes/{unheard['id']}/appeals?lang=de", json=body, headers=keys["court"]
    )
    assert r.json["appeal"]["admissibility"]["reason"].startswith("der Zeitplan ist nicht bekannt")


def test_an_appeal_with_the_record_as_it_was_ruled_amends_nothing(client, keys):
    d = dispute(client, keys)
    r = appeal(client, keys, d["id"], lodged_at="2026-05-02T11:00:00Z", record=d["record"])
    assert r.status_code == 201
    assert r.json["record_amended"] is False and r.json["appeal"]["amended_record"] is False
    assert r.json["record"] == d["ruling"]["record"]
