"""Small values every ending shares: counts, matadors, a judged or counted game."""

from __future__ import annotations

from referee.core.contracts import Contract
from referee.core.ruleset import RuleSet, SchwarzSuffered
from referee.core.valuation import Matadors, count_matadors, played_valuation
from referee.record.position import Position
from referee.record.state import GameState
from referee.rulings.model import Counts, Infraction, Part, Step
from referee.rulings.outcome import judge_ended


def infraction_step(inf: Infraction) -> Step:
    """The reasoning step that states an infraction and its status."""
    return Step(inf.clauses, inf.explanation)


def matadors_of(state: GameState, contract: Contract | None) -> Matadors | None:
    if contract is None or contract.is_null:
        return None
    return count_matadors(state.declarer_cards_with_skat(), contract.game)


def position_at(state: GameState, event: int) -> Position:
    """The position just before ``event`` (kept by the replayer; no second replay)."""
    return state.position_before(event)


def counts_at(pos: Position) -> Counts:
    """The count at ``pos``; none when the game ended before its first card (a count of
    0 : 0 would read as if ten tricks had been played for nothing)."""
    if not (pos.declarer_tricks or pos.defender_tricks or pos.trick):
        return None, None
    return pos.card_points, pos.tricks


def counted(state: GameState, upto: int | None = None) -> Counts | None:
    """The count of the cards played (up to event ``upto``); None without a declarer."""
    if state.declarer is None:
        return None
    if not state.tricks and not (state.current is not None and state.current.plays):
        return None, None  # nothing played: nothing to count
    return state.card_points(upto), state.tricks_won(upto)


def from_counts(state: GameState, rules: RuleSet, dp: int, dt: int, ft: int) -> Part:
    """The game valued from final counts as if played out (claims, throw-ins, the last
    trick)."""
    valuation = played_valuation(
        # (type: ignore below) only called once a contract was declared
        state.contract,  # type: ignore[arg-type]
        state.declarer_cards_with_skat(),
        state.bid or 0,
        declarer_points=dp,
        declarer_tricks=dt,
        defender_tricks=ft,
        schwarz_suffered=rules.schwarz_suffered is SchwarzSuffered.AT_LEAST,
    )
    p = Part(counts=({"declarer": dp, "defenders": 120 - dp}, {"declarer": dt, "defenders": ft}))
    p.valued(valuation)
    return p


def judged(
    state: GameState, rules: RuleSet, pos: Position, guilty: str, *, decided_counts: bool = True
) -> Part:
    """A game ended at ``pos`` judged against ``guilty`` (4.1.3-4.1.6, 5.4.3) under
    ``rules``: the valuation, its reasoning, its analysis and the count."""
    assert state.contract is not None and state.declarer is not None
    j = judge_ended(
        state.contract,
        matadors_of(state, state.contract),
        state.bid or 0,
        pos,
        guilty,
        state.declarer,
        rules,
        start=state.start,
        decided_counts=decided_counts,
    )
    p = Part(steps=list(j.steps), analysis=list(j.analysis), counts=counts_at(pos))
    p.valued(j.valuation)
    return p
