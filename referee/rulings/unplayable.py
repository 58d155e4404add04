"""ISkO 3.4.4: a null game that can no longer be played.

A null game whose value is below the last bid cannot be won at any level: announcing it
contradicts the bidding. The declarer loses a suit game or grand instead, valued with the
last bid and the matadors he holds or lacks. Which one? The rule names none; the engine
takes the one that costs him least (the reading of ISkO 3.4.3's worked examples, where a
declarer whose game the skat spoiled gives up the cheapest game he may announce),
overbid rules applied where no value reaches the bid. docs/interpretations.md says why.
"""

from __future__ import annotations

from referee.core.ended import Ended, EndReason
from referee.core.ruleset import NullBelowBid, RuleSet
from referee.core.valuation import cheapest_lost_game, value_game
from referee.record.replay import GameState
from referee.rulings.model import Part
from referee.rulings.outcome import counts_at

__all__ = ["null_unplayable"]

CLAUSES = ("ISkO 3.4.4",)


def null_unplayable(state: GameState, rules: RuleSet) -> Part | None:
    """Rule a null game announced below the last bid (3.4.4); None when not one.

    The game ends at the declaration: nothing played after it can change the result, and
    infractions after it are not punished (4.1.3).
    """
    contract, bid, declared_at = state.contract, state.bid, state.declared_at
    if contract is None or not contract.is_null or bid is None or contract.base_value >= bid:
        return None
    if declared_at is None:
        return None
    r = Part(ends=True)
    if rules.null_below_bid is NullBelowBid.NEXT_NULL_VALUE:
        # the overbid rule applied to the null game itself (5.4.1)
        valuation = value_game(contract, None, bid, won=False)
        r = r.step(
            CLAUSES + ("ISkO 5.4.1",),
            "reading.isko-3.4.4-cheapest-game.next_null_value",
            null_value=contract.base_value,
            bid=bid,
            value=valuation.value,
        )
    else:
        game, valuation = cheapest_lost_game(state.declarer_cards_with_skat(), bid)
        r = r.step(
            CLAUSES,
            "ending.null_unplayable",
            null_value=contract.base_value,
            bid=bid,
            game=game.value,
            value=valuation.value,
        )
        r = r.step(CLAUSES + ("ISkO 3.4.3",), "reading.isko-3.4.4-cheapest-game", bid=bid)
    r = r.valued(valuation)
    r = r._replace(ended=Ended(EndReason.NULL_UNPLAYABLE, declared_at, None))
    if state.start is not None:
        r = r._replace(counts=counts_at(state.start))
    r = r._replace(void_after=declared_at)
    return r
