"""The state of a game at one moment, as the replayer reconstructs it.

:class:`GameState` holds the hands, the bidding, the contract, the trick table and what
went wrong so far (:class:`Irregularity`) or happened besides play (:class:`Marker`).
It is built and advanced by :class:`referee.record.replay.Replayer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from referee.core.bidding import Auction
from referee.core.cards import Card, cards_of, points_of
from referee.core.contracts import Contract
from referee.core.kinds import Kind
from referee.core.seats import SEATS, Seat
from referee.core.vocabulary import Note, Phase
from referee.record.event_model import EventType
from referee.record.event_types import EVENT_TYPES
from referee.record.log import GameRecord
from referee.record.position import Position

PLAY_IRREGULARITIES = ("false_lead", "play_before_turn", "revoke")
#: the events kept in the game state's markers (declared in record/event_types.py)
MARKERS = frozenset(d.type for d in EVENT_TYPES if d.marker)
_TYPE = attrgetter("type")  # an event's type, read in C (the scan for ``dealt`` below)
#: the markers that cut a game short (a concession, a claim, a throw-in, a player gone)
SHORTENING = frozenset(d.type for d in EVENT_TYPES if d.shortens)


@dataclass(frozen=True, slots=True)
class Irregularity:
    """Something that happened against the rules, as the replayer saw it."""

    event: int | None  # None: the deal itself
    kind: Kind | Note
    seat: Seat | None
    phase: Phase
    trick: int | None
    detail: str
    card: Card | None = None
    could_follow: bool | None = None  # revoke: whether the seat held a card of the led suit
    subkind: str | None = None  # a finer, machine-readable kind, e.g. "second_card"

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "kind": self.kind,
            "seat": _v(self.seat),
            "phase": self.phase,
            "trick": self.trick,
            "detail": self.detail,
            "card": self.card.name if self.card is not None else None,
        }


class Marker(NamedTuple):
    """A table event that is not play (objection, concession, claim, ...) and when it came.

    Immutable; a named tuple because most records carry one (``cards_gathered``)."""

    event: int
    type: EventType
    seat: Seat | None
    phase: Phase
    trick: int | None  # the trick being played (or just completed) when it happened
    cards_in_trick: int
    cards_in_hand: int | None  # of the seat, when it has one

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "type": self.type,
            "seat": _v(self.seat),
            "phase": self.phase,
            "trick": self.trick,
            "cards_in_trick": self.cards_in_trick,
        }


@dataclass(slots=True)
class Trick:
    """A trick: who led, the cards in play order (seat, card, event index), who won it."""

    number: int
    leader: Seat
    plays: list[tuple[Seat, Card, int]] = field(default_factory=list)
    winner: Seat | None = None
    points: int = 0
    #: cards put into the trick beside a seat's card (4.2.6), gathered with the trick
    extra: tuple[tuple[Seat, Card, int], ...] = ()
    #: seats that put no card to this trick (4.2.6); it was taken without theirs
    missing: tuple[Seat, ...] = ()

    @property
    def complete(self) -> bool:
        return self.winner is not None

    @property
    def last_event(self) -> int:
        return self.plays[-1][2] if self.plays else -1

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": self.leader.value,
            "cards": [{"seat": s.value, "card": c.name, "event": e} for s, c, e in self.plays],
            "winner": _v(self.winner),
            "points": self.points,
        } | (
            {
                "extra": [{"seat": s.value, "card": c.name, "event": e} for s, c, e in self.extra],
                "missing": [s.value for s in self.missing],
            }
            if self.extra or self.missing
            else {}
        )


def _v(seat: Seat | None) -> str | None:
    return seat.value if seat is not None else None


class GameState:
    """The table at one moment. Built and advanced by :class:`Replayer`."""

    __slots__ = (
        "record",
        "hands",
        "skat",
        "phase",
        "auction",
        "auction_kept",
        "held_over",
        "held_over_began",
        "held_over_at",
        "released",
        "declarer",
        "bid",
        "skat_taken",
        "discarded",
        "contract",
        "followers",
        "outcomes",
        "declared",
        "declared_at",
        "declarer_cards_at_declaration",
        "tricks",
        "current",
        "to_play",
        "irregularities",
        "markers",
        "last_event",
        "positions",
        "opening",
    )

    def __init__(self, record: GameRecord) -> None:
        deal = record.deal
        self.record = record
        self.hands: list[int] = [deal.forehand, deal.middlehand, deal.rearhand]
        self.skat: int = deal.skat
        # a record that marks the end of the deal (``dealt``) starts while dealing
        self.phase = Phase.DEAL if "dealt" in map(_TYPE, record.events) else Phase.BIDDING
        self.auction = Auction()
        #: after a look at the skat in the bidding (ISkO 3.3.9) the bidding may start over
        #: (``auction``) or go on as bid (this one); the record decides which, and this one
        #: is dropped as soon as it cannot be what the table did
        self.auction_kept: Auction | None = None
        #: under a rule set whose 3.3.9 lets the bids stand after a look into a hand
        #: (isko-3.3.9-hand-look: bidding_stands), the bidding the table may nonetheless
        #: have started over, followed beside the one that stands: (the look's event, the
        #: seat that looked, that bidding); ``held_over_at`` is set once it decided
        self.held_over: tuple[int, Seat, Auction] | None = None
        #: the event of the first call after that look (where a start-over would begin)
        self.held_over_began: int | None = None
        self.held_over_at: tuple[int, Seat] | None = None
        #: the looks at the skat before the bidding was over: (event, the seat that looked
        #: or None for the dealer, the seats out of the bidding from then on, whether bids
        #: had been made that no longer bind: ISkO 3.3.9; before any bid: 3.2.14)
        self.released: list[tuple[int, Seat | None, frozenset[Seat], bool]] = []
        self.declarer: Seat | None = None
        self.bid: int | None = None
        self.skat_taken = False
        self.discarded: tuple[Card, ...] = ()
        self.contract: Contract | None = None
        #: the contract's trick tables, looked up once: card -> the mask that follows it,
        #: and every trick's winner and points (:func:`referee.core.tricks.trick_outcomes`)
        self.followers: tuple[int, ...] = ()
        self.outcomes: bytes = b""
        self.declared: dict[str, Any] | None = None
        self.declared_at: int | None = None  # event index of the (valid) declaration
        self.declarer_cards_at_declaration: int = 0
        self.tricks: list[Trick] = []
        self.current: Trick | None = None
        self.to_play: Seat | None = None
        self.irregularities: list[Irregularity] = []
        self.markers: list[Marker] = []
        self.last_event = -1
        #: event index -> the position just before that event, kept for every event that
        #: raised an irregularity or cut the game short (what the rulings ask about)
        self.positions: dict[int, Position] = {}
        #: the hands and the skat (card masks) when play began, after the valid declaration
        self.opening: tuple[int, int, int, int] | None = None

    # -- positions --------------------------------------------------------------------------
    def keep_position(self, event: int) -> None:
        """Remember the position now as the one just before ``event`` (first call wins)."""
        if event not in self.positions:
            self.positions[event] = position_of(self)

    @property
    def start(self) -> Position | None:
        """The position when play began (None before a valid declaration): the hands as
        declared, the skat's points for the declarer, forehand to lead the first trick."""
        if self.opening is None:
            return None
        forehand, middlehand, rearhand, skat = self.opening
        return Position(points_of(skat), 0, 0, 0, (forehand, middlehand, rearhand), 0, ())

    def position_before(self, event: int) -> Position:
        """The position just before ``event``, as kept while replaying.

        Kept for every event that raised an irregularity or cut the game short; asking
        for another event is a bug in the caller (a KeyError), never a second replay.
        """
        return self.positions[event]

    # -- derived views --------------------------------------------------------------------
    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(cards_of(self.hands[seat.index]))

    @property
    def trick_number(self) -> int | None:
        """The number of the trick in play (or 10 when all are done); None before play."""
        if self.phase not in (Phase.PLAYING, Phase.FINISHED):
            return None
        if self.current is not None and self.current.plays:
            return self.current.number
        return min(len(self.tricks) + 1, 10) if self.phase == Phase.PLAYING else len(self.tricks)

    def side_of(self, seat: Seat) -> str:
        return "declarer" if seat is self.declarer else "defenders"

    def tricks_won(self, upto_event: int | None = None) -> dict[str, int]:
        out = {"declarer": 0, "defenders": 0}
        for t in self.tricks:
            if upto_event is None or t.last_event <= upto_event:
                # (type: ignore below) completed tricks always have a winner
                out[self.side_of(t.winner)] += 1  # type: ignore[arg-type]
        return out

    def card_points(
        self, upto_event: int | None = None, *, with_skat: bool = True
    ) -> dict[str, int]:
        """Card points per side from the completed tricks (the skat counts for the declarer)."""
        out = {
            "declarer": points_of(self.skat) if with_skat and self.declarer else 0,
            "defenders": 0,
        }
        for t in self.tricks:
            if upto_event is None or t.last_event <= upto_event:
                # (type: ignore below) completed tricks always have a winner
                out[self.side_of(t.winner)] += t.points  # type: ignore[arg-type]
        return out

    def declarer_totals(self) -> tuple[int, int, int]:
        """(declarer's card points with the skat, his tricks, the defenders' tricks) over
        the completed tricks: :meth:`card_points` and :meth:`tricks_won` in one pass."""
        declarer = self.declarer
        points = points_of(self.skat) if declarer is not None else 0
        won = lost = 0
        for t in self.tricks:
            if t.winner is declarer:
                points += t.points
                won += 1
            else:
                lost += 1
        return points, won, lost

    def declarer_cards_with_skat(self) -> int:
        """The declarer's ten cards plus the skat, for matadors (the skat counts in hand games)."""
        if self.declarer is None:
            return 0
        deal = self.record.deal
        return deal.mask(self.declarer) | deal.skat

    def to_dict(self) -> dict[str, Any]:
        """The reconstruction as JSON."""
        return {
            "event": self.last_event,
            "phase": self.phase,
            "hands": {s.value: [c.name for c in self.hand(s)] for s in SEATS},
            "skat": [c.name for c in cards_of(self.skat)],
            "skat_taken": self.skat_taken,
            "bidding": [
                {"seat": a.seat.value, "action": a.kind, "value": a.value}
                for a in self.auction.history
            ],
            "declarer": _v(self.declarer),
            "bid": self.bid,
            "contract": self.contract.to_dict() if self.contract else None,
            "declared": self.declared,
            "discarded": [c.name for c in self.discarded],
            "tricks": [t.to_dict() for t in self.tricks],
            "current_trick": self.current.to_dict()
            if self.current and self.current.plays
            else None,
            "to_play": _v(self.to_play),
            "card_points": self.card_points() if self.declarer else None,
            "tricks_won": self.tricks_won() if self.declarer else None,
            "irregularities": [i.to_dict() for i in self.irregularities],
            "markers": [m.to_dict() for m in self.markers],
        }


