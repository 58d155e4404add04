"""Trick play (ISkO 2.3, 4.2, 4.4): trumps, card order, following suit, trick winners."""

from __future__ import annotations

import pytest

from referee.core import (
    Card,
    Game,
    is_revoke,
    is_trump,
    legal_cards,
    mask_of,
    parse_cards,
    trick_winner,
)
from referee.core.cards import cards_to_str
from referee.core.tricks import TRUMP_MASK


def cards(*tokens: str) -> list[Card]:
    return parse_cards(tokens)


def hand(*tokens: str) -> int:
    return mask_of(parse_cards(tokens))


@pytest.mark.parametrize("suit", "CSHD")
def test_isko_2_3_2_suit_game_trumps_are_four_jacks_and_seven_suit_cards(suit):
    game = {"C": Game.CLUBS, "S": Game.SPADES, "H": Game.HEARTS, "D": Game.DIAMONDS}[suit]
    expected = {"CJ", "SJ", "HJ", "DJ"} | {suit + r for r in "ATKQ987"}
    assert set(cards_to_str(TRUMP_MASK[game])) == expected
    assert {c.name for c in Card if is_trump(c, game)} == expected


def test_isko_2_3_3_grand_trumps_are_the_jacks_only():
    assert cards_to_str(TRUMP_MASK[Game.GRAND]) == ["CJ", "SJ", "HJ", "DJ"]


def test_isko_2_3_4_null_has_no_trumps():
    assert TRUMP_MASK[Game.NULL] == 0
    assert not any(is_trump(c, Game.NULL) for c in Card)


def test_isko_2_3_2_jacks_rank_clubs_spades_hearts_diamonds():
    for game in (Game.GRAND, Game.DIAMONDS):
        assert trick_winner(cards("DJ", "HJ", "SJ"), game) == 2
        assert trick_winner(cards("SJ", "CJ", "HJ"), game) == 1
        assert trick_winner(cards("HJ", "DJ", "S7"), game) == 0


def test_isko_2_3_2_trump_suit_order_below_the_jacks():
    # jacks, then A T K Q 9 8 7 of the trump suit
    assert trick_winner(cards("HA", "DJ", "HT"), Game.HEARTS) == 1
    assert trick_winner(cards("HK", "HT", "HA"), Game.HEARTS) == 2
    assert trick_winner(cards("H9", "HQ", "H7"), Game.HEARTS) == 1


def test_isko_2_3_1_plain_suit_order_ace_ten_king():
    assert trick_winner(cards("SK", "ST", "S9"), Game.CLUBS) == 1
    assert trick_winner(cards("ST", "SA", "SQ"), Game.GRAND) == 1
    assert trick_winner(cards("S8", "S9", "S7"), Game.HEARTS) == 1


def test_isko_4_4_2_discard_never_wins_and_any_trump_beats_plain():
    assert trick_winner(cards("S7", "HA", "DA"), Game.CLUBS) == 0  # discards
    assert trick_winner(cards("SA", "C7", "ST"), Game.CLUBS) == 1  # lowest trump
    assert trick_winner(cards("SA", "C7", "DJ"), Game.CLUBS) == 2  # jack over suit trump
    assert trick_winner(cards("CA", "CT", "DJ"), Game.GRAND) == 2  # jack trumps in grand


def test_isko_2_3_4_null_order_ace_king_queen_jack_ten():
    order = ["SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7"]
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            other = "H7" if high != "H7" else "D7"
            assert trick_winner(cards(low, high, other), Game.NULL) == 1, (high, low)
            assert trick_winner(cards(high, low, other), Game.NULL) == 0, (high, low)


def test_isko_2_3_4_null_jack_is_a_plain_card_of_its_suit():
    assert trick_winner(cards("S7", "CJ", "HJ"), Game.NULL) == 0  # jacks don't trump
    assert trick_winner(cards("CJ", "CQ", "SA"), Game.NULL) == 1


def test_isko_4_2_1_follow_suit_a_jack_is_not_a_suit_card_in_suit_games():
    h = hand("SJ", "S7", "DA")
    assert [c.name for c in legal_cards(h, Card.SA, Game.HEARTS)] == ["S7"]
    assert not is_revoke(h, Card.SA, Card.S7, Game.HEARTS)
    assert is_revoke(h, Card.SA, Card.SJ, Game.HEARTS)


def test_isko_4_2_2_without_the_suit_anything_may_be_played():
    h = hand("SJ", "DA", "H7")
    assert [c.name for c in legal_cards(h, Card.SA, Game.HEARTS)] == ["SJ", "H7", "DA"]
    assert not is_revoke(h, Card.SA, Card.DA, Game.HEARTS)


def test_isko_4_2_1_a_jack_lead_asks_for_trump_in_suit_games():
    h = hand("CJ", "H7", "SA", "DK")
    assert [c.name for c in legal_cards(h, Card.DJ, Game.HEARTS)] == ["CJ", "H7"]
    assert [c.name for c in legal_cards(h, Card.HA, Game.HEARTS)] == ["CJ", "H7"]
    assert is_revoke(h, Card.DJ, Card.DK, Game.HEARTS)


def test_isko_4_2_1_grand_jack_lead_asks_for_a_jack_suit_lead_for_the_suit():
    h = hand("HJ", "SK", "S7", "CA")
    assert [c.name for c in legal_cards(h, Card.DJ, Game.GRAND)] == ["HJ"]
    assert [c.name for c in legal_cards(h, Card.SA, Game.GRAND)] == ["SK", "S7"]
    assert len(legal_cards(hand("HJ", "CA"), Card.SA, Game.GRAND)) == 2


def test_isko_4_2_1_null_jack_follows_its_own_suit():
    assert [c.name for c in legal_cards(hand("SJ", "C7"), Card.CJ, Game.NULL)] == ["C7"]
    assert [c.name for c in legal_cards(hand("SJ", "H7"), Card.SA, Game.NULL)] == ["SJ"]


def test_isko_4_2_1_the_lead_is_free():
    h = hand("CJ", "H7", "SA")
    assert len(legal_cards(h, None, Game.CLUBS)) == 3
