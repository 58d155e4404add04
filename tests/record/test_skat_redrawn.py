"""The skat taken into a hand during or after the deal and a new skat drawn from the
twelve cards (``skat_redrawn``, ISkO 3.2.15): what the replay makes of it, what a record
that cannot have happened gets, and how the ruling cites it under both editions."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.cards import Card
from referee.core.errors import RecordError
from referee.core.ruleset import Edition, RuleSet
from referee.core.seats import Seat
from referee.record.log import parse_record
from referee.record.replay import replay
from referee.rulings import render, rule

CASES = Path(__file__).resolve().parents[1] / "cases" / "isko_3_declaration"
AFTER_DEAL = "isko_3_2_15_skat_taken_into_a_hand_after_the_deal_a_new_skat_is_drawn"
IN_BIDDING = "isko_3_2_15_skat_taken_into_a_hand_in_the_bidding_new_skat_bidding_started_over"


def _doc(name: str) -> dict[str, Any]:
    return dict(json.loads((CASES / f"{name}.json").read_text()))


def _mask(*names: str) -> int:
    return sum(1 << Card[n] for n in names)


def test_isko_3_2_15_the_new_skat_and_the_ten_cards_kept_are_replayed() -> None:
    """Middlehand takes the skat (D9 D7) into his hand; the dealer draws D8 and D7: the
    skat is D8 D7 and middlehand holds D9 in place of D8, out of the bidding."""
    doc = _doc(AFTER_DEAL)
    at = next(i for i, e in enumerate(doc["events"]) if e["type"] == "skat_redrawn")
    state = replay(parse_record(doc), upto=at)
    assert state.skat == _mask("D8", "D7")
    held = state.hands[Seat.MIDDLEHAND.index]
    assert held & _mask("D9") and not held & _mask("D8", "D7") and held.bit_count() == 10
    assert Seat.MIDDLEHAND in state.auction.out
    [irr] = state.irregularities
    assert (irr.kind, irr.subkind, irr.seat) == ("skat_viewed", "redrawn", Seat.MIDDLEHAND)


def test_isko_3_2_15_in_the_bidding_the_others_are_freed_from_their_bids() -> None:
    state = replay(parse_record(_doc(IN_BIDDING)))
    assert state.released and state.released[0][1] is Seat.REARHAND
    assert state.declarer is Seat.FOREHAND and state.bid == 18


@pytest.mark.parametrize(
    ("cards", "field"),
    [(["DT", "CJ"], "cards[1]"), (["D7"], "cards[0]"), (["D9", "D7", "DT"], "cards[0]")],
)
def test_isko_3_2_15_a_new_skat_not_from_the_twelve_cards_is_refused_at_its_place(
    cards: list[str], field: str
) -> None:
    """The new skat is two of the seat's ten cards and the old skat: CJ is forehand's,
    one or three cards cannot be a skat. The record is refused naming event and field."""
    doc = _doc(IN_BIDDING)
    at = next(i for i, e in enumerate(doc["events"]) if e["type"] == "skat_redrawn")
    doc["events"][at]["cards"] = cards
    with pytest.raises(RecordError) as caught:
        replay(parse_record(doc))
    err = caught.value
    assert err.code == "replay.card_not_held" and err.params["variant"] == "redrawn"
    assert err.where == {"event": at, "field": field}


def test_isko_3_2_15_is_cited_as_3_2_18_under_the_2022_edition() -> None:
    """rules_kb/editions/isko-2022.yaml: 3.2.15 is 3.2.18 in 2022 (certain)."""
    record = parse_record(_doc(AFTER_DEAL))
    out = render(rule(record, dataclasses.replace(RuleSet(), edition=Edition.ISKO_2022)), "en")
    [cited] = [c for c in out["citations"] if c["id"] == "ISkO 3.2.15"]
    assert cited["cited_as"] == "ISkO 3.2.18" and cited["number_established"]
