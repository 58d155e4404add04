#!/usr/bin/env python3
"""Build the cases of facts of the play that need their own events or fields: a card taken
back into the hand (ISkO 4.1.2, 4.1.9), an open game whose cards were not laid out (2.2.5),
tricks left lying or mixed (4.4.4, 4.4.5, SkWO 8.6).
Writes only its own cases, next to those of ``build.py`` (whose helpers it uses); run
``python tests/cases/build_play.py``. Every expectation is worked out by hand from the ISkO
in the case's description.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    HEARTS_LOST,
    HEARTS_WON,
    PLAYED_OUT_A,
    SEAT,
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


def take_back(rec: Rec, seat: str, card: str) -> Rec:
    """The seat takes ``card`` back into the hand; a card it had just played leaves the
    trick in the independent model too (the trick reopens if the card had completed it)."""
    table = rec.table
    assert table is not None
    s = SEAT[seat]
    if not table.trick and table.done and table.done[-1][2][-1] == (s, card):
        _, _, plays = table.done.pop()
        table.trick = list(plays)
        table.leader = plays[0][0]
    if table.trick and table.trick[-1] == (s, card):
        table.trick.pop()
        table.hands[s].append(card)
    return rec.e("take_back", seat, card=card)


def put_back(rec: Rec, seat: str, card: str, by: str) -> Rec:
    """A demand to play on (4.1.6): the card taken back goes back into the trick (4.1.2)."""
    assert rec.table is not None
    rec.table.play(SEAT[seat], card)
    return rec.e("continue", by)


# ---------------------------------------------------------------------------- 4.1.2
case(
    b.F41,
    "isko_4_1_2_defender_takes_back_a_played_card_declarer_wins",
    take_back(
        a_game(
            description="F leads C7 to trick 5; M plays CT, then takes it back into his hand "
            "and F objects. A played card may not be taken back (4.1.2): an infraction by the "
            "defenders before the game was decided (4.1.4), so the declarer wins at the simple "
            "level with the 37 points of tricks 1-4; the trick on the table does not count."
        )
        .play(tricks(1, 4))
        .play("F:C7 M:CT"),
        "M",
        "CT",
    ).e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("card_taken_back", "penalized", "4.1.2", "4.1.4", seat="M")],
    cited=cited("4.1.2", "4.1.4"),
)

case(
    b.F41,
    "isko_4_1_2_declarer_takes_back_a_played_card_loses_simple",
    take_back(
        a_game(
            description="F, the declarer, leads C7 to trick 5 and takes it back into his hand; "
            "M objects. A played card may not be taken back (4.1.2): the declarer's party "
            "went against the rules, so it loses at the simple level (4.1.4): lost 60."
        ).play(tricks(1, 4) + " F:C7"),
        "F",
        "C7",
    ).e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("card_taken_back", "penalized", "4.1.2", "4.1.4", seat="F")],
    cited=cited("4.1.2", "4.1.4"),
)

case(
    b.F41,
    "isko_4_1_2_card_that_completed_the_trick_taken_back",
    take_back(
        a_game(
            description="R puts CQ as the third card to trick 5 (M wins it with CT, 13 points) "
            "and takes CQ back before the trick is turned; F objects. The card was played "
            "(4.1.2): the defenders' infraction ends the game with the points as they stand, "
            "37 to 13, and the declarer wins at the simple level (4.1.3, 4.1.4)."
        ).play(tricks(1, 5)),
        "R",
        "CQ",
    ).e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 13),
    tricks=cp(4, 1),
    ended=ended("infraction", 5),
    infractions=[inf("card_taken_back", "penalized", "4.1.2", "4.1.4", seat="R")],
    cited=cited("4.1.2", "4.1.4"),
)

case(
    b.F41,
    "isko_4_1_2_card_taken_back_is_put_back_when_play_goes_on",
    put_back(
        take_back(
            a_game(
                description="F leads C7 to trick 5 and takes it back; M, of the other party, "
                "demands that play goes on (4.1.6). The correction 4.1.2 asks for puts C7 back "
                "on the table, the infraction is then void, and the game is played out as in "
                "the plain line: won 30 with 86 points."
            ).play(tricks(1, 4) + " F:C7"),
            "F",
            "C7",
        ),
        "F",
        "C7",
        by="M",
    ).play("M:CT R:CQ " + tricks(6, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("card_taken_back", "waived", "4.1.2", "4.1.6", seat="F")],
    cited=cited("4.1.2", "4.1.6"),
)

case(
    b.F41,
    "isko_4_1_9_declarer_takes_back_a_card_he_dropped",
    take_back(
        a_game(
            description="In trick 5 the declarer drops HT by accident and takes it back into "
            "his hand. The declarer may pick up a card he dropped and take back one that "
            "became visible (4.1.9); it was never on the table as played (4.1.2). Nothing "
            "is punished and the game is played out: won 30 with 86 points."
        )
        .play(tricks(1, 4))
        .e("expose", "F", cards=["HT"], how="dropped"),
        "F",
        "HT",
    ).play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[
        inf("cards_exposed", "void", "4.1.9", seat="F"),
        inf("card_taken_back", "void", "4.1.9", "4.1.2", seat="F"),
    ],
    cited=cited("4.1.9"),
)

case(
    b.F41,
    "isko_4_1_2_defender_takes_back_a_card_not_yet_on_the_table",
    take_back(
        a_game(
            description="M begins to draw CT for trick 5 and puts it back before it lies on "
            "the table. A card counts as played only once it lies fully on the table "
            "(Spanish 4.1.2), so nothing was played and nothing is punished; the game is "
            "played out: won 30 with 86 points."
        ).play(tricks(1, 4) + " F:C7"),
        "M",
        "CT",
    ).play("M:CT R:CQ " + tricks(6, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("card_taken_back", "void", "4.1.2", "4.1.9", seat="M")],
    cited=cited("4.1.2"),
)


# ---------------------------------------------------------------------------- 2.2.5
CLUBS_OUVERT = {"declarer": "forehand", "game_value": 108, "overbid": False}
#: deal C's clubs ouvert with 2, every trick to the declarer (ISkO 5.2.6: 108)
C_TRICKS = (
    "F:CJ M:HJ R:H7 F:SJ M:DJ R:H8 F:SA M:DK R:S7 F:CA M:DT R:S8 F:CT M:DA R:S9 "
    "F:CK M:H9 R:SQ F:CQ M:HQ R:SK F:C9 M:HK R:ST F:C8 M:HT R:D9 F:C7 M:HA R:DQ"
)
FIRST_C, REST_C = C_TRICKS[:14], C_TRICKS[15:]


def c_ouvert(description: str) -> Rec:
    """Deal C up to forehand's clubs ouvert (bid 18; hand, schneider and schwarz announced, as
    an open suit game is)."""
    flags = {"hand": True, "schneider": True, "schwarz": True, "ouvert": True}
    return Rec(b.DEAL_C, description).bids("M18 Fh Mp Rp").declare("F", "clubs", **flags)


case(
    b.F5,
    "isko_2_2_5_open_game_not_laid_out_the_game_goes_on",
    c_ouvert(
        "F announces clubs ouvert and leads CJ without laying his cards out; M notices it. "
        "ISkO 2.2.5: the declarer of an open game lays his ten cards out before the first "
        "card, and if he does not, the defenders must ask him to. The text names no penalty: "
        "the game goes on as announced and F takes every trick: won 108 (5.2.6)."
    )
    .play("F:CJ")
    .e("not_laid_out", "F")
    .e("objection", "M")
    .play(C_TRICKS[5:]),
    outcome="won",
    score=108,
    **CLUBS_OUVERT,
    card_points=cp(120, 0),
    tricks=cp(10, 0),
    ended=ended("played_out", 10),
    infractions=[inf("ouvert_not_laid_out", "void", "2.2.5", seat="F")],
    cited=cited("2.2.5"),
)

case(
    b.F5,
    "isko_2_2_5_open_game_still_not_laid_out_when_asked_declarer_loses",
    c_ouvert(
        "F announces clubs ouvert without laying his cards out; after trick 1 the defenders "
        "ask for the cards and F still keeps them in his hand. 2.2.5 obliges him to lay them "
        "out and names no further consequence; reading isko-2.2.5-not-laid-out: he plays "
        "against the condition of his game, an infraction of his party (4.1.4), and the game "
        "was not yet decided (4.1.3: an ouvert game needs every trick): lost with the "
        "contract's own levels, 108, -216."
    )
    .play(FIRST_C)
    .e("not_laid_out", "F", refused=True)
    .e("objection", "M"),
    outcome="lost",
    score=-216,
    **CLUBS_OUVERT,
    card_points=cp(4, 0),
    tricks=cp(1, 0),
    ended=ended("infraction", 2),
    infractions=[inf("ouvert_not_laid_out", "penalized", "2.2.5", "4.1.4", seat="F")],
    cited=cited("2.2.5", "4.1.4"),
)

case(
    b.F5,
    "isko_2_2_5_cards_not_laid_out_in_a_game_not_open_is_no_fault",
    a_game(
        description="F plays hearts, not an open game; the record says after trick 1 that he "
        "did not lay his cards out. Only the declarer of an open game must (2.2.5): no "
        "fault, and the game is played out: won 30 with 86 points."
    )
    .play(tricks(1, 1))
    .e("not_laid_out", "F")
    .play(tricks(2, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("ouvert_not_laid_out", "void", "2.2.5", seat="F")],
    cited=cited("2.2.5"),
)


# ------------------------------------------------------------------- 4.4.4, 4.4.5
def left_lying_lost(edition: str) -> Rec:
    """F leaves tricks 3 and 4 lying, M takes trick 5 (deal A)."""
    rec = a_game(
        description="F, the declarer, leaves his tricks lying from trick 3 on; M takes trick 5 "
        "with CT and objects. A declarer who does not gather his tricks says he takes all "
        "the remaining ones (4.4.5); trick 5 shows he does not, so the game ends as it stood "
        "after trick 2, the last one he gathered (Spanish 4.4.5; the English gives the "
        "defenders those tricks and the rest, which leaves him the same 8 points), and by "
        "4.1.4 he loses at the simple level: lost 60."
    )
    rec.rules = {"edition": edition} if edition != "1998" else None
    return rec.play(tricks(1, 5)).e("tricks_not_gathered", "F", trick=3).e("objection", "M")


for _edition in ("1998", "2022"):
    case(
        b.F44,
        f"isko_4_4_5_declarer_leaves_tricks_lying_and_loses_a_later_trick_{_edition}",
        left_lying_lost(_edition),
        **HEARTS_LOST,
        card_points=cp(8, 0),
        tricks=cp(2, 0),
        ended=ended("infraction", 6),
        infractions=[inf("tricks_not_gathered", "penalized", "4.4.5", "4.1.4", seat="F")],
        cited=cited("4.4.5", "4.1.4"),
    )

case(
    b.F44,
    "isko_4_4_5_declarer_leaves_tricks_lying_and_takes_all_the_rest",
    a_game(
        description="F, the declarer, leaves tricks 7 on lying, which says he takes all the "
        "remaining tricks (4.4.5); he does take tricks 7 to 10, so nothing follows and the "
        "game is played out: won 30 with 86 points."
    )
    .play(tricks(1, 7))
    .e("tricks_not_gathered", "F", trick=7)
    .play(tricks(8, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("tricks_not_gathered", "void", "4.4.5", seat="F")],
    cited=cited("4.4.5"),
)

case(
    b.F44,
    "isko_4_4_4_defenders_mix_their_tricks_declarer_wins",
    a_game(
        description="After trick 6 M has mixed the defenders' two tricks so that their order "
        "cannot be checked; F objects. Every trick is gathered at once and piled in order "
        "(4.4.4, SkWO 8.6); the Spanish 4.4.4 sends an infraction to 4.1.3-4.1.6 (reading "
        "isko-4.4.4-tricks-gathered): the defenders went against the rules before the game "
        "was decided, so the declarer wins at the simple level with his 37 points: won 30."
    )
    .play(tricks(1, 6))
    .e("tricks_not_gathered", "M", trick=5, mixed=True)
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 34),
    tricks=cp(4, 2),
    ended=ended("infraction", 7),
    infractions=[inf("tricks_not_gathered", "penalized", "4.4.4", "4.1.4", seat="M")],
    cited=cited("4.4.4", "SkWO 8.6", "4.1.4"),
)

case(
    b.F44,
    "isko_4_4_4_declarer_mixes_his_tricks_loses_simple",
    a_game(
        description="After trick 4 F, the declarer, has gathered his tricks into one mixed "
        "heap; M objects. Piling the tricks in order is required (4.4.4, SkWO 8.6) and an "
        "infraction is judged by 4.1.3-4.1.6 (Spanish 4.4.4, reading "
        "isko-4.4.4-tricks-gathered): the game was not yet won, so he loses at the simple "
        "level (4.1.4): lost 60."
    )
    .play(tricks(1, 4))
    .e("tricks_not_gathered", "F", mixed=True)
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("tricks_not_gathered", "penalized", "4.4.4", "4.1.4", seat="F")],
    cited=cited("4.4.4", "SkWO 8.6", "4.1.4"),
)


if __name__ == "__main__":
    b.write(FIRST)
