"""Sure tricks (ISkO 4.3.4): does one side take at least so many of the remaining tricks
against every play of the others, one of its seats held to the line he stated?

A declarer who claims only some of the remaining tricks, or who explains his claim with
the order in which he will play his cards, claims a number of tricks, not a sweep. The
question is a minimax over the remaining cards, all hands open: the seats of ``side`` play
for tricks, the others against them, and ``holder`` (if any) plays, while his ``line``
lasts, the first card of it that he still holds and may play (where none of it may be
played, and past its end, he plays as he likes).

Searched in Python with a transposition table at trick boundaries (hands, leader, tricks
still needed) and one card per run of equivalent cards. It runs through the same gate as
the compiled searches (:func:`referee.rulings.search.native.solve`): its nodes count
against the request's meter and budget, and a long one runs where long searches run.

>>> from referee.core.cards import Card, mask_of
>>> from referee.core.contracts import Game
>>> hands = [mask_of([Card.HA, Card.H7]), mask_of([Card.HT, Card.S7]), mask_of([Card.C7, Card.C8])]
>>> sure_tricks(hands, 0, (), Game.HEARTS, side=0b001, need=2).answer
True
>>> r = sure_tricks(hands, 0, (), Game.HEARTS, side=0b001, need=2, holder=0, line=(Card.H7,))
>>> r.answer, [(s, c.name) for s, c in r.line]
(False, [(0, 'H7'), (1, 'HT'), (2, 'C8'), (1, 'S7'), (2, 'C7'), (0, 'HA')])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee.core.cards import Card
from referee.core.contracts import Game
from referee.rulings.search.native import Raw, solve
from referee.rulings.search.tables import Answer, Play, tables

__all__ = ["SURE_NODE_LIMIT", "sure_tricks"]

#: the node limit of this search (a Python search: a tenth of the compiled ones')
SURE_NODE_LIMIT = 500_000


class _Stop(Exception):
    """The search passed its node limit."""


def sure_tricks(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[Play],
    game: Game,
    *,
    side: int,
    need: int,
    holder: int = -1,
    line: Sequence[Card] = (),
    node_limit: int = SURE_NODE_LIMIT,
) -> Answer:
    """Do the seats in ``side`` (a bitmask of seat indices) take at least ``need`` of the
    remaining tricks (the one on the table counted) against every play of the others?

    The line of the answer is one play that proves it: a defence that holds the side
    below ``need`` (a no), or the side's play against the best defence (a yes). Raises
    :class:`~referee.rulings.search.tables.NodeLimitReached` past ``node_limit`` nodes.
    """
    t = tables(game)
    outcomes, moves, legal_of = t.outcomes, t.moves, t.legal
    order = tuple(int(c) for c in line)
    h0 = (hands[0], hands[1], hands[2])
    played0 = tuple(c for _, c in trick)

    def search(limit: int, light: int, on_heavy: Callable[[], object] | None) -> Raw:
        memo: dict[tuple[int, int, int, int, int], bool] = {}
        nodes = 0

        def choices(h: tuple[int, int, int], lead: int, played: tuple[int, ...]) -> list[int]:
            seat = (lead + len(played)) % 3
            legal = legal_of(h[seat], played[0] if played else -1)
            if seat == holder:
                for c in order:
                    if (legal >> c) & 1:
                        return [c]
            alive = h[0] | h[1] | h[2]
            for c in played:
                alive |= 1 << c
            return list(moves(legal, alive, False))

        def boundary(h: tuple[int, int, int], lead: int, k: int) -> bool:
            if k <= 0:
                return True
            if k > h[0].bit_count():
                return False
            key = (h[0], h[1], h[2], lead, k)
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = within(h, lead, (), k)
            return hit

        def after(h: tuple[int, int, int], lead: int, played: tuple[int, ...], k: int) -> bool:
            """The value once ``played`` (the cards of the trick so far) are on the table."""
            if len(played) == 3:
                w = (lead + (outcomes[played[0] << 10 | played[1] << 5 | played[2]] & 3)) % 3
                return boundary(h, w, k - ((side >> w) & 1))
            if not played:
                return boundary(h, lead, k)
            return within(h, lead, played, k)

        def within(h: tuple[int, int, int], lead: int, played: tuple[int, ...], k: int) -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > limit:
                raise _Stop
            if nodes == light and on_heavy is not None:
                on_heavy()
            seat = (lead + len(played)) % 3
            mine = bool((side >> seat) & 1)
            for c in choices(h, lead, played):
                hh = list(h)
                hh[seat] &= ~(1 << c)
                if after((hh[0], hh[1], hh[2]), lead, (*played, c), k) == mine:
                    return mine
            return not mine

        try:
            ok = after(h0, leader, played0, need)
            proof = _proof(h0, leader, played0, need, ok, after, choices, side, outcomes)
        except _Stop:
            return None, [], nodes
        return ok, proof, nodes

    return solve(search, node_limit)


def _proof(  # type: ignore[no-untyped-def]
    h, lead, played, k, ok, after, choices, side, outcomes
) -> list[tuple[int, int]]:
    """One line of play to the last card that keeps the proven value: the side moves to
    keep a yes, the others to keep a no; where nothing can change it, the first card."""
    line: list[tuple[int, int]] = []
    while h[0] | h[1] | h[2]:
        seat = (lead + len(played)) % 3
        mine = bool((side >> seat) & 1)
        options = choices(h, lead, played)
        pick = options[0]
        if mine == ok:
            for c in options:
                hh = list(h)
                hh[seat] &= ~(1 << c)
                if after((hh[0], hh[1], hh[2]), lead, (*played, c), k) == ok:
                    pick = c
                    break
        hh = list(h)
        hh[seat] &= ~(1 << pick)
        h = (hh[0], hh[1], hh[2])
        line.append((seat, pick))
        played = (*played, pick)
        if len(played) == 3:
            w = (lead + (outcomes[played[0] << 10 | played[1] << 5 | played[2]] & 3)) % 3
            k -= (side >> w) & 1
            lead, played = w, ()
    return line
