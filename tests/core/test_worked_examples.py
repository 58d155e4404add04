"""Every worked example of the rule texts (seeds 001 English, 000 Spanish, 003 web page).

Each test rebuilds the example from cards where the text describes cards, and checks the
number the text prints. Where the two translations differ, the test says which reading
it follows.
"""

from __future__ import annotations

import pytest

from referee.core import (
    Contract,
    Game,
    Matadors,
    ScoreSheet,
    count_matadors,
    mask_of,
    parse_cards,
    performance,
    settle,
    settle_played_game,
    value_game,
)

SUIT_AND_GRAND = ("diamonds", "hearts", "spades", "clubs", "grand")


def cards(*tokens: str) -> int:
    return mask_of(parse_cards(tokens))


# "spades without four": no jack, the spade ace; "clubs without four": no jack, the club ace
SPADES_WITHOUT_4 = cards("SA", "ST", "SK", "SQ", "S9", "S8", "HA", "HT", "DA", "D7")
CLUBS_WITHOUT_4 = cards("CA", "CT", "CK", "CQ", "C9", "C8", "C7", "HA", "HT", "DA")


def conceded_losses(declarer_cards: int, bid: int) -> dict[str, int]:
    """What each pickup suit game or grand costs when announced and given up."""
    out = {}
    for name in SUIT_AND_GRAND:
        game = Game(name)
        v = value_game(Contract(game), count_matadors(declarer_cards, game), bid, won=False)
        out[name] = v.score
    return out


def cheapest(losses: dict[str, int]) -> set[str]:
    best = max(losses.values())
    return {g for g, s in losses.items() if s == best}


# -- ISkO 3.4.3 -------------------------------------------------------------------------
def test_isko_3_4_3_spades_without_four_bid_50_club_jack_in_skat_hearts_is_playable():
    declarer = SPADES_WITHOUT_4 | cards("CJ", "D8")
    assert count_matadors(SPADES_WITHOUT_4, Game.SPADES) == Matadors(False, 4)
    # the planned game: spades without 4, game 5 = 55, enough for 50 ...
    planned = value_game(Contract(Game.SPADES), Matadors(False, 4), 50, won=True)
    assert planned.value == 55 and not planned.overbid
    # ... but with the club jack in the skat it is spades with 1: 22, overbid
    assert count_matadors(declarer, Game.SPADES) == Matadors(True, 1)
    losses = conceded_losses(declarer, 50)
    assert cheapest(losses) == {"hearts"}
    assert losses["hearts"] == -100  # hearts with 1 fits the bid exactly: 5 x 10 = 50
    assert losses == {
        "diamonds": -108,
        "hearts": -100,
        "spades": -110,
        "clubs": -120,
        "grand": -144,
    }


def test_isko_3_4_3_clubs_without_four_bid_59_spade_jack_in_skat_clubs_or_hearts():
    declarer = CLUBS_WITHOUT_4 | cards("SJ", "D8")
    planned = value_game(Contract(Game.CLUBS), Matadors(False, 4), 59, won=True)
    assert planned.value == 60 and not planned.overbid  # without 4, game 5 x 12
    assert count_matadors(declarer, Game.CLUBS) == Matadors(False, 1)
    assert count_matadors(declarer, Game.HEARTS) == Matadors(False, 1)
    losses = conceded_losses(declarer, 59)
    assert cheapest(losses) == {"clubs", "hearts"}
    assert losses["clubs"] == losses["hearts"] == -120


def test_isko_3_4_3_es_appendix_spades_without_2_bid_30_hearts_lost_60():
    """Spanish commentary: spades without 2 held at 30, club jack in the skat."""
    declarer = cards("HJ", "SA", "ST", "SK", "SQ", "S9", "HA", "HT", "DA", "D7", "CJ", "D8")
    losses = conceded_losses(declarer, 30)
    assert cheapest(losses) == {"hearts"} and losses["hearts"] == -60
    assert losses["grand"] == -96  # grand with 1 is not overbid at 30, but lost it costs more


# -- ISkO 5.2.5 and 5.2.6 ---------------------------------------------------------------
GRAND_WITH_TWO = cards("CJ", "SJ", "CA", "CT", "SA", "ST", "HA", "HT", "DA", "DT", "D7", "D8")


def test_isko_5_2_5_grand_hand_with_two_schneider_announced_88_points_minus_288():
    contract = Contract.declare("grand", hand=True, schneider=True)
    result = settle_played_game(
        contract, GRAND_WITH_TWO, 48, declarer_points=120 - 32, declarer_tricks=8, defender_tricks=2
    )
    assert not result.won and result.defender_points == 32
    v = result.valuation
    assert v.matadors == Matadors(True, 2)
    # with 2, game 3, hand 4, schneider 5, schneider announced 6
    assert v.levels == ("game", "hand", "schneider", "schneider_announced")
    assert v.multiplier == 6 and v.value == 144 and v.score == -288


