"""Games cut short at the table: concessions, claims laid down, throw-ins, and platform
events (ISkO 4.3.1-4.3.6, 4.4.5), each turned into the ruling's ending and value."""

from __future__ import annotations

from referee.core.ended import Ended, EndReason
from referee.core.kinds import KINDS, Kind
from referee.core.ruleset import (
    ConcessionRecordStops,
    DefenderNull,
    DefenderThrowIn,
    Edition,
    NoAnnouncement,
    RuleSet,
)
from referee.core.valuation import Matadors, cheapest_lost_game, levels_reached, value_game
from referee.core.vocabulary import Status
from referee.record.event_model import EventType
from referee.record.event_types_end import LayDown
from referee.record.events import of_class
from referee.record.log import GameRecord
from referee.record.position import Position
from referee.record.state import GameState, Marker
from referee.rules.clauses import ENDING_CLAUSES
from referee.rulings import claim_said
from referee.rulings import shortened_2018 as later
from referee.rulings.model import NOTHING, Infraction, Message, Outcome, Part, Party
from referee.rulings.outcome import (
    counts_at,
    decided_for,
    failed_at,
    from_counts,
    judged,
    position_at,
)
from referee.rulings.shortened import (
    declarer_claim,
    defender_claim,
    defender_claim_in_null,
    thrown_in,
)


def end_by_marker(
    record: GameRecord, state: GameState, rules: RuleSet, m: Marker, matadors: Matadors | None
) -> Part:
    """The ending of a game cut short at the table by ``m`` (``matadors``: the
    declarer's)."""
    part = _end_by_marker(record, state, rules, m, matadors)
    ev = record.events[m.event]
    if isinstance(ev, LayDown) and claim_said.said_in_vain(ev, state):
        return part._replace(steps=(claim_said.IN_VAIN, *part.steps))
    return part


