"""Exact open-hand analysis of the remaining cards (ISkO 4.3.4, 4.3.5, 4.1.5, 5.4.3)."""

from referee.rulings.search.force import can_force_trick
from referee.rulings.search.reach import can_reach_points, can_take_all
from referee.rulings.search.tables import NODE_LIMIT, Answer, NodeLimitReached

__all__ = [
    "NODE_LIMIT",
    "Answer",
    "NodeLimitReached",
    "can_force_trick",
    "can_reach_points",
    "can_take_all",
]
