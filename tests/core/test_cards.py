"""Cards and their notation (ISkO 1.2): suit C S H D + rank A T K Q J 9 8 7."""

from __future__ import annotations

import pytest

from referee.core import (
    CARD_POINTS,
    Card,
    CardError,
    Rank,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
    points_of,
)
from referee.core.cards import ALL_CARDS_MASK, JACKS_MASK, cards_to_str

ALL_TOKENS = [s + r for s in "CSHD" for r in "ATKQJ987"]


def test_isko_1_2_all_32_tokens_parse_and_print_back():
    cards = parse_cards(ALL_TOKENS)
    assert len(set(cards)) == 32
    assert [str(c) for c in cards] == ALL_TOKENS
    assert [c.name for c in cards_of(mask_of(cards))] == ALL_TOKENS
    assert mask_of(cards) == ALL_CARDS_MASK


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_isko_1_2_each_token_has_its_suit_and_rank(token):
    card = Card.parse(token)
    assert card.suit is Suit(token[0])
    assert card.rank is Rank(token[1])
    assert card.is_jack == (token[1] == "J")


@pytest.mark.parametrize(
    "token", ["X9", "c7", "CJ ", "C10", "10C", "", "J", "CJJ", "S1", "H6", "DB", None, 7, "♣J"]
)
def test_cards_bad_token_is_refused_naming_it(token):
    with pytest.raises(CardError) as info:
        Card.parse(token)
    assert info.value.code == "card.unknown"
    assert repr(token) in str(info.value)


def test_cards_bad_token_in_a_list_names_its_position():
    with pytest.raises(CardError) as info:
        parse_cards(["CA", "ST", "Z9"])
    assert info.value.where == {"index": 2}
    assert "'Z9'" in info.value.message


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)],
)
def test_isko_1_2_card_points_per_rank(rank, points):
    for suit in "CSHD":
        assert Card.parse(suit + rank).points == points
        assert CARD_POINTS[Card.parse(suit + rank)] == points


def test_isko_1_2_the_pack_counts_120_points():
    assert sum(c.points for c in Card) == 120
    assert points_of(ALL_CARDS_MASK) == 120
    assert sum(CARD_POINTS) == 120


def test_isko_1_2_1_suits_rank_clubs_spades_hearts_diamonds():
    assert [s.value for s in Suit] == ["C", "S", "H", "D"]
    assert [s.symbol for s in Suit] == ["♣", "♠", "♥", "♦"]
    assert Suit.CLUBS.mask == mask_of(parse_cards([f"C{r}" for r in "ATKQJ987"]))


def test_cards_jacks_mask_and_symbols():
    assert cards_to_str(JACKS_MASK) == ["CJ", "SJ", "HJ", "DJ"]
    assert Card.ST.symbol == "♠10" and Card.HJ.symbol == "♥J"
    assert f"{Card.DA:>4}" == "  DA"
