"""Every event type of a ``skat-log/1`` record, declared once.

One :class:`EventDecl` per type says all the project knows about it: its own fields and
their kinds, whether a seat is required and whether the dealer who sits out at a table of
four may be the one acting, the clauses that give it meaning, and its title and one-line
description. The other forms of the list of event types, such as the parser's tables
(:mod:`referee.record.events`), are derived from :data:`EVENT_TYPES`; the form of a
declaration is in :mod:`referee.record.event_model`.

>>> DECLARED[EventType.PLAY].field_names
('card', 'extra')
>>> [str(d.type) for d in EVENT_TYPES if d.dealer is Dealer.ONLY]
['look_into_hand']
"""

from __future__ import annotations

from enum import StrEnum

from referee.record.event_model import (
    CHOICES,
    EXPOSE_HOW,
    Dealer,
    EventDecl,
    FieldDecl,
    FieldKind,
)

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
]


class EventType(StrEnum):
    """The ``type`` of an event."""

    DEALT = "dealt"
    BID = "bid"
    HOLD = "hold"
    PASS = "pass"
    PICKUP = "pickup"
    DISCARD = "discard"
    DECLARE = "declare"
    CHOICE = "choice"
    PLAY = "play"
    NO_CARD = "no_card"
    TAKE_BACK = "take_back"
    LOOK_AT_SKAT = "look_at_skat"
    LOOK_INTO_HAND = "look_into_hand"
    EXPOSE = "expose"
    REVIEW_TRICKS = "review_tricks"
    REMARK = "remark"
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