def _end_by_marker(
    record: GameRecord, state: GameState, rules: RuleSet, m: Marker, matadors: Matadors | None
) -> Part:
    r = Part(ends=True)
    declarer, contract, bid = state.declarer, state.contract, state.bid
    trick = m.trick
    if m.type in (EventType.TIMEOUT, EventType.LEFT):
        r = r._replace(outcome=Outcome.UNDETERMINED)
        r = r._replace(ended=Ended(EndReason(m.type), m.event, trick))
        r = r.step(
            ENDING_CLAUSES["platform"],
            f"ending.{m.type}",
            seat=m.seat.value if m.seat else None,
            phase=m.phase,
            trick=trick,
        )
        if declarer is not None:
            r = r._replace(counts=counts_at(position_at(state, m.event)))
        return r
    if declarer is None or contract is None or bid is None:
        if m.type == EventType.CONCEDE:
            return _concedes_unannounced(state, rules, m)
        return NOTHING
    pos = position_at(state, m.event)
    side = "declarer" if m.seat is declarer else "defenders"
    if m.type == EventType.CONCEDE and side == "declarer":
        return declarer_concedes(record, state, rules, m, pos, matadors)
    if m.type == EventType.CONCEDE:
        r = r._replace(ended=Ended(EndReason.DEFENDERS_CONCEDED, m.event, trick))
        r = r.step(
            ENDING_CLAUSES["defenders_conceded"],
            "ending.defenders_conceded",
            seat=m.seat.value if m.seat else None,
        )
        r = r.add(judged(state, rules, pos, "defenders", matadors))
        return r
    if m.type == EventType.LAY_DOWN and side == "defenders" and contract.is_null:
        return _defender_lays_down_in_null(state, rules, m, pos, matadors)
    if rules.edition is not Edition.ISKO_1998 and m.type in (
        EventType.LAY_DOWN,
        EventType.THROW_IN,
    ):
        # the 2018 re-sorting changed all three (4.4.4, 4.4.5, 4.4.6; docs/editions.md)
        if m.type == EventType.THROW_IN:
            return later.thrown_open(state, rules, m, pos, side, matadors)
        if side == "declarer":
            return later.declarer_claim(record, state, rules, m, pos, matadors)
        return later.defender_open(state, rules, m, pos, matadors)
    if m.type == EventType.LAY_DOWN:
        if side == "declarer":
            refusal = _refusal(state, m, of="lay_down")
            if refusal is not None and refusal.seat is not None:
                # under 2018/2022 a refusal keeps the game going (4.4.4); not so in 1998/99
                r = r.step(
                    ("ISkO 4.3.4",),
                    "claim.refusal_1998",
                    seat=refusal.seat.value,
                    event=refusal.event,
                )
            r = r._replace(ended=Ended(EndReason.CLAIM, m.event, trick))
            if claim_said.applies(of_class(record.events[m.event], LayDown), contract):
                said = claim_said.declarer_claim(record, state, rules, m, pos, matadors)
                if isinstance(said, Part):  # it stands; the tricks given up are unplayed
                    r = r.add(said)
                    return r
                award = said
            else:
                award = declarer_claim(state, m, pos, contract.is_null, rules)
            kind = Kind.FAILED_CLAIM
        else:
            award = defender_claim(state, m, pos, rules)
            r = r._replace(ended=Ended(EndReason.DEFENDER_CLAIM, m.event, trick))
            kind = Kind.FAILED_DEFENDER_CLAIM
        r = r.add(award.said)
        if award.holds is None:
            r = r._replace(outcome=Outcome.UNDETERMINED)
            r = r.step(("ISkO 4.3.4",), "claim.undecided")
            r = r._replace(counts=counts_at(pos))
            return r
        if not award.holds:
            # judged where the claim failed (isko-4.3.4-played-on): at the claim, unless
            # the rule set keeps the tricks taken after it
            pos = award.judged_at or pos
            # a claim that fails once the game was already decided changes nothing (4.1.3)
            settled = decided_for(contract, pos, matadors, bid) is not None
            who = {"seat": m.seat.value if m.seat else None}
            void = Message(f"{kind}.no_effect", who)
            penalized = Message(f"{kind}.penalized", who)
            cites = KINDS[kind].cites
            failed = failed_at(m, kind, Party(side), settled, cites, void, penalized, trick)
            r = r._replace(infractions=(*r.infractions, failed))
            # a failed claim ends the game against the claimer's side (4.1.3-4.1.6): the
            # awarded cards are counted, but they never raise the level
            r = r.add(judged(state, rules, pos, side, matadors))
            if contract.is_null:  # nothing awarded in null: the count as played (judged)
                return r
            return r._replace(
                counts=(
                    {
                        "declarer": award.declarer_points,
                        "defenders": 120 - award.declarer_points,
                    },
                    {"declarer": award.declarer_tricks, "defenders": award.defender_tricks},
                )
            )
        r = r.add(
            from_counts(
                state, rules, award.declarer_points, award.declarer_tricks, award.defender_tricks
            )
        )
        r = r.step(
            ENDING_CLAUSES["played_out"],
            "value.from_counts",
            points=award.declarer_points,
            tricks=award.declarer_tricks,
        )
        return r
    if (
        m.type == EventType.THROW_IN
        and side == "defenders"
        and rules.defender_throw_in is DefenderThrowIn.AS_CONCESSION
    ):  # 4.3.3: a defender who gives up ends the game, decided by 4.1.3-4.1.6
        r = r._replace(ended=Ended(EndReason.THROWN_IN, m.event, trick))
        r = r.step(
            ("ISkO 4.3.3", "ISkO 4.3.6"),
            "reading.isko-4.3.6-defender-throw-in.as_concession",
            seat=m.seat.value if m.seat else None,
            points=pos.defender_points,
        )
        r = r.add(judged(state, rules, pos, "defenders", matadors))
        return r
    if m.type == EventType.THROW_IN:
        dp, dt, ft = thrown_in(pos, side)
        r = r._replace(ended=Ended(EndReason.THROWN_IN, m.event, trick))
        r = r.step(
            ENDING_CLAUSES["thrown_in"],
            "ending.thrown_in",
            seat=m.seat.value if m.seat else None,
            side=side,
        )
        if side == "defenders":  # counted (4.3.6), not judged as a concession (4.3.3)
            r = r.step(
                ("ISkO 4.3.6", "ISkO 4.3.3"),
                "reading.isko-4.3.6-defender-throw-in",
                points=pos.defender_points,
            )
        r = r.add(from_counts(state, rules, dp, dt, ft))
        r = r.step(ENDING_CLAUSES["played_out"], "value.from_counts", points=dp, tricks=dt)
        return r
    return NOTHING


