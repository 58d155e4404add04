"""Bidding (ISkO 3.3): the legal values, who bids to whom, passing in."""

from __future__ import annotations

import pytest

from referee.core import BID_VALUES, Auction, BidAction, BiddingError, Seat

F, M, R = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND


def naive_game_values() -> list[int]:
    """Every value the 5.6 table and the null games allow (suit sums 2-18, grand 2-11)."""
    values = {b * s for b in (9, 10, 11, 12) for s in range(2, 19)}
    values |= {24 * s for s in range(2, 12)}
    values |= {23, 35, 46, 59}
    return sorted(values)


def test_isko_3_3_1_bid_values_are_the_game_values_18_to_264():
    assert list(BID_VALUES) == naive_game_values()
    assert BID_VALUES[0] == 18 and BID_VALUES[-1] == 264
    assert BID_VALUES[:20] == (
        18,
        20,
        22,
        23,
        24,
        27,
        30,
        33,
        35,
        36,
        40,
        44,
        45,
        46,
        48,
        50,
        54,
        55,
        59,
        60,
    )


@pytest.mark.parametrize("value", [0, 17, 19, 21, 25, 26, 28, 47, 49, 58, 265, 288])
def test_isko_3_3_1_other_numbers_are_not_bids(value):
    assert value not in BID_VALUES
    auction = Auction()
    with pytest.raises(BiddingError) as info:
        auction.bid(M, value)
    assert info.value.code == "bidding.bad_value"


def test_isko_3_3_2_middlehand_bids_first_to_forehand():
    auction = Auction()
    assert auction.awaiting is M
    for seat in (F, R):
        with pytest.raises(BiddingError) as info:
            auction.bid(seat, 18)
        assert info.value.code == "bidding.out_of_turn"
        assert not auction.can_bid(seat, 18)
    assert auction.can_bid(M, 18)


def test_isko_3_3_2_bids_need_not_be_consecutive_but_must_rise():
    auction = Auction()
    auction.bid(M, 18)
    auction.hold(F)
    auction.bid(M, 30)  # values may be skipped
    auction.hold(F)
    for value in (30, 27):
        with pytest.raises(BiddingError) as info:
            auction.bid(M, value)
        assert info.value.code == "bidding.too_low"


def test_isko_3_3_2_the_holder_answers_and_may_not_raise():
    auction = Auction()
    auction.bid(M, 18)
    with pytest.raises(BiddingError) as info:
        auction.bid(F, 20)
    assert info.value.code == "bidding.not_bidder"
    with pytest.raises(BiddingError) as info:
        auction.hold(M)
    assert info.value.code == "bidding.out_of_turn"
    auction.hold(F)
    with pytest.raises(BiddingError) as info:
        auction.hold(M)
    assert info.value.code == "bidding.nothing_to_hold"


def test_isko_3_3_3_rearhand_bids_to_the_survivor():
    auction = Auction()
    auction.bid(M, 18)
    auction.hold(F)
    auction.bid(M, 20)
    auction.pass_(F)  # forehand drops out: middlehand survives
    assert auction.awaiting is R
    auction.bid(R, 22)
    auction.hold(M)
    auction.bid(R, 23)
    auction.pass_(M)
    assert auction.is_over and auction.declarer is R and auction.highest == 23
    assert not auction.passed_in


def test_isko_3_3_4_middlehand_passes_rearhand_bids_to_forehand():
    auction = Auction()
    auction.pass_(M)
    auction.bid(R, 18)
    auction.hold(F)
    auction.pass_(R)
    assert auction.declarer is F and auction.highest == 18
    assert [a.kind for a in auction.history] == ["pass", "bid", "hold", "pass"]


def test_isko_3_3_5_a_survivor_nobody_bids_to_declares_at_the_highest_bid():
    auction = Auction()
    auction.bid(M, 18)
    auction.pass_(F)
    auction.pass_(R)
    assert auction.declarer is M and auction.highest == 18


def test_isko_3_3_6_forehand_may_play_at_18_when_both_others_pass():
    auction = Auction()
    auction.pass_(M)
    auction.pass_(R)
    assert not auction.is_over and auction.awaiting is F
    with pytest.raises(BiddingError) as info:
        auction.hold(F)
    assert info.value.code == "bidding.nothing_to_hold"
    auction.bid(F, 18)
    assert auction.is_over and auction.declarer is F and auction.highest == 18


def test_isko_3_3_7_all_three_pass_the_game_is_passed_in():
    auction = Auction()
    for seat in (M, R, F):
        auction.pass_(seat)
    assert auction.is_over and auction.passed_in and auction.declarer is None
    assert auction.highest is None


def test_isko_3_3_8_nothing_after_the_bidding_is_over():
    auction = Auction()
    auction.bid(M, 18)
    auction.pass_(F)
    auction.pass_(R)
    for act in (lambda: auction.bid(F, 20), lambda: auction.pass_(M), lambda: auction.hold(M)):
        with pytest.raises(BiddingError) as info:
            act()
        assert info.value.code == "bidding.over"


def test_isko_3_3_apply_replays_recorded_actions():
    actions = [
        BidAction(M, "bid", 18),
        BidAction(F, "hold", 18),
        BidAction(M, "pass"),
        BidAction(R, "bid", 20),
        BidAction(F, "pass"),
    ]
    auction = Auction()
    for action in actions:
        auction.apply(action)
    assert auction.declarer is R and auction.highest == 20
    assert auction.history == actions


def test_isko_3_3_9_a_restarted_bidding_starts_again_at_18_without_the_looker():
    auction = Auction()
    for action in (BidAction(M, "bid", 18), BidAction(F, "hold"), BidAction(M, "bid", 24)):
        auction.apply(action)
    auction.hold(F)
    fresh = auction.restarted(frozenset({R}))
    fresh.bid(M, 18)  # lower than 24: a new bidding
    fresh.hold(F)
    fresh.pass_(M)  # rearhand, who looked, is passed over
    assert fresh.is_over and fresh.declarer is F and fresh.highest == 18
    assert len(fresh.history) == 7


def test_isko_3_3_9_released_players_may_pass_in_any_order_and_nobody_bids():
    fresh = Auction().restarted(frozenset({R}))
    fresh.pass_(F)  # forehand, not in turn, drops out of the new bidding
    fresh.pass_(M)
    assert fresh.passed_in


def test_isko_3_3_9_a_player_out_of_the_bidding_cannot_bid():
    auction = Auction(frozenset({M}))
    assert auction.awaiting is R  # middlehand is passed over: rearhand bids to forehand
    with pytest.raises(BiddingError) as info:
        auction.bid(M, 18)
    assert info.value.code == "bidding.excluded"


def test_isko_3_3_9_the_one_player_left_may_bid_or_pass():
    auction = Auction(frozenset({M, F}))
    assert auction.awaiting is R
    auction.bid(R, 18)
    assert auction.declarer is R and auction.highest == 18
    alone = Auction(frozenset({M, F}))
    alone.pass_(R)
    assert alone.passed_in
