"""Bidding (Reizen), ISkO 3.3: legal values, who bids to whom, and when it is over.

Middlehand bids to forehand; the survivor is then bid to by rearhand; the bidder says a
value, the holder holds ("yes") or passes. If middlehand and rearhand both pass without a
bid, forehand may still bid 18 or pass (3.3.6, 3.3.7). Every action has ``can_*`` (a
bool), ``verify_*`` (raises :class:`BiddingError` with the reason) and a doer.

>>> a = Auction()
>>> a.bid(Seat.MIDDLEHAND, 18); a.hold(Seat.FOREHAND); a.pass_(Seat.MIDDLEHAND)
>>> a.pass_(Seat.REARHAND)
>>> a.is_over, a.declarer, a.highest
(True, <Seat.FOREHAND: 'forehand'>, 18)
>>> Auction().can_bid(Seat.MIDDLEHAND, 19)
False
>>> 23 in BID_VALUES and 264 == max(BID_VALUES) and 19 not in BID_VALUES
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from referee.core.contracts import NULL_VALUES
from referee.core.errors import BiddingError
from referee.core.seats import FOREHAND, MIDDLEHAND, REARHAND, Seat
from referee.core.vocabulary import Word


def _values() -> tuple[int, ...]:
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
    values |= {24 * m for m in range(2, 12)}
    values |= set(NULL_VALUES.values())
    return tuple(sorted(v for v in values if v >= 18))


#: every value a game can have, hence every legal bid: 18, 20, 22, 23, 24, 27 ... 264
BID_VALUES: tuple[int, ...] = _values()
_BID_SET = frozenset(BID_VALUES)


class Call(Word):
    """What a player says in the bidding."""

    BID = "bid"
    HOLD = "hold"
    PASS = "pass"


class BidAction(NamedTuple):
    """One bidding action as it happened: ``kind`` is bid, hold or pass (immutable)."""

    seat: Seat
    kind: Call
    value: int | None = None


_new = tuple.__new__  # BidAction's own constructor, without its Python-level wrapper


class Auction:
    """The state of the bidding, advanced one action at a time."""

    __slots__ = (
        "history",
        "highest",
        "stage",
        "bidder",
        "holder",
        "awaiting",
        "declarer",
        "out",
        "free",
    )

    def __init__(self, out: frozenset[Seat] = frozenset(), free: bool = False) -> None:
        self.history: list[BidAction] = []
        self.highest: int | None = None
        self.stage = 1  # 1: middle vs fore, 2: rear vs survivor, 3: forehand alone, 0: over
        self.bidder: Seat = MIDDLEHAND
        self.holder: Seat = FOREHAND
        self.awaiting: Seat = MIDDLEHAND  # whose turn it is
        self.declarer: Seat | None = None
        #: seats shut out of the bidding (3.2.14, 3.3.9): passed over whenever their turn comes
        self.out: frozenset[Seat] = out
        #: a bidding started over after a look at the skat (3.3.9): a released player may
        #: pass at any moment, not only in his turn
        self.free = free
        self._skip_out()

    def restarted(self, out: frozenset[Seat]) -> Auction:
        """A bidding started over from nothing among the seats not in ``out`` (ISkO 3.3.9:
        after a look at the skat the others are no longer bound by their bids); the
        history so far is kept, bids made from now on may again start at 18."""
        fresh = Auction(out, free=True)
        fresh.history = list(self.history)
        return fresh

    def exclude(self, seat: Seat) -> None:
        """Shut ``seat`` out of the rest of this bidding (3.3.9): he is passed over."""
        self.out = self.out | {seat}
        self._skip_out()

    @property
    def is_over(self) -> bool:
        return self.stage == 0

    @property
    def passed_in(self) -> bool:
        """All three passed (3.3.7)."""
        return self.stage == 0 and self.declarer is None

    # -- checks -------------------------------------------------------------------------
    def verify_bid(self, seat: Seat, value: int) -> None:
        """Raise BiddingError unless ``seat`` may bid ``value`` now."""
        self._verify_turn(seat, "bid")
        if value not in _BID_SET:
            raise BiddingError(
                f"{value} is not a legal bid value",
                code="bidding.bad_value",
                params={"value": value},
            )
        if seat is not self.bidder and self.stage != 3:
            raise BiddingError(
                f"{seat} holds and may not raise; {self.bidder} bids",
                code="bidding.not_bidder",
                params={"seat": str(seat), "bidder": str(self.bidder)},
            )
        if self.highest is not None and value <= self.highest:
            raise BiddingError(
                f"a bid must exceed {self.highest}, got {value}",
                code="bidding.too_low",
                params={"highest": self.highest, "value": value},
            )

    def verify_hold(self, seat: Seat) -> None:
        self._verify_turn(seat, "hold")
        if seat is not self.holder or self.stage == 3:
            raise BiddingError(
                f"{seat} has no bid to hold",
                code="bidding.nothing_to_hold",
                params={"seat": str(seat)},
            )

    def verify_pass(self, seat: Seat) -> None:
        if self.free and self.stage != 0 and seat not in self.out:
            return  # a released player may drop out at any moment (3.3.9)
        self._verify_turn(seat, "pass")

    def _verify_turn(self, seat: Seat, what: str) -> None:
        if self.stage == 0:
            raise BiddingError(
                f"the bidding is over; {seat} cannot {what}",
                code="bidding.over",
                params={"seat": str(seat), "variant": what},
            )
        if seat in self.out:
            raise BiddingError(
                f"{seat} is out of the bidding and cannot {what}",
                code="bidding.excluded",
                params={"seat": str(seat), "variant": what},
            )
        if seat is not self.awaiting:
            raise BiddingError(
                f"it is {self.awaiting}'s turn in the bidding, not {seat}'s",
                code="bidding.out_of_turn",
                params={"seat": str(seat), "awaiting": str(self.awaiting)},
            )

    def can_bid(self, seat: Seat, value: int) -> bool:
        return _ok(self.verify_bid, seat, value)

    def can_hold(self, seat: Seat) -> bool:
        return _ok(self.verify_hold, seat)

    def can_pass(self, seat: Seat) -> bool:
        return _ok(self.verify_pass, seat)

    # -- actions ------------------------------------------------------------------------
    def bid(self, seat: Seat, value: int) -> None:
        self.verify_bid(seat, value)
        self.history.append(_new(BidAction, (seat, Call.BID, value)))
        self.highest = value
        if self.stage == 3:
            self._finish(seat)
        else:
            self.awaiting = self.holder
            self._skip_out()

    def hold(self, seat: Seat) -> None:
        self.verify_hold(seat)
        self.history.append(_new(BidAction, (seat, Call.HOLD, self.highest)))
        self.awaiting = self.bidder
        self._skip_out()

    def pass_(self, seat: Seat) -> None:
        self.verify_pass(seat)
        self.history.append(_new(BidAction, (seat, Call.PASS, None)))
        if seat is not self.awaiting:  # a released player out of turn (3.3.9)
            self.exclude(seat)
            return
        self._drop(seat)
        self._skip_out()

    def _skip_out(self) -> None:
        """Pass over every shut-out seat whose turn it is."""
        while self.stage != 0 and self.awaiting in self.out:
            self._drop(self.awaiting)

    def _drop(self, seat: Seat) -> None:
        """``seat``, whose turn it is, leaves the bidding."""
        if self.stage == 3:
            self._finish(None)
            return
        survivor = self.holder if seat is self.bidder else self.bidder
        if self.stage == 1:
            self.stage, self.bidder, self.holder = 2, REARHAND, survivor
            self.awaiting = REARHAND
        elif self.highest is not None:
            self._finish(survivor)
        elif survivor is FOREHAND or (self.out and survivor not in self.out):
            # nobody bid: forehand may still play (3.3.6); in a bidding started over after
            # a look at the skat (3.3.9), so may the one player left in it
            self.stage, self.awaiting, self.bidder = 3, survivor, survivor
        else:  # nobody left who may play (in a regular bidding a holder always has a bid)
            self._finish(None)

    def _finish(self, declarer: Seat | None) -> None:
        self.stage, self.declarer = 0, declarer

    def apply(self, action: BidAction) -> None:
        """Apply a recorded action."""
        if action.kind == Call.BID:
            self.bid(action.seat, action.value or 0)
        elif action.kind == Call.HOLD:
            self.hold(action.seat)
        else:
            self.pass_(action.seat)


def _ok(check: Callable[..., None], *args: Any) -> bool:
    try:
        check(*args)
    except BiddingError:
        return False
    return True
