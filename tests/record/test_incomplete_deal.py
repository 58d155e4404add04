"""An incomplete record is not a misdeal: a deal that does not place all 32
cards is refused, naming the missing cards; a complete deal dealt unevenly is a misdeal
(ISkO 3.2.9) and is ruled as one."""

from __future__ import annotations

import copy

import pytest

from referee.core.errors import RecordError
from referee.record import EXAMPLE_DEAL, parse_record
from referee.rulings import render, rule

PASSES = [
    {"type": "pass", "seat": "middlehand"},
    {"type": "pass", "seat": "rearhand"},
    {"type": "pass", "seat": "forehand"},
]


def _doc(deal: dict[str, list[str]]) -> dict[str, object]:
    return {"format": "skat-log/1", "deal": deal, "events": PASSES}


def test_a_deal_missing_cards_is_refused_naming_them() -> None:
    deal = copy.deepcopy(EXAMPLE_DEAL)
    gone = [deal["rearhand"].pop(), deal["skat"].pop()]
    with pytest.raises(RecordError) as err:
        parse_record(_doc(deal))
    assert err.value.code == "record.deal_incomplete"
    assert err.value.where["field"] == "deal"
    assert sorted(err.value.where["missing"]) == sorted(gone)
    assert "30 of the 32" in err.value.message


def test_isko_3_2_9_a_complete_but_uneven_deal_is_still_a_misdeal() -> None:
    deal = copy.deepcopy(EXAMPLE_DEAL)
    deal["forehand"].append(deal["skat"].pop())  # 11 cards and a skat of one
    ruling = render(rule(parse_record(_doc(deal))), "en")
    assert ruling["outcome"] == "redeal"
    assert [i["kind"] for i in ruling["infractions"]] == ["wrong_card_count"]


def test_skwo_5_1_the_dealer_is_named_at_a_table_of_four_only() -> None:
    doc = {**_doc(copy.deepcopy(EXAMPLE_DEAL)), "table_size": 4, "players": {"dealer": "Dora"}}
    assert parse_record(doc).players["dealer"] == "Dora"
    with pytest.raises(RecordError) as err:
        parse_record({**doc, "table_size": 3})
    assert err.value.where["field"] == "players.dealer"