def position_of(state: GameState) -> Position:
    """The position ``state`` is in now: :meth:`GameState.card_points` and
    :meth:`GameState.tricks_won` (the skat counts for the declarer) in one pass."""
    declarer = state.declarer
    points = [points_of(state.skat) if declarer is not None else 0, 0]
    won = [0, 0]
    for t in state.tricks:
        side = t.winner is not declarer
        points[side] += t.points
        won[side] += 1
    cur = state.current
    trick = tuple((seat.index, int(card)) for seat, card, _ in cur.plays) if cur else ()
    leader = cur.leader.index if cur else 0
    h = state.hands
    return Position(points[0], points[1], won[0], won[1], (h[0], h[1], h[2]), leader, trick)


def position_before_trick(state: GameState, number: int) -> Position:
    """The position just before trick ``number`` (complete) was led, rebuilt from the
    tricks: those before it counted, the cards of it and of every later one back in the
    hands (a trick left lying is judged from there, ISkO 4.4.5)."""
    declarer = state.declarer
    points = [points_of(state.skat) if declarer is not None else 0, 0]
    won = [0, 0]
    hands = list(state.hands)
    later = [t for t in state.tricks if t.number >= number]
    for t in state.tricks[: number - 1]:
        side = t.winner is not declarer
        points[side] += t.points
        won[side] += 1
    for t in (*later, *((state.current,) if state.current else ())):
        for seat, card, _ in (*t.plays, *t.extra):
            hands[seat.index] |= 1 << int(card)
    leader = later[0].leader.index
    return Position(
        points[0], points[1], won[0], won[1], (hands[0], hands[1], hands[2]), leader, ()
    )


def innocent(state: GameState, asker: Seat | None, offender: Seat | None) -> bool:
    """Whether ``asker`` (None: not recorded) is of the other party than ``offender``."""
    if asker is None or offender is None or state.declarer is None:
        return True
    return (asker is state.declarer) != (offender is state.declarer)
