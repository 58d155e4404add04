"""Adversarial question (ISkO 4.3.4, 4.3.5): can one group of seats force a trick?

Boolean minimax over single cards with a transposition table at trick boundaries (keyed
by the three hands and the leader), one card per run of equivalent cards, move ordering
by what each seat wants from the trick, and two sure signs that settle a position
without search:

- suit and grand, two seats against one: he takes every trick only if each of their
  trumps can fall under its own, higher trump of his;
- null: a declarer card below every outstanding defender card of its class never wins a
  trick unless he leads it to two defenders void in its suit; if all his cards are such
  and he is not on lead (or can lead one that a defender beats), he takes none.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    tables,
)


@gc_paused
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
    trick go to a seat in ``winners``, against any play of the others?

    ``hands`` are masks by seat index (0 forehand); ``trick`` the (seat, card) pairs
    already on the table in the current trick, led by ``leader``. Raises
    :class:`NodeLimitReached` past ``node_limit`` nodes.
    """
    t = tables(game)
    outcomes, below = t.outcomes, t.below
    class_mask, class_of = t.class_mask, t.class_of
    moves, legal_of = t.moves, t.legal
    trumps = t.trumps
    memo: dict[int, bool] = {}
    nodes = 0
    # seats that want the trick to go up (strongest card first) or down (weakest first)
    strong_first = [((winners >> s) & 1) == ((controllers >> s) & 1) for s in range(3)]
    others_vs_one = -1  # the single seat against two controllers who are also the winners
    if winners == controllers and bin(controllers).count("1") == 2:
        others_vs_one = (0b111 & ~controllers).bit_length() - 1
    null_single = -1  # null: the declarer alone among the winners, the others controlling
    if game is Game.NULL and bin(winners).count("1") == 1 and controllers == 0b111 & ~winners:
        null_single = winners.bit_length() - 1

    def sure(h: Sequence[int], lead: int) -> bool | None:
        """A result known without search, or None."""
        if others_vs_one >= 0:
            one = others_vs_one
            mine = h[one] & trumps
            # he takes every trick only if each of their trumps falls under one of his
            if trumps and not (
                all_trumps_covered(t, h[(one + 1) % 3] & trumps, mine)
                and all_trumps_covered(t, h[(one + 2) % 3] & trumps, mine)
            ):
                return True
            if lead == one and _cashes_all(h, one, t):
                return False
        if null_single >= 0:
            d = null_single
            defs = (h[0] | h[1] | h[2]) & ~h[d]
            m = h[d]
            can_lose = lead != d  # on lead, he needs a card that some defender beats
            while m:
                low = m & -m
                c = low.bit_length() - 1
                if defs & below[c]:
                    return None
                if defs & class_mask[class_of[c]]:
                    can_lose = True
                m ^= low
            if can_lose:
                return False
            if lead != d and _null_forced(h, d, lead, t):
                return True
        return None

    def boundary(h0: int, h1: int, h2: int, lead: int) -> bool:
        nonlocal nodes
        if not (h0 | h1 | h2):
            return False
        key = h0 | h1 << 32 | h2 << 64 | lead << 96
        hit = memo.get(key)
        if hit is not None:
            return hit
        h = (h0, h1, h2)
        known = sure(h, lead)
        if known is None:
            result = within(h, lead, ())
        else:
            result = known
        memo[key] = result
        return result

    def within(h: tuple[int, int, int], lead: int, played: tuple[int, ...]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise NodeLimitReached(nodes)
        n = len(played)
        seat = (lead + n) % 3
        alive = h[0] | h[1] | h[2]
        for c in played:
            alive |= 1 << c
        legal = legal_of(h[seat], played[0] if n else -1)
        order = moves(legal, alive, False)
        if not strong_first[seat]:
            order = order[::-1]
        mine = (controllers >> seat) & 1
        for c in order:
            hh = list(h)
            hh[seat] &= ~(1 << c)
            if n == 2:
                w = (lead + (outcomes[played[0] << 10 | played[1] << 5 | c] & 3)) % 3
                if (winners >> w) & 1:
                    value = True
                else:
                    value = boundary(hh[0], hh[1], hh[2], w)
            else:
                value = within((hh[0], hh[1], hh[2]), lead, (*played, c))
            if value == bool(mine):
                return value
        return not mine

    def value_after(h: tuple[int, int, int], lead: int, played: tuple[int, ...]) -> bool:
        """The value of a position given as hands, leader and cards on the table."""
        if len(played) == 3:
            w = (lead + (outcomes[played[0] << 10 | played[1] << 5 | played[2]] & 3)) % 3
            return bool((winners >> w) & 1) or boundary(h[0], h[1], h[2], w)
        if not played:
            return boundary(h[0], h[1], h[2], lead)
        return within(h, lead, played)

    h = (hands[0], hands[1], hands[2])
    played = tuple(c for _, c in trick)
    result = value_after(h, leader, played)
    line = _line(h, leader, played, result, value_after, t, winners)
    return answer(result, line, nodes)


def _line(h, leader, played, result, value_after, t, winners) -> list[Play]:  # type: ignore[no-untyped-def]
    """One line of play that keeps the proven value, to the first trick for the
    winners (a yes) or to the last card (a no)."""
    line: list[Play] = []
    outcomes = t.outcomes
    while True:
        if len(played) == 3:
            w = (leader + (outcomes[played[0] << 10 | played[1] << 5 | played[2]] & 3)) % 3
            if (winners >> w) & 1 or not (h[0] | h[1] | h[2]):
                return line
            leader, played = w, ()
        if not (h[0] | h[1] | h[2]):
            return line
        seat = (leader + len(played)) % 3
        alive = h[0] | h[1] | h[2]
        for c in played:
            alive |= 1 << c
        legal = t.legal(h[seat], played[0] if played else -1)
        for c in t.moves(legal, alive, False):
            hh = list(h)
            hh[seat] &= ~(1 << c)
            child = (hh[0], hh[1], hh[2])
            if value_after(child, leader, (*played, c)) == result:
                line.append((seat, c))
                h, played = child, (*played, c)
                break
        else:  # pragma: no cover - a proven value always has a move that keeps it
            return line


def _null_forced(h: Sequence[int], d: int, lead: int, t: Tables) -> bool:
    """Null, a defender on lead: he holds a card of a suit below all of the declarer's
    cards of that suit, and his partner is void in it or holds one below them too. He
    leads it, his partner goes under, and the declarer must take the trick."""
    other = 3 - d - lead
    mine, partner, decl = h[lead], h[other], h[d]
    below = t.below
    for cm in t.class_mask:
        ds = decl & cm
        if not ds or not mine & cm:
            continue
        low = -1
        m = ds
        while m:  # the declarer's lowest card of the suit beats none of his others
            bit = m & -m
            c = bit.bit_length() - 1
            if not ds & below[c]:
                low = c
                break
            m ^= bit
        if mine & below[low] and (not partner & cm or partner & below[low]):
            return True
    return False


def _cashes_all(h: Sequence[int], one: int, t: Tables) -> bool:
    """``one``, on lead, wins every trick by playing from the top: each of his trumps
    beats all of theirs and he has at least as many as either of them (drawing theirs),
    and each of his plain cards beats all of theirs of its suit."""
    mine = h[one]
    a, b = h[(one + 1) % 3], h[(one + 2) % 3]
    trumps = t.trumps
    if trumps:
        my_trumps = mine & trumps
        if bin(my_trumps).count("1") < max(bin(a & trumps).count("1"), bin(b & trumps).count("1")):
            return False
    below, cls = t.below, t.class_of
    theirs = a | b
    m = mine
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if theirs & t.class_mask[cls[c]] & ~below[c]:
            return False  # some card of theirs in its class is not below it
        m ^= low
    return True
