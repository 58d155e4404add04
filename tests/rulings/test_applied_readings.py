"""The verdicts that apply a reading are declared with the reading (``Reading.applied``,
``FIXED_APPLIED``), and the ruling's step naming it is looked up in the table built from
them (``APPLIED``): every verdict a declaration names is one the kinds declare, every step
it says has its text in three languages, and a verdict applies the reading's option only
when the rule set chooses it."""

from __future__ import annotations

from string import Formatter
from typing import Any

import pytest

from referee.core.kinds import GENERAL_VERDICTS, KINDS
from referee.core.readings import FIXED_APPLIED, FIXED_READINGS
from referee.core.ruleset import APPLIED, READINGS, RuleSet
from referee.core.vocabulary import LANGUAGES
from referee.rules.messages import default_messages

DECLARED_VERDICTS = {m for spec in KINDS.values() for m in spec.messages} | set(GENERAL_VERDICTS)
EVERY = [a for said in APPLIED.values() for a in said]


def test_every_verdict_a_reading_names_is_declared_by_a_kind() -> None:
    named = {key for r in READINGS.values() for a in r.applied for key in a.verdicts}
    named |= {key for applied in FIXED_APPLIED.values() for a in applied for key in a.verdicts}
    assert named == set(APPLIED)
    assert sorted(named - DECLARED_VERDICTS) == []


def test_the_general_verdicts_have_their_texts() -> None:
    messages = default_messages()
    assert [k for k in GENERAL_VERDICTS if not messages.has(k)] == []


@pytest.mark.parametrize("said", EVERY, ids=lambda s: s.message)
def test_every_step_a_reading_says_has_its_text_in_three_languages(said: Any) -> None:
    text = default_messages().messages.get(said.message)
    assert text is not None, said.message
    assert [lang for lang in LANGUAGES if not text.get(lang)] == []
    assert said.message.startswith(f"reading.{said.reading}")


@pytest.mark.parametrize("said", EVERY, ids=lambda s: s.message)
def test_every_step_a_reading_says_uses_only_the_params_it_passes(said: Any) -> None:
    passed = {"event"} if said.applied.names_event else set()
    text = default_messages().messages[said.message]
    used = {
        f.split(".")[0] for lang in LANGUAGES for _, f, _, _ in Formatter().parse(text[lang]) if f
    }
    assert used <= passed


def test_fixed_verdicts_belong_to_fixed_readings() -> None:
    assert set(FIXED_APPLIED) <= set(FIXED_READINGS)


def test_a_verdict_applies_a_reading_only_under_the_option_it_declares() -> None:
    """play_before_turn.penalized is judged under either option of isko-4.2.7-influence:
    the step names the one the rule set chose."""
    said = APPLIED["play_before_turn.penalized"]
    default = RuleSet()
    timed = default.with_option("isko-4.2.7-influence", "always_timed")
    assert [s.message for s in said if s.holds(default, {})] == ["reading.isko-4.2.7-influence"]
    assert [s.message for s in said if s.holds(timed, {})] == [
        "reading.isko-4.2.7-influence.always_timed"
    ]


def test_a_verdict_applies_a_reading_only_with_the_parameter_it_declares() -> None:
    """skat_viewed.declarer before any card was played applies no reading; with ``in_play``
    (3.4.8 read for the whole game) it applies isko-4.2.8-declarer-in-play's 3.4.8 side."""
    (said,) = APPLIED["skat_viewed.declarer"]
    rules = RuleSet().with_option("isko-4.2.8-declarer-in-play", "isko_3_4_8")
    assert not said.holds(rules, {})
    assert said.holds(rules, {"in_play": True})
    assert not said.holds(RuleSet(), {"in_play": True})
