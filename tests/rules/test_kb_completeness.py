"""The real catalogue holds exactly the ids extracted from both translations.

These tests are strict on purpose: they fail until every section file (isko-1 ... isko-5,
skwo-1 ... skwo-9) is present and complete.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import yaml

from referee.rules import catalogue as kb

HERE = Path(__file__).resolve().parent
EXPECTED = yaml.safe_load((HERE / "expected_ids.yaml").read_text(encoding="utf-8"))


def _extractor():
    spec = importlib.util.spec_from_file_location("kb_extract_ids", HERE / "extract_ids.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_expected_ids_are_unique_and_well_formed() -> None:
    ids = EXPECTED["ids"]
    assert len(ids) == len(set(ids)) == 215
    assert all(kb._ID.match(i) for i in ids)
    assert set(EXPECTED["only_in_one_translation"]) <= set(ids)


def test_every_expected_id_is_in_the_catalogue() -> None:
    catalogue = kb.default_catalogue()
    missing = [i for i in EXPECTED["ids"] if i not in catalogue]
    assert not missing, f"{len(missing)} ids missing from rules_kb, e.g. {missing[:10]}"


def test_every_catalogue_id_is_expected() -> None:
    extra = [c.id for c in kb.default_catalogue() if c.id not in set(EXPECTED["ids"])]
    assert not extra, f"ids in rules_kb but not in expected_ids.yaml: {extra}"


def test_no_ref_points_into_a_missing_section() -> None:
    assert kb.default_catalogue().unresolved_refs == ()


def test_every_section_file_is_present() -> None:
    sections = set(kb.default_catalogue().sections)
    wanted = {("ISkO", str(n)) for n in range(1, 6)} | {("SkWO", str(n)) for n in range(1, 10)}
    assert wanted - sections == set()


def test_one_sided_ids_carry_notes() -> None:
    """An id only one translation numbers explains the numbering in its notes."""
    catalogue = kb.default_catalogue()
    for cid in EXPECTED["only_in_one_translation"]:
        if cid in catalogue:  # absence is reported by the test above
            assert catalogue.get(cid).notes, cid


@pytest.mark.skipif(not _extractor().SEEDS.is_dir(), reason="seed texts not available")
def test_expected_ids_match_the_extraction_from_both_translations() -> None:
    extractor = _extractor()
    printed: dict[str, set[str]] = {"en": set(), "es": set()}
    for lang in printed:
        for doc, number, dup in extractor.extract(lang):
            key = f"{lang} {doc} {number}{' (dup)' if dup else ''}"
            if key not in EXPECTED["not_ids"]:
                printed[lang].add(f"{doc} {number}")
    assert printed["en"] | printed["es"] == set(EXPECTED["ids"])
    one_sided = printed["en"] ^ printed["es"]
    assert one_sided == set(EXPECTED["only_in_one_translation"])


def test_extraction_sees_the_numbers_hidden_by_page_breaks() -> None:
    extractor = _extractor()
    if not extractor.SEEDS.is_dir():
        pytest.skip("seed texts not available")
    english = {n for d, n, _ in extractor.extract("en") if d == "ISkO"}
    assert {"3.2.2", "3.3.3", "3.4.6", "4.3.6"} <= english