def _concedes_unannounced(state: GameState, rules: RuleSet, m: Marker) -> Part:
    """A concession before any game was announced. The declarer's own (bidding over, no
    announcement yet) is valued by the reading isko-4.3.1-no-announcement; anyone else's,
    or one made before the bidding has a declarer, leaves nothing to value."""
    r = Part(ends=True, ended=Ended(EndReason.DECLARER_CONCEDED, m.event, None))
    declarer, bid = state.declarer, state.bid
    if declarer is None or bid is None or m.seat is not declarer:
        r = r._replace(outcome=Outcome.UNDETERMINED)
        return r.step(("ISkO 4.3.1", "ISkO 3.4.1"), "ending.no_contract")
    clauses = ("ISkO 4.3.1", "ISkO 3.4.1", "ISkO 3.4.3")
    if rules.no_announcement is NoAnnouncement.UNDETERMINED:
        r = r._replace(outcome=Outcome.UNDETERMINED)
        return r.step(clauses, "reading.isko-4.3.1-no-announcement.undetermined", bid=bid)
    # he must announce (3.4.1) and may then give the game up (3.4.3, 4.3.1): the cheapest
    # suit game or grand that covers the bid with his matadors, as for 3.4.4 and 4.1.1
    game, valuation = cheapest_lost_game(state.declarer_cards_with_skat(), bid)
    r = r.valued(valuation).step(
        clauses,
        "reading.isko-4.3.1-no-announcement",
        bid=bid,
        game=game.value,
        value=valuation.value,
    )
    return r._replace(counts=counts_at(position_at(state, m.event)))


def declarer_concedes(
    record: GameRecord,
    state: GameState,
    rules: RuleSet,
    m: Marker,
    pos: Position,
    matadors: Matadors | None,
) -> Part:
    r = Part(ends=True)
    contract, bid = state.contract, state.bid
    assert contract is not None and bid is not None
    cards = m.cards_in_hand or 0
    consent = next(
        (
            c
            for c in state.markers
            if c.type == EventType.CONSENT and c.event > m.event and c.seat is not state.declarer
        ),
        None,
    )
    refusal = _refusal(state, m)
    simple = levels_reached(contract, won=False, schneider=False, schwarz=False)
    r = r._replace(ended=Ended(EndReason.DECLARER_CONCEDED, m.event, m.trick))
    if refusal is not None and (cards >= 9 or consent is not None):
        # 4.3.1: with nine or more cards he may give up alone; 4.3.2: one consent suffices
        refused_by = refusal.seat.value if refusal.seat else None
        if cards >= 9:
            r = r.step(("ISkO 4.3.1",), "concession.refusal_needless", seat=refused_by, cards=cards)
        else:
            consented = consent.seat.value if consent and consent.seat else None
            r = r.step(
                ("ISkO 4.3.2",), "concession.refusal_outvoted", seat=refused_by, consent=consented
            )
    if refusal is not None and cards < 9 and consent is None:
        # the defenders said no (4.3.2): the concession never took effect, so the game goes
        # on (4.3.1) and whatever the record shows after it decides
        r = r.step(
            ("ISkO 4.3.2", "ISkO 4.3.1"),
            "concession.refused",
            seat=refusal.seat.value if refusal.seat else None,
            event=refusal.event,
            cards=cards,
        )
        r = r._replace(ended=None, ends=False)
        return r
    if cards >= 9 or consent is not None:
        clauses = ENDING_CLAUSES[
            "declarer_conceded" if cards >= 9 else "declarer_conceded_with_consent"
        ]
        r = r.step(
            clauses,
            "ending.declarer_conceded.null" if contract.is_null else "ending.declarer_conceded",
            cards=cards,
            consent=consent.seat.value if consent and consent.seat else None,
        )
        if not contract.is_null and pos.defender_points >= 90:
            v = value_game(contract, matadors, bid, won=False, schneider=True)
        else:
            v = value_game(
                contract, matadors, bid, won=False, levels=None if contract.is_null else simple
            )
        r = r.valued(v)
        r = r._replace(counts=counts_at(pos))
        return r
    played_after = any(t.last_event > m.event for t in state.tricks) or (
        state.current is not None and any(e > m.event for _, _, e in state.current.plays)
    )
    if not played_after and rules.concession_record_stops is ConcessionRecordStops.THROWN_IN:
        # the declarer gave his game up: counted like cards thrown in (4.3.6)
        inf = Infraction(
            Kind.UNAUTHORIZED_CONCESSION,
            m.seat,
            Party.DECLARER,
            m.event,
            m.trick,
            Status.PENALIZED,
            KINDS[Kind.UNAUTHORIZED_CONCESSION].cites + ("ISkO 4.3.6",),
            Message("unauthorized_concession.thrown_in", {"cards": cards}),
            m.event,
        )
        r = r.found(inf)
        r = r.step(
            ("ISkO 4.3.2", "ISkO 4.3.6"),
            "reading.isko-4.3.2-record-stops.thrown_in",
            cards=cards,
        )
        dp, dt, ft = thrown_in(pos, "declarer")
        r = r._replace(ended=Ended(EndReason.THROWN_IN, m.event, m.trick))
        r = r.add(from_counts(state, rules, dp, dt, ft))
        r = r.step(ENDING_CLAUSES["played_out"], "value.from_counts", points=dp, tricks=dt)
        return r
    # an invalid concession changes nothing: play that went on decides, and a record that
    # stops there is ruled as it stands (docs/interpretations.md#isko-4.3.2-record-stops)
    inf = Infraction(
        Kind.UNAUTHORIZED_CONCESSION,
        m.seat,
        Party.DECLARER,
        m.event,
        m.trick,
        Status.VOID,
        KINDS[Kind.UNAUTHORIZED_CONCESSION].cites,
        Message(
            "unauthorized_concession." + ("void" if played_after else "record_stops"),
            {"cards": cards},
        ),
        None,
    )
    r = r.found(inf)
    if not played_after:
        r = r.step(("ISkO 4.3.2", "ISkO 4.3.1"), "reading.isko-4.3.2-record-stops", cards=cards)
    r = r._replace(ended=None, ends=False)
    return r


