#!/usr/bin/env python3
"""Build the referee test cases: tests/cases/<family>/<name>.json + <name>.expected.json.

Deterministic: run ``python tests/cases/build.py`` and the same files come out. Every
expected ruling below is derived by hand from the ISkO (the clause is named in each case);
the small independent model in ``skatmini.py`` only checks that the plays recorded as
regular are regular and adds up card points for positions written out here.

Seats are written F (forehand), M (middlehand), R (rearhand).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script: the repository root

from referee.record.event_types import DECLARED, EventType  # noqa: E402
from tests.support.skatmini import Table, points  # noqa: E402

SEAT = {"F": "forehand", "M": "middlehand", "R": "rearhand"}
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = []

# ------------------------------------------------------------------------------ deals
#: deal A: forehand plays hearts with 2 (the deal of docs/skat-log.md)
DEAL_A = {
    "forehand": ["CJ", "SJ", "HA", "HT", "HK", "H9", "H8", "CA", "C7", "S8"],
    "middlehand": ["HJ", "CT", "CK", "C9", "SA", "SK", "S9", "DA", "DK", "D8"],
    "rearhand": ["DJ", "HQ", "H7", "CQ", "C8", "ST", "SQ", "S7", "DT", "DQ"],
    "skat": ["D9", "D7"],
}
#: the hearts game on deal A, trick by trick. Declarer (F) points after each trick:
#: 6, 8, 22, 37, 37, 37, 44, 61, 65, 86; defenders: 0,0,0,0, 13, 34, 34, 34, 34, 34.
A_TRICKS = [
    "F:CJ M:HJ R:DJ",
    "F:SJ M:D8 R:H7",
    "F:HA M:C9 R:HQ",
    "F:CA M:CK R:C8",
    "F:C7 M:CT R:CQ",
    "M:SA R:ST F:S8",
    "M:SK R:SQ F:H8",
    "F:HT M:DK R:DQ",
    "F:HK M:S9 R:S7",
    "F:H9 M:DA R:DT",
]


def tricks(a: int, b: int) -> str:
    """Tricks a..b (1-based, inclusive) of the deal-A hearts game."""
    return " ".join(A_TRICKS[a - 1 : b])


class Rec:
    """Builds one skat-log/1 record and tracks the cards with the independent model."""

    def __init__(self, deal: dict[str, list[str]], description: str) -> None:
        self.deal = {k: list(v) for k, v in deal.items()}
        self.description = description
        self.table_size = 3
        self.dealer: str | None = None
        self.sitting_out: list[str] = []  # at a table of five or more (ISkO 3.2.7)
        self.rules: dict[str, Any] | None = None  # a rule set the record names
        self.events: list[dict[str, Any]] = []
        self.hands = {s: list(deal[s]) for s in ("forehand", "middlehand", "rearhand")}
        self.skat = list(deal["skat"])
        self.declarer: str | None = None
        self.table: Table | None = None

    # bidding and declaring
    def e(self, type_: str, seat: str | None = None, **kw: Any) -> Rec:
        """An event of a declared type (record/event_types.py) with its declared fields."""
        declared = DECLARED[EventType(type_)]
        unknown = set(kw) - {*declared.field_names, "time", "note"}
        assert not unknown, f"{self.description}: {type_} has no field {sorted(unknown)}"
        ev: dict[str, Any] = {"type": type_}
        if seat is not None:
            ev["seat"] = SEAT.get(seat, seat)
        ev.update(kw)
        self.events.append(ev)
        return self

    def bids(self, spec: str) -> Rec:
        """'M18 Fh M20 Fh Mp Rp': bid, hold (h), pass (p)."""
        for tok in spec.split():
            seat, act = tok[0], tok[1:]
            if act == "h":
                self.e("hold", seat)
            elif act == "p":
                self.e("pass", seat)
            else:
                self.e("bid", seat, value=int(act))
        return self

    def pickup(self, seat: str, discard: list[str]) -> Rec:
        s = SEAT[seat]
        self.e("pickup", seat)
        self.hands[s] += self.skat
        for c in discard:
            self.hands[s].remove(c)
        self.skat = list(discard)
        return self.e("discard", seat, cards=list(discard))

    def declare(self, seat: str, game: str, **flags: bool) -> Rec:
        s = SEAT[seat]
        self.declarer = s
        self.e(
            "declare",
            seat,
            game=game,
            hand=flags.get("hand", False),
            schneider=flags.get("schneider", False),
            schwarz=flags.get("schwarz", False),
            ouvert=flags.get("ouvert", False),
        )
        self.table = Table(self.hands, s, game)
        self.table.skat_points = points(self.skat)
        return self

    # play
    def play(self, spec: str, irregular: str = "") -> Rec:
        """'F:CJ M:HJ R:DJ ...'; plays listed in ``irregular`` (e.g. 'M:DK') may break the
        rules, every other one must be regular in the model."""
        bad = set(irregular.split())
        assert self.table is not None
        for tok in spec.split():
            seat, card = tok.split(":")
            s = SEAT[seat]
            if tok not in bad:
                assert self.table.regular(s, card), f"{self.description}: {tok} irregular"
            self.table.play(s, card)
            self.e("play", seat, card=card)
        return self

    def cont(self, seat: str) -> Rec:
        """4.1.6 continue: the offending (last) card of the current trick goes back."""
        assert self.table is not None and self.table.trick
        s, card = self.table.trick.pop()
        self.table.hands[s].append(card)
        return self.e("continue", seat)

    def autoplay(self) -> Rec:
        """Finish the game with regular plays chosen by the model."""
        assert self.table is not None
        while len(self.table.done) < 10:
            seat, card = self.table.auto()
            self.table.play(seat, card)
            self.events.append({"type": "play", "seat": seat, "card": card})
        return self

    def count(self) -> tuple[dict[str, int], dict[str, int]]:
        assert self.table is not None
        return self.table.count()

    def doc(self) -> dict[str, Any]:
        return {
            "format": "skat-log/1",
            "meta": {"event": "referee test cases", "description": self.description},
            "table_size": self.table_size,
            "players": {"forehand": "Anna", "middlehand": "Ben", "rearhand": "Carl"}
            | ({"dealer": self.dealer} if self.dealer else {})
            | ({"sitting_out": self.sitting_out} if self.sitting_out else {}),
            "deal": self.deal,
            "events": self.events,
        } | ({"rules": self.rules} if self.rules else {})


def case(family: str, name: str, rec: Rec, **expected: Any) -> None:
    CASES.append((family, name, rec.doc(), expected))


def case_under(
    family: str, name: str, rec: Rec, reading: str, option: str, **expected: Any
) -> None:
    """A case whose record names a rule set with ``option`` of ``reading``; the ruling is
    expected to name that reading."""
    rec.rules = {"readings": {reading: option}}
    case(family, name, rec, readings=[reading], **expected)


def inf(kind: str, status: str, *clauses: str, seat: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": kind,
        "status": status,
        "clauses": [f"ISkO {c}" for c in clauses],
    }
    if seat:
        out["seat"] = SEAT[seat]
    return out


def ended(reason: str, trick: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"reason": reason}
    if trick is not None:
        out["trick"] = trick
    return out


def cp(declarer: int, defenders: int) -> dict[str, int]:
    return {"declarer": declarer, "defenders": defenders}


def cited(*ids: str) -> list[str]:
    return [i if i.startswith("SkWO") else f"ISkO {i}" for i in ids]


def a_game(bid_spec: str = "M18 Fh M20 Fh Mp Rp", description: str = "", **flags: bool) -> Rec:
    """Deal A up to forehand's hearts declaration (bid 20 unless told otherwise)."""
    r = Rec(DEAL_A, description).bids(bid_spec).pickup("F", ["D9", "D7"])
    return r.declare("F", "hearts", **flags)


HEARTS_WON = {
    "outcome": "won",
    "declarer": "forehand",
    "game_value": 30,
    "score": 30,
    "overbid": False,
    "matadors": {"with": True, "count": 2},
}
HEARTS_LOST = {
    "outcome": "lost",
    "declarer": "forehand",
    "game_value": 30,
    "score": -60,
    "overbid": False,
    "matadors": {"with": True, "count": 2},
}
PLAYED_OUT_A = {"card_points": cp(86, 34), "tricks": cp(8, 2), "ended": ended("played_out", 10)}

# ============================================================================ 4.1 the lead
F41 = "isko_4_1_lead"
case(
    F41,
    "isko_4_1_3_false_lead_by_defender_ends_game_declarer_wins_simple",
    a_game(description="M leads SA to trick 5 although F won trick 4; F objects at once.")
    .play(tricks(1, 4))
    .play("M:SA", "M:SA")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("false_lead", "penalized", "4.1.3", "4.1.4", seat="M")],
    cited=cited("4.1.3", "4.1.4"),
)

case(
    F41,
    "isko_4_1_4_false_lead_by_declarer_loses_simple",
    a_game(description="Declarer F leads S8 to trick 6 although M won trick 5.")
    .play(tricks(1, 5))
    .play("F:S8", "F:S8")
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 13),
    tricks=cp(4, 1),
    ended=ended("infraction", 6),
    infractions=[inf("false_lead", "penalized", "4.1.4", seat="F")],
    cited=cited("4.1.4"),
)

case(
    F41,
    "isko_4_1_7_false_lead_noticed_after_trick_is_valid",
    a_game(
        description="F leads trick 6 out of turn; nobody objects until the trick is "
        "complete: the lead stands and the game is played out."
    )
    .play(tricks(1, 5))
    .play("F:S8 M:SA R:ST", "F:S8")
    .e("objection", "M")
    .play(tricks(7, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("false_lead", "void", "4.1.7", seat="F")],
    cited=cited("4.1.7"),
)

case(
    F41,
    "isko_4_1_10_false_lead_in_last_trick_is_irrelevant",
    a_game(description="M leads DA to the last trick instead of F; F objects at once.")
    .play(tricks(1, 9))
    .play("M:DA", "M:DA")
    .e("objection", "F")
    .play("R:DT F:H9"),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("false_lead", "void", "4.1.10", seat="M")],
    cited=cited("4.1.10"),
)

case(
    F41,
    "isko_4_1_6_continue_after_false_lead_waives_it",
    a_game(
        description="M leads out of turn in trick 5; F objects and demands play go on; "
        "M takes his card back and F leads."
    )
    .play(tricks(1, 4))
    .play("M:SA", "M:SA")
    .e("objection", "F")
    .cont("F")
    .play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("false_lead", "waived", "4.1.6", seat="M")],
    cited=cited("4.1.6"),
)

