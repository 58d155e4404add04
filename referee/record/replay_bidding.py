"""The replayer's bidding: bids, holds and passes applied by the core's :class:`Auction`,
and a bidding released by a look at the skat (ISkO 3.2.14, 3.3.9), which the table may
start over or go on with as bid; and the declarer's choice the bidding's outcome gives him
(ISkO 3.3.10, 3.3.11)."""

from __future__ import annotations

from referee.core.bidding import Auction
from referee.core.errors import BiddingError, RecordError
from referee.core.seats import SEATS
from referee.core.vocabulary import Note, Phase
from referee.record import event_types as ev
from referee.record.dispatch import handles
from referee.record.event_model import EventType
from referee.record.event_types import EVENT_TYPES, Bid, Hold, Pass
from referee.record.events import Event
from referee.record.replay_acts import ActsOutsidePlay

__all__ = ["AFTER_BIDDING", "Bidding", "take_regular_bidding"]

#: acts that need the bidding to be over (a bidding released by a look at the skat that
#: is over only as bid is settled by them)
AFTER_BIDDING = frozenset(d.type for d in EVENT_TYPES if d.after_bidding)


def _bid_into(auction: Auction, event: Bid | Hold | Pass) -> BiddingError | None:
    """Apply a bid, hold or pass to ``auction``; the reason it is refused, or None."""
    try:
        if isinstance(event, Pass):
            auction.pass_(event.seat)
        elif isinstance(event, Bid):
            auction.bid(event.seat, event.value)
        else:
            auction.hold(event.seat)
    except BiddingError as exc:
        return exc
    return None


