"""The three seats (ISkO 3.2, 4.1): forehand, middlehand, rearhand, in play order."""

from __future__ import annotations

import pytest

from referee.core import SEATS, RefereeError, Seat


def test_seats_in_play_order():
    assert [s.value for s in SEATS] == ["forehand", "middlehand", "rearhand"]
    assert [s.index for s in SEATS] == [0, 1, 2]
    assert [s.german for s in SEATS] == ["Vorhand", "Mittelhand", "Hinterhand"]


def test_seats_next_goes_round_the_table():
    assert Seat.FOREHAND.next is Seat.MIDDLEHAND
    assert Seat.MIDDLEHAND.next is Seat.REARHAND
    assert Seat.REARHAND.next is Seat.FOREHAND


@pytest.mark.parametrize("name", ["forehand", "middlehand", "rearhand"])
def test_seats_parse_round_trip(name):
    assert str(Seat.parse(name)) == name


@pytest.mark.parametrize("name", ["Forehand", "hindhand", "dealer", "", None, 0])
def test_seats_unknown_name_refused_with_code(name):
    with pytest.raises(RefereeError) as info:
        Seat.parse(name)
    assert info.value.code == "seat.unknown"
    assert repr(name) in info.value.message
