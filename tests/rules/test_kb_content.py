"""Content checks on the real catalogue: languages, kinds, and the translation notes."""

from __future__ import annotations

import pytest

from referee.core.kinds import KINDS
from referee.rules import catalogue as kb


@pytest.fixture(scope="module")
def cat() -> kb.Catalogue:
    return kb.default_catalogue()


def test_every_clause_has_three_nonempty_summaries_and_titles(cat: kb.Catalogue) -> None:
    assert len(cat) > 0
    for clause in cat:
        for lang in kb.LANGUAGES:
            assert clause.summary[lang].strip(), (clause.id, lang)
            assert clause.title[lang].strip(), (clause.id, lang)


def test_summaries_are_translated_not_copied(cat: kb.Catalogue) -> None:
    same = [
        c.id
        for c in cat
        if c.summary["de"] == c.summary["en"] or c.summary["es"] == c.summary["en"]
    ]
    assert not same


def test_kind_codes_sit_on_the_clauses_that_cite_them(cat: kb.Catalogue) -> None:
    missing = [
        (kind, cid)
        for kind, spec in KINDS.items()
        for cid in spec.clauses
        if cid not in cat or kind not in cat.get(cid).kinds
    ]
    assert not missing, f"clauses without their kind code (or absent): {missing}"


def test_every_kind_code_is_used(cat: kb.Catalogue) -> None:
    assert {k for c in cat for k in c.kinds} == kb.KINDS


@pytest.mark.parametrize("number", ["3.2.14", "3.2.15", "3.3.10", "3.3.11", "3.4.7", "3.4.5"])
def test_isko_3_translation_differences_are_noted(cat: kb.Catalogue, number: str) -> None:
    assert cat.get(number).notes


def test_isko_3_3_10_notes_give_both_readings(cat: kb.Catalogue) -> None:
    notes = cat.get("3.3.10").notes or ""
    assert "English 3.3.10" in notes and "Spanish 3.3.10" in notes and "engine" in notes


def test_isko_3_3_11_is_english_only(cat: kb.Catalogue) -> None:
    assert cat.get("3.3.11").sources == ("en",)


def test_isko_3_2_14_excludes_from_bidding_and_cites_skat_viewed(cat: kb.Catalogue) -> None:
    clause = cat.get("3.2.14")
    assert "skat_viewed" in clause.kinds and "bidding" in clause.summary["en"]
    assert "Reizen" in clause.summary["de"] and "remate" in clause.summary["es"]


def test_german_uses_skat_terms(cat: kb.Catalogue) -> None:
    german = " ".join(c.summary["de"] for c in cat if c.document == "ISkO")
    for term in (
        "Alleinspieler",
        "Gegenspieler",
        "Vorhand",
        "Mittelhand",
        "Hinterhand",
        "Spitzen",
        "Reizen",
        "Schneider",
        "Schwarz",
        "Ouvert",
    ):
        assert term in german, term
