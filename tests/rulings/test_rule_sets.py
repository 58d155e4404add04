"""The rules as a parameter: a ruling is made under a rule set (an edition and one option
per reading), names it, and every option of every reading changes some ruling.

Each row of ``FLIPS`` takes a case ruled under the default rule set, flips one reading to
another option and states, from the rule text that option reads, what the ruling becomes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from referee.core.errors import InvalidInput, RecordError, category_of
from referee.core.ruleset import (
    FIXED_READINGS,
    READINGS,
    RuleSet,
    rules_schema,
)
from referee.record.log import parse_record
from referee.rules import readings_docs
from referee.rulings import render, rule

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
DOCS = (ROOT / "docs" / "interpretations.md").read_text(encoding="utf-8")

#: (reading, option, case, what the ruling becomes under that option)
FLIPS: list[tuple[str, str, str, dict[str, Any]]] = [
    # no objection in the record and its end not taken as one: the look at the skat in
    # the bidding goes unpunished (4.1.11)
    (
        "objection-at-record-end",
        "none",
        "isko_3_declaration/isko_3_3_11_skat_seen_in_bidding_declarer_folds",
        {"infractions": [("skat_viewed", "expired")]},
    ),
    # English 4.1.9: the single card ends the game against the defenders, the declarer
    # wins simple and is given the outstanding tricks' points (no level from them)
    (
        "isko-4.1.9-single-card",
        "ends_game",
        "isko_4_1_lead/isko_4_1_9_single_card_exposed_by_defender_is_not_punished",
        {
            "outcome": "won",
            "score": 30,
            "card_points": {"declarer": 120, "defenders": 0},
            "infractions": [("cards_exposed", "penalized")],
        },
    ),
    # Spanish 4.1.9: no award, the count stands as it was when the game ended
    (
        "isko-4.1.9-outstanding-tricks",
        "no_award",
        "isko_4_1_lead/isko_4_1_9_two_cards_exposed_by_defender_end_game",
        {"outcome": "won", "card_points_less_than_default": True},
    ),
    # the last trick as played: the declarer's 21 points stay with the defenders, no
    # schneider (30, not 40)
    (
        "isko-4.1.10-entitled-lead",
        "as_played",
        "isko_4_1_lead/isko_4_1_10_false_lead_to_the_last_trick_is_scored_as_if_led_by_right",
        {"outcome": "won", "score": 30, "card_points": {"declarer": 86, "defenders": 34}},
    ),
    # every early card is timed like a false lead: objected to (the record's end), it
    # ends the game against the defenders, who led it: the declarer wins simple
    (
        "isko-4.2.7-influence",
        "always_timed",
        "isko_4_2_other/isko_4_2_7_harmless_early_card_is_not_punished",
        {"outcome": "won", "score": 30, "infractions": [("play_before_turn", "penalized")]},
    ),
    # 3.4.8 for the whole game: the declarer who had already won loses simple (2 x 30)
    (
        "isko-4.2.8-declarer-in-play",
        "isko_3_4_8",
        "isko_4_2_other/isko_4_2_8_declarer_who_had_already_won_looks_at_the_skat_stays_won",
        {"outcome": "lost", "score": -60},
    ),
    # English 4.3.5 in null: M's open cards claim that R cannot avoid a trick; R's lone DA
    # falls to a diamond lead, so the claim holds and the null game is lost (2 x 23)
    (
        "isko-4.3.5-null",
        "claim",
        "isko_null/isko_4_3_5_defender_lays_down_in_null_declarer_who_could_be_forced_a_trick_wins",
        {"outcome": "lost", "score": -46, "infractions": []},
    ),
    # counted like cards thrown in: the rest goes to the defenders (8 : 112, schneider)
    (
        "isko-4.3.2-record-stops",
        "thrown_in",
        "isko_4_3_shortened/isko_4_3_2_concession_without_consent_record_stops_is_undetermined",
        {
            "outcome": "lost",
            "score": -80,
            "card_points": {"declarer": 8, "defenders": 112},
            "ended": "thrown_in",
        },
    ),
    # English 4.3.5: the declarer cannot take another trick, so the claim holds and the
    # rest goes to the defenders
    (
        "isko-4.3.5-claimer-alone",
        "declarer_no_trick",
        "isko_4_3_shortened/isko_4_3_5_defender_claim_fails_declarer_wins_simple",
        {"outcome": "lost", "infractions": []},
    ),
    # 4.3.3: a defender giving up ends the game, decided at the simple level from the
    # count when he threw in (not counted with the rest to the declarer)
    (
        "isko-4.3.6-defender-throw-in",
        "as_concession",
        "isko_4_3_shortened/isko_4_3_6_defender_throws_in_with_13_the_declarer_wins_schneider",
        {"outcome": "won", "score": 30},
    ),
    # 4.1.5 only for a level the bid needs: grand hand with 4 covers 18 without the
    # announced schwarz, so 4.1.4 gives the simple level: 6 x 24 = 144, not 240
    (
        "isko-4.1.5-announced",
        "needed_only",
        "isko_5_value/isko_4_1_5_announced_schwarz_still_reachable_is_credited",
        {"outcome": "won", "score": 144, "game_value": 144},
    ),
    # English 5.2.5: announced values only, no schwarz on top: 12 x 9 = 108, not 117
    (
        "isko-5.2.5-schwarz-suffered",
        "announced_only",
        "isko_5_value/isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well",
        {"outcome": "lost", "game_value": 108},
    ),
    # Spanish 5.4.2: only overbid games; the announced schwarz is credited (4.1.5 alone)
    (
        "isko-5.4.3-any-game",
        "overbid_only",
        "isko_5_value/isko_5_4_3_needed_schwarz_impossible_defender_holds_club_jack",
        {"outcome": "won", "score": 168},
    ),
    # the overbid null game: the next null value reaching 35 is null hand, 35
    (
        "isko-3.4.4-cheapest-game",
        "next_null_value",
        "isko_3_declaration/isko_3_4_4_null_at_35_no_game_worth_exactly_the_bid_loses_the_cheapest_cover",
        {"outcome": "lost", "score": -70, "game_value": 35},
    ),
    # English 3.5.1: the dealer is of neither party, his remark ends nothing; the record
    # stops in trick 5 with the game not yet decided
    (
        "isko-3.5.1-dealer-party",
        "neither",
        "isko_4_2_other/isko_4_2_9_dealer_remark_is_charged_to_the_defenders",
        {"outcome": "undetermined", "infractions": [("dealer_infraction", "void")]},
    ),
    # the line the declarer stated is evidence only: played his best way (HA first) he is
    # sure of the six tricks he claimed, so the claim holds; the two he gave up are not
    # played in the record, so the game is undetermined
    (
        "isko-4.3.4-explanation",
        "best_play",
        "isko_4_3_shortened/isko_4_3_4_partial_claim_line_leading_the_low_trump_fails",
        {"outcome": "undetermined", "infractions": []},
    ),
    # 4.3.4 knows only the claim of every remaining trick: the count of four is noted, M's
    # club in trick 5 breaks the claim, the rest from the claim on goes to the defenders
    (
        "isko-4.3.4-partial-claim",
        "all_remaining",
        "isko_4_3_shortened/isko_4_3_4_partial_claim_of_four_of_six_played_on_1998",
        {
            "outcome": "lost",
            "score": -60,
            "card_points": {"declarer": 37, "defenders": 83},
            "infractions": [("failed_claim", "penalized")],
        },
    ),
    # 4.5.5 read as naming no consequence: the defender's look into the declarer's cards
    # after trick 4 is only noted; the record stops there, so the game is undetermined
    (
        "isko-4.5.5-hand-look",
        "not_punished",
        "isko_4_2_other/isko_4_5_5_defender_looks_into_the_declarers_cards_in_play_declarer_wins",
        {"outcome": "undetermined", "infractions": [("hand_viewed", "void")]},
    ),
    # 2.2.5 names no sanction even for a refusal: noted, and the record stops after trick 1
    # with the ouvert game (every trick needed) not yet decided
    (
        "isko-2.2.5-not-laid-out",
        "not_punished",
        "isko_5_value/isko_2_2_5_open_game_still_not_laid_out_when_asked_declarer_loses",
        {"outcome": "undetermined", "infractions": [("ouvert_not_laid_out", "void")]},
    ),
    # the English 3.3.9 names the skat only: F's look into M's cards frees nobody from a
    # bid, so M's 24 held by F stands; M and R pass, F is the declarer at 24 and the
    # record stops before he announces a game
    (
        "isko-3.3.9-hand-look",
        "bidding_stands",
        "isko_3_declaration/isko_3_3_9_player_looks_into_another_hand_in_the_bidding_both_pass_passed_in",
        {
            "outcome": "undetermined",
            "declarer": "forehand",
            "bid": 24,
            "infractions": [("hand_viewed", "void")],
        },
    ),
    # the announcement is complete when made: 'schneider' said after the declaration,
    # though before the first card, does not count; F wins hearts hand with 2 (4 x 10)
    # with the defenders on 34, where the counted schneider lost him 120
    (
        "isko-3.4.1-added-words",
        "when_made",
        "isko_3_declaration/isko_3_4_1_schneider_said_before_the_first_card_counts",
        {"outcome": "won", "game_value": 40, "score": 40},
    ),
    # the English 4.4.4 names no consequence: the defenders' mixed tricks are noted and
    # the record stops after trick 6 with the game not yet decided
    (
        "isko-4.4.4-tricks-gathered",
        "not_punished",
        "isko_4_4_tricks/isko_4_4_4_defenders_mix_their_tricks_declarer_wins",
        {"outcome": "undetermined", "infractions": [("tricks_not_gathered", "void")]},
    ),
    # 4.3.1 read strictly: a declarer who gives up before announcing has given up no
    # announced game, so nothing is valued (by default he loses diamonds with 2, -54)
    (
        "isko-4.3.1-no-announcement",
        "undetermined",
        "isko_4_3_shortened/isko_4_3_1_concession_before_announcing_loses_the_cheapest_game_covering_the_bid",
        {"outcome": "undetermined", "declarer": "forehand"},
    ),
    # the English 4.3.4 'from this point on': F keeps tricks 5 to 8 taken after his claim,
    # and at trick 9, where M's trick breaks it, he had 86 and the game was already won
    (
        "isko-4.3.4-played-on",
        "from_the_lost_trick",
        "isko_4_3_shortened/isko_4_3_4_claim_failing_in_play_after_more_tricks_is_judged_at_the_claim",
        {
            "outcome": "won",
            "score": 30,
            "card_points": {"declarer": 86, "defenders": 34},
            "infractions": [("failed_claim", "void")],
        },
    ),
]


def _record(case: str) -> Any:
    return parse_record(json.loads((CASES / f"{case}.json").read_text(encoding="utf-8")))


def test_every_option_of_every_reading_is_flipped_once() -> None:
    declared = {(r.id, o.value) for r in READINGS.values() for o in r.alternatives}
    assert {(reading, option) for reading, option, _, _ in FLIPS} == declared


@pytest.mark.parametrize(
    ("reading", "option", "case", "becomes"), FLIPS, ids=[f"{r}={o}" for r, o, _, _ in FLIPS]
)
def test_flipping_a_reading_changes_the_ruling(
    reading: str, option: str, case: str, becomes: dict[str, Any]
) -> None:
    record = _record(case)
    default = render(rule(record))
    rules = RuleSet().with_option(reading, option)
    flipped = render(rule(record, rules))
    assert flipped["rules"]["readings"][reading] == option
    assert default["rules"]["readings"][reading] == READINGS[reading].default.value
    strip = ("rules", "reasoning", "citations")
    assert {k: v for k, v in flipped.items() if k not in strip} != {
        k: v for k, v in default.items() if k not in strip
    }
    for key, want in becomes.items():
        if key == "infractions":
            assert [(i["kind"], i["status"]) for i in flipped["infractions"]] == want
        elif key == "ended":
            assert flipped["ended"]["reason"] == want
        elif key == "card_points_less_than_default":
            assert flipped["card_points"]["declarer"] < default["card_points"]["declarer"]
        else:
            assert flipped[key] == want, key
    # the ruling names the option it applied, in a step of its own, in every language
    for lang in ("de", "en", "es"):
        steps = [
            s
            for s in render(rule(record, rules), lang)["reasoning"]
            if s.get("reading") == reading and s.get("option") == option
        ]
        assert len(steps) == 1, (lang, steps)
        assert reading in steps[0]["text"] and "{" not in steps[0]["text"]


def test_a_defenders_claim_in_null_fails_when_the_declarer_can_escape_every_trick() -> None:
    """Option claim of isko-4.3.5-null on a sound null (R keeps only low cards): the
    defenders cannot force a trick on R, so M's claim fails, the defenders' infraction
    ends the game and R, without a trick, wins (4.1.4)."""
    record = _record("isko_null/isko_4_3_5_defender_lays_down_in_null_declarer_wins")
    ruling = render(rule(record, RuleSet().with_option("isko-4.3.5-null", "claim")))
    assert (ruling["outcome"], ruling["score"]) == ("won", 23)
    assert [(i["kind"], i["status"]) for i in ruling["infractions"]] == [
        ("failed_defender_claim", "penalized")
    ]
    assert any("can escape every trick" in s["text"] for s in ruling["reasoning"])


def test_an_announced_level_the_bid_needs_is_credited_under_either_reading() -> None:
    """isko-4.1.5-announced: with a bid of 168, grand hand with 4 needs more than its simple
    144 to cover it, so the announced schwarz is a level the bid needs: 4.1.5 credits it
    (still reachable) under needed_only as under the default, 10 x 24 = 240."""
    case = "isko_5_value/isko_4_1_5_announced_schwarz_still_reachable_is_credited"
    doc = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    assert doc["events"][0]["type"] == "bid"
    doc["events"][0]["value"] = 168
    record = parse_record(doc)
    for option in ("credited", "needed_only"):
        ruling = render(rule(record, RuleSet().with_option("isko-4.1.5-announced", option)))
        assert (ruling["outcome"], ruling["score"]) == ("won", 240), option
    steps = render(rule(record, RuleSet().with_option("isko-4.1.5-announced", "needed_only")))
    texts = [s["text"] for s in steps["reasoning"]]
    assert any("does not reach the bid of 168" in t for t in texts)
    assert not any(s.get("option") == "needed_only" for s in steps["reasoning"])


def test_the_announced_levels_left_out_under_needed_only_are_not_said_to_be_kept() -> None:
    """isko-4.1.5-announced needed_only: grand hand with 4 after a bid of 18 is won at 144,
    without the schwarz announced, so the step of 4.1.4 must not say that the declarer keeps
    the levels of his contract (the announced ones among them), as it does under the
    default, where they are credited (240)."""
    record = _record(
        "isko_5_value/isko_4_1_5_announced_schwarz_not_credited_when_the_bid_does_not_need_it"
    )
    for option, score, kept in (("needed_only", 144, False), ("credited", 240, True)):
        ruling = render(rule(record, RuleSet().with_option("isko-4.1.5-announced", option)))
        texts = [s["text"] for s in ruling["reasoning"]]
        assert ruling["score"] == score, option
        assert any("keeping the levels of his contract" in t for t in texts) is kept, option
        assert any("without the schneider or schwarz he announced" in t for t in texts) != kept


def test_an_announced_level_never_reachable_loses_under_either_reading_of_4_1_5() -> None:
    """isko-4.1.5-announced: grand hand with 1 (the other jacks with the defenders), bid 72,
    schneider and schwarz announced, and a defender leads before his turn. 72 needs no
    schneider, so needed_only would leave the announced levels to 4.1.4; but schwarz with
    1 could never be reached from the deal (5.4.3), so the game is lost under either option,
    7 x 24 = 168, -336, and the option needed_only, which decided nothing, is not named:
    the ruling must not say that the defenders lose the game it gives them."""
    case = "isko_5_value/isko_4_1_5_announced_schwarz_not_credited_when_the_bid_does_not_need_it"
    doc = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    hands = doc["deal"]
    for jack, spot in (("SJ", "S9"), ("HJ", "S8"), ("DJ", "S7")):
        f, r = hands["forehand"].index(jack), hands["rearhand"].index(spot)
        hands["forehand"][f], hands["rearhand"][r] = spot, jack
    assert doc["events"][0]["type"] == "bid"
    doc["events"][0]["value"] = 72
    del doc["rules"]
    record = parse_record(doc)
    for option in ("credited", "needed_only"):
        ruling = render(rule(record, RuleSet().with_option("isko-4.1.5-announced", option)))
        assert (ruling["outcome"], ruling["score"]) == ("lost", -336), option
        assert not any(s.get("option") == "needed_only" for s in ruling["reasoning"]), option
        assert not any("defenders lose" in s["text"] for s in ruling["reasoning"]), option


@pytest.mark.parametrize(
    "case",
    sorted(
        p.name.removesuffix(".json")
        for p in (CASES / "isko_4_3_shortened").glob("isko_4_3_4_*_2022.json")
    ),
)
def test_the_partial_claim_options_change_no_result_under_the_2022_edition(case: str) -> None:
    """isko-4.3.4-partial-claim under 2022 (4.4.4): the defenders' consent gives the announced
    game whatever count was said, and a refused or unanswered claim is played on with open
    cards, so neither option changes a result: the outcome, the value and the count are
    those of the default in every 2022 claim case, consented and stopping ones included (the
    played-on ones name no reading at all, tested below)."""
    doc = json.loads((CASES / "isko_4_3_shortened" / f"{case}.json").read_text(encoding="utf-8"))
    record = parse_record(doc)
    rules = RuleSet.from_dict(doc["rules"])
    fields = ("outcome", "game_value", "score", "card_points", "tricks", "ended")
    said = render(rule(record, rules.with_option("isko-4.3.4-partial-claim", "count_said")))
    every = render(rule(record, rules.with_option("isko-4.3.4-partial-claim", "all_remaining")))
    assert said["rules"]["edition"] == every["rules"]["edition"] == "2022"
    assert {k: said[k] for k in fields} == {k: every[k] for k in fields}


def test_a_record_names_its_rule_set_and_a_caller_may_overrule_it() -> None:
    case = "isko_5_value/isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well"
    doc = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    doc["rules"] = {"readings": {"isko-5.2.5-schwarz-suffered": "announced_only"}}
    record = parse_record(doc)
    assert render(rule(record))["game_value"] == 108
    assert render(rule(record, RuleSet()))["game_value"] == 117
    assert record.to_dict()["rules"]["readings"]["isko-5.2.5-schwarz-suffered"] == (
        "announced_only"
    )


@pytest.mark.parametrize(
    ("rules", "pointer", "known"),
    [
        ({"edition": "2099"}, "/rules/edition", "1998"),
        (
            {"readings": {"isko-9.9.9-nothing": "x"}},
            "/rules/readings/isko-9.9.9-nothing",
            "isko-4.1.9-single-card",
        ),
        (
            {"readings": {"isko-4.1.9-single-card": "maybe"}},
            "/rules/readings/isko-4.1.9-single-card",
            "not_punished, ends_game",
        ),
        ({"readings": ["isko-4.1.9-single-card"]}, "/rules/readings", "isko-4.1.9-single-card"),
        ({"court": "x"}, "/rules/court", "edition, readings"),
        ("1998", "/rules", ""),
    ],
)
def test_an_unknown_edition_reading_or_option_is_refused_naming_the_known_ones(
    rules: Any, pointer: str, known: str
) -> None:
    doc = json.loads((ROOT / "examples" / "passed-in.json").read_text(encoding="utf-8"))
    doc["rules"] = rules
    with pytest.raises(RecordError) as info:
        parse_record(doc)
    assert info.value.code == "rules.unknown" and category_of(info.value) is InvalidInput
    assert info.value.where["pointer"] == pointer
    assert known in info.value.message


def test_the_ruling_records_the_rule_set_it_was_made_under() -> None:
    ruling = render(
        rule(
            _record(
                "isko_5_value/isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well"
            )
        )
    )
    assert ruling["rules"] == {
        "edition": "1998",
        "readings": {r.id: r.default.value for r in READINGS.values()},
    }


def test_docs_list_the_readings_the_code_declares() -> None:
    """The table in docs/interpretations.md is the one generated from the declarations,
    and the named readings of the docs are the declared ones and the fixed ones."""
    assert readings_docs.docs_text(DOCS) == DOCS, "regenerate it: make spec"
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', DOCS))
    assert anchors == set(READINGS) | set(FIXED_READINGS)
    assert not set(READINGS) & set(FIXED_READINGS)


@pytest.mark.parametrize("name", ["skat-log-1", "skat-ruling-1"])
def test_the_formats_describe_the_declared_rule_sets(name: str) -> None:
    """``$defs/rules`` of both formats is the schema generated from the declarations."""
    schema = json.loads(
        (ROOT / "referee" / "api" / "formats" / f"{name}.schema.json").read_text(encoding="utf-8")
    )
    assert schema["$defs"]["rules"] == rules_schema()
    rules = schema["properties"]["rules"]
    # a record may also say null for the default rule set (the service reads it so)
    assert rules.get("anyOf", [rules])[0]["$ref"] == "#/$defs/rules"


def test_docs_say_why_each_fixed_reading_has_no_option() -> None:
    """The paragraph on the readings without a row lists exactly ``FIXED_READINGS``, one
    item each, with the reason the ISkO leaves no second reading."""
    section = DOCS.split("## Rule sets: the readings a court or a tournament can choose", 1)[1]
    section = section.split("<!-- readings table", 1)[0]
    listed = re.findall(r"^- (isko-[\w.-]+):", section, flags=re.M)
    assert sorted(listed) == sorted(FIXED_READINGS)


@pytest.mark.parametrize(
    "case",
    [
        "isko_4_3_shortened/isko_4_3_4_partial_claim_of_four_of_six_played_on_2022",
        "isko_4_3_shortened/isko_4_3_4_partial_claim_of_five_of_six_fails_in_play_2022",
    ],
)
def test_a_claim_the_play_decides_under_2022_names_no_reading_of_the_count(case: str) -> None:
    """Under 2018/2022 (4.4.4) an unanswered claim played on is decided by the play, not
    by what the declarer said: neither option of isko-4.3.4-partial-claim is applied, so
    the ruling names neither and is the same under both."""
    record = _record(case)
    rulings = []
    for option in ("count_said", "all_remaining"):
        rules = RuleSet.from_dict({"edition": "2022"}).with_option(
            "isko-4.3.4-partial-claim", option
        )
        ruled = render(rule(record, rules))
        assert not [s for s in ruled["reasoning"] if s.get("reading")], ruled["reasoning"]
        rulings.append({k: v for k, v in ruled.items() if k != "rules"})
    assert rulings[0] == rulings[1]


@pytest.mark.parametrize("reading", ["isko-4.3.5-claimer-alone", "isko-4.3.6-defender-throw-in"])
def test_readings_of_the_1998_texts_the_2022_edition_replaced_are_not_applied_under_it(
    reading: str,
) -> None:
    """2022 rewrote a defender's open play (4.4.5) and cards thrown open (4.4.6): under it
    the flip case of either reading is ruled alike under every option, naming neither."""
    case = next(c for r, _, c, _ in FLIPS if r == reading)
    record = _record(case)
    rulings = []
    for option in READINGS[reading].options:
        rules = RuleSet.from_dict({"edition": "2022"}).with_option(reading, option.value)
        ruled = render(rule(record, rules))
        assert reading not in {s.get("reading") for s in ruled["reasoning"]}
        rulings.append({k: v for k, v in ruled.items() if k != "rules"})
    assert all(r == rulings[0] for r in rulings)
