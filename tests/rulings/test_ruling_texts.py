"""Texts a referee found confusing, each checked in the words a ruling uses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.rules.messages import default_messages
from referee.rulings.summary import render_ruling_text, summary_line
from referee.service.engine import adjudicate

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"


def _rule(path: str, lang: str = "en") -> dict[str, Any]:
    doc = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return adjudicate(doc, lang=lang)


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_isko_4_1_1_a_game_lost_before_declaring_names_the_bid_not_none(lang: str) -> None:
    ruling = _rule(
        "tests/cases/isko_4_1_lead/"
        "isko_4_1_1_declarer_leads_before_declaring_loses_the_cheapest_game_covering_the_bid.json",
        lang,
    )
    line = summary_line(ruling)
    assert "None" not in line and "20" in line and "-54" in line


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_isko_5_1_2_a_null_heading_says_ouvert(lang: str) -> None:
    line = summary_line(_rule("examples/null-ouvert.json", lang))
    assert "ouvert" in line.lower() and "46" in line


def test_isko_5_4_1_an_overbid_game_states_the_value_before_the_overbid_raises_it() -> None:
    ruling = _rule("tests/cases/isko_5_value/isko_5_4_1_overbid_hearts_with_one_bid_50.json")
    texts = [s["text"] for s in ruling["reasoning"]]
    levels = next(t for t in texts if "multiplier of 3" in t)
    assert levels.endswith("value 30."), levels  # 10 x 3, not the raised 50
    assert any("valued at 50" in t for t in texts)


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 trick.", "2 tricks."),
        ("de", "1 Stich.", "2 Stiche."),
        ("es", "1 basa.", "2 basas."),
    ],
)
def test_counts_of_tricks_are_singular_and_plural(lang: str, one: str, two: str) -> None:
    m = default_messages()
    assert m.render("ending.played_out", {"points": 20, "tricks": 1}, lang).endswith(one)
    assert m.render("ending.played_out", {"points": 40, "tricks": 2}, lang).endswith(two)


def test_no_template_writes_a_count_of_tricks_without_its_plural_form() -> None:
    text = (ROOT / "rules_kb" / "messages" / "messages.yaml").read_text(encoding="utf-8")
    assert "{tricks} " not in text


def _corpus() -> list[dict[str, Any]]:
    paths = sorted((ROOT / "examples").glob("*.json")) + sorted(CASES.glob("*/*.json"))
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    return [adjudicate(d) for d in docs if d.get("format") == "skat-log/1"]


def test_no_void_or_expired_infraction_says_it_ends_the_game() -> None:
    said = [
        (i["kind"], i["status"], i["explanation"])
        for r in _corpus()
        for i in r["infractions"]
        if i["status"] != "penalized" and "ends the game" in i["explanation"]
    ]
    assert said == []


def test_isko_3_2_9_a_redeal_penalizes_nobody() -> None:
    redeals = [r for r in _corpus() if r["outcome"] == "redeal"]
    assert redeals
    assert [i for r in redeals for i in r["infractions"] if i["status"] == "penalized"] == []


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_isko_5_2_7_a_null_game_played_out_is_decided_by_tricks_not_card_points(lang: str) -> None:
    ruling = _rule("examples/null-ouvert.json", lang)
    cited = {c for step in ruling["reasoning"] for c in step["clauses"]}
    assert "ISkO 5.2.7" in cited
    assert not cited & {"ISkO 5.2.2", "ISkO 5.2.3", "ISkO 5.2.4"}


def test_isko_3_4_6_one_wrong_discard_is_one_fault_not_two() -> None:
    ruling = _rule(
        "tests/cases/isko_4_2_other/isko_3_4_6_declarer_discarding_three_cards_loses.json"
    )
    penalized = [i for i in ruling["infractions"] if i["status"] == "penalized"]
    assert len(penalized) == 1 and penalized[0]["event"] == 7
    follow = [i for i in ruling["infractions"] if i["event"] == 8]
    assert follow and follow[0]["status"] == "void"
    assert "event 7" in follow[0]["explanation"] and "after" not in follow[0]["explanation"]


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_isko_3_4_6_a_game_ended_at_the_discard_shows_no_card_points(lang: str) -> None:
    """A game that ended before its first card has no count: not 0 : 0 "after ten tricks"."""
    ruling = _rule(
        "tests/cases/isko_4_2_other/isko_3_4_6_declarer_discarding_three_cards_loses.json", lang
    )
    assert ruling["outcome"] == "lost" and ruling["ended"]["trick"] is None
    assert ruling["card_points"] is None and ruling["tricks"] is None
    page = render_ruling_text(ruling)
    assert " 0 / 0 " not in page and "0 : 0" not in page


@pytest.mark.parametrize(
    "path",
    [
        "tests/cases/isko_4_1_lead/"
        "isko_4_1_1_declarer_leads_before_declaring_loses_the_cheapest_game_covering_the_bid.json",
        "tests/cases/isko_3_declaration/"
        "isko_3_4_4_null_below_the_bid_objected_at_once_loses_the_cheapest_suit_game.json",
        "tests/cases/isko_3_declaration/isko_3_4_8_declarer_views_skat_after_declaration.json",
    ],
)
def test_isko_4_1_3_no_game_ended_before_play_presents_a_count(path: str) -> None:
    ruling = _rule(path)
    assert ruling["outcome"] in ("won", "lost")
    assert ruling["card_points"] is None and ruling["tricks"] is None


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_isko_4_3_4_a_failed_claim_that_changed_nothing_is_not_penalized(lang: str) -> None:
    ruling = _rule(
        "tests/cases/isko_4_3_shortened/"
        "isko_4_3_4_failed_claim_after_the_game_was_won_has_no_effect.json",
        lang,
    )
    assert ruling["outcome"] == "won" and ruling["score"] == 30
    (claim,) = ruling["infractions"]
    assert claim["kind"] == "failed_claim" and claim["status"] == "void"
    assert claim["clauses"] == ["ISkO 4.3.4", "ISkO 4.1.3"]  # not 4.4.5
    words = {"en": "no effect", "de": "ändert am Ergebnis", "es": "no cambia el resultado"}
    assert words[lang] in claim["explanation"]


def test_isko_4_3_4_a_failed_claim_that_decides_the_game_stays_penalized() -> None:
    ruling = _rule(
        "tests/cases/isko_4_3_shortened/isko_4_3_4_failed_claim_loses_simple_without_schneider.json"
    )
    (claim,) = ruling["infractions"]
    assert claim["status"] == "penalized" and "ISkO 4.1.3" not in claim["clauses"]


@pytest.mark.parametrize(
    "lang,words", [("de", "[geahndet] Nichtbedienen"), ("es", "[sancionada] ")]
)
def test_the_text_page_names_status_and_kind_in_its_language(lang: str, words: str) -> None:
    """``referee adjudicate --format text``: the infraction's status and kind in the
    ruling's language, never the record's English words ("[penalized] revoke")."""
    page = render_ruling_text(_rule("examples/revoke-objected.json", lang))
    assert words in page
    assert "[penalized]" not in page and "] revoke " not in page
