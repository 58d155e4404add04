#!/usr/bin/env python3
"""Build cases from the places where tables call the referee most often and the ISkO
answer is easy to get wrong: two revokes in one game, a revoke in null found after the
declarer took a trick, a look at the laid-away skat before the announcement, an announced
schneider that the defenders' points had already made impossible, an overbid game lost
schneider, a grand claimed before the first card, and a record that stops once nothing can
change the result. Each expected ruling is worked out
by hand from the clause named in the case. Writes only its own cases, next to those of
``build.py``; run ``python tests/cases/build_disputes.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    DEAL_A,
    DEAL_G,
    HEARTS_WON,
    NULL_WON,
    Rec,
    a_game,
    case,
    cited,
    cp,
    ended,
    inf,
    n_game,
    tricks,
)

FIRST = len(b.CASES)

# ------------------------------------------------------------------------- 4.2.4 revokes
case(
    "isko_4_2_revoke",
    "isko_4_2_4_both_parties_revoke_the_first_revoke_decides",
    a_game(
        description="M plays SA on F's C7 in trick 5 holding CT; R wins the trick with CQ "
        "and leads ST in trick 6, on which F trumps with H8 holding S8. Nobody objects "
        "until the end. Both revokes are found after their tricks (4.2.4): the game is "
        "judged from the first one, trick 5, where the defenders were guilty (37 : 0), so "
        "F wins simple (4.1.4); F's revoke came after the game had ended and counts for "
        "nothing (4.1.3)."
    )
    .play(tricks(1, 4))
    .play("F:C7 M:SA R:CQ", "M:SA")
    .play("R:ST F:H8 M:S9", "F:H8")
    .autoplay()
    .e("objection", "M"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[
        inf("revoke", "penalized", "4.2.4", seat="M"),
        inf("revoke", "void", "4.1.3", seat="F"),
    ],
    cited=cited("4.2.4", "4.1.4"),
)

case(
    b.FN,
    "isko_4_2_4_defenders_revoke_found_after_the_null_declarer_took_a_trick",
    n_game(
        ["H9", "D7"],
        "Null: M plays SQ on F's club ace in trick 1 holding clubs; nobody notices. In "
        "trick 2 R has to take F's DK with his bare DA, and only then R objects to M's "
        "revoke. 4.2.4 judges the game from the revoke, trick 1, when R had no trick: the "
        "defenders were guilty and the null game is won (4.1.4), the later trick counts "
        "for nothing.",
    )
    .play("F:CA M:SQ R:C9", "M:SQ")
    .play("F:DK M:D8 R:DA")
    .e("objection", "R"),
    **NULL_WON,
    ended=ended("infraction", 1),
    infractions=[inf("revoke", "penalized", "4.2.4", seat="M")],
    cited=cited("4.2.4", "4.1.4"),
)

# ---------------------------------------------------------------- 4.5.4 the laid-away skat
case(
    "isko_4_2_other",
    "isko_4_5_4_defender_looks_at_the_laid_away_skat_before_the_announcement",
    Rec(
        DEAL_A,
        "F has taken up the skat and laid D9 D7 away; before F announces, M turns the "
        "laid-away cards over; F objects and announces hearts. Only the declarer may see "
        "the skat (4.5.4): the look ends the game against the defenders, and F wins the "
        "game he announced, simple (4.1.4): 30.",
    )
    .bids("M18 Fh M20 Fh Mp Rp")
    .pickup("F", ["D9", "D7"])
    .e("look_at_skat", "M")
    .e("objection", "F")
    .declare("F", "hearts"),
    **HEARTS_WON,
    card_points=None,
    infractions=[inf("skat_viewed", "penalized", "4.5.4", seat="M")],
    cited=cited("4.5.4", "4.1.4"),
)

# ----------------------------------------------------- 4.1.3 an announced level lost already
case(
    "isko_4_1_lead",
    "isko_4_1_3_announced_schneider_already_lost_when_the_defenders_lead_out_of_turn",
    Rec(
        DEAL_A,
        "F plays hearts hand with schneider announced. After trick 6 the defenders have 34 "
        "card points; R leads SQ to trick 7 although M won trick 6, and F objects. With 31 "
        "points the defenders had already beaten the announced schneider, so the game was "
        "lost before the false lead (4.1.3) and nothing can credit the level (4.1.5): lost "
        "with 2, game, hand, schneider, announced = 6 x 10, -120.",
    )
    .bids("M18 Fh M20 Fh Mp Rp")
    .declare("F", "hearts", hand=True, schneider=True)
    .play(tricks(1, 6))
    .play("R:SQ", "R:SQ")
    .e("objection", "F"),
    outcome="lost",
    declarer="forehand",
    game_value=60,
    score=-120,
    card_points=cp(37, 34),
    tricks=cp(4, 2),
    ended=ended("infraction", 7),
    infractions=[inf("false_lead", "penalized", "4.1.3", seat="R")],
    cited=cited("4.1.3", "5.2.5"),
)

# ------------------------------------------------------------ 5.4.1 overbid, lost schneider
rec = Rec(
    DEAL_A,
    "M bids up to 36 and plays spades: without 2, game 3 x 11 = 33, below the bid. The "
    "play leaves him 28 card points, so he is schneider: without 2, game, schneider = "
    "4 x 11 = 44, which covers the bid of 36. The game is lost at 44 (-88) and is not "
    "entered as overbid (5.4.1 asks for enough multipliers to cover the bid, and the "
    "schneider level supplies them).",
)
rec.bids("M18 Fh M20 Fh M22 Fh M23 Fh M24 Fh M27 Fh M30 Fh M33 Fh M35 Fh M36 Fp Rp")
rec.pickup("M", ["D9", "D8"]).declare("M", "spades").autoplay()
assert rec.count() == (cp(28, 92), cp(2, 8))
case(
    "isko_5_value",
    "isko_5_4_1_game_lost_schneider_covers_the_bid_and_is_not_overbid",
    rec,
    outcome="lost",
    declarer="middlehand",
    game_value=44,
    score=-88,
    overbid=False,
    matadors={"with": False, "count": 2},
    card_points=cp(28, 92),
    tricks=cp(2, 8),
    ended=ended("played_out", 10),
    infractions=[],
)

# ---------------------------------------------------------------- 4.3.4 a grand claimed at once
case(
    "isko_4_3_shortened",
    "isko_4_3_4_grand_hand_claimed_before_the_first_card_holds_schwarz",
    Rec(
        DEAL_G,
        "M plays grand hand with schneider announced and lays his cards down before F "
        "leads. With CJ SJ and the long clubs and spades he can trump or win every lead "
        "of the defenders: the claim holds (4.3.4) and the rest is his, so he makes every "
        "trick: with 2, game, hand, schneider, announced, schwarz = 7 x 24 = 168.",
    )
    .bids("M18 Fp Rp")
    .declare("M", "grand", hand=True, schneider=True)
    .e("lay_down", "M"),
    outcome="won",
    declarer="middlehand",
    game_value=168,
    score=168,
    card_points=cp(120, 0),
    tricks=cp(10, 0),
    ended=ended("claim", 1),
    infractions=[],
    cited=cited("4.3.4", "5.2.5"),
)

# ------------------------------------------------- 4.3.1 a record that stops, result fixed
case(
    "isko_4_3_shortened",
    "isko_4_3_1_record_stopping_when_no_play_left_can_change_the_win_is_won",
    a_game(
        description="The record stops after trick 8: F has 61 card points and 6 tricks, "
        "the defenders 34 and 2. Every game is to be played to its end (4.3.1), but however "
        "the last two tricks go F keeps 61 or more and cannot reach 90, and the defenders "
        "keep their 34: the result and its value are fixed, won simple, 30."
    ).play(tricks(1, 8)),
    **HEARTS_WON,
    card_points=cp(61, 34),
    tricks=cp(6, 2),
    ended=ended("decided", 8),
    infractions=[],
    cited=cited("5.2.2", "5.2.3"),
)


if __name__ == "__main__":
    b.write(FIRST)