class Bidding(ActsOutsidePlay):
    """The bidding part of the :class:`~referee.record.replay.Replayer`."""

    # -- bidding ----------------------------------------------------------------------------
    @handles
    def _bidding(self, event: Bid | Hold | Pass) -> None:
        """A bid, hold or pass, checked and applied by the core's :class:`Auction` (after a
        look at the skat in the bidding, by each of the two biddings the table may hold)."""
        action = event.type
        s = self.state
        if s.phase == Phase.DEAL:  # bidding began before the deal was marked as finished
            s.phase = Phase.BIDDING
        if s.held_over is not None and s.held_over_began is None:
            s.held_over_began = event.index
        if s.held_over is not None and not (action == "pass" and event.seat in s.held_over[2].out):
            _bid_into(s.held_over[2], event)  # what does not fit it is noted below, if at all
        seat = event.seat
        if action == "pass" and seat in s.auction.out:
            return  # a player shut out of the bidding (3.2.14, 3.3.9) says he passes
        if s.phase != Phase.BIDDING:
            self._note(
                event, Note.BIDDING_IRREGULAR, event.seat, f"{action} after the bidding ended"
            )
            return
        kept = s.auction_kept
        error = _bid_into(s.auction, event)
        if kept is not None:
            kept_error = _bid_into(kept, event)
            if error is None and kept_error is not None:
                s.auction_kept = kept = None  # the bidding started over (3.3.9)
            elif error is not None and kept_error is None:
                s.auction, s.auction_kept, error = kept, None, None  # it went on as bid
        if error is not None:
            self._note(event, Note.BIDDING_IRREGULAR, seat, error.message)
            return
        if s.auction.stage == 0:
            self._end_bidding()

    def _settle_bidding(self) -> None:
        """An act that needs the bidding to be over, while it started over after a look at
        the skat but went on as bid too: if only the bidding as bid is over, it decides."""
        s = self.state
        kept = s.auction_kept
        s.auction_kept = None
        if kept is not None and kept.stage == 0 and s.auction.stage != 0:
            s.auction = kept
            self._end_bidding()

    def follow_held_over(self, event: Event) -> None:
        """A look into another player's cards before the bidding was over, under a rule set
        whose 3.3.9 lets the bids stand (isko-3.3.9-hand-look: bidding_stands): the bidding
        goes on as bid, but the table may have started it over anyway, as the Spanish 3.3.9
        would (the looker out, the others free). That bidding is followed beside the one
        that stands; :meth:`_settle_held_over` says which of them the record shows."""
        s = self.state
        auction = s.auction
        if s.phase not in (Phase.DEAL, Phase.BIDDING) or not auction.history:
            return
        seat = event.seat
        if seat is None:
            return
        passed = {a.seat for a in auction.history if a.kind == "pass"}
        over = auction.restarted(frozenset(auction.out | passed | {seat}))
        s.held_over = (event.index, seat, over)
        s.held_over_began = None

    def _settle_held_over(self) -> None:
        """An act that needs the bidding to be over, after a look under bidding_stands
        (:meth:`follow_held_over`). If the bidding that stands is over, it decides. If it is
        not, but the record completed the bidding the table started over, the table held
        that bidding and everyone played the game it gave: it decides, and the ruling says
        the start-over was not the rule set's (an irregularity nobody objected to, as any
        irregular bidding, is only noted). A start-over objected to in the record (an
        objection after its first call) does not decide. Otherwise the bidding has not
        ended, and the act is refused where it needs it."""
        s = self.state
        held = s.held_over
        s.held_over = None
        if held is None or s.phase != Phase.BIDDING:
            return
        look, seat, over = held
        if over.stage != 0 or over.declarer is None:
            return
        began = s.held_over_began
        if began is not None and any(
            m.type == EventType.OBJECTION and m.event > began for m in s.markers
        ):
            return  # the start-over was objected to: it is not what the table accepted
        s.auction, s.held_over_at = over, (look, seat)
        self._end_bidding()

    def _end_bidding(self) -> None:
        s = self.state
        auction = s.auction
        s.auction_kept = None
        if auction.declarer is None:
            s.phase = Phase.PASSED_IN
        else:
            s.phase, s.declarer, s.bid = Phase.DECLARING, auction.declarer, auction.highest

    def release_bidders(self, event: Event) -> None:
        """A look at the skat before the bidding was over (ISkO 3.2.14, 3.3.9): the player
        who looked is out of the bidding; once bids were made, the other two are no longer
        bound by them and may pass or start over, those who had passed staying out."""
        s = self.state
        if s.phase not in (Phase.DEAL, Phase.BIDDING):
            return
        seat = None if event.by_dealer else event.seat
        auction = s.auction
        if not auction.history:  # nobody has bid yet: nothing to be bound by (3.2.14)
            if seat is not None:
                auction.exclude(seat)
                s.released.append((event.index, seat, auction.out, False))
            return
        passed = {a.seat for a in auction.history if a.kind == "pass"}
        out = auction.out | passed | ({seat} if seat is not None else set())
        kept = s.auction_kept if s.auction_kept is not None else auction
        if seat is not None:
            kept.exclude(seat)
        s.auction, s.auction_kept = auction.restarted(frozenset(out)), kept
        s.released.append((event.index, seat, s.auction.out, True))
        if s.auction.stage == 0:
            self._end_bidding()
        elif kept.stage == 0:
            pass  # settled by what the record shows next

    # -- the declarer's choice after the bidding ------------------------------------------
    @handles
    def _on_choice(self, event: ev.Choice) -> None:
        """The declarer's choice (ISkO 3.3.10, 3.3.11) is a marker the ruling reads; with
        ``play`` it may say how the defenders' cards were corrected: ``cards`` went from
        the defender who held them to ``to``."""
        s = self.state
        cards, to = event.cards or (), event.to
        if not cards:
            return
        if to is None or to is s.declarer:
            raise RecordError(
                "corrected cards need the defender they went to ('to')",
                code="replay.correction",
                where={"event": event.index, "field": "to"},
                params={"variant": "to"},
            )
        for i, card in enumerate(cards):
            holder = next((x for x in SEATS if (s.hands[x.index] >> card) & 1), None)
            if holder is None or holder is to or holder is s.declarer:
                raise RecordError(
                    f"{card} is not held by the other defender, so it cannot go to {to}",
                    code="replay.correction",
                    where={"event": event.index, "field": f"cards[{i}]"},
                    params={"card": card.name, "to": str(to)},
                )
            s.hands[holder.index] &= ~(1 << card)
            s.hands[to.index] |= 1 << card


def take_regular_bidding(bidding: Bidding, events: tuple[Event, ...], i: int) -> int:
    """Apply the bids, holds and passes that start at event ``i`` while the bidding is a
    single one (not two kept after a look at the skat released the bidding) and each is
    allowed, with exactly the effect of :meth:`Bidding._bidding`; return how many events
    were used (0: none; the caller applies event ``i``, which notes what is wrong)."""
    s = bidding.state
    auction = s.auction
    if s.phase != Phase.BIDDING or s.auction_kept is not None or s.held_over is not None:
        return 0
    start, n = i, len(events)
    while i < n:
        event = events[i]
        try:
            if isinstance(event, Bid):
                auction.bid(event.seat, event.value)
            elif isinstance(event, Pass):
                auction.pass_(event.seat)
            elif isinstance(event, Hold):
                auction.hold(event.seat)
            else:
                break
        except BiddingError:  # checked before any change: the event goes through apply
            break
        i += 1
        if auction.stage == 0:
            bidding._end_bidding()
            break
    if i != start:
        s.last_event = i - 1
    return i - start
