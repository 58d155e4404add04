"""Games cut short under the ISkO as re-sorted in 2018 and amended in 2022 (edition
``2022``): the declarer's claim (4.4.4, catalogue id 4.3.4), a defender who plays open
(4.4.5, id 4.3.5) and cards thrown open (4.4.6, id 4.3.6). docs/editions.md says what the
sources establish about each; the catalogue ids stay the keys, and a ruling cites them in
the edition's numbering.

Each handler returns its part of the ruling; the part ``ends`` the game, or the game goes
on (the play in the record decides, as if nothing had cut it short).
"""

from __future__ import annotations

from referee.core.contracts import Game
from referee.core.ended import Ended, EndReason
from referee.core.kinds import Kind
from referee.core.ruleset import RuleSet, SchwarzSuffered
from referee.core.valuation import Matadors, value_game
from referee.record.event_model import EventType
from referee.record.event_types_end import LayDown
from referee.record.events import of_class
from referee.record.log import GameRecord
from referee.record.position import Position
from referee.record.state import GameState, Marker
from referee.rules.clauses import ENDING_CLAUSES
from referee.rulings import claim_said
from referee.rulings.claims import (
    Answer,
    NodeLimitReached,
    can_force_trick,
    can_reach_points,
    can_take_all,
    searched,
)
from referee.rulings.model import NOTHING, Message, Outcome, Part, Party
from referee.rulings.outcome import (
    certain_from,
    counts_at,
    decided_for,
    failed_at,
    from_counts,
    judged,
)
from referee.rulings.search import reach
from referee.rulings.search.gate import meter
from referee.rulings.shortened import award_rest, later_tricks, remaining

CLAIM = ("ISkO 4.3.4",)
DEFENDER_OPEN = ("ISkO 4.3.5",)
THROWN_OPEN = ("ISkO 4.3.6",)


def _played_after(state: GameState, event: int) -> bool:
    return bool(later_tricks(state, event)) or (
        state.current is not None and any(e > event for _, _, e in state.current.plays)
    )


def _answers(state: GameState, m: Marker) -> tuple[list[Marker], list[Marker], Marker | None]:
    """The defenders' answers to the claim ``m``: consents, refusals and a concession,
    up to the next claim or concession of the declarer."""
    consents: list[Marker] = []
    refusals: list[Marker] = []
    concession: Marker | None = None
    for c in state.markers:
        if c.event <= m.event or c.seat is None:
            continue
        if c.seat is state.declarer and c.type in (EventType.LAY_DOWN, EventType.CONCEDE):
            break
        if c.seat is state.declarer:
            continue
        if c.type == EventType.CONSENT and all(x.seat is not c.seat for x in consents):
            consents.append(c)
        elif c.type == EventType.REFUSE:
            refusals.append(c)
        elif c.type == EventType.CONCEDE and concession is None:
            concession = c
    return consents, refusals, concession


# --------------------------------------------------------------------- 4.4.4 the claim
def declarer_claim(
    record: GameRecord,
    state: GameState,
    rules: RuleSet,
    m: Marker,
    pos: Position,
    matadors: Matadors | None,
) -> Part:
    """4.4.4 (2018): showing the cards shortens the game. Every defender consents: the
    declarer wins the announced game, a higher level only if he claimed it. A defender
    refuses: the game goes on with his cards open, and the play decides."""
    contract, bid, declarer = state.contract, state.bid, state.declarer
    assert contract is not None and bid is not None and declarer is not None
    consents, refusals, concession = _answers(state, m)
    defenders = len({c.seat for c in consents})
    accepted = refusals == [] and (defenders >= 2 or concession is not None)
    ev = of_class(record.events[m.event], LayDown)
    claimed = "schwarz" if ev.schwarz else "schneider" if ev.schneider else None
    r = Part(ends=True)
    r = r._replace(ended=Ended(EndReason.CLAIM, m.event, m.trick))
    said = claim_said.applies(ev, contract)
    stops = not accepted and not _played_after(state, m.event)
    if said:
        r = r.add(claim_said.stated(record, state, rules, m, pos, analyse=stops))
    if accepted:
        by = concession if concession is not None else consents[-1]
        r = r.step(
            CLAIM,
            "claim.2018.accepted" if concession is None else "claim.2018.conceded",
            seat=by.seat.value if by.seat else None,
            event=by.event,
        )
        r = r.add(_claim_granted(state, rules, pos, matadors, claimed))
        return r
    if _played_after(state, m.event):
        refused = refusals[0] if refusals else None
        r = r.step(
            CLAIM,
            "claim.2018.refused_played_on" if refused else "claim.2018.unanswered_played_on",
            seat=refused.seat.value if refused and refused.seat else None,
            event=refused.event if refused else None,
        )
        r = r._replace(ended=None, ends=False)
        return r
    refused = refusals[0] if refusals else None
    r = r.step(
        CLAIM,
        "claim.2018.refused_record_stops" if refused else "claim.2018.unanswered_record_stops",
        seat=refused.seat.value if refused and refused.seat else None,
        event=refused.event if refused else None,
    )
    r = r._replace(outcome=Outcome.UNDETERMINED)
    r = r._replace(counts=counts_at(pos))
    r = r.add(_what_is_certain(state, rules, pos, matadors))
    return r


