"""Contracts: the game declared and its announcements (ISkO 2.1, 2.2, 3.4, 5.1).

>>> Contract.declare("grand", ouvert=True)
Contract(game=<Game.GRAND: 'grand'>, hand=True, schneider=True, schwarz=True, ouvert=True)
>>> Contract.declare("hearts", schneider=True)
Traceback (most recent call last):
...
referee.core.errors.ContractError: schneider can only be announced in a hand game (ISkO 5.2.5)
>>> Contract.declare("null", ouvert=True).base_value
46
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from referee.core.cards import Suit
from referee.core.errors import ContractError


class Game(Enum):
    """The six games: four suit games, grand and null."""

    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    CLUBS = "clubs"
    GRAND = "grand"
    NULL = "null"

    # members are singletons compared by identity: hash them the same way, in C, rather
    # than through Enum's Python-level hash of the name (the tables are keyed by game)
    __hash__ = object.__hash__

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of a suit game (the jacks are trump besides it); ``None`` otherwise."""
        return _TRUMP_SUIT.get(self)

    @property
    def is_suit(self) -> bool:
        return self in _TRUMP_SUIT

    @property
    def base_value(self) -> int | None:
        """ISkO 5.1.1 base value; ``None`` for null, whose value is fixed per variant."""
        return _BASE.get(self)

    @staticmethod
    def parse(name: object) -> Game:
        try:
            return Game(name)
        except ValueError:
            raise ContractError(
                f"unknown game {name!r} (clubs, spades, hearts, diamonds, grand, null)",
                code="contract.unknown_game",
                params={"name": repr(name)[:40]},
            ) from None

    def __str__(self) -> str:
        return self.value


#: module constant: reading an Enum member off its class costs ~0.2 µs in Python 3.11
_NULL = Game.NULL
_TRUMP_SUIT = {
    Game.CLUBS: Suit.CLUBS,
    Game.SPADES: Suit.SPADES,
    Game.HEARTS: Suit.HEARTS,
    Game.DIAMONDS: Suit.DIAMONDS,
}
_BASE = {Game.DIAMONDS: 9, Game.HEARTS: 10, Game.SPADES: 11, Game.CLUBS: 12, Game.GRAND: 24}
#: ISkO 5.1.2: null, null hand, null ouvert, null ouvert hand
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}


#: the contracts :meth:`Contract.declare` has built, by class, game and flags
_DECLARED: dict[tuple[object, ...], Contract] = {}


@dataclass(frozen=True, slots=True)
class Contract:
    """A declared game. Build it with :meth:`declare`, which applies the implications."""

    game: Game
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ContractError(problem[1], code=problem[0])

    def problem(self) -> tuple[str, str] | None:
        """``(code, reason)`` when the flags are an invalid combination, else ``None``."""
        return contract_problem(self.game, self.hand, self.schneider, self.schwarz, self.ouvert)

    @classmethod
    def declare(
        cls,
        game: Game | str,
        *,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> Contract:
        """A contract with the rules' implications applied.

        Suit and grand ouvert are always hand with schneider and schwarz announced (ISkO
        5.2.6); announced schwarz includes announced schneider. Anything still invalid
        (an announcement without hand, announcements in null) raises ContractError.
        """
        game = game if isinstance(game, Game) else Game.parse(game)
        hand, schneider, schwarz, ouvert = bool(hand), bool(schneider), bool(schwarz), bool(ouvert)
        if game is not _NULL:
            if ouvert:
                hand = schneider = schwarz = True
            if schwarz:
                schneider = True
        key = (cls, game, hand, schneider, schwarz, ouvert)
        contract = _DECLARED.get(key)
        if contract is None:  # contracts are immutable: one object per valid combination
            contract = _DECLARED[key] = cls(game, hand, schneider, schwarz, ouvert)
        return contract

    @property
    def is_null(self) -> bool:
        return self.game is _NULL

    @property
    def base_value(self) -> int:
        """Base value (5.1.1) or, for null, the fixed game value (5.1.2)."""
        if self.game is _NULL:
            return NULL_VALUES[(self.hand, self.ouvert)]
        return _BASE[self.game]

    def describe(self) -> str:
        """A short English label such as ``grand hand schneider announced``."""
        parts = [self.game.value]
        if self.hand:
            parts.append("hand")
        if self.ouvert:
            parts.append("ouvert")
        elif self.schwarz:
            parts.append("schwarz announced")
        elif self.schneider:
            parts.append("schneider announced")
        return " ".join(parts)

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.game.value,
            "hand": self.hand,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "ouvert": self.ouvert,
        }


def contract_problem(
    game: Game, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> tuple[str, str] | None:
    """Why a combination of flags is not a valid declaration, or ``None`` if it is."""
    if game is _NULL:
        if schneider or schwarz:
            return ("contract.null_announcement", "null cannot announce schneider or schwarz")
        return None
    if (schneider or schwarz) and not hand:
        what = "schwarz" if schwarz and not schneider else "schneider"
        return (
            "contract.announcement_without_hand",
            f"{what} can only be announced in a hand game (ISkO 5.2.5)",
        )
    if schwarz and not schneider:
        return ("contract.schwarz_without_schneider", "announced schwarz includes schneider")
    if ouvert and not (hand and schneider and schwarz):
        return (
            "contract.ouvert_not_hand",
            "a suit or grand ouvert is a hand game with schneider and schwarz announced "
            "(ISkO 5.2.6)",
        )
    return None
