"""The full auction in the entry form: the bids, holds and passes as they were
said, when the auction's result alone does not tell what happened.

The referee enters the steps seat by seat; they become the record's ``bid``/``hold``/``pass``
events in that order, in place of the shortest auction with the same result. A step the
rules do not allow (a bid out of turn, a bid below the last one, ISkO 3.3.2) is entered as it
happened: it is evidence, the replayer records it and the ruling cites it. The page is told
which steps are irregular, whose turn it is, and the result (declarer and bid, or passed
in), computed with the core's :class:`~referee.core.bidding.Auction` as the replayer does.

>>> steps = read_auction([{"type": "bid", "seat": "middlehand", "value": 18},
...                       {"type": "hold", "seat": "forehand"},
...                       {"type": "bid", "seat": "rearhand", "value": 20}])
>>> v = follow(steps)
>>> v.flags, v.next, v.over
([False, False, True], 'middlehand', False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.core.bidding import BID_VALUES, Auction
from referee.core.errors import BadRequest, BiddingError
from referee.core.seats import SEAT_NAMES, Seat
from referee.web.entry_errors import EntryError
from referee.web.entry_events import Incident
from referee.web.entry_facts import CHOICE, LOOKS, LOOKS_BY_PLAYER

#: the kinds of step, as the record's event types
STEP_TYPES = ("bid", "hold", "pass")
#: more steps than any auction can take, irregular ones included
STEP_LIMIT = 2 * len(BID_VALUES) + 12


@dataclass(frozen=True)
class Step:
    type: str
    seat: str
    value: int | None = None


@dataclass
class AuctionView:
    """What the steps come to: the result, whose turn it is, which steps were irregular."""

    declarer: str | None = None
    bid: int | None = None
    over: bool = False
    passed: bool = False
    next: str | None = None
    flags: list[bool] = field(default_factory=list)


def _bad(key: str, where: str) -> BadRequest:
    return EntryError(key, where=where)


def read_auction(value: Any) -> list[Step]:
    """The steps the page sent; a value that is no bid a game can have is refused."""
    if value in (None, ""):
        return []
    if not isinstance(value, list) or len(value) > STEP_LIMIT:
        raise _bad("console.entry.bad_draft", "auction")
    steps = []
    for i, item in enumerate(value):
        where = f"auction/{i}"
        if not isinstance(item, dict) or item.get("type") not in STEP_TYPES:
            raise _bad("console.entry.bad_draft", where)
        if item.get("seat") not in SEAT_NAMES:
            raise _bad("console.entry.bad_seat", where)
        bid = None
        if item["type"] == "bid":
            bid = item.get("value")
            if not isinstance(bid, int) or isinstance(bid, bool) or bid not in BID_VALUES:
                raise _bad("console.entry.bad_bid", where)
        steps.append(Step(str(item["type"]), str(item["seat"]), bid))
    return steps


def follow(steps: list[Step], looks: Sequence[tuple[int, str]] = ()) -> AuctionView:
    """The auction as the replayer follows it: an irregular step is noted and changes nothing.

    ``looks``: (step, seat or ``dealer``) of each look at the skat during the bidding: from
    there the one who looked is out and the others may pass or start over (ISkO 3.3.9);
    the steps decide which, as the replayer reads them."""
    auction = Auction()
    kept: Auction | None = None
    view = AuctionView()
    for k in range(len(steps) + 1):
        for at, who in looks:
            if at == k and not auction.is_over:
                seat_out = None if who == "dealer" else Seat(who)
                if not auction.history:
                    if seat_out is not None:
                        auction.exclude(seat_out)
                    continue
                passed = {a.seat for a in auction.history if a.kind == "pass"}
                out = auction.out | passed | ({seat_out} if seat_out else set())
                kept = kept or auction
                if seat_out is not None:
                    kept.exclude(seat_out)
                auction = auction.restarted(frozenset(out))
        if k == len(steps):
            break
        step = steps[k]
        seat = Seat(step.seat)
        if step.type == "pass" and seat in auction.out:
            view.flags.append(False)  # one who is out says he passes: nothing changes
            continue
        ok = _step_into(auction, step, seat)
        kept_ok = kept is not None and not kept.is_over and _step_into(kept, step, seat)
        if kept is not None and ok and not kept_ok:
            kept = None
        elif kept is not None and kept_ok and not ok:
            auction, kept, ok = kept, None, True
        view.flags.append(not ok)
    if kept is not None and kept.is_over and not auction.is_over:
        auction = kept  # only the bidding as bid is over: it decides
    view.over = auction.is_over
    if view.over:
        view.passed = auction.declarer is None
        view.declarer = auction.declarer.value if auction.declarer else None
        view.bid = auction.highest if auction.declarer else None
    else:
        view.next = auction.awaiting.value
    return view


def looks_of(incidents: Sequence[Incident]) -> list[tuple[int, str]]:
    """(step, seat or ``dealer``) of every look at the skat entered during the bidding, and
    of every player's look into another's cards then (Spanish 3.3.9 treats it alike; the
    dealer's look into one hand is allowed, 3.5.4)."""
    return [
        (i.step or 0, i.seat)
        for i in incidents
        if i.at == -1
        and i.seat
        and (
            i.type in LOOKS  # the skat taken up frees them too
            or (i.type in LOOKS_BY_PLAYER and i.seat != "dealer")
        )
    ]


def _step_into(auction: Auction, step: Step, seat: Seat) -> bool:
    """Apply one step; whether the rules allowed it (a refused step changes nothing)."""
    if auction.is_over:
        return False
    try:
        if step.type == "bid":
            auction.bid(seat, step.value or 0)
        elif step.type == "hold":
            auction.hold(seat)
        else:
            auction.pass_(seat)
    except BiddingError:
        return False
    return True


def auction_events(
    steps: list[Step],
    incidents: Sequence[Incident] = (),
    write: Callable[[Incident], list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """The record's bidding events, in the order they were entered; an incident during the
    bidding (``write`` gives its events) after as many steps as its ``step`` says."""
    out: list[dict[str, Any]] = []
    for k in range(len(steps) + 1):
        for inc in incidents:
            if write is not None and (inc.step or 0) == k:
                out += write(inc)
        if k == len(steps):
            break
        step = steps[k]
        event: dict[str, Any] = {"type": step.type, "seat": step.seat}
        if step.type == "bid":
            event["value"] = step.value
        out.append(event)
    return out


def steps_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A record's bidding events as the draft's steps (for the form to show them again).

    Bidding events after the game was taken up (a pickup, a declaration, a card, a choice)
    have no place among the form's steps: refused, never moved."""
    steps: list[dict[str, Any]] = []
    closed = False
    for i, e in enumerate(events):
        kind = e["type"]
        if kind in ("pickup", "discard", "declare", "play", CHOICE):
            closed = True
        if kind not in STEP_TYPES:
            continue
        if closed or (kind == "bid" and e.get("value") not in BID_VALUES):
            raise _bad("console.entry.bad_draft", f"events/{i}")
        step = {"type": kind, "seat": e["seat"]}
        if kind == "bid":
            step["value"] = e["value"]
        steps.append(step)
    return steps
