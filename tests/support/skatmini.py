"""A tiny, independent model of Skat trick play used to build and check the test cases.

It is deliberately separate from ``referee`` (own card order, own trick rules) so that the
expected values in ``tests/cases`` do not come from the engine under test.

>>> trick_winner(["CJ", "HJ", "DJ"], "hearts")
0
>>> trick_winner(["SK", "SQ", "H8"], "hearts")
2
>>> legal(["HA", "C7"], "CA", "hearts")
['C7']
"""

from __future__ import annotations

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUIT_ORDER = "ATKQ987"  # non-jack ranks, strongest first (suit and grand games)
NULL_ORDER = "AKQJT987"  # null: jack and ten in their natural place
JACKS = ["CJ", "SJ", "HJ", "DJ"]
TRUMP_SUIT = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
SEATS = ("forehand", "middlehand", "rearhand")


def points(cards: list[str] | tuple[str, ...]) -> int:
    """Card points of ``cards``.

    >>> points(["CA", "DT", "HJ", "S7"])
    23
    """
    return sum(POINTS[c[1]] for c in cards)


def is_trump(card: str, game: str) -> bool:
    if game == "null":
        return False
    if card[1] == "J":
        return True
    return TRUMP_SUIT.get(game) == card[0]


def follow_class(card: str, game: str) -> str:
    return "T" if is_trump(card, game) else card[0]


def power(card: str, game: str) -> int:
    """Strength inside its follow class (higher wins)."""
    if game == "null":
        return 10 - NULL_ORDER.index(card[1])
    if card[1] == "J":
        return 100 - JACKS.index(card)
    return 10 - SUIT_ORDER.index(card[1])


def trick_winner(cards: list[str], game: str) -> int:
    """Index (0-2, in play order) of the card that takes the trick."""
    led = follow_class(cards[0], game)
    trumps = [i for i, c in enumerate(cards) if follow_class(c, game) == "T"]
    pool = trumps if trumps else [i for i, c in enumerate(cards) if follow_class(c, game) == led]
    return max(pool, key=lambda i: power(cards[i], game))


def legal(hand: list[str], led: str | None, game: str) -> list[str]:
    if led is None:
        return list(hand)
    same = [c for c in hand if follow_class(c, game) == follow_class(led, game)]
    return same or list(hand)


class Table:
    """Plays cards as they physically went; notes whether each play was regular."""

    def __init__(self, deal: dict[str, list[str]], declarer: str, game: str) -> None:
        self.hands = {s: list(deal[s]) for s in SEATS}
        self.declarer = declarer
        self.game = game
        self.leader = "forehand"
        self.trick: list[tuple[str, str]] = []
        self.done: list[tuple[str, int, list[tuple[str, str]]]] = []  # winner, points, plays
        self.skat_points = 0

    def to_play(self) -> str:
        first = self.trick[0][0] if self.trick else self.leader
        i = SEATS.index(first)
        return SEATS[(i + len(self.trick)) % 3]

    def regular(self, seat: str, card: str) -> bool:
        led = self.trick[0][1] if self.trick else None
        return seat == self.to_play() and card in legal(self.hands[seat], led, self.game)

    def play(self, seat: str, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == 3:
            w = trick_winner([c for _, c in self.trick], self.game)
            winner = self.trick[w][0]
            self.done.append((winner, points([c for _, c in self.trick]), self.trick))
            self.trick = []
            self.leader = winner

    def count(self) -> tuple[dict[str, int], dict[str, int]]:
        """(card points, tricks) per side from the completed tricks, skat for the declarer."""
        pts = {"declarer": self.skat_points, "defenders": 0}
        tr = {"declarer": 0, "defenders": 0}
        for winner, p, _ in self.done:
            side = "declarer" if winner == self.declarer else "defenders"
            pts[side] += p
            tr[side] += 1
        return pts, tr

    def auto(self) -> tuple[str, str]:
        """A deterministic regular play: lead the strongest card; follow with the cheapest
        card that wins the trick for one's side if possible, else the cheapest card."""
        seat = self.to_play()
        led = self.trick[0][1] if self.trick else None
        options = legal(self.hands[seat], led, self.game)
        key_strong = lambda c: (follow_class(c, self.game) == "T", power(c, self.game))  # noqa: E731
        if led is None:
            return seat, max(options, key=key_strong)

        def wins(c: str) -> bool:
            cards = [x for _, x in self.trick] + [c]
            return trick_winner(cards, self.game) == len(cards) - 1

        winning = [c for c in options if wins(c)]
        pool = winning or options
        return seat, min(pool, key=lambda c: (POINTS[c[1]], key_strong(c)))