case(
    F41,
    "isko_4_1_6_after_continue_later_infraction_is_ruled_normally",
    a_game(
        description="False lead in trick 5 waived by continue; in trick 9 R makes a "
        "remark when F already has 61: F wins with what he has."
    )
    .play(tricks(1, 4))
    .play("M:SA", "M:SA")
    .e("objection", "F")
    .cont("F")
    .play(tricks(5, 8))
    .play("F:HK")
    .e("remark", "R", text="Partner, keep your ace!")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(61, 34),
    tricks=cp(6, 2),
    ended=ended("infraction", 9),
    infractions=[
        inf("false_lead", "waived", "4.1.6", seat="M"),
        inf("improper_remark", "penalized", "4.2.9", seat="R"),
    ],
    cited=cited("4.1.6", "4.2.9", "4.1.3"),
)

case(
    F41,
    "isko_4_1_3_game_already_won_by_declarer_stays_won",
    a_game(
        description="After trick 8 F has 61: M's false lead to trick 9 ends the game, "
        "F wins with the points he has."
    )
    .play(tricks(1, 8))
    .play("M:S9", "M:S9")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(61, 34),
    tricks=cp(6, 2),
    ended=ended("infraction", 9),
    infractions=[inf("false_lead", "penalized", "4.1.3", seat="M")],
    cited=cited("4.1.3"),
)

# deal A with rearhand playing diamonds: the defenders have 63 after trick 3
rec_l = (
    Rec(
        DEAL_A,
        "R plays diamonds (without 3); the defenders have 63 after trick 3, "
        "then the declarer leads out of turn.",
    )
    .bids("Mp R18 Fp")
    .pickup("R", ["C8", "S7"])
    .declare("R", "diamonds")
    .play("F:HA M:CT R:H7 F:HT M:SA R:HQ F:CA M:CK R:CQ")
    .play("R:ST", "R:ST")
    .e("objection", "F")
)
assert rec_l.count() == (cp(0, 63), cp(0, 3))
case(
    F41,
    "isko_4_1_3_game_already_lost_by_declarer_stays_lost",
    rec_l,
    outcome="lost",
    declarer="rearhand",
    game_value=36,
    score=-72,
    overbid=False,
    matadors={"with": False, "count": 3},
    card_points=cp(0, 63),
    tricks=cp(0, 3),
    ended=ended("infraction", 4),
    infractions=[inf("false_lead", "penalized", "4.1.3", seat="R")],
    cited=cited("4.1.3"),
)

case(
    F41,
    "isko_4_1_5_defenders_infraction_credits_needed_schneider",
    a_game(
        "M18 Fh M40 Fh Mp Rp",
        "Bid 40: hearts with 2 needs schneider. M leads out of turn "
        "in trick 5 with the defenders on 0: schneider is credited (40).",
    )
    .play(tricks(1, 4))
    .play("M:SA", "M:SA")
    .e("objection", "F"),
    outcome="won",
    declarer="forehand",
    game_value=40,
    score=40,
    overbid=False,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("false_lead", "penalized", seat="M")],
    cited=cited("4.1.5"),
)

case(
    F41,
    "isko_4_1_5_needed_schneider_out_of_reach_declarer_loses",
    a_game(
        "M18 Fh M40 Fh Mp Rp",
        "Bid 40: hearts with 2 needs schneider, but the defenders "
        "already have 34 when R leads out of turn in trick 7: lost, overbid, 40.",
    )
    .play(tricks(1, 6))
    .play("R:SQ", "R:SQ")
    .e("objection", "F"),
    outcome="lost",
    declarer="forehand",
    game_value=40,
    score=-80,
    overbid=True,
    card_points=cp(37, 34),
    tricks=cp(4, 2),
    ended=ended("infraction", 7),
    infractions=[inf("false_lead", "penalized", seat="R")],
    cited=cited("4.1.5"),
)

rec = Rec(
    DEAL_A,
    "F leads CJ after discarding but before declaring (bid 20, F with 2): no game with 2 "
    "is worth exactly 20, so he loses the cheapest one that covers it, diamonds with 2, "
    "game 3 = 27 (docs/interpretations.md#isko-4.1.1-declarer).",
)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).e("play", "F", card="CJ")
rec.e("objection", "M")
case(
    F41,
    "isko_4_1_1_declarer_leads_before_declaring_loses_the_cheapest_game_covering_the_bid",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=27,
    score=-54,
    matadors={"with": True, "count": 2},
    card_points=None,
    tricks=None,
    readings=["isko-4.1.1-declarer"],
    ended=ended("infraction"),
    infractions=[inf("lead_before_declaration", "penalized", "4.1.1", seat="F")],
    cited=cited("4.1.1"),
)

rec = Rec(
    DEAL_A,
    "M plays HJ before F has declared; F then declares hearts: the defenders "
    "are guilty and the declarer wins hearts with 2 at the simple level.",
)
rec.bids("M18 Fh M20 Fh Mp Rp").pickup("F", ["D9", "D7"]).e("play", "M", card="HJ")
rec.e("objection", "F").declare("F", "hearts")
case(
    F41,
    "isko_4_1_1_defender_leads_before_declaration_declarer_wins",
    rec,
    **HEARTS_WON,
    ended=ended("infraction"),
    infractions=[inf("lead_before_declaration", "penalized", seat="M")],
    readings=["isko-4.1.1-defender"],
)

case(
    F41,
    "isko_4_1_9_two_cards_exposed_by_defender_end_game",
    a_game(
        description="In trick 5 M drops SA and SK face up; F objects. The declarer wins "
        "and (English 4.1.9) the outstanding tricks are his, without a level."
    )
    .play(tricks(1, 4))
    .play("F:C7")
    .e("expose", "M", cards=["SA", "SK"])
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(120, 0),
    tricks=cp(10, 0),
    ended=ended("infraction", 5),
    infractions=[inf("cards_exposed", "penalized", "4.1.9", seat="M")],
    cited=cited("4.1.9"),
    readings=["isko-4.1.9-outstanding-tricks"],
)

case(
    F41,
    "isko_4_1_9_single_card_exposed_by_defender_is_not_punished",
    a_game(description="M flashes one card (SA) in trick 5; play goes on to the end.")
    .play(tricks(1, 4))
    .e("expose", "M", cards=["SA"])
    .play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("cards_exposed", "void", "4.1.9", seat="M")],
    readings=["isko-4.1.9-single-card"],
)

case(
    F41,
    "isko_4_1_9_declarer_dropping_cards_is_not_punished",
    a_game(description="The declarer drops HT and HK face up in trick 5 and picks them up.")
    .play(tricks(1, 4))
    .e("expose", "F", cards=["HT", "HK"])
    .e("objection", "M")
    .play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("cards_exposed", "void", "4.1.9", seat="F")],
)

case(
    F41,
    "isko_4_1_9_defender_plays_two_cards_to_a_trick",
    a_game(description="In trick 5 M plays CT and then SA on top of it; F objects.")
    .play(tricks(1, 4))
    .play("F:C7 M:CT")
    .e("play", "M", card="SA")
    .e("objection", "F"),
    **HEARTS_WON,
    ended=ended("infraction", 5),
    infractions=[inf("cards_exposed", "penalized", "4.1.9", seat="M")],
)

# ============================================================================ 4.2 revoke
F42R = "isko_4_2_revoke"
case(
    F42R,
    "isko_4_2_3_revoke_objected_at_once_ends_game",
    a_game(description="M discards DK on F's CA in trick 4 holding CK; F objects at once.")
    .play(tricks(1, 3))
    .play("F:CA M:DK", "M:DK")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(22, 0),
    tricks=cp(3, 0),
    ended=ended("infraction", 4),
    infractions=[inf("revoke", "penalized", "4.2.3", seat="M")],
    cited=cited("4.2.3"),
)

rec = a_game(
    description="M revokes in trick 4 (DK on CA holding CK); the game is played "
    "out and F objects at the end, before the cards are gathered."
)
rec.play(tricks(1, 3)).play("F:CA M:DK R:C8", "M:DK").autoplay().e("objection", "F")
case(
    F42R,
    "isko_4_2_4_revoke_found_later_ends_at_its_trick",
    rec,
    **HEARTS_WON,
    card_points=cp(22, 0),
    tricks=cp(3, 0),
    ended=ended("infraction", 4),
    infractions=[inf("revoke", "penalized", "4.2.4", seat="M")],
    cited=cited("4.2.4"),
)

rec = a_game(
    description="Declarer F trumps M's SA with H8 in trick 6 while holding S8; "
    "found after the game: lost at the simple level from trick 6."
)
rec.play(tricks(1, 5)).play("M:SA R:ST F:H8", "F:H8").autoplay().e("objection", "M")
case(
    F42R,
    "isko_4_2_4_declarer_revoke_found_later_loses",
    rec,
    **HEARTS_LOST,
    card_points=cp(37, 13),
    tricks=cp(4, 1),
    ended=ended("infraction", 6),
    infractions=[inf("revoke", "penalized", "4.2.4", seat="F")],
    cited=cited("4.2.4"),
)

rec = a_game(
    description="M revokes in trick 4; the objection comes only after both sides "
    "gathered their cards: too late, the played-out result stands."
)
rec.play(tricks(1, 3)).play("F:CA M:DK R:C8", "M:DK").autoplay()
pts_g, tr_g = rec.count()
rec.e("cards_gathered").e("objection", "F")
assert pts_g["declarer"] >= 61 and pts_g["declarer"] < 90 and tr_g["defenders"] > 0, pts_g
case(
    F42R,
    "isko_4_2_5_revoke_after_cards_gathered_has_expired",
    rec,
    **HEARTS_WON,
    card_points=pts_g,
    tricks=tr_g,
    ended=ended("played_out", 10),
    infractions=[inf("revoke", "expired", "4.2.5", seat="M")],
    cited=cited("4.2.5"),
)

rec = a_game(
    description="M revokes in trick 4; the record then marks the cards as gathered, F "
    "objects, and 18 more plays follow. Gathering ends the game and the time to object "
    "(4.2.5): the record contradicts itself, the ruling says so, the objection came too "
    "late and the play stands as recorded."
)
rec.play(tricks(1, 3)).play("F:CA M:DK R:C8", "M:DK")
rec.e("cards_gathered").e("objection", "F").autoplay()
pts_l, tr_l = rec.count()
case(
    F42R,
    "isko_4_2_5_play_recorded_after_the_cards_were_gathered",
    rec,
    **HEARTS_WON,
    card_points=pts_l,
    tricks=tr_l,
    ended=ended("played_out", 10),
    infractions=[inf("revoke", "expired", "4.2.5", seat="M")],
    cited=cited("4.2.5", "4.1.11"),
)

