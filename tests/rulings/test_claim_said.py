"""A count of tricks or a line said where 4.3.4 gives it no meaning (a defender's claim,
4.3.5; a null game): the record keeps it, the ruling says it changes nothing, and the
ruling is otherwise that of the claim laid down without it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.vocabulary import Language
from referee.record.log import parse_record
from referee.rulings import render, rule

CASES = Path(__file__).resolve().parents[1] / "cases"
#: a null declarer (rearhand) lays down C8 C7 S9 S8 S7 H9 H8 H7 D7, claiming no trick
NULL_CASE = "isko_null/isko_4_3_4_null_lay_down_holds"
LINE = ["D7", "H7", "S7"]


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("isko_4_3_shortened/isko_4_3_5_defender_claim_holds", {"tricks": 2}),
        ("isko_4_3_shortened/isko_4_3_5_defender_claim_fails_declarer_wins_simple", {"tricks": 1}),
        (NULL_CASE, {"tricks": 1, "line": LINE}),
    ],
)
def test_isko_4_3_4_a_count_said_with_a_defenders_claim_changes_nothing(
    case: str, said: dict[str, Any]
) -> None:
    doc = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    plain = render(rule(parse_record(doc)))
    for e in doc["events"]:
        if e["type"] == "lay_down":
            e.update(said)
    with_count = render(rule(parse_record(doc)))
    assert with_count["reasoning"][0]["text"].startswith("The cards were laid down with a count")
    assert with_count["reasoning"][1:] == plain["reasoning"]
    rest = ("reasoning", "citations")
    assert {k: v for k, v in with_count.items() if k not in rest} == {
        k: v for k, v in plain.items() if k not in rest
    }


def test_a_claim_after_the_game_was_won_says_so_in_plain_words() -> None:
    """4.3.4 with 4.1.3: F cashes his trumps (79 : 0 after trick 7) and claims one of the
    three tricks left. The game is won, but schneider and schwarz are still open, so the
    result waits for the play; the step says the game was already won for the declarer
    (it read 'entschieden (zugunsten: Alleinspieler)')."""
    from tests.cases.build import a_game, tricks

    rec = (
        a_game(description="F cashes his trumps, then claims one of three")
        .play(tricks(1, 4))
        .play("F:HT M:DK R:DQ F:HK M:S9 R:S7 F:H9 M:DA R:DT")
        .e("lay_down", "F", tricks=1)
    )
    ruling = render(rule(parse_record(rec.doc())), "de")
    assert ruling["outcome"] == "undetermined"
    texts = [s["text"] for s in ruling["reasoning"]]
    assert "Das Spiel war vor dem Anspruch schon für den Alleinspieler gewonnen" in " ".join(texts)
    assert not any("zugunsten:" in t for t in texts)


def test_isko_4_3_4_a_partial_claim_broken_in_play_is_judged_where_the_reading_says() -> None:
    """F claims five of the six tricks left after trick 4 (37 : 0), giving up one; play
    goes on, he takes tricks 5 to 8 (86 : 0), gives up the club in trick 9 and loses the
    spade in trick 10, one trick more than he gave up. By default (isko-4.3.4-played-on:
    from_the_claim) the game is judged at the claim, where it was not yet won: lost, -60,
    the rest the defenders' (37 : 83). Under from_the_lost_trick it is judged before trick
    10, where F had 86 and hearts with 2 covers the bid: won, 30, the failed claim void."""
    from referee.core.ruleset import RuleSet

    name = "isko_4_3_4_claim_failing_in_play_after_more_tricks_is_judged_at_the_claim"
    doc = json.loads((CASES / "isko_4_3_shortened" / f"{name}.json").read_text(encoding="utf-8"))
    doc.pop("rules", None)
    for e in doc["events"]:
        if e["type"] == "lay_down":
            e["tricks"] = 5
    record = parse_record(doc)
    by_default = render(rule(record))
    assert (by_default["outcome"], by_default["score"]) == ("lost", -60)
    assert by_default["card_points"] == {"declarer": 37, "defenders": 83}
    assert any(s.get("reading") == "isko-4.3.4-played-on" for s in by_default["reasoning"])
    rules = RuleSet().with_option("isko-4.3.4-played-on", "from_the_lost_trick")
    at_the_trick = render(rule(record, rules))
    assert (at_the_trick["outcome"], at_the_trick["score"]) == ("won", 30)
    assert at_the_trick["card_points"] == {"declarer": 86, "defenders": 34}
    assert [(i["kind"], i["status"]) for i in at_the_trick["infractions"]] == [
        ("failed_claim", "void")
    ]
    assert any(
        s.get("reading") == "isko-4.3.4-played-on" and s.get("option") == "from_the_lost_trick"
        for s in at_the_trick["reasoning"]
    )


def test_isko_4_3_3_a_partial_claim_a_defender_concedes_to_is_not_called_a_claim_of_all() -> None:
    """F lays down claiming four of the six tricks left, giving up the club and the spade;
    middlehand then gives the game up. The concession gives him the rest (4.3.3, entry 22),
    but his claim was four tricks, not every trick left: the ruling must not say that laying
    the cards down claimed every remaining trick, and it names the count he said."""
    name = "isko_4_3_4_partial_claim_of_four_of_six_holds_record_stops_1998"
    doc = json.loads((CASES / "isko_4_3_shortened" / f"{name}.json").read_text(encoding="utf-8"))
    doc["events"].append({"type": "concede", "seat": "middlehand"})
    ruled = rule(parse_record(doc))
    for lang, all_tricks, said in (
        ("en", "claims every remaining trick", "4 tricks of the 6"),
        ("de", "beansprucht alle restlichen Stiche", "4 Stiche der 6"),
        ("es", "reclama todas las basas restantes", "4 basas de las 6"),
    ):
        ruling = render(ruled, Language(lang))
        accepted = next(s for s in ruling["reasoning"] if "ISkO 4.3.3" in s["clauses"])
        assert all_tricks not in accepted["text"], accepted["text"]
        assert said in accepted["text"], accepted["text"]
    assert ruling["outcome"] == "won"


def test_isko_4_3_3_a_null_claim_a_defender_concedes_to_gives_the_rest_to_the_defenders() -> None:
    """A null declarer lays down claiming no trick and middlehand gives the game up: the
    claim is accepted, the remaining tricks are the defenders' (he took none) and the null
    game is won. The ruling must say so, not that the remaining tricks go to him."""
    doc = json.loads((CASES / f"{NULL_CASE}.json").read_text(encoding="utf-8"))
    doc["events"].append({"type": "concede", "seat": "middlehand"})
    ruled = rule(parse_record(doc))
    for lang, wrong, right in (
        ("en", "go to the declarer", "go to the defenders"),
        ("de", "an den Alleinspieler", "an die Gegenspieler"),
        ("es", "son para el rematador", "son para los contrarios"),
    ):
        ruling = render(ruled, Language(lang))
        accepted = next(s for s in ruling["reasoning"] if "ISkO 4.3.3" in s["clauses"])
        assert wrong not in accepted["text"] and right in accepted["text"], accepted["text"]
    assert (ruling["outcome"], ruling["tricks"]["declarer"]) == ("won", 0)
