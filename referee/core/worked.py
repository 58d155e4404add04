"""How the core recomputes a worked example of the rule texts.

The examples themselves are data (``rules_kb/examples/worked.yaml``, read by
:mod:`referee.rules.examples`). Each :class:`WorkedExample` names the clause it comes
from, says in a line what happens, holds the inputs (card tokens, bid, final count ...)
and the result the rule text prints; :meth:`WorkedExample.compute` feeds the inputs to
the core, by the function its ``computation`` (the entry's ``kind``) names (:data:`COMPUTE`).

>>> ex = WorkedExample("x", "ISkO 5.1.2", "the four null values", "null_values",
...     {"variants": [[False, False], [True, False], [False, True], [True, True]]},
...     (23, 35, 46, 59))
>>> ex.compute(), ex.ok
((23, 35, 46, 59), True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import mask_of, parse_cards
from referee.core.contracts import Contract, Game
from referee.core.scoresheet import performance, settle
from referee.core.valuation import (
    LEVELS,
    Matadors,
    count_matadors,
    lost_games,
    settle_played_game,
    value_game,
)

__all__ = ["COMPUTE", "WorkedExample"]


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """One worked example of the rule texts: where it is, what it says, what it gives."""

    id: str
    clause: str
    description: str
    computation: str
    inputs: Mapping[str, Any]
    expected: Any
    source: str = "en"  # which translation states it: en, es, or "en es" (both), web

    def compute(self) -> Any:
        """The result the core computes from :attr:`inputs`."""
        return COMPUTE[self.computation](self.inputs)

    @property
    def ok(self) -> bool:
        return bool(self.compute() == self.expected)


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
    scores = {g.value: v.score for g, v in lost_games(_cards(inputs), inputs["bid"]).items()}
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
    levels: tuple[str, ...]
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


#: example kind -> the function that computes it from the inputs
COMPUTE: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "played": _played,
    "valued": _valued,
    "cheapest_announcement": _cheapest_announcement,
    "table_row": _table_row,
    "null_values": _null_values,
    "settlement": _settlement,
    "performance": _performance,
}