case(
    F42R,
    "isko_4_2_3_continue_after_revoke_corrects_the_card",
    a_game(
        description="M revokes in trick 4, F objects and asks to play on: M takes DK "
        "back and follows with CK; the game is played out."
    )
    .play(tricks(1, 3))
    .play("F:CA M:DK", "M:DK")
    .e("objection", "F")
    .cont("F")
    .play("M:CK R:C8")
    .play(tricks(5, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("revoke", "waived", "4.1.6", seat="M")],
    cited=cited("4.1.6"),
)

# ====================================================================== 4.2 other rules
F42O = "isko_4_2_other"
case(
    F42O,
    "isko_4_2_7_play_before_turn_by_defender",
    a_game(
        description="F leads HA to trick 3; R plays HQ before M, who holds no trump and "
        "could play any card; F objects: the early card could influence the trick."
    )
    .play(tricks(1, 2))
    .play("F:HA R:HQ", "R:HQ")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(8, 0),
    tricks=cp(2, 0),
    ended=ended("infraction", 3),
    infractions=[inf("play_before_turn", "penalized", "4.2.7", seat="R")],
    cited=cited("4.2.7"),
    readings=["isko-4.2.7-influence"],
)

case(
    F42O,
    "isko_4_2_7_harmless_early_card_is_not_punished",
    a_game(
        description="F leads C7 to trick 5; R plays CQ before M, whose only club left is "
        "CT; F objects. M had no choice, so the early card could not influence the trick; "
        "the record stops there, so the game is undetermined."
    )
    .play(tricks(1, 4))
    .play("F:C7 R:CQ", "R:CQ")
    .e("objection", "F"),
    outcome="undetermined",
    declarer="forehand",
    score=None,
    ended=ended("incomplete"),
    infractions=[inf("play_before_turn", "void", "4.2.7", seat="R")],
    readings=["isko-4.2.7-influence"],
)

case(
    F42O,
    "isko_4_2_8_skat_viewed_by_defender_during_play",
    a_game(description="M turns over the skat in trick 5.")
    .play(tricks(1, 4))
    .e("look_at_skat", "M")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("skat_viewed", "penalized", "4.2.8", seat="M")],
    cited=cited("4.2.8"),
)

case(
    F42O,
    "isko_4_2_9_improper_remark_by_defender",
    a_game(description="After F leads C7 in trick 5, M tells R to put his queen on it.")
    .play(tricks(1, 4))
    .play("F:C7")
    .e("remark", "M", text="Put your queen on it!")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("improper_remark", "penalized", "4.2.9", seat="M")],
    cited=cited("4.2.9"),
)

case(
    F42O,
    "isko_4_2_9_improper_remark_by_declarer_loses",
    a_game(description="The declarer counts his points out loud in trick 5.")
    .play(tricks(1, 4))
    .e("remark", "F", text="Thirty-seven already!")
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("improper_remark", "penalized", "4.2.9", seat="F")],
    cited=cited("4.2.9"),
)

misdeal = {k: list(v) for k, v in DEAL_A.items()}
misdeal["middlehand"].remove("DA")
misdeal["forehand"].append("DA")
rec = Rec(
    misdeal,
    "Forehand was dealt 11 cards and middlehand 9; the count is noticed "
    "during the bidding: the cards are dealt again.",
)
rec.bids("M18 Fh").e("objection", "M")
case(
    F42O,
    "isko_3_2_9_misdeal_noticed_in_bidding_is_redealt",
    rec,
    outcome="redeal",
    ended=ended("misdeal"),
    infractions=[inf("wrong_card_count", "void", "3.2.9")],
    cited=cited("3.2.9"),
)

rec = Rec(
    DEAL_A,
    "F lays away three cards and declares hearts with nine cards: lost at the "
    "simple level (3.4.6).",
)
rec.bids("M18 Fh M20 Fh Mp Rp").e("pickup", "F").e("discard", "F", cards=["D9", "D7", "S8"])
rec.e("declare", "F", game="hearts").e("objection", "M")
case(
    F42O,
    "isko_3_4_6_declarer_discarding_three_cards_loses",
    rec,
    **HEARTS_LOST,
    infractions_partial=True,
    infractions=[inf("wrong_card_count", "penalized", "3.4.6", seat="F")],
    cited=cited("3.4.6"),
)

# ==================================================================== 4.3 shortened games
F43 = "isko_4_3_shortened"
case(
    F43,
    "isko_4_3_1_declarer_concedes_with_ten_cards",
    a_game(description="F declares hearts and gives up at once.").e("concede", "F"),
    **HEARTS_LOST,
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.1"),
)

case(
    F43,
    "isko_4_3_1_concession_with_nine_cards_covers_the_bid",
    a_game(
        "M18 Fh M40 Fh Mp Rp",
        "Bid 40; F gives up after trick 1 (nine cards): lost, valued to cover the bid (40).",
    )
    .play(tricks(1, 1))
    .e("concede", "F"),
    outcome="lost",
    declarer="forehand",
    game_value=40,
    score=-80,
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.1"),
)

case(
    F43,
    "isko_4_3_2_concession_with_eight_cards_and_consent",
    a_game(description="F gives up after trick 2; M agrees.")
    .play(tricks(1, 2))
    .e("concede", "F")
    .e("consent", "M"),
    **HEARTS_LOST,
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.2"),
)

case(
    F43,
    "isko_4_3_2_concession_without_consent_has_no_effect",
    a_game(
        description="F wants to give up after trick 2; nobody agrees and the game is played out."
    )
    .play(tricks(1, 2))
    .e("concede", "F")
    .play(tricks(3, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("unauthorized_concession", "void", "4.3.2", seat="F")],
)

case(
    F43,
    "isko_4_3_2_concession_refused_game_is_played_out",
    a_game(
        description="After trick 2 (eight cards) F offers to give up; M refuses (refuse), "
        "so the concession has no effect (4.3.2) and the game is played out."
    )
    .play(tricks(1, 2))
    .e("concede", "F")
    .e("refuse", "M")
    .play(tricks(3, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[],
    cited=cited("4.3.2"),
)

case(
    F43,
    "isko_4_3_2_concession_refused_record_stops_is_undetermined",
    a_game(
        description="After trick 2 F offers to give up; R refuses and the record stops. "
        "The game had to go on (4.3.1), so this is not a throw-in: with 8 points and two "
        "tricks nothing is decided yet."
    )
    .play(tricks(1, 2))
    .e("concede", "F")
    .e("refuse", "R"),
    outcome="undetermined",
    declarer="forehand",
    infractions=[],
    cited=cited("4.3.2", "4.3.1"),
)

case(
    F43,
    "isko_4_3_1_concession_with_ten_cards_stands_despite_a_refusal",
    a_game(
        description="F declares hearts and gives up at once; M refuses, which does not "
        "count: with ten cards the declarer may give up alone (4.3.1)."
    )
    .e("concede", "F")
    .e("refuse", "M"),
    **HEARTS_LOST,
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.1"),
)

case(
    F43,
    "isko_4_3_2_one_consent_outweighs_a_refusal",
    a_game(
        description="After trick 2 F gives up; M refuses but R agrees: one defender's "
        "consent is enough (4.3.2), the game is lost at the simple level."
    )
    .play(tricks(1, 2))
    .e("concede", "F")
    .e("refuse", "M")
    .e("consent", "R"),
    **HEARTS_LOST,
    card_points=cp(8, 0),
    tricks=cp(2, 0),
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.2"),
)

case(
    F43,
    "isko_4_3_2_concession_without_consent_record_stops_is_undetermined",
    a_game(
        description="F gives up after trick 2 (eight cards) without consent and the record "
        "stops: the concession changes nothing, and the game (8 : 0) is not yet decided."
    )
    .play(tricks(1, 2))
    .e("concede", "F"),
    outcome="undetermined",
    declarer="forehand",
    score=None,
    ended=ended("incomplete"),
    infractions=[inf("unauthorized_concession", "void", "4.3.2", seat="F")],
    readings=["isko-4.3.2-record-stops"],
)

case(
    F43,
    "isko_4_3_3_defender_concedes_declarer_wins_simple",
    a_game(description="M gives up for his side after trick 4.")
    .play(tricks(1, 4))
    .e("concede", "M"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("defenders_conceded"),
    infractions=[],
    cited=cited("4.3.3"),
)

case(
    F43,
    "isko_4_3_3_defender_concedes_declarer_needing_schneider_gets_it",
    a_game(
        "M18 Fh M40 Fh Mp Rp",
        "Bid 40; R gives up after trick 4 with the defenders on 0: schneider is credited (4.1.5).",
    )
    .play(tricks(1, 4))
    .e("concede", "R"),
    outcome="won",
    declarer="forehand",
    game_value=40,
    score=40,
    overbid=False,
    ended=ended("defenders_conceded"),
    cited=cited("4.3.3", "4.1.5"),
)

case(
    F43,
    "isko_4_3_4_declarer_claim_holds",
    a_game(description="After trick 7 F shows HT HK H9 (the only trumps left) and claims.")
    .play(tricks(1, 7))
    .e("lay_down", "F"),
    **HEARTS_WON,
    card_points=cp(86, 34),
    tricks=cp(8, 2),
    ended=ended("claim"),
    infractions=[],
    cited=cited("4.3.4"),
)

case(
    F43,
    "isko_4_3_4_declarer_claim_fails_by_analysis",
    a_game(
        description="After trick 4 F lays down HT HK H9 H8 C7 S8 and claims the rest; "
        "the defenders can take the club and the spade."
    )
    .play(tricks(1, 4))
    .e("lay_down", "F"),
    **HEARTS_LOST,
    card_points=cp(37, 83),
    tricks=cp(4, 6),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
    cited=cited("4.3.4"),
)

case(
    F43,
    "isko_4_3_4_failed_claim_loses_simple_without_schneider",
    a_game(
        description="After trick 3 (22 points) F claims the rest; the claim fails. The "
        "remaining points go to the defenders, but a failed claim is lost at the simple "
        "level (4.1.4): no schneider against the declarer."
    )
    .play(tricks(1, 3))
    .e("lay_down", "F"),
    **HEARTS_LOST,
    card_points=cp(22, 98),
    tricks=cp(3, 7),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
    cited=cited("4.3.4"),
)

case(
    F43,
    "isko_4_3_4_declarer_claim_fails_in_play",
    a_game(description="F claims after trick 4, play goes on and M takes trick 5.")
    .play(tricks(1, 4))
    .e("lay_down", "F")
    .play(tricks(5, 5)),
    **HEARTS_LOST,
    card_points=cp(37, 83),
    tricks=cp(4, 6),
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="F")],
)

#: deal D: middlehand holds every jack and the top clubs and spades
DEAL_D = {
    "forehand": ["DA", "DT", "DK", "DQ", "D9", "D8", "D7", "HA", "HT", "HK"],
    "middlehand": ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "SA", "ST", "SK"],
    "rearhand": ["CQ", "C9", "C8", "C7", "SQ", "S9", "S8", "S7", "HQ", "H9"],
    "skat": ["H8", "H7"],
}
rec = Rec(
    DEAL_D,
    "F plays grand hand without 4; M trumps trick 1 and lays down claiming "
    "every remaining trick himself: the claim holds.",
)
rec.bids("Mp Rp F18").declare("F", "grand", hand=True).play("F:DA M:DJ R:C7")
rec.e("lay_down", "M")
case(
    F43,
    "isko_4_3_5_defender_claim_holds",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=192,
    score=-384,
    matadors={"with": False, "count": 4},
    card_points=cp(0, 120),
    tricks=cp(0, 10),
    ended=ended("defender_claim"),
    infractions=[],
    cited=cited("4.3.5"),
)

rec = Rec(
    DEAL_D,
    "Grand hand without 4; after trick 1 R lays down and claims every trick "
    "himself, which he cannot make: the rest goes to the declarer, who wins at the "
    "simple level (4.1.4), not schneider.",
)
rec.bids("Mp Rp F18").declare("F", "grand", hand=True).play("F:DA M:DJ R:C7")
rec.e("lay_down", "R")
case(
    F43,
    "isko_4_3_5_defender_claim_fails_declarer_wins_simple",
    rec,
    outcome="won",
    declarer="forehand",
    game_value=144,
    score=144,
    matadors={"with": False, "count": 4},
    card_points=cp(107, 13),
    tricks=cp(9, 1),
    ended=ended("defender_claim"),
    infractions=[inf("failed_defender_claim", "penalized", "4.3.5", seat="R")],
    cited=cited("4.3.5"),
    readings=["isko-4.3.5-claimer-alone"],
)

case(
    F43,
    "isko_4_3_6_defender_throws_in",
    a_game(
        description="After trick 6 R throws his cards in: the defenders keep their 34, "
        "the rest is the declarer's."
    )
    .play(tricks(1, 6))
    .e("throw_in", "R"),
    **HEARTS_WON,
    card_points=cp(86, 34),
    tricks=cp(8, 2),
    ended=ended("thrown_in"),
    infractions=[],
    cited=cited("4.3.6"),
)

case(
    F43,
    "isko_4_3_6_declarer_throws_in",
    a_game(description="After trick 4 the declarer throws his cards in: he keeps his 37.")
    .play(tricks(1, 4))
    .e("throw_in", "F"),
    **HEARTS_LOST,
    card_points=cp(37, 83),
    tricks=cp(4, 6),
    ended=ended("thrown_in"),
    cited=cited("4.3.6"),
)

# ============================================================================ 4.4 tricks
F44 = "isko_4_4_tricks"
case(
    F44,
    "isko_4_4_6_tricks_reviewed_by_defender_ends_game",
    a_game(description="In trick 5 R looks at trick 2 (turned over).")
    .play(tricks(1, 4))
    .play("F:C7")
    .e("review_tricks", "R", trick=2)
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("tricks_reviewed", "penalized", "4.4.6", seat="R")],
    cited=cited("4.4.6"),
)

