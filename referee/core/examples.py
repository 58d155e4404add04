"""The worked examples of the rule texts, as data, recomputed by the core.

Each :class:`WorkedExample` names the clause it comes from, says in a line what happens,
holds the inputs (card tokens, bid, final count ...) and the result the rule text prints.
:meth:`WorkedExample.compute` feeds the inputs to the core; ``referee examples`` prints
both side by side, and the tests require them to agree.

>>> ex = by_id("isko-5.4.2")
>>> ex.clause, ex.expected, ex.compute()
('ISkO 5.4.2', -80, -80)
>>> all(e.ok for e in EXAMPLES)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import mask_of, parse_cards
from referee.core.contracts import Contract, Game
from referee.core.errors import NotFound
from referee.core.scoresheet import performance, settle
from referee.core.valuation import (
    LEVELS,
    Matadors,
    count_matadors,
    settle_played_game,
    value_game,
)

#: the games a declarer may announce instead of the one he meant (suit games and grand)
SUIT_AND_GRAND = (Game.DIAMONDS, Game.HEARTS, Game.SPADES, Game.CLUBS, Game.GRAND)


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """One worked example of the rule texts: where it is, what it says, what it gives."""

    id: str
    clause: str
    description: str
    kind: str
    inputs: Mapping[str, Any]
    expected: Any
    source: str = "en"  # which translation states it: en, es, or "en es" (both), web

    def compute(self) -> Any:
        """The result the core computes from :attr:`inputs`."""
        return _KINDS[self.kind](self.inputs)

    @property
    def ok(self) -> bool:
        return self.compute() == self.expected


# -- how each kind of example is computed ----------------------------------------------
def _cards(inputs: Mapping[str, Any]) -> int:
    """The declarer's dealt cards plus the skat, as a mask."""
    return mask_of(parse_cards([*inputs["hand"], *inputs["skat"]]))


def _contract(inputs: Mapping[str, Any]) -> Contract:
    return Contract.declare(inputs["game"], **inputs.get("announce", {}))


def _played(inputs: Mapping[str, Any]) -> int:
    """A game played to the end: the declarer's score-sheet entry."""
    result = settle_played_game(
        _contract(inputs),
        _cards(inputs),
        inputs["bid"],
        declarer_points=inputs["declarer_points"],
        declarer_tricks=inputs["declarer_tricks"],
        defender_tricks=10 - inputs["declarer_tricks"],
    )
    return result.valuation.score


def _valued(inputs: Mapping[str, Any]) -> int:
    """A game valued at given levels (no card count needed): the score-sheet entry."""
    contract = _contract(inputs)
    matadors = count_matadors(_cards(inputs), contract.game)
    levels = tuple(inputs.get("levels", ("game", "hand") if contract.hand else ("game",)))
    return value_game(contract, matadors, inputs["bid"], won=True, levels=levels).score


def _cheapest_announcement(inputs: Mapping[str, Any]) -> tuple[tuple[str, ...], int]:
    """ISkO 3.4.3: the pickup games that cost the least when conceded as lost.

    The skat has spoiled the game the declarer bid on; he announces a game and gives it
    up. Each suit game and grand is valued as lost (overbid where its value falls short
    of the bid); the cheapest are the ones the rule text names.
    """
    cards, bid = _cards(inputs), inputs["bid"]
    scores = {}
    for game in SUIT_AND_GRAND:
        valuation = value_game(Contract(game), count_matadors(cards, game), bid, won=False)
        scores[game.value] = valuation.score
    best = max(scores.values())
    return tuple(sorted(g for g, s in scores.items() if s == best)), best


def _table_row(inputs: Mapping[str, Any]) -> tuple[int, ...]:
    """A row of the 5.6 table, each cell valued by the core from matadors plus levels.

    A sum is made of as few matadors as possible and the levels of a hand game; the sums
    beyond 'with all, schwarz announced' (and every grand ouvert cell) need ouvert.
    """
    game, ouvert = Game(inputs["game"]), inputs.get("ouvert", False)
    most_matadors = 4 if game is Game.GRAND else 11
    values = []
    for total in inputs["sums"]:
        if ouvert or total > most_matadors + len(LEVELS) - 1:
            contract, levels = Contract.declare(game, ouvert=True), LEVELS
        else:
            levels = LEVELS[: min(total - 1, len(LEVELS) - 1)]
            contract = Contract.declare(
                game,
                hand="hand" in levels,
                schneider="schneider_announced" in levels,
                schwarz="schwarz_announced" in levels,
            )
        matadors = Matadors(True, total - len(levels))
        values.append(value_game(contract, matadors, 18, won=True, levels=levels).value)
    return tuple(values)


