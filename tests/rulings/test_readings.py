"""Open questions of the ISkO: each decided reading is documented in
docs/interpretations.md under its own anchor, and a ruling that takes that path names it
in a reasoning step of its own (``reasoning[].reading``), in German, English and Spanish.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.core.vocabulary import LANGUAGES
from referee.rules.messages import load_messages, messages_dir
from referee.rulings.render import ALTERNATIVE_KEYS, READING_PREFIX
from tests.support.casekit import CASES_DIR, case_names, rule

ROOT = Path(__file__).resolve().parents[2]
INTERPRETATIONS = (ROOT / "docs" / "interpretations.md").read_text(encoding="utf-8")
TEMPLATES = load_messages(messages_dir()).messages
#: the readings the default rule set names (a key of another option is reading.<id>.<option>)
READINGS = sorted(
    k[len(READING_PREFIX) :]
    for k in TEMPLATES
    if k.startswith(READING_PREFIX) and k not in ALTERNATIVE_KEYS
)


def _expected(family: str, name: str) -> dict:
    return json.loads((CASES_DIR / family / f"{name}.expected.json").read_text())


#: every case that expects the ruling to name a reading: (family, name, reading)
NAMED = [
    (family, name, reading)
    for family, name in case_names()
    for reading in _expected(family, name).get("readings", ())
]

#: the open questions and the reading that decides each
QUESTIONS = {
    "4.1.1 who is 'the player', and the value": ["isko-4.1.1-declarer", "isko-4.1.1-defender"],
    "4.1.9 a single card; the outstanding tricks": [
        "isko-4.1.9-single-card",
        "isko-4.1.9-outstanding-tricks",
    ],
    "4.3.4 a claim of some tricks, and a claim with its line": [
        "isko-4.3.4-partial-claim",
        "isko-4.3.4-explanation",
    ],
    "4.3.5 a defender's claim; null": ["isko-4.3.5-claimer-alone", "isko-4.3.5-null"],
    "4.3.6 vs 4.3.3 a defender throwing in": ["isko-4.3.6-defender-throw-in"],
    "5.2.5 a missed announcement plus schwarz": ["isko-5.2.5-schwarz-suffered"],
    "5.4.3 any game or overbid games only": ["isko-5.4.3-any-game"],
    "3.3.10 and 3.4.4 no game worth exactly the bid": ["isko-3.4.4-cheapest-game"],
    "4.1.10 a false lead to the last trick": ["isko-4.1.10-entitled-lead"],
    "4.2.7 a harmless early card": ["isko-4.2.7-influence"],
    "3.4.8 vs 4.2.8 the declarer looks at the skat in play": ["isko-4.2.8-declarer-in-play"],
    "4.1.5 announced levels": ["isko-4.1.5-announced"],
    "4.3.2 a concession without consent, the record stops": ["isko-4.3.2-record-stops"],
    "4.3.1 a concession before any game is announced": ["isko-4.3.1-no-announcement"],
    "4.3.4 (2018 4.4.4) the count of a consented claim": ["isko-4.3.4-consented-count"],
    "4.3.4 a failed claim played on: from the claim or the lost trick": ["isko-4.3.4-played-on"],
    "3.5.1 the dealer at a table of four and the parties": ["isko-3.5.1-dealer-party"],
    "3.2.10 an objection to the shuffle in time": ["isko-3.2.10-in-time"],
    "4.1.8 who may not stop whom, and from when": ["isko-4.1.8-partner"],
    "3.2.7 a table of five or more: those sitting out": ["isko-3.2.7-sitting-out"],
    "3.4.1 words added to the announcement, until when": ["isko-3.4.1-added-words"],
    "3.2.12 a wrong deal within a round: the cards or the dealers": ["isko-3.2.12-dealing-order"],
    "3.3.9 and 4.5.5 a look into another player's cards": [
        "isko-3.3.9-hand-look",
        "isko-4.5.5-hand-look",
    ],
}


def test_every_open_question_has_a_reading_with_a_template() -> None:
    decided = {r for readings in QUESTIONS.values() for r in readings}
    assert decided == set(READINGS)


@pytest.mark.parametrize("reading", READINGS)
def test_each_reading_is_an_anchor_of_docs_interpretations(reading: str) -> None:
    assert f'<a id="{reading}"></a>' in INTERPRETATIONS
    # the entry states both translations and the one applied
    entry = INTERPRETATIONS.split(f'<a id="{reading}"></a>', 1)[1].split("<a id=", 1)[0]
    for word in ("English", "Spanish", "Reading"):
        assert word in entry, (reading, word)


@pytest.mark.parametrize("reading", READINGS)
def test_each_reading_is_named_by_a_case(reading: str) -> None:
    assert any(r == reading for _, _, r in NAMED), f"no case under tests/cases names {reading}"


@pytest.mark.parametrize("reading", READINGS)
def test_each_reading_text_names_its_id_in_every_language(reading: str) -> None:
    texts = TEMPLATES[READING_PREFIX + reading]
    assert set(texts) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert reading in texts[lang] and "interpretations.md" in texts[lang]


@pytest.mark.parametrize(
    ("family", "name", "reading"), NAMED, ids=[f"{n}-{r}" for _, n, r in NAMED]
)
def test_the_ruling_names_the_reading_it_applied(family: str, name: str, reading: str) -> None:
    clause = re.match(r"isko-(\d+\.\d+\.\d+)", reading)
    assert clause is not None
    for lang in ("de", "en", "es"):
        steps = [s for s in rule(family, name, lang)["reasoning"] if s.get("reading") == reading]
        assert len(steps) == 1, (lang, steps)
        step = steps[0]
        assert f"ISkO {clause.group(1)}" in step["clauses"]
        assert reading in step["text"] and "{" not in step["text"]


def test_steps_that_apply_no_reading_have_no_reading_field() -> None:
    r = rule("isko_4_1_lead", "isko_4_1_3_false_lead_by_defender_ends_game_declarer_wins_simple")
    assert all("reading" not in s for s in r["reasoning"])
