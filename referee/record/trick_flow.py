"""How tricks open, close and pass in bulk: the replayer's hot path.

:func:`take_regular_tricks` takes whole regular tricks (three plays in turn by seats that
hold their cards, following suit when they can) in one step, with exactly the effect of
applying their plays one by one through the :class:`~referee.record.replay.Replayer`.
"""

from __future__ import annotations

from referee.core.seats import Seat
from referee.core.tricks import trick_winner
from referee.core.vocabulary import Phase
from referee.record.event_types import Play
from referee.record.events import Event
from referee.record.state import GameState, Trick

__all__ = ["close_short_trick", "close_trick", "next_trick", "take_regular_tricks"]


def close_trick(s: GameState, trick: Trick, c0: int, c1: int, c2: int) -> None:
    """Score a trick that has its third card and open the next one (or end the play)."""
    outcome = s.outcomes[c0 << 10 | c1 << 5 | c2]
    winner = trick.plays[outcome & 3][0]
    trick.winner, trick.points = winner, outcome >> 2
    if trick.extra:  # cards that went in beside a played one count for the winner (4.2.6)
        trick.points += sum(card.points for _, card, _ in trick.extra)
    s.tricks.append(trick)
    next_trick(s, len(s.tricks) + 1, winner)


def close_short_trick(s: GameState, trick: Trick) -> None:
    """Take a trick that a seat put no card to (ISkO 4.2.6): the highest of the cards on
    the table wins it, with their points and those of any card put in beside them."""
    cards = [card for _, card, _ in trick.plays]
    contract = s.contract
    assert contract is not None  # a trick is only played under a contract
    index = trick_winner(cards + [cards[-1]] * (3 - len(cards)), contract.game)
    trick.winner = trick.plays[index][0]
    trick.points = sum(card.points for card in cards)
    trick.points += sum(card.points for _, card, _ in trick.extra)
    s.tricks.append(trick)
    next_trick(s, len(s.tricks) + 1, trick.winner)


def next_trick(s: GameState, number: int, leader: Seat) -> None:
    """Open trick ``number`` with ``leader`` to lead, or end the play after the tenth."""
    if number > 10:
        s.phase, s.current, s.to_play = Phase.FINISHED, None, None
    else:
        s.current, s.to_play = Trick(number, leader, []), leader


def take_regular_tricks(s: GameState, events: tuple[Event, ...], i: int) -> int:
    """Take the regular tricks that start at event ``i`` (at a trick's first card) and
    return how many events they used (0: none; the caller applies event ``i``)."""
    trick = s.current
    leader = s.to_play
    if trick is None or leader is None or trick.plays or trick.leader is not leader:
        return 0
    hands, tricks, followers, outcomes = s.hands, s.tricks, s.followers, s.outcomes
    start = i
    number = trick.number
    last = len(events) - 2
    while i < last and number <= 10:
        e0, e1, e2 = events[i], events[i + 1], events[i + 2]
        s1 = leader.next
        s2 = s1.next
        if (  # three plays in turn, one card each
            not isinstance(e0, Play)
            or not isinstance(e1, Play)
            or not isinstance(e2, Play)
            or e0.seat is not leader
            or e1.seat is not s1
            or e2.seat is not s2
            or e0.extra is not None
            or e1.extra is not None
            or e2.extra is not None
        ):
            break
        c0, c1, c2 = e0.card, e1.card, e2.card
        x0, x1, x2 = leader.index, s1.index, s2.index
        h0, h1, h2 = hands[x0], hands[x1], hands[x2]
        follow = followers[c0]
        if not (
            (h0 >> c0) & (h1 >> c1) & (h2 >> c2) & 1  # each seat holds its card
            and (not h1 & follow or (follow >> c1) & 1)
            and (not h2 & follow or (follow >> c2) & 1)
        ):
            break
        hands[x0] = h0 ^ (1 << c0)  # the bit is set: clear it
        hands[x1] = h1 ^ (1 << c1)
        hands[x2] = h2 ^ (1 << c2)
        outcome = outcomes[c0 << 10 | c1 << 5 | c2]
        winner = (leader, s1, s2)[outcome & 3]
        plays = [(leader, c0, i), (s1, c1, i + 1), (s2, c2, i + 2)]
        tricks.append(Trick(number, leader, plays, winner, outcome >> 2))
        number += 1
        leader = winner
        i += 3
    if i == start:
        return 0
    next_trick(s, number, leader)
    return i - start
