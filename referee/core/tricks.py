"""Trick play: trumps, card order, following suit, the winner of a trick (ISkO 2.3, 4.2, 4.4).

All rules are precomputed tables indexed by card number, so a legality check is one
mask operation.

>>> from referee.core.cards import Card, mask_of
>>> hand = mask_of([Card.HJ, Card.S7, Card.DA])
>>> [c.name for c in legal_cards(hand, Card.SA, Game.HEARTS)]
['S7']
>>> [c.name for c in legal_cards(hand, Card.HA, Game.HEARTS)]   # the jack is a trump
['HJ']
>>> trick_winner([Card.SA, Card.S7, Card.DJ], Game.GRAND)        # a jack trumps in grand
2
>>> trick_winner([Card.ST, Card.SJ, Card.SA], Game.NULL)         # null: A K Q J T 9 8 7
2
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.cards import CARD_POINTS, JACKS_MASK, Card, cards_of
from referee.core.contracts import Game

TRUMP = 4  # follow class of trumps; suits are 0..3

_SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
# rank index (A T K Q J 9 8 7) -> strength within a plain suit
_PLAIN_ORDER = (7, 6, 5, 4, 0, 3, 2, 1)  # jack never plain in suit/grand
_NULL_ORDER = (8, 4, 7, 6, 5, 3, 2, 1)  # A K Q J T 9 8 7
_TRUMP_SUIT_ORDER = (107, 106, 105, 104, 0, 103, 102, 101)
_JACK_POWER = (111, 110, 109, 108)  # C S H D


def _tables(game: Game) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    if game is Game.NULL:
        trump = 0
    elif game is Game.GRAND:
        trump = JACKS_MASK
    else:
        # (type: ignore below) a suit game here: it has a trump suit
        trump = JACKS_MASK | _SUIT_MASKS[game.trump_suit.index]  # type: ignore[union-attr]
    klass, power = [], []
    for card in range(32):
        suit, rank = card >> 3, card & 7
        if (trump >> card) & 1:
            klass.append(TRUMP)
            power.append(_JACK_POWER[suit] if rank == 4 else _TRUMP_SUIT_ORDER[rank])
        else:
            klass.append(suit)
            power.append(_NULL_ORDER[rank] if game is Game.NULL else _PLAIN_ORDER[rank])
    follow = tuple(_SUIT_MASKS[s] & ~trump for s in range(4)) + (trump,)
    return trump, tuple(klass), tuple(power), follow


_TABLES = {game: _tables(game) for game in Game}
#: game -> mask of its trumps
TRUMP_MASK: dict[Game, int] = {g: t[0] for g, t in _TABLES.items()}
#: game -> card -> follow class (0..3 plain suit, 4 trump)
FOLLOW_CLASS: dict[Game, tuple[int, ...]] = {g: t[1] for g, t in _TABLES.items()}
#: game -> card -> strength (trumps > 100)
POWER: dict[Game, tuple[int, ...]] = {g: t[2] for g, t in _TABLES.items()}
#: game -> follow class -> mask of the cards that follow it
FOLLOW_MASK: dict[Game, tuple[int, ...]] = {g: t[3] for g, t in _TABLES.items()}


#: game -> card -> the mask of the cards that follow it (FOLLOW_MASK by FOLLOW_CLASS)
FOLLOWERS: dict[Game, tuple[int, ...]] = {
    g: tuple(FOLLOW_MASK[g][FOLLOW_CLASS[g][c]] for c in range(32)) for g in Game
}
_OUTCOMES: dict[Game, bytes] = {}


def trick_outcomes(game: Game) -> bytes:
    """Every trick of a game decided in advance: the byte at ``c0 << 10 | c1 << 5 | c2``
    (the cards in play order) is ``winner index | card points << 2``.

    Built on first use (32,768 tricks, some 15 ms), so a replay scores a trick with one
    lookup instead of comparing cards.

    >>> from referee.core.cards import Card
    >>> v = trick_outcomes(Game.GRAND)[Card.SA << 10 | Card.S7 << 5 | Card.DJ]
    >>> v & 3, v >> 2          # the jack wins; 11 + 0 + 2 points
    (2, 13)
    """
    table = _OUTCOMES.get(game)
    if table is None:
        klass, power = FOLLOW_CLASS[game], POWER[game]
        pts = [CARD_POINTS[c] for c in range(32)]
        out = bytearray(32768)
        for c0 in range(32):
            for c1 in range(32):
                base = c0 << 10 | c1 << 5
                for c2 in range(32):
                    w = winner_index((c0, c1, c2), klass, power)
                    out[base | c2] = w | (pts[c0] + pts[c1] + pts[c2]) << 2
        table = _OUTCOMES[game] = bytes(out)
    return table


def is_trump(card: int, game: Game) -> bool:
    """Whether a card is a trump: in suit games the jacks and the suit, in grand the jacks."""
    return bool((TRUMP_MASK[game] >> card) & 1)


def follow_mask(led: int, game: Game) -> int:
    """The cards that follow a led card (its suit without jacks, or all trumps)."""
    return FOLLOW_MASK[game][FOLLOW_CLASS[game][led]]


def legal_mask(hand: int, led: int | None, game: Game) -> int:
    """The mask of cards a hand may play: any to lead, else must follow when able (4.2.1-4.2.2)."""
    if led is None:
        return hand
    must = hand & FOLLOW_MASK[game][FOLLOW_CLASS[game][led]]
    return must or hand


def legal_cards(hand: int, led: int | None, game: Game) -> list[Card]:
    """The cards of ``hand`` (a mask) that may be played to a trick led by ``led``."""
    return list(cards_of(legal_mask(hand, led, game)))


def is_revoke(hand_before: int, led: int, card: int, game: Game) -> bool:
    """Whether playing ``card`` fails to follow although the hand could (ISkO 4.2.3).

    ``hand_before`` is the hand (mask) holding ``card`` before it was played.
    """
    follow = FOLLOW_MASK[game][FOLLOW_CLASS[game][led]]
    return bool(hand_before & follow) and not (follow >> card) & 1


def trick_winner(cards: Sequence[int], game: Game) -> int:
    """Index (0-2) in ``cards`` (play order) of the card that wins the trick."""
    return winner_index(cards, FOLLOW_CLASS[game], POWER[game])


def winner_index(cards: Sequence[int], klass: Sequence[int], power: Sequence[int]) -> int:
    """:func:`trick_winner` with the game's tables looked up once by the caller."""
    led = klass[cards[0]]
    best, best_key = 0, power[cards[0]]
    for i in (1, 2):
        card = cards[i]
        k = klass[card]
        if k == TRUMP or k == led:
            key = power[card]
            if key > best_key:
                best, best_key = i, key
    return best
