"""Small operations every ending shares: counting, valuing, writing into a ruling."""

from __future__ import annotations

from referee.core.contracts import Contract
from referee.core.ruleset import RuleSet, SchwarzSuffered
from referee.core.valuation import Matadors, Valuation, count_matadors, played_valuation
from referee.core.vocabulary import Status
from referee.record.position import Position
from referee.record.state import GameState
from referee.rulings.model import Counts, Infraction, Message, Outcome, Part, Ruling, Step
from referee.rulings.outcome import judge_ended


def infraction_step(inf: Infraction) -> Step:
    """The reasoning step that states an infraction and its status."""
    return Step(inf.clauses, inf.explanation)


def void_after_end(r: Ruling, ended: int, keep: Infraction | None = None) -> None:
    """Infractions penalized after the game ended at event ``ended`` are not punished
    (4.1.3): each becomes ``void``, its explanation says why, and so does the reasoning."""
    for inf in r.infractions:
        if (
            inf is not keep
            and inf.status is Status.PENALIZED
            and inf.event is not None
            and inf.event > ended
        ):
            inf.status, inf.ends_at = Status.VOID, None
            inf.clauses = inf.clauses + ("ISkO 4.1.3",)
            inf.explanation = Message(
                "infraction.after_end", {"kind": inf.kind, "event": inf.event, "ended": ended}
            )
            r.step(
                ("ISkO 4.1.3",), "infraction.after_end", kind=inf.kind, event=inf.event, ended=ended
            )


def matadors_of(state: GameState, contract: Contract | None) -> Matadors | None:
    if contract is None or contract.is_null:
        return None
    return count_matadors(state.declarer_cards_with_skat(), contract.game)


def count_as_played(state: GameState, r: Ruling, upto: int | None = None) -> None:
    if state.declarer is not None:
        r.card_points = state.card_points(upto)
        r.tricks = state.tricks_won(upto)
        if not state.tricks and not (state.current is not None and state.current.plays):
            r.card_points = r.tricks = None  # nothing played: nothing to count


def played_nothing(pos: Position) -> bool:
    """Whether no card of the game had been played at ``pos``."""
    return not (pos.declarer_tricks or pos.defender_tricks or pos.trick)


def apply_valuation(r: Ruling, v: Valuation) -> None:
    r.outcome = Outcome.WON if v.won else Outcome.LOST
    r.matadors = v.matadors
    r.levels = v.levels
    r.multiplier = v.multiplier if v.matadors is not None else None
    r.game_value = v.value
    r.overbid = v.overbid
    r.score = v.score


def position_at(state: GameState, event: int) -> Position:
    """The position just before ``event`` (kept by the replayer; no second replay)."""
    return state.position_before(event)


def set_counts(r: Ruling, pos: Position) -> None:
    """The count at ``pos``; none when the game ended before its first card (a count of
    0 : 0 would read as if ten tricks had been played for nothing)."""
    if played_nothing(pos):
        r.card_points = r.tricks = None
    else:
        r.card_points, r.tricks = pos.card_points, pos.tricks


def settle_counts(state: GameState, r: Ruling, dp: int, dt: int, ft: int) -> None:
    """Value the game from final counts as if played out (claims, throw-ins, the last trick)."""
    valuation = played_valuation(
        # (type: ignore below) only called once a contract was declared
        state.contract,  # type: ignore[arg-type]
        state.declarer_cards_with_skat(),
        state.bid or 0,
        declarer_points=dp,
        declarer_tricks=dt,
        defender_tricks=ft,
        schwarz_suffered=r.rules.schwarz_suffered is SchwarzSuffered.AT_LEAST,
    )
    apply_valuation(r, valuation)
    r.card_points = {"declarer": dp, "defenders": 120 - dp}
    r.tricks = {"declarer": dt, "defenders": ft}


def start_position(state: GameState) -> Position | None:
    """The position when play began (hands after the declaration, nothing played yet)."""
    return state.start


def judge_into(
    state: GameState, r: Ruling, pos: Position, guilty: str, *, decided_counts: bool = True
) -> None:
    """Judge a game ended at ``pos`` against ``guilty`` (4.1.3-4.1.6, 5.4.3) under the
    ruling's rule set and write the valuation, its reasoning, its analysis and the count
    into ``r``."""
    assert state.contract is not None and state.declarer is not None
    j = judge_ended(
        state.contract,
        matadors_of(state, state.contract),
        state.bid or 0,
        pos,
        guilty,
        state.declarer,
        r.rules,
        start=start_position(state),
        decided_counts=decided_counts,
    )
    r.reasoning += j.steps
    r.analysis += j.analysis
    apply_valuation(r, j.valuation)
    set_counts(r, pos)


def counts_at(pos: Position) -> Counts:
    """The count at ``pos``; none when the game ended before its first card (a count of
    0 : 0 would read as if ten tricks had been played for nothing)."""
    if played_nothing(pos):
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
        start=start_position(state),
        decided_counts=decided_counts,
    )
    p = Part(steps=list(j.steps), analysis=list(j.analysis), counts=counts_at(pos))
    p.valued(j.valuation)
    return p
