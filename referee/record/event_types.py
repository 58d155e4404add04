"""Every event type of a ``skat-log/1`` record, declared once: one frozen dataclass each.

An event type's class says all the project knows about it: its own fields with their
types and kinds (:class:`FieldSpec` in the annotation; a field with a default may be left
out), whether a seat is required and whether the dealer who sits out at a table of four
may be the one acting, the clauses that give it meaning, its title, its one-paragraph
description, the section of docs/skat-log.md that lists it, whether the replayer keeps it
as a marker, whether it cuts the game short or needs the bidding over, and its place on
step 4 of the console's entry form. The names of the types (:class:`EventType`) and the
base class :class:`Event` are in :mod:`referee.record.event_model`; the classes for what
can go wrong at the table are in :mod:`referee.record.event_types_table` and
:mod:`referee.record.event_types_end`, the others here. :data:`EVENT_CLASSES` lists them
all; :data:`EVENT_TYPES` is the same list read back as plain :class:`EventDecl` data, from
which the parser's tables, the JSON Schema's event definitions, the event tables of
docs/skat-log.md and the entry form's lists are made.

>>> DECLARED[EventType.PLAY].field_names
('card', 'extra')
>>> DECLARED[EventType.REMARK].dealer, DECLARED[EventType.REMARK].clauses
(<Dealer.MAY: 'may'>, ('ISkO 4.2.9',))
>>> Play(index=3, seat=Seat.FOREHAND, card=Card.HK).to_dict()
{'type': 'play', 'seat': 'forehand', 'card': 'HK'}
"""

from dataclasses import dataclass
from typing import Annotated

from referee.core.cards import Card
from referee.core.contracts import Game
from referee.core.seats import Seat
from referee.record.event_model import (
    CHOICES,
    EXPOSE_HOW,
    BySeat,
    ChoiceWord,
    Dealer,
    Event,
    EventDecl,
    EventType,
    FieldDecl,
    FieldKind,
    FieldSpec,
    Section,
    declaration,
)
from referee.record.event_types_end import END_EVENTS
from referee.record.event_types_table import TABLE_EVENTS

__all__ = [
    "CHOICES",
    "DECLARED",
    "EVENT_CLASSES",
    "EVENT_TYPES",
    "EXPOSE_HOW",
    "Announce",
    "Bid",
    "Choice",
    "Dealer",
    "Declare",
    "Discard",
    "Event",
    "EventDecl",
    "EventType",
    "FieldDecl",
    "FieldKind",
    "FieldSpec",
    "Hold",
    "Left",
    "NoCard",
    "Pass",
    "Pickup",
    "Play",
    "Section",
    "Timeout",
]

# the annotations are evaluated when the class is made (no postponed annotations here):
# the FieldSpec in each is read back by referee.record.event_model.declaration


