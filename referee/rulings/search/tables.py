"""What every search shares: answers, the node limit, per-game tables and move lists.

A position is three hand masks (seat index 0 = forehand) and a leader. Cards are
numbered as in :mod:`referee.core.cards`; a trick's winner and points come from
:func:`referee.core.tricks.trick_outcomes` (one lookup per trick).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import wraps
from typing import ParamSpec, TypeVar

from referee.core.cards import CARD_POINTS, Card
from referee.core.contracts import Game
from referee.core.errors import ServerFault
from referee.core.tricks import FOLLOW_CLASS, FOLLOW_MASK, FOLLOWERS, POWER, trick_outcomes

#: nodes one question may visit before it gives up (the same on every machine); far
#: above anything the benchmark's hardest positions need (see bench/RESULTS.md)
NODE_LIMIT = 5_000_000

_MOVES_CACHE = 500_000  # move lists kept per game (a long-running service stays bounded)

SEAT_NAMES = ("forehand", "middlehand", "rearhand")

Play = tuple[int, int]  # (seat, card)


class NodeLimitReached(ServerFault):
    """A search visited :data:`NODE_LIMIT` nodes without settling its question."""

    code = "claims.node_limit"

    def __init__(self, nodes: int) -> None:
        super().__init__(f"the analysis reached its node limit ({nodes:,} nodes)")
        self.nodes = nodes

    def to_dict(self) -> dict[str, object]:
        """The analysis entry of a question the limit left open."""
        return {"answer": None, "node_limit_reached": True, "nodes": self.nodes, "line": []}


@dataclass
class Answer:
    """A yes/no answer, one line of play proving it, and the nodes the search visited."""

    answer: bool
    line: list[tuple[int, Card]] = field(default_factory=list)
    nodes: int = 0

    def to_dict(self) -> dict[str, object]:
        return {
            "answer": self.answer,
            "line": [{"seat": SEAT_NAMES[s], "card": c.name} for s, c in self.line],
            "nodes": self.nodes,
        }


P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The collector off while a search runs: its tables hold no cycles, and a full
    collection over a large heap in mid-search costs more than the search."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def gc_paused(fn: Callable[P, R]) -> Callable[P, R]:
    """Run ``fn`` with the garbage collector paused (see :func:`_gc_paused`)."""

    @wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with _gc_paused():
            return fn(*args, **kwargs)

    return run


def answer(ok: bool, line: list[Play], nodes: int) -> Answer:
    return Answer(ok, [(s, Card(c)) for s, c in line], nodes)


def _byte_points() -> tuple[int, ...]:
    return tuple(
        sum(CARD_POINTS[c] for c in range(8) if (b >> c) & 1 and c < 8) for b in range(256)
    )


#: card points of the 8 cards of one suit by their byte (ranks A T K Q J 9 8 7 score alike)
_BYTE_POINTS = _byte_points()


def points(mask: int) -> int:
    """Card points of a mask, four table lookups."""
    bp = _BYTE_POINTS
    return bp[mask & 255] + bp[mask >> 8 & 255] + bp[mask >> 16 & 255] + bp[mask >> 24 & 255]


class Tables:
    """Per-game tables and a cache of move lists (one card per run of equivalent cards)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.outcomes = trick_outcomes(game)
        self.followers = FOLLOWERS[game]
        self.trumps = FOLLOW_MASK[game][4] if game is not Game.NULL else 0
        power = POWER[game]
        order: list[list[int]] = [[] for _ in range(5)]
        for c in range(32):
            order[FOLLOW_CLASS[game][c]].append(c)
        #: cards of each follow class, strongest first
        self.order = tuple(tuple(sorted(cl, key=lambda c: -power[c])) for cl in order)
        self.class_mask = tuple(sum(1 << c for c in cl) for cl in self.order)
        #: card -> mask of the cards of its class that beat it
        above = [0] * 32
        for cl in self.order:
            for i, c in enumerate(cl):
                above[c] = sum(1 << x for x in cl[:i])
        self.above = tuple(above)
        #: card -> mask of the cards that beat it when it is led
        trumps = self.trumps
        self.beaten_by = tuple(above[c] | (0 if (trumps >> c) & 1 else trumps) for c in range(32))
        #: card -> its follow class (0-3 plain suits, 4 trumps)
        self.class_of = FOLLOW_CLASS[game]
        #: card -> mask of the cards of its class that it beats
        self.below = tuple(
            self.class_mask[FOLLOW_CLASS[game][c]] & ~above[c] & ~(1 << c) for c in range(32)
        )
        self._moves: dict[tuple[int, int, bool], tuple[int, ...]] = {}

    def moves(self, legal: int, alive: int, by_points: bool) -> tuple[int, ...]:
        """The cards of ``legal`` worth trying, strongest first within each class.

        Two cards of one hand are interchangeable when no card of another hand or on the
        table (``alive`` = every card not yet gone in a finished trick) lies between them
        in their class; for point questions they must also score alike.
        """
        key = (legal, alive, by_points)
        hit = self._moves.get(key)
        if hit is not None:
            return hit
        if len(self._moves) > _MOVES_CACHE:
            self._moves.clear()
        out: list[int] = []
        for cl, cm in zip(self.order, self.class_mask, strict=True):
            if not legal & cm:
                continue
            prev_mine = False
            prev_pts = -1
            for c in cl:
                bit = 1 << c
                if legal & bit:
                    pts = CARD_POINTS[c] if by_points else 0
                    if not (prev_mine and pts == prev_pts):
                        out.append(c)
                    prev_mine, prev_pts = True, pts
                elif alive & bit:
                    prev_mine = False
        moves = self._moves[key] = tuple(out)
        return moves

    def legal(self, hand: int, led: int) -> int:
        """The playable part of ``hand`` when ``led`` was led (-1: leading)."""
        if led < 0:
            return hand
        return hand & self.followers[led] or hand


_TABLES: dict[Game, Tables] = {}


def tables(game: Game) -> Tables:
    t = _TABLES.get(game)
    if t is None:
        t = _TABLES[game] = Tables(game)
    return t


def cards(mask: int) -> list[int]:
    """The card numbers of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def all_trumps_covered(t: Tables, theirs: int, mine: int) -> bool:
    """Can each trump of ``theirs`` (one seat's) fall under its own, higher trump of
    ``mine``? If not, ``mine``'s holder cannot win every trick: in a trick he wins, a
    trump of theirs falls only under a higher trump of his, one per trick."""
    above = t.above
    free = sorted(cards(mine), key=lambda c: bin(above[c]).count("1"), reverse=True)
    for x in sorted(cards(theirs), key=lambda c: bin(above[c]).count("1")):  # strongest first
        for i, c in enumerate(free):  # weakest first
            if above[x] >> c & 1:
                del free[i]
                break
        else:
            return False
    return True
