"""Shortened games: concessions, claims laid down, cards thrown in (ISkO 4.3.1-4.3.6, 4.4.5).

Each handler looks at the position when the game was cut short and returns what the
remaining tricks are worth to whom, using the exact search of :mod:`referee.rulings.claims`
where the record itself does not show how a claim would have ended.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.cards import CARD_POINTS, points_of
from referee.core.ruleset import ClaimPlayedOn, DefenderClaim, RuleSet
from referee.core.seats import Seat
from referee.record.event_model import EventType
from referee.record.position import Position
from referee.record.state import GameState, Marker, Trick, position_before_trick
from referee.rulings.claims import can_force_trick, searched
from referee.rulings.model import NOTHING, Part


@dataclass(frozen=True, slots=True)
class Award:
    """Final counts after the remaining tricks were given to a side, and the part of the
    ruling that says why (its reasoning steps and analysis)."""

    declarer_points: int
    declarer_tricks: int
    defender_tricks: int
    holds: bool | None  # whether the claim held (None: not a claim, or undecided)
    said: Part = NOTHING
    #: where a failed claim is judged (4.1.3), if not where it was made
    judged_at: Position | None = None


def remaining(pos: Position) -> tuple[int, int]:
    """(card points, tricks) still to be played from ``pos`` (the trick on the table included)."""
    pts = points_of(pos.hands[0] | pos.hands[1] | pos.hands[2])
    pts += sum(CARD_POINTS[c] for _, c in pos.trick)
    tricks = 10 - pos.declarer_tricks - pos.defender_tricks
    return pts, tricks


def award_rest(pos: Position, to: str) -> tuple[int, int, int]:
    """(declarer points, declarer tricks, defender tricks) with the rest given to ``to``."""
    pts, tricks = remaining(pos)
    if to == "declarer":
        return pos.declarer_points + pts, pos.declarer_tricks + tricks, pos.defender_tricks
    return pos.declarer_points, pos.declarer_tricks, pos.defender_tricks + tricks


def later_tricks(state: GameState, after_event: int) -> list[Trick]:
    """Tricks completed after ``after_event`` in the record (play went on after a claim)."""
    return [t for t in state.tricks if t.last_event > after_event]


def declarer_claim(
    state: GameState, marker: Marker, pos: Position, contract_is_null: bool, rules: RuleSet
) -> Award:
    """4.3.4: the declarer lays his cards open, claiming the rest (null: claiming no trick)."""
    declarer = state.declarer
    assert declarer is not None
    d = declarer.index
    defenders_mask = 0b111 & ~(1 << d)
    accepted = next(
        (
            m
            for m in state.markers
            if m.type == EventType.CONCEDE and m.event > marker.event and m.seat is not declarer
        ),
        None,
    )
    holds: bool | None
    lost_trick: Trick | None = None  # the trick after the claim that went against it
    played = later_tricks(state, marker.event)
    # what would the defenders do with open cards? exact search from the claim position
    if contract_is_null:
        question = "defenders_force_declarer_trick"
        winners, controllers = 1 << d, defenders_mask
    else:
        question = "defenders_take_a_trick"
        winners, controllers = defenders_mask, defenders_mask
    breakable, said = _force(state, pos, winners, controllers, question)
    if accepted is not None:
        said = said.step(
            ("ISkO 4.3.3", "ISkO 4.3.4"),
            "claim.accepted.null" if contract_is_null else "claim.accepted",
            seat=accepted.seat.value if accepted.seat else None,
            event=accepted.event,
        )
        holds = True
    elif played:
        lost_trick = next(
            (t for t in played if (t.winner is not declarer) != contract_is_null), None
        )
        holds = lost_trick is None
        said = said.step(
            ("ISkO 4.3.4",),
            "claim.played_on." + ("holds" if holds else "fails"),
            trick=lost_trick.number if lost_trick else None,
        )
    else:
        holds = None if breakable is None else not breakable
        said = said.step(
            ("ISkO 4.3.4",),
            "claim.analysed." + ("null." if contract_is_null else "") + _yes_no(holds),
        )
    if holds is None:
        return Award(pos.declarer_points, pos.declarer_tricks, pos.defender_tricks, None, said)
    to = (
        ("declarer" if holds else "defenders")
        if not contract_is_null
        else ("defenders" if holds else "declarer")
    )
    if contract_is_null and not holds:
        # the game ends at the claim against him (4.1.3-4.1.6): nothing is awarded, the
        # count stays as played, as after any other infraction in null
        dp, dt, ft = pos.declarer_points, pos.declarer_tricks, pos.defender_tricks
        said = said.step(("ISkO 4.3.4", "ISkO 4.1.3"), "claim.failed.null")
    elif not holds and lost_trick is not None:
        # the play after the claim shows it failed: from when is the rest the defenders'?
        at = pos
        if rules.claim_played_on is ClaimPlayedOn.FROM_THE_LOST_TRICK:
            at = position_before_trick(state, lost_trick.number)
            said = said.step(
                ("ISkO 4.3.4",),
                "reading.isko-4.3.4-played-on.from_the_lost_trick",
                trick=lost_trick.number,
                points=at.declarer_points,
            )
        else:
            said = said.step(
                ("ISkO 4.3.4", "ISkO 4.1.3"),
                "reading.isko-4.3.4-played-on",
                trick=lost_trick.number,
            )
        dp, dt, ft = award_rest(at, to)
        said = said.step(("ISkO 4.3.4", "ISkO 4.4.5"), "claim.failed", to=to)
        return Award(dp, dt, ft, holds, said, judged_at=at)
    else:
        dp, dt, ft = award_rest(pos, to)
        if not holds:
            said = said.step(("ISkO 4.3.4", "ISkO 4.4.5"), "claim.failed", to=to)
    return Award(dp, dt, ft, holds, said)


def defender_claim(state: GameState, marker: Marker, pos: Position, rules: RuleSet) -> Award:
    """4.3.5: a defender lays his cards open, claiming that he alone takes every trick left
    (under the English reading: that the declarer takes none)."""
    claimer: Seat = marker.seat  # type: ignore[assignment]
    alone = rules.defender_claim is DefenderClaim.CLAIMER_ALONE
    declarer: Seat = state.declarer  # type: ignore[assignment]
    # who must not win a trick for the claim to hold: everyone but the claimer (Spanish),
    # or the declarer (English)
    others = 0b111 & ~(1 << claimer.index) if alone else 1 << declarer.index
    played = later_tricks(state, marker.event)
    # the Spanish 4.3.5: he himself must take every remaining trick, not only his party
    said = NOTHING.step(
        ("ISkO 4.3.5",),
        "reading.isko-4.3.5-claimer-alone"
        if alone
        else "reading.isko-4.3.5-claimer-alone.declarer_no_trick",
        seat=claimer.value,
    )
    holds: bool | None
    if played:
        holds = all(t.winner is claimer if alone else t.winner is not declarer for t in played)
        said = said.step(
            ("ISkO 4.3.5",), "defender_claim.played_on." + ("holds" if holds else "fails")
        )
    else:
        ans, asked = _force(state, pos, others, others, "others_take_a_trick")
        holds = None if ans is None else not ans
        said = said.add(asked).step(
            ("ISkO 4.3.5",), "defender_claim.analysed." + _yes_no(holds), seat=claimer.value
        )
    if holds is None:
        return Award(pos.declarer_points, pos.declarer_tricks, pos.defender_tricks, None, said)
    dp, dt, ft = award_rest(pos, "defenders" if holds else "declarer")
    return Award(dp, dt, ft, holds, said)


def defender_claim_in_null(state: GameState, marker: Marker, pos: Position) -> Award:
    """Option ``claim`` of isko-4.3.5-null: a defender who lays his cards open in a null game
    claims his side's aim there, that the declarer cannot avoid taking a trick. It holds if
    the declarer already took one, if the play recorded after it gives him one, or if the
    defenders can force one on him whatever he plays (exact search from ``pos``); it fails
    if the play recorded to the end gives him none, or if the search finds that he can
    escape every trick. A claim that holds gives the declarer the remaining tricks, the
    consequence the English 4.3.5 names for a declarer who takes one (the null game is
    lost, and the count stays whole: every trick and card point is someone's)."""
    declarer: Seat = state.declarer  # type: ignore[assignment]
    d = declarer.index
    seat = marker.seat.value if marker.seat else None
    holds: bool | None
    if pos.declarer_tricks:
        holds = True
        said = NOTHING.step(("ISkO 4.3.5", "ISkO 4.1.3"), "defender_claim.null.decided", seat=seat)
    else:
        played = later_tricks(state, marker.event)
        taken = next((t for t in played if t.winner is declarer), None)
        if taken is not None or len(played) == remaining(pos)[1]:
            holds = taken is not None
            said = NOTHING.step(
                ("ISkO 4.3.5",),
                "defender_claim.null.played_on.holds"
                if holds
                else "defender_claim.null.played_on.fails",
                seat=seat,
                trick=taken.number if taken else None,
            )
        else:
            defenders = 0b111 & ~(1 << d)
            holds, said = _force(state, pos, 1 << d, defenders, "defenders_force_declarer_trick")
            said = said.step(
                ("ISkO 4.3.5",),
                "defender_claim.null.analysed.unknown"
                if holds is None
                else "defender_claim.null.analysed.holds"
                if holds
                else "defender_claim.null.analysed.fails",
                seat=seat,
            )
    if holds:
        dp, dt, ft = award_rest(pos, "declarer")
        return Award(dp, dt, ft, holds, said)
    return Award(pos.declarer_points, pos.declarer_tricks, pos.defender_tricks, holds, said)


def _force(
    state: GameState, pos: Position, winners: int, controllers: int, question: str
) -> tuple[bool | None, Part]:
    """Ask :func:`can_force_trick` from ``pos``: the answer (None at the node limit) and
    the part of the ruling that records it."""
    clause = "ISkO 4.3.5" if question == "others_take_a_trick" else "ISkO 4.3.4"
    return searched(
        question,
        (clause,),
        can_force_trick,
        pos.hands,
        pos.leader,
        pos.trick,
        state.contract.game,  # type: ignore[union-attr]
        winners=winners,
        controllers=controllers,
    )


def _yes_no(holds: bool | None) -> str:
    return {True: "holds", False: "fails", None: "unknown"}[holds]


def thrown_in(pos: Position, thrower_side: str) -> tuple[int, int, int]:
    """4.3.6: the side that throws in keeps only what it has; the other side gets the rest."""
    return award_rest(pos, "defenders" if thrower_side == "declarer" else "declarer")
