"""The position of a game at one moment: the count so far and the cards still in the hands.

The replayer keeps the positions the rulings need (where an irregularity happened, where a
game was cut short, where play began), so a ruling replays its record exactly once; the
state makes them (:func:`referee.record.state.position_of`).

>>> from referee.record.log import parse_record, EXAMPLE_DEAL
>>> from referee.record.replay import replay
>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "bid", "seat": "middlehand", "value": 18}, {"type": "pass", "seat": "forehand"},
...     {"type": "pass", "seat": "rearhand"},
...     {"type": "declare", "seat": "middlehand", "game": "hearts", "hand": True}]})
>>> start = replay(rec).start
>>> start.card_points, start.leader, start.trick
({'declarer': 0, 'defenders': 0}, 0, ())
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Position"]


class Position(NamedTuple):
    """The count at one moment, the hands (card masks by seat index) and the trick on the
    table: ``trick`` holds (seat index, card) pairs, led by seat index ``leader``.

    Immutable; a named tuple because the replayer keeps one at every irregularity.
    """

    declarer_points: int
    defender_points: int
    declarer_tricks: int
    defender_tricks: int
    hands: tuple[int, int, int]
    leader: int
    trick: tuple[tuple[int, int], ...]

    @property
    def card_points(self) -> dict[str, int]:
        return {"declarer": self.declarer_points, "defenders": self.defender_points}

    @property
    def tricks(self) -> dict[str, int]:
        return {"declarer": self.declarer_tricks, "defenders": self.defender_tricks}
