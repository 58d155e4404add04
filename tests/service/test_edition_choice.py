"""Choosing the edition: the service's default (REFEREE_EDITION), a request's ``?edition=``
for a record that names none (an ISS record never does), the record's own rule set above
both, and an appeal under the other edition shows the change in its comparison."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.core.ruleset import Edition
from referee.service.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]
SCHEDULE = {"next_series_starts_at": "2099-05-02T14:00:00+02:00"}
ISS = (ROOT / "examples" / "iss-record.sgf").read_text(encoding="utf-8").strip()


def _record(**rules: Any) -> dict[str, Any]:
    doc = json.loads((ROOT / "examples" / "grand-hand.json").read_text(encoding="utf-8"))
    doc.pop("rules", None)
    if rules:
        doc["rules"] = rules
    return doc


def test_the_services_edition_is_1998_unless_set() -> None:
    assert Settings.from_env({}).edition is Edition.ISKO_1998
    assert Settings.from_env({"REFEREE_EDITION": "2022"}).rules.edition is Edition.ISKO_2022


def test_an_unknown_edition_refuses_to_start_naming_the_known_ones(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SettingsError, match="1998, 2022"):
        Settings.from_env({"REFEREE_EDITION": "2018"})
    monkeypatch.setenv("REFEREE_EDITION", "1999")
    assert main(["serve", "--no-server"]) == 2
    err = capsys.readouterr().err
    assert "REFEREE_EDITION" in err and "1998, 2022" in err and "Traceback" not in err


@pytest.fixture
def app2022(make_app):  # type: ignore[no-untyped-def]
    return make_app(edition=Edition.ISKO_2022)


@pytest.fixture
def keys2022(app2022) -> dict[str, dict[str, str]]:  # type: ignore[no-untyped-def]
    service = app2022.extensions["referee"].keys
    out = {}
    for role in ("referee", "court", "platform"):
        _key, secret = service.create(role, f"club-{role}")
        out[role] = {"Authorization": f"Bearer {secret}"}
    return out


def test_a_record_naming_no_rule_set_is_ruled_under_the_services_edition(app2022, keys2022) -> None:  # type: ignore[no-untyped-def]
    client = app2022.test_client()
    r = client.post("/v1/adjudications", json=_record(), headers=keys2022["referee"])
    assert r.status_code == 200, r.json
    assert r.json["rules"]["edition"] == "2022"
    own = client.post(
        "/v1/adjudications", json=_record(edition="1998"), headers=keys2022["referee"]
    )
    assert own.json["rules"]["edition"] == "1998"  # the record's own rule set comes first
    asked = client.post(
        "/v1/adjudications?edition=1998", json=_record(), headers=keys2022["referee"]
    )
    assert asked.json["rules"]["edition"] == "1998"
    stored = client.post("/v1/disputes", json={"record": _record()}, headers=keys2022["referee"])
    assert stored.status_code == 201, stored.json
    assert stored.json["ruling"]["document"]["rules"]["edition"] == "2022"


def test_an_unknown_edition_asked_for_is_a_422_naming_the_known_ones(client, keys) -> None:
    r = client.post("/v1/adjudications?edition=2018", json=_record(), headers=keys["referee"])
    assert r.status_code == 422, r.json
    assert "1998" in json.dumps(r.json) and "2022" in json.dumps(r.json)


def test_iss_records_are_ruled_under_the_edition_the_platform_asks_for(client, keys) -> None:
    one = client.post(
        "/v1/adjudications?edition=2022",
        data=ISS,
        content_type="text/x-iss-sgf",
        headers=keys["platform"],
    )
    assert one.status_code == 200, one.json
    assert one.json["rules"]["edition"] == "2022"
    default = client.post(
        "/v1/adjudications", data=ISS, content_type="text/x-iss-sgf", headers=keys["platform"]
    )
    assert default.json["rules"]["edition"] == "1998"
    r = client.post(
        "/v1/imports/iss?edition=2022",
        data=ISS + "\n",
        content_type="text/x-iss-sgf",
        headers=keys["platform"],
    )
    assert r.status_code == 200
    lines = [json.loads(line) for line in r.get_data(as_text=True).splitlines()]
    assert [x["ruling"]["rules"]["edition"] for x in lines if "ruling" in x] == ["2022"]


def test_an_appeal_under_the_other_edition_shows_the_change(client, keys) -> None:
    made = client.post(
        "/v1/disputes", json={"record": _record(), "meta": SCHEDULE}, headers=keys["referee"]
    )
    assert made.status_code == 201, made.json
    assert made.json["ruling"]["document"]["rules"]["edition"] == "1998"
    r = client.post(
        f"/v1/disputes/{made.json['id']}/appeals",
        json={"grounds": "the tournament plays the 2022 rules", "rules": {"edition": "2022"}},
        headers=keys["court"],
    )
    assert r.status_code == 201, r.json
    changed = {c["field"]: c for c in r.json["comparison"]["changed"]}
    assert changed["rules.edition"]["before"] == "1998"
    assert changed["rules.edition"]["after"] == "2022"
    assert "rules" not in r.json["comparison"]["unchanged"]


def test_a_job_keeps_the_edition_its_platform_asks_for(make_app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(queue_immediate=True, job_chunk_records=2, queue_path=str(tmp_path / "q"))
    client = app.test_client()
    _key, secret = app.extensions["referee"].keys.create("platform", "ISS")
    headers = {"Authorization": f"Bearer {secret}", "Content-Type": "text/x-iss-sgf"}
    body = (ISS + "\n" + ISS + "\n").encode()
    editions = {}
    for asked in ("2022", None):
        query = f"?edition={asked}" if asked else ""
        r = client.post(f"/v1/jobs{query}", data=body, headers=headers)
        assert r.status_code == 202, r.get_json()
        job = r.get_json()
        out = client.get(f"/v1/jobs/{job['id']}/results", headers=headers)
        lines = [json.loads(x) for x in out.get_data(as_text=True).splitlines()]
        editions[asked] = (job["edition"], [x["rules"]["edition"] for x in lines if "rules" in x])
    assert editions == {"2022": ("2022", ["2022", "2022"]), None: ("1998", ["1998", "1998"])}
    bad = client.post("/v1/jobs?edition=2018", data=body, headers=headers)
    assert bad.status_code == 422 and "2022" in bad.get_data(as_text=True)


def test_an_owner_chooses_the_edition_of_all_its_keys_once(make_app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(queue_immediate=True, queue_path=str(tmp_path / "q"), key_cache_s=0)
    client, service = app.test_client(), app.extensions["referee"].keys

    def key(role: str, owner: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {service.create(role, owner)[1]}"}

    admin, referee = key("admin", "Operator"), key("referee", "Turnier Bremen 2026")
    platform, other = key("platform", "Turnier Bremen 2026"), key("referee", "Club")
    setting = {"owner": "Turnier Bremen 2026", "edition": "2022"}
    assert client.put("/v1/keys/owners", json=setting, headers=referee).status_code == 403
    bad = client.put("/v1/keys/owners", json={**setting, "edition": "2018"}, headers=admin)
    assert bad.status_code == 422 and "2022" in bad.get_data(as_text=True)
    r = client.put("/v1/keys/owners", json=setting, headers=admin)
    assert r.status_code == 200 and r.json == setting
    assert client.get("/v1/keys/owners", headers=admin).json == [setting]

    def edition(headers: dict[str, str], query: str = "", **rules: Any) -> str:
        r = client.post(f"/v1/adjudications{query}", json=_record(**rules), headers=headers)
        assert r.status_code == 200, r.json
        return str(r.json["rules"]["edition"])

    assert edition(referee) == "2022"  # the owner's choice
    assert edition(other) == "1998"  # another owner: the service's default
    assert edition(referee, "?edition=1998") == "1998"  # the request asks for another
    assert edition(referee, edition="1998") == "1998"  # the record names its own
    stored = client.post("/v1/disputes", json={"record": _record()}, headers=referee)
    assert stored.json["ruling"]["document"]["rules"]["edition"] == "2022"
    job = client.post(
        "/v1/jobs", data=(ISS + "\n").encode(), content_type="text/x-iss-sgf", headers=platform
    )
    assert job.status_code == 202 and job.json["edition"] == "2022"
    back = client.put("/v1/keys/owners", json={**setting, "edition": None}, headers=admin)
    assert back.status_code == 200 and back.json["edition"] is None
    assert edition(referee) == "1998"
    assert client.get("/v1/keys/owners", headers=admin).json == []


def test_a_dispute_is_ruled_under_the_edition_its_request_asks_for(client, keys) -> None:
    """POST /v1/disputes?edition= as on /v1/adjudications: an ISS record names no rule set,
    so a dispute over an ISS game chooses its edition this way; the record's own comes first,
    and an unknown edition is a 422 at the parameter naming the known ones."""
    iss = client.post(
        "/v1/disputes?edition=2022",
        data=ISS,
        content_type="text/x-iss-sgf",
        headers=keys["platform"],
    )
    assert iss.status_code == 201, iss.json
    assert iss.json["ruling"]["document"]["rules"]["edition"] == "2022"
    assert "rules" not in iss.json["record"]  # the evidence is kept as it came
    asked = client.post(
        "/v1/disputes?edition=2022", json={"record": _record()}, headers=keys["referee"]
    )
    assert asked.json["ruling"]["document"]["rules"]["edition"] == "2022"
    own = client.post(
        "/v1/disputes?edition=2022",
        json={"record": _record(edition="1998")},
        headers=keys["referee"],
    )
    assert own.json["ruling"]["document"]["rules"]["edition"] == "1998"
    bad = client.post(
        "/v1/disputes?edition=2018", json={"record": _record()}, headers=keys["referee"]
    )
    assert bad.status_code == 422, bad.json
    assert bad.json["errors"][0]["pointer"] == "/edition"
    assert "1998, 2022" in bad.json["errors"][0]["detail"]
    # a retry under the same Idempotency-Key must ask for the same edition
    key = {**keys["referee"], "Idempotency-Key": "edition-retry-1"}
    first = client.post("/v1/disputes?edition=2022", json={"record": _record()}, headers=key)
    again = client.post("/v1/disputes", json={"record": _record()}, headers=key)
    assert first.status_code == 201 and again.status_code == 422, again.json


def test_readme_states_the_default_edition() -> None:
    """README's settings table gives REFEREE_EDITION's default, and it is the one the
    service uses when the variable is not set."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(x for x in readme.splitlines() if x.startswith("| `REFEREE_EDITION`"))
    default = row.split("|")[2].strip().strip("`")
    assert default == Settings.from_env({}).edition.value == "1998"
    assert "concordance" in readme  # and says why it stays 1998