@dataclass(frozen=True, slots=True, kw_only=True)
class Bid(BySeat):
    type = EventType.BID
    title = "Bid"
    description = (
        "The seat names a bid value (middlehand to forehand first, then rearhand). A number that "
        "is no game value is refused (event.bid_value)."
    )
    section = Section.BIDDING
    clauses = ("ISkO 3.3.1", "ISkO 3.3.2")
    value: Annotated[
        int,
        FieldSpec(
            FieldKind.BID,
            "Bid value",
            (
                "The number that was called: a game value (ISkO 3.3.1), 18, 20, 22, 23, 24, 27, "
                "... 264."
            ),
        ),
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(BySeat):
    type = EventType.HOLD
    title = "Hold"
    description = "The seat accepts (holds) the bid last called to him ('yes')."
    section = Section.BIDDING
    clauses = ("ISkO 3.3.2",)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(BySeat):
    type = EventType.PASS
    title = "Pass"
    description = "The seat drops out of the bidding."
    section = Section.BIDDING
    clauses = ("ISkO 3.3.2", "ISkO 3.3.8")


@dataclass(frozen=True, slots=True, kw_only=True)
class Pickup(BySeat):
    type = EventType.PICKUP
    title = "Pick up the skat"
    description = (
        "The declarer takes the two skat cards into his hand (the game is then not a hand game)."
    )
    section = Section.BIDDING
    clauses = ("ISkO 2.2.2",)
    after_bidding = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard(BySeat):
    type = EventType.DISCARD
    title = "Discard"
    description = (
        "The declarer lays cards away face down as the new skat. Normally two; any other number is"
        " recorded as it happened."
    )
    section = Section.BIDDING
    clauses = ("ISkO 2.2.2",)
    after_bidding = True
    cards: Annotated[
        tuple[Card, ...],
        FieldSpec(
            FieldKind.CARDS,
            "Discarded cards",
            "The cards laid away, in the order they were put down.",
        ),
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Declare(BySeat):
    type = EventType.DECLARE
    title = "Declare"
    description = "The declarer names his game and any announcements."
    section = Section.BIDDING
    clauses = ("ISkO 3.4.1", "ISkO 3.4.5")
    after_bidding = True
    game: Annotated[Game, FieldSpec(FieldKind.GAME)]
    hand: Annotated[
        bool,
        FieldSpec(
            FieldKind.BOOL,
            "Hand",
            "Played without picking up the skat.",
            default=False,
        ),
    ] = False
    schneider: Annotated[
        bool,
        FieldSpec(
            FieldKind.BOOL,
            "Schneider announced",
            "The declarer announced schneider (only possible in a hand game).",
            default=False,
        ),
    ] = False
    schwarz: Annotated[
        bool,
        FieldSpec(
            FieldKind.BOOL,
            "Schwarz announced",
            "The declarer announced schwarz (only possible in a hand game).",
            default=False,
        ),
    ] = False
    ouvert: Annotated[
        bool,
        FieldSpec(
            FieldKind.BOOL,
            "Ouvert",
            "The declarer plays with his cards open on the table.",
            default=False,
        ),
    ] = False
    correction: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Correction",
            (
                "Optional. true: the declarer corrects his invalid announcement just before (ISkO "
                "3.4.5). It counts when the announcement it replaces was invalid, no card has been"
                " played yet and it keeps the kind of game (suit, grand or null); otherwise it is "
                "noted and does not count. Without corrections the referee corrects an invalid "
                "announcement to the playable game of the same kind."
            ),
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Announce(BySeat):
    type = EventType.ANNOUNCE
    title = "Words added to the announcement"
    description = (
        "The declarer adds to the game he declared (the declare event before it): hand, schneider,"
        " schwarz or ouvert said after the declaration, for instance in answer to a question; its "
        "place in the record is when. An announcement counts only as it was made (ISkO 3.4.1) and "
        "the game starts with it (4.1.1): words said before the first card is led complete it and "
        "count, words said later do not count; a rule set may read the announcement as complete "
        "when made, so that no word added after the declaration counts (reading "
        "isko-3.4.1-added-words). Never recorded for"
        " the declaration itself: what the declare event says is what was said at once."
    )
    section = Section.BIDDING
    clauses = ("ISkO 3.4.1", "ISkO 4.1.1")
    after_bidding = True
    entry = 19
    hand: Annotated[bool, FieldSpec(FieldKind.BOOL, "Hand said", "Optional.")] = False
    schneider: Annotated[bool, FieldSpec(FieldKind.BOOL, "Schneider said", "Optional.")] = False
    schwarz: Annotated[bool, FieldSpec(FieldKind.BOOL, "Schwarz said", "Optional.")] = False
    ouvert: Annotated[bool, FieldSpec(FieldKind.BOOL, "Ouvert said", "Optional.")] = False
    text: Annotated[
        str | None,
        FieldSpec(
            FieldKind.STR,
            "The words",
            "The words as reported (optional); never interpreted.",
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice(BySeat):
    type = EventType.CHOICE
    title = "The declarer's choice"
    description = (
        "A choice the rules give the declarer: after the skat was seen during the bidding (ISkO "
        "3.3.11) to play or fold (passed in), before he takes up the skat; after only the "
        "defenders were found with a wrong number of cards after the bidding (3.3.10), to take the"
        " game as won without playing, or to play with their cards corrected. A choice the rules "
        "do not give him there is ignored, and the ruling says so; without a choice the game is "
        "ruled as the record goes on (after a misdeal: dealt again if nothing was played, else "
        "held against the defenders)."
    )
    section = Section.CHOICE
    clauses = ("ISkO 3.3.10", "ISkO 3.3.11")
    marker = True
    after_bidding = True
    entry = 15
    choice: Annotated[
        ChoiceWord,
        FieldSpec(
            FieldKind.CHOICE,
            "Choice",
            (
                '"play", "fold" (3.3.11: the game is passed in) or "win" (3.3.10: a game won worth'
                " at least the bid with his matadors)."
            ),
        ),
    ]
    cards: Annotated[
        tuple[Card, ...] | None,
        FieldSpec(
            FieldKind.CARDS,
            "Corrected cards",
            (
                'Optional, with "play" after a misdeal of the defenders: the cards that went from '
                'the defender holding too many to the one named in "to".'
            ),
        ),
    ] = None
    to: Annotated[
        Seat | None,
        FieldSpec(
            FieldKind.SEAT,
            "",
            'With "cards": the defender the corrected cards went to.',
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Play(BySeat):
    type = EventType.PLAY
    title = "Play a card"
    description = (
        "The seat puts a card on the table as his contribution to the current trick (or leads it)."
    )
    section = Section.PLAY
    clauses = ("ISkO 4.2.1", "ISkO 4.2.6")
    after_bidding = True
    card: Annotated[Card, FieldSpec(FieldKind.CARD, "Played card", "The card played.")]
    extra: Annotated[
        tuple[Card, ...] | None,
        FieldSpec(
            FieldKind.CARDS,
            "Cards that went in with it",
            (
                'Optional: cards the seat put into the trick together with "card", gathered with '
                "the trick (two cards played to one trick, found only later: ISkO 4.2.6). They "
                "count for the trick's winner; the seat is a card short from then on."
            ),
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NoCard(BySeat):
    type = EventType.NO_CARD
    title = "No card to a trick"
    description = (
        "The seat put no card to the trick in play, which was taken without it (ISkO 4.2.6: the "
        "seat holds a card too many from then on). At least one card must be on the table."
    )
    section = Section.PLAY
    clauses = ("ISkO 4.2.6",)
    after_bidding = True
    entry = 16


@dataclass(frozen=True, slots=True, kw_only=True)
class Timeout(BySeat):
    type = EventType.TIMEOUT
    title = "Timeout (platform)"
    description = "An online platform recorded that the seat ran out of time. Not an ISkO event."
    section = Section.PLATFORM
    marker = True
    shortens = True
    entry = 11


@dataclass(frozen=True, slots=True, kw_only=True)
class Left(BySeat):
    type = EventType.LEFT
    title = "Left the table (platform)"
    description = "An online platform recorded that the seat left the table. Not an ISkO event."
    section = Section.PLATFORM
    marker = True
    shortens = True
    entry = 12


#: every event type's class, in the order of :class:`EventType`
EVENT_CLASSES: tuple[type[Event], ...] = (
    Bid,
    Hold,
    Pass,
    Pickup,
    Discard,
    Declare,
    Announce,
    Choice,
    Play,
    NoCard,
    *TABLE_EVENTS,
    *END_EVENTS,
    Timeout,
    Left,
)
#: the declarations as plain data, one per class
EVENT_TYPES: tuple[EventDecl, ...] = tuple(declaration(c) for c in EVENT_CLASSES)
DECLARED: dict[EventType, EventDecl] = {d.type: d for d in EVENT_TYPES}