def _defender_lays_down_in_null(
    state: GameState, rules: RuleSet, m: Marker, pos: Position, matadors: Matadors | None
) -> Part:
    """A defender who lays his cards open in a null game: 4.3.5 lets a defender play open
    only in suit and grand games, so this is cards shown (4.1.9), an infraction of the
    defenders judged by 4.1.3-4.1.6 (docs/interpretations.md#isko-4.3.5-null; option
    ``claim``: :func:`_defender_claims_in_null`)."""
    if rules.defender_null is DefenderNull.CLAIM:
        return _defender_claims_in_null(state, rules, m, pos, matadors)
    r = Part(ends=True)
    contract, bid = state.contract, state.bid
    assert contract is not None and bid is not None
    settled = decided_for(contract, pos, None, bid) is not None
    said = {"seat": m.seat.value if m.seat else None}
    void = Message("failed_defender_claim.null_no_effect", said)
    penalized = Message("failed_defender_claim.null", said)
    clauses = ("ISkO 4.3.5", "ISkO 4.1.9")
    kind = Kind.FAILED_DEFENDER_CLAIM
    r = r.found(failed_at(m, kind, Party.DEFENDERS, settled, clauses, void, penalized))
    r = r.step(("ISkO 4.3.5", "ISkO 4.1.9"), "reading.isko-4.3.5-null")
    r = r._replace(ended=Ended(EndReason.DEFENDER_CLAIM, m.event, m.trick))
    r = r.add(judged(state, rules, pos, "defenders", matadors))
    return r


def _defender_claims_in_null(
    state: GameState, rules: RuleSet, m: Marker, pos: Position, matadors: Matadors | None
) -> Part:
    """Option ``claim`` of isko-4.3.5-null: the English 4.3.5 names no game type, so the
    open cards are a defender's claim, here that the declarer cannot avoid a trick. A claim
    that holds loses the null game for the declarer; one that fails is the defenders'
    infraction, judged by 4.1.3-4.1.6 (the declarer, without a trick, wins)."""
    seat = m.seat.value if m.seat else None
    r = Part(ends=True, ended=Ended(EndReason.DEFENDER_CLAIM, m.event, m.trick))
    r = r.step(("ISkO 4.3.5", "ISkO 4.3.4"), "reading.isko-4.3.5-null.claim", seat=seat)
    award = defender_claim_in_null(state, m, pos)
    r = r.add(award.said)
    if award.holds is None:
        r = r._replace(outcome=Outcome.UNDETERMINED, counts=counts_at(pos))
        return r.step(("ISkO 4.3.5",), "claim.undecided")
    if award.holds:
        dp, dt, ft = award.declarer_points, award.declarer_tricks, award.defender_tricks
        r = r.add(from_counts(state, rules, dp, dt, ft))
        return r.step(ENDING_CLAUSES["played_out"], "value.from_counts", points=dp, tricks=dt)
    inf = Infraction(
        Kind.FAILED_DEFENDER_CLAIM,
        m.seat,
        Party.DEFENDERS,
        m.event,
        m.trick,
        Status.PENALIZED,
        KINDS[Kind.FAILED_DEFENDER_CLAIM].cites,
        Message("failed_defender_claim.null_claim", {"seat": seat}),
        m.event,
    )
    r = r.found(inf)
    return r.add(judged(state, rules, pos, "defenders", matadors))


def _refusal(state: GameState, m: Marker, of: str = "concede") -> Marker | None:
    """A defender's refusal (``refuse``) of the declarer's concession (or claim, ``of``)
    ``m``: the first one after it and before any later one."""
    for c in state.markers:
        if c.event <= m.event:
            continue
        if c.type == of:
            return None
        if c.type == EventType.REFUSE and c.seat is not None and c.seat is not state.declarer:
            return c
    return None
