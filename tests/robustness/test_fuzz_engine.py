"""Fuzzing the parser, replayer and adjudicator: only coded errors, and a ruling for every
valid record (arbitrary JSON, and real records from examples/ and tests/cases mutated).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.core.ruleset import READINGS, RuleSet
from referee.record.log import parse_record
from referee.record.replay import replay
from referee.service.engine import adjudicate
from referee.service.lines import rule_line
from tests.support.generate import INFRACTIONS, random_game

ROOT = Path(__file__).resolve().parents[2]
REAL = sorted(
    [p for p in (ROOT / "examples").glob("*.json")]
    + [p for p in (ROOT / "tests" / "cases").rglob("*.json") if ".expected." not in p.name]
)
RECORDS = [json.loads(p.read_text(encoding="utf-8")) for p in REAL]
CARDS = [s + r for s in "CSHD" for r in "ATKQJ987"]
SEATS = ["forehand", "middlehand", "rearhand"]
FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
# JSON shaped like a record, so the fuzzing gets past the first checks
record_like = st.fixed_dictionaries(
    {
        "format": st.sampled_from(["skat-log/1", "skat-log/2"]) | json_values,
        "deal": st.fixed_dictionaries(
            {
                p: st.lists(st.sampled_from(CARDS) | json_values, max_size=11)
                for p in ("forehand", "middlehand", "rearhand", "skat")
            }
        )
        | json_values,
        "events": st.lists(
            st.fixed_dictionaries(
                {"type": st.sampled_from(["bid", "pass", "play", "declare", "hold"]) | json_values},
                optional={
                    "seat": st.sampled_from(SEATS) | json_values,
                    "card": st.sampled_from(CARDS) | json_values,
                    "value": st.integers(-5, 300) | json_values,
                    "game": st.sampled_from(["grand", "null", "clubs", "x"]) | json_values,
                    "hand": json_values,
                },
            )
            | json_values,
            max_size=12,
        ),
    },
    optional={"table_size": json_values, "meta": json_values, "players": json_values},
)


def rule_or_refuse(doc: Any, rules: RuleSet | None = None) -> dict[str, Any] | None:
    """The ruling (under ``rules``, else the rule set the record names), or None when the
    record is refused with a coded error; nothing else."""
    try:
        record = parse_record(doc)
    except RefereeError as exc:
        assert exc.code and isinstance(exc.where, dict)
        return None
    try:  # the replayer applies readings too: replayed under the rule set it is ruled under
        replay(record, rules=rules or record.rules or RuleSet())
    except RefereeError as exc:  # a card its seat does not hold: refused by the replayer
        assert exc.code.startswith("replay."), exc.code
        return None
    ruling = adjudicate(doc, rules=rules)  # a valid record: must rule
    assert ruling["format"] == "skat-ruling/1"
    json.dumps(ruling)  # serialisable
    return ruling


@FUZZ
@given(json_values)
def test_arbitrary_json_is_refused_with_a_coded_error(doc: Any) -> None:
    rule_or_refuse(doc)


@FUZZ
@given(record_like)
def test_record_shaped_json_is_ruled_or_refused_with_a_coded_error(doc: Any) -> None:
    rule_or_refuse(doc)


def _mutate(doc: dict[str, Any], rng: random.Random, value: Any) -> dict[str, Any]:
    """One random edit of a real record: drop, duplicate, swap, retype or re-card."""
    doc = copy.deepcopy(doc)
    if not isinstance(doc, dict) or not doc:
        return doc
    events = doc.get("events")
    if not isinstance(events, list):
        events = []
    choice = rng.randrange(9)
    if choice == 0 and events:
        del events[rng.randrange(len(events))]
    elif choice == 1 and events:
        i = rng.randrange(len(events))
        events.insert(i, copy.deepcopy(events[i]))
    elif choice == 2 and len(events) > 1:
        i, j = rng.sample(range(len(events)), 2)
        events[i], events[j] = events[j], events[i]
    elif choice == 3 and events:
        e = events[rng.randrange(len(events))]
        if isinstance(e, dict) and e:
            e[rng.choice(sorted(e))] = value
    elif choice == 4 and events:
        e = events[rng.randrange(len(events))]
        if isinstance(e, dict):
            e["card"] = rng.choice(CARDS)
    elif choice == 5 and events:
        e = events[rng.randrange(len(events))]
        if isinstance(e, dict):
            e["seat"] = rng.choice(SEATS)
    elif choice == 6:
        del events[rng.randrange(len(events) + 1) :]
    elif choice == 7 and isinstance(doc.get("deal"), dict):
        part = rng.choice(["forehand", "middlehand", "rearhand", "skat"])
        hand = doc["deal"].get(part)
        if isinstance(hand, list) and hand:
            hand[rng.randrange(len(hand))] = rng.choice(CARDS)
    else:
        doc[rng.choice(sorted(doc))] = value
    return doc


@FUZZ
@given(
    st.sampled_from(range(len(RECORDS))),
    st.randoms(use_true_random=False),
    st.lists(json_values, min_size=1, max_size=3),
    st.integers(1, 3),
)
def test_mutated_real_records_are_ruled_or_refused_with_a_coded_error(
    index: int, rng: random.Random, values: list[Any], edits: int
) -> None:
    doc = RECORDS[index]
    for k in range(edits):
        doc = _mutate(doc, rng, values[k % len(values)])
    rule_or_refuse(doc)


#: every option of every reading other than its default, each alone in a rule set
FLIPPED = [RuleSet().with_option(r.id, o.value) for r in READINGS.values() for o in r.alternatives]


@FUZZ
@given(
    st.sampled_from(range(len(RECORDS))),
    st.sampled_from(FLIPPED),
    st.randoms(use_true_random=False),
    st.lists(json_values, min_size=1, max_size=3),
)
def test_mutated_real_records_under_any_reading_are_ruled_or_refused_with_a_coded_error(
    index: int, rules: RuleSet, rng: random.Random, values: list[Any]
) -> None:
    doc = _mutate(RECORDS[index], rng, values[0])
    rule_or_refuse(doc, rules)


def test_every_real_record_under_every_reading_is_ruled_or_refused_with_a_coded_error() -> None:
    """The replayer reads two readings itself (isko-3.3.9-hand-look, isko-3.4.1-added-words):
    under any option a real record is ruled, or refused by the replayer naming the event
    (a bidding read as still open may leave a later discard without its pickup)."""
    ruled = 0
    for rules in FLIPPED:
        for doc in RECORDS:
            ruled += rule_or_refuse(doc, rules) is not None
    assert ruled >= len(FLIPPED) * len(RECORDS) - len(FLIPPED)


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.stem)
def test_every_real_record_gets_a_ruling(path: Path) -> None:
    assert rule_or_refuse(json.loads(path.read_text(encoding="utf-8"))) is not None


@pytest.mark.parametrize("infraction", (None, *INFRACTIONS))
def test_every_generated_game_gets_a_ruling(infraction: str | None) -> None:
    rng = random.Random(f"robust:{infraction}")
    for _ in range(25):
        assert rule_or_refuse(random_game(rng, infraction=infraction)) is not None


@FUZZ
@given(st.text(max_size=200) | st.from_regex(r"\(;GM\[Skat\].{0,80};\)", fullmatch=True))
def test_batch_line_never_raises_and_answers_one_json_line(text: str) -> None:
    for iss in (False, True):
        out, ok = rule_line((3, text), iss=iss, lang="de")
        doc = json.loads(out)
        assert "\n" not in out
        if not ok:
            assert doc["line"] == 3 and doc["error"]["code"] != "referee.internal", doc
            assert set(doc["error"]) == {"code", "message", "where"}


def test_deeply_nested_json_is_a_coded_error_not_a_crash() -> None:
    out, ok = rule_line((1, "[" * 100_000 + "]" * 100_000), iss=False, lang="en")
    assert not ok and json.loads(out)["error"]["code"] in ("record.json", "record.too_deep")
