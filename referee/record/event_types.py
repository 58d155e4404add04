"""Every event type of a ``skat-log/1`` record, declared once.

One :class:`EventDecl` per type says all the project knows about it: its own fields and
their kinds, whether a seat is required and whether the dealer who sits out at a table of
four may be the one acting, the clauses that give it meaning, and its title and one-line
description, and the section of docs/skat-log.md that lists it. The names of the types
(:class:`EventType`) and the form of a declaration are in :mod:`referee.record.event_model`;
the declarations of what can go wrong at the table are in
:mod:`referee.record.event_types_table`, the others here. The other forms of the list
(the parser's tables in :mod:`referee.record.events`, the replayer's dispatch, the JSON
Schema's event definitions, the event tables of docs/skat-log.md) are derived from
:data:`EVENT_TYPES` or held to it by tests.

>>> DECLARED[EventType.PLAY].field_names
('card', 'extra')
>>> DECLARED[EventType.REMARK].dealer, DECLARED[EventType.REMARK].clauses
(<Dealer.MAY: 'may'>, ('ISkO 4.2.9',))
"""

from __future__ import annotations

from referee.record.event_model import (
    CHOICES,
    EXPOSE_HOW,
    Dealer,
    EventDecl,
    EventType,
    FieldDecl,
    FieldKind,
    Section,
)
from referee.record.event_types_table import TABLE_EVENTS

__all__ = [
    "CHOICES",
    "DECLARED",
    "EVENT_TYPES",
    "EXPOSE_HOW",
    "Dealer",
    "EventDecl",
    "EventType",
    "FieldDecl",
    "FieldKind",
    "Section",
]


