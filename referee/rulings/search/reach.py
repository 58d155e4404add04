"""Cooperative questions (ISkO 4.1.5, 5.4.3): is schwarz, or are N card points, reachable?

"Reachable at all" means some line of play reaches it, so all three seats play for the
declarer: a single-agent search over whole tricks. The transposition table is keyed by
the three hands and the leader only; it stores what the position is worth from there on
(the most additional card points, as a lower and an upper bound, with the trick that
reaches the lower one), so positions reached with different points already taken share
one entry. Branches are cut by the points still out, less the points of defender trumps
that beat every trump of the declarer (such a trump wins whatever trick it falls in).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.cards import CARD_POINTS
from referee.core.contracts import Game
from referee.rulings.search.tables import (
    NODE_LIMIT,
    Answer,
    NodeLimitReached,
    Play,
    Tables,
    all_trumps_covered,
    answer,
    gc_paused,
    points,
    tables,
)

Hands = tuple[int, int, int]
Trick = tuple[Hands, int, int, tuple[int, ...]]  # hands after, winner seat, points, cards


def complete_tricks(
    t: Tables, h: Hands, lead: int, played: tuple[int, ...], by_points: bool
) -> list[Trick]:
    """Every way to finish the trick on the table (one card per run of equivalent cards)."""
    out: list[Trick] = []
    outcomes, moves, legal_of = t.outcomes, t.moves, t.legal

    def rec(h: Hands, played: tuple[int, ...]) -> None:
        n = len(played)
        if n == 3:
            o = outcomes[played[0] << 10 | played[1] << 5 | played[2]]
            out.append((h, (lead + (o & 3)) % 3, o >> 2, played))
            return
        seat = (lead + n) % 3
        alive = h[0] | h[1] | h[2]
        for c in played:
            alive |= 1 << c
        for c in moves(legal_of(h[seat], played[0] if n else -1), alive, by_points):
            hh = list(h)
            hh[seat] &= ~(1 << c)
            rec((hh[0], hh[1], hh[2]), (*played, c))

    rec(h, played)
    return out


def _sure_trumps(h: Hands, d: int, t: Tables) -> int:
    """Defender trumps above every trump of the declarer: each wins the trick it falls in."""
    trumps = t.trumps
    theirs = (h[0] | h[1] | h[2]) & trumps & ~h[d]
    mine = h[d] & trumps
    if not (theirs and mine):
        return theirs
    above = t.above
    m = mine
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if not mine & above[c]:
            return theirs & above[c]
        m ^= low
    return 0  # pragma: no cover - a non-empty mask has a strongest card


_LOSS: dict[tuple[Game, int, int], int] = {}


def _trump_loss(t: Tables, theirs: int, mine: int) -> int:
    """Card points of one defender's trumps that the declarer cannot win.

    Each of the defender's trumps falls in its own trick, which the declarer wins only
    with a higher trump of his own, one per trick: the points he can win are at most a
    heaviest set of those trumps that his trumps can beat one by one (greedy by points,
    each taken by the weakest free trump of his above it).
    """
    key = (t.game, theirs, mine)
    hit = _LOSS.get(key)
    if hit is not None:
        return hit
    if len(_LOSS) > 200_000:
        _LOSS.clear()
    above = t.above
    free = sorted(_cards(mine), key=lambda c: bin(above[c]).count("1"), reverse=True)
    lost = 0
    for x in sorted(_cards(theirs), key=lambda c: -CARD_POINTS[c]):
        for i, c in enumerate(free):  # weakest first
            if above[x] >> c & 1:
                del free[i]
                break
        else:
            lost += CARD_POINTS[x]
    _LOSS[key] = lost
    return lost


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _sure_loss(h: Hands, d: int, t: Tables) -> int:
    """Card points the declarer cannot win from here, whatever anyone plays."""
    trumps = t.trumps
    if not trumps:
        return 0
    mine = h[d] & trumps
    return _trump_loss(t, h[(d + 1) % 3] & trumps, mine) + _trump_loss(
        t, h[(d + 2) % 3] & trumps, mine
    )


def _plays(lead: int, cards: tuple[int, ...], first: int) -> list[Play]:
    """(seat, card) pairs of trick cards from ``first`` on."""
    return [((lead + i) % 3, cards[i]) for i in range(first, len(cards))]


@gc_paused
def can_take_all(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[Play],
    game: Game,
    declarer: int,
    *,
    node_limit: int = NODE_LIMIT,
) -> Answer:
    """Is there any play (all three cooperating) in which ``declarer`` wins every
    remaining trick? Used to see whether schwarz is still reachable (4.1.5, 5.4.3)."""
    t = tables(game)
    d = declarer
    failed: set[int] = set()
    good: dict[int, tuple[int, ...]] = {}
    nodes = 0

    moves, followers, beaten_by, trumps = t.moves, t.followers, t.beaten_by, t.trumps
    s1, s2 = (d + 1) % 3, (d + 2) % 3

    def sweep(h: Hands) -> bool:
        """The declarer, on lead, can win every trick left."""
        nonlocal nodes
        alive = h[0] | h[1] | h[2]
        if not alive:
            return True
        key = h[0] | h[1] << 32 | h[2] << 64
        if key in failed:
            return False
        nodes += 1
        if nodes > node_limit:
            raise NodeLimitReached(nodes)
        if trumps and not (
            all_trumps_covered(t, h[s1] & trumps, h[d] & trumps)
            and all_trumps_covered(t, h[s2] & trumps, h[d] & trumps)
        ):
            failed.add(key)
            return False
        h1, h2 = h[s1], h[s2]
        for c0 in moves(h[d], alive, False):
            f, under = followers[c0], ~beaten_by[c0]  # the declarer, leading, must win
            l1, l2 = (h1 & f or h1) & under, (h2 & f or h2) & under
            if not (l1 and l2):
                continue
            for c1 in moves(l1, alive, False):
                for c2 in moves(l2, alive, False):
                    child = [0, 0, 0]
                    child[d], child[s1], child[s2] = (
                        h[d] & ~(1 << c0),
                        h1 & ~(1 << c1),
                        h2 & ~(1 << c2),
                    )
                    if sweep((child[0], child[1], child[2])):
                        good[key] = (c0, c1, c2)
                        return True
        failed.add(key)
        return False

    played = tuple(c for _, c in trick)
    start = (hands[0], hands[1], hands[2])
    for child, w, _, cards in complete_tricks(t, start, leader, played, False):
        if w == d and sweep(child):
            line = _plays(leader, cards, len(played))
            h = child
            while h[0] | h[1] | h[2]:
                cards = good[h[0] | h[1] << 32 | h[2] << 64]
                line += _plays(d, cards, 0)
                h = _without(h, d, cards)
            return answer(True, line, nodes)
    return answer(False, [], nodes)


def _without(h: Hands, lead: int, cards: tuple[int, ...]) -> Hands:
    hh = list(h)
    for i, c in enumerate(cards):
        hh[(lead + i) % 3] &= ~(1 << c)
    return (hh[0], hh[1], hh[2])


@gc_paused
def can_reach_points(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[Play],
    game: Game,
    declarer: int,
    needed: int,
    *,
    node_limit: int = NODE_LIMIT,
    party: int | None = None,
) -> Answer:
    """Is there any play in which ``declarer`` takes at least ``needed`` more card points?

    ``party`` (a bitmask of seat indices) counts the tricks of those seats instead: with
    the two defenders, is there any play in which they take ``needed`` more points (the
    bound is then the declarer's trumps that no trump of theirs beats)."""
    t = tables(game)
    d = declarer
    ours = 1 << d if party is None else party
    alone = party is None
    # key -> (lower bound, upper bound, trick reaching the lower bound)
    tt: dict[int, tuple[int, int, tuple[int, ...]]] = {}
    nodes = 0

    outcomes, moves, followers = t.outcomes, t.moves, t.followers
    full = 0xFFFFFFFF

    def best(h: Hands, lead: int, need: int) -> int:
        """Fail-soft: a value >= need is reachable; a value < need bounds the best."""
        nonlocal nodes
        if need <= 0:
            return 0
        alive = h[0] | h[1] | h[2]
        if not alive:
            return 0
        packed = h[0] | h[1] << 32 | h[2] << 64
        key = packed | lead << 96
        lo, hi, move = tt.get(key, (0, 121, ()))
        if lo >= need:
            return lo
        if hi < need:
            return hi
        nodes += 1
        if nodes > node_limit:
            raise NodeLimitReached(nodes)
        rem = points(alive)
        if alone:
            bound = rem - _sure_loss(h, d, t)
        else:  # the declarer's trumps above every trump the defenders hold are his
            trumps = t.trumps
            bound = rem - _trump_loss(t, h[d] & trumps, alive & ~h[d] & trumps) if trumps else rem
        if bound < hi:
            hi = bound
            if hi < need:
                tt[key] = (lo, hi, move)
                return hi
        # every trick from here, in three nested loops over the seats' cards; a trick the
        # declarer loses is cut at once when its points leave too little for the rest
        s1, s2 = (lead + 1) % 3, (lead + 2) % 3
        sh0, sh1, sh2 = 32 * lead, 32 * s1, 32 * s2
        h1, h2 = h[s1], h[s2]
        won: list[tuple[int, int, int, int, int]] = []
        lost: list[tuple[int, int, int, int, int]] = []
        fail = 0
        slack = rem - need
        for c0 in moves(h[lead], alive, True):
            f = followers[c0]
            b0 = c0 << 10
            for c1 in moves(h1 & f or h1, alive, True):
                b1 = b0 | c1 << 5
                for c2 in moves(h2 & f or h2, alive, True):
                    o = outcomes[b1 | c2]
                    pts = o >> 2
                    w = (lead + (o & 3)) % 3
                    if ours >> w & 1:
                        won.append((pts, c0, c1, c2, w))
                    elif pts > slack:
                        if rem - pts > fail:
                            fail = rem - pts
                    else:
                        lost.append((pts, c0, c1, c2, w))
        won.sort(reverse=True)
        lost.sort()
        for pts, c0, c1, c2, w in won + lost:
            g = pts if ours >> w & 1 else 0
            child = packed & ~(1 << (c0 + sh0) | 1 << (c1 + sh1) | 1 << (c2 + sh2))
            v = g + best((child & full, child >> 32 & full, child >> 64), w, need - g)
            if v >= need:
                if v > lo:
                    lo, move = v, (c0, c1, c2)
                tt[key] = (lo, hi, move)
                return v
            if v > fail:
                fail = v
        tt[key] = (lo, min(hi, fail), move)
        return fail

    played = tuple(c for _, c in trick)
    start = (hands[0], hands[1], hands[2])
    if needed <= 0:
        return answer(True, [], 0)
    for child, w, pts, cards in complete_tricks(t, start, leader, played, True):
        g = pts if ours >> w & 1 else 0
        if g + best(child, w, needed - g) >= needed:
            line = _plays(leader, cards, len(played))
            need, h, lead = needed - g, child, w
            while need > 0:
                cards = tt[h[0] | h[1] << 32 | h[2] << 64 | lead << 96][2]
                line += _plays(lead, cards, 0)
                o = t.outcomes[cards[0] << 10 | cards[1] << 5 | cards[2]]
                h, won = _without(h, lead, cards), (lead + (o & 3)) % 3
                need -= (o >> 2) if ours >> won & 1 else 0
                lead = won
            return answer(True, line, nodes)
    return answer(False, [], nodes)
