"""The declarations of the event types for what can go wrong at the table (irregularities,
looks, remarks, a game cut short, objections); :mod:`referee.record.event_types` holds the
others and the list of all of them."""

from __future__ import annotations

from referee.record.event_model import Dealer, EventDecl, EventType, FieldDecl, FieldKind, Section

__all__ = ["TABLE_EVENTS"]

TABLE_EVENTS: tuple[EventDecl, ...] = (
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
        section=Section.TABLE,
        clauses=("ISkO 3.2.8", "ISkO 3.2.11", "ISkO 3.2.12", "ISkO 3.2.13", "ISkO 3.2.14")
        + ("ISkO 3.2.15", "SkWO 9.4"),
        fields=(
            FieldDecl(
                "out_of_turn",
                FieldKind.BOOL,
                "Dealt out of turn",
                "Optional. true: the player who dealt was not the one whose turn it was, or the "
                "order of dealers went wrong earlier in the running round: the game is annulled "
                "and dealt again (ISkO 3.2.11, 3.2.12).",
                optional=True,
            ),
            FieldDecl(
                "earlier_round",
                FieldKind.BOOL,
                "The wrong order comes from a finished round",
                "Optional, with out_of_turn. true: the wrong order arose in a round already "
                "finished, or where it arose cannot be established: the game stands (3.2.13).",
                optional=True,
            ),
            FieldDecl(
                "dealt_again",
                FieldKind.BOOL,
                "Dealt again by the same dealer",
                "Optional. true: the dealer of a game passed in dealt the next game too, which "
                "nobody may do (SkWO 9.4): the game is annulled, and the SkWO excludes the "
                "players of the table.",
                optional=True,
            ),
            FieldDecl(
                "shuffle_fault",
                FieldKind.BOOL,
                "Shuffled, cut or dealt wrongly",
                "Optional. true: the cards were not shuffled, cut or dealt as ISkO 3.2.2-3.2.4 "
                "require (not shuffled again after being stacked, not cut, a cut of fewer than "
                "four cards, dealt from the bottom).",
                optional=True,
            ),
            FieldDecl(
                "objected_in_time",
                FieldKind.BOOL,
                "Objected before the cards were taken up",
                "Optional, with shuffle_fault. true: a player objected before taking up his "
                "cards: the cards are dealt again (3.2.10); otherwise the game stands.",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.LOOK_AT_SKAT,
        "Look at the skat",
        (
            "The seat looks at, or turns over, one or both skat cards, in whatever phase of the "
            "game. Before the bidding is over it shuts the seat out of the bidding (ISkO 3.2.14, "
            "3.3.9); once bids were made the others are no longer bound by them, and the bids and "
            "passes recorded after the look may go on with the bidding or start it over from 18."
        ),
        dealer=Dealer.MAY,
        section=Section.TABLE,
        clauses=("ISkO 3.3.9", "ISkO 4.2.8"),
        entry=2,
        marker=True,
    ),
    EventDecl(
        EventType.SKAT_REDRAWN,
        "Skat taken into a hand and drawn anew",
        (
            "During or after the deal, before the end of the bidding, the seat took the skat "
            "into its hand: it is out of the bidding (ISkO 3.2.15; once bids were made the "
            "others are freed from them, 3.3.9), shuffles its twelve cards, and the dealer "
            "draws two of them face down as the new skat. The replay moves the cards so: the "
            "seat keeps the other ten."
        ),
        section=Section.TABLE,
        clauses=("ISkO 3.2.15", "ISkO 3.3.9"),
        entry=18,
        marker=True,
        fields=(
            FieldDecl(
                "cards",
                FieldKind.CARDS,
                "The new skat",
                "The two cards the dealer drew from the seat's twelve. When they are the "
                "first skat, the original skat was handed back, which is allowed only when "
                "every player recognises it (3.2.15).",
            ),
        ),
    ),
    EventDecl(
        EventType.EXPOSE,
        "Expose cards",
        (
            "Cards of the seat become visible by accident: dropped, shown, or a second card put "
            "down with the played one."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.1.9",),
        entry=3,
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
        section=Section.TABLE,
        clauses=("ISkO 4.4.3", "ISkO 4.4.6"),
        entry=4,
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
        section=Section.TABLE,
        clauses=("ISkO 4.2.9",),
        entry=5,
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
        EventType.STOP_PARTNER,
        "A defender stops his partner",
        (
            "The seat, a defender, stopped his partner by word or sign from leading out of turn "
            "or from another infraction, before it was made; its place in the record is when. The"
            " defenders may not hinder each other so (ISkO 4.1.8): it is an infraction of their "
            "party judged by 4.1.3 to 4.1.6. Recorded of the declarer, it is noted and not "
            "punished (4.1.8 binds the defenders)."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.1.8",),
        entry=18,
        fields=(
            FieldDecl(
                "card",
                FieldKind.CARD,
                "The card held back",
                "The card the partner was about to play (optional).",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.TAKE_BACK,
        "Card taken back into the hand",
        (
            "The seat took a card back into the hand: either its last card on the table (a played "
            "card, also one that had just completed a trick not yet turned, which ISkO 4.1.2 says "
            "may not be taken back: an infraction, judged by 4.1.3 to 4.1.6 from the position with"
            " the card still played; the replay follows the record, and a continue by the other "
            "party puts the card back on the table, 4.1.6) or a card still in the hand that was "
            "drawn or shown but never lay on the table (not played; the declarer may take such a "
            "card back, 4.1.9, and a card shown is judged by its own expose event)."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.1.2", "ISkO 4.1.9"),
        entry=17,
        fields=(
            FieldDecl(
                "card", FieldKind.CARD, "Card taken back", "The card taken back into the hand."
            ),
        ),
    ),
    EventDecl(
        EventType.LOOK_INTO_HAND,
        "A look into another player's cards",
        (
            "The seat looked into another player's cards (never its own). That is forbidden "
            "(ISkO 4.5.5): before the bidding is over it takes the seat out of the bidding and "
            "frees the others from their bids, as a look at the skat does (Spanish 3.3.9, reading "
            "isko-3.3.9-hand-look); later it is an infraction of the seat's party judged by 4.1.3 "
            "to 4.1.6 (reading isko-4.5.5-hand-look). With seat dealer: the dealer who sits out at "
            "a table of four looked into the cards; one hand is a courtesy (ISkO 3.5.4), a second "
            "is against SkWO 8.5."
        ),
        dealer=Dealer.MAY,
        section=Section.TABLE,
        clauses=("ISkO 3.3.9", "ISkO 3.5.4", "ISkO 4.5.5"),
        entry=14,
        fields=(
            FieldDecl("into", FieldKind.SEAT, description="Whose cards (never the looker's own)."),
        ),
    ),
    EventDecl(
        EventType.NOT_LAID_OUT,
        "Open game: cards not laid out",
        (
            "The declarer of an open game (ouvert) had not laid his ten cards face up on the "
            "table before the first card was played, as ISkO 2.2.5 requires. The event stands "
            "where the table noticed it. The defenders have to ask him to lay the cards out; the "
            "game goes on as announced and nobody is penalized. With refused: asked to, he still "
            "did not lay them out (reading isko-2.2.5-not-laid-out)."
        ),
        section=Section.TABLE,
        clauses=("ISkO 2.2.5",),
        entry=24,
        after_bidding=True,
        fields=(
            FieldDecl(
                "refused",
                FieldKind.BOOL,
                "Still not laid out when asked",
                "Optional. true: the defenders asked for the cards and the declarer did not lay "
                "them out: he plays against the condition of the game he announced, which ends "
                "the game against him (ISkO 2.2.5 with 4.1.4).",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.TRICKS_NOT_GATHERED,
        "Tricks not gathered in order",
        (
            "Tricks the seat's party won were left lying on the table, or were gathered but "
            "mixed or not piled face down in the order they were taken (ISkO 4.4.4, SkWO 8.6). "
            "The event stands where the table noticed it. A declarer who leaves tricks lying "
            "says by it that he takes every remaining trick (4.4.5): if a later trick goes to "
            "the defenders, the game ends against him as it stood after the last trick he "
            "gathered. Otherwise, and for the defenders always, it is an infraction of the "
            "seat's party judged by 4.1.3 to 4.1.6 (reading isko-4.4.4-tricks-gathered)."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.4.4", "ISkO 4.4.5", "SkWO 8.6"),
        entry=25,
        after_bidding=True,
        fields=(
            FieldDecl(
                "trick",
                FieldKind.TRICK,
                "First trick not gathered",
                "Optional. 1-based number of the first trick left lying or mixed; without it, "
                "the last trick completed before the event.",
                optional=True,
            ),
            FieldDecl(
                "mixed",
                FieldKind.BOOL,
                "Gathered but mixed",
                "Optional. true: the tricks were gathered but mixed or not piled in order "
                "(4.4.4, SkWO 8.6); otherwise they were left lying (4.4.5 for the declarer).",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.CONCEDE,
        "Concede",
        "The declarer gives his game up, or a defender gives up on behalf of his side.",
        section=Section.TABLE,
        clauses=("ISkO 4.3.1", "ISkO 4.3.3"),
        entry=7,
        marker=True,
        shortens=True,
    ),
    EventDecl(
        EventType.CONSENT,
        "Consent",
        (
            "A defender agrees to the declarer's concession, or, under edition 2022 (ISkO 4.4.4), "
            "to the claim he laid down before it."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.3.2",),
        entry=8,
        marker=True,
    ),
    EventDecl(
        EventType.REFUSE,
        "Refuse a concession",
        (
            "A defender refuses the declarer's concession (ISkO 4.3.2), or under edition 2022 the "
            "claim he laid down before it (the game then goes on with the declarer's cards open; "
            "under 1998 a refusal of a claim changes nothing, the claim is judged by 4.3.4). With "
            "fewer than nine cards the declarer needs one defender's consent: without it the "
            "concession has no effect and the game goes on, decided by what the record shows after"
            " it. With nine or more cards, or when the other defender consents, a refusal changes "
            "nothing."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.3.2",),
        entry=13,
        marker=True,
    ),
    EventDecl(
        EventType.LAY_DOWN,
        "Lay down the cards",
        (
            "The seat lays his cards open and claims: the declarer all remaining tricks (in null: "
            "no further trick), or only as many as tricks says, by the line he stated, if any;"
            " a defender that he alone takes all remaining tricks. Under edition 2022 the defenders"
            " answer a declarer's claim with consent or refuse events."
        ),
        section=Section.TABLE,
        clauses=("ISkO 4.3.4", "ISkO 4.3.5"),
        entry=6,
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
            FieldDecl(
                "tricks",
                FieldKind.TRICK,
                "Tricks claimed",
                (
                    "A claim of only some of the remaining tricks: how many of them (the trick on "
                    "the table counted) the declarer says his side takes; the rest he gives up. "
                    "Left out: all of them (ISkO 4.3.4)."
                ),
                optional=True,
            ),
            FieldDecl(
                "line",
                FieldKind.CARDS,
                "Line stated",
                (
                    "A claim with an explanation: the declarer's own cards in the order he said "
                    "he would play them, as far as he said it."
                ),
                optional=True,
            ),
            FieldDecl(
                "text",
                FieldKind.STR,
                "Explanation",
                "The explanation in the claimant's own words, kept as evidence.",
                optional=True,
            ),
        ),
    ),
    EventDecl(
        EventType.THROW_IN,
        "Throw in",
        "The seat throws his cards in.",
        section=Section.TABLE,
        clauses=("ISkO 4.3.6",),
        entry=9,
        marker=True,
        shortens=True,
    ),
    EventDecl(
        EventType.OBJECTION,
        "Objection",
        (
            "A player calls an infraction. Where it stands in the record matters: it tells the "
            "referee what the table looked like when the objection came."
        ),
        seat_required=False,
        dealer=Dealer.MAY,
        section=Section.TABLE,
        clauses=("ISkO 4.1.11",),
        entry=1,
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
        section=Section.TABLE,
        clauses=("ISkO 4.1.6",),
        entry=10,
        marker=True,
    ),
    EventDecl(
        EventType.CARDS_GATHERED,
        "Cards gathered",
        (
            "The game is over and both sides have gathered their cards; later objections to a "
            "revoke are too late. Play recorded after it while the game was not over is noted "
            "(play_after_gathered) and ruled as recorded: the ruling says the record contradicts "
            "itself."
        ),
        seat_required=False,
        section=Section.TABLE,
        clauses=("ISkO 4.2.5",),
        marker=True,
    ),
)
