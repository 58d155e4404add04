"""The form of an event type's declaration: :class:`Event`, the frozen dataclass every
event type's class extends (:mod:`referee.record.event_types` and
:mod:`referee.record.event_types_table` hold them), with what a class says about its type
(class variables) and about its own fields (:class:`FieldSpec` in their annotations), and
:class:`EventDecl`, the same read back as plain data (:func:`declaration`) for the parser,
the schema, the guide and the console."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, Literal, TypeVar, get_args, get_type_hints

from referee.core.cards import Card
from referee.core.contracts import Game
from referee.core.seats import Seat

__all__ = [
    "CHOICES",
    "EXPOSE_HOW",
    "COMMON_FIELDS",
    "BySeat",
    "ChoiceWord",
    "Dealer",
    "Event",
    "EventDecl",
    "EventType",
    "ExposeHow",
    "FieldDecl",
    "FieldKind",
    "FieldSpec",
    "Section",
    "declaration",
    "of_class",
    "own_fields",
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
ExposeHow = Literal["dropped", "shown", "with_play"]
EXPOSE_HOW: tuple[ExposeHow, ...] = get_args(ExposeHow)
#: the declarer's choices the rules give him (``choice.choice``): play or fold after the skat
#: was seen in the bidding (ISkO 3.3.11); play with corrected cards or take the game as won
#: after a misdeal of the defenders found after the bidding (3.3.10)
ChoiceWord = Literal["play", "fold", "win"]
CHOICES: tuple[ChoiceWord, ...] = get_args(ChoiceWord)


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """What an event class says of one of its own fields, in the field's annotation
    (``card: Annotated[Card, FieldSpec(FieldKind.CARD, "Played card", "...")]``); whether
    it may be left out is whether the field has a default."""

    kind: FieldKind
    title: str = ""
    description: str = ""
    #: a boolean's value when it is left out, as the schema states it (None: not stated)
    default: bool | None = None


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


#: the fields every event has in skat-log/1 besides its type's own
COMMON_FIELDS = ("type", "seat", "time", "note")


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One recorded action: an instance of its type's class, which declares the type (its
    class variables) and the fields the type has besides these. An event keeps what the
    table did, never what it should have done: a play out of turn is an ordinary
    :class:`~referee.record.event_types.Play` whose irregularity the replayer notes."""

    type: ClassVar[EventType]
    title: ClassVar[str]
    #: one paragraph: what happened at the table
    description: ClassVar[str]
    #: where docs/skat-log.md lists it
    section: ClassVar[Section]
    #: the ISkO clauses that give the event its meaning (they exist in rules_kb/)
    clauses: ClassVar[tuple[str, ...]] = ()
    seat_required: ClassVar[bool] = True
    #: whether the dealer who sits out at a table of four may be the one acting
    dealer: ClassVar[Dealer] = Dealer.NO
    #: the replayer keeps it in the game state's markers
    marker: ClassVar[bool] = False
    #: it cuts the game short (a concession, a claim, a throw-in, a player gone)
    shortens: ClassVar[bool] = False
    #: it needs the bidding to be over
    after_bidding: ClassVar[bool] = False
    #: its place on the list of facts step 4 of the console's entry form offers (0: none)
    entry: ClassVar[int] = 0

    index: int
    seat: Seat | None = None
    #: the dealer at a table of four acted (``"seat": "dealer"``; ``seat`` is then None)
    by_dealer: bool = False
    #: one who sits out besides the dealer at a table of five or more acted (``"seat":
    #: "sitting_out"``; ISkO 3.2.7); ``by_dealer`` is then true as well: he is treated as
    #: the dealer at four is (reading isko-3.2.7-sitting-out)
    sitting_out: bool = False
    time: str | None = None
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as skat-log/1 JSON (only the fields its type has)."""
        out: dict[str, Any] = {"type": self.type.value}
        if self.seat is not None:
            out["seat"] = self.seat.value
        elif self.by_dealer:
            out["seat"] = "sitting_out" if self.sitting_out else "dealer"
        for name in own_fields(type(self)):
            v = getattr(self, name)
            if isinstance(v, Card):
                v = v.name
            elif isinstance(v, tuple):
                v = [c.name for c in v]
            elif isinstance(v, (Game, Seat)):
                v = v.value
            if v is not None:
                out[name] = v
        if self.time is not None:
            out["time"] = self.time
        if self.note is not None:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class BySeat(Event):
    """An event only a seat in play does (a bid, a card played, a claim, ...): its seat is
    always there, never the dealer who sits out (the parser requires it)."""

    seat: Seat


_BASE_FIELDS = frozenset(f.name for f in fields(Event))


_OWN_FIELDS: dict[type[Event], tuple[str, ...]] = {}


def own_fields(cls: type[Event]) -> tuple[str, ...]:
    """The names of the fields an event class has besides those of every event, in the
    order it declares them."""
    names = _OWN_FIELDS.get(cls)
    if names is None:
        names = _OWN_FIELDS[cls] = tuple(f.name for f in fields(cls) if f.name not in _BASE_FIELDS)
    return names


def declaration(cls: type[Event]) -> EventDecl:
    """An event class's declaration as plain data: its class variables, and each own field's
    name, :class:`FieldSpec` and whether it has a default."""
    hints = get_type_hints(cls, include_extras=True)
    own: list[FieldDecl] = []
    for f in fields(cls):
        if f.name in _BASE_FIELDS:
            continue
        spec = next(m for m in hints[f.name].__metadata__ if isinstance(m, FieldSpec))
        optional = f.default is not MISSING
        own.append(
            FieldDecl(f.name, spec.kind, spec.title, spec.description, optional, spec.default)
        )
    return EventDecl(
        cls.type,
        cls.title,
        cls.description,
        cls.section,
        cls.clauses,
        tuple(own),
        cls.seat_required,
        cls.dealer,
        cls.marker,
        cls.shortens,
        cls.after_bidding,
        cls.entry,
    )


E = TypeVar("E", bound=Event)


def of_class(event: Event, cls: type[E]) -> E:
    """``event`` as the ``cls`` it is (a marker's event, say, whose type the marker names);
    holding an event of another type is a bug of the caller (TypeError).

    >>> from referee.record.event_types import Play
    >>> from referee.record.event_types_table import Remark
    >>> of_class(Remark(index=4, seat=Seat.FOREHAND), Play)
    Traceback (most recent call last):
    ...
    TypeError: event 4 is a remark, not a play
    """
    if not isinstance(event, cls):
        raise TypeError(f"event {event.index} is a {event.type}, not a {cls.type}")
    return event