case(
    F44,
    "isko_4_4_3_last_trick_may_be_shown",
    a_game(
        description="In trick 5, before playing, R asks to see trick 4 again; allowed, and "
        "the ruling says so with 4.4.3 although nobody objected."
    )
    .play(tricks(1, 4))
    .play("F:C7 M:CT")
    .e("review_tricks", "R", trick=4)
    .play("R:CQ")
    .play(tricks(6, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[],
    cited=cited("4.4.3"),
)

case(
    F44,
    "isko_4_4_3_last_trick_after_playing_to_next_is_reviewing",
    a_game(description="M has already played CT to trick 5 and then looks at trick 4.")
    .play(tricks(1, 4))
    .play("F:C7 M:CT")
    .e("review_tricks", "M", trick=4)
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("tricks_reviewed", "penalized", "4.4.6", seat="M")],
)

case(
    F44,
    "isko_4_4_6_declarer_reviewing_tricks_loses",
    a_game(description="Before leading to trick 5 the declarer counts his first trick.")
    .play(tricks(1, 4))
    .e("review_tricks", "F", trick=1)
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("tricks_reviewed", "penalized", "4.4.6", seat="F")],
)

case(
    F44,
    "isko_4_4_3_last_trick_shown_on_request_is_allowed",
    a_game(
        description="In trick 5, before playing, R asks for trick 4 and it is shown to him "
        "(on_request): 4.4.3 allows that; play goes on to the end."
    )
    .play(tricks(1, 4))
    .play("F:C7 M:CT")
    .e("review_tricks", "R", trick=4, on_request=True)
    .play("R:CQ")
    .play(tricks(6, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[],
    cited=cited("4.4.3"),
)

case(
    F44,
    "isko_4_4_6_last_trick_looked_at_unasked_ends_game",
    a_game(
        description="In trick 5, before playing, R turns trick 4 over himself without "
        "asking (on_request false): only a trick shown on request is allowed (4.4.3), so "
        "this is reviewing (4.4.6) and ends the game against the defenders."
    )
    .play(tricks(1, 4))
    .play("F:C7 M:CT")
    .e("review_tricks", "R", trick=4, on_request=False)
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("tricks_reviewed", "penalized", "4.4.6", "4.4.3", seat="R")],
    cited=cited("4.4.6", "4.4.3"),
)

case(
    F44,
    "isko_4_4_3_request_for_an_earlier_trick_is_reviewing",
    a_game(
        description="In trick 5 the declarer asks to be shown trick 2 (on_request): only "
        "the last trick may be asked for (4.4.3), so this is reviewing (4.4.6) and he "
        "loses at the simple level."
    )
    .play(tricks(1, 4))
    .e("review_tricks", "F", trick=2, on_request=True)
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("tricks_reviewed", "penalized", "4.4.6", "4.4.3", seat="F")],
)

case(
    F41,
    "isko_4_1_9_declarer_playing_two_cards_at_once_loses",
    a_game(
        description="The declarer leads C7 to trick 5 and puts S8 down with it; M "
        "objects. Only dropped cards are free for him (Spanish 4.1.9); playing two "
        "cards is judged by 4.1.3-4.1.6: undecided, so lost at the simple level."
    )
    .play(tricks(1, 4))
    .play("F:C7")
    .e("play", "F", card="S8")
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("cards_exposed", "penalized", "4.1.9", seat="F")],
)

misdeal2 = {k: list(v) for k, v in DEAL_A.items()}
misdeal2["middlehand"].remove("DA")
misdeal2["forehand"].append("DA")
rec = Rec(
    misdeal2,
    "F (11 cards) and M (9 cards) were both misdealt; F declares hearts and "
    "the count is found in trick 1. Both parties hold a wrong number of cards: the "
    "cards are dealt again (3.2.9).",
)
rec.bids("M18 Fh M20 Fh Mp Rp").e("pickup", "F").e("discard", "F", cards=["D9", "D7"])
rec.e("declare", "F", game="hearts").e("play", "F", card="CJ").e("play", "M", card="HJ")
rec.e("play", "R", card="DJ").e("objection", "M")
case(
    F42O,
    "isko_3_2_9_both_parties_misdealt_found_in_play_is_redealt",
    rec,
    outcome="redeal",
    ended=ended("misdeal"),
    infractions_partial=True,
    infractions=[inf("wrong_card_count", "void", "3.2.9")],
    cited=cited("3.2.9"),
)

# ====================================================================== 3 bidding, declaring
F3 = "isko_3_declaration"
rec = Rec(
    DEAL_A,
    "R turns a skat card over during the bidding: he is out of the bidding; "
    "F then plays hearts to the end.",
)
rec.bids("M18 Fh").e("look_at_skat", "R").e("objection", "F").bids("M20 Fh Mp Rp")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_3_9_skat_viewed_during_bidding",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.9"),
)

case(
    F3,
    "isko_3_4_8_declarer_views_skat_after_declaration",
    a_game(description="After declaring hearts F looks at his laid-away skat again.")
    .e("look_at_skat", "F")
    .e("objection", "M"),
    **HEARTS_LOST,
    ended=ended("infraction"),
    infractions=[inf("skat_viewed", "penalized", "3.4.8", seat="F")],
    cited=cited("3.4.8"),
)

case(
    F3,
    "isko_3_4_5_hand_declared_after_pickup_is_corrected_not_punished",
    a_game(
        description="F picks up the skat and declares hearts hand: an invalid "
        "announcement, not punishable (3.4.5); corrected to hearts and played out.",
        hand=True,
    ).play(tricks(1, 10)),
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("invalid_declaration", "void", "3.4.5", seat="F")],
)

rec = Rec(DEAL_A, "Nobody bids: the game is passed in.").bids("Mp Rp Fp")
case(
    F3,
    "isko_3_3_7_passed_in",
    rec,
    outcome="passed_in",
    score=0,
    ended=ended("passed_in"),
    infractions=[],
    cited=cited("3.3.7"),
)

# ------------------------------------------ a look at the skat in the bidding restarts it (3.3.9)
case(
    F3,
    "isko_3_3_9_both_players_pass_after_a_look_at_the_skat_passed_in",
    Rec(
        DEAL_A,
        "M bids up to 24 and F holds; then R turns a skat card over. R is out of the "
        "bidding, and M and F are no longer bound by their bids (3.3.9): both pass. "
        "Nobody bids, so the game is passed in (3.3.7).",
    )
    .bids("M18 Fh M20 Fh M24 Fh")
    .e("look_at_skat", "R")
    .e("objection", "F")
    .bids("Mp Fp"),
    outcome="passed_in",
    score=0,
    ended=ended("passed_in"),
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.9", "3.3.7"),
)

