#!/usr/bin/env python3
"""Build the cases of facts around the deal and the table that need their own events or
fields: a player looking into another player's cards (ISkO 4.5.5, Spanish 3.3.9), a game
dealt out of turn (3.2.11-3.2.13, SkWO 9.4), the skat taken into a hand and drawn anew
(3.2.15), a table of five (3.2.7). Writes
only its own cases, next to those of ``build.py`` (whose helpers it uses); run
``python tests/cases/build_deal.py``. Every expectation is worked out by hand from the
ISkO in the case's description.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    A_TRICKS,
    DEAL_A,
    HEARTS_LOST,
    HEARTS_WON,
    PLAYED_OUT_A,
    Rec,
    a_game,
    case,
    case_under,
    cited,
    cp,
    ended,
    inf,
    tricks,
)

FIRST = len(b.CASES)
F3, F45 = b.F3, "isko_4_2_other"

# ------------------------------------- a player looks into another player's cards (4.5.5)
rec = Rec(
    DEAL_A,
    "M bids up to 24 and F holds; then R looks into F's cards and M objects. Spanish "
    "3.3.9: whoever looks into another player's cards before the end of the bidding is out "
    "of it, and the others are no longer bound by their bids. M and F start over: M bids "
    "18, F holds, M passes. F is the declarer at 18 and wins hearts played out.",
).bids("M18 Fh M20 Fh M24 Fh")
rec.e("look_into_hand", "R", into="forehand").e("objection", "M").bids("M18 Fh Mp")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_3_9_player_looks_into_another_hand_in_the_bidding_started_over",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    bid=18,
    infractions=[inf("hand_viewed", "penalized", "3.3.9", "4.5.5", seat="R")],
    cited=cited("3.3.9", "4.5.5"),
    readings=["isko-3.3.9-hand-look"],
)

case(
    F3,
    "isko_3_3_9_player_looks_into_another_hand_in_the_bidding_both_pass_passed_in",
    Rec(
        DEAL_A,
        "M bids up to 24 and F holds; then F looks into M's cards. F is out of the bidding "
        "(Spanish 3.3.9); M is no longer bound by his 24 and passes, and R passes too. "
        "Nobody bids, so the game is passed in (3.3.7).",
    )
    .bids("M18 Fh M20 Fh M24 Fh")
    .e("look_into_hand", "F", into="middlehand")
    .e("objection", "R")
    .bids("Mp Rp"),
    outcome="passed_in",
    score=0,
    ended=ended("passed_in"),
    infractions=[inf("hand_viewed", "penalized", "3.3.9", "4.5.5", seat="F")],
    cited=cited("3.3.9", "3.3.7", "4.5.5"),
    readings=["isko-3.3.9-hand-look"],
)

case(
    F45,
    "isko_4_5_5_defender_looks_into_the_declarers_cards_in_play_declarer_wins",
    a_game(
        description="After trick 4 (F 37, defenders 0) M looks into F's cards and F "
        "objects. 4.5.5 forbids it; the defenders went against the rules before the game "
        "was decided, so F wins his hearts game at the simple level (4.1.4, 4.1.5): 30."
    )
    .play(tricks(1, 4))
    .e("look_into_hand", "M", into="forehand")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("hand_viewed", "penalized", "4.5.5", "4.1.4", seat="M")],
    cited=cited("4.5.5", "4.1.4"),
    readings=["isko-4.5.5-hand-look"],
)

case(
    F45,
    "isko_4_5_5_declarer_looks_into_a_defenders_cards_in_play_loses_simple",
    a_game(
        description="After trick 4 F, the declarer, looks into R's cards and M objects. "
        "4.5.5 forbids it; the declarer went against the rules before his game was won, so "
        "he loses it at the simple level (4.1.4): hearts with 2, 30, lost doubled: -60."
    )
    .play(tricks(1, 4))
    .e("look_into_hand", "F", into="rearhand")
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("hand_viewed", "penalized", "4.5.5", "4.1.4", seat="F")],
    cited=cited("4.5.5", "4.1.4"),
    readings=["isko-4.5.5-hand-look"],
)

rec = a_game(
    description="Rule set with the reading isko-4.5.5-hand-look: not_punished. After trick "
    "4 M looks into F's cards and F objects; 4.5.5 forbids it but names no consequence, so "
    "under this reading the look is only noted and F wins hearts played out."
)
rec.play(tricks(1, 4)).e("look_into_hand", "M", into="forehand").e("objection", "F")
rec.play(tricks(5, 10))
case_under(
    F45,
    "isko_4_5_5_look_into_a_hand_not_punished_under_the_reading",
    rec,
    "isko-4.5.5-hand-look",
    "not_punished",
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("hand_viewed", "void", "4.5.5", seat="M")],
    cited=cited("4.5.5"),
)

# ------------------------------------------------------- dealt out of turn (3.2.11-3.2.13)
F32 = "isko_3_declaration"
rec = Rec(
    DEAL_A,
    "The cards were dealt by a player whose turn it was not (the deal is marked so); F "
    "then wins hearts played out. 3.2.11: a game dealt out of turn is annulled even when "
    "played to the end, and dealt again: no score.",
).e("dealt", out_of_turn=True)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts")
rec.play(tricks(1, 10))
case(
    F32,
    "isko_3_2_11_game_dealt_out_of_turn_is_annulled_even_when_played_out",
    rec,
    outcome="annulled",
    score=None,
    ended=ended("dealt_out_of_turn"),
    infractions=[],
    cited=cited("3.2.11", "3.2.12"),
    readings=["isko-3.2.12-dealing-order"],
)

rec = Rec(
    DEAL_A,
    "The order of dealers went wrong, but in a round already finished (3.2.13): finished "
    "rounds stay valid, so this game stands; F wins hearts played out: 30.",
).e("dealt", out_of_turn=True, earlier_round=True)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts")
rec.play(tricks(1, 10))
case(
    F32,
    "isko_3_2_13_wrong_dealing_order_from_a_finished_round_the_game_stands",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[],
    cited=cited("3.2.13"),
)

rec = Rec(
    DEAL_A,
    "The dealer of the game passed in before deals this one too (SkWO 9.4: nobody deals "
    "twice in a row). The game was dealt out of turn and is annulled (3.2.11); F's hearts "
    "game played out does not count.",
).e("dealt", dealt_again=True)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts")
rec.play(tricks(1, 10))
case(
    F32,
    "skwo_9_4_the_same_dealer_after_a_game_passed_in_is_annulled",
    rec,
    outcome="annulled",
    score=None,
    ended=ended("dealt_out_of_turn"),
    infractions=[],
    cited=cited("SkWO 9.4", "3.2.11"),
    readings=["isko-3.2.12-dealing-order"],
)

# ------------------------------------------------- shuffling, cutting, dealing (3.2.2-3.2.10)
rec = Rec(
    DEAL_A,
    "The dealer let the cards be cut with only two cards taken off (3.2.4: at least four), "
    "and M objected before taking up his cards (3.2.10): the cards are dealt again.",
).e("dealt", shuffle_fault=True, objected_in_time=True)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts")
rec.play(tricks(1, 4))
case(
    F32,
    "isko_3_2_10_a_cut_of_two_cards_objected_in_time_is_dealt_again",
    rec,
    outcome="redeal",
    score=None,
    ended=ended("shuffle_fault"),
    infractions=[],
    cited=cited("3.2.10", "3.2.4"),
    readings=["isko-3.2.10-in-time"],
)

rec = Rec(
    DEAL_A,
    "The cards were not cut (3.2.4 makes the cut compulsory), but nobody objected before "
    "taking up his cards (3.2.10): the game stands; F wins hearts played out: 30.",
).e("dealt", shuffle_fault=True)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts")
rec.play(tricks(1, 10))
case(
    F32,
    "isko_3_2_10_a_missing_cut_objected_too_late_the_game_stands",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[],
    cited=cited("3.2.10", "3.2.4"),
    readings=["isko-3.2.10-in-time"],
)


# ------------------------------------ the skat taken into a hand, a new skat drawn (3.2.15)
def redrawn(rec: Rec, seat: str, new_skat: list[str]) -> Rec:
    """3.2.15: ``seat`` took the skat into the hand, shuffled the twelve cards and the
    dealer drew ``new_skat`` from them; the model's cards move the same way."""
    hand = rec.hands[b.SEAT[seat]] + rec.skat
    for card in new_skat:
        hand.remove(card)
    rec.hands[b.SEAT[seat]], rec.skat = hand, list(new_skat)
    return rec.e("skat_redrawn", seat, cards=list(new_skat))


