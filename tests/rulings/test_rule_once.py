"""One replay per ruling, one ruling per stored dispute.

The replayer keeps the positions the endings and searches ask about, so no ruling
replays its record a second time; a stored dispute is ruled once and rendered in three
languages from that one decision.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.vocabulary import LANGUAGES
from referee.record import parse_record
from referee.record.replay import Replayer
from referee.record.replay_json import replay_document
from referee.rulings import render, rule
from referee.service import engine
from tests.support.casekit import case_names, load

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every Replayer built (every replay of a record, whatever the caller)."""
    seen: list[int] = []
    real = Replayer.__init__

    def counting(self: Replayer, record: object, *rules: object) -> None:
        seen.append(1)
        real(self, record, *rules)  # type: ignore[arg-type]

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


REPRESENTATIVE = [  # (example or case, how its ruling ends)
    ("suit-game-clean", "played_out"),
    ("revoke-objected", "infraction"),
    ("false-lead", "infraction"),
    ("lay-down-claim", "claim"),
    ("throw-in", "thrown_in"),
    ("isko_4_3_4_declarer_claim_fails_by_analysis", "claim"),
    ("isko_4_3_5_defender_claim_holds", "defender_claim"),
    ("isko_3_2_9_misdeal_noticed_in_bidding_is_redealt", "misdeal"),
]


def _document(name: str) -> dict:
    path = EXAMPLES[0].parent / f"{name}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    family = next(f for f, n in case_names() if n == name)
    return load(family, name)[0]


@pytest.mark.parametrize(("name", "reason"), REPRESENTATIVE, ids=[n for n, _ in REPRESENTATIVE])
def test_representative_rulings_replay_once(replays: list[int], name: str, reason: str) -> None:
    """A clean game, a revoke, a false lead, claims, a lay-down, a throw-in, a misdeal."""
    record = parse_record(_document(name))
    replays.clear()
    ruling = rule(record)
    assert ruling.ended.reason == reason
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

    def counting(*a: object, **kw: object) -> object:
        calls.append(1)
        return real(*a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "rule", counting)
    doc = json.loads((EXAMPLES[0].parent / "revoke-objected.json").read_text(encoding="utf-8"))
    texts = engine.adjudicate(doc, LANGUAGES)
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


def test_the_service_calls_its_stored_revision_not_ruling() -> None:
    from referee.service import model

    assert not hasattr(model, "Ruling")
    assert model.Dispute.__dataclass_fields__["rulings"].type == "list[Revision]"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_console_opens_a_ruling_with_one_replay(
    monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    """The ruling page opens at the last event: the full replay is that moment."""
    from datetime import UTC, datetime

    from referee.service.model import Dispute, Revision
    from referee.web import views_disputes
    from referee.web.views_disputes import ruling_context

    doc = json.loads(path.read_text(encoding="utf-8"))
    last = len(doc["events"]) - 1
    assert replay_document(doc) == replay_document(doc, at=last)
    now = datetime.now(UTC)
    texts = engine.adjudicate(doc, LANGUAGES)
    revision = Revision(1, 1, 1, now, "me", doc, texts, texts["en"]["outcome"])
    dispute = Dispute(1, "me", None, now, doc, {}, "", rulings=[revision])
    calls: list[int | None] = []
    real = replay_document

    def counting(record: dict, *, at: int | None = None, rules: Any = None) -> dict:
        calls.append(at)
        return real(record, at=at, rules=rules)

    monkeypatch.setattr(views_disputes, "replay_document", counting)
    opened = ruling_context(dispute, revision, None, "en")
    assert calls == [None]
    assert opened == ruling_context(dispute, revision, last, "en")
    calls.clear()
    ruling_context(dispute, revision, 0, "en")
    assert calls == [None, 0]
