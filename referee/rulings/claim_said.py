"""What a declarer said with his claim (ISkO 4.3.4; 4.4.4 in the 2022 edition): a claim of
only some of the remaining tricks (``lay_down.tricks``) and a claim with an explanation,
the line he stated (``lay_down.line``).

4.3.4 says what laying the cards down *without an explanation* means: every remaining
trick. What the declarer says instead is his claim (reading isko-4.3.4-partial-claim;
option ``all_remaining``: the count is noted and the claim is of every remaining trick):
he claims that many tricks and gives the rest up, and the claim stands if his side takes
that many against every defence, he held to the line he stated (reading
isko-4.3.4-explanation; option ``best_play``: the line is evidence only). A claim that
fails is a failed claim like any other: the remaining tricks go to the defenders
(4.1.3-4.1.6). A claim that stands settles the tricks, not the card points of those he
gave up: the play decides them, where the record shows it, and otherwise the result is
undetermined unless the game was already decided.

The exact question is :func:`referee.rulings.search.sure.sure_tricks`; its answer and its
line go into the ruling's analysis.
"""

from __future__ import annotations

from dataclasses import replace

from referee.core.cards import Card
from referee.core.contracts import Contract
from referee.core.ended import Ended, EndReason
from referee.core.ruleset import ClaimExplanation, ClaimPlayedOn, PartialClaim, RuleSet
from referee.core.valuation import Matadors
from referee.record.event_model import EventType
from referee.record.event_types_end import LayDown
from referee.record.events import of_class
from referee.record.log import GameRecord
from referee.record.position import Position
from referee.record.state import GameState, Marker, Trick, position_before_trick
from referee.rulings.claims import searched
from referee.rulings.model import NOTHING, Message, Outcome, Part, Step
from referee.rulings.outcome import certain_from, counts_at, decided_for
from referee.rulings.search.sure import sure_tricks
from referee.rulings.shortened import Award, award_rest, later_tricks, remaining

CLAIM = ("ISkO 4.3.4",)


#: the step of a count or a line said where 4.3.4 gives it no meaning
IN_VAIN = Step(("ISkO 4.3.4", "ISkO 4.3.5"), Message("claim.said.not_applied", {}))


def said_in_vain(ev: LayDown, state: GameState) -> bool:
    """A count or a line said with cards laid down by a defender, or in a null game (or
    before any game was declared): the record keeps them; the ruling says they count for
    nothing there."""
    said = ev.tricks is not None or ev.line is not None
    contract = state.contract
    return said and (contract is None or ev.seat is not state.declarer or contract.is_null)


def applies(ev: LayDown, contract: Contract) -> bool:
    """Whether the declarer said more than "the rest": a count or a line (suit, grand)."""
    return not contract.is_null and (ev.tricks is not None or ev.line is not None)


class Claim:
    """The claim as said: ``need`` of the ``left`` remaining tricks, by ``line``; ``said``
    is the part of the ruling that states it."""

    def __init__(
        self, ev: LayDown, pos: Position, d: int, rules: RuleSet, judged: bool = True
    ) -> None:
        _, self.left = remaining(pos)
        asked = ev.tricks if ev.tricks is not None else self.left
        self.need = min(asked, self.left)
        #: the count said is noted only: the claim is of every remaining trick
        every = ev.tricks is not None and rules.partial_claim is PartialClaim.ALL_REMAINING
        held = pos.hands[d]
        said = ev.line or ()
        self.line: tuple[Card, ...] = tuple(c for c in said if (held >> c) & 1)
        self.bound = bool(self.line) and rules.claim_explanation is ClaimExplanation.HELD_TO_LINE
        r = NOTHING.step(CLAIM, "claim.said.tricks", tricks=self.need, left=self.left)
        if self.line:
            r = r.step(CLAIM, "claim.said.line", line=[c.name for c in self.line])
        if asked > self.left:
            r = r.step(CLAIM, "claim.said.more_than_left", tricks=asked, left=self.left)
        if len(self.line) < len(said):
            foreign = [c.name for c in said if not (held >> c) & 1]
            r = r.step(CLAIM, "claim.said.line_not_held", cards=foreign)
        if not judged:
            # the claim is not judged by what was said (2022, 4.4.4: the defenders' answer
            # or the play decides): no reading of the count or the line is applied
            self.said = r
            return
        if every:
            r = r.step(
                CLAIM,
                "reading.isko-4.3.4-partial-claim.all_remaining",
                tricks=self.need,
                left=self.left,
            )
            self.need = self.left
        else:
            r = r.step(CLAIM, "reading.isko-4.3.4-partial-claim", tricks=self.need, left=self.left)
        if self.line:
            if self.bound:
                r = r.step(CLAIM, "reading.isko-4.3.4-explanation")
            else:
                r = r.step(CLAIM, "reading.isko-4.3.4-explanation.best_play")
        self.said = r

    def ask(self, state: GameState, pos: Position, d: int) -> tuple[bool | None, Part]:
        """Does the declarer take ``need`` tricks against every defence (held to his line
        if the reading binds him)? None at the node limit, said in a step of its own; and
        the part of the ruling that records the answer."""
        holds, r = searched(
            "declarer_takes_claimed_tricks",
            CLAIM,
            sure_tricks,
            pos.hands,
            pos.leader,
            pos.trick,
            state.contract.game,  # type: ignore[union-attr]
            noted={"tricks": self.need},
            side=1 << d,
            need=self.need,
            holder=d if self.bound else -1,
            line=self.line if self.bound else (),
        )
        if holds is None:
            return None, r
        if holds:
            return holds, r.step(CLAIM, "claim.said.analysed.holds", tricks=self.need)
        return holds, r.step(CLAIM, "claim.said.analysed.fails", tricks=self.need)