rec = Rec(
    DEAL_A,
    "M bids up to 24 and F holds; then R looks at the skat. R is out, and the two others "
    "start the bidding over (3.3.9): M bids 18, F holds, M passes. F is the declarer at "
    "18 and wins hearts played out.",
).bids("M18 Fh M20 Fh M24 Fh")
rec.e("look_at_skat", "R").e("objection", "M").bids("M18 Fh Mp")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_3_9_bidding_started_over_from_18_after_a_look_at_the_skat",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    bid=18,
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.9"),
)

case(
    F3,
    "isko_3_3_9_player_who_had_passed_stays_out_of_the_new_bidding",
    Rec(
        DEAL_A,
        "M passes, R bids 18 to F, F holds; then R looks at the skat. R is out, and M, who "
        "had passed before, may not take part in the new bidding (3.3.9): his bid of 18 is "
        "only noted. F, the one player left, is not bound by his hold and passes: passed "
        "in (3.3.7).",
    )
    .bids("Mp R18 Fh")
    .e("look_at_skat", "R")
    .bids("M18 Fp"),
    outcome="passed_in",
    score=0,
    ended=ended("passed_in"),
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.9", "3.3.7", "3.3.2"),
)

rec = Rec(
    DEAL_A,
    "M passes, R bids 18 to F and F holds; then R looks at the skat. R is out, M had "
    "passed: F is the one player left, and instead of passing he keeps to his 18 and "
    "takes up the skat (3.3.9); he wins hearts played out.",
).bids("Mp R18 Fh")
rec.e("look_at_skat", "R")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_3_9_the_one_player_left_keeps_to_his_bid",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    bid=18,
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.9"),
)

rec = Rec(
    DEAL_A,
    "Right after the deal, before anybody bids (no `dealt` mark), R turns a skat card "
    "over: 3.2.14 (during or after an orderly deal), not 3.3.9; R is out of the bidding and "
    "F plays hearts to the end.",
)
rec.e("look_at_skat", "R").e("objection", "F").bids("M18 Fh M20 Fh Mp Rp")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_2_14_skat_turned_over_after_the_deal_before_any_bid",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("skat_viewed", "penalized", "3.2.14", seat="R")],
    cited=cited("3.2.14"),
)

rec = Rec(
    DEAL_A,
    "The dealer marks the deal finished (`dealt`); before anybody bids R turns a skat card "
    "over: 3.2.14, not 3.3.9; R is out of the bidding and F plays hearts to the end.",
)
rec.e("dealt").e("look_at_skat", "R").e("objection", "F").bids("M18 Fh M20 Fh Mp Rp")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_2_14_skat_turned_over_after_the_dealt_mark_before_any_bid",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("skat_viewed", "penalized", "3.2.14", seat="R")],
    cited=cited("3.2.14"),
)

rec = Rec(
    DEAL_A,
    "F holds 33 and plays hearts without taking up the skat, but announces no hand (3.4.1: "
    "an announcement counts only as made). Hearts with 2 is worth 30 < 33: overbid, lost at "
    "the lowest hearts value covering 33, 40, doubled (5.4.1).",
).bids("M33 Fh Mp Rp")
rec.declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_4_1_hand_game_not_announced_as_hand_is_overbid",
    rec,
    outcome="lost",
    declarer="forehand",
    bid=33,
    game_value=40,
    score=-80,
    overbid=True,
    infractions=[],
    cited=cited("3.4.1", "5.4.1"),
)

# ---------------------------------------------- the declarer's choices (3.3.10, 3.3.11, 3.4.5)
case(
    F3,
    "isko_3_3_11_skat_seen_in_bidding_declarer_folds",
    Rec(
        DEAL_A,
        "R turns a skat card over during the bidding and nobody objects; after the bidding "
        "F, before taking up the skat, chooses to fold (3.3.11): the game is passed in.",
    )
    .bids("M18 Fh")
    .e("look_at_skat", "R")
    .bids("M20 Fh Mp Rp")
    .e("choice", "F", choice="fold"),
    outcome="passed_in",
    declarer="forehand",
    tournament_points={"forehand": 0, "middlehand": 0, "rearhand": 0},
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.11"),
)

rec = (
    Rec(
        DEAL_A,
        "R turns a skat card over during the bidding; after the bidding F chooses to play "
        "(3.3.11) and wins hearts played out.",
    )
    .bids("M18 Fh")
    .e("look_at_skat", "R")
    .bids("M20 Fh Mp Rp")
    .e("choice", "F", choice="play")
    .pickup("F", ["D9", "D7"])
    .declare("F", "hearts")
    .play(tricks(1, 10))
)
case(
    F3,
    "isko_3_3_11_skat_seen_in_bidding_declarer_plays",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("skat_viewed", "penalized", "3.3.9", seat="R")],
    cited=cited("3.3.11"),
)

rec = (
    Rec(
        DEAL_A,
        "Nobody saw the skat, yet F says he folds; the rules give him no such choice "
        "(3.3.11), it is ignored and the hearts game he then plays counts.",
    )
    .bids("M18 Fh M20 Fh Mp Rp")
    .e("choice", "F", choice="fold")
    .pickup("F", ["D9", "D7"])
    .declare("F", "hearts")
    .play(tricks(1, 10))
)
case(
    F3,
    "isko_3_3_11_fold_without_a_look_at_the_skat_is_ignored",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[],
    cited=cited("3.3.11"),
)

#: deal A misdealt: R's DQ went to M (M 11 cards, R 9); the declarer F holds ten
DEAL_A_MISDEALT = {
    "forehand": list(DEAL_A["forehand"]),
    "middlehand": DEAL_A["middlehand"] + ["DQ"],
    "rearhand": [c for c in DEAL_A["rearhand"] if c != "DQ"],
    "skat": list(DEAL_A["skat"]),
}

case(
    F3,
    "isko_3_3_10_defenders_misdealt_declarer_takes_the_game_as_won",
    Rec(
        DEAL_A_MISDEALT,
        "M holds 11 cards and R 9, found after the bidding (bid 20); F chooses not to "
        "play: he has won a game worth at least the bid with his matadors (3.3.10): the "
        "cheapest is diamonds with 2, game 3, 27.",
    )
    .bids("M18 Fh M20 Fh Mp Rp")
    .e("choice", "F", choice="win"),
    outcome="won",
    declarer="forehand",
    game_value=27,
    score=27,
    infractions=[inf("wrong_card_count", "void", "3.3.10")],
    cited=cited("3.3.10", "3.4.4"),
    readings=["isko-3.4.4-cheapest-game"],
)

rec = Rec(
    DEAL_A_MISDEALT,
    "M holds 11 cards and R 9, found after the bidding; F chooses to play his game: DQ "
    "goes back from M to R (3.3.10) and hearts is played out.",
).bids("M18 Fh M20 Fh Mp Rp")
rec.e("choice", "F", choice="play", cards=["DQ"], to="rearhand")
rec.hands["middlehand"].remove("DQ")
rec.hands["rearhand"].append("DQ")
rec.pickup("F", ["D9", "D7"]).declare("F", "hearts").play(tricks(1, 10))
case(
    F3,
    "isko_3_3_10_defenders_misdealt_declarer_plays_with_corrected_cards",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("wrong_card_count", "void", "3.3.10")],
    cited=cited("3.3.10"),
)

rec = Rec(
    DEAL_A,
    "F takes up the skat and announces diamonds hand, which is invalid after a pickup; "
    "at once he corrects it to hearts, a suit game like the first (3.4.5), and wins it.",
).bids("M18 Fh M20 Fh Mp Rp")
rec.pickup("F", ["D9", "D7"])
rec.e("declare", "F", game="diamonds", hand=True)
rec.declare("F", "hearts")
rec.events[-1]["correction"] = True
rec.play(tricks(1, 10))
case(
    F3,
    "isko_3_4_5_declarer_corrects_an_invalid_announcement",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[inf("invalid_declaration", "void", "3.4.5")],
    cited=cited("3.4.5"),
)

rec = Rec(
    DEAL_A,
    "F announces hearts hand after taking up the skat (invalid), then wants to correct "
    "it to grand: a correction must keep the kind of game (3.4.5), so it does not count "
    "and hearts, corrected by the referee, is played and won.",
).bids("M18 Fh M20 Fh Mp Rp")
rec.pickup("F", ["D9", "D7"])
rec.declare("F", "hearts", hand=True)
rec.e("declare", "F", game="grand", correction=True)
rec.play(tricks(1, 10))
case(
    F3,
    "isko_3_4_5_correction_to_another_kind_of_game_does_not_count",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    infractions=[
        inf("invalid_declaration", "void", "3.4.5"),
        inf("invalid_declaration", "void", "3.4.5"),
    ],
    cited=cited("3.4.5"),
)


# ------------------------------------------ the dealer at a table of four (3.3.9, 3.5.4, SkWO 8.5)
def table_of_four(rec: Rec) -> Rec:
    """The same record at a table of four, with Dora dealing and sitting out."""
    rec.table_size, rec.dealer = 4, "Dora"
    return rec


def dealer_inf(*clauses: str) -> dict[str, Any]:
    return {
        "kind": "dealer_infraction",
        "status": "void",
        "clauses": list(clauses),
        "seat": "dealer",
    }


WON_AT_FOUR = {"forehand": 80, "middlehand": 0, "rearhand": 0, "dealer": 0}
#: the rule set that counts the dealer in neither party (English 3.5.1): his acts in play
#: end nothing (docs/interpretations.md#isko-3.5.1-dealer-party, option ``neither``)
NEITHER_PARTY = {"readings": {"isko-3.5.1-dealer-party": "neither"}}

rec = table_of_four(
    Rec(
        DEAL_A,
        "Table of four: the dealer turns a skat card over during the bidding (3.3.9, SkWO "
        "8.5). The bidders may bid anew; the bidding goes on as recorded and F wins hearts "
        "played out. The dealer is no party: nobody loses for it, no points against him.",
    )
    .bids("M18 Fh")
    .e("look_at_skat", "dealer")
    .bids("M20 Fh Mp Rp")
    .pickup("F", ["D9", "D7"])
    .declare("F", "hearts")
    .play(tricks(1, 10))
)
case(
    F3,
    "isko_3_3_9_dealer_looks_at_the_skat_in_the_bidding_no_party_loses",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    tournament_points=WON_AT_FOUR,
    infractions=[dealer_inf("ISkO 3.3.9", "SkWO 8.5", "SkWO 5.1")],
    cited=cited("3.3.9", "SkWO 8.5", "SkWO 5.1"),
)

