"""A card taken back into the hand (``take_back``, ISkO 4.1.2, 4.1.9) in the replay: what the
record can say, and the correction a demand to play on makes (4.1.6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.errors import RecordError
from referee.record.log import parse_record
from referee.record.replay import replay
from referee.rulings import rule

CASES = Path(__file__).resolve().parents[1] / "cases" / "isko_4_1_lead"


def _case(name: str) -> dict[str, Any]:
    return dict(json.loads((CASES / f"{name}.json").read_text()))


def test_isko_4_1_2_a_card_of_a_turned_trick_cannot_be_taken_back() -> None:
    doc = _case("isko_4_1_2_defender_takes_back_a_played_card_declarer_wins")
    at = next(i for i, e in enumerate(doc["events"]) if e["type"] == "take_back")
    # middlehand's card of trick 1 (HJ): turned long ago, not on the table, not in the hand
    doc["events"][at] = {"type": "take_back", "seat": "middlehand", "card": "HJ"}
    with pytest.raises(RecordError) as caught:
        replay(parse_record(doc))
    assert caught.value.code == "replay.take_back"
    assert caught.value.where == {"event": at, "field": "card"}


def test_isko_4_1_6_play_on_puts_the_card_back_and_undoes_the_card_played_instead() -> None:
    """Forehand leads C7, takes it back and leads HT instead; middlehand demands that play
    goes on: HT goes back to the hand, C7 lies on the table again, and the game is played
    out as the plain line."""
    doc = _case("isko_4_1_2_card_taken_back_is_put_back_when_play_goes_on")
    events = doc["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "take_back")
    assert events[at + 1] == {"type": "continue", "seat": "middlehand"}
    events.insert(at + 1, {"type": "play", "seat": "forehand", "card": "HT"})
    record = parse_record(doc)
    state = replay(record)
    assert len(state.tricks) == 10
    assert [c.name for _, c, _ in state.tricks[4].plays] == ["C7", "CT", "CQ"]
    ruling = rule(record)
    assert (ruling.outcome, ruling.card_points) == ("won", {"declarer": 86, "defenders": 34})
    assert [(i.kind, i.status) for i in ruling.infractions] == [("card_taken_back", "waived")]


def test_isko_4_1_6_only_the_other_party_puts_the_card_back() -> None:
    """The declarer's own demand to play on after he took his card back corrects nothing:
    the card stays in his hand, as the record has it."""
    doc = _case("isko_4_1_2_declarer_takes_back_a_played_card_loses_simple")
    doc["events"][-1] = {"type": "continue", "seat": "forehand"}
    state = replay(parse_record(doc))
    assert state.current is not None and state.current.plays == []
    assert "C7" in _hand(state, 0)


def _hand(state: Any, index: int) -> list[str]:
    from referee.core.cards import Card

    return [c.name for c in Card if (state.hands[index] >> c) & 1]
