#!/usr/bin/env python3
"""Build the cases of facts around the announcement and the lead that need their own events
or fields: a defender stopping his partner before an infraction (ISkO 4.1.8). Writes only
its own cases, next to those of ``build.py`` (whose helpers it uses); run
``python tests/cases/build_announce.py``. Every expectation is worked out by hand from the
ISkO in the case's description.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    DEAL_A,
    HEARTS_WON,
    PLAYED_OUT_A,
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
F41 = b.F41

# ----------------------------------------- a defender stops his partner (ISkO 4.1.8)
case(
    F41,
    "isko_4_1_8_defender_stops_his_partner_from_a_false_lead_declarer_wins",
    a_game(
        description="F won trick 4 (F 37, defenders 0) and is to lead. M reaches for SA to "
        "lead out of turn; R stops him before the card is on the table, and F objects. 4.1.8 "
        "forbids the defenders to keep each other from a false lead; it is an infraction of "
        "their party, judged by 4.1.3 to 4.1.6: the game ends, and the defenders, who went "
        "against the rules before it was decided, lose it; F wins hearts with 2 at the simple "
        "level (4.1.4, 4.1.5): 30."
    )
    .play(tricks(1, 4))
    .e("stop_partner", "R", card="SA")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("partner_stopped", "penalized", "4.1.8", "4.1.4", seat="R")],
    cited=cited("4.1.8", "4.1.4"),
)

case(
    F41,
    "isko_4_1_8_declarer_may_play_on_after_a_partner_was_stopped",
    a_game(
        description="As before, R stops M from leading out of turn after trick 4, but F, the "
        "innocent side, demands that play goes on (4.1.6): the infraction is void and the game "
        "is played out; F wins hearts played out: 30."
    )
    .play(tricks(1, 4))
    .e("stop_partner", "R")
    .e("continue", "F")
    .play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("partner_stopped", "waived", "4.1.8", "4.1.6", seat="R")],
    cited=cited("4.1.8", "4.1.6"),
)

case(
    F41,
    "isko_4_1_8_a_declarer_warning_an_opponent_is_no_infraction",
    a_game(
        description="After trick 4 F, the declarer, warns M, who reaches for a card although "
        "F is to lead. 4.1.8 forbids the defenders to stop each other; the declarer has no "
        "partner, and keeping an opponent from a false lead only costs him: no infraction. M "
        "objects in vain; F wins hearts played out: 30."
    )
    .play(tricks(1, 4))
    .e("stop_partner", "F")
    .e("objection", "M")
    .play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("partner_stopped", "void", "4.1.8", seat="F")],
    cited=cited("4.1.8"),
    readings=["isko-4.1.8-partner"],
)

case(
    F41,
    "isko_4_1_8_stopping_a_partner_not_objected_before_the_cards_are_gathered_stands",
    a_game(
        description="R stops M from leading out of turn after trick 4, nobody objects, the game "
        "is played out and the cards are gathered; an objection comes only then. An infraction "
        "is claimed before the cards are gathered (4.1.11): the game stands as played, F wins "
        "hearts: 30."
    )
    .play(tricks(1, 4))
    .e("stop_partner", "R", card="SA")
    .play(tricks(5, 10))
    .e("cards_gathered")
    .e("objection", "F"),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("partner_stopped", "expired", "4.1.8", "4.1.11", seat="R")],
    cited=cited("4.1.8", "4.1.11"),
)

case(
    F41,
    "isko_4_1_8_stopping_a_player_in_the_bidding_is_not_punished",
    Rec(
        DEAL_A,
        "During the bidding, after M bid 20 and F held, R stops M from saying something out of "
        "turn; M and R then pass. There is no game and no party yet, so 4.1.8 (judged by 4.1.3 "
        "to 4.1.6, which speak of a game under way) does not apply; F wins hearts played out: "
        "30.",
    )
    .bids("M18 Fh M20 Fh")
    .e("stop_partner", "R")
    .bids("Mp Rp")
    .pickup("F", ["D9", "D7"])
    .declare("F", "hearts")
    .play(tricks(1, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("partner_stopped", "void", "4.1.8", seat="R")],
    cited=cited("4.1.8"),
    readings=["isko-4.1.8-partner"],
)

# ----------------------------------- words added to the announcement (ISkO 3.4.1, 4.1.1)
F3 = b.F3
ADDED = ["isko-3.4.1-added-words"]


def hand_game(bids: str, description: str, hand: bool = True) -> Rec:
    """Deal A: F declares hearts without taking up the skat (hand said or not)."""
    return Rec(DEAL_A, description).bids(bids).declare("F", "hearts", hand=hand)


HAND_WON = {**HEARTS_WON, "game_value": 40, "score": 40}


def _schneider_late(edition: str | None) -> Rec:
    rec = hand_game(
        "M18 Fh M20 Fh Mp Rp",
        (f"Edition {edition}. " if edition else "")
        + "F declares hearts hand; after he has led CJ he adds 'schneider'. 3.4.1: an "
        "announcement counts only as made and is final; the game began with it (4.1.1), and "
        "once the first card is on the table words added to it do not count. F wins hearts "
        "hand with 2 (4 x 10 = 40) although the defenders made 34 (no schneider); had the "
        "word counted, the announced schneider would have lost.",
    )
    rec.play("F:CJ").e("announce", "F", schneider=True, text="... and schneider!")
    rec.play("M:HJ R:DJ").play(tricks(2, 10))
    if edition:
        rec.rules = {"edition": edition}
    return rec


case(
    F3,
    "isko_3_4_1_schneider_said_after_the_first_card_does_not_count",
    _schneider_late(None),
    **HAND_WON,
    **PLAYED_OUT_A,
    cited=cited("3.4.1", "4.1.1"),
    readings=ADDED,
)

case(
    F3,
    "isko_3_4_1_schneider_said_after_the_first_card_does_not_count_2022",
    _schneider_late("2022"),
    **HAND_WON,
    **PLAYED_OUT_A,
    cited=cited("3.4.1", "4.1.1"),
    readings=ADDED,
)

case(
    F3,
    "isko_3_4_1_schneider_said_before_the_first_card_counts",
    hand_game(
        "M18 Fh M20 Fh Mp Rp",
        "F declares hearts hand and, asked by M before anybody has led, adds 'schneider'. "
        "Said before the first card, the word completes the announcement (3.4.1). The "
        "defenders make 34, so the announced schneider fails: lost at hearts with 2, game, "
        "hand, schneider, schneider announced: 6 x 10 = 60, doubled -120 (5.2.5).",
    )
    .e("announce", "F", schneider=True)
    .play(tricks(1, 10)),
    outcome="lost",
    declarer="forehand",
    game_value=60,
    score=-120,
    overbid=False,
    **PLAYED_OUT_A,
    cited=cited("3.4.1"),
    readings=ADDED,
)

case(
    F3,
    "isko_3_4_1_hand_said_after_the_first_card_does_not_count_overbid",
    hand_game(
        "M33 Fh Mp Rp",
        "F holds 33 and plays hearts without taking up the skat; he says 'hand' only after "
        "leading CJ. Too late (3.4.1, 4.1.1): without hand, hearts with 2 is worth 30 < 33, "
        "overbid and lost at the lowest hearts value covering 33, 40, doubled -80 (5.4.1).",
        hand=False,
    )
    .play("F:CJ")
    .e("announce", "F", hand=True)
    .play("M:HJ R:DJ")
    .play(tricks(2, 10)),
    outcome="lost",
    declarer="forehand",
    bid=33,
    game_value=40,
    score=-80,
    overbid=True,
    cited=cited("3.4.1", "4.1.1", "5.4.1"),
    readings=ADDED,
)

case(
    F3,
    "isko_3_4_1_hand_said_before_the_first_card_counts",
    hand_game(
        "M33 Fh Mp Rp",
        "F holds 33, declares hearts without taking up the skat, and adds 'hand' before "
        "leading. The announcement is complete before the first card (3.4.1): hearts hand "
        "with 2, 4 x 10 = 40 >= 33, won: 40.",
        hand=False,
    )
    .e("announce", "F", hand=True)
    .play(tricks(1, 10)),
    **HAND_WON,
    **PLAYED_OUT_A,
    bid=33,
    cited=cited("3.4.1"),
    readings=ADDED,
)

case(
    F3,
    "isko_3_4_1_hand_said_after_the_skat_was_taken_up_is_corrected",
    a_game(
        description="F took up the skat, declared hearts and, before leading, adds 'hand'. "
        "The words count as part of the announcement, but hand after the skat was taken up "
        "is an invalid announcement (3.4.4), corrected to the playable game and not punished "
        "(3.4.5): hearts with 2, 30, won."
    )
    .e("announce", "F", hand=True)
    .play(tricks(1, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("invalid_declaration", "void", "3.4.4", "3.4.5", seat="F")],
    cited=cited("3.4.1", "3.4.4"),
    readings=ADDED,
)

case(
    F3,
    "isko_3_4_1_words_added_by_a_defender_are_no_announcement",
    a_game(
        description="Before the lead M, a defender, says 'schneider'. Only the declarer "
        "announces (3.4.1): ignored; F wins hearts played out: 30."
    )
    .e("announce", "M", schneider=True)
    .play(tricks(1, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("invalid_declaration", "void", "3.4.1", seat="M")],
    cited=cited("3.4.1"),
)


if __name__ == "__main__":
    b.write(FIRST)