case(
    F3,
    "isko_3_3_9_dealer_looks_at_the_skat_the_bidders_pass_passed_in",
    table_of_four(
        Rec(
            DEAL_A,
            "Table of four: M bids 20 and F holds; then the dealer turns a skat card over. "
            "The bidders are no longer bound by their bids (3.3.9): M, F and R pass. Nobody "
            "bids: passed in (3.3.7), nobody scores, the dealer neither.",
        )
        .bids("M18 Fh M20 Fh")
        .e("look_at_skat", "dealer")
        .e("objection", "F")
        .bids("Mp Fp Rp")
    ),
    outcome="passed_in",
    score=0,
    ended=ended("passed_in"),
    tournament_points={"forehand": 0, "middlehand": 0, "rearhand": 0, "dealer": 0},
    infractions=[dealer_inf("ISkO 3.3.9", "SkWO 8.5")],
    cited=cited("3.3.9", "3.3.7"),
)

case(
    F3,
    "isko_3_3_11_dealer_saw_the_skat_declarer_folds",
    table_of_four(
        Rec(
            DEAL_A,
            "Table of four: the dealer looks at the skat during the bidding, which comes to "
            "light afterwards; F, before taking up the skat, folds (3.3.11): passed in, "
            "nobody scores, the dealer neither.",
        )
        .bids("M18 Fh")
        .e("look_at_skat", "dealer")
        .bids("M20 Fh Mp Rp")
        .e("choice", "F", choice="fold")
    ),
    outcome="passed_in",
    declarer="forehand",
    tournament_points={"forehand": 0, "middlehand": 0, "rearhand": 0, "dealer": 0},
    infractions=[dealer_inf("ISkO 3.3.9", "SkWO 8.5")],
    cited=cited("3.3.11"),
)

rec = table_of_four(
    a_game(
        description="Table of four: the dealer looks into F's cards (allowed, 3.5.4) and in "
        "trick 5 into M's too (SkWO 8.5); M objects. The dealer is no party: the game goes "
        "on, F wins it played out."
    )
)
rec.e("look_into_hand", "dealer", into="forehand").play(tricks(1, 4)).play("F:C7")
rec.e("look_into_hand", "dealer", into="middlehand").e("objection", "M")
rec.play("M:CT R:CQ").play(tricks(6, 10))
case(
    F3,
    "isko_3_5_4_dealer_looks_into_a_second_hand_no_party_loses",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    tournament_points=WON_AT_FOUR,
    infractions=[dealer_inf("ISkO 3.5.4", "SkWO 8.5")],
    cited=cited("3.5.4", "SkWO 8.5"),
)

rec = table_of_four(
    a_game(
        description="Table of four, under the rule set that counts the dealer in neither "
        "party (English 3.5.1; reading isko-3.5.1-dealer-party, option neither): in trick 5 "
        "the dealer says 'Clubs are out!' and R objects (4.2.9). No side loses for it; the "
        "game goes on and F wins it played out."
    )
)
rec.play(tricks(1, 4)).play("F:C7").e("remark", "dealer", text="Clubs are out!")
rec.e("objection", "R").play("M:CT R:CQ").play(tricks(6, 10))
rec.rules = NEITHER_PARTY
case(
    F42O,
    "isko_4_2_9_dealer_remark_ends_nothing",
    rec,
    **HEARTS_WON,
    **PLAYED_OUT_A,
    tournament_points=WON_AT_FOUR,
    infractions=[dealer_inf("ISkO 4.2.9")],
    cited=cited("4.2.9", "SkWO 5.1"),
)

rec = table_of_four(
    a_game(
        description="Table of four: in trick 5 the dealer says 'Clubs are out!' and R "
        "objects (4.2.9). The dealer is of the defenders' party (Spanish 3.5.1/3.5.2, "
        "English 4.1.11, SkWO 5.1): the remark ends the game against the defenders, and "
        "F, not yet decided (37 points), wins simple (4.1.4): 30."
    )
)
rec.play(tricks(1, 4)).play("F:C7").e("remark", "dealer", text="Clubs are out!")
rec.e("objection", "R")
case(
    F42O,
    "isko_4_2_9_dealer_remark_is_charged_to_the_defenders",
    rec,
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    tournament_points=WON_AT_FOUR,
    infractions=[
        {
            "kind": "dealer_infraction",
            "status": "penalized",
            "clauses": ["ISkO 4.2.9", "ISkO 3.5.2"],
            "seat": "dealer",
        }
    ],
    cited=cited("4.2.9", "3.5.2", "3.5.1"),
    readings=["isko-3.5.1-dealer-party"],
)

rec = table_of_four(
    a_game(
        description="Table of four: after trick 6 (F 37, defenders 34) the dealer peeks at "
        "the skat and F objects (4.5.4, 4.2.8). The dealer is of the defenders' party: the "
        "look ends the game against the defenders; F, not yet decided, wins simple: 30."
    )
)
rec.play(tricks(1, 6)).e("look_at_skat", "dealer").e("objection", "F")
case(
    F42O,
    "isko_4_2_8_dealer_looks_at_the_skat_in_play_charged_to_the_defenders",
    rec,
    **HEARTS_WON,
    card_points=cp(37, 34),
    tricks=cp(4, 2),
    ended=ended("infraction", 7),
    tournament_points=WON_AT_FOUR,
    infractions=[
        {
            "kind": "dealer_infraction",
            "status": "penalized",
            "clauses": ["ISkO 4.2.8", "ISkO 3.5.2"],
            "seat": "dealer",
        }
    ],
    cited=cited("4.2.8", "3.5.2", "3.5.1"),
    readings=["isko-3.5.1-dealer-party"],
)

rec = table_of_four(
    a_game(
        description="Table of four: M leads SA to trick 5 although F won trick 4, and the "
        "dealer objects at once. Every player, the dealer included, may object (4.1.11): "
        "the false lead ends the game and F wins simple (4.1.3, 4.1.4)."
    )
)
rec.play(tricks(1, 4)).play("M:SA", "M:SA").e("objection", "dealer")
case(
    F41,
    "isko_4_1_11_the_dealer_objects_to_a_false_lead",
    rec,
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    tournament_points=WON_AT_FOUR,
    infractions=[inf("false_lead", "penalized", "4.1.3", "4.1.4", seat="M")],
    cited=cited("4.1.11", "4.1.3"),
)

rec = table_of_four(
    a_game(
        description="Table of four, under the rule set that counts the dealer in neither "
        "party (English 3.5.1; reading isko-3.5.1-dealer-party, option neither): in trick 5 "
        "the dealer peeks at the skat (4.5.4, 4.2.8); then M leads out of turn and F objects "
        "at once: M's false lead, not the dealer's look, ends the game (4.1.3); F wins 30 "
        "and the dealer gets nothing."
    )
)
rec.play(tricks(1, 4)).e("look_at_skat", "dealer").play("M:SA", "M:SA").e("objection", "F")
rec.rules = NEITHER_PARTY
case(
    F42O,
    "isko_4_2_8_dealer_looks_at_the_skat_in_play_game_goes_on",
    rec,
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    tournament_points=WON_AT_FOUR,
    infractions=[
        dealer_inf("ISkO 4.5.4", "ISkO 4.2.8", "SkWO 8.5"),
        inf("false_lead", "penalized", "4.1.3", seat="M"),
    ],
    cited=cited("4.2.8", "SkWO 8.5"),
)

case(
    F42O,
    "isko_4_2_6_defender_puts_two_cards_into_a_trick_found_after_it",
    a_game(
        description="In trick 5 M plays CT with SA stuck to it; both go into the trick, "
        "which is gathered (play.extra). F objects after the trick: M's side is a card "
        "short after a correct deal, so F wins at the simple level (4.2.6)."
    )
    .play(tricks(1, 4))
    .play("F:C7")
    .e("play", "M", card="CT", extra=["SA"])
    .e("play", "R", card="CQ")
    .e("objection", "F"),
    **HEARTS_WON,
    card_points=cp(37, 0),
    tricks=cp(4, 0),
    ended=ended("infraction", 5),
    infractions=[inf("wrong_card_count", "penalized", "4.2.6", seat="M")],
    cited=cited("4.2.6"),
)

case(
    F42O,
    "isko_4_2_6_declarer_puts_no_card_to_a_trick_loses",
    a_game(
        description="In trick 6 M leads SA, R plays ST and the trick is taken without a card "
        "from F (no_card); M objects. The declarer holds a card too many after a correct "
        "deal: he loses at the simple level (4.2.6)."
    )
    .play(tricks(1, 5))
    .play("M:SA R:ST")
    .e("no_card", "F")
    .e("objection", "M"),
    **HEARTS_LOST,
    card_points=cp(37, 13),
    tricks=cp(4, 1),
    ended=ended("infraction", 6),
    infractions=[inf("wrong_card_count", "penalized", "4.2.6", seat="F")],
    cited=cited("4.2.6"),
)

# ============================================================================ 5 values
F5 = "isko_5_value"
#: deal G: middlehand grand hand with 2, schneider announced; the defenders get 32
DEAL_G = {
    "forehand": ["DA", "DK", "DQ", "D9", "HK", "HQ", "CQ", "C9", "SQ", "HJ"],
    "middlehand": ["CJ", "SJ", "CA", "CT", "CK", "SA", "ST", "SK", "HA", "HT"],
    "rearhand": ["DT", "D8", "DJ", "H9", "H8", "C8", "C7", "S9", "S8", "S7"],
    "skat": ["H7", "D7"],
}
rec = Rec(
    DEAL_G,
    "ISkO 5.2.5 example: M plays grand hand with 2, schneider announced; the "
    "defenders take 32: lost with 2, game, hand, schneider, announced = 6 x 24, -288.",
)
rec.bids("M18 Fp Rp").declare("M", "grand", hand=True, schneider=True)
rec.play(
    "F:DA M:HA R:DT F:DK M:CJ R:D8 M:SJ R:DJ F:HJ M:CA R:C7 F:C9 M:CT R:C8 F:CQ "
    "M:CK R:H8 F:D9 M:SA R:S7 F:SQ M:ST R:S8 F:HQ M:SK R:S9 F:DQ M:HT R:H9 F:HK"
)
assert rec.count() == (cp(88, 32), cp(9, 1))
case(
    F5,
    "isko_5_2_5_grand_hand_schneider_announced_lost_288",
    rec,
    outcome="lost",
    declarer="middlehand",
    game_value=144,
    score=-288,
    overbid=False,
    matadors={"with": True, "count": 2},
    card_points=cp(88, 32),
    tricks=cp(9, 1),
    ended=ended("played_out", 10),
    infractions=[],
    cited=cited("5.2.5"),
)

