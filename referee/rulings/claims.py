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

from referee.core.cards import CARD_POINTS, Card, points_of
from referee.core.contracts import Game
from referee.core.errors import ServerFault
from referee.core.tricks import FOLLOW_CLASS, FOLLOW_MASK, POWER, trick_winner


class SearchBudgetExceeded(ServerFault):
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


def _principal_line(
    h: tuple[int, ...],
    leader: int,
    played: tuple[tuple[int, int], ...],
    game: Game,
    memo: dict[tuple, bool],
    answer: bool,
) -> list[tuple[int, Card]]:
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


def _alive_trumps_top(h: tuple[int, ...], game: Game) -> int:
    """The strongest trump still in the hands (-1 in null or when none is left)."""
    trumps = (h[0] | h[1] | h[2]) & FOLLOW_MASK[game][4]
    best, best_power = -1, -1
    power = POWER[game]
    while trumps:
        low = trumps & -trumps
        c = low.bit_length() - 1
        if power[c] > best_power:
            best, best_power = c, power[c]
        trumps ^= low
    return best


def can_take_all(
    hands: list[int] | tuple[int, ...],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    game: Game,
    declarer: int,
    *,
    budget_nodes: int = 2_000_000,
    budget_seconds: float | None = None,
) -> Answer:
    """Is there any play (all three cooperating) in which ``declarer`` wins every remaining
    trick? Used to see whether schwarz is still reachable (4.1.5, 5.4.3).

    Pruned by a sure sign of failure: an opponent holding the strongest trump left.
    """
    t0 = time.perf_counter()
    search = _Search(game, budget_nodes, budget_seconds)
    memo: dict[tuple, bool] = {}
    d = declarer

    def sweep(
        h: tuple[int, ...],
        leader: int,
        played: tuple[tuple[int, int], ...],
        line: list[tuple[int, int]],
    ) -> bool:
        key = (h, leader, played)
        if key in memo:
            return memo[key]
        search.tick()
        n = len(played)
        if n == 3:
            w = played[trick_winner([c for _, c in played], game)][0]
            ok = w == d and (not h[0] or sweep(h, w, (), line))
            memo[key] = ok
            return ok
        if n == 0 and game is not Game.NULL:
            top = _alive_trumps_top(h, game)
            if top >= 0 and not (h[d] >> top) & 1:
                memo[key] = False
                return False
        seat = (leader + n) % 3
        alive = h[0] | h[1] | h[2]
        led = played[0][1] if played else None
        moves = _moves(h[seat], led, game, alive, False)
        if seat != d:
            moves.reverse()  # opponents try their weakest cards first
        for c in moves:
            hh = list(h)
            hh[seat] &= ~(1 << c)
            line.append((seat, c))
            if sweep(tuple(hh), leader, played + ((seat, c),), line):
                memo[key] = True
                return True
            line.pop()
        memo[key] = False
        return False

    line: list[tuple[int, int]] = []
    ok = sweep(tuple(hands), leader, tuple(trick), line)
    return Answer(
        ok, [(s, Card(c)) for s, c in line] if ok else [], search.nodes, time.perf_counter() - t0
    )


def can_reach_points(
    hands: list[int] | tuple[int, ...],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    game: Game,
    declarer: int,
    needed: int,
    *,
    budget_nodes: int = 2_000_000,
    budget_seconds: float | None = None,
) -> Answer:
    """Is there any play in which ``declarer`` takes at least ``needed`` more card points?

    Cooperative depth-first search with a bound: it stops a branch as soon as the points
    still in play cannot make up what is missing.
    """
    t0 = time.perf_counter()
    search = _Search(game, budget_nodes, budget_seconds)
    upper: dict[tuple, int] = {}  # (hands, leader) -> most points known still reachable
    d = declarer

    def reach(
        h: tuple[int, ...],
        leader: int,
        played: tuple[tuple[int, int], ...],
        need: int,
        line: list[tuple[int, int]],
    ) -> bool:
        if need <= 0:
            return True
        search.tick()
        n = len(played)
        on_table = sum(CARD_POINTS[c] for _, c in played)
        if points_of(h[0] | h[1] | h[2]) + on_table < need:
            return False
        if n == 3:
            w = played[trick_winner([c for _, c in played], game)][0]
            rest = need - on_table if w == d else need
            return rest <= 0 or (bool(h[0]) and reach(h, w, (), rest, line))
        if n == 0:
            key = (h, leader)
            if upper.get(key, 121) < need:
                return False
        seat = (leader + n) % 3
        alive = h[0] | h[1] | h[2]
        led = played[0][1] if played else None
        moves = sorted(_moves(h[seat], led, game, alive, True), key=lambda c: -CARD_POINTS[c])
        for c in moves:
            hh = list(h)
            hh[seat] &= ~(1 << c)
            line.append((seat, c))
            if reach(tuple(hh), leader, played + ((seat, c),), need, line):
                return True
            line.pop()
        if n == 0:
            upper[(h, leader)] = need - 1
        return False

    line: list[tuple[int, int]] = []
    ok = reach(tuple(hands), leader, tuple(trick), needed, line)
    return Answer(
        ok, [(s, Card(c)) for s, c in line] if ok else [], search.nodes, time.perf_counter() - t0
    )
