"""Game value (ISkO 2.4, 5.1-5.4): matadors, levels, winning, schneider, schwarz, overbid."""

from __future__ import annotations

import pytest

from referee.core import (
    LEVELS,
    Contract,
    Game,
    Matadors,
    count_matadors,
    mask_of,
    parse_cards,
    settle_played_game,
    value_game,
)
from referee.core.valuation import levels_reached, max_multiplier, value_table


def cards(*tokens: str) -> int:
    return mask_of(parse_cards(tokens))


def play(contract, declarer_cards, bid=18, *, points, tricks):
    return settle_played_game(
        contract,
        declarer_cards,
        bid,
        declarer_points=points,
        declarer_tricks=tricks,
        defender_tricks=10 - tricks,
    )


# -- matadors (2.4) ---------------------------------------------------------------------
def test_isko_2_4_1_with_counts_the_unbroken_run_from_the_club_jack():
    assert count_matadors(cards("CJ", "SJ", "DJ"), Game.GRAND) == Matadors(True, 2)
    assert count_matadors(cards("CJ", "SJ", "HJ", "DJ"), Game.GRAND) == Matadors(True, 4)
    assert count_matadors(cards("CJ", "SJ", "HJ", "DJ", "CA", "CT"), Game.CLUBS) == (
        Matadors(True, 6)
    )


def test_isko_2_4_2_without_counts_the_trumps_above_the_declarers_best():
    assert count_matadors(cards("SJ"), Game.GRAND) == Matadors(False, 1)
    assert count_matadors(cards("DJ", "HA"), Game.HEARTS) == Matadors(False, 3)
    assert count_matadors(cards("H7"), Game.HEARTS) == Matadors(False, 10)


def test_isko_2_4_3_suit_games_reach_with_or_without_11_grand_4():
    all_clubs = cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "C8", "C7")
    assert count_matadors(all_clubs, Game.CLUBS) == Matadors(True, 11)
    assert count_matadors(cards("SA", "ST", "HA"), Game.CLUBS) == Matadors(False, 11)
    assert count_matadors(cards("SA"), Game.GRAND) == Matadors(False, 4)
    assert max_multiplier(Game.CLUBS) == 18 and max_multiplier(Game.GRAND) == 11


def test_isko_5_2_matadors_count_the_skat_in_hand_games_too():
    hand, skat = cards("SJ", "HJ", "CA"), cards("CJ", "D7")
    contract = Contract.declare("grand", hand=True)
    assert count_matadors(hand, Game.GRAND) == Matadors(False, 1)
    result = play(contract, hand | skat, points=70, tricks=6)
    assert result.valuation.matadors == Matadors(True, 3)
    assert result.valuation.value == 24 * (3 + 2)


# -- winning, schneider, schwarz (5.2.2-5.2.4, 5.2.7) -----------------------------------
@pytest.mark.parametrize(("points", "won"), [(61, True), (60, False), (120, True), (0, False)])
def test_isko_5_2_2_the_declarer_wins_with_61_points_incl_the_skat(points, won):
    tricks = 10 if points == 120 else 0 if points == 0 else 5
    result = play(Contract.declare("diamonds"), cards("CJ"), points=points, tricks=tricks)
    assert result.won is won
    assert result.declarer_points + result.defender_points == 120


@pytest.mark.parametrize(
    ("points", "schneider"), [(90, True), (89, False), (31, False), (30, True), (2, True)]
)
def test_isko_5_2_3_schneider_at_30_or_less_for_either_side(points, schneider):
    result = play(Contract.declare("spades"), cards("CJ"), points=points, tricks=5)
    assert result.schneider is schneider
    assert ("schneider" in result.valuation.levels) is schneider
    expected_multiplier = 1 + 1 + schneider
    assert result.valuation.multiplier == expected_multiplier


def test_isko_5_2_4_schwarz_means_no_trick_a_pointless_trick_is_only_schneider():
    contract = Contract.declare("grand")
    taken_all = play(contract, cards("CJ"), points=120, tricks=10)
    assert taken_all.schwarz and taken_all.valuation.levels == ("game", "schneider", "schwarz")
    empty_trick = play(contract, cards("CJ"), points=120, tricks=9)
    assert empty_trick.schneider and not empty_trick.schwarz
    declarer_schwarz = play(contract, cards("CJ"), points=0, tricks=0)
    assert not declarer_schwarz.won
    assert declarer_schwarz.valuation.levels == ("game", "schneider", "schwarz")
    assert declarer_schwarz.valuation.score == -2 * 24 * 4


def test_isko_5_2_1_hand_adds_a_level():
    pickup = play(Contract.declare("hearts"), cards("CJ"), points=70, tricks=6)
    hand = play(Contract.declare("hearts", hand=True), cards("CJ"), points=70, tricks=6)
    assert pickup.valuation.levels == ("game",) and pickup.valuation.value == 20
    assert hand.valuation.levels == ("game", "hand") and hand.valuation.value == 30


def test_isko_5_2_5_announced_schneider_won_counts_the_announcement():
    contract = Contract.declare("clubs", hand=True, schneider=True)
    result = play(contract, cards("CJ"), points=95, tricks=8)
    assert result.won
    assert result.valuation.levels == ("game", "hand", "schneider", "schneider_announced")
    assert result.valuation.value == 12 * 5


def test_isko_5_2_5_a_higher_level_reached_counts():
    contract = Contract.declare("clubs", hand=True, schneider=True)
    result = play(contract, cards("CJ"), points=120, tricks=10)
    assert result.valuation.levels == (
        "game",
        "hand",
        "schneider",
        "schneider_announced",
        "schwarz",
    )
    assert result.valuation.value == 12 * 6


