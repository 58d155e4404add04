"""Exact analysis of the remaining cards, all hands open (ISkO 4.3.4, 4.3.5, 4.4.5, 4.1.5, 5.4.3).

Questions a referee must answer about a claim or a shortened game are questions about
the cards still in the hands, which the record knows. Each is an exact game-tree search:

- :func:`can_force_trick` — can one group of seats make sure that some remaining trick
  goes to a given group, whatever the others do? (a declarer's claim: can the defenders
  take a trick against any play of his? a defender's claim: can anyone but him take one?)
- :func:`can_take_all` — is there any play in which the declarer takes every remaining
  trick (schwarz still reachable)?
- :func:`can_reach_points` — is there any play in which the declarer reaches N points?

Boolean alpha-beta (short-circuit and/or) with a transposition table keyed by the hands
and the leader, and card-equivalence pruning (two cards of one hand with no outstanding
card between them in the same suit are interchangeable for trick-taking). Every answer
comes with one line of play that proves it.

>>> from referee.core.cards import Card, mask_of
>>> from referee.core.contracts import Game
>>> hands = [mask_of([Card.CJ]), mask_of([Card.DA]), mask_of([Card.D7])]
>>> r = can_force_trick(hands, 0, (), Game.GRAND, winners=0b110, controllers=0b110)
>>> r.answer, [(s, c.name) for s, c in r.line]
(False, [(0, 'CJ'), (1, 'DA'), (2, 'D7')])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from referee.core.cards import CARD_POINTS, Card
from referee.core.contracts import Game
from referee.core.errors import RefereeError
from referee.core.tricks import FOLLOW_CLASS, FOLLOW_MASK, POWER, trick_winner


class SearchBudgetExceeded(RefereeError):
    """The search did not finish within its node or time budget."""

    code = "claims.budget_exceeded"


@dataclass
class Answer:
    """A yes/no answer with one line of play proving it and the search's cost."""

    answer: bool
    line: list[tuple[int, Card]] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, object]:
        seats = ("forehand", "middlehand", "rearhand")
        return {
            "answer": self.answer,
            "line": [{"seat": seats[s], "card": c.name} for s, c in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


# ordering within a follow class, strongest first, for every game
_ORDER: dict[Game, tuple[tuple[int, ...], ...]] = {}
for _g in Game:
    classes: list[list[int]] = [[] for _ in range(5)]
    for _c in range(32):
        classes[FOLLOW_CLASS[_g][_c]].append(_c)
    _ORDER[_g] = tuple(tuple(sorted(cl, key=lambda c, g=_g: -POWER[g][c])) for cl in classes)


def _moves(hand: int, led: int | None, game: Game, alive: int, by_points: bool) -> list[int]:
    """Legal cards of ``hand``, one per run of equivalent cards (strongest first)."""
    if led is not None:
        must = hand & FOLLOW_MASK[game][FOLLOW_CLASS[game][led]]
        if must:
            hand = must
    out: list[int] = []
    for order in _ORDER[game]:
        prev_mine = False
        prev_pts = -1
        for c in order:
            bit = 1 << c
            if hand & bit:
                pts = CARD_POINTS[c] if by_points else 0
                if not (prev_mine and pts == prev_pts):
                    out.append(c)
                prev_mine, prev_pts = True, pts
            elif alive & bit:
                prev_mine = False
    return out


class _Search:
    def __init__(self, game: Game, budget_nodes: int, budget_seconds: float | None) -> None:
        self.game = game
        self.nodes = 0
        self.budget_nodes = budget_nodes
        self.deadline = None if budget_seconds is None else time.perf_counter() + budget_seconds
        self.memo: dict[tuple, bool] = {}

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget_nodes or (
            self.deadline is not None
            and self.nodes & 1023 == 0
            and time.perf_counter() > self.deadline
        ):
            raise SearchBudgetExceeded("the claim analysis ran out of its budget")


def _start(hands: list[int] | tuple[int, ...], leader: int, trick: tuple[tuple[int, int], ...]):
    to_play = (leader + len(trick)) % 3
    return tuple(hands), to_play


def can_force_trick(
    hands: list[int] | tuple[int, ...],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    game: Game,
    *,
    winners: int,
    controllers: int,
    budget_nodes: int = 5_000_000,
    budget_seconds: float | None = None,
) -> Answer:
    """Can the seats in ``controllers`` (bitmask of seat indices) make some remaining
    trick go to a seat in ``winners``, against any play of the others?

    ``hands`` are masks by seat index (0 forehand); ``trick`` the (seat, card) pairs
    already on the table in the current trick, led by ``leader``.
    """
    t0 = time.perf_counter()
    search = _Search(game, budget_nodes, budget_seconds)
    memo = search.memo

    def node(h: tuple[int, ...], leader: int, played: tuple[tuple[int, int], ...]) -> bool:
        key = (h, leader, played)
        hit = memo.get(key)
        if hit is not None:
            return hit
        search.tick()
        n = len(played)
        if n == 3:
            cards = [c for _, c in played]
            w = played[trick_winner(cards, game)][0]
            if (winners >> w) & 1:
                result = True
            elif not h[0]:
                result = False
            else:
                result = node(h, w, ())
            memo[key] = result
            return result
        seat = (leader + n) % 3
        alive = h[0] | h[1] | h[2]
        led = played[0][1] if played else None
        mine = (controllers >> seat) & 1
        result = not mine
        for c in _moves(h[seat], led, game, alive, False):
            hh = list(h)
            hh[seat] &= ~(1 << c)
            child = node(tuple(hh), leader, played + ((seat, c),))
            if child == bool(mine):
                result = child
                break
        memo[key] = result
        return result

    h, _ = _start(hands, leader, trick)
    answer = node(h, leader, tuple(trick))
    line = _principal_line(h, leader, tuple(trick), game, memo, answer)
    return Answer(answer, line, search.nodes, time.perf_counter() - t0)


def _principal_line(h, leader, played, game, memo, answer) -> list[tuple[int, Card]]:
    """Walk the transposition table along moves that keep the proven value."""
    line: list[tuple[int, Card]] = []
    while True:
        if len(played) == 3:
            w = played[trick_winner([c for _, c in played], game)][0]
            if memo.get((h, leader, played)) is None or not h[0]:
                return line
            leader, played = w, ()
            if (h, leader, played) not in memo:
                return line
        seat = (leader + len(played)) % 3
        alive = h[0] | h[1] | h[2]
        led = played[0][1] if played else None
        for c in _moves(h[seat], led, game, alive, False):
            hh = list(h)
            hh[seat] &= ~(1 << c)
            key = (tuple(hh), leader, played + ((seat, c),))
            if memo.get(key) == answer:
                line.append((seat, Card(c)))
                h, played = tuple(hh), played + ((seat, c),)
                break
        else:
            return line


def can_take_all(
    hands: list[int] | tuple[int, ...],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    game: Game,
    declarer: int,
    *,
    budget_nodes: int = 5_000_000,
    budget_seconds: float | None = None,
) -> Answer:
    """Is there any play (all three cooperating) in which ``declarer`` wins every remaining
    trick? Used to see whether schwarz is still reachable (4.1.5, 5.4.3)."""
    others = 0b111 & ~(1 << declarer)
    # "someone else wins a trick" forced by nobody == cooperative schwarz impossible
    r = can_force_trick(
        hands,
        leader,
        trick,
        game,
        winners=others,
        controllers=0,
        budget_nodes=budget_nodes,
        budget_seconds=budget_seconds,
    )
    return Answer(not r.answer, r.line, r.nodes, r.seconds)


def can_reach_points(
    hands: list[int] | tuple[int, ...],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    game: Game,
    declarer: int,
    needed: int,
    *,
    budget_nodes: int = 5_000_000,
    budget_seconds: float | None = None,
) -> Answer:
    """Is there any play in which ``declarer`` takes at least ``needed`` more card points?"""
    t0 = time.perf_counter()
    search = _Search(game, budget_nodes, budget_seconds)
    best: dict[tuple, int] = {}

    def value(h: tuple[int, ...], leader: int, played: tuple[tuple[int, int], ...]) -> int:
        """Most points the declarer can still take from here (cooperative play)."""
        key = (h, leader, played)
        hit = best.get(key)
        if hit is not None:
            return hit
        search.tick()
        n = len(played)
        if n == 3:
            cards = [c for _, c in played]
            w = played[trick_winner(cards, game)][0]
            gain = sum(CARD_POINTS[c] for c in cards) if w == declarer else 0
            result = gain + (value(h, w, ()) if h[0] else 0)
            best[key] = result
            return result
        seat = (leader + n) % 3
        alive = h[0] | h[1] | h[2]
        led = played[0][1] if played else None
        result = 0
        for c in _moves(h[seat], led, game, alive, True):
            hh = list(h)
            hh[seat] &= ~(1 << c)
            v = value(tuple(hh), leader, played + ((seat, c),))
            if v > result:
                result = v
                if result >= needed:
                    break
        best[key] = result
        return result

    h, _ = _start(hands, leader, trick)
    got = value(h, leader, tuple(trick))
    # the proving line: follow moves that keep the best value
    line: list[tuple[int, Card]] = []
    if got >= needed:
        hh, ld, pl = h, leader, tuple(trick)
        target = got
        while hh[0] | hh[1] | hh[2] or pl:
            if len(pl) == 3:
                cards = [c for _, c in pl]
                w = pl[trick_winner(cards, game)][0]
                if w == declarer:
                    target -= sum(CARD_POINTS[c] for c in cards)
                ld, pl = w, ()
                if not hh[0]:
                    break
                continue
            seat = (ld + len(pl)) % 3
            alive = hh[0] | hh[1] | hh[2]
            led = pl[0][1] if pl else None
            for c in _moves(hh[seat], led, game, alive, True):
                h2 = list(hh)
                h2[seat] &= ~(1 << c)
                key = (tuple(h2), ld, pl + ((seat, c),))
                if key in best and best[key] >= min(target, needed if not line else target):
                    line.append((seat, Card(c)))
                    hh, pl = tuple(h2), pl + ((seat, c),)
                    break
            else:
                break
    return Answer(got >= needed, line, search.nodes, time.perf_counter() - t0)