rec = Rec(
    DEAL_A,
    "The deal is finished; before any bid M takes the skat into his hand. 3.2.15: he is "
    "out of the bidding, shuffles his twelve cards and the dealer draws D8 and D7 as the "
    "new skat (M keeps D9). R bids to F, F holds 20 and wins hearts played out: D9 instead "
    "of D8 in trick 2 changes no points, the skat is worth 0 as before: 30.",
).e("dealt")
redrawn(rec, "M", ["D8", "D7"]).e("objection", "F").bids("R18 Fh R20 Fh Rp")
rec.pickup("F", ["D8", "D7"]).declare("F", "hearts")
rec.play(" ".join([A_TRICKS[0], "F:SJ M:D9 R:H7", *A_TRICKS[2:]]))
case(
    F3,
    "isko_3_2_15_skat_taken_into_a_hand_after_the_deal_a_new_skat_is_drawn",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("skat_viewed", "penalized", "3.2.15", seat="M")],
    cited=cited("3.2.15"),
)

rec = Rec(
    DEAL_A,
    "M bids up to 20 and F holds; then R takes the skat into his hand. 3.2.15: R is out of "
    "the bidding and the dealer draws DT and D7 from R's twelve shuffled cards as the new "
    "skat (R keeps D9); 3.3.9: M and F are no longer bound by their bids and start over, M "
    "18, F holds, M passes. F takes up the new skat, puts it away (10 points) and wins "
    "hearts played out: R plays D9 instead of DT in trick 10, so F has 76 in tricks and 86 "
    "with the skat; hearts with 2: 30.",
).bids("M18 Fh M20 Fh")
redrawn(rec, "R", ["DT", "D7"]).e("objection", "M").bids("M18 Fh Mp")
rec.pickup("F", ["DT", "D7"]).declare("F", "hearts")
rec.play(" ".join([*A_TRICKS[:9], "F:H9 M:DA R:D9"]))
case(
    F3,
    "isko_3_2_15_skat_taken_into_a_hand_in_the_bidding_new_skat_bidding_started_over",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    bid=18,
    infractions=[inf("skat_viewed", "penalized", "3.2.15", "3.3.9", seat="R")],
    cited=cited("3.2.15", "3.3.9"),
)


