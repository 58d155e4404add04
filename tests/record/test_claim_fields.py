"""What a claim can say in the record (ISkO 4.3.4): how many of the remaining tricks are
claimed, the line of play stated, and the explanation in the claimant's words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.cards import Card
from referee.core.errors import RecordError
from referee.record.log import parse_record

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lay-down-claim.json"


def _doc(**claim: Any) -> dict[str, Any]:
    doc = dict(json.loads(EXAMPLE.read_text()))
    doc["events"][-1] = {"type": "lay_down", "seat": "forehand", **claim}
    return doc


def test_isko_4_3_4_a_claim_keeps_its_count_line_and_words() -> None:
    words = "Two trumps, then the nine; one trick is yours."
    record = parse_record(_doc(tricks=2, line=["HT", "HK", "H9"], text=words))
    ev = record.events[-1]
    assert ev.tricks == 2 and ev.line == (Card.HT, Card.HK, Card.H9) and ev.text == words
    out = ev.to_dict()
    assert out["tricks"] == 2 and out["line"] == ["HT", "HK", "H9"] and out["text"] == words


def test_isko_4_3_4_a_claim_without_them_claims_everything() -> None:
    ev = parse_record(_doc()).events[-1]
    assert ev.tricks is None and ev.line is None and ev.text is None
    assert set(ev.to_dict()) == {"type", "seat", "schneider", "schwarz"}


@pytest.mark.parametrize(
    ("claim", "field"),
    [
        ({"tricks": 0}, "tricks"),
        ({"tricks": 11}, "tricks"),
        ({"tricks": "2"}, "tricks"),
        ({"line": []}, "line"),
        ({"line": ["HT", "XX"]}, "line[1]"),
        ({"text": 7}, "text"),
    ],
)
def test_isko_4_3_4_a_bad_claim_field_is_refused_with_its_place(
    claim: dict[str, Any], field: str
) -> None:
    doc = _doc(**claim)
    with pytest.raises(RecordError) as caught:
        parse_record(doc)
    assert caught.value.where["event"] == len(doc["events"]) - 1
    assert caught.value.where["field"] == field
