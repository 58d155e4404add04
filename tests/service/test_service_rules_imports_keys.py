"""/v1/rules, /v1/imports/iss, /v1/keys, /health, /ready."""

from __future__ import annotations

import json

import pytest

from referee.rules.catalogue import default_catalogue
from tests.support.service import ISS_DIR

PROBLEM = "application/problem+json"
ISS_FILES = ("jskat-samples.sgf", "gsilvan-samples.sgf")


def iss_text() -> str:
    return "".join((ISS_DIR / name).read_text(encoding="utf-8") for name in ISS_FILES)


# --- rules ------------------------------------------------------------------------------


def test_rules_list_search_and_get(client, keys):
    h = keys["referee"]
    everything = client.get("/v1/rules", headers=h)
    assert everything.status_code == 200
    assert len(everything.json) == len(default_catalogue())
    one = client.get("/v1/rules/ISkO%204.2.3?lang=de", headers=h)
    assert one.status_code == 200 and one.json["id"] == "ISkO 4.2.3"
    assert one.json["title"] == default_catalogue().get("ISkO 4.2.3").title["de"]
    assert client.get("/v1/rules/isko-4.2.3", headers=h).json["id"] == "ISkO 4.2.3"
    es = client.get("/v1/rules/skwo-9.10", headers={**h, "Accept-Language": "es"}).json
    assert es["language"] == "es" and es["id"] == "SkWO 9.10"
    hits = client.get("/v1/rules?q=revoke", headers=h).json
    assert "ISkO 4.2.3" in [c["id"] for c in hits]
    kind = client.get("/v1/rules?kind=revoke&document=ISkO", headers=h).json
    assert kind and all("revoke" in c["kinds"] for c in kind)


def test_unknown_rule_is_a_404_problem(client, keys):
    r = client.get("/v1/rules/ISkO%209.9.9", headers=keys["referee"])
    assert r.status_code == 404 and r.content_type == PROBLEM
    assert r.json["code"] == "kb.clause_not_found"


def test_rules_need_a_key_unless_opened(make_app, keys):
    assert make_app().test_client().get("/v1/rules").status_code == 401
    assert make_app(anonymous_access=True).test_client().get("/v1/rules").status_code == 200


# --- imports ----------------------------------------------------------------------------


def test_iss_import_streams_one_line_per_game(client, keys):
    text = iss_text()
    games = sum(1 for line in text.splitlines() if line.strip())
    r = client.post(
        "/v1/imports/iss?lang=de", data=text, content_type="text/plain", headers=keys["platform"]
    )
    assert r.status_code == 200 and r.mimetype == "application/x-ndjson"
    lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert lines[-1]["summary"]["games"] == games == len(lines) - 1
    assert lines[-1]["summary"]["ruled"] + lines[-1]["summary"]["errors"] == games
    ruled = [x for x in lines[:-1] if "ruling" in x]
    assert ruled and all(x["ruling"]["format"] == "skat-ruling/1" for x in ruled)
    assert [x["index"] for x in lines[:-1]] == list(range(games))


def test_iss_import_reports_broken_records_in_line(client, keys):
    text = "(;GM[Skat]ID[1]MV[nonsense]R[])\n"
    r = client.post(
        "/v1/imports/iss", data=text, content_type="text/plain", headers=keys["platform"]
    )
    lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert "error" in lines[0] and lines[0]["error"]["code"]
    assert "detail" in lines[0]["error"] and "message" not in lines[0]["error"]  # as problem+json
    assert lines[-1]["summary"]["errors"] == 1


@pytest.mark.parametrize("role", ["referee", "court", "admin"])
def test_iss_import_is_for_platforms(client, keys, role):
    r = client.post("/v1/imports/iss", data=iss_text(), headers=keys[role])
    assert r.status_code == 403 and r.content_type == PROBLEM


def test_iss_import_size_limit(make_app, keys):
    client = make_app(import_max_bytes=1000).test_client()
    r = client.post("/v1/imports/iss", data=iss_text(), headers=keys["platform"])
    assert r.status_code == 413 and r.content_type == PROBLEM


# --- keys -------------------------------------------------------------------------------