@pytest.mark.parametrize(("points", "tricks"), [(30, 3), (12, 1), (0, 1)])
def test_isko_5_2_5_no_own_schneider_the_declarer_schneider_himself_still_minus_288(points, tricks):
    contract = Contract.declare("grand", hand=True, schneider=True)
    result = settle_played_game(
        contract,
        GRAND_WITH_TWO,
        48,
        declarer_points=points,
        declarer_tricks=tricks,
        defender_tricks=10 - tricks,
    )
    assert result.schneider
    assert result.valuation.multiplier == 6 and result.valuation.score == -288


def test_isko_5_2_6_clubs_ouvert_with_two_is_108():
    contract = Contract.declare("clubs", ouvert=True)
    declarer = cards("CJ", "SJ", "CA", "CT", "CK", "CQ", "C9", "SA", "HA", "DA", "D7", "D8")
    result = settle_played_game(
        contract, declarer, 18, declarer_points=120, declarer_tricks=10, defender_tricks=0
    )
    assert result.won and result.valuation.multiplier == 9
    assert result.valuation.value == 12 * 9 == 108


def test_isko_5_2_6_grand_ouvert_with_four_is_264():
    contract = Contract.declare("grand", ouvert=True)
    declarer = cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "ST", "HA", "DA", "D7", "D8")
    result = settle_played_game(
        contract, declarer, 18, declarer_points=120, declarer_tricks=10, defender_tricks=0
    )
    assert result.won and result.valuation.multiplier == 11
    assert result.valuation.value == 24 * 11 == 264


# -- ISkO 5.4 ---------------------------------------------------------------------------
def test_isko_5_4_1_bid_50_club_jack_in_skat_hearts_with_one_overbid_minus_100():
    declarer = SPADES_WITHOUT_4 | cards("CJ", "D8")
    matadors = count_matadors(declarer, Game.HEARTS)
    assert matadors == Matadors(True, 1)
    v = value_game(Contract.declare("hearts"), matadors, 50, won=True)
    assert v.overbid and not v.won and v.value == 50 and v.score == -100


@pytest.mark.parametrize("game", ["clubs", "hearts"])
def test_isko_5_4_1_bid_59_spade_jack_in_skat_clubs_or_hearts_overbid_minus_120(game):
    """English: "with one"; Spanish: "sin 1" (without 1). The cards say without 1."""
    declarer = CLUBS_WITHOUT_4 | cards("SJ", "D8")
    matadors = count_matadors(declarer, Game(game))
    assert matadors == Matadors(False, 1)
    v = value_game(Contract.declare(game), matadors, 59, won=True)
    assert v.overbid and v.value == 60 and v.score == -120


def test_isko_5_4_2_hand_overbid_jack_in_skat_hearts_without_three_bid_36_minus_80():
    contract = Contract.declare("hearts", hand=True)
    hand = cards("DJ", "HA", "HT", "HK", "HQ", "H9", "SA", "ST", "CA", "DA")
    assert count_matadors(hand, Game.HEARTS) == Matadors(False, 3)  # what was bid on: 50
    result = settle_played_game(
        contract,
        hand | cards("CJ", "D7"),
        36,
        declarer_points=70,
        declarer_tricks=7,
        defender_tricks=3,
    )
    v = result.valuation
    assert v.matadors == Matadors(True, 1) and v.multiplier == 3  # with 1, game 2, hand 3
    assert v.overbid and not result.won
    assert v.value == 40 and v.score == -80  # 4 x 10, as if bid to 40


def test_isko_5_4_es_appendix_clubs_hand_overbid_at_40_pays_48():
    contract = Contract.declare("clubs", hand=True)
    declarer = cards("HJ", "CA", "CT", "CK", "CQ", "C9", "C8", "SA", "HA", "DA", "CJ", "D7")
    result = settle_played_game(
        contract, declarer, 40, declarer_points=80, declarer_tricks=8, defender_tricks=2
    )
    assert result.valuation.overbid and result.valuation.value == 48
    assert result.valuation.score == -96


def test_isko_5_4_3_es_appendix_hearts_hand_schneider_covers_40_after_a_revoke():
    """Hearts hand without 2 on 40, club jack in the skat; the defence revokes while still
    schneider: won at with 1, game, hand, schneider = 40."""
    contract = Contract.declare("hearts", hand=True)
    declarer = cards("HJ", "HA", "HT", "HK", "HQ", "H9", "SA", "ST", "CA", "DA", "CJ", "D7")
    m = count_matadors(declarer, Game.HEARTS)
    v = value_game(contract, m, 40, won=True, levels=("game", "hand", "schneider"))
    assert m == Matadors(True, 1) and v.won and not v.overbid and v.score == 40