def declarer_claim(
    record: GameRecord,
    state: GameState,
    rules: RuleSet,
    m: Marker,
    pos: Position,
    matadors: Matadors | None,
) -> Award | Part:
    """4.3.4 (1998/99) for a claim that said how many tricks, or by which line: an
    :class:`Award` when the claim fails or settles the count, a :class:`Part` (the game
    undetermined) when it stands and the play of the tricks given up is not recorded."""
    declarer, contract, bid = state.declarer, state.contract, state.bid
    assert declarer is not None and contract is not None and bid is not None
    d = declarer.index
    claim = Claim(of_class(record.events[m.event], LayDown), pos, d, rules)
    r = claim.said
    played = later_tricks(state, m.event)
    accepted = next(
        (
            c
            for c in state.markers
            if c.type == EventType.CONCEDE and c.event > m.event and c.seat is not declarer
        ),
        None,
    )
    if accepted is not None:  # a defender gave the game up (4.3.3): the rest is his
        r = r.step(
            ("ISkO 4.3.3", "ISkO 4.3.4"),
            "claim.said.accepted",
            tricks=claim.need,
            left=claim.left,
            seat=accepted.seat.value if accepted.seat else None,
            event=accepted.event,
        )
        return _award(pos, "declarer", True, r)
    given_up = claim.left - claim.need
    lost = 0
    for t in played:
        lost += t.winner is not declarer
        if lost > given_up:
            r = r.step(CLAIM, "claim.said.played_on.fails", trick=t.number, tricks=claim.need)
            return _failed_in_play(state, rules, pos, t, r)
    if len(played) == claim.left:
        r = r.step(CLAIM, "claim.said.played_on.holds", tricks=claim.need)
        dp = pos.declarer_points + sum(t.points for t in played if t.winner is declarer)
        dt = pos.declarer_tricks + sum(1 for t in played if t.winner is declarer)
        ft = pos.defender_tricks + sum(1 for t in played if t.winner is not declarer)
        return Award(dp, dt, ft, True, r)
    holds, asked = claim.ask(state, pos, d)
    r = r.add(asked)
    if holds is None:
        return Award(pos.declarer_points, pos.declarer_tricks, pos.defender_tricks, None, r)
    if not holds:
        return _failed(pos, r)
    if claim.need == claim.left:
        return _award(pos, "declarer", True, r)
    # it stands, but the tricks he gave up are still to be played for their card points
    r = r._replace(ends=True)
    r = r._replace(ended=Ended(EndReason.CLAIM, m.event, m.trick))
    r = r._replace(counts=counts_at(pos))
    certain = certain_from(state, rules, pos, claim.need)
    if certain is not None:  # however those tricks go, the result is the same
        r = r.step(CLAIM + ("ISkO 4.1.3",), "claim.said.certain", given_up=given_up)
        return r.add(certain)
    decided = decided_for(contract, pos, matadors, bid)
    if decided is not None:
        r = r.step(
            CLAIM + ("ISkO 4.1.3",),
            "claim.said.decided.declarer"
            if decided == "declarer"
            else "claim.said.decided.defenders",
        )
    r = r.step(CLAIM, "claim.said.play_on", given_up=given_up)
    r = r._replace(outcome=Outcome.UNDETERMINED)
    return r


def _award(pos: Position, to: str, holds: bool, r: Part) -> Award:
    dp, dt, ft = award_rest(pos, to)
    return Award(dp, dt, ft, holds, r)


def _failed(pos: Position, r: Part) -> Award:
    r = r.step(("ISkO 4.3.4", "ISkO 4.4.5"), "claim.failed", to="defenders")
    return _award(pos, "defenders", False, r)


def _failed_in_play(state: GameState, rules: RuleSet, pos: Position, t: Trick, r: Part) -> Award:
    """The play after the claim broke it in trick ``t``: the rest is the defenders' from
    the claim on, or from that trick (the reading isko-4.3.4-played-on), and the game is
    judged there."""
    at = pos
    if rules.claim_played_on is ClaimPlayedOn.FROM_THE_LOST_TRICK:
        at = position_before_trick(state, t.number)
        r = r.step(
            CLAIM,
            "reading.isko-4.3.4-played-on.from_the_lost_trick",
            trick=t.number,
            points=at.declarer_points,
        )
    else:
        r = r.step(CLAIM + ("ISkO 4.1.3",), "reading.isko-4.3.4-played-on", trick=t.number)
    award = _failed(at, r)
    return replace(award, judged_at=at)


def stated(
    record: GameRecord, state: GameState, rules: RuleSet, m: Marker, pos: Position, analyse: bool
) -> Part:
    """Edition 2022 (4.4.4): what the declarer said with his claim, and (``analyse``: the
    claim was not accepted and the record stops) whether his side takes the tricks he
    claimed against every defence, part of what is already certain before the play on
    open cards decides."""
    declarer = state.declarer
    assert declarer is not None
    ev = of_class(record.events[m.event], LayDown)
    claim = Claim(ev, pos, declarer.index, rules, judged=analyse)
    if analyse:
        return claim.said.add(claim.ask(state, pos, declarer.index)[1])
    return claim.said
