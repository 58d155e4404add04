"""The options of each reading a rule set chooses (:mod:`referee.core.readings` declares the
readings, their questions, clauses and the texts behind each option)."""

from __future__ import annotations

from enum import StrEnum


class ObjectionAtEnd(StrEnum):
    """Whether a record without ``cards_gathered`` counts as an objection at its end."""

    OBJECTION = "objection"
    NONE = "none"


class SingleCard(StrEnum):
    """A single card a defender shows during play (4.1.9)."""

    NOT_PUNISHED = "not_punished"
    ENDS_GAME = "ends_game"


class OutstandingTricks(StrEnum):
    """The outstanding tricks after the defenders exposed cards (4.1.9)."""

    POINTS_ONLY = "points_only"
    NO_AWARD = "no_award"


class EntitledLead(StrEnum):
    """A false lead to the last trick that changes its winner (4.1.10)."""

    AS_IF_ENTITLED = "as_if_entitled"
    AS_PLAYED = "as_played"


class EarlyCard(StrEnum):
    """A card played before its turn when the skipped player had no choice (4.2.7)."""

    FORCED_CARD_HARMLESS = "forced_card_harmless"
    ALWAYS_TIMED = "always_timed"


class DeclarerSkatInPlay(StrEnum):
    """The declarer looks at the skat once a card has been played (4.2.8, 3.4.8)."""

    ISKO_4_2_8 = "isko_4_2_8"
    ISKO_3_4_8 = "isko_3_4_8"


class ConcessionRecordStops(StrEnum):
    """A concession without consent after which the record stops (4.3.2)."""

    AS_IT_STANDS = "as_it_stands"
    THROWN_IN = "thrown_in"


class DefenderClaim(StrEnum):
    """What a defender who lays his cards open claims (4.3.5)."""

    CLAIMER_ALONE = "claimer_alone"
    DECLARER_NO_TRICK = "declarer_no_trick"


class DefenderNull(StrEnum):
    """A defender lays his cards open in a null game (4.3.5): cards shown, or a claim?"""

    CARDS_SHOWN = "cards_shown"
    CLAIM = "claim"


class DefenderThrowIn(StrEnum):
    """A defender throws his cards in (4.3.6 against 4.3.3)."""

    COUNTED = "counted"
    AS_CONCESSION = "as_concession"


class AnnouncedLevel(StrEnum):
    """An announced schneider or schwarz when the defenders' infraction ends the game
    (4.1.5): credited, or only a level the bid needs?"""

    CREDITED = "credited"
    NEEDED_ONLY = "needed_only"


class SchwarzSuffered(StrEnum):
    """A declarer who missed announced schneider and took no trick (5.2.5)."""

    AT_LEAST = "at_least"
    ANNOUNCED_ONLY = "announced_only"


class UnreachableLevel(StrEnum):
    """Which games 5.4.3 (a level impossible from the deal is not credited) covers."""

    ANY_GAME = "any_game"
    OVERBID_ONLY = "overbid_only"


class NullBelowBid(StrEnum):
    """The value of a null game announced below the last bid (3.4.4)."""

    CHEAPEST_GAME = "cheapest_game"
    NEXT_NULL_VALUE = "next_null_value"


class HandLookInBidding(StrEnum):
    """A player looks into another player's cards before the bidding is over (3.3.9)."""

    RELEASES_BIDDING = "releases_bidding"
    BIDDING_STANDS = "bidding_stands"


class AddedWords(StrEnum):
    """Words the declarer adds to his announcement after declaring (3.4.1): until when?"""

    UNTIL_FIRST_CARD = "until_first_card"
    WHEN_MADE = "when_made"


class HandLook(StrEnum):
    """A player looks into another player's cards after the bidding (4.5.5): what follows?"""

    ENDS_GAME = "ends_game"
    NOT_PUNISHED = "not_punished"


class DealerParty(StrEnum):
    """The dealer who sits out at a table of four: is he of the defenders' party (3.5.1)?"""

    DEFENDERS = "defenders"
    NEITHER = "neither"


class TricksGathered(StrEnum):
    """Tricks mixed, or left lying by the defenders (4.4.4): does it end the game?"""

    ENDS_GAME = "ends_game"
    NOT_PUNISHED = "not_punished"


class NotLaidOut(StrEnum):
    """The declarer of an open game still keeps his cards hidden when asked (2.2.5)."""

    REFUSAL_ENDS_GAME = "refusal_ends_game"
    NOT_PUNISHED = "not_punished"


class NoAnnouncement(StrEnum):
    """The declarer gives up before he has announced a game (4.3.1, 3.4.1, 3.4.3): what
    does he lose?"""

    CHEAPEST_GAME = "cheapest_game"
    UNDETERMINED = "undetermined"


class ClaimPlayedOn(StrEnum):
    """A declarer's claim fails in play that went on after it (4.3.4): from when do the
    remaining cards belong to the defenders?"""

    FROM_THE_CLAIM = "from_the_claim"
    FROM_THE_LOST_TRICK = "from_the_lost_trick"


class PartialClaim(StrEnum):
    """A declarer lays his cards down saying he takes only some of the remaining tricks
    (4.3.4): is that count his claim?"""

    COUNT_SAID = "count_said"
    ALL_REMAINING = "all_remaining"


class ClaimExplanation(StrEnum):
    """A declarer claims and states the line he will play (4.3.4): is he held to it?"""

    HELD_TO_LINE = "held_to_line"
    BEST_PLAY = "best_play"