def _forced_result(state: GameState, rules: RuleSet, pos: Position) -> Part:
    """Every remaining trick goes where the analysis shows it must: the play on open cards
    could end no other way, so the game is valued from those counts."""
    contract = state.contract
    assert contract is not None
    if contract.is_null:  # he takes no trick: the rest is the defenders'
        dp, dt, ft = award_rest(pos, "defenders")
    else:
        dp, dt, ft = award_rest(pos, "declarer")
    r = from_counts(state, rules, dp, dt, ft)
    r = r.step(ENDING_CLAUSES["played_out"], "value.from_counts", points=dp, tricks=dt)
    return r


def _claim_granted(
    state: GameState,
    rules: RuleSet,
    pos: Position,
    matadors: Matadors | None,
    claimed: str | None,
) -> Part:
    r = NOTHING
    contract, bid, declarer = state.contract, state.bid, state.declarer
    assert contract is not None and bid is not None and declarer is not None
    decided = decided_for(contract, pos, matadors, bid)
    if decided == "defenders":
        # the game was lost before the claim: consent cannot undo that (4.1.3)
        r = r.step(CLAIM + ("ISkO 4.1.3",), "claim.2018.already_lost")
        r = r.add(judged(state, rules, pos, "declarer", matadors))
        return r
    if contract.is_null:
        r = r.valued(value_game(contract, None, bid, won=True))
        r = r._replace(counts=counts_at(pos))
        # nothing in null depends on the count: the reading on it has nothing to decide
        return r.step(CLAIM, "claim.2018.won_null")
    d = declarer.index
    # the announced game includes its announcements (an ouvert suit or grand game is
    # declared with schwarz announced)
    schneider = pos.declarer_points >= 90 or contract.schneider
    schwarz = contract.schwarz
    if claimed is not None and not schwarz:
        if claimed == "schwarz" and pos.defender_tricks == 0:
            all_tricks, asked = searched(
                "declarer_can_take_all",
                CLAIM,
                can_take_all,
                pos.hands,
                pos.leader,
                pos.trick,
                contract.game,
                d,
            )
            schwarz = bool(all_tricks)
            r = r.add(asked)
        if not schneider:
            ninety, asked = searched(
                "declarer_can_reach_90",
                CLAIM,
                can_reach_points,
                pos.hands,
                pos.leader,
                pos.trick,
                contract.game,
                d,
                90 - pos.declarer_points,
            )
            schneider = bool(ninety)
            r = r.add(asked)
        if claimed == "schwarz" and not schwarz:
            r = r.step(CLAIM, "claim.2018.level_impossible", level="schwarz")
        elif claimed == "schneider" and not schneider:
            r = r.step(CLAIM, "claim.2018.level_impossible", level="schneider")
        if claimed == "schneider":
            schwarz = contract.schwarz
    v = value_game(
        contract,
        matadors,
        bid,
        won=True,
        schneider=schneider or schwarz,
        schwarz=schwarz,
    )
    r = r.valued(v)
    r = r._replace(counts=counts_at(pos))
    r = r.step(
        CLAIM,
        "claim.2018.won.claimed" if claimed else "claim.2018.won",
        level=claimed,
        levels=[lv for lv in ("schneider", "schwarz") if lv in v.levels] or ["game"],
    )
    # the cards not yet played are nobody's: the count stays as the cards lay
    r = r.step(CLAIM, "reading.isko-4.3.4-consented-count")
    return r


