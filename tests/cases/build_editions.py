#!/usr/bin/env python3
"""Build the edition pairs: for each clause the 2018 re-sorting or the 2022 amendment
changed, the same record ruled under edition ``1998`` and under edition ``2022``, with the
difference worked out by hand from each text (docs/editions.md). The 2018/2022 readings
come from the public sources collected in ``../shared/research/isko-editions.md`` (section
2); each description names its source. Writes only its own cases, next to those of
``build.py``; run ``python tests/cases/build_editions.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from tests.cases import build as b  # noqa: E402
from tests.cases.build import (  # noqa: E402
    FN,
    HEARTS_LOST,
    HEARTS_WON,
    NULL_LOST,
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

#: sources of the later readings (keys of the research note's source table)
SRC_CLAIM = (
    "Source of the 2018 rule: the Skat court's notice of the 2018 changes as published by "
    "Skat Austria (skataustria.at/?p=1155) and the DSkV, summarised in "
    "isko-editions.md section 2.1."
)
SRC_THROW = (
    "Source of the 2018 rule: the Skat court's notice of the 2018 changes (skataustria.at/"
    "?p=1155, DSkV), summarised in isko-editions.md section 2.2."
)
SRC_OPEN = (
    "Source of the 2022 rule: the resolutions of the 33rd Skat congress (dskv.de, November "
    "2022), summarised in isko-editions.md section 2.3."
)

#: a hearts line on deal A in which the defenders take only trick 5 (13 points); declarer
#: (F) points after each trick 6, 8, 22, 37, 37, 44, 54, 65, 86, 107
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
    "F:S8 M:DA R:DT",
]


def pair(
    name: str,
    make: Any,
    old: dict[str, Any],
    new: dict[str, Any],
    family: str = b.F43,
) -> None:
    """The record ``make(edition)`` builds, under both editions, named ``<name>_<edition>``."""
    for edition, expected in (("1998", old), ("2022", new)):
        rec: Rec = make(edition)
        rec.rules = {"edition": edition}
        case(family, f"{name}_{edition}", rec, **expected)


# ------------------------------------------------------------------ 4.3.4 (now 4.4.4)
def _refused_played_on(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 4 (37 : 0) F lays down his cards "
            "claiming the rest; M refuses, and the game is played on to the end (M takes "
            "trick 5 with CT). Under 1998/99 (4.3.4) the claim is judged: trick 5 went "
            "against it, so the remaining tricks are the defenders' and F loses at the "
            "simple level (37 : 83, -60). Under 2018/2022 (4.4.4) a refused claim does "
            "not end the game: the play decides, 86 : 34, F wins hearts with 2 (30). " + SRC_CLAIM
        )
        .play(tricks(1, 4))
        .e("lay_down", "F")
        .e("refuse", "M")
        .play(tricks(5, 10))
    )


pair(
    "isko_4_3_4_claim_refused_by_one_defender_played_on",
    _refused_played_on,
    dict(
        **HEARTS_LOST,
        card_points=cp(37, 83),
        tricks=cp(4, 6),
        ended=ended("claim"),
        infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
        cited=cited("4.3.4"),
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


def _refused_record_stops(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 4 (37 : 0) F lays down HT HK H9 H8 "
            "C7 S8 claiming the rest; R refuses and the record stops. Under 1998/99 (4.3.4) "
            "the claim is judged with all hands open: the defenders can take the club and "
            "the spade, so it fails and F loses at the simple level (37 : 83, -60). Under "
            "2018/2022 (4.4.4) the game must be played on with F's cards open; the record "
            "does not show that play, so the ruling is undetermined and says what the "
            "exact analysis makes certain (the defenders can still take a trick, F can still "
            "reach 61). " + SRC_CLAIM
        )
        .play(tricks(1, 4))
        .e("lay_down", "F")
        .e("refuse", "R")
    )


pair(
    "isko_4_3_4_claim_refused_by_one_defender_record_stops",
    _refused_record_stops,
    dict(
        **HEARTS_LOST,
        card_points=cp(37, 83),
        tricks=cp(4, 6),
        ended=ended("claim"),
        infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
        cited=cited("4.3.4"),
    ),
    dict(
        outcome="undetermined",
        declarer="forehand",
        card_points=cp(37, 0),
        tricks=cp(4, 0),
        ended=ended("claim", 5),
        infractions=[],
        cited=cited("4.3.4"),
    ),
)


def _consented_wrong_claim(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 4 (37 : 0) F lays down his cards "
            "claiming the rest, and both defenders consent, although they could have taken "
            "the club and the spade. Under 1998/99 (4.3.4) consent is not what decides: the "
            "claim fails by the analysis and F loses at the simple level (37 : 83, -60). "
            "Under 2018/2022 (4.4.4) a claim every defender consents to wins the announced "
            "game: hearts with 2, 30, counted at 37 : 0 as the cards lay. " + SRC_CLAIM
        )
        .play(tricks(1, 4))
        .e("lay_down", "F")
        .e("consent", "M")
        .e("consent", "R")
    )


pair(
    "isko_4_3_4_claim_consented_by_both_defenders",
    _consented_wrong_claim,
    dict(
        **HEARTS_LOST,
        card_points=cp(37, 83),
        tricks=cp(4, 6),
        ended=ended("claim"),
        infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
        cited=cited("4.3.4"),
    ),
    dict(
        **HEARTS_WON,
        card_points=cp(37, 0),
        tricks=cp(4, 0),
        ended=ended("claim", 5),
        infractions=[],
        cited=cited("4.3.4"),
        readings=["isko-4.3.4-consented-count"],
    ),
)


def _claimed_schneider(edition: str, claim: bool = True) -> Rec:
    said = "claiming schneider with them" if claim else "claiming the rest, with no level"
    rec = a_game(
        description=f"Edition {edition}. After trick 6 of a line in which the defenders "
        f"keep only trick 5 (44 : 13), F lays down HT HK H9 S8 {said}; both defenders "
        "consent. Under 1998/99 (4.3.4) the claim is judged: M can keep SA for the last "
        "trick, so it fails and F loses at the simple level (44 : 76, -60). Under "
        "2018/2022 (4.4.4) the consented claim wins the announced game, and a higher "
        "level counts only if claimed with the cards: "
        + (
            "schneider was claimed and was still reachable (the line below reaches 107), "
            "so hearts with 2, game, schneider: 40. "
            if claim
            else "none was claimed, so hearts with 2: 30. "
        )
        + SRC_CLAIM
    ).play(" ".join(KEEP_S8[:6]))
    if claim:
        rec.e("lay_down", "F", schneider=True)
    else:
        rec.e("lay_down", "F")
    return rec.e("consent", "M").e("consent", "R")


LOST_AFTER_6 = dict(
    **HEARTS_LOST,
    card_points=cp(44, 76),
    tricks=cp(5, 5),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
    cited=cited("4.3.4"),
)
pair(
    "isko_4_3_4_claim_of_schneider_consented",
    _claimed_schneider,
    LOST_AFTER_6,
    dict(
        **(HEARTS_WON | {"game_value": 40, "score": 40}),
        card_points=cp(44, 13),
        tricks=cp(5, 1),
        ended=ended("claim", 7),
        infractions=[],
        cited=cited("4.3.4"),
        readings=["isko-4.3.4-consented-count"],
    ),
)


def _accepted_by_a_concession(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 6 of a line in which the defenders "
            "keep only trick 5 (44 : 13), F lays down HT HK H9 S8 claiming the rest, with no "
            "level, and M gives up. Under 1998/99 laying the cards down claims every "
            "remaining trick (4.3.4) and M's concession accepts it: the four tricks left "
            "(63 card points) are F's, 107 : 13, hearts with 2, game 3, schneider 4: 40. "
            "Under 2018/2022 (4.4.4) the accepted claim wins the announced game and a level "
            "only if claimed: hearts with 2, 30, the count as the cards lay (44 : 13), "
            "reading isko-4.3.4-consented-count. " + SRC_CLAIM
        )
        .play(" ".join(KEEP_S8[:6]))
        .e("lay_down", "F")
        .e("concede", "M")
    )


pair(
    "isko_4_3_4_claim_accepted_by_a_defenders_concession",
    _accepted_by_a_concession,
    dict(
        **(HEARTS_WON | {"game_value": 40, "score": 40}),
        card_points=cp(107, 13),
        tricks=cp(9, 1),
        ended=ended("claim"),
        infractions=[],
        cited=cited("4.3.4", "4.3.3"),
    ),
    dict(
        **HEARTS_WON,
        card_points=cp(44, 13),
        tricks=cp(5, 1),
        ended=ended("claim", 7),
        infractions=[],
        cited=cited("4.3.4"),
        readings=["isko-4.3.4-consented-count"],
    ),
)
pair(
    "isko_4_3_4_claim_without_a_level_consented",
    lambda edition: _claimed_schneider(edition, claim=False),
    LOST_AFTER_6,
    dict(
        **HEARTS_WON,
        card_points=cp(44, 13),
        tricks=cp(5, 1),
        ended=ended("claim", 7),
        infractions=[],
        cited=cited("4.3.4"),
        readings=["isko-4.3.4-consented-count"],
    ),
)


def _null_claim(edition: str, answer: str) -> Rec:
    what = {
        "refuse": "M refuses and the record stops",
        "consent": "both defenders consent",
    }[answer]
    rec = n_game(
        ["H9", "D7"],
        f"Edition {edition}. Null: R lays down at once keeping a bare DA, claiming to take "
        f"no trick; {what}. A diamond lead forces him to take a trick. Under 1998/99 "
        "(4.3.4) the claim is judged: it fails, the null game is lost (-46). Under "
        "2018/2022 (4.4.4) "
        + (
            "a refused claim must be played on with open cards: the ruling is undetermined "
            "and says that the defenders can force a trick if they play right. "
            if answer == "refuse"
            else "a claim every defender consents to wins the game announced: null won, 23. "
        )
        + SRC_CLAIM,
    ).e("lay_down", "R")
    if answer == "refuse":
        return rec.e("refuse", "M")
    return rec.e("consent", "F").e("consent", "M")


NULL_FAILED = dict(
    **NULL_LOST,
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="R")],
    cited=cited("4.3.4"),
)
pair(
    "isko_4_3_4_null_claim_refused",
    lambda edition: _null_claim(edition, "refuse"),
    NULL_FAILED,
    dict(
        outcome="undetermined",
        declarer="rearhand",
        ended=ended("claim"),
        infractions=[],
        cited=cited("4.3.4"),
    ),
    FN,
)
pair(
    "isko_4_3_4_null_claim_consented",
    lambda edition: _null_claim(edition, "consent"),
    NULL_FAILED,
    dict(**NULL_WON, ended=ended("claim"), infractions=[], cited=cited("4.3.4")),
    FN,
)


# ------------------------------------------------------------------ 4.3.5 (now 4.4.5)
#: deal D: middlehand holds every jack and the top clubs and spades
DEAL_D = {
    "forehand": ["DA", "DT", "DK", "DQ", "D9", "D8", "D7", "HA", "HT", "HK"],
    "middlehand": ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "SA", "ST", "SK"],
    "rearhand": ["CQ", "C9", "C8", "C7", "SQ", "S9", "S8", "S7", "HQ", "H9"],
    "skat": ["H8", "H7"],
}


def _open_partner_takes_them(edition: str) -> Rec:
    rec = Rec(
        DEAL_D,
        f"Edition {edition}. F plays grand hand without 4; after trick 1 (M trumps the "
        "diamond ace) R plays open. R cannot take every trick himself, but the declarer "
        "can take none: only R holds hearts and F holds the only diamonds, and M will not "
        "lead them. Under 1998/99, as the engine reads 4.3.5 (the defender himself must "
        "take the rest, docs/interpretations.md), the claim fails: the rest goes to F, "
        "who wins at the simple level (107 : 13, 144). Under the 2022 text of 4.4.5 the "
        "open play is allowed because the declarer cannot take another trick whatever he "
        "and M play: the rest is the defenders', F is schwarz (0 : 120, -384). " + SRC_OPEN,
    )
    rec.bids("Mp Rp F18").declare("F", "grand", hand=True).play("F:DA M:DJ R:C7")
    return rec.e("lay_down", "R")


GRAND_D = {"declarer": "forehand", "matadors": {"with": False, "count": 4}}
pair(
    "isko_4_3_5_defender_plays_open_declarer_takes_no_trick",
    _open_partner_takes_them,
    dict(
        **GRAND_D,
        outcome="won",
        game_value=144,
        score=144,
        card_points=cp(107, 13),
        tricks=cp(9, 1),
        ended=ended("defender_claim"),
        infractions=[inf("failed_defender_claim", "penalized", "4.3.5", seat="R")],
        cited=cited("4.3.5"),
    ),
    dict(
        **GRAND_D,
        outcome="lost",
        game_value=192,
        score=-384,
        card_points=cp(0, 120),
        tricks=cp(0, 10),
        ended=ended("defender_claim"),
        infractions=[],
        cited=cited("4.3.5"),
    ),
)


def _open_too_early(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 4 (37 : 0) M plays open, though F "
            "still holds four trumps and takes tricks whatever is played. Under both "
            "editions the open play fails (1998/99 4.3.5: M cannot take the rest himself; "
            "2022 4.4.5: the declarer can still take a trick): the rest goes to F, and the "
            "game is judged against the defenders, won at the simple level (120 : 0 "
            "counted, 30). " + SRC_OPEN
        )
        .play(tricks(1, 4))
        .e("lay_down", "M")
    )


pair(
    "isko_4_3_5_defender_plays_open_declarer_can_still_take_a_trick",
    _open_too_early,
    dict(
        **HEARTS_WON,
        card_points=cp(120, 0),
        tricks=cp(10, 0),
        ended=ended("defender_claim"),
        infractions=[inf("failed_defender_claim", "penalized", "4.3.5", seat="M")],
        cited=cited("4.3.5"),
    ),
    dict(
        **HEARTS_WON,
        card_points=cp(120, 0),
        tricks=cp(10, 0),
        ended=ended("defender_claim"),
        infractions=[inf("failed_defender_claim", "penalized", "4.3.5", seat="M")],
        cited=cited("4.3.5"),
    ),
)


# ------------------------------------------------------------------ 4.3.6 (now 4.4.6)
def _thrown_schwarz_impossible(edition: str) -> Rec:
    rec = Rec(
        DEAL_D,
        f"Edition {edition}. F plays grand hand without 4 and wins trick 1 (HA, M "
        "discards SK, R H9: 15 : 0); then M, who holds every jack, throws his cards open. "
        "The rest is the declarer's: 120 : 0 and every trick. Under 1998/99 (4.3.6) that "
        "counts as it stands: grand hand without 4, game, hand, schneider, schwarz: "
        "8 x 24 = 192. Under 2018/2022 (4.4.6) the declarer's levels count only where "
        "they were still possible: each of M's jacks wins the trick it falls in whatever "
        "is played, so schwarz was already impossible, schneider was not: 7 x 24 = 168. "
        + SRC_THROW,
    )
    rec.bids("Mp Rp F18").declare("F", "grand", hand=True).play("F:HA M:SK R:H9")
    return rec.e("throw_in", "M")


THROWN = dict(
    **GRAND_D,
    outcome="won",
    card_points=cp(120, 0),
    tricks=cp(10, 0),
    ended=ended("thrown_in", 2),
    infractions=[],
    cited=cited("4.3.6"),
)
pair(
    "isko_4_3_6_thrown_open_schwarz_already_impossible",
    _thrown_schwarz_impossible,
    dict(**THROWN, game_value=192, score=192),
    dict(**THROWN, game_value=168, score=168),
)


def _declarer_throws_holding_a_sure_trick(edition: str) -> Rec:
    return a_game(
        description=f"Edition {edition}. Before the first card F throws his cards open, "
        "holding CJ (the highest trump, which wins whatever trick it falls in). The rest is "
        "the defenders': 0 : 120 and every trick. Under 1998/99 (4.3.6) that counts as it "
        "stands: hearts with 2, game, schneider, schwarz, lost: 2 x 50 = -100. Under "
        "2018/2022 (4.4.6) the defenders' schwarz was already impossible (F takes the "
        "trick his CJ falls in whatever is played): game, schneider, lost: 2 x 40 = -80. "
        "(Schneider stays: the search for it stops at its bound from ten tricks, so it is "
        "not shown impossible; a longer search finds a line holding F to 30.) " + SRC_THROW
    ).e("throw_in", "F")


DECLARER_THROWS = dict(
    declarer="forehand",
    outcome="lost",
    overbid=False,
    matadors={"with": True, "count": 2},
    card_points=cp(0, 120),
    tricks=cp(0, 10),
    ended=ended("thrown_in"),
    infractions=[],
    cited=cited("4.3.6"),
)
pair(
    "isko_4_3_6_declarer_throws_open_defenders_schwarz_impossible",
    _declarer_throws_holding_a_sure_trick,
    dict(**DECLARER_THROWS, game_value=50, score=-100),
    dict(**DECLARER_THROWS, game_value=40, score=-80),
)


def _declarer_throws_with_sure_points(edition: str) -> Rec:
    return (
        a_game(
            description=f"Edition {edition}. After trick 2 (8 : 0) F throws his cards open, "
            "holding HA HT HK H9 H8 CA C7 S8; the only trump left against him is R's HQ. The "
            "rest is the defenders': 8 : 112. Under 1998/99 (4.3.6) that counts as it stands: "
            "hearts with 2, game, schneider, lost: 2 x 40 = -80. Under 2018/2022 (4.4.6) the "
            "defenders' schneider was already impossible: HA, HT and HK each win the trick "
            "they fall in, so F ends with at least 8 + 25 = 33: game, lost: 2 x 30 = -60. "
            + SRC_THROW
        )
        .play(tricks(1, 2))
        .e("throw_in", "F")
    )


SURE_POINTS = dict(DECLARER_THROWS, card_points=cp(8, 112), tricks=cp(2, 8))
pair(
    "isko_4_3_6_declarer_throws_open_defenders_schneider_impossible",
    _declarer_throws_with_sure_points,
    dict(**SURE_POINTS, game_value=40, score=-80),
    dict(**SURE_POINTS, game_value=30, score=-60),
)


if __name__ == "__main__":
    b.write(FIRST)