# -- the web page's scoring examples (seed 003) -------------------------------------------
CLUBS_HAND_AGAINST_2 = cards("HJ", "CA", "CT", "CK", "C9", "C8", "SA", "ST", "HA", "DA")


def test_web_003_clubs_hand_bid_48_jack_in_skat_74_points_loses_96():
    contract = Contract.declare("clubs", hand=True)
    assert (
        value_game(contract, count_matadors(CLUBS_HAND_AGAINST_2, Game.CLUBS), 48, won=True).value
        == 48
    )  # against 2, game 3, hand 4
    result = settle_played_game(
        contract,
        CLUBS_HAND_AGAINST_2 | cards("CJ", "CQ"),
        48,
        declarer_points=74,
        declarer_tricks=7,
        defender_tricks=3,
    )
    assert result.valuation.matadors == Matadors(True, 1) and result.valuation.multiplier == 3
    assert result.valuation.overbid and result.valuation.score == -96


def test_web_003_the_same_clubs_hand_with_95_points_wins_48():
    contract = Contract.declare("clubs", hand=True)
    result = settle_played_game(
        contract,
        CLUBS_HAND_AGAINST_2 | cards("CJ", "CQ"),
        48,
        declarer_points=95,
        declarer_tricks=9,
        defender_tricks=1,
    )
    assert result.won and result.valuation.multiplier == 4 and result.valuation.score == 48


def test_web_003_spades_without_2_with_28_points_without_2_game_3_schneider_4():
    declarer = cards("HJ", "DJ", "SA", "ST", "SK", "SQ", "CA", "CT", "HA", "D7", "D8", "D9")
    result = settle_played_game(
        Contract.declare("spades"),
        declarer,
        18,
        declarer_points=28,
        declarer_tricks=3,
        defender_tricks=7,
    )
    v = result.valuation
    assert v.matadors == Matadors(False, 2) and v.levels == ("game", "schneider")
    assert v.value == 44 and v.score == -88


def test_web_003_with_2_game_3_schneider_4_times_spades_is_44():
    v = value_game(
        Contract.declare("spades"), Matadors(True, 2), 18, won=True, levels=("game", "schneider")
    )
    assert v.value == 44


def test_web_003_null_ouvert_on_30_lost_by_one_trick():
    contract = Contract.declare("null", ouvert=True)
    result = settle_played_game(
        contract, cards("C7"), 30, declarer_points=11, declarer_tricks=1, defender_tricks=9
    )
    assert not result.won and result.valuation.value == 46 and result.valuation.score == -92


# -- ISkO 5.6: the value table, every cell ----------------------------------------------
TABLE_5_6 = {
    "diamonds": (18, 27, 36, 45, 54, 63, 72, 81, 90, 99, 108, 117, 126, 135, 144, 153, 162),
    "hearts": (20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180),
    "spades": (22, 33, 44, 55, 66, 77, 88, 99, 110, 121, 132, 143, 154, 165, 176, 187, 198),
    "clubs": (24, 36, 48, 60, 72, 84, 96, 108, 120, 132, 144, 156, 168, 180, 192, 204, 216),
    "grand": (48, 72, 96, 120, 144, 168, 192, 216, 240),
}
GRAND_OUVERT_5_6 = (192, 216, 240, 264)  # with 1, 2, 3, 4
NULL_5_6 = {"null": 23, "null hand": 35, "null ouvert": 46, "null ouvert hand": 59}


def _ways(game: Game) -> list[tuple[int, int]]:
    """Every (sum, value) the core gives over all matadors and reachable level sets."""
    most = 4 if game is Game.GRAND else 11
    out = []
    plays = [  # (contract kwargs, schneider in play, schwarz in play)
        ({}, False, False),
        ({}, True, False),
        ({}, True, True),
        ({"hand": True}, False, False),
        ({"hand": True}, True, False),
        ({"hand": True}, True, True),
        ({"hand": True, "schneider": True}, True, False),
        ({"hand": True, "schneider": True}, True, True),
        ({"hand": True, "schwarz": True}, True, True),
        ({"ouvert": True}, True, True),
    ]
    for count in range(1, most + 1):
        for with_ in (True, False):
            for kwargs, schneider, schwarz in plays:
                contract = Contract.declare(game, **kwargs)
                v = value_game(
                    contract,
                    Matadors(with_, count),
                    18,
                    won=True,
                    schneider=schneider,
                    schwarz=schwarz,
                )
                out.append((v.multiplier, v.value))
    return out


