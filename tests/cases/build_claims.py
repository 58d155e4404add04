"""Build the cases of a claim that says more than "the rest" (ISkO 4.3.4; 4.4.4 in the 2022
edition): a claim of only some of the remaining tricks (``lay_down.tricks``) and a claim
explained with the line of play (``lay_down.line``). Each expected ruling is worked out by
hand from the rule text and the readings isko-4.3.4-partial-claim and
isko-4.3.4-explanation (docs/interpretations.md). Writes only its own cases, next to those
of ``build.py``; run ``python tests/cases/build_claims.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    HEARTS_LOST,
    HEARTS_WON,
    Rec,
    a_game,
    case,
    cited,
    cp,
    ended,
    inf,
    tricks,
)

FIRST = len(b.CASES)
PARTIAL = "isko-4.3.4-partial-claim"

#: after trick 4 of the deal-A hearts game (37 : 0, F to lead) F holds HT HK H9 H8 C7 S8;
#: the defenders hold no trump, so his four trumps are sure and C7 and S8 are not.
AFTER_4 = "After trick 4 (37 : 0) F holds HT HK H9 H8 C7 S8, the defenders no trump. "
WORDS_4 = "My four trumps are mine; the club and the spade are yours."
WORDS_5 = "I lose only the club."


def pair(name: str, make: Any, old: dict[str, Any], new: dict[str, Any]) -> None:
    """The record ``make(edition)`` builds, under both editions, named ``<name>_<edition>``."""
    for edition, expected in (("1998", old), ("2022", new)):
        rec: Rec = make(edition)
        rec.rules = {"edition": edition}
        case(b.F43, f"{name}_{edition}", rec, **expected)


# ------------------------------------------------- a claim of some tricks, played on
def _four_of_six_played_on(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. "
            + AFTER_4
            + "He lays them down claiming four of the six tricks and giving up the club and "
            "the spade; nobody answers and the game is played on to the end: M takes the "
            "club (trick 5) and the spade (trick 6), F the rest. Under 1998/99 (4.3.4, "
            "reading isko-4.3.4-partial-claim) his claim was four tricks: the defenders took "
            "no more than the two he gave up, so it holds, and the play decides the points: "
            "86 : 34, hearts with 2 won, 30. A claim of every trick would have failed with "
            "trick 5 (case isko_4_3_4_claim_refused_by_one_defender_played_on_1998). Under "
            "2018/2022 (4.4.4) an unanswered claim does not end the game: the play decides, "
            "the same 86 : 34."
        )
        .play(tricks(1, 4))
        .e("lay_down", "F", tricks=4, text=WORDS_4)
        .play(tricks(5, 10))
    )


pair(
    "isko_4_3_4_partial_claim_of_four_of_six_played_on",
    _four_of_six_played_on,
    dict(
        **HEARTS_WON,
        card_points=cp(86, 34),
        tricks=cp(8, 2),
        ended=ended("claim"),
        infractions=[],
        cited=cited("4.3.4"),
        readings=[PARTIAL],
    ),
    dict(
        **HEARTS_WON,
        card_points=cp(86, 34),
        tricks=cp(8, 2),
        ended=ended("played_out", 10),
        infractions=[],
        cited=cited("4.3.4"),
    ),
)


def _five_of_six_played_on(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. "
            + AFTER_4
            + "He claims five of the six tricks, giving up only the club; the game is played "
            "on: M takes the club (trick 5) and the spade (trick 6). Under 1998/99 (4.3.4, "
            "reading isko-4.3.4-partial-claim) the defenders' second trick is one more than "
            "he gave up: the claim fails, the remaining tricks go to the defenders as of the "
            "claim (37 : 83, 4 : 6) and F loses at the simple level by 4.1.3-4.1.6 "
            "(-60). Under 2018/2022 (4.4.4) the play decides: 86 : 34, won, 30."
        )
        .play(tricks(1, 4))
        .e("lay_down", "F", tricks=5, text=WORDS_5)
        .play(tricks(5, 10))
    )


pair(
    "isko_4_3_4_partial_claim_of_five_of_six_fails_in_play",
    _five_of_six_played_on,
    dict(
        **HEARTS_LOST,
        card_points=cp(37, 83),
        tricks=cp(4, 6),
        ended=ended("claim"),
        infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
        cited=cited("4.3.4"),
        readings=[PARTIAL],
    ),
    dict(
        **HEARTS_WON,
        card_points=cp(86, 34),
        tricks=cp(8, 2),
        ended=ended("played_out", 10),
        infractions=[],
        cited=cited("4.3.4"),
    ),
)


# ---------------------------------------------- a claim of some tricks, record stops
def _five_of_six_stops(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. "
            + AFTER_4
            + "He claims five of the six tricks, giving up only the club, and the record "
            "stops. Under 1998/99 (4.3.4, reading isko-4.3.4-partial-claim) the claim is "
            "judged with all hands open: the defenders take the club and the spade whatever "
            "he plays, so he cannot be sure of five; the claim fails, the rest goes to the "
            "defenders (37 : 83) and F loses at the simple level (-60). Under 2018/2022 "
            "(4.4.4) an unanswered claim leaves the game to be played on open: the record "
            "stops, so the ruling is undetermined at 37 : 0, and the analysis of the five "
            "tricks claimed says they are not sure."
        )
        .play(tricks(1, 4))
        .e("lay_down", "F", tricks=5, text=WORDS_5)
    )


pair(
    "isko_4_3_4_partial_claim_of_five_of_six_fails_by_analysis",
    _five_of_six_stops,
    dict(
        **HEARTS_LOST,
        card_points=cp(37, 83),
        tricks=cp(4, 6),
        ended=ended("claim"),
        infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
        cited=cited("4.3.4"),
        readings=[PARTIAL],
    ),
    dict(
        outcome="undetermined",
        declarer="forehand",
        card_points=cp(37, 0),
        tricks=cp(4, 0),
        ended=ended("claim", 5),
        infractions=[],
        cited=cited("4.3.4"),
        readings=[PARTIAL],
    ),
)


def _four_of_six_stops(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. "
            + AFTER_4
            + "He claims four of the six tricks, giving up the club and the spade, and the "
            "record stops. Under 1998/99 (4.3.4, reading isko-4.3.4-partial-claim) the four "
            "trumps are his against every defence, so the claim holds; it settles the "
            "tricks, not the points of the two he gave up (whatever the defenders put on "
            "them F keeps 78 or more, but he reaches schneider if they put on them less than "
            "31), and the record does not show them played: undetermined at 37 : 0. Under "
            "2018/2022 (4.4.4) the "
            "unanswered claim leaves the game to the play on open cards: undetermined as "
            "well, the analysis saying the four tricks are sure."
        )
        .play(tricks(1, 4))
        .e("lay_down", "F", tricks=4, text=WORDS_4)
    )


UNDETERMINED_4 = dict(
    outcome="undetermined",
    declarer="forehand",
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("claim", 5),
    infractions=[],
    cited=cited("4.3.4"),
    readings=[PARTIAL],
)
pair(
    "isko_4_3_4_partial_claim_of_four_of_six_holds_record_stops",
    _four_of_six_stops,
    UNDETERMINED_4,
    UNDETERMINED_4,
)


def _one_of_two_when_nothing_can_change(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 8 F has 61 and the defenders 34; F "
            "holds HK H9, the defenders no trump. He lays down claiming one of the two "
            "tricks left and the record stops. Under 1998/99 (4.3.4, reading "
            "isko-4.3.4-partial-claim) the claim holds (his trumps are sure), and however "
            "the trick he gave up is played he keeps 61 or more and cannot reach 90, while "
            "the defenders keep their 34: won simple, 30, with the count as played (61 : 34). "
            "Under 2018/2022 (4.4.4) the unanswered claim leaves the game to the play on "
            "open cards, whose result is just as certain: won, 30."
        )
        .play(tricks(1, 8))
        .e("lay_down", "F", tricks=1)
    )


CERTAIN = dict(
    **HEARTS_WON,
    card_points=cp(61, 34),
    tricks=cp(6, 2),
    ended=ended("claim", 9),
    infractions=[],
    cited=cited("4.3.4", "4.1.3"),
)
pair(
    "isko_4_3_4_partial_claim_that_holds_is_ruled_when_the_play_left_cannot_change_the_result",
    _one_of_two_when_nothing_can_change,
    dict(CERTAIN, readings=[PARTIAL]),
    CERTAIN,
)


# ---------------------------------------------------------- a claim with its line
#: after trick 2 (8 : 0, F to lead) F holds HA HT HK H9 H8 CA C7 S8; R holds the last
#: outstanding trump, HQ. Cashing HA first F is sure of six tricks (five trumps and CA).
AFTER_2 = (
    "After trick 2 (8 : 0) F holds HA HT HK H9 H8 CA C7 S8; the last trump outside his hand "
    "is R's HQ. "
)
LINE = ["H8", "HA", "HT", "HK", "H9", "CA", "C7", "S8"]


def _line(rec: Rec) -> Rec:
    return rec.play(tricks(1, 2)).e(
        "lay_down",
        "F",
        tricks=6,
        line=LINE,
        text="The eight of hearts first, then my trumps from the top and the club ace; the "
        "seven of clubs and the eight of spades are yours.",
    )


case(
    b.F43,
    "isko_4_3_4_partial_claim_line_leading_the_low_trump_fails",
    _line(
        a_game(
            description=AFTER_2
            + "He claims six of the eight tricks and explains: H8 first, then his trumps "
            "from the top, CA, and the C7 and S8 are the defenders'. Played his best way "
            "(HA first) six tricks are sure; by the line he stated R takes the H8 with HQ "
            "and F can make only five. 4.3.4 read with isko-4.3.4-partial-claim and "
            "isko-4.3.4-explanation (held to the line he stated): the claim fails, the "
            "remaining tricks go to the defenders (8 : 112, 2 : 8) and F loses at the simple "
            "level by 4.1.3-4.1.6 (-60)."
        )
    ),
    **HEARTS_LOST,
    card_points=cp(8, 112),
    tricks=cp(2, 8),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
    cited=cited("4.3.4"),
    readings=[PARTIAL, "isko-4.3.4-explanation"],
)


if __name__ == "__main__":
    b.write(FIRST)
