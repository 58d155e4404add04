"""The loader rejects broken catalogues, naming the file and the clause."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.errors import RefereeError
from referee.rules import catalogue as kb
from tests.support.kb_fixtures import clause, mini_kb, section_file, write_kb


def broken(tmp_path: Path, mutate) -> kb.CatalogueError:
    """Load the mini catalogue after ``mutate(files)``; return the error it raises."""
    files = mini_kb()
    mutate(files)
    with pytest.raises(kb.CatalogueError) as info:
        kb.load_catalogue(write_kb(tmp_path / "kb", files))
    assert info.value.code == "kb.invalid"
    assert isinstance(info.value, RefereeError)
    return info.value


def isko(files: dict) -> list[dict]:
    return files["isko-4.yaml"]["clauses"]


def find(files: dict, cid: str) -> dict:
    return next(c for c in isko(files) if c["id"] == cid)


def test_mini_catalogue_is_valid(mini: kb.Catalogue) -> None:
    assert len(mini) == 13
    assert mini.unresolved_refs == ()


def test_unknown_field_names_file_and_clause(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: find(f, "ISkO 4.2.3").update(penalty="loss"))
    assert "isko-4.yaml" in str(err) and "ISkO 4.2.3" in str(err) and "penalty" in str(err)
    assert err.where == {"file": "isko-4.yaml", "clause": "ISkO 4.2.3"}


def test_unknown_top_level_key(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: f["skwo-5.yaml"].update(version=2))
    assert "skwo-5.yaml" in str(err) and "version" in str(err)


def test_duplicate_id_in_one_file(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: isko(f).append(clause("ISkO 4.1.7")))
    assert "isko-4.yaml: ISkO 4.1.7: duplicate id" in str(err)


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    def mutate(files: dict) -> None:
        files["isko-4b.yaml"] = section_file("ISkO", "4", [clause("ISkO 4.2.3")])

    err = broken(tmp_path, mutate)
    assert "ISkO 4.2.3: duplicate id (also in isko-4.yaml)" in str(err)
    assert "isko-4b.yaml" in str(err)


def test_dangling_ref(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: find(f, "ISkO 4.2.3")["refs"].append("ISkO 4.1.12"))
    assert "isko-4.yaml: ISkO 4.2.3: dangling ref 'ISkO 4.1.12'" in str(err)


def test_ref_into_a_section_not_yet_written_is_recorded(tmp_path: Path) -> None:
    files = mini_kb()
    find(files, "ISkO 4.2.3")["refs"].append("ISkO 3.2.9")
    cat = kb.load_catalogue(write_kb(tmp_path / "kb", files))
    assert cat.unresolved_refs == (("ISkO 4.2.3", "ISkO 3.2.9"),)
    assert [c.id for c in cat.refs_of("ISkO 4.2.3")][-1] == "ISkO 4.1.6"


@pytest.mark.parametrize("field", ["title", "summary"])
def test_missing_language(tmp_path: Path, field: str) -> None:
    err = broken(tmp_path, lambda f: find(f, "ISkO 4.1.5")[field].pop("de"))
    assert f"isko-4.yaml: ISkO 4.1.5: {field} is missing language 'de'" in str(err)


def test_empty_summary_counts_as_missing(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: find(f, "ISkO 4.1.5")["summary"].update(es="  "))
    assert "ISkO 4.1.5: summary is missing language 'es'" in str(err)


@pytest.mark.parametrize("bad_id", ["ISKO 4.1.11", "ISkO 4.1.11.", "4.1.11", "ISkO  4.1.11"])
def test_bad_id_syntax(tmp_path: Path, bad_id: str) -> None:
    err = broken(tmp_path, lambda f: isko(f).append(clause(bad_id)))
    assert f"isko-4.yaml: {bad_id}: bad id syntax" in str(err)


def test_id_outside_the_files_section(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: isko(f).append(clause("ISkO 3.9.1")))
    assert "ISkO 3.9.1: id is not in section 4" in str(err)


def test_unknown_kind(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: find(f, "ISkO 4.2.3")["kinds"].append("reneging"))
    assert "ISkO 4.2.3: unknown kind code 'reneging'" in str(err)


def test_edition_mismatch(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: f["skwo-5.yaml"].update(edition="ISkO 1998/99"))
    assert "skwo-5.yaml" in str(err) and "does not match document SkWO" in str(err)


def test_document_does_not_match_file_name(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: f["skwo-5.yaml"].update(section="6"))
    assert "skwo-5.yaml: file name does not match" in str(err)


def test_one_sided_clause_needs_notes(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: f["skwo-5.yaml"]["clauses"][0].pop("notes"))
    assert "skwo-5.yaml: SkWO 5.1: notes are required" in str(err)


def test_yaml_syntax_error_names_file(tmp_path: Path) -> None:
    err = broken(tmp_path, lambda f: f.update({"isko-5.yaml": "clauses: [unclosed"}))
    assert "isko-5.yaml: cannot read YAML" in str(err)


def test_every_problem_is_listed(tmp_path: Path) -> None:
    def mutate(files: dict) -> None:
        find(files, "ISkO 4.1.3").update(extra=1)
        find(files, "ISkO 4.1.4")["summary"].pop("es")

    err = broken(tmp_path, mutate)
    assert len(err.problems) == 2


def test_empty_directory(tmp_path: Path) -> None:
    with pytest.raises(kb.CatalogueError, match="no rules_kb"):
        kb.load_catalogue(tmp_path)


def test_env_var_selects_the_directory(mini_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kb.ENV_VAR, str(mini_dir))
    assert kb.default_path() == mini_dir
    assert len(kb.load_catalogue()) == 13


def test_default_path_is_the_repository_rules_kb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kb.ENV_VAR, raising=False)
    assert kb.default_path() == Path(__file__).resolve().parents[2] / "rules_kb"


def test_default_catalogue_is_cached() -> None:
    assert kb.default_catalogue() is kb.default_catalogue()
