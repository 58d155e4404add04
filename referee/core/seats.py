"""The three seats of a Skat game (Vorhand, Mittelhand, Hinterhand).

>>> Seat.parse("forehand").next
<Seat.MIDDLEHAND: 'middlehand'>
>>> Seat.REARHAND.next
<Seat.FOREHAND: 'forehand'>
"""

from __future__ import annotations

from enum import Enum

from referee.core.errors import RefereeError


class Seat(Enum):
    """A seat in play order; forehand leads to the first trick."""

    FOREHAND = "forehand"
    MIDDLEHAND = "middlehand"
    REARHAND = "rearhand"

    @property
    def index(self) -> int:
        return _ORDER.index(self)

    @property
    def next(self) -> Seat:
        """The seat to the left, who plays next."""
        return _ORDER[(_ORDER.index(self) + 1) % 3]

    @property
    def german(self) -> str:
        return ("Vorhand", "Mittelhand", "Hinterhand")[_ORDER.index(self)]

    @staticmethod
    def parse(name: object) -> Seat:
        """The seat of a name; raises a coded error naming the bad value."""
        try:
            return Seat(name)
        except ValueError:
            raise RefereeError(
                f"unknown seat {name!r} (forehand, middlehand, rearhand)", code="seat.unknown"
            ) from None

    def __str__(self) -> str:
        return self.value


_ORDER: tuple[Seat, ...] = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)
SEATS = _ORDER
