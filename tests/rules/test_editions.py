"""Clause numbers per edition (rules_kb/editions/): a ruling under the 2018/2022 ISkO cites a
clause by its current number only where the data marks that number certain; every other
citation keeps its 1998/99 number, visibly marked, in every language."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from referee.core.ruleset import Edition, EditionNotRuled, RuleSet
from referee.record.log import parse_record
from referee.rules import CatalogueError, default_catalogue
from referee.rules.editions import Confidence, default_editions_path, load_numbering, numbering
from referee.rulings import render, rule

ROOT = Path(__file__).resolve().parents[2]
CASES = [
    p
    for p in sorted((ROOT / "tests" / "cases").glob("*/*.json"))
    if not p.name.endswith(".expected.json") and p.with_suffix(".expected.json").exists()
]
MARKED = " (1998/99)"
#: the rows public sources establish (the research note's certain anchors)
CERTAIN = {
    "ISkO 3.2.9": "ISkO 3.2.12",
    "ISkO 3.2.15": "ISkO 3.2.18",
    "ISkO 3.3.10": "ISkO 3.3.10",
    "ISkO 4.1.3": "ISkO 4.1.3",
    "ISkO 4.1.4": "ISkO 4.1.4",
    "ISkO 4.1.5": "ISkO 4.1.5",
    "ISkO 4.1.6": "ISkO 4.1.6",
    "ISkO 4.3": "ISkO 4.4",
    "ISkO 4.3.4": "ISkO 4.4.4",
    "ISkO 4.3.5": "ISkO 4.4.5",
    "ISkO 4.3.6": "ISkO 4.4.6",
    "ISkO 5.2.4": "ISkO 2.5.6",
}


def test_every_catalogue_clause_has_a_row_and_the_certain_ones_are_the_sourced_anchors() -> None:
    n = numbering(Edition.ISKO_2022)
    assert {c.id for c in default_catalogue()} == set(n.rows)
    certain = {r.id: r.number for r in n.rows.values() if r.confidence is Confidence.CERTAIN}
    assert certain == CERTAIN
    for row in n.rows.values():
        assert all(s in n.sources for s in row.sources), row


def test_a_clause_is_found_by_either_number() -> None:
    n = numbering(Edition.ISKO_2022)
    assert [r.id for r in n.find("ISkO 2.5.6")] == ["ISkO 5.2.4"]
    assert [r.id for r in n.find("4.4.6")] == ["ISkO 4.3.6"]
    assert n.find("9.9.9") == ()


#: the cases cut short by a claim laid down or cards thrown open: rules that changed in
#: 2018/2022 and that the engine does not rule under 2022 yet
CHANGED = [p for p in CASES if '"lay_down"' in p.read_text() or '"throw_in"' in p.read_text()]


def _ruled(path: Path, edition: Edition, lang: str) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = parse_record(doc.get("record", doc))
    base = record.rules if record.rules is not None else RuleSet()
    return render(rule(record, dataclasses.replace(base, edition=edition)), lang)


@pytest.mark.parametrize("lang", ["de", "en", "es"])
def test_no_ruling_under_2022_shows_an_unmarked_number_the_data_does_not_mark_certain(
    lang: str,
) -> None:
    n = numbering(Edition.ISKO_2022)
    seen_marked = seen_certain = 0
    for path in CASES:
        if path in CHANGED:
            continue
        out = _ruled(path, Edition.ISKO_2022, lang)
        assert out["rules"]["edition"] == "2022"
        shown = [c["cited_as"] for c in out["citations"]]
        shown += [num for step in out["reasoning"] for num in step["cited_as"]]
        for cited in out["citations"]:
            row = n.rows[cited["id"]]
            if cited["number_established"]:
                assert row.confidence is Confidence.CERTAIN
                assert cited["cited_as"] == row.number and "mark" not in cited
            else:
                assert cited["cited_as"] == cited["id"] + MARKED and cited["mark"]
        for number in shown:
            if number.endswith(MARKED):
                seen_marked += 1
                continue
            seen_certain += 1
            rows = n.find(number)
            assert rows and rows[0].confidence is Confidence.CERTAIN, (path.name, number)
    assert seen_marked and seen_certain


@pytest.mark.parametrize("path", CHANGED, ids=lambda p: p.stem)
def test_a_game_cut_short_by_a_changed_rule_is_refused_under_2022_never_ruled_by_1998(
    path: Path,
) -> None:
    """A claim laid down (4.3.4, now 4.4.4), a defender's open play (4.3.5, now 4.4.5) and
    cards thrown open (4.3.6, now 4.4.6) changed after 1998/99; until the engine rules them
    under 2022 such a game is refused under 2022 with the event and the clause, and still
    ruled under 1998."""
    with pytest.raises(EditionNotRuled) as err:
        _ruled(path, Edition.ISKO_2022, "en")
    assert err.value.code == "rules.edition_not_ruled"
    assert err.value.where["pointer"] == "/rules/edition"
    assert err.value.params["clause"] in {"ISkO 4.3.4", "ISkO 4.3.5", "ISkO 4.3.6"}
    assert ", now ISkO 4.4." in str(err.value)
    assert _ruled(path, Edition.ISKO_1998, "en")["rules"]["edition"] == "1998"


def test_a_ruling_under_1998_cites_as_before() -> None:
    path = next(p for p in CASES if "revoke" in p.name)
    out = _ruled(path, Edition.ISKO_1998, "en")
    assert all("cited_as" not in c for c in out["citations"])
    assert all("cited_as" not in s for s in out["reasoning"])


def test_the_mark_is_in_the_ruling_language() -> None:
    path = next(p for p in CASES if "revoke" in p.name)
    marks = {
        lang: next(c["mark"] for c in _ruled(path, Edition.ISKO_2022, lang)["citations"])
        for lang in ("de", "en", "es")
    }
    assert (
        "1998/99" in marks["de"]
        and "nicht gesichert" in marks["de"]
        or "wahrscheinlich" in (marks["de"])
    )
    assert len(set(marks.values())) == 3


@pytest.mark.parametrize(
    "edit, message",
    [
        (("ISkO 4.3.4", "confidence", "sure"), "confidence must be one of"),
        (("ISkO 4.3.4", "sources", []), "a certain row names its source"),
        (("ISkO 4.3.4", "number", "4.4.4"), "is not like 'ISkO 4.4.4'"),
        (("ISkO 4.3.4", "sources", ["NOWHERE"]), "not declared under sources"),
        (("ISkO 4.5.1", "number", "ISkO 4.9.1"), "an unknown row has no number"),
    ],
)
def test_a_broken_row_is_refused_naming_file_and_clause(
    tmp_path: Path, edit: tuple, message: str
) -> None:
    import yaml

    src = default_editions_path() / "isko-2022.yaml"
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    clause, key, value = edit
    row = next(r for r in data["clauses"] if r["id"] == clause)
    row[key] = value
    (tmp_path / "isko-2022.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(CatalogueError) as err:
        load_numbering(Edition.ISKO_2022, tmp_path, default_catalogue())
    assert any(clause in p and message in p for p in err.value.problems), err.value.problems


def test_a_missing_row_is_refused(tmp_path: Path) -> None:
    import yaml

    data = yaml.safe_load((default_editions_path() / "isko-2022.yaml").read_text("utf-8"))
    data["clauses"] = [r for r in data["clauses"] if r["id"] != "ISkO 4.2.3"]
    (tmp_path / "isko-2022.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(CatalogueError) as err:
        load_numbering(Edition.ISKO_2022, tmp_path, default_catalogue())
    assert any("ISkO 4.2.3: the catalogue clause has no row" in p for p in err.value.problems)
    shutil.rmtree(tmp_path)
