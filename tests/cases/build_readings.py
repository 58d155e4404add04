#!/usr/bin/env python3
"""Build the cases of the ISkO's open questions: one case per reading that
``docs/interpretations.md`` decides, each expecting the ruling to name the reading
(``readings``). Writes only its own cases, next to those of ``build.py`` (whose helpers
it uses); run ``python tests/cases/build_readings.py``. Every expectation is worked out
by hand from the ISkO in the case's description.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    DEAL_A,
    DEAL_N,
    HEARTS_LOST,
    HEARTS_WON,
    NULL_WON,
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

# A hearts line on deal A in which forehand keeps S8 for the last trick, M keeps DA and
# R keeps DT: declarer (F) points after each trick 6, 8, 22, 37, 37, 44, 54, 65, 86;
# the defenders take only trick 5 (13). Trick 10 holds S8, DA and DT (21 points).
KEEP_S8 = [
    "F:CJ M:HJ R:DJ",
    "F:SJ M:D8 R:H7",
    "F:HA M:C9 R:HQ",
    "F:CA M:CK R:C8",
    "F:C7 M:CT R:CQ",
    "M:DK R:DQ F:H8",
    "F:HT M:S9 R:S7",
    "F:HK M:SK R:SQ",
    "F:H9 M:SA R:ST",
]


def keep_s8(upto: int, description: str) -> Rec:
    return a_game(description=description).play(" ".join(KEEP_S8[:upto]))


# ---------------------------------------------------------------------------- 4.1.10
case(
    b.F41,
    "isko_4_1_10_false_lead_to_the_last_trick_is_scored_as_if_led_by_right",
    keep_s8(
        9,
        "F won trick 9 and is to lead the last trick; M leads DA instead, R plays DT and F "
        "S8, so as played M wins. The false lead is irrelevant (4.1.10): led by F, S8 "
        "wins (nobody can follow spades or trump), so F ends with 107 : 13 and wins "
        "hearts with 2, game 3, schneider 4 = 40.",
    )
    .play("M:DA R:DT F:S8", "M:DA")
    .e("objection", "F"),
    outcome="won",
    declarer="forehand",
    game_value=40,
    score=40,
    overbid=False,
    card_points=cp(107, 13),
    tricks=cp(9, 1),
    ended=ended("played_out", 10),
    infractions=[inf("false_lead", "void", "4.1.10", seat="M")],
    cited=cited("4.1.10"),
    readings=["isko-4.1.10-entitled-lead"],
)

# ------------------------------------------------------------------------- 3.4.8 / 4.2.8
case(
    b.F42O,
    "isko_4_2_8_declarer_who_had_already_won_looks_at_the_skat_stays_won",
    a_game(
        description="After trick 8 F has 61 and hearts with 2 (30) covers the bid of 20: "
        "the game is won. Then F looks at the skat; M objects. During play 4.2.8 "
        "governs and 4.1.3 keeps a won game won (not lost under 3.4.8)."
    )
    .play(tricks(1, 8))
    .e("look_at_skat", "F")
    .e("objection", "M"),
    **HEARTS_WON,
    card_points=cp(61, 34),
    tricks=cp(6, 2),
    ended=ended("infraction", 9),
    infractions=[inf("skat_viewed", "penalized", "4.2.8", seat="F")],
    cited=cited("4.2.8", "4.1.3"),
    readings=["isko-4.2.8-declarer-in-play"],
)

# ---------------------------------------------------------------------- 3.4.4 / 3.3.10
rec = Rec(
    DEAL_A,
    "F holds the bid at 35 and announces null (23), a game below the bid: he loses a "
    "suit game or grand with his matadors (with 2). No such game is worth exactly 35: "
    "diamonds 27 and clubs 36 reach 36 (diamonds raised as overbid), hearts 40, spades "
    "44, grand 72. The cheapest, on a tie the lower base value, is diamonds: 36, -72.",
)
rec.bids("M18 Fh M20 Fh M22 Fh M23 Fh M24 Fh M27 Fh M30 Fh M33 Fh M35 Fh Mp Rp")
rec.pickup("F", ["D9", "D7"]).declare("F", "null").e("objection", "M")
case(
    b.F3,
    "isko_3_4_4_null_at_35_no_game_worth_exactly_the_bid_loses_the_cheapest_cover",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=36,
    score=-72,
    overbid=True,
    card_points=None,
    tricks=None,
    ended=ended("null_unplayable"),
    cited=cited("3.4.4"),
    readings=["isko-3.4.4-cheapest-game"],
)

# ------------------------------------------------------------------------------ 4.3.5
rec = Rec(
    DEAL_N,
    "Null by R. F wins trick 1 with CA; then M lays his cards open. A defender may play "
    "open only in a suit game or grand (Spanish 4.3.5), so in null these are cards "
    "shown (4.1.9): the defenders' infraction ends the game and the declarer, who has "
    "taken no trick, wins the null game (4.1.4).",
)
rec.bids("M18 Fp R20 Mh R22 Mp").pickup("R", ["HA", "DA"]).declare("R", "null")
rec.play("F:CA M:CQ R:C7").e("lay_down", "M")
case(
    b.FN,
    "isko_4_3_5_defender_lays_down_in_null_declarer_wins",
    rec,
    **NULL_WON,
    ended=ended("defender_claim", 2),
    infractions=[inf("failed_defender_claim", "penalized", "4.3.5", "4.1.9", seat="M")],
    cited=cited("4.3.5", "4.1.9"),
    readings=["isko-4.3.5-null"],
)

# ------------------------------------------------------------------------ 4.3.6 / 4.3.3
case(
    b.F43,
    "isko_4_3_6_defender_throws_in_with_13_the_declarer_wins_schneider",
    a_game(
        description="After trick 5 (F 37, defenders 13) R throws his cards in. Counted by "
        "4.3.6, the defenders keep only their 13, so F has 107 and wins hearts with 2, "
        "game 3, schneider 4 = 40 (4.3.3 would have given him only the simple game)."
    )
    .play(tricks(1, 5))
    .e("throw_in", "R"),
    outcome="won",
    declarer="forehand",
    game_value=40,
    score=40,
    overbid=False,
    card_points=cp(107, 13),
    tricks=cp(9, 1),
    ended=ended("thrown_in"),
    infractions=[],
    cited=cited("4.3.6"),
    readings=["isko-4.3.6-defender-throw-in"],
)

# ------------------------------------------------------------------------------ 5.2.5
DEAL_S = {
    "forehand": ["D9", "D8", "D7", "S8", "S7", "C8", "C7", "H9", "H8", "H7"],
    "middlehand": ["CJ", "SJ", "DA", "DT", "DK", "SA", "ST", "CA", "CT", "HA"],
    "rearhand": ["HJ", "DJ", "DQ", "SK", "SQ", "S9", "CK", "CQ", "C9", "HT"],
    "skat": ["HK", "HQ"],
}
rec = Rec(
    DEAL_S,
    "F plays diamonds hand, schneider announced, without 8, and takes no trick (only the "
    "skat's 7). He loses at least at the announced level; his own schneider does not "
    "count again, but schwarz, a level above the one he announced, counts (Spanish "
    "5.2.5 'at least'): 8 + game, hand, schneider, announced, schwarz = 13 x 9 = 117.",
)
rec.bids("Mp Rp F18").declare("F", "diamonds", hand=True, schneider=True)
rec.play(
    "F:S7 M:SA R:S9 M:CA R:C9 F:C7 M:CT R:CQ F:C8 M:ST R:SQ F:S8 M:HA R:HT F:H7 "
    "M:CJ R:DQ F:D7 M:SJ R:DJ F:D8 M:DA R:HJ F:D9 R:SK F:H8 M:DT M:DK R:CK F:H9"
)
case(
    b.F5,
    "isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=117,
    score=-234,
    overbid=False,
    matadors={"with": False, "count": 8},
    card_points=cp(7, 113),
    tricks=cp(0, 10),
    ended=ended("played_out", 10),
    cited=cited("5.2.5"),
    readings=["isko-5.2.5-schwarz-suffered"],
)

# ------------------------------------------------------------------------------ 4.3.2
rec = Rec(
    DEAL_N,
    "Null by R, who has to take trick 1 with DA. After trick 2 (eight cards left) R "
    "gives up; no defender agrees and the record stops. The concession changes nothing, "
    "but the null game was already lost (R holds a trick): lost as it stands, 23, -46.",
)
rec.bids("M18 Fp R20 Mh R22 Mp").pickup("R", ["H9", "D7"]).declare("R", "null")
rec.play("F:DK M:D8 R:DA R:C7 F:CK M:CQ").e("concede", "R")
case(
    b.FN,
    "isko_4_3_2_concession_without_consent_record_stops_null_already_lost",
    rec,
    outcome="lost",
    declarer="rearhand",
    game_value=23,
    score=-46,
    ended=ended("decided"),
    infractions=[inf("unauthorized_concession", "void", "4.3.2", seat="R")],
    readings=["isko-4.3.2-record-stops"],
)

# ----------------------------------------------------- a failed claim that changed nothing
case(
    b.F43,
    "isko_4_3_4_failed_claim_after_the_game_was_won_has_no_effect",
    keep_s8(
        8,
        "After trick 8 F has 65 : 13 and hearts with 2 (30) covers the bid: the game is "
        "won. F lays down H9 and S8 claiming both tricks, but M's SA takes the spade: "
        "the claim fails, yet the game was already decided (4.1.3), so the failed claim "
        "changes nothing: won 30, the remaining 42 points counted for the defenders.",
    ).e("lay_down", "F"),
    **HEARTS_WON,
    card_points=cp(65, 55),
    tricks=cp(7, 3),
    ended=ended("claim", 9),
    infractions=[inf("failed_claim", "void", "4.3.4", "4.1.3", seat="F")],
    cited=cited("4.3.4", "4.1.3"),
)


# ------------------------------------------------------------------------------ 4.4.4
rec = a_game(
    description="Rule set with the reading isko-4.4.4-tricks-gathered: not_punished. After "
    "trick 6 M has mixed the defenders' two tricks and F objects. 4.4.4 and SkWO 8.6 want "
    "every trick piled in order, but the English 4.4.4 names no consequence, so under this "
    "reading the fault is only noted and play goes on: F takes tricks 7 to 10 and wins "
    "hearts played out with 86 points, 30."
)
rec.play(tricks(1, 6)).e("tricks_not_gathered", "M", trick=5, mixed=True).e("objection", "F")
rec.play(tricks(7, 10))
case_under(
    b.F44,
    "isko_4_4_4_mixed_tricks_not_punished_under_the_english_reading",
    rec,
    "isko-4.4.4-tricks-gathered",
    "not_punished",
    **HEARTS_WON,
    **b.PLAYED_OUT_A,
    infractions=[inf("tricks_not_gathered", "void", "4.4.4", seat="M")],
    cited=cited("4.4.4", "SkWO 8.6"),
)


# ------------------------------------------------------------------------------ 2.2.5
rec = Rec(
    b.DEAL_C,
    "Rule set with the reading isko-2.2.5-not-laid-out: not_punished. F announces clubs "
    "ouvert (hand, schneider and schwarz announced) and leads CJ; after trick 1 the "
    "defenders ask for his cards, he still keeps them hidden and M objects. 2.2.5 gives the "
    "defenders the request and names no sanction, so under this reading the refusal is only "
    "noted: F takes every trick and wins clubs ouvert with 2, 9 x 12 = 108.",
)
rec.bids("M18 Fh Mp Rp").declare("F", "clubs", hand=True, schneider=True, schwarz=True, ouvert=True)
rec.play("F:CJ M:HJ R:H7").e("not_laid_out", "F", refused=True).e("objection", "M")
rec.play(
    "F:SJ M:DJ R:H8 F:SA M:DK R:S7 F:CA M:DT R:S8 F:CT M:DA R:S9 F:CK M:H9 R:SQ "
    "F:CQ M:HQ R:SK F:C9 M:HK R:ST F:C8 M:HT R:D9 F:C7 M:HA R:DQ"
)
case_under(
    b.F5,
    "isko_2_2_5_open_cards_still_hidden_when_asked_not_punished_under_the_reading",
    rec,
    "isko-2.2.5-not-laid-out",
    "not_punished",
    outcome="won",
    declarer="forehand",
    game_value=108,
    score=108,
    overbid=False,
    card_points=cp(120, 0),
    tricks=cp(10, 0),
    ended=ended("played_out", 10),
    infractions=[inf("ouvert_not_laid_out", "void", "2.2.5", seat="F")],
    cited=cited("2.2.5"),
)

# ------------------------------------------------------------------------------ 4.3.4
rec = a_game(
    description="Rule set with the reading isko-4.3.4-partial-claim: all_remaining. After "
    "trick 4 (37 : 0) F holds HT HK H9 H8 C7 S8 and the defenders no trump. He lays his "
    "cards down saying he takes four of the six tricks and gives up the club and the spade; "
    "play goes on and M takes trick 5. Both texts of 4.3.4 give laid-down cards one meaning, "
    "every remaining trick, so under this reading the count is only noted: the defenders' "
    "trick breaks the claim, the rest from the claim on is theirs (37 : 83, 4 : 6) and F, "
    "against whom 4.1.3-4.1.6 decide, loses hearts with 2 at the simple level, 3 x 10 = 30, "
    "-60. Read as a claim of four the same play holds (86 : 34, won)."
)
rec.play(tricks(1, 4)).e("lay_down", "F", tricks=4, text="My four trumps are mine.")
rec.play(tricks(5, 10))
case_under(
    b.F43,
    "isko_4_3_4_claim_of_four_of_six_judged_as_a_claim_of_all_under_the_reading",
    rec,
    "isko-4.3.4-partial-claim",
    "all_remaining",
    **b.HEARTS_LOST,
    card_points=cp(37, 83),
    tricks=cp(4, 6),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
    cited=cited("4.3.4"),
)

# ------------------------------------------------------------------------------ 4.3.5
#: null by R keeping HA and DA (H9 and D7 laid away): R's lone DA must win any diamond led
FORCED_NULL = (
    "Null by R, who lays away H9 and D7 and keeps HA and DA. F wins trick 1 with CA; then "
    "M lays his cards open. R holds no other diamond, so a diamond led by F takes his DA: "
    "the defenders can force a trick on him whatever he plays. "
)


def forced_null(description: str) -> Rec:
    rec = Rec(DEAL_N, FORCED_NULL + description)
    rec.bids("M18 Fp R20 Mh R22 Mp").pickup("R", ["H9", "D7"]).declare("R", "null")
    return rec.play("F:CA M:CQ R:C7").e("lay_down", "M")


case(
    b.FN,
    "isko_4_3_5_defender_lays_down_in_null_declarer_who_could_be_forced_a_trick_wins",
    forced_null(
        "A defender may play open only in a suit game or grand (Spanish 4.3.5): in null the "
        "open cards are cards shown (4.1.9), the defenders' infraction ends the game, and R, "
        "who has taken no trick, wins the null game (4.1.4), 23, although he would have "
        "lost it with the cards played on."
    ),
    **NULL_WON,
    ended=ended("defender_claim", 2),
    infractions=[inf("failed_defender_claim", "penalized", "4.3.5", "4.1.9", seat="M")],
    cited=cited("4.3.5", "4.1.9"),
    readings=["isko-4.3.5-null"],
)

rec = forced_null(
    "Rule set with the reading isko-4.3.5-null: claim. The English 4.3.5 names no game type, "
    "so the open cards are M's claim in null too, and in null a claim is of the claimer's "
    "own aim (last sentence of 4.3.4): that R cannot avoid a trick. He cannot, so the claim "
    "holds: R is given a trick and loses the null game, 2 x 23 = -46."
)
case_under(
    b.FN,
    "isko_4_3_5_defender_lays_down_in_null_a_claim_under_the_english_reading",
    rec,
    "isko-4.3.5-null",
    "claim",
    **b.NULL_LOST,
    ended=ended("defender_claim", 2),
    infractions=[],
    cited=cited("4.3.5"),
)

# ------------------------------------------------------------------------------ 4.1.5
rec = b.grand_schwarz_led_before_f(
    b.DEAL_S,
    "Rule set with the reading isko-4.1.5-announced: needed_only. F plays grand hand with 4, "
    "schneider and schwarz announced, after a bid of 18; M leads SA before F and F objects. "
    "Schwarz was still reachable, but under this reading 4.1.5 credits only a level needed "
    "to reach the bid, and grand hand with 4 (4 + game + hand = 6 x 24 = 144) covers 18 "
    "without it. So 4.1.4 decides: the defenders lose at the simple level, schneider and "
    "schwarz left out, announced or not: won 144 (240 when the announced schwarz is "
    "credited).",
)
case_under(
    b.F5,
    "isko_4_1_5_announced_schwarz_not_credited_when_the_bid_does_not_need_it",
    rec,
    "isko-4.1.5-announced",
    "needed_only",
    outcome="won",
    **b.M_LED_BEFORE_F,
    game_value=144,
    score=144,
    matadors={"with": True, "count": 4},
    cited=cited("4.1.5", "4.1.4"),
)

# ------------------------------------------------------------------------------ 3.3.9
rec = Rec(
    DEAL_A,
    "Rule set with the reading isko-3.3.9-hand-look: bidding_stands. M bids 18 and 20, F "
    "holds both; then R looks into F's cards and M objects. Read as the English 3.3.9, "
    "which names only the skat, the look is a breach of 4.5.5 alone: it names no "
    "consequence and nobody is declarer or defender yet, so it is only noted and the bids "
    "stand. M passes, R passes: F is the declarer at 20 (3.3.7), takes up the skat and "
    "wins hearts with 2 played out, 86 : 34, 30.",
)
rec.bids("M18 Fh M20 Fh").e("look_into_hand", "R", into="forehand").e("objection", "M")
rec.bids("Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case_under(
    b.F3,
    "isko_3_3_9_look_into_another_hand_in_the_bidding_bids_stand_under_the_english_reading",
    rec,
    "isko-3.3.9-hand-look",
    "bidding_stands",
    **HEARTS_WON,
    **b.PLAYED_OUT_A,
    bid=20,
    infractions=[inf("hand_viewed", "void", "4.5.5", "3.3.9", seat="R")],
    cited=cited("3.3.9", "4.5.5"),
)

# ------------------------------------------------------------------------------ 3.4.1
rec = Rec(
    DEAL_A,
    "Rule set with the reading isko-3.4.1-added-words: when_made. F holds 33 and declares "
    "hearts without taking up the skat, then adds 'hand' before leading. Both texts of "
    "3.4.1 want the announcement complete and irrevocable; read as complete when made, the "
    "word added after the declaration does not count, before the first card or not. "
    "Without hand, hearts with 2 is worth 3 x 10 = 30 < 33: overbid, lost at the lowest "
    "hearts value covering 33, 40, doubled -80 (5.4.1), although F takes 86 points.",
)
rec.bids("M33 Fh Mp Rp").declare("F", "hearts", hand=False)
rec.e("announce", "F", hand=True).play(tricks(1, 10))
case_under(
    b.F3,
    "isko_3_4_1_hand_said_before_the_first_card_does_not_count_when_complete_when_made",
    rec,
    "isko-3.4.1-added-words",
    "when_made",
    outcome="lost",
    declarer="forehand",
    bid=33,
    game_value=40,
    score=-80,
    overbid=True,
    **b.PLAYED_OUT_A,
    cited=cited("3.4.1", "4.1.1", "5.4.1"),
)

# ------------------------------------------------------------------ 4.1.5, a level the bid needs
#: deal S with forehand holding the club jack only of the jacks (with 1): rearhand has the others
DEAL_S1 = {
    "forehand": ["CJ", "S9", "S8", "S7", "CA", "CT", "CK", "CQ", "C9", "C8"],
    "middlehand": list(b.DEAL_S["middlehand"]),
    "rearhand": ["SJ", "HJ", "DJ", "HQ", "H9", "H8", "DK", "DQ", "D9", "D8"],
    "skat": list(b.DEAL_S["skat"]),
}
rec = Rec(
    DEAL_S1,
    "Rule set with the reading isko-4.1.5-announced: needed_only. F holds at 96 and plays "
    "grand hand with 1, schneider announced; M leads SA before F and F objects. Without "
    "schneider the game is worth 1 + game + hand = 3 x 24 = 72, short of 96: schneider is "
    "a level the bid needs, which even the Spanish 4.1.5 ('above his bid') credits when "
    "still reachable, and it is (F's clubs and the skat can still take 90). So both "
    "readings credit the announced schneider: 5 x 24 = 120, won.",
)
rec.bids("M96 Fh Mp Rp").declare("F", "grand", hand=True, schneider=True)
rec.play("M:SA", "M:SA").e("objection", "F")
rec.rules = {"readings": {"isko-4.1.5-announced": "needed_only"}}
case(
    b.F5,
    "isko_4_1_5_announced_schneider_the_bid_needs_is_credited_under_needed_only",
    rec,
    outcome="won",
    **b.M_LED_BEFORE_F,
    bid=96,
    game_value=120,
    score=120,
    matadors={"with": True, "count": 1},
    cited=cited("4.1.5", "4.1.4"),
)

# ------------------------------------------------------------------ 3.3.9 and the dealer at four
rec = b.table_of_four(
    Rec(
        DEAL_A,
        "Table of four: in the bidding, after M 18 and 20 held by F, the dealer looks into "
        "F's cards. A player sitting out may look into one hand (3.5.4), so this is the look "
        "with leave that 3.3.9 does not count (the Spanish names a look 'sin autorización'; "
        "for the dealer it names only the skat): nobody is freed from a bid. M and R pass, "
        "F is the declarer at 20 and wins hearts with 2 played out, 86 : 34, 30.",
    )
)
rec.bids("M18 Fh M20 Fh").e("look_into_hand", "dealer", into="forehand")
rec.bids("Mp Rp").pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    b.F3,
    "isko_3_5_4_dealer_looks_into_one_hand_in_the_bidding_the_bids_stand",
    rec,
    **HEARTS_WON,
    **b.PLAYED_OUT_A,
    bid=20,
    tournament_points=b.WON_AT_FOUR,
    infractions=[],
)


# ------------------------------------------------------------------------------ 4.3.1
def conceded_unannounced(description: str) -> Rec:
    rec = Rec(DEAL_A, description)
    return rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).e("concede", "F")


case(
    b.F43,
    "isko_4_3_1_concession_before_announcing_loses_the_cheapest_game_covering_the_bid",
    conceded_unannounced(
        "F wins the bidding at 20, takes up the skat and gives up before announcing. "
        "3.4.1 obliges him to announce, 3.4.3 has him announce a game covering the bid and "
        "declare it lost, the Spanish 4.3.1 values it at no less than the bid with his "
        "matadors: with 2 (CJ, SJ), the cheapest such game is diamonds, game 3 = 27, "
        "lost doubled: -54."
    ),
    outcome="lost",
    declarer="forehand",
    game_value=27,
    score=-54,
    matadors={"with": True, "count": 2},
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.1", "3.4.1", "3.4.3"),
    readings=["isko-4.3.1-no-announcement"],
)
case_under(
    b.F43,
    "isko_4_3_1_concession_before_announcing_undetermined_under_the_reading",
    conceded_unannounced(
        "Rule set with the reading isko-4.3.1-no-announcement: undetermined. F wins the "
        "bidding at 20, takes up the skat and gives up before announcing. 4.3.1 lets him "
        "give up only an announced game, so under this reading there is nothing to value: "
        "undetermined."
    ),
    "isko-4.3.1-no-announcement",
    "undetermined",
    outcome="undetermined",
    declarer="forehand",
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.1", "3.4.1"),
)


# ------------------------------------------------------------------------------ 4.3.4
def claim_fails_after_more_tricks(description: str) -> Rec:
    rec = a_game(description=description).play(tricks(1, 4)).e("lay_down", "F")
    return rec.play(
        "F:HT M:DK R:DQ F:HK M:S9 R:S7 F:H9 M:DA R:DT F:H8 M:SK R:SQ F:C7 M:CT R:CQ M:SA R:ST F:S8"
    )


_CLAIM_AFTER_4 = (
    "After trick 4 (37 : 0) F lays down his cards claiming the rest; play goes on, F takes "
    "tricks 5 to 8 with his trumps (86 : 0) and M takes trick 9 with CT: the claim fails "
    "in trick 9. "
)
case(
    b.F43,
    "isko_4_3_4_claim_failing_in_play_after_more_tricks_is_judged_at_the_claim",
    claim_fails_after_more_tricks(
        _CLAIM_AFTER_4 + "The game ended at the claim (Spanish 4.3.4, 4.1.3): there F had "
        "37 and had not won yet, so he loses hearts with 2 at the simple level, -60, and "
        "every card from the claim on is the defenders', 37 : 83."
    ),
    **HEARTS_LOST,
    card_points=cp(37, 83),
    tricks=cp(4, 6),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
    cited=cited("4.3.4", "4.1.3"),
    readings=["isko-4.3.4-played-on"],
)
case_under(
    b.F43,
    "isko_4_3_4_claim_failing_in_play_after_more_tricks_judged_at_the_lost_trick_under_the_reading",
    claim_fails_after_more_tricks(
        "Rule set with the reading isko-4.3.4-played-on: from_the_lost_trick. "
        + _CLAIM_AFTER_4
        + "The English 4.3.4 gives the defenders the cards from the point they make a "
        "trick: F keeps tricks 5 to 8, and before trick 9 he had 86 with hearts with 2 "
        "covering the bid, so the game was already won (4.1.3) and the failed claim changes "
        "nothing: won, 30, the last two tricks to the defenders, 86 : 34."
    ),
    "isko-4.3.4-played-on",
    "from_the_lost_trick",
    **HEARTS_WON,
    card_points=cp(86, 34),
    tricks=cp(8, 2),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "void", "4.3.4", seat="F")],
)


# ------------------------------------------------------------------------------ 3.3.9
rec = Rec(
    DEAL_A,
    "Rule set with the reading isko-3.3.9-hand-look: bidding_stands. M bids up to 24 and F "
    "holds; then R looks into F's cards and M objects. Under the English 3.3.9 the look "
    "frees nobody (4.5.5 names no consequence): the bids should have stood. The table "
    "starts over anyway, as the Spanish 3.3.9 would: M bids 18, F holds, M passes, R bids "
    "no more, and F takes up the skat and wins hearts played out. Nobody objected to the "
    "start-over before the cards were gathered, and the record is the evidence of what the "
    "table did: the bidding as held decides (F at 18), the calls that broke the standing "
    "bidding are only noted (3.3.8), the look is noted: hearts with 2, 30.",
).bids("M18 Fh M20 Fh M24 Fh")
rec.e("look_into_hand", "R", into="forehand").e("objection", "M").bids("M18 Fh Mp")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case_under(
    b.F3,
    "isko_3_3_9_bidding_started_over_although_the_bids_stand_the_bidding_held_decides",
    rec,
    "isko-3.3.9-hand-look",
    "bidding_stands",
    **HEARTS_WON,
    **b.PLAYED_OUT_A,
    bid=18,
    infractions=[inf("hand_viewed", "void", "4.5.5", "3.3.9", seat="R")],
    cited=cited("3.3.9", "3.3.8", "4.1.11", "4.5.5"),
)


if __name__ == "__main__":
    b.write(FIRST)
