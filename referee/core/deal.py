"""A deal: three hands and the skat (ISkO 3.2).

>>> import random
>>> deal = Deal.random(random.Random(7))
>>> [len(deal.hand(s)) for s in SEATS], deal.skat.bit_count()
([10, 10, 10], 2)
>>> Deal.from_tokens({"forehand": ["CJ", "CJ"], "middlehand": [], "rearhand": [], "skat": []})
Traceback (most recent call last):
...
referee.core.errors.CardError: field deal.forehand[1]: card CJ appears twice in the deal
"""

from __future__ import annotations

import random as _random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.core.cards import ALL_CARDS_MASK, Card, cards_of, mask_of, parse_cards
from referee.core.errors import CardError
from referee.core.seats import SEAT_NAMES, SEATS, Seat

PARTS = (*SEAT_NAMES, "skat")


@dataclass(frozen=True, slots=True)
class Deal:
    """Masks of the three hands and the skat. Sizes are not enforced: a misdeal is recordable."""

    forehand: int
    middlehand: int
    rearhand: int
    skat: int

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(cards_of(self.mask(seat)))

    def mask(self, seat: Seat) -> int:
        return (self.forehand, self.middlehand, self.rearhand)[seat.index]

    @property
    def is_regular(self) -> bool:
        """Ten cards each and two in the skat, all 32 dealt (3.2.6)."""
        return (
            self.forehand.bit_count() == 10
            and self.middlehand.bit_count() == 10
            and self.rearhand.bit_count() == 10
            and self.skat.bit_count() == 2
        )

    @classmethod
    def from_tokens(cls, parts: Mapping[str, Sequence[object]]) -> Deal:
        """Build a deal from card tokens, refusing unknown tokens, duplicates, over 32 cards."""
        seen = 0
        masks = []
        for part in PARTS:
            tokens = parts.get(part, [])
            try:
                cards = parse_cards(tokens)
            except CardError as exc:
                i = exc.where.get("index")
                raise CardError(
                    exc.message,
                    code=exc.code,
                    where={"field": f"deal.{part}[{i}]"},
                    params=exc.params,
                ) from None
            mask = 0
            for i, card in enumerate(cards):
                if (seen | mask) >> card & 1:
                    raise CardError(
                        f"card {card} appears twice in the deal",
                        code="deal.duplicate_card",
                        where={"field": f"deal.{part}[{i}]"},
                        params={"card": card.name},
                    )
                mask |= 1 << card
            seen |= mask
            masks.append(mask)
        return cls(*masks)

    @classmethod
    def random(cls, rng: _random.Random | None = None) -> Deal:
        """A shuffled regular deal."""
        cards = list(range(32))
        (rng or _random).shuffle(cards)
        return cls(
            mask_of(cards[0:10]), mask_of(cards[10:20]), mask_of(cards[20:30]), mask_of(cards[30:])
        )

    def to_tokens(self) -> dict[str, list[str]]:
        return {
            part: [c.name for c in cards_of(mask)]
            for part, mask in zip(
                PARTS, (self.forehand, self.middlehand, self.rearhand, self.skat), strict=True
            )
        }

    @property
    def all_cards(self) -> int:
        return self.forehand | self.middlehand | self.rearhand | self.skat

    @property
    def is_complete(self) -> bool:
        return self.all_cards == ALL_CARDS_MASK


__all__ = ["Deal", "PARTS", "SEATS"]
