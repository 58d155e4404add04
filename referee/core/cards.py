"""Cards in the notation of the International Skat Server: suit + rank, e.g. ``CJ``, ``ST``.

A card is a small integer (an :class:`enum.IntEnum` member), so a set of cards is a
32-bit mask and the hot paths of replay and claim analysis never allocate card objects.

>>> Card.parse("CJ"), Card.CJ.points, str(Card.ST)
(<Card.CJ: 4>, 2, 'ST')
>>> sum(card.points for card in Card)
120
>>> Card.parse("X9")
Traceback (most recent call last):
...
referee.core.errors.CardError: unknown card token 'X9' (suit CSHD + rank ATKQJ987)
>>> cards_to_str(mask_of(parse_cards(["H7", "CJ"])))
['CJ', 'H7']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum, IntEnum

from referee.core.errors import CardError


class Suit(Enum):
    """The four suits, highest first (ISkO 1.2.1: clubs, spades, hearts, diamonds)."""

    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def index(self) -> int:
        return _SUIT_LETTERS.index(self.value)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self.index]

    @property
    def mask(self) -> int:
        """All eight cards of the suit, jack included."""
        return 0xFF << (8 * self.index)


class Rank(Enum):
    """Ranks in their order of points (ISkO 1.2.2)."""

    ACE = "A"
    TEN = "T"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"

    @property
    def index(self) -> int:
        return _RANK_LETTERS.index(self.value)

    @property
    def points(self) -> int:
        return RANK_POINTS[self.index]


_SUIT_LETTERS = "CSHD"
_RANK_LETTERS = "ATKQJ987"
_SUIT_SYMBOLS = "♣♠♥♦"
RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)


class Card(IntEnum):
    """One of the 32 Skat cards; its value is ``8 * suit index + rank index``."""

    CA = 0
    CT = 1
    CK = 2
    CQ = 3
    CJ = 4
    C9 = 5
    C8 = 6
    C7 = 7
    SA = 8
    ST = 9
    SK = 10
    SQ = 11
    SJ = 12
    S9 = 13
    S8 = 14
    S7 = 15
    HA = 16
    HT = 17
    HK = 18
    HQ = 19
    HJ = 20
    H9 = 21
    H8 = 22
    H7 = 23
    DA = 24
    DT = 25
    DK = 26
    DQ = 27
    DJ = 28
    D9 = 29
    D8 = 30
    D7 = 31

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    @staticmethod
    def parse(token: object) -> Card:
        """The card of a token such as ``"CJ"``; raises :class:`CardError` naming the token."""
        if isinstance(token, str):
            card = _BY_TOKEN.get(token)
            if card is not None:
                return card
        raise CardError(
            f"unknown card token {token!r} (suit CSHD + rank ATKQJ987)",
            code="card.unknown",
            params={"token": repr(token)[:40]},
        )

    @property
    def suit(self) -> Suit:
        return _SUITS[self >> 3]

    @property
    def rank(self) -> Rank:
        return _RANKS[self & 7]

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def is_jack(self) -> bool:
        return (self & 7) == 4

    @property
    def symbol(self) -> str:
        """Suit symbol + rank for people, e.g. ``♠10``."""
        return _SUIT_SYMBOLS[self >> 3] + ("10" if self.name[1] == "T" else self.name[1])


#: card points indexed by card number (A 11, T 10, K 4, Q 3, J 2, others 0)
CARD_POINTS: tuple[int, ...] = tuple(RANK_POINTS[c % 8] for c in range(32))
_BY_TOKEN: dict[str, Card] = {c.name: c for c in Card}
ALL_CARDS_MASK = (1 << 32) - 1
JACKS_MASK = sum(1 << (8 * s + 4) for s in range(4))


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)


def parse_cards(tokens: Iterable[object]) -> list[Card]:
    """Parse a list of card tokens, naming the position of a bad one.

    >>> parse_cards(["CA", "D7"])
    [<Card.CA: 0>, <Card.D7: 31>]
    >>> parse_cards(["CA", "c7"])
    Traceback (most recent call last):
    ...
    referee.core.errors.CardError: index 1: unknown card token 'c7' (suit CSHD + rank ATKQJ987)
    """
    out = []
    for i, token in enumerate(tokens):
        try:
            out.append(Card.parse(token))
        except CardError as exc:
            raise CardError(
                exc.message, code=exc.code, where={"index": i}, params=exc.params
            ) from None
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a mask, in notation order (clubs ace first)."""
    while mask:
        low = mask & -mask
        yield Card(low.bit_length() - 1)
        mask ^= low


def cards_to_str(mask: int) -> list[str]:
    """Tokens of the cards in a mask, in notation order."""
    return [c.name for c in cards_of(mask)]


def points_of(mask: int) -> int:
    """Card points of the cards in a mask.

    >>> points_of(ALL_CARDS_MASK)
    120
    """
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def count(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()