#: 5.4.1 first example: bid 50, the club jack in the skat, hearts with 1 -> -100
DEAL_O1 = {
    "forehand": ["HA", "HT", "HK", "HQ", "H9", "H8", "H7", "SA", "ST", "CA"],
    "middlehand": ["SJ", "HJ", "SK", "SQ", "S9", "S8", "S7", "CT", "CK", "CQ"],
    "rearhand": ["DJ", "C9", "C8", "C7", "DA", "DT", "DK", "DQ", "D9", "D8"],
    "skat": ["CJ", "D7"],
}
rec = Rec(
    DEAL_O1,
    "ISkO 5.4.1: bid 50 on spades without 4, the club jack is in the skat; "
    "F plays hearts with 1: overbid, entered as 50 lost, -100.",
)
rec.bids("M18 Fh M50 Fh Mp Rp").pickup("F", ["D7", "CA"]).declare("F", "hearts").autoplay()
case(
    F5,
    "isko_5_4_1_overbid_hearts_with_one_bid_50",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=50,
    score=-100,
    overbid=True,
    matadors={"with": True, "count": 1},
    ended=ended("played_out", 10),
    cited=cited("5.4.1"),
)

#: 5.4.1 second example: bid 59, the spade jack in the skat, clubs without 1 -> -120
DEAL_O2 = {
    "forehand": ["CA", "CT", "CK", "CQ", "C9", "C8", "C7", "HA", "HT", "SA"],
    "middlehand": ["CJ", "HJ", "HK", "HQ", "H9", "H8", "H7", "ST", "SK", "SQ"],
    "rearhand": ["DJ", "S9", "S8", "S7", "DA", "DT", "DK", "DQ", "D9", "D8"],
    "skat": ["SJ", "D7"],
}
rec = Rec(
    DEAL_O2,
    "ISkO 5.4.1: bid 59, the spade jack in the skat; clubs without 1 can "
    "never reach 59: overbid, entered as 60 lost, -120.",
)
rec.bids("M18 Fh M59 Fh Mp Rp").pickup("F", ["D7", "HT"]).declare("F", "clubs").autoplay()
case(
    F5,
    "isko_5_4_1_overbid_clubs_without_one_bid_59",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=60,
    score=-120,
    overbid=True,
    matadors={"with": False, "count": 1},
    ended=ended("played_out", 10),
    cited=cited("5.4.1"),
)

#: 5.4.2: hearts hand bid 36 on "without 3", the club jack in the skat -> -80
DEAL_O3 = {
    "forehand": ["DJ", "HA", "HT", "HK", "HQ", "H9", "H8", "S7", "C7", "D8"],
    "middlehand": ["SJ", "HJ", "SA", "ST", "SK", "CA", "CT", "CK", "DA", "DT"],
    "rearhand": ["H7", "SQ", "S9", "S8", "CQ", "C9", "C8", "DK", "DQ", "D9"],
    "skat": ["CJ", "D7"],
}
rec = Rec(
    DEAL_O3,
    "ISkO 5.4.2: hearts hand bid to 36, the club jack lies in the skat: with "
    "1, game, hand = 30 < 36; lost although F has more than 60: 40, -80.",
)
rec.bids("M18 Fh M36 Fh Mp Rp").declare("F", "hearts", hand=True)
rec.play(
    "F:HA M:SJ R:H7 M:SA R:S8 F:S7 M:CA R:C8 F:C7 M:DA R:D9 F:D8 M:ST R:S9 F:H8 "
    "F:DJ M:HJ R:SQ M:CT R:C9 F:HT F:HK M:DT R:DK F:HQ M:CK R:DQ F:H9 M:SK R:CQ"
)
pts_o3, tr_o3 = rec.count()
assert (pts_o3, tr_o3) == (cp(67, 53), cp(5, 5)), pts_o3
case(
    F5,
    "isko_5_4_2_hand_game_overbid_by_jack_in_skat",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=40,
    score=-80,
    overbid=True,
    matadors={"with": True, "count": 1},
    card_points=pts_o3,
    tricks=tr_o3,
    ended=ended("played_out", 10),
    cited=cited("5.4.2"),
)


def grand_schwarz_led_before_f(deal: dict[str, list[str]], description: str) -> Rec:
    """F plays grand hand with schneider and schwarz announced after a bid of 18; M leads
    SA before F, who leads trick 1, and F objects."""
    rec = Rec(deal, description)
    rec.bids("M18 Fh Mp Rp").declare("F", "grand", hand=True, schneider=True, schwarz=True)
    return rec.play("M:SA", "M:SA").e("objection", "F")


#: what follows from M's lead before F: the defenders' infraction ends the game at once
M_LED_BEFORE_F: dict[str, Any] = dict(
    declarer="forehand",
    overbid=False,
    ended=ended("infraction", 1),
    infractions=[inf("false_lead", "penalized", seat="M")],
)


#: deal S: forehand holds all four jacks and six top clubs
DEAL_S = {
    "forehand": ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "C8"],
    "middlehand": ["C7", "SA", "ST", "SK", "SQ", "HA", "HT", "HK", "DA", "DT"],
    "rearhand": ["S9", "S8", "S7", "HQ", "H9", "H8", "DK", "DQ", "D9", "D8"],
    "skat": ["H7", "D7"],
}
rec = grand_schwarz_led_before_f(
    DEAL_S,
    "Grand hand schwarz announced with 4; M leads before F: schwarz was still "
    "reachable and is credited (4.1.5): 4 + 6 = 10 x 24 = 240.",
)
case(
    F5,
    "isko_4_1_5_announced_schwarz_still_reachable_is_credited",
    rec,
    outcome="won",
    **M_LED_BEFORE_F,
    game_value=240,
    score=240,
    matadors={"with": True, "count": 4},
    cited=cited("4.1.5"),
    readings=["isko-4.1.5-announced"],
)

#: deal S3: forehand holds all four jacks, five top clubs and S7; middlehand six spades, all
#: higher than S7, and four hearts
DEAL_S3 = {
    "forehand": ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "S7"],
    "middlehand": ["SA", "ST", "SK", "SQ", "S9", "S8", "HA", "HT", "HK", "HQ"],
    "rearhand": ["C8", "C7", "H9", "H8", "H7", "DA", "DT", "DK", "DQ", "D9"],
    "skat": ["D8", "D7"],
}
rec = Rec(
    DEAL_S3,
    "Grand hand schwarz announced with 4 (bid 18). From the deal F can take every trick: "
    "M throws his six spades on F's four jacks and first two clubs, and S7 then wins. F "
    "leads his jacks and CA, M keeps five spades; M can now throw only four of them on F's "
    "clubs, so S7 must lose a trick: from here no play reaches schwarz, but the defenders "
    "have no trick yet. R leads before F in trick 6. 4.1.5 refuses the level only for what "
    "the defenders have already achieved, 5.4.3 (Spanish 5.4.2: impossible before the "
    "first trick) only for a level impossible from the deal: schwarz is credited, "
    "4 + 6 = 10 x 24 = 240.",
)
rec.bids("M18 Fh Mp Rp").declare("F", "grand", hand=True, schneider=True, schwarz=True)
rec.play("F:CJ M:HA R:D9 F:SJ M:HT R:DQ F:HJ M:HK R:DK F:DJ M:HQ R:DT F:CA M:S8 R:C7")
rec.play("R:H7", "R:H7").e("objection", "F")
case(
    F5,
    "isko_4_1_5_announced_schwarz_reachable_only_from_the_deal_is_credited",
    rec,
    outcome="won",
    declarer="forehand",
    overbid=False,
    ended=ended("infraction", 6),
    infractions=[inf("false_lead", "penalized", seat="R")],
    game_value=240,
    score=240,
    matadors={"with": True, "count": 4},
    card_points=cp(64, 0),
    tricks=cp(5, 0),
    cited=cited("4.1.5", "5.4.3"),
    readings=["isko-4.1.5-announced"],
)

