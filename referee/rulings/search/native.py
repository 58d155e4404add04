"""The searches the rulings use: the compiled engine (``_engine.c``) behind the same API.

The Python searches in :mod:`~referee.rulings.search.force` and
:mod:`~referee.rulings.search.reach` are an exact, slower oracle, not a copy: the engine
shares their plan (the same questions, card equivalence, transposition table at trick
boundaries) but adds reasoning of its own, each piece proven sound in ``_engine.c``
(canonical positions, stronger bounds and sure signs). The tests hold both to a plain
exhaustive minimax on small positions, hold the engine's canonical form to it, and hold
the two to each other at ten tricks. The engine receives every rule
of the game as tables built here from :mod:`referee.core.tricks` (who follows what,
which card wins a trick and its points), so Skat is defined in one place only.

Why a compiled core: in Python the hardest positions the benchmark could construct took
up to 44 s ("90 still reachable?") and 4.5 s (a null claim at trick 1); see
docs/performance.md for the measurements before and after.

>>> from referee.core.cards import Card, mask_of
>>> hands = [mask_of([Card.CJ]), mask_of([Card.DA]), mask_of([Card.D7])]
>>> r = can_force_trick(hands, 0, (), Game.GRAND, winners=0b110, controllers=0b110)
>>> r.answer, [(s, c.name) for s, c in r.line]
(False, [(0, 'CJ'), (1, 'DA'), (2, 'D7')])
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from referee.core.cards import CARD_POINTS
from referee.core.contracts import Game
from referee.rulings.search import _engine
from referee.rulings.search.gate import LIGHT_NODES, BudgetSpent, meter, runner
from referee.rulings.search.tables import (
    NODE_LIMIT,
    Answer,
    NodeLimitReached,
    Play,
    answer,
    tables,
)

__all__ = ["can_force_trick", "can_reach_points", "can_take_all", "solve"]

#: the engine's slot for each game's tables
_INDEX: dict[Game, int] = {game: i for i, game in enumerate(Game)}


def _prepare(game: Game) -> None:
    t = tables(game)
    _engine.prepare(
        _INDEX[game],
        t.trumps,
        bytes(t.class_of),
        t.order,
        t.class_mask,
        t.above,
        t.below,
        t.beaten_by,
        t.followers,
        bytes(CARD_POINTS[c] for c in range(32)),
        t.outcomes,
    )


_prepared: set[Game] = set()
_preparing = threading.Lock()


def _slot(game: Game) -> int:
    """The engine's slot for ``game``; its tables are handed over on first use (once per
    process: the engine only reads them afterwards), not at import."""
    if game not in _prepared:
        with _preparing:
            if game not in _prepared:
                _prepare(game)
                _prepared.add(game)
    return _INDEX[game]


Raw = tuple[bool | None, list[Play], int]

#: the engine's call: (node limit, light nodes, the callback at the light count) -> Raw
Search = Callable[[int, int, Callable[[], object] | None], Raw]


class _Long(Exception):
    """Raised by the engine's callback at the light count: the search is long."""


def _stop_at_light_count() -> None:
    raise _Long


def solve(search: Search, node_limit: int) -> Answer:
    """Run ``search``. With a runner installed, the searches of a request past
    :data:`LIGHT_NODES` nodes in all are long: the one that passes the count stops there
    and the runner runs it whole, and so every later one (see
    :mod:`~referee.rulings.search.gate`). The result is that of one plain run, or
    :class:`BudgetSpent` when the request's meter has no nodes left for it."""
    m = meter()
    limit, capped = node_limit, False
    light = LIGHT_NODES
    if m is not None:
        left = m.remaining()
        if left is not None and left < node_limit:
            if left <= 0:
                raise BudgetSpent(m.used)
            limit, capped = left, True
        light = LIGHT_NODES - m.total()
    run = runner()
    if run is None:
        raw = search(limit, 0, None)
    else:
        try:
            if light <= 0:
                raise _Long
            raw = search(limit, min(light, limit), _stop_at_light_count)
        except _Long:
            if m is not None:
                m.charge(max(0, min(light, limit)))
            whole = lambda: search(limit, 0, None)  # noqa: E731
            raw = run(whole) if m is None or m.wait else run(whole, wait=False)
    ok, line, nodes = raw
    if m is not None:
        m.charge(nodes)
    if ok is None:
        if capped:
            raise BudgetSpent(m.used if m is not None else nodes)
        raise NodeLimitReached(nodes)
    return answer(ok, line, nodes)


def _table(trick: Sequence[Play]) -> list[int]:
    return [c for _, c in trick]


def can_force_trick(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[Play],
    game: Game,
    *,
    winners: int,
    controllers: int,
    node_limit: int = NODE_LIMIT,
) -> Answer:
    """Can the seats in ``controllers`` (a bitmask of seat indices) make some remaining
    trick go to a seat in ``winners``, against any play of the others? (4.3.4, 4.3.5)

    Same contract as :func:`referee.rulings.search.force.can_force_trick`.
    """
    args = (_slot(game), list(hands[:3]), leader, _table(trick), winners, controllers)
    null = game is Game.NULL
    return solve(lambda *limits: _engine.force(*args, null, *limits), node_limit)


def can_take_all(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[Play],
    game: Game,
    declarer: int,
    *,
    node_limit: int = NODE_LIMIT,
) -> Answer:
    """Is there any play in which ``declarer`` wins every remaining trick? (4.1.5, 5.4.3)"""
    args = (_slot(game), list(hands[:3]), leader, _table(trick), declarer)
    return solve(lambda *limits: _engine.take_all(*args, *limits), node_limit)


def can_reach_points(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[Play],
    game: Game,
    declarer: int,
    needed: int,
    *,
    node_limit: int = NODE_LIMIT,
) -> Answer:
    """Is there any play in which ``declarer`` takes at least ``needed`` more card points?"""
    args = (_slot(game), list(hands[:3]), leader, _table(trick), declarer, needed)
    return solve(lambda *limits: _engine.reach(*args, *limits), node_limit)
