"""Clause numbers per edition (rules_kb/editions/): a ruling under the 2018/2022 ISkO cites a
clause by its current number only where the data marks that number certain; every other
citation keeps its 1998/99 number, visibly marked, in every language."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from referee.core.ruleset import Edition, RuleSet
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
#: 2018/2022 (4.3.4 -> 4.4.4, 4.3.5 -> 4.4.5, 4.3.6 -> 4.4.6)
CHANGED = [p for p in CASES if '"lay_down"' in p.read_text() or '"throw_in"' in p.read_text()]
SHORTENED = {"ISkO 4.3.4": "ISkO 4.4.4", "ISkO 4.3.5": "ISkO 4.4.5", "ISkO 4.3.6": "ISkO 4.4.6"}


def _ruled(path: Path, edition: Edition, lang: str) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = parse_record(doc.get("record", doc))
    base = record.rules if record.rules is not None else RuleSet()
    return render(rule(record, dataclasses.replace(base, edition=edition)), lang)


#: a clause number written in a text: "4.1.3", "ISkO 4.1.3", "SkWO 5.1" (not a reading's id
#: such as isko-4.3.5-null, whose number names the entry in docs/interpretations.md)
NUMBER_IN_TEXT = re.compile(r"(?<![\w.\-/])(?:(ISkO|SkWO) )?(\d+(?:\.\d+)+)(?![\w\-/]|\.\d)")
#: the fields of a ruling that are not texts for a reader (ids, keys, the rule set), and the
#: mark, which names a probable number as probable (checked above)
NOT_TEXT = {"id", "clauses", "rules", "reading", "option", "cited_as", "probable_number", "mark"}


def _texts(node: object) -> list[str]:
    if isinstance(node, dict):
        return [t for k, v in node.items() if k not in NOT_TEXT for t in _texts(v)]
    if isinstance(node, list):
        return [t for v in node for t in _texts(v)]
    return [node] if isinstance(node, str) else []


@pytest.mark.parametrize("lang", ["de", "en", "es"])
def test_no_ruling_under_2022_shows_an_unmarked_number_the_data_does_not_mark_certain(
    lang: str,
) -> None:
    n = numbering(Edition.ISKO_2022)
    seen_marked = seen_certain = 0
    for path in CASES:
        out = _ruled(path, Edition.ISKO_2022, lang)
        assert out["rules"]["edition"] == "2022"
        shown = [c["cited_as"] for c in out["citations"]]
        shown += [num for step in out["reasoning"] for num in step["cited_as"]]
        # the texts too: a summary, a reasoning step or an explanation naming a clause
        for text in _texts(out):
            for m in NUMBER_IN_TEXT.finditer(text):
                marked = text.startswith(MARKED, m.end())
                shown.append(f"{m.group(1) or 'ISkO'} {m.group(2)}{MARKED if marked else ''}")
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
def test_a_game_cut_short_by_a_changed_rule_is_ruled_by_the_later_text_under_2022(
    path: Path,
) -> None:
    """A claim laid down (4.3.4, now 4.4.4), a defender's open play (4.3.5, now 4.4.5) and
    cards thrown open (4.3.6, now 4.4.6) changed after 1998/99: under 2022 such a game is
    ruled by the later text, which its reasoning cites by the current number (a defender's
    open play in a null game stays cards shown, 4.1.9, in both editions)."""
    out = _ruled(path, Edition.ISKO_2022, "en")
    assert out["rules"]["edition"] == "2022"
    later = {n for step in out["reasoning"] for n in step["cited_as"] if n in SHORTENED.values()}
    assert later or "null" in path.stem, [s["cited_as"] for s in out["reasoning"]]
    shown = [n for step in out["reasoning"] for n in step["cited_as"]]
    assert not set(SHORTENED) & set(shown)  # never the old number for the changed clause
    assert _ruled(path, Edition.ISKO_1998, "en")["rules"]["edition"] == "1998"


PAIR = ROOT / "tests" / "cases" / "isko_4_3_shortened"


@pytest.mark.parametrize("lang", ["de", "en", "es"])
def test_a_claim_refused_by_one_defender_rules_differently_under_the_two_editions(
    lang: str,
) -> None:
    """The same refused claim: under 1998/99 the claim itself is judged (4.3.4) and fails;
    under 2018/2022 (4.4.4) the game must be played on with the declarer's cards open, and
    each ruling says under which edition and why."""
    name = "isko_4_3_4_claim_refused_by_one_defender_record_stops"
    old = _ruled(PAIR / f"{name}_1998.json", Edition.ISKO_1998, lang)
    new = _ruled(PAIR / f"{name}_2022.json", Edition.ISKO_2022, lang)
    assert (old["outcome"], new["outcome"]) == ("lost", "undetermined")
    why_old = [s for s in old["reasoning"] if "1998/99" in s["text"]]
    why_new = [s for s in new["reasoning"] if "2018/2022" in s["text"]]
    assert why_old and all(s["clauses"] == ["ISkO 4.3.4"] for s in why_old)
    assert all("cited_as" not in s for s in old["reasoning"])
    assert why_new and all(s["cited_as"] == ["ISkO 4.4.4"] for s in why_new)
    assert new["analysis"] and all(a["line"] for a in new["analysis"])
    # played on, the play decides under 2022, and the claim decides under 1998
    name = "isko_4_3_4_claim_refused_by_one_defender_played_on"
    old = _ruled(PAIR / f"{name}_1998.json", Edition.ISKO_1998, lang)
    new = _ruled(PAIR / f"{name}_2022.json", Edition.ISKO_2022, lang)
    assert (old["outcome"], old["score"], new["outcome"], new["score"]) == ("lost", -60, "won", 30)


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
    said = {
        "de": ("nicht gesichert", "keine Quelle"),
        "en": ("not established", "no source"),
        "es": ("no está establecido", "ninguna fuente"),
    }
    for lang, mark in marks.items():
        assert "1998/99" in mark and any(words in mark for words in said[lang]), (lang, mark)
    assert len(set(marks.values())) == 3


@pytest.mark.parametrize(
    "edit, message",
    [
        (("ISkO 4.3.4", "confidence", "sure"), "confidence must be one of"),
        (("ISkO 4.3.4", "sources", []), "a certain row names its source"),
        (("ISkO 4.3.4", "number", "4.4.4"), "is not like 'ISkO 4.4.4'"),
        (("ISkO 4.3.4", "sources", ["NOWHERE"]), "neither declared under sources nor an address"),
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


def test_a_court_confirms_a_number_with_one_line_of_data(tmp_path: Path) -> None:
    """docs/editions.md: a clause's current number, once read in the official text, is one
    line of data - the clause's row written on one line with the number, `certain` and the
    address where it was read; no code changes, and rulings then cite that number."""
    src = (default_editions_path() / "isko-2022.yaml").read_text(encoding="utf-8")
    lines = src.splitlines(keepends=True)
    start = lines.index("- id: ISkO 4.2.3\n")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("- id: "))
    line = (
        "- {id: ISkO 4.2.3, number: ISkO 4.2.3, confidence: certain,"
        " sources: ['https://example.org/isko-2022.pdf']}\n"
    )
    (tmp_path / "isko-2022.yaml").write_text(
        "".join(lines[:start] + [line] + lines[end:]), encoding="utf-8"
    )
    before = numbering(Edition.ISKO_2022)
    after = load_numbering(Edition.ISKO_2022, tmp_path, default_catalogue())
    assert not before.cite("ISkO 4.2.3").established
    assert after.cite("ISkO 4.2.3").number == "ISkO 4.2.3"
    assert after.cite("ISkO 4.2.3").established
    assert after.cite_text("a revoke (4.2.3)") == "a revoke (4.2.3)"
    assert before.cite_text("a revoke (4.2.3)") == "a revoke (4.2.3 (1998/99))"
    assert {k: v for k, v in after.rows.items() if k != "ISkO 4.2.3"} == {
        k: v for k, v in before.rows.items() if k != "ISkO 4.2.3"
    }


@pytest.mark.parametrize("clause", ["4_3_4", "4_3_5", "4_3_6"])
def test_each_changed_clause_has_a_pair_of_cases_that_rule_differently(clause: str) -> None:
    """For each clause the 2018/2022 ISkO changed, the same record under both editions
    (tests/cases/isko_4_3_shortened/*_1998.json, *_2022.json): the 2022 one names the source
    of the later rule, and the two rulings differ in their result or their reasoning."""
    pairs = [
        (p.with_name(p.name.replace("_2022.json", "_1998.json")), p)
        for p in sorted(PAIR.glob(f"isko_{clause}_*_2022.json"))
    ]
    pairs = [(old, new) for old, new in pairs if old.exists()]
    assert pairs
    for old, new in pairs:
        if clause != "4_3_4" or "partial" not in new.name:
            meta = json.loads(new.read_text(encoding="utf-8"))["meta"]
            assert "skataustria.at" in meta["description"] or "dskv.de" in meta["description"]
        a = _ruled(old, Edition.ISKO_1998, "en")
        b = _ruled(new, Edition.ISKO_2022, "en")
        result = ("outcome", "score", "card_points", "multiplier")
        assert [a[k] for k in result] != [b[k] for k in result] or [
            s["text"] for s in a["reasoning"]
        ] != [s["text"] for s in b["reasoning"]], new.name
