"""The readings a rule set chooses, each declared once (a
:class:`~referee.core.reading.Reading`): its id (the anchor of its entry in
docs/interpretations.md), the question, the clauses it concerns, its options with the text
or reason behind each, the option the referee applies by default, and the verdicts that
apply it. :class:`referee.core.ruleset.RuleSet` holds one option of each.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.core.reading import Applied, declare
from referee.core.reading_options import (
    AddedWords,
    AnnouncedLevel,
    ClaimExplanation,
    ClaimPlayedOn,
    ConcessionRecordStops,
    DealerParty,
    DeclarerSkatInPlay,
    DefenderClaim,
    DefenderNull,
    DefenderThrowIn,
    EarlyCard,
    EntitledLead,
    HandLook,
    HandLookInBidding,
    NoAnnouncement,
    NotLaidOut,
    NullBelowBid,
    ObjectionAtEnd,
    OutstandingTricks,
    PartialClaim,
    SchwarzSuffered,
    SingleCard,
    TricksGathered,
    UnreachableLevel,
)

#: the verdicts on a card played before its turn, which the reading isko-4.2.7-influence
#: decides whichever they are
_EARLY = ("play_before_turn.penalized", "play_before_turn.harmless")
#: what the steps on the dealer's acts in play cite (reading isko-3.5.1-dealer-party)
_DEALER_IN_PLAY = ("ISkO 3.5.1", "ISkO 3.5.2", "ISkO 4.1.11")

OBJECTION_AT_END = declare(
    "objection-at-record-end",
    ObjectionAtEnd,
    ObjectionAtEnd.OBJECTION,
    "A record that stops without cards_gathered shows no objection: was an "
    "infraction in it objected to?",
    ("ISkO 4.1.11", "ISkO 4.2.5"),
    objection="Records are submitted because the game is disputed, and 4.1.11 allows an "
    "objection until the cards are gathered: the end of the record counts as one.",
    none="Only an objection the record shows counts; an infraction nobody objected to "
    "goes unpunished.",
    applied=(
        Applied(
            ("infraction.no_objection_recorded",),
            ("ISkO 4.1.11",),
            ObjectionAtEnd.NONE,
            names_event=True,
        ),
    ),
)

SINGLE_CARD = declare(
    "isko-4.1.9-single-card",
    SingleCard,
    SingleCard.NOT_PUNISHED,
    "Does a single card a defender shows during play end the game?",
    ("ISkO 4.1.9",),
    not_punished="Spanish 4.1.9: two or more cards visible at once, or one played without "
    "right; a single card shown is not punished.",
    ends_game="English 4.1.9 read as listing a single flashed card among the acts that "
    "end the game.",
    applied=(
        Applied(("cards_exposed.single",), ("ISkO 4.1.9",), SingleCard.NOT_PUNISHED),
        Applied(("cards_exposed.single_penalized",), ("ISkO 4.1.9",), SingleCard.ENDS_GAME),
    ),
)

OUTSTANDING_TRICKS = declare(
    "isko-4.1.9-outstanding-tricks",
    OutstandingTricks,
    OutstandingTricks.POINTS_ONLY,
    "Who gets the outstanding tricks when the defenders' exposed cards end the game?",
    ("ISkO 4.1.9", "ISkO 4.1.4"),
    points_only="English 4.1.9 gives them to the declarer; with 4.1.4 (both texts) they "
    "add their points to his count but never raise the level.",
    no_award="Spanish 4.1.9: no award; 4.1.3 to 4.1.6 decide on the count as it stood.",
)

ENTITLED_LEAD = declare(
    "isko-4.1.10-entitled-lead",
    EntitledLead,
    EntitledLead.AS_IF_ENTITLED,
    "Who wins a last trick led by the wrong player (a false lead there is irrelevant)?",
    ("ISkO 4.1.10",),
    as_if_entitled="Irrelevant means neither penalty nor gain: every card of the last "
    "trick is forced, so it is scored as if the entitled player had led.",
    as_played="Irrelevant means the false lead changes nothing: the trick is scored as "
    "it was played.",
)

EARLY_CARD = declare(
    "isko-4.2.7-influence",
    EarlyCard,
    EarlyCard.FORCED_CARD_HARMLESS,
    "Is a card played before its turn an infraction when the skipped player had only one "
    "card he could play?",
    ("ISkO 4.2.7",),
    forced_card_harmless="Both texts forbid an early card that may influence the trick "
    "or the game; when the skipped player's card was forced, none could.",
    always_timed="Any card played before its turn is timed like a false lead (4.1.7), "
    "whether or not it could influence the trick.",
    applied=(
        Applied(_EARLY, ("ISkO 4.2.7",), EarlyCard.FORCED_CARD_HARMLESS),
        Applied(_EARLY, ("ISkO 4.2.7",), EarlyCard.ALWAYS_TIMED),
    ),
)

DECLARER_SKAT_IN_PLAY = declare(
    "isko-4.2.8-declarer-in-play",
    DeclarerSkatInPlay,
    DeclarerSkatInPlay.ISKO_4_2_8,
    "The declarer looks at the skat after a card has been played: 3.4.8 or 4.2.8?",
    ("ISkO 4.2.8", "ISkO 3.4.8"),
    isko_4_2_8="4.2.8 names the time of play and sends the outcome to 4.1.3 to 4.1.6: a "
    "game the declarer had already won stays won.",
    isko_3_4_8="3.4.8 forbids the declarer the skat after the announcement at any time: "
    "he loses at the simple level, even a game already won.",
    applied=(
        Applied(
            ("skat_viewed.declarer_play",),
            ("ISkO 4.2.8", "ISkO 3.4.8"),
            DeclarerSkatInPlay.ISKO_4_2_8,
        ),
        Applied(
            ("skat_viewed.declarer",),
            ("ISkO 3.4.8", "ISkO 4.2.8"),
            DeclarerSkatInPlay.ISKO_3_4_8,
            when="in_play",
        ),
    ),
)

CONCESSION_RECORD_STOPS = declare(
    "isko-4.3.2-record-stops",
    ConcessionRecordStops,
    ConcessionRecordStops.AS_IT_STANDS,
    "The declarer concedes with fewer than nine cards, nobody consents, and the record "
    "stops: what follows?",
    ("ISkO 4.3.2", "ISkO 4.3.1"),
    as_it_stands="An unconsented concession changes nothing; the game is ruled as it "
    "stands, like any record that stops early.",
    thrown_in="The declarer gave his game up: it is counted like cards thrown in (4.3.6), "
    "the rest to the defenders.",
)

CLAIM_EXPLANATION = declare(
    "isko-4.3.4-explanation",
    ClaimExplanation,
    ClaimExplanation.HELD_TO_LINE,
    "A declarer claims and states the line he will play: is the claim judged by that line?",
    ("ISkO 4.3.4",),
    held_to_line="Both texts let only a claim without an explanation stand for every trick, "
    "and the Spanish asks for an explanation that fits ('que corresponde'): what he says "
    "is his claim, and a line that loses a trick he claimed breaks it.",
    best_play="The explanation is evidence only: the claim is judged as if laid down "
    "without it, the declarer playing his best.",
)

PARTIAL_CLAIM = declare(
    "isko-4.3.4-partial-claim",
    PartialClaim,
    PartialClaim.COUNT_SAID,
    "A declarer lays his cards down and says he takes only some of the remaining tricks: "
    "is that count his claim?",
    ("ISkO 4.3.4",),
    count_said="Both texts give a meaning only to cards laid down without an explanation; "
    "what the declarer says instead is his claim, and it stands if his side takes that many "
    "tricks against every defence.",
    all_remaining="Both texts define one claim only, every remaining trick: laying the cards "
    "down is judged as that claim, and the count he said is noted but not judged, so a "
    "single trick the defenders take breaks it.",
)

DEFENDER_CLAIM = declare(
    "isko-4.3.5-claimer-alone",
    DefenderClaim,
    DefenderClaim.CLAIMER_ALONE,
    "What does a defender who lays his cards open claim?",
    ("ISkO 4.3.5",),
    claimer_alone="Spanish 4.3.5: that he himself takes every remaining trick.",
    declarer_no_trick="English 4.3.5: that the declarer takes no more tricks.",
)

DEFENDER_NULL = declare(
    "isko-4.3.5-null",
    DefenderNull,
    DefenderNull.CARDS_SHOWN,
    "A defender lays his cards open in a null game: cards shown, or a claim?",
    ("ISkO 4.3.5", "ISkO 4.1.9", "ISkO 4.3.4"),
    cards_shown="Spanish 4.3.5 lets a defender play open in suit games and grand only; in "
    "null his open cards are cards shown (4.1.9), an infraction of the defenders decided "
    "by 4.1.3 to 4.1.6.",
    claim="English 4.3.5 names no game type, so it is a claim in null too; read like the "
    "null sentence of 4.3.4 (the claimer's own aim), the defender claims that the declarer "
    "cannot avoid a trick: if so the null game is lost, if not the claim fails and 4.1.3 "
    "to 4.1.6 decide against the defenders.",
)

DEFENDER_THROW_IN = declare(
    "isko-4.3.6-defender-throw-in",
    DefenderThrowIn,
    DefenderThrowIn.COUNTED,
    "A defender throws his cards in: counted under 4.3.6, or judged as a concession under 4.3.3?",
    ("ISkO 4.3.6", "ISkO 4.3.3"),
    counted="4.3.6 (both texts): the defenders keep what they have, the declarer gets "
    "the rest, and schneider or schwarz follow from that count.",
    as_concession="4.3.3 (both texts): a defender who gives up ends the game, decided by "
    "4.1.3 to 4.1.6 at the simple level.",
)

ANNOUNCED_LEVEL = declare(
    "isko-4.1.5-announced",
    AnnouncedLevel,
    AnnouncedLevel.CREDITED,
    "The defenders' infraction ends a game in which the declarer announced schneider or "
    "schwarz: is the announced level credited to him?",
    ("ISkO 4.1.5", "ISkO 4.1.4", "ISkO 5.2.5"),
    credited="An announcement obliges the declarer to reach the level as much as a bid "
    "does (5.2.5: missed, the game is lost), so it is a level he needs to win (English "
    "4.1.5) and is credited unless the defenders had already reached what prevents it.",
    needed_only="The Spanish 4.1.5 speaks of a level the declarer must reach above his bid, "
    "the overbid case; otherwise 4.1.4 (both texts) decides: the defenders lose at the "
    "simple level, without schneider or schwarz, announced or not.",
)

SCHWARZ_SUFFERED = declare(
    "isko-5.2.5-schwarz-suffered",
    SchwarzSuffered,
    SchwarzSuffered.AT_LEAST,
    "A declarer who missed announced schneider took no trick: does schwarz count?",
    ("ISkO 5.2.5",),
    at_least="Spanish 5.2.5 (and the German): lost at least at the announced level, a "
    "higher level reached counts as well.",
    announced_only="English 5.2.5: lost singularly in the announced values only.",
)

UNREACHABLE_LEVEL = declare(
    "isko-5.4.3-any-game",
    UnreachableLevel,
    UnreachableLevel.ANY_GAME,
    "Which games does 5.4.3 cover (a level these cards could never reach is not won "
    "through the opponents' infraction)?",
    ("ISkO 5.4.3", "ISkO 4.1.5"),
    any_game="English 5.4.3: every game, an announced level as well as one an overbid needs.",
    overbid_only="Spanish 5.4.2, last paragraph: only an overbid game whose needed level "
    "was impossible before the first trick.",
)

NULL_BELOW_BID = declare(
    "isko-3.4.4-cheapest-game",
    NullBelowBid,
    NullBelowBid.CHEAPEST_GAME,
    "A null game announced below the last bid cannot be played: what does the declarer lose?",
    ("ISkO 3.4.4", "ISkO 3.4.3", "ISkO 5.4.1"),
    cheapest_game="Both texts of 3.4.4: a suit game or grand with the last bid and the "
    "matadors; the cheapest of them, as the 3.4.3 worked examples value a game given up.",
    next_null_value="The overbid rule applied to the null game itself: the next null "
    "value that reaches the bid.",
)

DEALER_PARTY = declare(
    "isko-3.5.1-dealer-party",
    DealerParty,
    DealerParty.DEFENDERS,
    "The dealer who sits out at a table of four makes a remark or looks at the skat "
    "during play: is that charged to the defenders?",
    ("ISkO 3.5.1", "ISkO 3.5.2", "ISkO 4.1.11", "SkWO 5.1"),
    defenders="Spanish 3.5.1/3.5.2: the other participating players belong to the "
    "opposing team, which answers for infractions all together; English 4.1.11 calls "
    "the dealer a player; SkWO 5.1 gives him the defenders' bonus.",
    neither="English 3.5.1: the three players form the two parties, so the dealer "
    "belongs to neither and no side loses the game for what he does.",
    applied=(
        Applied(
            ("dealer_infraction.skat_defenders", "dealer_infraction.remark_defenders"),
            _DEALER_IN_PLAY,
            DealerParty.DEFENDERS,
        ),
        Applied(
            ("dealer_infraction.skat_play", "dealer_infraction.remark"),
            _DEALER_IN_PLAY,
            DealerParty.NEITHER,
        ),
    ),
)

HAND_LOOK = declare(
    "isko-4.5.5-hand-look",
    HandLook,
    HandLook.ENDS_GAME,
    "A player looks into another player's cards once the bidding is over: does that end "
    "the game against his party?",
    ("ISkO 4.5.5", "ISkO 3.3.9", "ISkO 4.1.4"),
    ends_game="4.5.5 forbids it and 4.1.4 makes a party that went against the rules "
    "lose; the Spanish 3.3.9 treats a look into another's cards like a look at the "
    "skat, which 4.2.8 punishes in play.",
    not_punished="4.5.5 forbids it but names no consequence, and the English 3.3.9 "
    "speaks of the skat only: the look is noted and the game stands as played.",
    applied=(
        Applied(("hand_viewed.play",), ("ISkO 4.5.5", "ISkO 4.1.4"), HandLook.ENDS_GAME),
        Applied(("hand_viewed.not_punished",), ("ISkO 4.5.5",), HandLook.NOT_PUNISHED),
    ),
)

HAND_LOOK_IN_BIDDING = declare(
    "isko-3.3.9-hand-look",
    HandLookInBidding,
    HandLookInBidding.RELEASES_BIDDING,
    "A player looks into another player's cards before the bidding is over: is he out of "
    "the bidding, and are the others freed from their bids?",
    ("ISkO 3.3.9", "ISkO 4.5.5"),
    releases_bidding="Spanish 3.3.9 names a look at another participant's cards without "
    "leave beside a look at the skat: the looker bids no more, the others may pass or bid "
    "again (the English 'another player's skat' read as the same words garbled).",
    bidding_stands="English 3.3.9 names the skat only: the look is a breach of 4.5.5 "
    "alone, which names no consequence, and before the bidding is over there is no party "
    "for 4.1.3 to 4.1.6 to charge; it is noted and the bids stand.",
    applied=(
        Applied(
            ("hand_viewed.bidding",),
            ("ISkO 3.3.9", "ISkO 4.5.5"),
            HandLookInBidding.RELEASES_BIDDING,
        ),
        Applied(
            ("hand_viewed.bidding_stands",),
            ("ISkO 3.3.9", "ISkO 4.5.5"),
            HandLookInBidding.BIDDING_STANDS,
        ),
    ),
)

ADDED_WORDS = declare(
    "isko-3.4.1-added-words",
    AddedWords,
    AddedWords.UNTIL_FIRST_CARD,
    "The declarer adds a word (hand, schneider, schwarz, ouvert) to the game he declared: "
    "until when does it count?",
    ("ISkO 3.4.1", "ISkO 4.1.1"),
    until_first_card="Both texts start the game with the announcement and then the lead "
    "(4.1.1): up to the first card the table is still hearing it, so words said before "
    "it complete it; words said later would change a game under way.",
    when_made="Both texts of 3.4.1 want the announcement complete and make it "
    "irrevocable: it is what the declarer said when he declared, and a word added after "
    "that, even before the first card, does not count.",
)

TRICKS_GATHERED = declare(
    "isko-4.4.4-tricks-gathered",
    TricksGathered,
    TricksGathered.ENDS_GAME,
    "A party mixes its tricks, or the defenders leave theirs lying: does that end the game "
    "against it?",
    ("ISkO 4.4.4", "SkWO 8.6", "ISkO 4.1.4"),
    ends_game="Spanish 4.4.4 sends an infraction of it to 4.1.3 to 4.1.6: the party that "
    "went against the rules before the game was decided loses it at the simple level.",
    not_punished="English 4.4.4 and SkWO 8.6 require the tricks gathered and piled in "
    "order but name no consequence: the fault is noted and the game stands as played.",
    applied=(
        Applied(
            ("tricks_not_gathered.not_punished",),
            ("ISkO 4.4.4",),
            TricksGathered.NOT_PUNISHED,
            names_event=True,
        ),
    ),
)

NOT_LAID_OUT = declare(
    "isko-2.2.5-not-laid-out",
    NotLaidOut,
    NotLaidOut.REFUSAL_ENDS_GAME,
    "The declarer of an open game, asked to lay his cards out, still keeps them hidden: "
    "does that end the game against him?",
    ("ISkO 2.2.5", "ISkO 4.1.4"),
    refusal_ends_game="Both texts of 2.2.5 make laying out a condition of the open game; "
    "one who refuses when asked plays against it, and 4.1.4 makes his party lose.",
    not_punished="Both texts of 2.2.5 give the defenders a request and name no sanction, "
    "not even for a refusal: it is noted and the game stands as played.",
    applied=(
        Applied(("ouvert_not_laid_out.not_punished",), ("ISkO 2.2.5",), NotLaidOut.NOT_PUNISHED),
    ),
)

NO_ANNOUNCEMENT = declare(
    "isko-4.3.1-no-announcement",
    NoAnnouncement,
    NoAnnouncement.CHEAPEST_GAME,
    "The declarer gives up before he has announced a game: what does he lose?",
    ("ISkO 4.3.1", "ISkO 3.4.1", "ISkO 3.4.3"),
    cheapest_game="Both texts of 3.4.1 oblige the declarer to announce a game, 3.4.3 shows "
    "how one who cannot win gives up (he announces a game that covers his bid and declares "
    "it lost), and the Spanish 4.3.1 values a game given up at no less than the bid with "
    "his matadors: he loses the cheapest suit game or grand that covers the bid with his "
    "matadors.",
    undetermined="Both texts of 4.3.1 let the declarer give up his announced game only: "
    "without an announcement there is no game to value, and the table must have him "
    "announce one (3.4.1) before the concession can count.",
)

CLAIM_PLAYED_ON = declare(
    "isko-4.3.4-played-on",
    ClaimPlayedOn,
    ClaimPlayedOn.FROM_THE_CLAIM,
    "A declarer's claim fails in play that went on after it: from when do the remaining "
    "cards belong to the defenders, and where is the game judged?",
    ("ISkO 4.3.4", "ISkO 4.1.3"),
    from_the_claim="Spanish 4.3.4: a claim that does not come true ends the game, and 4.1.3 "
    "judges it where it ended: the play after the claim only shows that it failed, and "
    "every card from the claim on is the defenders' (the older German: all the remaining "
    "tricks).",
    from_the_lost_trick="English 4.3.4: if the defenders make a trick, the remaining cards "
    "'from this point on' are theirs: the tricks the declarer took after the claim stand, "
    "and the game is judged at the trick the defenders won.",
)


#: readings of docs/interpretations.md for which the ISkO leaves no second option (the docs say why)
FIXED_READINGS: tuple[str, ...] = (
    "isko-4.1.1-declarer",
    "isko-4.1.1-defender",
    "isko-3.2.12-dealing-order",
    "isko-3.2.10-in-time",
    "isko-4.1.8-partner",
    "isko-3.2.7-sitting-out",
    "isko-4.3.4-consented-count",
)

#: the verdicts that apply a reading of :data:`FIXED_READINGS` (by its id), declared as a
#: choosable reading declares its own (:attr:`Reading.applied`)
FIXED_APPLIED: Mapping[str, tuple[Applied, ...]] = MappingProxyType(
    {
        "isko-4.1.1-defender": (
            Applied(("lead_before_declaration.defender",), ("ISkO 4.1.1", "ISkO 4.1.3")),
        ),
        "isko-4.1.8-partner": (
            Applied(("partner_stopped.declarer", "partner_stopped.outside_play"), ("ISkO 4.1.8",)),
        ),
    }
)