def _null_values(inputs: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(
        Contract.declare("null", hand=hand, ouvert=ouvert).base_value
        for hand, ouvert in inputs["variants"]
    )


def _settlement(inputs: Mapping[str, Any]) -> dict[str, int]:
    return settle(inputs["scores"], inputs["version"])


def _performance(inputs: Mapping[str, Any]) -> int:
    return performance(
        inputs["points"],
        won=inputs["won"],
        lost=inputs["lost"],
        others_lost=inputs["others_lost"],
        table_size=inputs["table_size"],
    )


_KINDS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "played": _played,
    "valued": _valued,
    "cheapest_announcement": _cheapest_announcement,
    "table_row": _table_row,
    "null_values": _null_values,
    "settlement": _settlement,
    "performance": _performance,
}

# -- the examples -----------------------------------------------------------------------
# Hands are chosen to fit the text: "spades without four" holds no jack but the spade ace.
_NO_JACKS_SPADES = ["SA", "ST", "SK", "SQ", "S9", "S8", "HA", "HT", "DA", "D7"]
_NO_JACKS_CLUBS = ["CA", "CT", "CK", "CQ", "C9", "C8", "C7", "HA", "HT", "DA"]

EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        "isko-3.4.3-a",
        "ISkO 3.4.3",
        "spades without 4 held to 50, club jack in the skat: the game to announce",
        "cheapest_announcement",
        {"hand": _NO_JACKS_SPADES, "skat": ["CJ", "D8"], "bid": 50},
        (("hearts",), -100),
        "en es",
    ),
    WorkedExample(
        "isko-3.4.3-b",
        "ISkO 3.4.3",
        "clubs without 4 held to 59, spade jack in the skat: the games to announce",
        "cheapest_announcement",
        {"hand": _NO_JACKS_CLUBS, "skat": ["SJ", "D8"], "bid": 59},
        (("clubs", "hearts"), -120),
        "en es",
    ),
    WorkedExample(
        "isko-5.2.5",
        "ISkO 5.2.5",
        "grand hand with 2, schneider announced, declarer 88 points: lost",
        "played",
        {
            "game": "grand",
            "announce": {"hand": True, "schneider": True},
            "hand": ["CJ", "SJ", "CA", "CT", "SA", "ST", "HA", "HT", "DA", "DT"],
            "skat": ["D7", "D8"],
            "bid": 48,
            "declarer_points": 88,
            "declarer_tricks": 8,
        },
        -288,
        "en es",
    ),
    WorkedExample(
        "isko-5.2.5-own-schneider",
        "ISkO 5.2.5",
        "the same game with the declarer himself schneider (25): no 'own schneider'",
        "played",
        {
            "game": "grand",
            "announce": {"hand": True, "schneider": True},
            "hand": ["CJ", "SJ", "CA", "CT", "SA", "ST", "HA", "HT", "DA", "DT"],
            "skat": ["D7", "D8"],
            "bid": 48,
            "declarer_points": 25,
            "declarer_tricks": 2,
        },
        -288,
        "en es",
    ),
    WorkedExample(
        "isko-5.2.6-clubs",
        "ISkO 5.2.6",
        "clubs ouvert with 2, every trick taken",
        "played",
        {
            "game": "clubs",
            "announce": {"ouvert": True},
            "hand": ["CJ", "SJ", "CA", "CT", "CK", "CQ", "C9", "SA", "HA", "DA"],
            "skat": ["D7", "D8"],
            "bid": 18,
            "declarer_points": 120,
            "declarer_tricks": 10,
        },
        108,
        "en es",
    ),
    WorkedExample(
        "isko-5.2.6-grand",
        "ISkO 5.2.6",
        "grand ouvert with 4, every trick taken",
        "played",
        {
            "game": "grand",
            "announce": {"ouvert": True},
            "hand": ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "ST", "HA", "DA"],
            "skat": ["D7", "D8"],
            "bid": 18,
            "declarer_points": 120,
            "declarer_tricks": 10,
        },
        264,
        "en es",
    ),
    WorkedExample(
        "isko-5.4.1-a",
        "ISkO 5.4.1",
        "held to 50, club jack in the skat, hearts with 1 announced: overbid",
        "valued",
        {"game": "hearts", "hand": _NO_JACKS_SPADES, "skat": ["CJ", "D8"], "bid": 50},
        -100,
        "en es",
    ),
    WorkedExample(
        "isko-5.4.1-b-clubs",
        "ISkO 5.4.1",
        "held to 59, spade jack in the skat, clubs without 1 announced: overbid",
        "valued",
        {"game": "clubs", "hand": _NO_JACKS_CLUBS, "skat": ["SJ", "D8"], "bid": 59},
        -120,
        "en es",
    ),
    WorkedExample(
        "isko-5.4.1-b-hearts",
        "ISkO 5.4.1",
        "held to 59, spade jack in the skat, hearts without 1 announced: overbid",
        "valued",
        {"game": "hearts", "hand": _NO_JACKS_CLUBS, "skat": ["SJ", "D8"], "bid": 59},
        -120,
        "en es",
    ),
    WorkedExample(
        "isko-5.4.2",
        "ISkO 5.4.2",
        "hearts hand without 3 held to 36, club jack in the skat, 70 points: lost",
        "played",
        {
            "game": "hearts",
            "announce": {"hand": True},
            "hand": ["DJ", "HA", "HT", "HK", "HQ", "H9", "SA", "ST", "CA", "DA"],
            "skat": ["CJ", "D7"],
            "bid": 36,
            "declarer_points": 70,
            "declarer_tricks": 7,
        },
        -80,
        "en es",
    ),
    WorkedExample(
        "isko-5.4-clubs-hand-40",
        "ISkO 5.4 (es appendix)",
        "clubs hand without 2 held to 40, club jack in the skat: overbid, 48 counted double",
        "played",
        {
            "game": "clubs",
            "announce": {"hand": True},
            "hand": ["HJ", "CA", "CT", "CK", "CQ", "C9", "C8", "SA", "HA", "DA"],
            "skat": ["CJ", "D7"],
            "bid": 40,
            "declarer_points": 80,
            "declarer_tricks": 8,
        },
        -96,
        "es",
    ),
    WorkedExample(
        "isko-5.4-spades-30",
        "ISkO 3.4.3/5.4 (es appendix)",
        "spades without 2 held to 30, club jack in the skat: hearts, lost 60",
        "cheapest_announcement",
        {
            "hand": ["HJ", "SA", "ST", "SK", "SQ", "S9", "HA", "HT", "DA", "D7"],
            "skat": ["CJ", "D8"],
            "bid": 30,
        },
        (("hearts",), -60),
        "es",
    ),
    WorkedExample(
        "isko-5.4-hearts-hand-schneider",
        "ISkO 5.4.3 (es appendix)",
        "hearts hand without 2 held to 40, club jack in the skat, "
        "ended by a revoke with the defence still schneider: won with 1, hand, schneider",
        "valued",
        {
            "game": "hearts",
            "announce": {"hand": True},
            "hand": ["HJ", "HA", "HT", "HK", "HQ", "H9", "SA", "ST", "CA", "DA"],
            "skat": ["CJ", "D7"],
            "bid": 40,
            "levels": ("game", "hand", "schneider"),
        },
        40,
        "es",
    ),
    WorkedExample(
        "web-clubs-hand-overbid",
        "ISkO 5.4.2 (web page 003)",
        "clubs hand held to 48, CJ and CQ in the skat, 74 points: with 1, lost 2 x 48",
        "played",
        {
            "game": "clubs",
            "announce": {"hand": True},
            "hand": ["HJ", "CA", "CT", "CK", "C9", "C8", "SA", "ST", "HA", "DA"],
            "skat": ["CJ", "CQ"],
            "bid": 48,
            "declarer_points": 74,
            "declarer_tricks": 7,
        },
        -96,
        "web",
    ),
    WorkedExample(
        "web-clubs-hand-schneider",
        "ISkO 5.4.2 (web page 003)",
        "the same clubs hand with 95 points: schneider lifts it to 48, won",
        "played",
        {
            "game": "clubs",
            "announce": {"hand": True},
            "hand": ["HJ", "CA", "CT", "CK", "C9", "C8", "SA", "ST", "HA", "DA"],
            "skat": ["CJ", "CQ"],
            "bid": 48,
            "declarer_points": 95,
            "declarer_tricks": 9,
        },
        48,
        "web",
    ),
    WorkedExample(
        "web-spades-schneidered",
        "ISkO 5.2.3 (web page 003)",
        "spades without 2 with 28 points: without 2, game 3, schneider 4, lost",
        "played",
        {
            "game": "spades",
            "hand": ["HJ", "DJ", "SA", "ST", "SK", "SQ", "CA", "CT", "HA", "D7"],
            "skat": ["D8", "D9"],
            "bid": 18,
            "declarer_points": 28,
            "declarer_tricks": 3,
        },
        -88,
        "web",
    ),
    WorkedExample(
        "web-null-ouvert-lost",
        "ISkO 5.2.7 (web page 003)",
        "null ouvert on a bid of 30, declarer forced to take the ninth trick",
        "played",
        {
            "game": "null",
            "announce": {"ouvert": True},
            "hand": ["C7", "C8", "C9", "S7", "S8", "H7", "H8", "D7", "D8", "DA"],
            "skat": ["CA", "SA"],
            "bid": 30,
            "declarer_points": 11,
            "declarer_tricks": 1,
        },
        -92,
        "web",
    ),
    WorkedExample(
        "isko-5.6-diamonds",
        "ISkO 5.6",
        "value table, diamonds (base 9), sums 2-18",
        "table_row",
        {"game": "diamonds", "sums": tuple(range(2, 19))},
        (18, 27, 36, 45, 54, 63, 72, 81, 90, 99, 108, 117, 126, 135, 144, 153, 162),
        "en es",
    ),
    WorkedExample(
        "isko-5.6-hearts",
        "ISkO 5.6",
        "value table, hearts (base 10), sums 2-18",
        "table_row",
        {"game": "hearts", "sums": tuple(range(2, 19))},
        (20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180),
        "en es",
    ),
    WorkedExample(
        "isko-5.6-spades",
        "ISkO 5.6",
        "value table, spades (base 11), sums 2-18",
        "table_row",
        {"game": "spades", "sums": tuple(range(2, 19))},
        (22, 33, 44, 55, 66, 77, 88, 99, 110, 121, 132, 143, 154, 165, 176, 187, 198),
        "en es",
    ),
    WorkedExample(
        "isko-5.6-clubs",
        "ISkO 5.6",
        "value table, clubs (base 12), sums 2-18",
        "table_row",
        {"game": "clubs", "sums": tuple(range(2, 19))},
        (24, 36, 48, 60, 72, 84, 96, 108, 120, 132, 144, 156, 168, 180, 192, 204, 216),
        "en es",
    ),
    WorkedExample(
        "isko-5.6-grand",
        "ISkO 5.6",
        "value table, grand (base 24), sums 2-10",
        "table_row",
        {"game": "grand", "sums": tuple(range(2, 11))},
        (48, 72, 96, 120, 144, 168, 192, 216, 240),
        "en es",
    ),
    WorkedExample(
        "isko-5.6-grand-ouvert",
        "ISkO 5.6",
        "value table, grand ouvert with 1-4",
        "table_row",
        {"game": "grand", "ouvert": True, "sums": (8, 9, 10, 11)},
        (192, 216, 240, 264),
        "en es",
    ),
    WorkedExample(
        "isko-5.6-null",
        "ISkO 5.1.2/5.6",
        "null, null hand, null ouvert, null ouvert hand",
        "null_values",
        {"variants": ((False, False), (True, False), (False, True), (True, True))},
        (23, 35, 46, 59),
        "en es",
    ),
    WorkedExample(
        "isko-5.5.5-v1",
        "ISkO 5.5.5",
        "settlement version 1 (plus points prevail): 4 x score - 302",
        "settlement",
        {"scores": {"A": 196, "B": 33, "C": -12, "D": 85}, "version": 1},
        {"A": 482, "B": -170, "C": -350, "D": 38},
        "en es",
    ),
    WorkedExample(
        "isko-5.5.5-v2",
        "ISkO 5.5.5",
        "settlement version 2 (minus points prevail): 4 x score + 213",
        "settlement",
        {"scores": {"A": 44, "B": 33, "C": -420, "D": 130}, "version": 2},
        {"A": 389, "B": 345, "C": -1467, "D": 733},
        "en es",
    ),
    WorkedExample(
        "isko-5.5.5-v3",
        "ISkO 5.5.5",
        "settlement version 3: every pair compared, differences summed",
        "settlement",
        {"scores": {"A": 120, "B": -75, "C": 200, "D": -40}, "version": 3},
        {"A": 275, "B": -505, "C": 595, "D": -365},
        "en es",
    ),
    WorkedExample(
        "skwo-5.1",
        "SkWO 5.1/8.12",
        "4-player table: 937 points, 18 won, 3 lost, the others lost 14",
        "performance",
        {"points": 937, "won": 18, "lost": 3, "others_lost": 14, "table_size": 4},
        2107,
        "en es",
    ),
)


def by_id(example_id: str) -> WorkedExample:
    """The example with this id; a coded error names an unknown one."""
    for example in EXAMPLES:
        if example.id == example_id:
            return example
    raise NotFound(f"no worked example {example_id!r}", code="examples.unknown")
