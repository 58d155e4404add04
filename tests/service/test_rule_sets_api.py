"""The rule set through the service: a record names one, a dispute keeps the one it was
ruled under, an appeal may rule under another (the revision says so), and an unknown
edition, reading or option is a 422 naming the known ones at its JSON Pointer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.ruleset import READINGS, Edition

ROOT = Path(__file__).resolve().parents[2]
#: a declarer who announced schneider and took no trick: 117 under the Spanish 5.2.5
#: (schwarz counts as well), 108 under the English (the announced values only)
CASE = "isko_5_value/isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well"
READING = "isko-5.2.5-schwarz-suffered"
SCHEDULE = {"next_series_starts_at": "2099-05-02T14:00:00+02:00"}


def _record(**rules: Any) -> dict[str, Any]:
    doc = json.loads((ROOT / "tests" / "cases" / f"{CASE}.json").read_text(encoding="utf-8"))
    if rules:
        doc["rules"] = rules
    return doc


def test_a_record_names_its_rule_set_and_the_ruling_says_so(client, keys) -> None:
    plain = client.post("/v1/adjudications", json=_record(), headers=keys["referee"])
    assert plain.status_code == 200, plain.json
    assert plain.json["game_value"] == 117
    assert plain.json["rules"]["readings"][READING] == "at_least"
    english = _record(readings={READING: "announced_only"})
    r = client.post("/v1/adjudications", json=english, headers=keys["referee"])
    assert r.status_code == 200, r.json
    assert r.json["game_value"] == 108
    assert r.json["rules"] == {
        **plain.json["rules"],
        "readings": {**plain.json["rules"]["readings"], READING: "announced_only"},
    }
    steps = [s for s in r.json["reasoning"] if s.get("reading") == READING]
    assert [s["option"] for s in steps] == ["announced_only"]


def test_an_unknown_reading_in_a_record_is_a_422_at_its_pointer(client, keys) -> None:
    r = client.post(
        "/v1/adjudications",
        json=_record(readings={"isko-9.9.9-made-up": "x"}),
        headers=keys["referee"],
    )
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    assert r.json["code"] == "rules.unknown"
    assert r.json["errors"][0]["pointer"] == "/rules/readings/isko-9.9.9-made-up"
    assert READING in r.json["detail"]  # the known readings are named


def test_an_unknown_edition_in_a_disputed_record_is_a_422_under_record(client, keys) -> None:
    r = client.post(
        "/v1/disputes", json={"record": _record(edition="2099")}, headers=keys["referee"]
    )
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == "/record/rules/edition"
    assert "1998" in r.json["detail"]


def test_an_appeal_rules_under_another_rule_set_and_later_appeals_keep_it(client, keys) -> None:
    made = client.post(
        "/v1/disputes", json={"record": _record(), "meta": SCHEDULE}, headers=keys["referee"]
    )
    assert made.status_code == 201, made.json
    dispute = made.json
    assert dispute["ruling"]["document"]["rules"]["readings"][READING] == "at_least"
    url = f"/v1/disputes/{dispute['id']}/appeals"
    asked = {"readings": {READING: "announced_only"}}
    r = client.post(
        url, json={"grounds": "the English 5.2.5 applies", "rules": asked}, headers=keys["court"]
    )
    assert r.status_code == 201, r.json
    assert r.json["document"]["game_value"] == 108
    assert r.json["appeal"]["rules"]["readings"][READING] == "announced_only"
    changed = {c["field"] for c in r.json["comparison"]["changed"]}
    assert "game_value" in changed
    # a further appeal that names no rule set is heard under the reviewed ruling's
    again = client.post(url, json={"grounds": "once more"}, headers=keys["court"])
    assert again.status_code == 201, again.json
    assert again.json["document"]["rules"]["readings"][READING] == "announced_only"
    assert again.json["document"]["game_value"] == 108


def test_an_appeal_naming_an_unknown_option_is_a_422_at_its_pointer(client, keys) -> None:
    made = client.post(
        "/v1/disputes", json={"record": _record(), "meta": SCHEDULE}, headers=keys["referee"]
    )
    url = f"/v1/disputes/{made.json['id']}/appeals"
    body = {"grounds": "x", "rules": {"readings": {READING: "sometimes"}}}
    r = client.post(url, json=body, headers=keys["court"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == f"/rules/readings/{READING}"
    assert "at_least, announced_only" in r.json["detail"]


def test_edition_2022_through_the_api_cites_marked_numbers_and_rules_a_refused_claim(
    client, keys
) -> None:
    r = client.post(
        "/v1/adjudications?lang=de", json=_record(edition="2022"), headers=keys["referee"]
    )
    assert r.status_code == 200, r.json
    assert r.json["rules"]["edition"] == "2022"
    assert all("cited_as" in c and "number_established" in c for c in r.json["citations"])
    claim = (
        ROOT
        / "tests"
        / "cases"
        / "isko_4_3_shortened"
        / "isko_4_3_4_claim_refused_by_one_defender_record_stops_1998.json"
    )
    doc = json.loads(claim.read_text(encoding="utf-8"))
    r = client.post("/v1/adjudications?lang=de", json=doc, headers=keys["referee"])
    assert r.status_code == 200 and r.json["outcome"] == "lost", r.json
    doc["rules"] = {"edition": "2022"}
    r = client.post("/v1/adjudications?lang=de", json=doc, headers=keys["referee"])
    assert r.status_code == 200 and r.json["outcome"] == "undetermined", r.json
    assert any("ISkO 4.4.4" in s["cited_as"] for s in r.json["reasoning"])


def test_an_edition_written_as_a_number_is_a_422_saying_it_is_a_string(client, keys) -> None:
    doc = _record()
    doc["rules"] = {"edition": 2022}
    r = client.post("/v1/adjudications", json=doc, headers=keys["referee"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == "/rules/edition"
    assert "unknown edition" not in r.json["detail"]
    assert "string" in r.json["detail"] and "1998, 2022" in r.json["detail"]


def test_a_disputes_replay_shows_the_game_as_its_current_ruling_read_it(client, keys) -> None:
    """The replayer applies isko-3.3.9-hand-look itself: the dispute's replay follows the
    rule set its current revision was ruled under, not the default."""
    case = "isko_3_3_9_player_looks_into_another_hand_in_the_bidding_both_pass_passed_in"
    path = ROOT / "tests" / "cases" / "isko_3_declaration" / f"{case}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    made = client.post(
        "/v1/disputes", json={"record": record, "meta": SCHEDULE}, headers=keys["referee"]
    )
    assert made.status_code == 201, made.json
    replay = f"/v1/disputes/{made.json['id']}/replay"
    first = client.get(replay, headers=keys["referee"]).json
    assert (first["phase"], first["declarer"]) == ("passed_in", None)  # F out, M and R passed
    asked = {"readings": {"isko-3.3.9-hand-look": "bidding_stands"}}
    r = client.post(
        f"/v1/disputes/{made.json['id']}/appeals",
        json={"grounds": "the English 3.3.9 names the skat only", "rules": asked},
        headers=keys["court"],
    )
    assert r.status_code == 201, r.json
    assert r.json["document"]["outcome"] == "undetermined"
    now = client.get(replay, headers=keys["referee"]).json
    assert (now["phase"], now["declarer"], now["bid"]) == ("declaring", "forehand", 24)


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_a_bad_option_of_any_reading_is_a_422_naming_the_known_options(
    client, keys, reading: str
) -> None:
    """Every declared reading, in a record and in an appeal's body: the answer points at the
    reading and names its options in the declared order."""
    known = ", ".join(o.value for o in READINGS[reading].options)
    r = client.post(
        "/v1/adjudications",
        json=_record(readings={reading: "no_such_option"}),
        headers=keys["referee"],
    )
    assert r.status_code == 422 and r.json["code"] == "rules.unknown", r.json
    assert r.json["errors"][0]["pointer"] == f"/rules/readings/{reading}"
    assert known in r.json["detail"]
    made = client.post(
        "/v1/disputes", json={"record": _record(), "meta": SCHEDULE}, headers=keys["referee"]
    )
    assert made.status_code == 201, made.json
    body = {"grounds": "x", "rules": {"readings": {reading: "no_such_option"}}}
    r = client.post(f"/v1/disputes/{made.json['id']}/appeals", json=body, headers=keys["court"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == f"/rules/readings/{reading}"
    assert known in r.json["detail"]


def test_an_appeal_naming_an_unknown_edition_is_a_422_naming_the_editions(client, keys) -> None:
    made = client.post(
        "/v1/disputes", json={"record": _record(), "meta": SCHEDULE}, headers=keys["referee"]
    )
    assert made.status_code == 201, made.json
    body = {"grounds": "x", "rules": {"edition": "2099"}}
    r = client.post(f"/v1/disputes/{made.json['id']}/appeals", json=body, headers=keys["court"])
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["pointer"] == "/rules/edition"
    assert ", ".join(e.value for e in Edition) in r.json["detail"]