def _what_is_certain(
    state: GameState, rules: RuleSet, pos: Position, matadors: Matadors | None
) -> Part:
    """A refused claim where the record stops: the game must be played on with the
    declarer's cards open; say what the exact analysis already settles."""
    r = NOTHING
    contract, bid, declarer = state.contract, state.bid, state.declarer
    assert contract is not None and bid is not None and declarer is not None
    d = declarer.index
    defenders = 0b111 & ~(1 << d)
    args = (pos.hands, pos.leader, pos.trick, contract.game)
    decided = decided_for(contract, pos, matadors, bid)
    if decided is not None:
        certain = certain_from(state, rules, pos, 0)
        if certain is not None:  # however it is played on, nothing can change any more
            return r.step(CLAIM + ("ISkO 4.1.3",), "claim.2018.certain.result").add(certain)
        r = r.step(
            CLAIM + ("ISkO 4.1.3",),
            "claim.2018.certain.decided.declarer"
            if decided == "declarer"
            else "claim.2018.certain.decided.defenders",
        )
        return r
    if contract.is_null:
        forced, asked = searched(
            "defenders_force_declarer_trick",
            CLAIM,
            can_force_trick,
            *args,
            winners=1 << d,
            controllers=defenders,
        )
        r = r.add(asked)
        if forced is False:
            r = r.step(CLAIM, "claim.2018.certain.null_cannot_lose")
            r = r.add(_forced_result(state, rules, pos))
        elif forced is True:
            r = r.step(CLAIM, "claim.2018.certain.null_can_lose")
        return r
    breaks, asked = searched(
        "defenders_take_a_trick",
        CLAIM,
        can_force_trick,
        *args,
        winners=defenders,
        controllers=defenders,
    )
    r = r.add(asked)
    if breaks is False:
        # the defenders cannot take a trick: every remaining card is the declarer's
        dp, _, _ = award_rest(pos, "declarer")
        r = r.step(CLAIM, "claim.2018.certain.all_tricks", points=dp)
        r = r.add(_forced_result(state, rules, pos))
        return r
    win, asked = searched(
        "declarer_can_reach_61", CLAIM, can_reach_points, *args, d, 61 - pos.declarer_points
    )
    r = r.add(asked)
    if win is False:
        r = r.step(CLAIM, "claim.2018.certain.cannot_win")
        return r
    if win is None:
        return r
    schneider, asked = searched(
        "declarer_can_reach_90", CLAIM, can_reach_points, *args, d, 90 - pos.declarer_points
    )
    r = r.add(asked)
    schwarz: bool | None = False
    if pos.defender_tricks == 0 and schneider:
        schwarz, asked = searched("declarer_can_take_all", CLAIM, can_take_all, *args, d)
        r = r.add(asked)
    reachable = ["game"] + ["schneider"] * bool(schneider) + ["schwarz"] * bool(schwarz)
    r = r.step(CLAIM, "claim.2018.certain.open", reachable=reachable)
    return r


# ------------------------------------------------------------ 4.4.5 a defender plays open
def defender_open(
    state: GameState, rules: RuleSet, m: Marker, pos: Position, matadors: Matadors | None
) -> Part:
    """4.4.5 (2022): a defender may play open only if the declarer cannot take another
    trick whatever he and the other defender play; otherwise the remaining tricks go to
    the declarer and 4.1.3-4.1.6 apply."""
    contract, declarer = state.contract, state.declarer
    assert contract is not None and declarer is not None and m.seat is not None
    d = declarer.index
    partner = 0b111 & ~(1 << d) & ~(1 << m.seat.index)
    r = Part(ends=True)
    r = r._replace(ended=Ended(EndReason.DEFENDER_CLAIM, m.event, m.trick))
    declarer_can, asked = searched(
        "declarer_and_partner_give_declarer_a_trick",
        DEFENDER_OPEN,
        can_force_trick,
        pos.hands,
        pos.leader,
        pos.trick,
        contract.game,
        winners=1 << d,
        controllers=(1 << d) | partner,
    )
    r = r.add(asked)
    if declarer_can is None:
        r = r._replace(outcome=Outcome.UNDETERMINED)
        r = r.step(DEFENDER_OPEN, "claim.undecided")
        r = r._replace(counts=counts_at(pos))
        return r
    if not declarer_can:
        r = r.step(DEFENDER_OPEN, "defender_open.2022.allowed", seat=m.seat.value)
        dp, dt, ft = award_rest(pos, "defenders")
        r = r.add(from_counts(state, rules, dp, dt, ft))
        return r
    r = r.step(DEFENDER_OPEN, "defender_open.2022.not_allowed", seat=m.seat.value)
    settled = decided_for(contract, pos, matadors, state.bid or 0)
    said = {"seat": m.seat.value}
    void = Message("failed_defender_claim.no_effect", said)
    penalized = Message("defender_open.2022.penalized", said)
    kind = Kind.FAILED_DEFENDER_CLAIM
    decided = settled is not None
    failed = failed_at(m, kind, Party.DEFENDERS, decided, DEFENDER_OPEN, void, penalized)
    r = r._replace(infractions=(*r.infractions, failed))
    dp, dt, ft = award_rest(pos, "declarer")
    r = r.add(judged(state, rules, pos, "defenders", matadors))
    r = r._replace(
        counts=({"declarer": dp, "defenders": 120 - dp}, {"declarer": dt, "defenders": ft})
    )
    return r


