"""What a ruling decides before the play: a bidding released by a look at the skat (3.3.9),
a game dealt out of turn (3.2.11-3.2.13, SkWO 9.4), a card shown in the deal (3.2.8), a
misdeal (3.2.9, 3.3.10, 4.2.6)."""

from __future__ import annotations

from referee.core.ended import Ended, EndReason
from referee.core.ruleset import RuleSet
from referee.core.seats import SEATS
from referee.core.valuation import Matadors
from referee.record.event_model import EventType
from referee.record.event_types_table import Dealt
from referee.record.state import GameState
from referee.rules.clauses import ENDING_CLAUSES
from referee.rulings.choices import misdeal_choice
from referee.rulings.judges import misdeal_guilty
from referee.rulings.model import NOTHING, Infraction, Outcome, Part
from referee.rulings.outcome import judged, position_before


def released_bidding(state: GameState) -> Part:
    """3.3.9: after a look at the skat in the bidding the player who looked is out, and the
    others, no longer bound by their bids, may pass or start the bidding over: the ruling
    says which bidding decided (both pass: passed in, 3.3.7)."""
    r = NOTHING
    if state.held_over_at is not None and state.declarer is not None:
        # the rule set let the bids stand, but the table started the bidding over
        look, looker = state.held_over_at
        return r.step(
            ("ISkO 3.3.9", "ISkO 3.3.8", "ISkO 4.1.11"),
            "bidding.held_over.hand",
            event=look,
            seat=looker.value,
            declarer=state.declarer.value,
            bid=state.bid,
        )
    last = next((x for x in reversed(state.released) if x[3]), None)
    if last is None or state.phase in ("deal", "bidding"):
        return r
    event, seat, out, _ = last
    players = [s.value for s in SEATS if s not in out]
    looked = seat.value if seat is not None else "dealer"
    # a player's look into another's cards frees the bidders as a look at the skat does
    hand = state.record.events[event].type == EventType.LOOK_INTO_HAND
    if state.phase == "passed_in" or state.declarer is None:
        r = r.step(
            ("ISkO 3.3.9", "ISkO 3.3.7"),
            "bidding.released.hand.passed_in" if hand else "bidding.released.passed_in",
            event=event,
            seat=looked,
            players=players,
        )
        return r
    one = len(players) == 1  # one player left in the bidding: said in the singular
    r = r.step(
        ("ISkO 3.3.9",),
        (
            ("bidding.released.hand.started_over" if hand else "bidding.released.started_over")
            if state.auction.free
            else (
                ("bidding.released.hand.as_bid.one" if hand else "bidding.released.as_bid.one")
                if one
                else ("bidding.released.hand.as_bid" if hand else "bidding.released.as_bid")
            )
        ),
        event=event,
        seat=looked,
        players=players,
        declarer=state.declarer.value,
        bid=state.bid,
    )
    return r


def dealt_out_of_turn(state: GameState) -> Part:
    """3.2.11, 3.2.12: a game dealt out of turn, or in a dealing order gone wrong within the
    running round, is annulled and dealt again, even when it was played to the end; 3.2.13:
    a wrong order that arose in a finished round (or whose start cannot be established)
    leaves the game standing. SkWO 9.4: the dealer of a game passed in may not deal the next
    one; such a game is annulled as dealt out of turn, and the SkWO excludes the table's
    players."""
    r = NOTHING
    dealt = next(
        (
            e
            for e in state.record.events
            if isinstance(e, Dealt) and (e.out_of_turn or e.dealt_again)
        ),
        None,
    )
    if dealt is None:
        return r
    if dealt.out_of_turn and dealt.earlier_round and not dealt.dealt_again:
        r = r.step(("ISkO 3.2.13",), "deal.out_of_turn_earlier_round", event=dealt.index)
        return r
    r = r._replace(outcome=Outcome.ANNULLED)
    r = r._replace(ended=Ended(EndReason.DEALT_OUT_OF_TURN, dealt.index, None))
    if dealt.dealt_again:
        r = r.step(("SkWO 9.4", "ISkO 3.2.11"), "deal.dealt_again", event=dealt.index)
    else:
        r = r.step(("ISkO 3.2.11", "ISkO 3.2.12"), "deal.out_of_turn", event=dealt.index)
    r = r.step(("ISkO 3.2.12",), "reading.isko-3.2.12-dealing-order")
    r = r._replace(ends=True)
    return r


def shuffle_fault(state: GameState) -> Part:
    """3.2.2-3.2.4: the cards are shuffled, cut once (at least four cards) and dealt from the
    top; 3.2.10: a fault in that is objected to before the cards are taken up, and then the
    cards are dealt again; an objection later, or none, leaves the game standing."""
    r = NOTHING
    dealt = next((e for e in state.record.events if isinstance(e, Dealt) and e.shuffle_fault), None)
    if dealt is None:
        return r
    clauses = ("ISkO 3.2.10", "ISkO 3.2.2", "ISkO 3.2.3", "ISkO 3.2.4")
    if not dealt.objected_in_time:
        r = r.step(clauses, "deal.shuffle_fault_late", event=dealt.index)
        r = r.step(("ISkO 3.2.10",), "reading.isko-3.2.10-in-time")
        return r
    r = r._replace(outcome=Outcome.REDEAL)
    r = r._replace(ended=Ended(EndReason.SHUFFLE_FAULT, dealt.index, None))
    r = r.step(clauses, "deal.shuffle_fault", event=dealt.index)
    r = r.step(("ISkO 3.2.10",), "reading.isko-3.2.10-in-time")
    r = r._replace(ends=True)
    return r


def card_shown_in_deal(state: GameState) -> Part:
    """3.2.8: a card seen while dealing means a new deal, whoever's fault it was."""
    r = NOTHING
    if not any(i.kind == "cards_exposed" and i.phase == "deal" for i in state.irregularities):
        return r
    r = r._replace(outcome=Outcome.REDEAL)
    r = r._replace(ended=Ended(EndReason.MISDEAL, None, None))
    r = r.step(("ISkO 3.2.8",), "ending.card_shown_in_deal")
    r = r._replace(ends=True)
    return r


def misdeal(
    state: GameState, rules: RuleSet, infractions: list[Infraction], matadors: Matadors | None
) -> Part:
    if not infractions:
        return NOTHING
    deal_inf = next(
        (i for i in infractions if i.kind == "wrong_card_count" and i.event is None), None
    )
    if deal_inf is None or misdeal_choice(state) is not None:
        return NOTHING  # no misdeal, or one settled by the declarer's choice (3.3.10)
    guilty = misdeal_guilty(state)
    r = Part(ends=True)
    if guilty is None:  # nothing played on it, or both parties hold a wrong number (3.2.9)
        played = bool(state.tricks) or (state.current is not None and bool(state.current.plays))
        r = r._replace(
            outcome=Outcome.REDEAL,
            ended=Ended(EndReason.MISDEAL, None, state.trick_number if played else None),
        )
        return r.step(ENDING_CLAUSES["misdeal"], "ending.misdeal")
    r = r._replace(ended=Ended(EndReason.MISDEAL, None, state.trick_number))
    r = r.step(("ISkO 4.2.6", "ISkO 3.3.10"), "ending.misdeal_played", guilty=guilty)
    r = r.add(judged(state, rules, position_before(state), guilty, matadors))
    return r
