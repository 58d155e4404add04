"""ISkO 4.3.5 in a null game under the option ``claim`` of isko-4.3.5-null: a defender's
open cards claim that the declarer cannot avoid a trick. The claim holds when the declarer
had already taken one or the play recorded after it gives him one (the null game is
lost), and fails when the play recorded to the end gives him none (the defenders' fault,
4.1.3-4.1.6: the declarer wins). Each record is a case of ``tests/cases/isko_null`` with
its last events changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.core.ruleset import RuleSet
from referee.record.log import parse_record
from referee.rulings import render, rule

NULL = Path(__file__).resolve().parents[1] / "cases" / "isko_null"
CLAIM = RuleSet().with_option("isko-4.3.5-null", "claim")


def _doc(case: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((NULL / f"{case}.json").read_text(encoding="utf-8"))
    return doc


def _plays(tricks: str) -> list[dict[str, str]]:
    seats = {"F": "forehand", "M": "middlehand", "R": "rearhand"}
    return [{"type": "play", "seat": seats[p[0]], "card": p.split(":")[1]} for p in tricks.split()]


def _ruled(doc: dict[str, Any], rules: RuleSet = CLAIM) -> dict[str, Any]:
    return render(rule(parse_record(doc), rules))


def _texts(ruling: dict[str, Any]) -> str:
    return " ".join(s["text"] for s in ruling["reasoning"])


def test_play_after_the_claim_gives_the_declarer_a_trick_the_claim_holds() -> None:
    # R kept the lone DA; after M's open cards F leads DK and R must win with it
    doc = _doc("isko_4_3_5_defender_lays_down_in_null_a_claim_under_the_english_reading")
    doc.pop("rules")
    doc["events"] += _plays("F:DK M:D8 R:DA")
    ruling = _ruled(doc)
    assert (ruling["outcome"], ruling["score"], ruling["infractions"]) == ("lost", -46, [])
    assert "the declarer won trick 2" in _texts(ruling)


def test_play_to_the_end_without_a_trick_for_the_declarer_the_claim_fails() -> None:
    # the sound null (R keeps only low cards): R escapes all ten tricks
    doc = _doc("isko_4_3_5_defender_lays_down_in_null_declarer_wins")
    doc["events"] += _plays(
        "F:CK M:CJ R:C9 F:CT M:D8 R:C8 F:SA M:SQ R:S9 F:SK M:SJ R:S8 F:ST M:D9 R:S7 "
        "F:HK M:HQ R:H9 F:HT M:HJ R:H8 M:DQ R:D7 F:DK F:DT M:DJ R:H7"
    )
    ruling = _ruled(doc)
    assert (ruling["outcome"], ruling["score"]) == ("won", 23)
    assert [(i["kind"], i["status"]) for i in ruling["infractions"]] == [
        ("failed_defender_claim", "penalized")
    ]
    assert "the declarer took no trick: the claim of middlehand fails" in _texts(ruling)


def test_a_declarer_who_already_took_a_trick_had_lost_the_claim_holds() -> None:
    # R took trick 1 with DA; M lays his cards open after trick 2
    doc = _doc("isko_4_3_2_concession_without_consent_record_stops_null_already_lost")
    doc["events"][-1] = {"type": "lay_down", "seat": "middlehand"}
    ruling = _ruled(doc)
    assert (ruling["outcome"], ruling["score"], ruling["infractions"]) == ("lost", -46, [])
    assert "the null game was lost for him already" in _texts(ruling)
    # under the default the open cards are cards shown, and change nothing either
    default = _ruled(doc, RuleSet())
    assert (default["outcome"], default["score"]) == ("lost", -46)
    assert [(i["kind"], i["status"]) for i in default["infractions"]] == [
        ("failed_defender_claim", "void")
    ]


def test_a_claim_that_holds_gives_the_declarer_the_remaining_tricks_and_the_count_is_whole() -> (
    None
):
    # English 4.3.5: a declarer who takes a trick gets all remaining tricks. R won trick 2
    # with DA after M's open cards (DK, D8, DA: 4 + 0 + 11 points): the count holds that
    # trick and every other one, 10 tricks and 120 card points in all
    doc = _doc("isko_4_3_5_defender_lays_down_in_null_a_claim_under_the_english_reading")
    doc.pop("rules")
    doc["events"] += _plays("F:DK M:D8 R:DA")
    ruling = _ruled(doc)
    tricks, points = ruling["tricks"], ruling["card_points"]
    assert tricks["declarer"] + tricks["defenders"] == 10
    assert points["declarer"] + points["defenders"] == 120
    # trick 1 (CA CQ C7: 11 + 3 + 0) was F's; the rest, trick 2 included, is R's
    assert (tricks, points) == ({"declarer": 9, "defenders": 1}, {"declarer": 106, "defenders": 14})
