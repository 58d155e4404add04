"""Property tests over random deals and random legal play (hypothesis).

The core's rules are compared with naive re-implementations written here from the rule
text, on string tokens, sharing no code with the core.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import (
    BID_VALUES,
    Card,
    Contract,
    Game,
    Matadors,
    count_matadors,
    is_revoke,
    legal_mask,
    settle_played_game,
    trick_winner,
    value_game,
)

from .strategies import CONTRACTS, PlayedGame, deals, played_games

SETTINGS = settings(max_examples=200, deadline=None)

# -- naive rules on tokens --------------------------------------------------------------
TRUMP_LETTER = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
JACK_ORDER = ["CJ", "SJ", "HJ", "DJ"]
PLAIN_ORDER = "A T K Q 9 8 7".split()  # suit and grand, jacks excluded
NULL_ORDER = "A K Q J T 9 8 7".split()


def naive_is_trump(token: str, game: str) -> bool:
    if game == "null":
        return False
    if token[1] == "J":
        return True
    return TRUMP_LETTER.get(game) == token[0]


def naive_group(token: str, game: str) -> str:
    """What a card counts as when led: "trump" or its suit letter."""
    return "trump" if naive_is_trump(token, game) else token[0]


def naive_legal(hand: list[str], led: str | None, game: str) -> set[str]:
    if led is None:
        return set(hand)
    wanted = naive_group(led, game)
    followers = {t for t in hand if naive_group(t, game) == wanted}
    return followers or set(hand)


def naive_strength(token: str, game: str) -> int:
    if game == "null":
        return 10 - NULL_ORDER.index(token[1])
    if token[1] == "J":
        return 100 - JACK_ORDER.index(token)
    rank = 10 - PLAIN_ORDER.index(token[1])
    return 50 + rank if naive_is_trump(token, game) else rank


def naive_winner(trick: list[str], game: str) -> int:
    led_group = naive_group(trick[0], game)
    best = 0
    for i, token in enumerate(trick):
        group = naive_group(token, game)
        best_token = trick[best]
        if group == "trump" and naive_group(best_token, game) != "trump":
            best = i
        elif group == naive_group(best_token, game) and (group in ("trump", led_group)):
            if naive_strength(token, game) > naive_strength(best_token, game):
                best = i
    return best


POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

# the 5.6 table written out, plus the null values
TABLE_VALUES = (
    {9 * s for s in range(2, 19)}
    | {10 * s for s in range(2, 19)}
    | {11 * s for s in range(2, 19)}
    | {12 * s for s in range(2, 19)}
    | {24 * s for s in range(2, 12)}
)
NULL_VALUES = {23, 35, 46, 59}


def tokens(mask: int) -> list[str]:
    return [Card(i).name for i in range(32) if mask >> i & 1]


def result_of(game: PlayedGame):
    declarer_tricks = len(game.tricks_of(True))
    return settle_played_game(
        game.contract,
        game.declarer_cards,
        game.bid,
        declarer_points=game.points(True),
        declarer_tricks=declarer_tricks,
        defender_tricks=10 - declarer_tricks,
    )


# -- properties -------------------------------------------------------------------------
@SETTINGS
@given(played_games())
def test_isko_1_2_card_points_sum_to_120_tricks_plus_skat(game):
    in_tricks = sum(POINTS[c.name[1]] for t in game.tricks for c in t.cards)
    in_skat = sum(POINTS[t[1]] for t in tokens(game.skat))
    assert in_tricks + in_skat == 120
    assert game.points(True) + game.points(False) == 120
    assert len(game.tricks) == 10 and len(game.steps) == 30
    assert len({c for t in game.tricks for c in t.cards}) == 30


@SETTINGS
@given(played_games())
def test_isko_4_2_every_legal_card_accepted_every_illegal_refused(game):
    name = game.contract.game.value
    for step in game.steps:
        hand = tokens(step.hand_before)
        led = None if step.led is None else Card(step.led).name
        expected = naive_legal(hand, led, name)
        assert set(tokens(legal_mask(step.hand_before, step.led, game.contract.game))) == expected
        if step.led is not None:
            for card in hand:
                revoke = is_revoke(step.hand_before, step.led, Card[card], game.contract.game)
                assert revoke == (card not in expected), (hand, led, card)
        assert step.card.name in expected


@SETTINGS
@given(played_games())
def test_isko_4_4_2_trick_winner_agrees_with_a_naive_implementation(game):
    name = game.contract.game.value
    leader = game.tricks[0].leader
    assert leader.value == "forehand"
    for trick in game.tricks:
        assert trick.leader is leader
        names = [c.name for c in trick.cards]
        assert trick_winner(trick.cards, game.contract.game) == naive_winner(names, name)
        leader = trick.winner


@SETTINGS
@given(played_games())
def test_isko_5_6_every_value_is_in_the_table_or_a_null_value(game):
    v = result_of(game).valuation
    if game.contract.is_null:
        assert v.value in NULL_VALUES
    else:
        assert v.value in TABLE_VALUES
        assert v.value % game.contract.base_value == 0


@SETTINGS
@given(played_games())
def test_isko_5_2_10_a_lost_game_scores_minus_twice_its_value(game):
    v = result_of(game).valuation
    if v.won:
        assert v.score == v.value > 0
    else:
        assert v.score == -2 * v.value < 0


@SETTINGS
@given(played_games())
def test_isko_5_4_an_overbid_value_reaches_the_bid_by_the_fewest_multiples(game):
    v = result_of(game).valuation
    assert v.value >= game.bid or not v.won  # a won game always covers the bid
    if v.won:
        assert not v.overbid
    if v.overbid:
        assert not v.won
        assert v.value >= game.bid
        assert v.value - game.contract.base_value < game.bid


@SETTINGS
@given(played_games())
def test_isko_5_2_played_result_is_consistent_with_the_count(game):
    r = result_of(game)
    c = game.contract
    if c.is_null:
        assert r.won == (r.declarer_tricks == 0 and not r.valuation.overbid)
        return
    if r.won:
        assert r.declarer_points >= 61
        assert not c.schneider or r.declarer_points >= 90
        assert not c.schwarz or r.defender_tricks == 0
    elif not r.valuation.overbid:
        assert r.declarer_points <= 60 or c.schneider
    levels = r.valuation.levels
    assert levels[0] == "game" and ("hand" in levels) == c.hand
    assert r.valuation.multiplier == r.valuation.matadors.count + len(levels)


@SETTINGS
@given(deals(), st.sampled_from([c for c in CONTRACTS if not c.is_null]))
def test_isko_2_4_matadors_of_declarer_and_defence_mirror_each_other(deal, contract):
    """The defenders' cards plus... whoever holds the club jack is 'with' it; the other
    side is 'without' the same number."""
    declarer = deal.forehand | deal.skat
    defence = deal.middlehand | deal.rearhand
    mine = count_matadors(declarer, contract.game)
    theirs = count_matadors(defence, contract.game)
    assert mine.with_ != theirs.with_ and mine.count == theirs.count
    assert 1 <= mine.count <= (4 if contract.game is Game.GRAND else 11)


@SETTINGS
@given(
    st.sampled_from([c for c in CONTRACTS if not c.is_null]),
    st.integers(1, 11),
    st.booleans(),
    st.sampled_from(BID_VALUES),
    st.booleans(),
)
def test_isko_5_4_value_game_overbid_rule_for_any_bid(contract, count, with_, bid, won):
    if contract.game is Game.GRAND:
        count = min(count, 4)
    v = value_game(contract, Matadors(with_, count), bid, won=won)
    base = contract.base_value
    plain = base * v.multiplier
    assert v.overbid == (plain < bid)
    if v.overbid:
        assert v.value == min(base * k for k in range(1, 100) if base * k >= bid)
        assert v.score == -2 * v.value
    else:
        assert v.value == plain
        assert v.score == (plain if won else -2 * plain)


@SETTINGS
@given(st.sampled_from([c for c in CONTRACTS if c.is_null]), st.booleans())
def test_isko_5_1_2_null_value_is_fixed(contract, won):
    v = value_game(contract, None, 18, won=won)
    assert v.value == contract.base_value and v.multiplier == 1
    assert v.score == (v.value if won else -2 * v.value)


def test_strategies_cover_every_contract():
    assert len(CONTRACTS) == 29
    assert {c.game for c in CONTRACTS} == set(Game)
    assert Contract.declare("clubs", ouvert=True) in CONTRACTS
