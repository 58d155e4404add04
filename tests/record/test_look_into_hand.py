"""A player's look into another player's cards (``look_into_hand`` by a seat; ISkO 4.5.5,
Spanish 3.3.9): what the record can say and what the replay makes of it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.errors import RecordError
from referee.core.seats import Seat
from referee.record.log import parse_record
from referee.record.replay import replay

CASES = Path(__file__).resolve().parents[1] / "cases"
BIDDING = CASES / "isko_3_declaration"
STARTED_OVER = "isko_3_3_9_player_looks_into_another_hand_in_the_bidding_started_over"


def _doc(name: str) -> dict[str, Any]:
    return dict(json.loads((BIDDING / f"{name}.json").read_text()))


def test_isko_4_5_5_a_look_into_ones_own_cards_is_refused_with_its_place() -> None:
    doc = _doc(STARTED_OVER)
    at = next(i for i, e in enumerate(doc["events"]) if e["type"] == "look_into_hand")
    doc["events"][at] = {"type": "look_into_hand", "seat": "rearhand", "into": "rearhand"}
    with pytest.raises(RecordError) as caught:
        parse_record(doc)
    assert caught.value.code == "event.seat"
    assert caught.value.where["event"] == at and caught.value.where["field"] == "into"


def test_isko_3_3_9_a_look_into_a_hand_in_the_bidding_takes_the_looker_out() -> None:
    """Rearhand looks into forehand's cards after 24 was held: the bidding is released,
    rearhand is out, and the bidding started over from 18 is the one that counts."""
    state = replay(parse_record(_doc(STARTED_OVER)))
    assert [k for k in (i.kind for i in state.irregularities)] == ["hand_viewed"]
    assert state.released and state.released[0][1] is Seat.REARHAND
    assert Seat.REARHAND in state.released[0][2]
    assert state.declarer is Seat.FOREHAND and state.bid == 18


def test_isko_3_5_4_the_dealers_one_look_is_no_infraction_of_a_player() -> None:
    """The dealer's look into one hand stays allowed and frees nobody (3.5.4)."""
    doc = json.loads(
        (
            CASES
            / "isko_4_2_other"
            / "isko_4_5_5_defender_looks_into_the_declarers_cards_in_play_declarer_wins.json"
        ).read_text()
    )
    doc["table_size"] = 4
    at = next(i for i, e in enumerate(doc["events"]) if e["type"] == "look_into_hand")
    doc["events"][at] = {"type": "look_into_hand", "seat": "dealer", "into": "forehand"}
    state = replay(parse_record(doc))
    assert not state.released
    assert "hand_viewed" not in {i.kind for i in state.irregularities}