#: the Python search for the defenders' points is slower than the engine's: a smaller
#: bound, the same on every machine (docs/interpretations.md, E5)
PARTY_NODE_LIMIT = 20_000


def _defenders_reach(
    hands: tuple[int, int, int],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    game: Game,
    declarer: int,
    needed: int,
) -> Answer:
    """Is there any play in which the two defenders take ``needed`` more card points?"""
    m = meter()
    try:
        ans = reach.can_reach_points(
            hands,
            leader,
            trick,
            game,
            declarer,
            needed,
            node_limit=PARTY_NODE_LIMIT,
            party=0b111 & ~(1 << declarer),
        )
    except NodeLimitReached as e:
        if m is not None:
            m.charge(e.nodes)
        raise
    if m is not None:
        m.charge(ans.nodes)
    return ans


# ---------------------------------------------------------------- 4.4.6 cards thrown open
def thrown_open(
    state: GameState,
    rules: RuleSet,
    m: Marker,
    pos: Position,
    side: str,
    matadors: Matadors | None,
) -> Part:
    """4.4.6 (2018): the throwing party keeps the tricks and card points it has; the rest
    goes to the other party, whose levels count only where they were not already
    impossible at that moment (exact analysis)."""
    contract, bid, declarer = state.contract, state.bid, state.declarer
    assert contract is not None and bid is not None and declarer is not None
    r = Part(ends=True)
    r = r._replace(ended=Ended(EndReason.THROWN_IN, m.event, m.trick))
    r = r.step(THROWN_OPEN, "thrown_open.2018", seat=m.seat.value if m.seat else None, side=side)
    other = "defenders" if side == "declarer" else "declarer"
    dp, dt, ft = award_rest(pos, other)
    if contract.is_null:
        r = r.add(from_counts(state, rules, dp, dt, ft))
        return r
    d = declarer.index
    args = (pos.hands, pos.leader, pos.trick, contract.game)
    won = dp >= 61 and not (contract.schneider and dp < 90) and not (contract.schwarz and ft)
    schneider = dp >= 90 or dp <= 30
    schwarz = ft == 0 or dt == 0
    if side == "defenders":  # the declarer's levels: were they still reachable?
        if dp >= 90 and pos.declarer_points < 90:
            ok, asked = searched(
                "declarer_can_reach_90",
                THROWN_OPEN,
                can_reach_points,
                *args,
                d,
                90 - pos.declarer_points,
            )
            r = r.add(asked)
            if ok is False:
                schneider = dp <= 30
                r = r.step(THROWN_OPEN, "thrown_open.2018.level_impossible", level="schneider")
        if ft == 0:
            ok, asked = searched("declarer_can_take_all", THROWN_OPEN, can_take_all, *args, d)
            r = r.add(asked)
            if ok is False:
                schwarz = dt == 0
                r = r.step(THROWN_OPEN, "thrown_open.2018.level_impossible", level="schwarz")
    elif dp <= 30 < pos.declarer_points + remaining(pos)[0]:
        # the defenders' schneider: could the declarer still be held to 30?
        ok, asked = searched(
            "defenders_can_hold_declarer_to_30",
            THROWN_OPEN,
            _defenders_reach,
            *args,
            d,
            remaining(pos)[0] - (30 - pos.declarer_points),
        )
        r = r.add(asked)
        if ok is False:
            schneider = dp >= 90
            r = r.step(THROWN_OPEN, "thrown_open.2018.level_impossible", level="schneider")
    if side == "declarer" and dt == 0:
        # the defenders' schwarz: could the declarer still be kept from every trick?
        sure, asked = searched(
            "declarer_takes_a_trick_whatever_is_played",
            THROWN_OPEN,
            can_force_trick,
            *args,
            winners=1 << d,
            controllers=0,
        )
        r = r.add(asked)
        if sure is True:
            schwarz = False
            r = r.step(THROWN_OPEN, "thrown_open.2018.level_impossible", level="schwarz")
    v = value_game(
        contract,
        matadors,
        bid,
        won=won,
        schneider=schneider or schwarz,
        schwarz=schwarz,
        schwarz_suffered=rules.schwarz_suffered is SchwarzSuffered.AT_LEAST,
    )
    r = r.valued(v)
    r = r._replace(
        counts=({"declarer": dp, "defenders": 120 - dp}, {"declarer": dt, "defenders": ft})
    )
    return r


__all__ = ["declarer_claim", "defender_open", "thrown_open"]
