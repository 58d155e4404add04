"""Exact open-hand analysis of the remaining cards (ISkO 4.3.4, 4.3.5, 4.1.5, 5.4.3).

The rulings use the compiled engine (:mod:`~referee.rulings.search.native`); the Python
searches in :mod:`~referee.rulings.search.force` and :mod:`~referee.rulings.search.reach`
are its reference, and the tests hold both to a plain exhaustive minimax.
"""

from referee.rulings.search.native import can_force_trick, can_reach_points, can_take_all
from referee.rulings.search.tables import NODE_LIMIT, Answer, NodeLimitReached

__all__ = [
    "NODE_LIMIT",
    "Answer",
    "NodeLimitReached",
    "can_force_trick",
    "can_reach_points",
    "can_take_all",
]