# ---------------------------------------------------------------- a table of five (3.2.7)
def table_of_five(rec: Rec) -> Rec:
    """The same record at a table of five: Dora deals and Emil, third to her left, sits out
    with her (ISkO 3.2.7: the two to the dealer's left and the one to his right play)."""
    rec.table_size, rec.dealer, rec.sitting_out = 5, "Dora", ["Emil"]
    return rec


FIVE = ["isko-3.2.7-sitting-out"]
rec = table_of_five(
    Rec(
        DEAL_A,
        "Table of five: Dora deals, Anna (left of her), Ben and Carl (right of her) play, "
        "Emil sits out too (3.2.7). F wins hearts played out: 30. The SkWO knows no table "
        "of five; read as one of four, the declarer gets 30 + 50 = 80 and nobody else "
        "anything (SkWO 5.1: the others' bonus only comes with a lost game).",
    )
    .bids("M18 Fh M20 Fh Mp Rp")
    .pickup("F", ["D9", "D7"])
    .declare("F", "hearts")
    .play(tricks(1, 10))
)
case(
    F3,
    "isko_3_2_7_table_of_five_the_two_sitting_out_score_as_the_dealer_at_four",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    tournament_points={
        "forehand": 80,
        "middlehand": 0,
        "rearhand": 0,
        "dealer": 0,
        "sitting_out": 0,
    },
    infractions=[],
    cited=cited("3.2.7", "SkWO 5.1"),
    readings=FIVE,
)

rec = table_of_five(
    a_game(
        description="Table of five: after trick 4 F, the declarer, looks into R's cards and "
        "M objects; he loses at the simple level (4.5.5, 4.1.4): -60. Tournament points as at "
        "a table of four (SkWO 5.1): F -60 - 50 = -110, 30 for each other at the table, the "
        "dealer and Emil, who sits out with her, included."
    )
)
rec.play(tricks(1, 4)).e("look_into_hand", "F", into="rearhand").e("objection", "M")
case(
    F45,
    "isko_3_2_7_table_of_five_a_lost_game_gives_each_sitting_out_the_bonus_of_four",
    rec,
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    tournament_points={
        "forehand": -110,
        "middlehand": 30,
        "rearhand": 30,
        "dealer": 30,
        "sitting_out": 30,
    },
    infractions=[inf("hand_viewed", "penalized", "4.5.5", "4.1.4", seat="F")],
    cited=cited("4.5.5", "4.1.4", "3.2.7"),
    readings=FIVE,
)

rec = table_of_five(
    a_game(
        description="Table of five: in trick 5 Emil, who sits out besides the dealer, says "
        "something that may steer the play, and F objects. 3.2.7 says nothing more of him; "
        "treated as the dealer at four, he is of the defenders' party (reading "
        "isko-3.5.1-dealer-party), so the remark ends the game against the defenders: F, "
        "with 37 after trick 4, wins at the simple level (4.2.9, 4.1.4): 30."
    )
)
rec.play(tricks(1, 4)).play("F:C7").e("remark", "sitting_out", text="Clubs are out!")
rec.e("objection", "F")
case(
    F45,
    "isko_3_2_7_table_of_five_a_remark_by_the_other_player_sitting_out_is_the_defenders",
    rec,
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    tournament_points={
        "forehand": 80,
        "middlehand": 0,
        "rearhand": 0,
        "dealer": 0,
        "sitting_out": 0,
    },
    infractions=[
        {
            "kind": "dealer_infraction",
            "status": "penalized",
            "clauses": ["ISkO 4.2.9", "ISkO 4.1.4", "ISkO 3.5.2"],
            "seat": "sitting_out",
        }
    ],
    cited=cited("4.2.9", "4.1.4", "3.2.7"),
    readings=[*FIVE, "isko-3.5.1-dealer-party"],
)


if __name__ == "__main__":
    b.write(FIRST)
