"""The three seats of a Skat game (Vorhand, Mittelhand, Hinterhand).

>>> Seat.parse("forehand").next
<Seat.MIDDLEHAND: 'middlehand'>
>>> Seat.REARHAND.next
<Seat.FOREHAND: 'forehand'>
"""

from __future__ import annotations

from enum import Enum

from referee.core.errors import InvalidInput


class Seat(Enum):
    """A seat in play order; forehand leads to the first trick."""

    FOREHAND = "forehand"
    MIDDLEHAND = "middlehand"
    REARHAND = "rearhand"

    __hash__ = object.__hash__  # identity, in C (see Game)

    #: position in play order (0 forehand); a plain attribute, set below, for speed
    index: int
    #: the seat to the left, who plays next
    next: Seat

    @property
    def german(self) -> str:
        return ("Vorhand", "Mittelhand", "Hinterhand")[_ORDER.index(self)]

    @staticmethod
    def parse(name: object) -> Seat:
        """The seat of a name; raises a coded error naming the bad value."""
        try:
            return Seat(name)
        except ValueError:
            raise InvalidInput(
                f"unknown seat {name!r} (forehand, middlehand, rearhand)",
                code="seat.unknown",
                params={"name": repr(name)[:40]},
            ) from None

    def __str__(self) -> str:
        return str(self.value)


_ORDER: tuple[Seat, ...] = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)
SEATS = _ORDER
#: the seats as module constants (reading an Enum member off its class is slow in 3.11)
FOREHAND, MIDDLEHAND, REARHAND = _ORDER
#: the seats' names in play order (``seat.value`` without the enum lookup)
SEAT_NAMES: tuple[str, ...] = tuple(s.value for s in _ORDER)
for _i, _seat in enumerate(_ORDER):  # plain attributes: no Python-level hashing on hot paths
    object.__setattr__(_seat, "index", _i)
    object.__setattr__(_seat, "next", _ORDER[(_i + 1) % 3])
del _i, _seat
