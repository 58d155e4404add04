"""Every case and every example: rules in en/de/es, cites only catalogued clauses, and
goes through ``referee adjudicate`` (JSON and text)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.core.kinds import Kind
from referee.rules.catalogue import default_catalogue
from tests.support.casekit import CASES_DIR, case_names, rule

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))
CASES = case_names()
CASE_IDS = [n for _, n in CASES]


def test_isko_cases_cover_every_infraction_kind() -> None:
    """Each infraction kind of the engine appears in at least one expected ruling."""
    kinds = set()
    for family, name in CASES:
        expected = json.loads((CASES_DIR / family / f"{name}.expected.json").read_text())
        kinds |= {i["kind"] for i in expected.get("infractions", ())}
    assert set(Kind) <= kinds, set(Kind) - kinds


@pytest.mark.parametrize(("family", "name"), CASES, ids=CASE_IDS)
def test_isko_case_rules_in_every_language(family: str, name: str) -> None:
    rulings = {lang: rule(family, name, lang) for lang in ("en", "de", "es")}
    for lang, r in rulings.items():
        assert r["format"] == "skat-ruling/1" and r["language"] == lang
        assert r["reasoning"], "a ruling without reasoning"
        assert all(step["text"] and step["clauses"] for step in r["reasoning"])
        assert all(i["explanation"] for i in r["infractions"])
    # the language changes words, never the result
    neutral = ("outcome", "game_value", "score", "card_points", "tricks", "ended")
    assert {k: rulings["de"][k] for k in neutral} == {k: rulings["en"][k] for k in neutral}
    assert {k: rulings["es"][k] for k in neutral} == {k: rulings["en"][k] for k in neutral}
    assert rulings["de"]["citations"][0]["title"] != rulings["en"]["citations"][0]["title"] or (
        rulings["es"]["citations"][0]["title"] != rulings["en"]["citations"][0]["title"]
    )


@pytest.mark.parametrize(("family", "name"), CASES, ids=CASE_IDS)
def test_isko_case_cites_only_catalogued_clauses(family: str, name: str) -> None:
    catalogue = default_catalogue()
    r = rule(family, name)
    used = {c for step in r["reasoning"] for c in step["clauses"]}
    used |= {c for inf in r["infractions"] for c in inf["clauses"]}
    used |= {c["id"] for c in r["citations"]}
    missing = sorted(c for c in used if c not in catalogue)
    assert not missing, missing
    steps = {c for step in r["reasoning"] for c in step["clauses"]}
    assert steps <= {c["id"] for c in r["citations"]}, "a clause used but not cited"


def _cli_paths() -> list[Path]:
    return [CASES_DIR / f / f"{n}.json" for f, n in CASES] + EXAMPLES


@pytest.mark.parametrize("path", _cli_paths(), ids=lambda p: p.stem)
def test_referee_adjudicate_cli_text(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", str(path), "--format", "text", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.strip()
    assert "ISkO" in out or "SkWO" in out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_referee_adjudicate_cli_json_examples(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["adjudicate", str(path)]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["format"] == "skat-ruling/1"
    assert ruling["outcome"] in ("won", "lost", "passed_in", "redeal", "annulled", "undetermined")
