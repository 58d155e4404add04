"""The score sheet (ISkO 5.5), performance (SkWO 5.1, 8.12) and settlement (ISkO 5.5.5)."""

from __future__ import annotations

import pytest

from referee.core import RefereeError, ScoreSheet, game_tournament_points, performance, settle


def test_isko_5_5_1_running_totals_after_every_game():
    sheet = ScoreSheet(["A", "B", "C"])
    sheet.record("A", 24)
    sheet.record("B", -72)
    sheet.record("A", 46)
    sheet.record_passed_in()
    sheet.record("C", -118)
    assert [e.score for e in sheet.entries] == [24, -72, 46, 0, -118]
    assert [dict(e.running) for e in sheet.entries] == [
        {"A": 24, "B": 0, "C": 0},
        {"A": 24, "B": -72, "C": 0},
        {"A": 70, "B": -72, "C": 0},
        {"A": 70, "B": -72, "C": 0},
        {"A": 70, "B": -72, "C": -118},
    ]
    assert sheet.totals() == {"A": 70, "B": -72, "C": -118}
    assert [e.number for e in sheet.entries] == [1, 2, 3, 4, 5]
    assert [e.won for e in sheet.entries] == [True, False, True, None, False]
    assert sheet.won_lost() == {"A": (2, 0), "B": (0, 1), "C": (0, 1)}


def test_isko_3_3_7_a_passed_in_game_is_entered_and_worth_nothing():
    sheet = ScoreSheet(["A", "B", "C"])
    sheet.record_passed_in()
    assert sheet.entries[0].player is None and sheet.totals() == {"A": 0, "B": 0, "C": 0}


def test_skwo_5_1_three_player_table_opponents_get_40_per_lost_game():
    sheet = ScoreSheet(["A", "B", "C"])
    sheet.record("A", 24)  # won: +50
    sheet.record("B", -72)  # lost: -50, A and C +40
    sheet.record("B", -46)  # lost again
    assert sheet.performance() == {
        "A": 24 + 50 + 2 * 40,
        "B": -118 - 2 * 50,
        "C": 2 * 40,
    }


def test_skwo_5_1_four_player_table_opponents_get_30_per_lost_game():
    sheet = ScoreSheet(["A", "B", "C", "D"])
    sheet.record("D", -60)
    assert sheet.performance() == {"A": 30, "B": 30, "C": 30, "D": -110}


@pytest.mark.parametrize(
    ("value", "won", "size", "expected"),
    [(24, True, 3, (74, 0)), (36, False, 3, (-122, 40)), (36, False, 4, (-122, 30))],
)
def test_skwo_5_1_points_of_one_game(value, won, size, expected):
    assert game_tournament_points(value, won, size) == expected


def test_skwo_5_1_tables_have_three_or_four_players():
    for size in (2, 5):
        with pytest.raises(RefereeError) as info:
            ScoreSheet([str(i) for i in range(size)])
        assert info.value.code == "table_size.invalid"
    with pytest.raises(RefereeError):
        performance(0, won=0, lost=0, others_lost=0, table_size=5)


def test_isko_5_5_1_sheet_refuses_unknown_player_and_zero_score():
    sheet = ScoreSheet(["A", "B", "C"])
    with pytest.raises(RefereeError) as info:
        sheet.record("Z", 18)
    assert info.value.code == "scoresheet.unknown_player"
    with pytest.raises(RefereeError) as info:
        sheet.record("A", 0)
    assert info.value.code == "scoresheet.zero_score"


def test_isko_5_5_5_unknown_settlement_version():
    with pytest.raises(RefereeError) as info:
        settle({"A": 1, "B": 2, "C": 3}, 4)
    assert info.value.code == "settle.version"
