"""Deals (ISkO 3.2): three hands of ten and a skat of two from 32 distinct cards."""

from __future__ import annotations

import random

import pytest

from referee.core import SEATS, CardError, Deal
from referee.core.cards import ALL_CARDS_MASK

TOKENS = [s + r for s in "CSHD" for r in "ATKQJ987"]


def test_isko_3_2_random_deal_is_regular_and_complete():
    for seed in range(20):
        deal = Deal.random(random.Random(seed))
        assert deal.is_regular and deal.is_complete
        assert deal.all_cards == ALL_CARDS_MASK
        assert [len(deal.hand(s)) for s in SEATS] == [10, 10, 10]


def test_deal_tokens_round_trip():
    parts = {
        "forehand": TOKENS[0:10],
        "middlehand": TOKENS[10:20],
        "rearhand": TOKENS[20:30],
        "skat": TOKENS[30:],
    }
    deal = Deal.from_tokens(parts)
    assert deal.to_tokens() == parts
    assert deal.is_regular


def test_deal_duplicate_card_refused_with_place():
    parts = {"forehand": ["CA"], "middlehand": [], "rearhand": ["ST", "CA"], "skat": []}
    with pytest.raises(CardError) as info:
        Deal.from_tokens(parts)
    assert info.value.code == "deal.duplicate_card"
    assert info.value.where == {"field": "deal.rearhand[1]"}


def test_deal_bad_token_refused_with_place():
    with pytest.raises(CardError) as info:
        Deal.from_tokens({"skat": ["CA", "Q7"]})
    assert info.value.code == "card.unknown"
    assert info.value.where == {"field": "deal.skat[1]"}
    assert "'Q7'" in str(info.value)


def test_isko_3_2_6_wrong_card_count_is_recordable_but_not_regular():
    deal = Deal.from_tokens(
        {
            "forehand": TOKENS[0:11],
            "middlehand": TOKENS[11:20],
            "rearhand": TOKENS[20:30],
            "skat": TOKENS[30:],
        }
    )
    assert deal.is_complete and not deal.is_regular