EVENT_TYPES: tuple[EventDecl, ...] = (
    EventDecl(
        EventType.BID,
        "Bid",
        (
            "The seat names a bid value (middlehand to forehand first, then rearhand). A number "
            "that is no game value is refused (event.bid_value)."
        ),
        section=Section.BIDDING,
        clauses=("ISkO 3.3.1", "ISkO 3.3.2"),
        fields=(
            FieldDecl(
                "value",
                FieldKind.BID,
                "Bid value",
                (
                    "The number that was called: a game value (ISkO 3.3.1), 18, 20, 22, 23, 24, "
                    "27, ... 264."
                ),
            ),
        ),
    ),
    EventDecl(
        EventType.HOLD,
        "Hold",
        "The seat accepts (holds) the bid last called to him ('yes').",
        section=Section.BIDDING,
        clauses=("ISkO 3.3.2",),
    ),
    EventDecl(
        EventType.PASS,
        "Pass",
        "The seat drops out of the bidding.",
        section=Section.BIDDING,
        clauses=("ISkO 3.3.2", "ISkO 3.3.8"),
    ),
    EventDecl(
        EventType.PICKUP,
        "Pick up the skat",
        "The declarer takes the two skat cards into his hand (the game is then not a hand game).",
        section=Section.BIDDING,
        clauses=("ISkO 2.2.2",),
        after_bidding=True,
    ),
    EventDecl(
        EventType.DISCARD,
        "Discard",
        (
            "The declarer lays cards away face down as the new skat. Normally two; any other "
            "number is recorded as it happened."
        ),
        section=Section.BIDDING,
        clauses=("ISkO 2.2.2",),
        after_bidding=True,
        fields=(
            FieldDecl(
                "cards",
                FieldKind.CARDS,
                "Discarded cards",
                "The cards laid away, in the order they were put down.",
            ),
        ),
    ),
    EventDecl(
        EventType.DECLARE,
        "Declare",
        "The declarer names his game and any announcements.",
        section=Section.BIDDING,
        clauses=("ISkO 3.4.1", "ISkO 3.4.5"),
        after_bidding=True,
        fields=(
            FieldDecl("game", FieldKind.GAME),
            FieldDecl(
                "hand",
                FieldKind.BOOL,
                "Hand",
                "Played without picking up the skat.",
                optional=True,
                default=False,
            ),
            FieldDecl(
                "schneider",
                FieldKind.BOOL,
                "Schneider announced",
                "The declarer announced schneider (only possible in a hand game).",
                optional=True,
                default=False,
            ),
            FieldDecl(
                "schwarz",
                FieldKind.BOOL,
                "Schwarz announced",
                "The declarer announced schwarz (only possible in a hand game).",
                optional=True,
                default=False,
            ),
            FieldDecl(
                "ouvert",
                FieldKind.BOOL,
                "Ouvert",
                "The declarer plays with his cards open on the table.",
                optional=True,
                default=False,
            ),
            FieldDecl(
                "correction",
                FieldKind.BOOL,
                "Correction",
                (
                    "Optional. true: the declarer corrects his invalid announcement just before "
                    "(ISkO 3.4.5). It counts when the announcement it replaces was invalid, no "
                    "card has been played yet and it keeps the kind of game (suit, grand or null);"
                    " otherwise it is noted and does not count. Without corrections the referee "
                    "corrects an invalid announcement to the playable game of the same kind."
                ),
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.ANNOUNCE,
        "Words added to the announcement",
        (
            "The declarer adds to the game he declared (the declare event before it): hand, "
            "schneider, schwarz or ouvert said after the declaration, for instance in answer to a "
            "question; its place in the record is when. An announcement counts only as it was "
            "made (ISkO 3.4.1) and the game starts with it (4.1.1): words said before the first "
            "card is led complete it and count, words said later do not count (reading "
            "isko-3.4.1-added-words). Never recorded for the declaration itself: what the declare"
            " event says is what was said at once."
        ),
        section=Section.BIDDING,
        clauses=("ISkO 3.4.1", "ISkO 4.1.1"),
        after_bidding=True,
        entry=19,
        fields=(
            FieldDecl("hand", FieldKind.BOOL, "Hand said", "Optional.", optional=True),
            FieldDecl("schneider", FieldKind.BOOL, "Schneider said", "Optional.", optional=True),
            FieldDecl("schwarz", FieldKind.BOOL, "Schwarz said", "Optional.", optional=True),
            FieldDecl("ouvert", FieldKind.BOOL, "Ouvert said", "Optional.", optional=True),
            FieldDecl(
                "text",
                FieldKind.STR,
                "The words",
                "The words as reported (optional); never interpreted.",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.CHOICE,
        "The declarer's choice",
        (
            "A choice the rules give the declarer: after the skat was seen during the bidding "
            "(ISkO 3.3.11) to play or fold (passed in), before he takes up the skat; after only "
            "the defenders were found with a wrong number of cards after the bidding (3.3.10), to "
            "take the game as won without playing, or to play with their cards corrected. A choice"
            " the rules do not give him there is ignored, and the ruling says so; without a choice"
            " the game is ruled as the record goes on (after a misdeal: dealt again if nothing was"
            " played, else held against the defenders)."
        ),
        section=Section.CHOICE,
        clauses=("ISkO 3.3.10", "ISkO 3.3.11"),
        entry=15,
        marker=True,
        after_bidding=True,
        fields=(
            FieldDecl(
                "choice",
                FieldKind.CHOICE,
                "Choice",
                (
                    '"play", "fold" (3.3.11: the game is passed in) or "win" (3.3.10: a game won '
                    "worth at least the bid with his matadors)."
                ),
            ),
            FieldDecl(
                "cards",
                FieldKind.CARDS,
                "Corrected cards",
                (
                    'Optional, with "play" after a misdeal of the defenders: the cards that went '
                    'from the defender holding too many to the one named in "to".'
                ),
                optional=True,
            ),
            FieldDecl(
                "to",
                FieldKind.SEAT,
                description='With "cards": the defender the corrected cards went to.',
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.PLAY,
        "Play a card",
        "The seat puts a card on the table as his contribution to the current trick (or leads it).",
        section=Section.PLAY,
        clauses=("ISkO 4.2.1", "ISkO 4.2.6"),
        after_bidding=True,
        fields=(
            FieldDecl("card", FieldKind.CARD, "Played card", "The card played."),
            FieldDecl(
                "extra",
                FieldKind.CARDS,
                "Cards that went in with it",
                (
                    'Optional: cards the seat put into the trick together with "card", gathered '
                    "with the trick (two cards played to one trick, found only later: ISkO 4.2.6)."
                    " They count for the trick's winner; the seat is a card short from then on."
                ),
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.NO_CARD,
        "No card to a trick",
        (
            "The seat put no card to the trick in play, which was taken without it (ISkO 4.2.6: "
            "the seat holds a card too many from then on). At least one card must be on the table."
        ),
        section=Section.PLAY,
        clauses=("ISkO 4.2.6",),
        entry=16,
        after_bidding=True,
    ),
    *TABLE_EVENTS,
    EventDecl(
        EventType.TIMEOUT,
        "Timeout (platform)",
        "An online platform recorded that the seat ran out of time. Not an ISkO event.",
        section=Section.PLATFORM,
        clauses=(),
        entry=11,
        marker=True,
        shortens=True,
    ),
    EventDecl(
        EventType.LEFT,
        "Left the table (platform)",
        "An online platform recorded that the seat left the table. Not an ISkO event.",
        section=Section.PLATFORM,
        clauses=(),
        entry=12,
        marker=True,
        shortens=True,
    ),
)
DECLARED: dict[EventType, EventDecl] = {d.type: d for d in EVENT_TYPES}
