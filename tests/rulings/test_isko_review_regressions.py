"""Cases a referee's review of the engine brought up (records in tests/cases/review/)."""

from __future__ import annotations

import json
from pathlib import Path

from referee.record.log import parse_record
from referee.record.replay import replay
from referee.rulings.adjudicate import rule

CASES = Path(__file__).resolve().parents[1] / "cases" / "review"


def _rule(name: str):
    return rule(parse_record(json.loads((CASES / f"{name}.json").read_text())))


def test_isko_4_1_5_needed_schneider_is_credited_while_the_defenders_have_30_or_less():
    # hearts with 2 at a bid of 40: schneider needed; 65:0 when a defender remarks
    r = _rule("01c_def_remark_midtrick_needs_schneider")
    assert (r.outcome, r.score, r.levels) == ("won", 40, ("game", "schneider"))


def test_isko_4_1_5_needed_schneider_is_refused_once_the_defenders_have_31():
    r = _rule("16_def_remark_needs_schneider_def34")
    assert (r.outcome, r.score) == ("lost", -80)
    blocked = [s for s in r.reasoning if s.message.key == "outcome.level_blocked"]
    assert blocked and blocked[0].clauses == ("ISkO 4.1.5",)


def test_isko_4_1_11_an_infraction_nobody_objected_to_before_gathering_lets_the_game_stand():
    r = _rule("06b_decl_remark_no_objection_gathered")
    assert [(i.kind, i.status) for i in r.infractions] == [("improper_remark", "expired")]
    assert (r.outcome, r.score, r.ended.reason) == ("won", 30, "played_out")


def test_isko_4_2_5_a_revoke_claimed_after_gathering_has_expired():
    r = _rule("07_revoke_gathered_then_objection")
    assert [(i.kind, i.status) for i in r.infractions] == [("revoke", "expired")]


def test_isko_4_2_3_a_revoke_as_third_card_can_still_be_corrected_on_demand():
    # the declarer revokes with the third card; middlehand objects and demands play go on
    # before anyone plays again: the card goes back (4.2.3) and the revoke is waived (4.1.6)
    name = "17b_decl_thirdcard_revoke_continue"
    r = _rule(name)
    assert [(i.kind, i.status) for i in r.infractions] == [("revoke", "waived")]
    state = replay(parse_record(json.loads((CASES / f"{name}.json").read_text())))
    assert len(state.tricks) == 2  # trick 2 was completed with S8 after the correction
    assert [c.name for _, c, _ in state.tricks[1].plays] == ["SA", "ST", "S8"]
