"""The console's entry form enters the facts around the announcement and the lead: a
defender stopping his partner before an infraction (ISkO 4.1.8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask

from referee.service import engine
from referee.web import entry, entry_analysis
from referee.web.entry_draft import draft_from_record
from tests.support.web import example

CASES = Path(__file__).resolve().parents[1] / "cases"


def analyse(draft: dict[str, Any]) -> dict[str, Any]:
    with Flask(__name__).test_request_context():
        return entry_analysis.analyse(json.loads(json.dumps(draft)), "en")


def test_isko_4_1_8_the_form_offers_stopping_a_partner() -> None:
    assert "stop_partner" in entry.INCIDENTS
    assert "stop_partner" not in entry.SEATLESS and "stop_partner" not in entry.DEALER_INCIDENTS


def test_isko_4_1_8_a_defender_stopping_his_partner_is_entered_and_ruled() -> None:
    """Forehand, the declarer, won trick 1 and is to lead; rearhand stops middlehand from
    leading out of turn and forehand objects: the defenders' infraction ends the game."""
    draft = draft_from_record(example("revoke-objected"))
    draft["incidents"] = [
        {"type": "stop_partner", "seat": "rearhand", "at": 3},
        {"type": "objection", "seat": "forehand", "at": 3},
    ]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    events = answer["record"]["events"]
    stop = events.index({"type": "stop_partner", "seat": "rearhand"})
    assert [e["type"] for e in events[stop - 3 : stop]] == ["play"] * 3
    ruling = engine.adjudicate(answer["record"])
    stopped = [i for i in ruling["infractions"] if i["kind"] == "partner_stopped"]
    assert len(stopped) == 1 and stopped[0]["status"] == "penalized"
    assert "ISkO 4.1.8" in stopped[0]["clauses"]
    assert ruling["outcome"] == "won" and ruling["ended"]["reason"] == "infraction"


def test_isko_4_1_8_a_record_with_the_card_held_back_comes_back_whole() -> None:
    """A record read into the form and built again keeps the card the partner held back."""
    record = json.loads(
        (
            CASES
            / "isko_4_1_lead"
            / "isko_4_1_8_defender_stops_his_partner_from_a_false_lead_declarer_wins.json"
        ).read_text()
    )
    draft = draft_from_record(record)
    assert [i for i in draft["incidents"] if i["type"] == "stop_partner"] == [
        {"type": "stop_partner", "at": 12, "seat": "rearhand", "cards": ["SA"]}
    ]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    assert {"type": "stop_partner", "seat": "rearhand", "card": "SA"} in answer["record"]["events"]
    assert [i["kind"] for i in engine.adjudicate(answer["record"])["infractions"]] == [
        "partner_stopped"
    ]


def _case(name: str) -> dict[str, Any]:
    path = CASES / "isko_3_declaration" / f"{name}.json"
    record: dict[str, Any] = json.loads(path.read_text())
    return record


def test_isko_3_4_1_words_added_before_the_first_card_are_entered_and_count() -> None:
    """Forehand declared hearts; the form adds 'schneider' said before the first card
    (place 0): the record has the announce event before the first play, and it counts."""
    draft = draft_from_record(example("revoke-objected"))
    draft["incidents"] = [{"type": "announce", "seat": "forehand", "at": 0, "schneider": True}]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    events = answer["record"]["events"]
    added = events.index({"type": "announce", "seat": "forehand", "schneider": True})
    assert events[added - 1]["type"] == "declare" and events[added + 1]["type"] == "play"
    steps = engine.adjudicate(answer["record"])["reasoning"]
    assert any(s.get("reading") == "isko-3.4.1-added-words" for s in steps)


def test_isko_3_4_1_late_words_come_back_whole_from_a_record() -> None:
    record = _case("isko_3_4_1_schneider_said_after_the_first_card_does_not_count")
    draft = draft_from_record(record)
    assert [i for i in draft["incidents"] if i["type"] == "announce"] == [
        {"type": "announce", "at": 1, "seat": "forehand", "text": "... and schneider!"}
        | {"schneider": True}
    ]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None

    def from_declare(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return events[[e["type"] for e in events].index("declare") :]

    # the form writes the shortest auction with the same result; from the declaration on
    # the record is the one read
    assert from_declare(answer["record"]["events"]) == from_declare(record["events"])
    assert engine.adjudicate(answer["record"])["score"] == 40  # the late word did not count
