"""The console's ruling page says which rule set the ruling was made under: the edition,
and each reading read with an option other than the default."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases" / "isko_5_value"
CASE = CASES / "isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well.json"


def test_the_ruling_page_names_the_rule_set(as_role) -> None:  # type: ignore[no-untyped-def]
    referee = as_role("referee")
    doc = json.loads(CASE.read_text(encoding="utf-8"))
    plain = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang=de")
    page = plain.get_data(as_text=True)
    assert "Regelwerk" in page and "ISkO-Ausgabe 1998" in page
    assert "voreingestellten Lesarten" in page and "rule-set-changes" not in page
    doc["rules"] = {"readings": {"isko-5.2.5-schwarz-suffered": "announced_only"}}
    other = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang=en")
    page = other.get_data(as_text=True)
    assert "Rule set" in page and "the default readings" not in page
    assert "<code>isko-5.2.5-schwarz-suffered</code> = <code>announced_only</code>" in page


def test_under_2022_the_page_cites_current_numbers_and_marks_the_others(as_role) -> None:  # type: ignore[no-untyped-def]
    """A ruling under the 2018/2022 edition shows each clause as that edition cites it:
    the current number where established (schwarz: 2.5.6), else the 1998/99 number with
    the mark and its explanation in the page's language."""
    referee = as_role("referee")
    doc = json.loads(CASE.read_text(encoding="utf-8"))
    doc["rules"] = {"edition": "2022"}
    page = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang=de")
    text = page.get_data(as_text=True)
    assert "ISkO-Ausgabe 2022" in text or "2022" in text
    assert "(1998/99)</span>" in text and 'class="number-mark"' in text
    assert "ist nicht gesichert" in text or "keine Quelle" in text
    assert '<span class="cid">ISkO 2.5.6</span>' in text
