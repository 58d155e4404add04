#!/usr/bin/env python3
"""Build the cases of facts around the announcement and the lead that need their own events
or fields: a defender stopping his partner before an infraction (ISkO 4.1.8). Writes only
its own cases, next to those of ``build.py`` (whose helpers it uses); run
``python tests/cases/build_announce.py``. Every expectation is worked out by hand from the
ISkO in the case's description.
"""

from __future__ import annotations

import json
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


def main() -> None:
    """Write this file's cases (those of build.py are left as they are)."""
    for family, name, doc, expected in b.CASES[FIRST:]:
        folder = HERE / family
        (folder / f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n")
        (folder / f"{name}.expected.json").write_text(
            json.dumps(expected, indent=1, sort_keys=True) + "\n"
        )
    print(f"{len(b.CASES) - FIRST} cases written")


if __name__ == "__main__":
    main()