def test_admin_creates_lists_and_revokes_keys(client, keys):
    r = client.post(
        "/v1/keys", json={"role": "court", "owner": "Skatgericht Nord"}, headers=keys["admin"]
    )
    assert r.status_code == 201
    secret, key_id = r.json["secret"], r.json["id"]
    new = {"Authorization": f"Bearer {secret}"}
    assert client.get("/v1/disputes", headers=new).status_code == 200
    listed = client.get("/v1/keys", headers=keys["admin"]).json
    assert all("secret" not in k and "key_hash" not in k for k in listed)
    assert secret not in json.dumps(listed)
    used = {k["id"]: k["last_used_at"] for k in listed}
    assert used[key_id] is not None  # it has just listed the disputes
    revoked = client.post(f"/v1/keys/{key_id}/revoke", headers=keys["admin"])
    assert revoked.status_code == 200 and revoked.json["revoked_at"]
    assert client.get("/v1/disputes", headers=new).status_code == 401
    assert client.post("/v1/keys/999/revoke", headers=keys["admin"]).status_code == 404


def test_keys_are_admin_only_and_validated(client, keys):
    for role in ("referee", "court", "platform"):
        assert client.get("/v1/keys", headers=keys[role]).status_code == 403
    r = client.post("/v1/keys", json={"role": "king", "owner": "x"}, headers=keys["admin"])
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "role"


def test_keys_are_stored_only_as_hashes(app, keys):
    secret = keys["court"]["Authorization"].split()[1]
    with app.extensions["referee"].backend.unit_of_work() as uow:
        stored = uow.keys.list()
    assert all(secret not in repr(k) for k in stored)


# --- probes -----------------------------------------------------------------------------


def test_health_and_ready(client):
    assert client.get("/health").json == {"status": "ok"}
    ready = client.get("/ready")
    assert ready.status_code == 200 and ready.json["status"] == "ready"


def test_not_ready_before_migrations(tmp_path):
    from referee.app import create_app
    from referee.service.settings import Settings

    client = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'new.db'}")).test_client()
    r = client.get("/ready")
    assert r.status_code == 503 and r.content_type == PROBLEM
    assert client.get("/health").status_code == 200


def test_the_spec_refuses_an_empty_import_as_the_service_does(app, client, keys) -> None:  # type: ignore[no-untyped-def]
    """Before, the spec took any string, and a fuzzer's empty body was a 422 it did not
    expect."""
    spec = client.get("/openapi.json").get_json()
    body = spec["paths"]["/v1/imports/iss"]["post"]["requestBody"]["content"]
    # an ISS file holds at least one record's opening "(;"
    assert {t: c["schema"].get("pattern") for t, c in body.items()} == {
        "text/x-iss-sgf": "\\(;",
        "text/plain": "\\(;",
        "application/octet-stream": "\\(;",
    }
    r = client.post(
        "/v1/imports/iss", data=b"", content_type="text/plain", headers=keys["platform"]
    )
    assert r.status_code == 422


def test_a_rule_shows_both_numbers_and_is_found_by_either(client, keys):
    h = keys["referee"]
    by_2022 = client.get("/v1/rules/ISkO%204.4.4?edition=2022", headers=h)
    assert by_2022.status_code == 200 and by_2022.json["id"] == "ISkO 4.3.4"
    assert by_2022.json["summary"] == default_catalogue().get("ISkO 4.3.4").summary["en"]
    (n,) = by_2022.json["numbers"]
    assert (n["edition"], n["number"], n["confidence"]) == ("2022", "ISkO 4.4.4", "certain")
    assert n["sources"]
    by_1998 = client.get("/v1/rules/isko-4.3.4", headers=h).json
    assert by_1998 == by_2022.json
    # without an edition the id is the 1998/99 number: 4.4.4 is another clause
    assert client.get("/v1/rules/isko-4.4.4", headers=h).json["id"] == "ISkO 4.4.4"
    listed = {c["id"]: c for c in client.get("/v1/rules", headers=h).json}
    assert listed["ISkO 4.3.4"]["numbers"] == by_2022.json["numbers"]


def test_an_edition_number_no_clause_has_is_404_an_unknown_edition_422(client, keys):
    h = keys["referee"]
    missing = client.get("/v1/rules/ISkO%209.9.9?edition=2022", headers=h)
    assert missing.status_code == 404 and missing.json["code"] == "kb.clause_not_found"
    assert "2018/2022" in missing.json["detail"]
    bad = client.get("/v1/rules/ISkO%204.4.4?edition=2018", headers=h)
    assert bad.status_code == 422 and bad.content_type == PROBLEM
    assert "1998" in bad.get_data(as_text=True) and "2022" in bad.get_data(as_text=True)