EVENT_TYPES: tuple[EventDecl, ...] = (
    EventDecl(
        EventType.DEALT,
        "Dealt",
        (
            "The dealer has finished dealing (optional). A record that has it places every event "
            "before it in the deal: a card shown then (ISkO 3.2.8) or a look at the skat (3.2.14, "
            "3.2.15) is judged as happening during the deal. Records without it start in the "
            "bidding."
        ),
        seat_required=False,
        clauses=("ISkO 3.2.8", "ISkO 3.2.14", "ISkO 3.2.15"),
    ),
    EventDecl(
        EventType.BID,
        "Bid",
        "The seat names a bid value (middlehand to forehand first, then rearhand).",
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
        clauses=("ISkO 3.3.2",),
    ),
    EventDecl(
        EventType.PASS,
        "Pass",
        "The seat drops out of the bidding.",
        clauses=("ISkO 3.3.2", "ISkO 3.3.8"),
    ),
    EventDecl(
        EventType.PICKUP,
        "Pick up the skat",
        "The declarer takes the two skat cards into his hand (the game is then not a hand game).",
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
        EventType.CHOICE,
        "The declarer's choice",
        (
            "A choice the rules give the declarer: after the skat was seen during the bidding "
            "(ISkO 3.3.11) to play or fold (passed in), before he takes up the skat; after only "
            "the defenders were found with a wrong number of cards after the bidding (3.3.10), to "
            "take the game as won without playing, or to play with their cards corrected."
        ),
        clauses=("ISkO 3.3.10", "ISkO 3.3.11"),
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
        clauses=("ISkO 4.2.6",),
        after_bidding=True,
    ),
    EventDecl(
        EventType.TAKE_BACK,
        "Card taken back into the hand",
        (
            "The seat took a card back into the hand: either its last card on the table (a played "
            "card, which ISkO 4.1.2 says may not be taken back: an infraction, and the card goes "
            "back on the table if the other party demands that play goes on, 4.1.6) or a card "
            "still in the hand that was drawn or shown but never lay on the table (not played; the"
            " declarer may take such a card back, 4.1.9)."
        ),
        clauses=("ISkO 4.1.2", "ISkO 4.1.9"),
        fields=(
            FieldDecl(
                "card", FieldKind.CARD, "Card taken back", "The card taken back into the hand."
            ),
        ),
    ),
    EventDecl(
        EventType.LOOK_AT_SKAT,
        "Look at the skat",
        "The seat looks at, or turns over, one or both skat cards, in whatever phase of the game.",
        dealer=Dealer.MAY,
        clauses=("ISkO 3.3.9", "ISkO 4.2.8"),
        marker=True,
    ),
    EventDecl(
        EventType.LOOK_INTO_HAND,
        "The dealer looks into a hand",
        (
            "The dealer who sits out at a table of four looks into a player's cards. One hand is a"
            " courtesy (ISkO 3.5.4); a look into a second is against SkWO 8.5."
        ),
        dealer=Dealer.ONLY,
        clauses=("ISkO 3.5.4",),
        fields=(FieldDecl("into", FieldKind.SEAT, description="Whose cards he looked into."),),
    ),
    EventDecl(
        EventType.EXPOSE,
        "Expose cards",
        (
            "Cards of the seat become visible by accident: dropped, shown, or a second card put "
            "down with the played one."
        ),
        clauses=("ISkO 4.1.9",),
        marker=True,
        fields=(
            FieldDecl("cards", FieldKind.CARDS, "Exposed cards", "The cards that were seen."),
            FieldDecl(
                "how",
                FieldKind.HOW,
                "How the cards became visible",
                (
                    'Optional. "dropped": fell by accident (ISkO 4.1.9: the declarer may pick a '
                    'dropped card up without penalty); "shown": shown or pulled out; "with_play": '
                    "put down together with the card the seat played (two cards played at once). "
                    "Without it, cards shown right after the same seat's card in the trick count "
                    "as put down with it."
                ),
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.REVIEW_TRICKS,
        "Review a trick",
        "The seat looks at or counts a trick that had already been turned.",
        clauses=("ISkO 4.4.3", "ISkO 4.4.6"),
        marker=True,
        fields=(
            FieldDecl(
                "trick",
                FieldKind.TRICK,
                "Trick number",
                "1-based number of the trick that was looked at.",
            ),
            FieldDecl(
                "on_request",
                FieldKind.BOOL,
                "Shown on request",
                (
                    "Optional. true: the trick was shown because the seat asked for it (ISkO "
                    "4.4.3: allowed for the last trick, before the seat has played to the next "
                    "one); false: the seat looked at or turned the trick without asking (ISkO "
                    "4.4.6). Without it, a look at the last trick in time is taken as a request."
                ),
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.REMARK,
        "Remark",
        "The seat says or signals something that may influence the play.",
        dealer=Dealer.MAY,
        clauses=("ISkO 4.2.9",),
        marker=True,
        fields=(
            FieldDecl(
                "text",
                FieldKind.STR,
                "Remark text",
                "What was said or done, as reported (optional).",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.CONCEDE,
        "Concede",
        "The declarer gives his game up, or a defender gives up on behalf of his side.",
        clauses=("ISkO 4.3.1", "ISkO 4.3.3"),
        marker=True,
        shortens=True,
    ),
    EventDecl(
        EventType.CONSENT,
        "Consent",
        "A defender agrees to the declarer's concession.",
        clauses=("ISkO 4.3.2",),
        marker=True,
    ),
    EventDecl(
        EventType.REFUSE,
        "Refuse a concession",
        (
            "A defender refuses the declarer's concession (ISkO 4.3.2). With fewer than nine cards"
            " the declarer needs one defender's consent: without it the concession has no effect "
            "and the game goes on."
        ),
        clauses=("ISkO 4.3.2",),
        marker=True,
    ),
    EventDecl(
        EventType.LAY_DOWN,
        "Lay down the cards",
        (
            "The seat lays his cards open and claims: the declarer all remaining tricks (in null: "
            "no further trick), a defender that he alone takes all remaining tricks. Under edition"
            " 2022 the defenders answer a declarer's claim with consent or refuse events."
        ),
        clauses=("ISkO 4.3.4", "ISkO 4.3.5"),
        marker=True,
        shortens=True,
        fields=(
            FieldDecl(
                "schneider",
                FieldKind.BOOL,
                "Schneider claimed",
                (
                    "The declarer claimed schneider together with his cards (under edition 2022 a "
                    "higher level counts only if claimed with the claim, ISkO 4.4.4)."
                ),
                optional=True,
                default=False,
            ),
            FieldDecl(
                "schwarz",
                FieldKind.BOOL,
                "Schwarz claimed",
                "The declarer claimed schwarz together with his cards (see schneider).",
                optional=True,
                default=False,
            ),
        ),
    ),
    EventDecl(
        EventType.THROW_IN,
        "Throw in",
        "The seat throws his cards in.",
        clauses=("ISkO 4.3.6",),
        marker=True,
        shortens=True,
    ),
    EventDecl(
        EventType.OBJECTION,
        "Objection",
        "A player calls an infraction. When it is called matters for the ruling.",
        seat_required=False,
        dealer=Dealer.MAY,
        clauses=("ISkO 4.1.11",),
        marker=True,
        fields=(
            FieldDecl(
                "text",
                FieldKind.STR,
                "Objection text",
                "What was objected to (optional).",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.CONTINUE,
        "Continue",
        (
            "After an infraction the innocent side asks for play to go on; the offending card goes"
            " back to its owner."
        ),
        seat_required=False,
        clauses=("ISkO 4.1.6",),
        marker=True,
    ),
    EventDecl(
        EventType.CARDS_GATHERED,
        "Cards gathered",
        (
            "The game is over and both sides have gathered their cards; later objections to a "
            "revoke are too late."
        ),
        seat_required=False,
        clauses=("ISkO 4.2.5",),
        marker=True,
    ),
    EventDecl(
        EventType.TIMEOUT,
        "Timeout (platform)",
        "An online platform recorded that the seat ran out of time. Not an ISkO event.",
        clauses=(),
        marker=True,
        shortens=True,
    ),
    EventDecl(
        EventType.LEFT,
        "Left the table (platform)",
        "An online platform recorded that the seat left the table. Not an ISkO event.",
        clauses=(),
        marker=True,
        shortens=True,
    ),
)
DECLARED: dict[EventType, EventDecl] = {EventType(d.type): d for d in EVENT_TYPES}
