"""The Skat domain core: pure Python, standard library only.

>>> from referee.core import Card, Contract, Game, legal_cards, mask_of, settle_played_game
>>> Contract.declare("spades").base_value
11
"""

from referee.core.bidding import BID_VALUES, Auction, BidAction
from referee.core.cards import (
    CARD_POINTS,
    Card,
    Rank,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
    points_of,
)
from referee.core.contracts import NULL_VALUES, Contract, Game
from referee.core.deal import Deal
from referee.core.errors import (
    BiddingError,
    CardError,
    ContractError,
    RecordError,
    RefereeError,
)
from referee.core.scoresheet import ScoreSheet, game_tournament_points, performance, settle
from referee.core.seats import SEATS, Seat
from referee.core.tricks import is_revoke, is_trump, legal_cards, legal_mask, trick_winner
from referee.core.valuation import (
    LEVELS,
    Matadors,
    PlayedResult,
    Valuation,
    count_matadors,
    settle_played_game,
    value_game,
)

__all__ = [
    "BID_VALUES",
    "CARD_POINTS",
    "LEVELS",
    "NULL_VALUES",
    "SEATS",
    "Auction",
    "BidAction",
    "BiddingError",
    "Card",
    "CardError",
    "Contract",
    "ContractError",
    "Deal",
    "Game",
    "Matadors",
    "PlayedResult",
    "Rank",
    "RecordError",
    "RefereeError",
    "ScoreSheet",
    "Seat",
    "Suit",
    "Valuation",
    "cards_of",
    "count_matadors",
    "game_tournament_points",
    "is_revoke",
    "is_trump",
    "legal_cards",
    "legal_mask",
    "mask_of",
    "parse_cards",
    "performance",
    "points_of",
    "settle",
    "settle_played_game",
    "trick_winner",
    "value_game",
]