DEAL_S2 = {
    "forehand": ["SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "C8", "C7"],
    "middlehand": ["CJ", "SA", "ST", "SK", "SQ", "HA", "HT", "HK", "DA", "DT"],
    "rearhand": ["S9", "S8", "S7", "HQ", "H9", "H8", "DK", "DQ", "D9", "D8"],
    "skat": ["H7", "D7"],
}
rec = grand_schwarz_led_before_f(
    DEAL_S2,
    "Grand hand schwarz announced without 1: M holds the club jack, so "
    "schwarz was impossible from the start; M's false lead does not win it (5.4.3): "
    "lost with 1 + 6 = 7 x 24 = 168, -336.",
)
case(
    F5,
    "isko_5_4_3_needed_schwarz_impossible_defender_holds_club_jack",
    rec,
    outcome="lost",
    **M_LED_BEFORE_F,
    game_value=168,
    score=-336,
    matadors={"with": False, "count": 1},
    cited=cited("5.4.3"),
    readings=["isko-5.4.3-any-game"],
)

rec = Rec(
    DEAL_G,
    "Grand hand with 2, schneider announced: the defenders take 32 in trick "
    "1, so the announcement is already lost; then R leads out of turn. The game stays "
    "lost at the announced level: -288.",
)
rec.bids("M18 Fp Rp").declare("M", "grand", hand=True, schneider=True)
rec.play("F:DA M:HA R:DT").play("R:D8", "R:D8").e("objection", "M")
case(
    F5,
    "isko_4_1_3_announced_schneider_already_out_of_reach_stays_lost",
    rec,
    outcome="lost",
    declarer="middlehand",
    game_value=144,
    score=-288,
    overbid=False,
    card_points=cp(0, 32),
    tricks=cp(0, 1),
    ended=ended("infraction", 2),
    infractions=[inf("false_lead", "penalized", seat="R")],
)

#: deal C: clubs ouvert with 2 (ISkO 5.2.6 example: 12 x 9 = 108)
DEAL_C = {
    "forehand": ["CJ", "SJ", "CA", "CT", "CK", "CQ", "C9", "C8", "C7", "SA"],
    "middlehand": ["HJ", "DJ", "HA", "HT", "HK", "HQ", "H9", "DA", "DT", "DK"],
    "rearhand": ["ST", "SK", "SQ", "S9", "S8", "S7", "H8", "H7", "DQ", "D9"],
    "skat": ["D8", "D7"],
}
rec = Rec(DEAL_C, "ISkO 5.2.6: clubs ouvert with 2, every trick taken: 2 + 7 = 9 x 12 = 108.")
rec.bids("M18 Fh Mp Rp").declare("F", "clubs", ouvert=True)
rec.play(
    "F:CJ M:HJ R:H7 F:SJ M:DJ R:H8 F:SA M:DK R:S7 F:CA M:DT R:S8 F:CT M:DA R:S9 "
    "F:CK M:H9 R:SQ F:CQ M:HQ R:SK F:C9 M:HK R:ST F:C8 M:HT R:D9 F:C7 M:HA R:DQ"
)
assert rec.count() == (cp(120, 0), cp(10, 0))
case(
    F5,
    "isko_5_2_6_clubs_ouvert_with_two_is_108",
    rec,
    outcome="won",
    declarer="forehand",
    game_value=108,
    score=108,
    overbid=False,
    matadors={"with": True, "count": 2},
    card_points=cp(120, 0),
    tricks=cp(10, 0),
    ended=ended("played_out", 10),
    infractions=[],
    cited=cited("5.2.6"),
)

rec = Rec(
    DEAL_C,
    "Clubs ouvert with 2; the declarer makes a remark in trick 2: lost with all "
    "the contract's own levels (hand, announcements, ouvert): 108, -216.",
)
rec.bids("M18 Fh Mp Rp").declare("F", "clubs", ouvert=True)
rec.play("F:CJ M:HJ R:H7 F:SJ").e("remark", "F", text="You cannot stop me now.")
rec.e("objection", "M")
case(
    F5,
    "isko_4_1_4_ouvert_declarer_guilty_loses_with_own_levels",
    rec,
    outcome="lost",
    declarer="forehand",
    game_value=108,
    score=-216,
    overbid=False,
    card_points=cp(4, 0),
    tricks=cp(1, 0),
    ended=ended("infraction", 2),
    infractions=[inf("improper_remark", "penalized", seat="F")],
)


#: the grand hand of examples/grand-hand.json (middlehand, with 3)
DEAL_GH = {
    "forehand": ["DJ", "C9", "C8", "SK", "SQ", "S9", "HT", "HK", "DA", "DT"],
    "middlehand": ["CJ", "SJ", "HJ", "CA", "CT", "CK", "SA", "ST", "HA", "H7"],
    "rearhand": ["CQ", "C7", "S8", "S7", "HQ", "H9", "H8", "DK", "DQ", "D9"],
    "skat": ["D8", "D7"],
}
rec = Rec(
    DEAL_GH,
    "Grand hand with 3; R leads out of turn to trick 3: the declarer wins at "
    "the simple level, which keeps hand: 3 + 2 = 5 x 24 = 120.",
)
rec.bids("M18 Fh M20 Fp Rp").declare("M", "grand", hand=True)
rec.play("F:DA M:HJ R:D9 M:CJ R:C7 F:DJ").play("R:S8", "R:S8").e("objection", "M")
case(
    F5,
    "isko_4_1_4_hand_game_defenders_guilty_keeps_hand_level",
    rec,
    outcome="won",
    declarer="middlehand",
    game_value=120,
    score=120,
    overbid=False,
    matadors={"with": True, "count": 3},
    card_points=cp(17, 0),
    tricks=cp(2, 0),
    ended=ended("infraction", 3),
    infractions=[inf("false_lead", "penalized", seat="R")],
)

rec = Rec(
    DEAL_GH,
    "Grand hand with 3; the declarer makes a remark in trick 3: lost at the "
    "simple level with hand, 120, -240.",
)
rec.bids("M18 Fh M20 Fp Rp").declare("M", "grand", hand=True)
rec.play("F:DA M:HJ R:D9 M:CJ R:C7 F:DJ M:SJ").e("remark", "M", text="Only aces left now.")
rec.e("objection", "F")
case(
    F5,
    "isko_4_1_4_hand_game_declarer_guilty_loses_with_hand",
    rec,
    outcome="lost",
    declarer="middlehand",
    game_value=120,
    score=-240,
    overbid=False,
    card_points=cp(17, 0),
    tricks=cp(2, 0),
    ended=ended("infraction", 3),
    infractions=[inf("improper_remark", "penalized", seat="M")],
)

# ================================================================================ null
FN = "isko_null"
#: deal N: rearhand's null (the deal of examples/null-ouvert.json)
DEAL_N = {
    "forehand": ["CA", "CT", "CK", "SA", "ST", "SK", "HT", "HK", "DT", "DK"],
    "middlehand": ["CQ", "CJ", "SQ", "SJ", "HQ", "HJ", "DQ", "DJ", "D9", "D8"],
    "rearhand": ["C7", "C8", "C9", "S7", "S8", "S9", "H7", "H8", "HA", "D7"],
    "skat": ["H9", "DA"],
}


def n_game(discard: list[str], description: str, ouvert: bool = False) -> Rec:
    r = Rec(DEAL_N, description).bids("M18 Fp R20 Mh R22 Mp").pickup("R", discard)
    return r.declare("R", "null", ouvert=ouvert)


NULL_WON = {"outcome": "won", "declarer": "rearhand", "game_value": 23, "score": 23}
NULL_LOST = {"outcome": "lost", "declarer": "rearhand", "game_value": 23, "score": -46}

case(
    FN,
    "isko_4_1_4_null_defenders_guilty_declarer_wins",
    n_game(["HA", "DA"], "Null: M plays SQ on F's club ace holding clubs; R objects.")
    .play("F:CA M:SQ", "M:SQ")
    .e("objection", "R"),
    **NULL_WON,
    ended=ended("infraction", 1),
    infractions=[inf("revoke", "penalized", "4.2.3", seat="M")],
)

case(
    FN,
    "isko_4_1_4_null_declarer_guilty_loses",
    n_game(["H9", "DA"], "Null: the declarer throws C7 on a heart lead holding hearts.")
    .play("F:HT M:HQ R:C7", "R:C7")
    .e("objection", "F"),
    **NULL_LOST,
    ended=ended("infraction", 1),
    infractions=[inf("revoke", "penalized", "4.2.3", seat="R")],
)

case(
    FN,
    "isko_4_1_3_null_declarer_already_took_a_trick",
    n_game(
        ["H9", "D7"],
        "Null: R had to take trick 1 with DA; then F leads out of turn. "
        "The game was already lost for the declarer.",
    )
    .play("F:DK M:D8 R:DA")
    .play("F:CA", "F:CA")
    .e("objection", "R"),
    **NULL_LOST,
    ended=ended("infraction", 2),
    infractions=[inf("false_lead", "penalized", seat="F")],
)

case(
    FN,
    "isko_4_3_4_null_lay_down_holds",
    n_game(
        ["HA", "DA"],
        "Null: after trick 1 R shows his cards (all sevens, eights and "
        "nines): he can be made to take no trick.",
    )
    .play("F:CA M:CQ R:C9")
    .e("lay_down", "R"),
    **NULL_WON,
    ended=ended("claim"),
    infractions=[],
    cited=cited("4.3.4"),
)

case(
    FN,
    "isko_4_3_4_null_lay_down_fails",
    n_game(
        ["H9", "D7"],
        "Null: R lays down at once keeping a bare DA; a diamond lead forces him to take a trick.",
    ).e("lay_down", "R"),
    **NULL_LOST,
    # the game ends at the claim before a card was played: nothing to count (4.1.3)
    card_points=None,
    tricks=None,
    ended=ended("claim"),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="R")],
    cited=cited("4.3.4"),
)

case(
    FN,
    "isko_4_3_4_null_failed_claim_counts_as_played_up_to_the_claim",
    n_game(
        ["H9", "D7"],
        "Null: F takes trick 1 (14 card points), then R lays down keeping a bare DA; a "
        "diamond lead forces a trick on him. The game ends at the claim against him "
        "(4.3.4 with 4.1.3): no trick is charged and no card awarded, the count is as played.",
    )
    .play("F:CA M:CQ R:C9")
    .e("lay_down", "R"),
    **NULL_LOST,
    card_points=cp(0, 14),
    tricks=cp(0, 1),
    ended=ended("claim", 2),
    infractions=[inf("failed_claim", "penalized", "4.3.4", seat="R")],
    cited=cited("4.3.4", "4.1.3"),
)

case(
    FN,
    "isko_4_3_1_null_conceded_with_ten_cards_loses_its_fixed_value",
    n_game(
        ["HA", "DA"],
        "Null: R gives the game up before the first card. With ten cards he may (4.3.1); "
        "a null game has no matadors or levels, so it is lost at its value 23, doubled.",
    ).e("concede", "R"),
    **NULL_LOST,
    ended=ended("declarer_conceded"),
    infractions=[],
    cited=cited("4.3.1", "5.1.2"),
)

rec = Rec(DEAL_N, "examples/null-ouvert.json: null ouvert after pickup, no trick: 46.")
rec.bids("M18 Fp R20 Mh R22 Mp").pickup("R", ["HA", "DA"]).declare("R", "null", ouvert=True)
rec.play(
    "F:CA M:CQ R:C9 F:CK M:CJ R:C8 F:CT M:D8 R:C7 F:SA M:SQ R:S9 F:SK M:SJ R:S8 "
    "F:ST M:D9 R:S7 F:HK M:HQ R:H8 F:HT M:HJ R:H7 M:DQ R:D7 F:DK F:DT M:DJ R:H9"
)
case(
    FN,
    "isko_5_2_7_null_ouvert_without_a_trick_wins",
    rec,
    outcome="won",
    declarer="rearhand",
    game_value=46,
    score=46,
    tricks=cp(0, 10),
    ended=ended("played_out", 10),
    infractions=[],
    cited=cited("5.2.7"),
)


# ================================================================================ write
def write(first: int = 0) -> None:
    """(Re)write the generated cases from ``CASES[first:]`` (a builder that adds cases to
    those of this file writes only its own); cases written by hand in the same folders are
    kept (a case is evidence: only the ones a builder generates are replaced)."""
    names = set()
    for family, name, doc, expected in CASES[first:]:
        assert name not in names, name
        names.add(name)
        folder = HERE / family
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n")
        (folder / f"{name}.expected.json").write_text(
            json.dumps(expected, indent=1, sort_keys=True) + "\n"
        )
    print(f"{len(CASES) - first} cases written")


if __name__ == "__main__":
    write()
