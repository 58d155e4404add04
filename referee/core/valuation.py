"""Game value (ISkO 5): matadors, levels, multiplier, overbid, and the result of a game.

>>> from referee.core.cards import parse_cards, mask_of
>>> from referee.core.contracts import Contract
>>> clubs_ouvert = Contract.declare("clubs", ouvert=True)
>>> m = count_matadors(mask_of(parse_cards(["CJ", "SJ", "CA"])), clubs_ouvert.game)
>>> m
Matadors(with_=True, count=2)
>>> value_game(clubs_ouvert, m, bid=18, won=True, schneider=True, schwarz=True).value  # 5.2.6
108
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from referee.core.cards import Card
from referee.core.contracts import NULL_VALUES, Contract, Game

#: the trump sequence from the top, for counting matadors (ISkO 2.4.1)
_JACKS = (Card.CJ, Card.SJ, Card.HJ, Card.DJ)
_SUIT_SEQUENCE = {
    # (type: ignore below) suit games only in this table: trump_suit is set
    game: _JACKS + tuple(Card(8 * game.trump_suit.index + r) for r in (0, 1, 2, 3, 5, 6, 7))  # type: ignore[union-attr]
    for game in (Game.CLUBS, Game.SPADES, Game.HEARTS, Game.DIAMONDS)
}
_SUIT_SEQUENCE[Game.GRAND] = _JACKS

#: the levels a game can reach, in the ISkO's order (5.2.1)
LEVELS = (
    "game",
    "hand",
    "schneider",
    "schneider_announced",
    "schwarz",
    "schwarz_announced",
    "ouvert",
)


_COUNTS = tuple(str(n) for n in range(12))


@dataclass(frozen=True, slots=True)
class Matadors:
    """'With N' (the declarer holds the club jack) or 'without N' (ISkO 2.4)."""

    with_: bool
    count: int

    def to_dict(self) -> dict[str, object]:
        return {"with": self.with_, "count": self.count}

    def __str__(self) -> str:
        return ("without ", "with ")[self.with_] + _COUNTS[self.count]


def count_matadors(cards: int, game: Game) -> Matadors:
    """Matadors over ``cards`` (a mask: the declarer's cards plus the skat, 2.4.1, 5.2).

    >>> from referee.core.cards import parse_cards, mask_of
    >>> count_matadors(mask_of(parse_cards(["HJ", "DJ"])), Game.GRAND)
    Matadors(with_=False, count=2)
    """
    sequence = _SUIT_SEQUENCE[game]
    top = (cards >> sequence[0]) & 1
    n = 0
    for card in sequence:
        if (cards >> card) & 1 != top:
            break
        n += 1
    return _MATADORS[top][n]


#: every possible Matadors value, shared (without, with) x count
_MATADORS = tuple(tuple(Matadors(bool(w), n) for n in range(12)) for w in (0, 1))


class Valuation(NamedTuple):
    """The value of a game as it goes on the score sheet (immutable; a named tuple
    because every ruling builds one, see :class:`referee.rulings.model.Message`)."""

    contract: Contract
    matadors: Matadors | None
    levels: tuple[str, ...]
    multiplier: int
    value: int
    won: bool
    overbid: bool

    @property
    def score(self) -> int:
        """The score-sheet entry: the value if won, minus twice the value if lost (5.2.10)."""
        return self.value if self.won else -2 * self.value


def levels_reached(
    contract: Contract,
    *,
    won: bool,
    schneider: bool,
    schwarz: bool,
    schwarz_suffered: bool = True,
) -> tuple[str, ...]:
    """The levels (5.2.1) that count for a suit or grand game.

    ``schneider``/``schwarz`` say whether either side was schneider/schwarz in play. A
    game lost against an announcement counts the announced levels and no 'own
    schneider' on top (5.2.5); it is lost "at least" at the announced level (the Spanish
    5.2.5), so a declarer who missed announced schneider and took no trick at all loses
    schwarz as well; ``schwarz_suffered=False`` reads the English instead (the announced
    levels only).
    """
    out = ["game"]
    if contract.hand:
        out.append("hand")
    announced = contract.schneider or contract.schwarz
    if not won and announced:
        out += ["schneider", "schneider_announced"]
        if contract.schwarz:
            out += ["schwarz", "schwarz_announced"]
        elif schwarz and schwarz_suffered:
            out.append("schwarz")
    else:
        if schneider or schwarz or contract.schneider:
            out.append("schneider")
        if contract.schneider:
            out.append("schneider_announced")
        if schwarz or contract.schwarz:
            out.append("schwarz")
        if contract.schwarz:
            out.append("schwarz_announced")
    if contract.ouvert:
        out.append("ouvert")
    return tuple(out)


def value_game(
    contract: Contract,
    matadors: Matadors | None,
    bid: int,
    *,
    won: bool,
    schneider: bool = False,
    schwarz: bool = False,
    levels: tuple[str, ...] | None = None,
    schwarz_suffered: bool = True,
) -> Valuation:
    """Value a game that ended won or lost, applying the overbid rule (5.4).

    An overbid game (value below the bid) is lost, and its value is the smallest multiple
    of the base value that reaches the bid (5.4.1, 5.4.2). ``levels`` overrides the
    levels computed from play (rulings use it for the 'simple level' of 4.1.4).
    """
    if contract.is_null:
        value = contract.base_value
        overbid = value < bid
        if overbid:
            won = False
            value = min((v for v in NULL_VALUES.values() if v >= bid), default=bid)
        return Valuation(contract, None, (), 1, value, won, overbid)
    assert matadors is not None, "suit and grand games need matadors"
    if levels is None:
        levels = levels_reached(
            contract,
            won=won,
            schneider=schneider,
            schwarz=schwarz,
            schwarz_suffered=schwarz_suffered,
        )
    multiplier = matadors.count + len(levels)
    base = contract.base_value
    value = base * multiplier
    overbid = value < bid
    if overbid:
        won = False
        value = -(-bid // base) * base
    return Valuation(contract, matadors, tuple(levels), multiplier, value, won, overbid)


@dataclass(frozen=True, slots=True)
class PlayedResult:
    """Everything the score sheet and the ruling need about a game played to its end."""

    valuation: Valuation
    declarer_points: int
    defender_points: int
    declarer_tricks: int
    defender_tricks: int
    schneider: bool
    schwarz: bool

    @property
    def won(self) -> bool:
        return self.valuation.won


#: the games a declarer may be held to instead of the one he named (suit games and grand)
SUIT_AND_GRAND = (Game.DIAMONDS, Game.HEARTS, Game.SPADES, Game.CLUBS, Game.GRAND)


def lost_games(cards: int, bid: int) -> dict[Game, Valuation]:
    """Every suit game and grand valued as a lost pickup game with the matadors ``cards``
    hold (declarer's cards and skat) and the last ``bid`` (overbid where it falls short).

    >>> from referee.core.cards import mask_of, parse_cards
    >>> cards = mask_of(parse_cards(["CJ", "SA", "ST", "HA", "HT", "DA", "D7", "C7", "C8", "S7",
    ...                              "H7", "D8"]))
    >>> {g.value: v.score for g, v in lost_games(cards, 24).items()}
    {'diamonds': -54, 'hearts': -60, 'spades': -66, 'clubs': -48, 'grand': -96}
    """
    return {
        g: value_game(Contract(g), count_matadors(cards, g), bid, won=False) for g in SUIT_AND_GRAND
    }


def cheapest_lost_game(cards: int, bid: int) -> tuple[Game, Valuation]:
    """The suit game or grand that costs the declarer least when lost (ISkO 3.4.3, 3.4.4);
    on a tie the one named first in :data:`SUIT_AND_GRAND` (the lowest base value)."""
    games = lost_games(cards, bid)
    best = max(v.score for v in games.values())
    return next((g, v) for g, v in games.items() if v.score == best)


def settle_played_game(
    contract: Contract,
    declarer_cards: int,
    bid: int,
    *,
    declarer_points: int,
    declarer_tricks: int,
    defender_tricks: int,
) -> PlayedResult:
    """Decide and value a game from its final count (5.2.2-5.2.7).

    ``declarer_cards`` is the mask of the declarer's ten cards plus the skat;
    ``declarer_points`` includes the skat.

    >>> from referee.core.cards import parse_cards, mask_of
    >>> c = Contract.declare("grand", hand=True, schneider=True)
    >>> cards = mask_of(parse_cards(["CJ", "SJ", "CA"]))
    >>> r = settle_played_game(c, cards, 18, declarer_points=88, declarer_tricks=8,
    ...                        defender_tricks=2)
    >>> r.won, r.valuation.levels, r.valuation.score     # ISkO 5.2.5
    (False, ('game', 'hand', 'schneider', 'schneider_announced'), -288)
    """
    schneider = declarer_points >= 90 or declarer_points <= 30
    schwarz = defender_tricks == 0 or declarer_tricks == 0
    valuation = played_valuation(
        contract,
        declarer_cards,
        bid,
        declarer_points=declarer_points,
        declarer_tricks=declarer_tricks,
        defender_tricks=defender_tricks,
    )
    return PlayedResult(
        valuation,
        declarer_points,
        120 - declarer_points,
        declarer_tricks,
        defender_tricks,
        schneider,
        schwarz,
    )


def played_valuation(
    contract: Contract,
    declarer_cards: int,
    bid: int,
    *,
    declarer_points: int,
    declarer_tricks: int,
    defender_tricks: int,
    schwarz_suffered: bool = True,
) -> Valuation:
    """The :class:`Valuation` of :func:`settle_played_game`, without the counts around it
    (``schwarz_suffered``: see :func:`levels_reached`).

    >>> c = Contract.declare("null")
    >>> played_valuation(c, 0, 18, declarer_points=0, declarer_tricks=0,
    ...                  defender_tricks=10).score                              # ISkO 5.1.2
    23
    """
    if contract.is_null:
        return value_game(contract, None, bid, won=declarer_tricks == 0)
    won = declarer_points >= 61
    if contract.schneider and declarer_points < 90:
        won = False
    if contract.schwarz and defender_tricks > 0:
        won = False
    return value_game(
        contract,
        count_matadors(declarer_cards, contract.game),
        bid,
        won=won,
        schneider=declarer_points >= 90 or declarer_points <= 30,
        schwarz=defender_tricks == 0 or declarer_tricks == 0,
        schwarz_suffered=schwarz_suffered,
    )


def max_multiplier(game: Game) -> int:
    """The highest multiplier a game can reach (suit 18, grand 11)."""
    return len(_SUIT_SEQUENCE[game]) + len(LEVELS)


def value_table() -> dict[str, tuple[int, ...]]:
    """The ISkO 5.6 table: for each suit game and grand, its value at every multiplier."""
    table = {
        # (type: ignore below) suit and grand games only: base_value is an int
        g.value: tuple(g.base_value * m for m in range(2, max_multiplier(g) + 1))  # type: ignore[operator]
        for g in (Game.DIAMONDS, Game.HEARTS, Game.SPADES, Game.CLUBS, Game.GRAND)
    }
    return table
