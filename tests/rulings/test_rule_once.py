"""One replay per ruling, one ruling per stored dispute (the house, issue 12).

The replayer keeps the positions the endings and searches ask about, so no ruling
replays its record a second time; a stored dispute is ruled once and rendered in three
languages from that one decision.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from casekit import case_names, load

from referee.record import parse_record
from referee.record.replay import Replayer
from referee.rulings import render, rule
from referee.service import engine
from referee.service.rulings import rule_all_languages

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every Replayer built (every replay of a record, whatever the caller)."""
    seen: list[int] = []
    real = Replayer.__init__

    def counting(self: Replayer, record: object) -> None:
        seen.append(1)
        real(self, record)  # type: ignore[arg-type]

    monkeypatch.setattr(Replayer, "__init__", counting)
    return seen


@pytest.mark.parametrize(("family", "name"), case_names(), ids=[n for _, n in case_names()])
def test_every_case_is_ruled_with_one_replay(replays: list[int], family: str, name: str) -> None:
    doc, _ = load(family, name)
    record = parse_record(doc)
    replays.clear()
    rule(record)
    assert len(replays) == 1


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_is_ruled_with_one_replay(replays: list[int], path: Path) -> None:
    record = parse_record(json.loads(path.read_text(encoding="utf-8")))
    replays.clear()
    rule(record)
    assert len(replays) == 1


def test_the_replay_count_covers_every_kind_of_ending() -> None:
    """The cases above include claims, lay-downs, revokes, false leads and misdeals."""
    reasons = set()
    for family, name in case_names():
        _, expected = load(family, name)
        reasons.add((expected.get("ended") or {}).get("reason"))
    assert {"claim", "infraction", "misdeal", "played_out", "thrown_in"} <= reasons


def test_a_stored_ruling_runs_the_engine_once_for_three_languages(
    monkeypatch: pytest.MonkeyPatch, replays: list[int]
) -> None:
    calls: list[int] = []
    real = engine.rule

    def counting(doc: dict, **kw: object) -> object:
        calls.append(1)
        return real(doc, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "rule", counting)
    doc = json.loads((EXAMPLES[0].parent / "revoke-objected.json").read_text(encoding="utf-8"))
    texts = rule_all_languages(doc)
    assert sorted(texts) == ["de", "en", "es"]
    assert len(calls) == 1 and len(replays) == 1
    decided = {k: v for k, v in texts["en"].items() if k not in ("language",)}
    for lang in ("de", "es"):
        other = texts[lang]
        for field in ("outcome", "score", "game_value", "tournament_points", "card_points"):
            assert other[field] == decided[field], (lang, field)
        assert [s["clauses"] for s in other["reasoning"]] == [
            s["clauses"] for s in decided["reasoning"]
        ]


def test_render_is_a_pure_function_of_the_decision() -> None:
    doc = json.loads((EXAMPLES[0].parent / "lay-down-claim.json").read_text(encoding="utf-8"))
    decision = rule(parse_record(doc))
    assert render(decision, "de") == render(decision, "de")
    assert render(decision, "en")["language"] == "en"
