"""Cards as the console draws them: rank, suit symbol, colour and a spoken label.

>>> c = card_view("HT", "en")
>>> c.rank, c.symbol, c.colour, c.label
('10', '♥', 'red', 'ten of hearts')
>>> card_view("CJ", "de").label, card_view("CJ", "de").rank
('Kreuz-Bube', 'B')
>>> sort_hand(["H7", "CA", "SJ", "HA", "CJ"])
['CJ', 'SJ', 'CA', 'HA', 'H7']
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.vocabulary import Language
from referee.web.i18n import term, text

SUITS = {
    "C": ("clubs", "♣", "black"),
    "S": ("spades", "♠", "black"),
    "H": ("hearts", "♥", "red"),
    "D": ("diamonds", "♦", "red"),
}
SUIT_ORDER = "CSHD"
RANK_ORDER = "ATKQ987"
#: the rank as printed on the card; German packs say D (Dame) and B (Bube)
RANK_FACES = {"T": "10"}
RANK_FACES_BY_LANG = {"de": {"Q": "D", "J": "B"}}


@dataclass(frozen=True)
class CardView:
    """One card ready for a template."""

    token: str
    rank: str
    symbol: str
    colour: str
    label: str


def card_view(token: str, lang: Language) -> CardView:
    """The card ``token`` (ISS notation, e.g. ``HT``) in ``lang``."""
    suit_letter, rank_letter = token[:1], token[1:]
    suit, symbol, colour = SUITS.get(suit_letter, (suit_letter, "?", "black"))
    face = RANK_FACES_BY_LANG.get(lang, {}).get(rank_letter) or RANK_FACES.get(
        rank_letter, rank_letter
    )
    label = text(
        "console.card",
        lang,
        rank=text(f"console.rank.{rank_letter}", lang),
        suit=term(suit, lang),
    )
    return CardView(token, face, symbol, colour, label)


def _order(token: str) -> tuple[int, int, int]:
    suit, rank = token[:1], token[1:]
    suit_index = SUIT_ORDER.index(suit) if suit in SUIT_ORDER else 9
    if rank == "J":
        return (0, suit_index, 0)
    return (1, suit_index, RANK_ORDER.index(rank) if rank in RANK_ORDER else 9)


def sort_hand(tokens: list[str]) -> list[str]:
    """Jacks first (clubs to diamonds), then each suit from ace down, for reading."""
    return sorted(tokens, key=_order)


def cards_view(tokens: list[str] | None, lang: Language, *, sort: bool = False) -> list[CardView]:
    """Several cards, optionally in reading order."""
    tokens = list(tokens or [])
    return [card_view(t, lang) for t in (sort_hand(tokens) if sort else tokens)]
