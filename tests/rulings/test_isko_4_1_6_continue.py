"""ISkO 4.1.6 and 4.2.4: who may demand that play goes on, and until when."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from referee.record.log import parse_record
from referee.rulings.adjudicate import rule

ROOT = Path(__file__).resolve().parents[2]
REVOKE = json.loads((ROOT / "examples" / "revoke-objected.json").read_text())


def _rule(events_before_objection: list[dict], at: int = 20) -> object:
    doc = copy.deepcopy(REVOKE)
    doc["events"] = doc["events"][:at] + events_before_objection + doc["events"][at:]
    return rule(parse_record(doc))


def _revoke(ruling):
    return next(i for i in ruling.infractions if i.kind == "revoke")


def test_isko_4_2_3_reference_revoke_objected_later_ends_the_game():
    r = rule(parse_record(REVOKE))
    assert _revoke(r).status == "penalized" and r.outcome == "won"


def test_isko_4_1_6_the_guilty_party_cannot_waive_its_own_infraction():
    # middlehand revoked at event 19 and asks to go on himself: no waiver
    r = _rule([{"type": "continue", "seat": "middlehand"}])
    assert _revoke(r).status == "penalized"
    assert r.outcome == "won" and r.ended.kind == "revoke"


def test_isko_4_1_6_the_innocent_party_may_demand_play_goes_on():
    # the declarer (forehand) demands play go on while the trick is on the table: the
    # revoking card goes back and middlehand must follow; later play is ruled normally
    r = _rule([{"type": "continue", "seat": "forehand"}])
    assert _revoke(r).status == "waived"


def test_isko_4_2_4_a_revoke_found_after_its_trick_cannot_be_waived():
    doc = copy.deepcopy(REVOKE)
    doc["events"].append({"type": "continue", "seat": "forehand"})
    r = rule(parse_record(doc))
    assert _revoke(r).status == "penalized"
    assert r.ended.reason == "infraction" and r.ended.event == 19
