"""A count of tricks or a line said where 4.3.4 gives it no meaning (a defender's claim,
4.3.5; a null game): the record keeps it, the ruling says it changes nothing, and the
ruling is otherwise that of the claim laid down without it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
