"""Exact analysis of the remaining cards, all hands open (ISkO 4.3.4, 4.3.5, 4.4.5, 4.1.5, 5.4.3).

Questions a referee must answer about a claim or a shortened game are questions about
the cards still in the hands, which the record knows. Each is an exact game-tree search
(:mod:`referee.rulings.search`), bounded by a node count that is the same on every
machine, never by a clock:

- :func:`can_force_trick` — can one group of seats make sure that some remaining trick
  goes to a given group, whatever the others do? (a declarer's claim: can the defenders
  take a trick against any play of his? a defender's claim: can anyone but him take one?)
- :func:`can_take_all` — is there any play in which the declarer takes every remaining
  trick (schwarz still reachable)?
- :func:`can_reach_points` — is there any play in which the declarer reaches N points?

Every answer comes with one line of play that proves it.

>>> from referee.core.cards import Card, mask_of
>>> from referee.core.contracts import Game
>>> hands = [mask_of([Card.CJ]), mask_of([Card.DA]), mask_of([Card.D7])]
>>> r = can_force_trick(hands, 0, (), Game.GRAND, winners=0b110, controllers=0b110)
>>> r.answer, [(s, c.name) for s, c in r.line]
(False, [(0, 'CJ'), (1, 'DA'), (2, 'D7')])

A ruling asks them through :func:`searched`, which records each answer (or the node limit
reached) in the ruling's analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.rulings.model import Part
from referee.rulings.search import (
    NODE_LIMIT,
    Answer,
    NodeLimitReached,
    can_force_trick,
    can_reach_points,
    can_take_all,
)

__all__ = [
    "NODE_LIMIT",
    "Answer",
    "NodeLimitReached",
    "can_force_trick",
    "can_reach_points",
    "can_take_all",
    "searched",
]


def searched(
    question: str,
    clauses: tuple[str, ...],
    search: Callable[..., Answer],
    *args: Any,
    noted: Mapping[str, Any] | None = None,
    **kw: Any,
) -> tuple[bool | None, Part]:
    """Ask ``search(*args, **kw)``: its answer (None at the node limit, said in a step
    citing ``clauses``) and the part of the ruling that records it in the analysis, under
    ``question`` and what else the question ``noted``."""
    asked = {"question": question, **noted} if noted else {"question": question}
    try:
        ans = search(*args, **kw)
    except NodeLimitReached as e:
        part = Part(analysis=({**asked, **e.to_dict()},))
        return None, part.step(clauses, "analysis.node_limit", nodes=e.nodes)
    return ans.answer, Part(analysis=({**asked, **ans.to_dict()},))
