"""The event types for what can go wrong at the table before the game is cut short: a deal
gone wrong, looks at the skat or into a hand, cards shown, tricks reviewed or not gathered,
remarks, a card taken back (:mod:`referee.record.event_types_end` holds concessions, claims
and objections, :mod:`referee.record.event_types` the others and the list of all)."""

from dataclasses import dataclass
from typing import Annotated

from referee.core.cards import Card
from referee.core.seats import Seat
from referee.record.event_model import (
    BySeat,
    Dealer,
    Event,
    EventType,
    ExposeHow,
    FieldKind,
    FieldSpec,
    Section,
)

__all__ = [
    "TABLE_EVENTS",
    "Dealt",
    "Expose",
    "LookAtSkat",
    "LookIntoHand",
    "NotLaidOut",
    "Remark",
    "ReviewTricks",
    "SkatRedrawn",
    "StopPartner",
    "TakeBack",
    "TricksNotGathered",
]

# the annotations are evaluated when the class is made (no postponed annotations here):
# the FieldSpec in each is read back by referee.record.event_model.declaration


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    type = EventType.DEALT
    title = "Dealt"
    description = (
        "The dealer has finished dealing (optional). A record that has it places every event "
        "before it in the deal: a card shown then (ISkO 3.2.8) or a look at the skat (3.2.14, "
        "3.2.15) is judged as happening during the deal. Records without it start in the bidding."
    )
    section = Section.TABLE
    clauses = (
        "ISkO 3.2.8",
        "ISkO 3.2.11",
        "ISkO 3.2.12",
        "ISkO 3.2.13",
        "ISkO 3.2.14",
        "ISkO 3.2.15",
        "SkWO 9.4",
    )
    seat_required = False
    out_of_turn: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Dealt out of turn",
            (
                "Optional. true: the player who dealt was not the one whose turn it was, or the "
                "order of dealers went wrong earlier in the running round: the game is annulled "
                "and dealt again (ISkO 3.2.11, 3.2.12)."
            ),
        ),
    ] = None
    earlier_round: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "The wrong order comes from a finished round",
            (
                "Optional, with out_of_turn. true: the wrong order arose in a round already "
                "finished, or where it arose cannot be established: the game stands (3.2.13)."
            ),
        ),
    ] = None
    dealt_again: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Dealt again by the same dealer",
            (
                "Optional. true: the dealer of a game passed in dealt the next game too, which "
                "nobody may do (SkWO 9.4): the game is annulled, and the SkWO excludes the players"
                " of the table."
            ),
        ),
    ] = None
    shuffle_fault: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Shuffled, cut or dealt wrongly",
            (
                "Optional. true: the cards were not shuffled, cut or dealt as ISkO 3.2.2-3.2.4 "
                "require (not shuffled again after being stacked, not cut, a cut of fewer than "
                "four cards, dealt from the bottom)."
            ),
        ),
    ] = None
    objected_in_time: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Objected before the cards were taken up",
            (
                "Optional, with shuffle_fault. true: a player objected before taking up his cards:"
                " the cards are dealt again (3.2.10); otherwise the game stands."
            ),
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LookAtSkat(Event):
    type = EventType.LOOK_AT_SKAT
    title = "Look at the skat"
    description = (
        "The seat looks at, or turns over, one or both skat cards, in whatever phase of the game. "
        "Before the bidding is over it shuts the seat out of the bidding (ISkO 3.2.14, 3.3.9); "
        "once bids were made the others are no longer bound by them, and the bids and passes "
        "recorded after the look may go on with the bidding or start it over from 18."
    )
    section = Section.TABLE
    clauses = ("ISkO 3.3.9", "ISkO 4.2.8")
    dealer = Dealer.MAY
    marker = True
    entry = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class SkatRedrawn(BySeat):
    type = EventType.SKAT_REDRAWN
    title = "Skat taken into a hand and drawn anew"
    description = (
        "During or after the deal, before the end of the bidding, the seat took the skat into its "
        "hand: it is out of the bidding (ISkO 3.2.15; once bids were made the others are freed "
        "from them, 3.3.9), shuffles its twelve cards, and the dealer draws two of them face down "
        "as the new skat. The replay moves the cards so: the seat keeps the other ten."
    )
    section = Section.TABLE
    clauses = ("ISkO 3.2.15", "ISkO 3.3.9")
    marker = True
    entry = 18
    cards: Annotated[
        tuple[Card, ...],
        FieldSpec(
            FieldKind.CARDS,
            "The new skat",
            (
                "The two cards the dealer drew from the seat's twelve. When they are the first "
                "skat, the original skat was handed back, which is allowed only when every player "
                "recognises it (3.2.15)."
            ),
        ),
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Expose(BySeat):
    type = EventType.EXPOSE
    title = "Expose cards"
    description = (
        "Cards of the seat become visible by accident: dropped, shown, or a second card put down "
        "with the played one."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.1.9",)
    marker = True
    entry = 3
    cards: Annotated[
        tuple[Card, ...],
        FieldSpec(
            FieldKind.CARDS,
            "Exposed cards",
            "The cards that were seen.",
        ),
    ]
    how: Annotated[
        ExposeHow | None,
        FieldSpec(
            FieldKind.HOW,
            "How the cards became visible",
            (
                'Optional. "dropped": fell by accident (ISkO 4.1.9: the declarer may pick a '
                'dropped card up without penalty); "shown": shown or pulled out; "with_play": put '
                "down together with the card the seat played (two cards played at once). Without "
                "it, cards shown right after the same seat's card in the trick count as put down "
                "with it."
            ),
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewTricks(BySeat):
    type = EventType.REVIEW_TRICKS
    title = "Review a trick"
    description = "The seat looks at or counts a trick that had already been turned."
    section = Section.TABLE
    clauses = ("ISkO 4.4.3", "ISkO 4.4.6")
    marker = True
    entry = 4
    trick: Annotated[
        int,
        FieldSpec(
            FieldKind.TRICK,
            "Trick number",
            "1-based number of the trick that was looked at.",
        ),
    ]
    on_request: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Shown on request",
            (
                "Optional. true: the trick was shown because the seat asked for it (ISkO 4.4.3: "
                "allowed for the last trick, before the seat has played to the next one); false: "
                "the seat looked at or turned the trick without asking (ISkO 4.4.6). Without it, a"
                " look at the last trick in time is taken as a request."
            ),
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Remark(Event):
    type = EventType.REMARK
    title = "Remark"
    description = "The seat says or signals something that may influence the play."
    section = Section.TABLE
    clauses = ("ISkO 4.2.9",)
    dealer = Dealer.MAY
    marker = True
    entry = 5
    text: Annotated[
        str | None,
        FieldSpec(
            FieldKind.STR,
            "Remark text",
            "What was said or done, as reported (optional).",
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StopPartner(BySeat):
    type = EventType.STOP_PARTNER
    title = "A defender stops his partner"
    description = (
        "The seat, a defender, stopped his partner by word or sign from leading out of turn or "
        "from another infraction, before it was made; its place in the record is when. The "
        "defenders may not hinder each other so (ISkO 4.1.8): it is an infraction of their party "
        "judged by 4.1.3 to 4.1.6. Recorded of the declarer, it is noted and not punished (4.1.8 "
        "binds the defenders)."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.1.8",)
    entry = 18
    card: Annotated[
        Card | None,
        FieldSpec(
            FieldKind.CARD,
            "The card held back",
            "The card the partner was about to play (optional).",
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeBack(BySeat):
    type = EventType.TAKE_BACK
    title = "Card taken back into the hand"
    description = (
        "The seat took a card back into the hand: either its last card on the table (a played "
        "card, also one that had just completed a trick not yet turned, which ISkO 4.1.2 says may "
        "not be taken back: an infraction, judged by 4.1.3 to 4.1.6 from the position with the "
        "card still played; the replay follows the record, and a continue by the other party puts "
        "the card back on the table, 4.1.6) or a card still in the hand that was drawn or shown "
        "but never lay on the table (not played; the declarer may take such a card back, 4.1.9, "
        "and a card shown is judged by its own expose event)."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.1.2", "ISkO 4.1.9")
    entry = 17
    card: Annotated[
        Card,
        FieldSpec(
            FieldKind.CARD,
            "Card taken back",
            "The card taken back into the hand.",
        ),
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class LookIntoHand(Event):
    type = EventType.LOOK_INTO_HAND
    title = "A look into another player's cards"
    description = (
        "The seat looked into another player's cards (never its own). That is forbidden (ISkO "
        "4.5.5): before the bidding is over it takes the seat out of the bidding and frees the "
        "others from their bids, as a look at the skat does (Spanish 3.3.9), or, under the "
        "English 3.3.9 that names the skat only, leaves the bids standing and is only noted "
        "(reading isko-3.3.9-hand-look); later it is an infraction of the seat's party judged by "
        "4.1.3 to "
        "4.1.6 (reading isko-4.5.5-hand-look). With seat dealer: the dealer who sits out at a "
        "table of four looked into the cards; one hand is a courtesy (ISkO 3.5.4), a second is "
        "against SkWO 8.5."
    )
    section = Section.TABLE
    clauses = ("ISkO 3.3.9", "ISkO 3.5.4", "ISkO 4.5.5")
    dealer = Dealer.MAY
    entry = 14
    into: Annotated[Seat, FieldSpec(FieldKind.SEAT, "", "Whose cards (never the looker's own).")]


@dataclass(frozen=True, slots=True, kw_only=True)
class NotLaidOut(BySeat):
    type = EventType.NOT_LAID_OUT
    title = "Open game: cards not laid out"
    description = (
        "The declarer of an open game (ouvert) had not laid his ten cards face up on the table "
        "before the first card was played, as ISkO 2.2.5 requires. The event stands where the "
        "table noticed it. The defenders have to ask him to lay the cards out; the game goes on as"
        " announced and nobody is penalized. With refused: asked to, he still did not lay them out"
        " (reading isko-2.2.5-not-laid-out)."
    )
    section = Section.TABLE
    clauses = ("ISkO 2.2.5",)
    after_bidding = True
    entry = 24
    refused: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Still not laid out when asked",
            (
                "Optional. true: the defenders asked for the cards and the declarer did not lay "
                "them out: he plays against the condition of the game he announced, which ends the"
                " game against him (ISkO 2.2.5 with 4.1.4)."
            ),
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TricksNotGathered(BySeat):
    type = EventType.TRICKS_NOT_GATHERED
    title = "Tricks not gathered in order"
    description = (
        "Tricks the seat's party won were left lying on the table, or were gathered but mixed or "
        "not piled face down in the order they were taken (ISkO 4.4.4, SkWO 8.6). The event stands"
        " where the table noticed it. A declarer who leaves tricks lying says by it that he takes "
        "every remaining trick (4.4.5): if a later trick goes to the defenders, the game ends "
        "against him as it stood after the last trick he gathered. Otherwise, and for the "
        "defenders always, it is an infraction of the seat's party judged by 4.1.3 to 4.1.6 "
        "(reading isko-4.4.4-tricks-gathered)."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.4.4", "ISkO 4.4.5", "SkWO 8.6")
    after_bidding = True
    entry = 25
    trick: Annotated[
        int | None,
        FieldSpec(
            FieldKind.TRICK,
            "First trick not gathered",
            (
                "Optional. 1-based number of the first trick left lying or mixed; without it, the "
                "last trick completed before the event."
            ),
        ),
    ] = None
    mixed: Annotated[
        bool | None,
        FieldSpec(
            FieldKind.BOOL,
            "Gathered but mixed",
            (
                "Optional. true: the tricks were gathered but mixed or not piled in order (4.4.4, "
                "SkWO 8.6); otherwise they were left lying (4.4.5 for the declarer)."
            ),
        ),
    ] = None


TABLE_EVENTS: tuple[type[Event], ...] = (
    Dealt,
    LookAtSkat,
    SkatRedrawn,
    Expose,
    ReviewTricks,
    Remark,
    StopPartner,
    TakeBack,
    LookIntoHand,
    NotLaidOut,
    TricksNotGathered,
)