@pytest.mark.parametrize("game", ["diamonds", "hearts", "spades", "clubs"])
def test_isko_5_6_every_suit_cell_is_reached_and_nothing_else(game):
    ways = _ways(Game(game))
    row = TABLE_5_6[game]
    assert {s for s, _ in ways} == set(range(2, 19))
    for total, value in ways:
        assert value == row[total - 2], (game, total)
    assert {v for _, v in ways} == set(row)


def test_isko_5_6_every_grand_cell_and_grand_ouvert():
    ways = _ways(Game.GRAND)
    plain = {v for s, v in ways if s <= 10}
    assert plain == set(TABLE_5_6["grand"])
    ouvert = [
        value_game(Contract.declare("grand", ouvert=True), Matadors(True, n), 18, won=True).value
        for n in (1, 2, 3, 4)
    ]
    assert tuple(ouvert) == GRAND_OUVERT_5_6
    assert max(v for _, v in ways) == 264


def test_isko_5_3_2_sums_pickup_2_to_14_hand_3_to_18():
    pickup = {
        value_game(
            Contract.declare("clubs"), Matadors(True, m), 18, won=True, schneider=sn, schwarz=sw
        ).multiplier
        for m in range(1, 12)
        for sn, sw in ((False, False), (True, False), (True, True))
    }
    assert pickup == set(range(2, 15))
    hand = {s for s, _ in _ways(Game.CLUBS) if s >= 3}
    assert min(hand) == 3 and max(hand) == 18


def test_isko_5_6_null_values():
    values = {
        "null": Contract.declare("null").base_value,
        "null hand": Contract.declare("null", hand=True).base_value,
        "null ouvert": Contract.declare("null", ouvert=True).base_value,
        "null ouvert hand": Contract.declare("null", hand=True, ouvert=True).base_value,
    }
    assert values == NULL_5_6


# -- ISkO 5.5.5: settlement --------------------------------------------------------------
def test_isko_5_5_5_version_1_every_number():
    """The English table has A +196; the Spanish +193 is a slip (4 x 196 = +784 in both)."""
    scores = {"A": 196, "B": 33, "C": -12, "D": 85}
    assert {p: 4 * s for p, s in scores.items()} == {"A": 784, "B": 132, "C": -48, "D": 340}
    assert sum(scores.values()) == 302  # subtracted from each: the "-302" row
    assert settle(scores, 1) == {"A": 482, "B": -170, "C": -350, "D": 38}


def test_isko_5_5_5_version_2_every_number():
    scores = {"A": 44, "B": 33, "C": -420, "D": 130}
    assert {p: 4 * s for p, s in scores.items()} == {"A": 176, "B": 132, "C": -1680, "D": 520}
    assert sum(scores.values()) == -213  # so each gets the "+213" row added
    assert settle(scores, 2) == {"A": 389, "B": 345, "C": -1467, "D": 733}


def test_isko_5_5_5_version_3_every_pair_and_the_totals():
    scores = {"A": 120, "B": -75, "C": 200, "D": -40}
    pairs = {
        ("A", "B"): 195,
        ("A", "C"): -80,
        ("A", "D"): 160,
        ("B", "C"): -275,
        ("B", "D"): -35,
        ("C", "D"): 240,
    }
    for (a, b), diff in pairs.items():
        assert settle({a: scores[a], b: scores[b]}, 3) == {a: diff, b: -diff}
    assert settle(scores, 3) == {"A": 275, "B": -505, "C": 595, "D": -365}


def test_isko_5_5_5_the_three_versions_agree():
    for scores in (
        {"A": 196, "B": 33, "C": -12, "D": 85},
        {"A": 44, "B": 33, "C": -420},
        {"A": 120, "B": -75, "C": 200, "D": -40},
    ):
        assert settle(scores, 1) == settle(scores, 2) == settle(scores, 3)
        assert sum(settle(scores, 3).values()) == 0


# -- SkWO 5.1 / 8.12: performance -------------------------------------------------------
def test_skwo_5_1_performance_example_2107():
    assert performance(937, won=18, lost=3, others_lost=14, table_size=4) == 2107
    assert 937 + (18 - 3) * 50 + 14 * 30 == 2107


def test_skwo_8_12_performance_example_from_a_score_sheet():
    sheet = ScoreSheet(["A", "B", "C", "D"])
    for _ in range(17):
        sheet.record("A", 55)
    sheet.record("A", 110)
    for _ in range(3):
        sheet.record("A", -36)
    for player, lost in (("B", 5), ("C", 5), ("D", 4)):
        sheet.record(player, 48)
        for _ in range(lost):
            sheet.record(player, -40)
    assert sheet.totals()["A"] == 937 and sheet.won_lost()["A"] == (18, 3)
    assert sheet.performance()["A"] == 2107