def test_isko_5_2_5_announced_schneider_missed_is_lost_at_the_announced_level():
    contract = Contract.declare("clubs", hand=True, schneider=True)
    result = play(contract, cards("CJ"), points=89, tricks=8)
    assert not result.won
    assert result.valuation.levels == ("game", "hand", "schneider", "schneider_announced")
    assert result.valuation.score == -2 * 12 * 5


def test_isko_5_2_5_announced_schwarz_lost_by_one_trick():
    contract = Contract.declare("spades", hand=True, schwarz=True)
    result = play(contract, cards("CJ", "SJ"), points=120, tricks=9)
    assert not result.won
    assert result.valuation.levels == LEVELS[:6]
    assert result.valuation.score == -2 * 11 * (2 + 6)


def test_isko_5_2_5_no_own_schneider_when_the_announcement_fails():
    contract = Contract.declare("grand", hand=True, schneider=True)
    at_88 = play(contract, cards("CJ", "SJ"), points=88, tricks=8)
    at_20 = play(contract, cards("CJ", "SJ"), points=20, tricks=2)
    assert at_88.valuation.score == at_20.valuation.score == -288


def test_isko_5_2_5_schwarz_suffered_counts_beyond_a_missed_schneider():
    """The Spanish "at least" (docs/interpretations.md#isko-5.2.5-schwarz-suffered): a
    declarer who announced schneider and took no trick loses schwarz on top."""
    contract = Contract.declare("grand", hand=True, schneider=True)
    at_0 = play(contract, cards("CJ", "SJ"), points=0, tricks=0)
    assert at_0.valuation.levels == ("game", "hand", "schneider", "schneider_announced", "schwarz")
    assert at_0.valuation.score == -2 * 24 * 7
    announced_schwarz = play(
        Contract.declare("grand", hand=True, schwarz=True), cards("CJ"), points=0, tricks=0
    )
    assert announced_schwarz.valuation.levels == LEVELS[:6]  # schwarz counted once


def test_isko_5_2_6_ouvert_won_and_lost():
    contract = Contract.declare("diamonds", ouvert=True)
    won = play(contract, cards("DJ"), points=120, tricks=10)
    assert won.won and won.valuation.levels == LEVELS
    assert won.valuation.value == 9 * (3 + 7)  # without 3 (CJ SJ HJ missing)
    lost = play(contract, cards("DJ"), points=120, tricks=9)
    assert not lost.won and lost.valuation.score == -2 * 9 * 10


@pytest.mark.parametrize(
    ("hand", "ouvert", "value"),
    [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)],
)
def test_isko_5_2_7_null_won_without_a_trick_lost_with_one(hand, ouvert, value):
    contract = Contract.declare("null", hand=hand, ouvert=ouvert)
    won = play(contract, cards("C7"), points=0, tricks=0)
    assert won.won and won.valuation.value == value and won.valuation.score == value
    assert won.valuation.matadors is None and won.valuation.multiplier == 1
    lost = play(contract, cards("C7"), points=0, tricks=1)
    assert not lost.won and lost.valuation.score == -2 * value


# -- overbid (5.4) ----------------------------------------------------------------------
def test_isko_5_4_1_pickup_overbid_is_lost_at_the_smallest_multiple_reaching_the_bid():
    valuation = value_game(Contract.declare("spades"), Matadors(True, 1), 30, won=True)
    assert valuation.overbid and not valuation.won
    assert valuation.value == 33 and valuation.score == -66


def test_isko_5_4_1_a_bid_reached_exactly_is_not_overbid():
    valuation = value_game(Contract.declare("hearts"), Matadors(True, 2), 30, won=True)
    assert not valuation.overbid and valuation.won and valuation.score == 30


def test_isko_5_4_2_hand_overbid_jack_in_skat_lost_despite_61_points():
    # hearts hand "without 2" on a bid of 40; the club jack in the skat makes it with 1
    contract = Contract.declare("hearts", hand=True)
    result = play(contract, cards("HJ", "HA", "CJ"), 40, points=75, tricks=7)
    assert result.valuation.matadors == Matadors(True, 1)
    assert result.valuation.overbid and not result.won
    assert result.valuation.value == 40 and result.valuation.score == -80


def test_isko_5_4_2_hand_game_schneider_can_still_cover_the_bid():
    contract = Contract.declare("hearts", hand=True)
    result = play(contract, cards("HJ", "HA", "CJ"), 40, points=91, tricks=8)
    assert not result.valuation.overbid and result.won and result.valuation.score == 40


def test_isko_5_4_overbid_and_lost_on_points_counts_the_overbid_value():
    valuation = value_game(Contract.declare("grand"), Matadors(True, 1), 72, won=False)
    assert valuation.overbid and valuation.value == 72 and valuation.score == -144


def test_isko_5_2_10_every_lost_game_counts_double():
    for bid in (18, 20, 23, 48):
        lost = value_game(Contract.declare("clubs"), Matadors(False, 3), bid, won=False)
        won = value_game(Contract.declare("clubs"), Matadors(False, 3), bid, won=True)
        assert lost.score == -2 * won.score == -96


def test_isko_5_2_levels_reached_explicit_override():
    contract = Contract.declare("hearts", hand=True)
    v = value_game(contract, Matadors(True, 1), 18, won=True, levels=("game", "hand", "schneider"))
    assert v.value == 40
    assert levels_reached(contract, won=True, schneider=False, schwarz=False) == ("game", "hand")


def test_isko_5_6_value_table_of_the_core():
    table = value_table()
    assert table["diamonds"][0] == 18 and table["diamonds"][-1] == 162
    assert table["grand"][-1] == 264 and len(table["clubs"]) == 17
