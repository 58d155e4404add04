"""The form of an event type's declaration (:mod:`referee.record.event_types` holds the
declarations): its fields and their kinds, who may act, its clauses and texts."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "CHOICES",
    "EXPOSE_HOW",
    "Dealer",
    "EventDecl",
    "EventType",
    "FieldDecl",
    "FieldKind",
    "Section",
]


class EventType(StrEnum):
    """The ``type`` of an event (each declared in :mod:`referee.record.event_types`)."""

    BID = "bid"
    HOLD = "hold"
    PASS = "pass"
    PICKUP = "pickup"
    DISCARD = "discard"
    DECLARE = "declare"
    ANNOUNCE = "announce"
    CHOICE = "choice"
    PLAY = "play"
    NO_CARD = "no_card"
    DEALT = "dealt"
    LOOK_AT_SKAT = "look_at_skat"
    SKAT_REDRAWN = "skat_redrawn"
    EXPOSE = "expose"
    REVIEW_TRICKS = "review_tricks"
    REMARK = "remark"
    STOP_PARTNER = "stop_partner"
    TAKE_BACK = "take_back"
    LOOK_INTO_HAND = "look_into_hand"
    NOT_LAID_OUT = "not_laid_out"
    TRICKS_NOT_GATHERED = "tricks_not_gathered"
    CONCEDE = "concede"
    CONSENT = "consent"
    REFUSE = "refuse"
    LAY_DOWN = "lay_down"
    THROW_IN = "throw_in"
    OBJECTION = "objection"
    CONTINUE = "continue"
    CARDS_GATHERED = "cards_gathered"
    TIMEOUT = "timeout"
    LEFT = "left"


class Section(StrEnum):
    """Where docs/skat-log.md lists an event type."""

    BIDDING = "bidding"  # bidding and declaring
    CHOICE = "choice"  # the declarer's choices
    PLAY = "play"  # playing
    TABLE = "table"  # what can go wrong at the table
    PLATFORM = "platform"  # events of online platforms


class FieldKind(StrEnum):
    """What an event field holds (:func:`referee.record.fields.field_value` checks it)."""

    BID = "bid"  # a game value (ISkO 3.3.1)
    BOOL = "bool"
    CARD = "card"
    CARDS = "cards"  # a non-empty list of distinct cards
    GAME = "game"
    HOW = "how"  # expose.how: one of EXPOSE_HOW
    CHOICE = "choice"  # choice.choice: one of CHOICES
    SEAT = "seat"
    STR = "str"
    TRICK = "trick"  # a trick number 1-10


class Dealer(StrEnum):
    """Whether the dealer who sits out at a table of four may be recorded as acting
    (``"seat": "dealer"``)."""

    NO = "no"
    MAY = "may"  # a seat or the dealer
    ONLY = "only"  # the dealer alone


#: how cards became visible (``expose.how``): dropped by accident, shown, or put down
#: together with the card the seat played (ISkO 4.1.9 treats them differently)
EXPOSE_HOW = ("dropped", "shown", "with_play")
#: the declarer's choices the rules give him (``choice.choice``): play or fold after the skat
#: was seen in the bidding (ISkO 3.3.11); play with corrected cards or take the game as won
#: after a misdeal of the defenders found after the bidding (3.3.10)
CHOICES = ("play", "fold", "win")


@dataclass(frozen=True, slots=True)
class FieldDecl:
    """One field of an event type besides ``type``, ``seat``, ``time`` and ``note``."""

    name: str
    kind: FieldKind
    title: str = ""
    description: str = ""
    #: the field may be left out (the event then keeps the :class:`Event` default)
    optional: bool = False
    #: a boolean's value when it is left out, as the schema states it (None: not stated)
    default: bool | None = None


@dataclass(frozen=True, slots=True)
class EventDecl:
    """One event type: what it records, who may do it, what it carries."""

    type: EventType
    title: str
    #: one paragraph: what happened at the table
    description: str
    #: where docs/skat-log.md lists it
    section: Section
    #: the ISkO clauses that give the event its meaning (they exist in rules_kb/)
    clauses: tuple[str, ...] = ()
    fields: tuple[FieldDecl, ...] = ()
    seat_required: bool = True
    dealer: Dealer = Dealer.NO
    #: the replayer keeps it in the game state's markers (where the table stood when it came)
    marker: bool = False
    #: it cuts the game short (a concession, a claim, a throw-in, a player gone)
    shortens: bool = False
    #: it needs the bidding to be over (a bidding a look at the skat left open is settled
    #: by it)
    after_bidding: bool = False
    #: its place on the list of facts step 4 of the console's entry form offers (0: not
    #: offered there)
    entry: int = 0

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)
