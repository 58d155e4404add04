"""Lookup, ordering, search and cross-reference walks on a small catalogue."""

from __future__ import annotations

import dataclasses

import pytest

from referee.core.vocabulary import Language
from referee.rules import catalogue as kb


@pytest.mark.parametrize("ref", ["ISkO 4.2.3", "4.2.3", "isko 4.2.3", " ISKO   4.2.3 ", "4.2.3."])
def test_get_is_case_and_space_tolerant(mini: kb.Catalogue, ref: str) -> None:
    assert mini.get(ref).id == "ISkO 4.2.3"


def test_get_skwo(mini: kb.Catalogue) -> None:
    assert mini.get("skwo 5.1").document == "SkWO"


@pytest.mark.parametrize("ref", ["ISkO 4.2.4", "SkWO 4.2.3", "four", ""])
def test_unknown_clause_raises_coded_error(mini: kb.Catalogue, ref: str) -> None:
    with pytest.raises(kb.ClauseNotFound) as info:
        mini.get(ref)
    assert info.value.code == "kb.clause_not_found"


def test_contains(mini: kb.Catalogue) -> None:
    assert "4.2.3" in mini and "SkWO 5.1" in mini
    assert "4.2.4" not in mini and "nonsense" not in mini and 42 not in mini


def test_clause_fields(mini: kb.Catalogue) -> None:
    c = mini.get("4.2.3")
    assert (c.document, c.edition, c.number) == ("ISkO", "ISkO 1998/99", "4.2.3")
    assert c.section_path == ("4", "4.2", "4.2.3")
    assert c.heading is False and mini.get("4.2").heading is True
    assert c.sources == ("en", "es") and c.file == "isko-4.yaml"
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.number = "4.2.4"  # type: ignore[misc]


def test_document_order_is_numeric(mini: kb.Catalogue) -> None:
    ids = [c.id for c in mini]
    assert ids.index("ISkO 4.1.9") + 1 == ids.index("ISkO 4.1.10")
    assert ids[0] == "ISkO 4.1" and ids[-1] == "SkWO 5.1"


def test_refs_of_and_walk(mini: kb.Catalogue) -> None:
    assert [c.number for c in mini.refs_of("4.2.3")] == ["4.1.3", "4.1.4", "4.1.5", "4.1.6"]
    walk = mini.walk("SkWO 5.1", depth=2)
    assert [(d, c.id) for d, c in walk][:3] == [
        (0, "SkWO 5.1"),
        (1, "ISkO 4.2.8"),
        (2, "ISkO 4.2.3"),
    ]
    assert len(mini.walk("SkWO 5.1", depth=3)) == 7
    assert mini.walk("4.2.3", depth=0) == [(0, mini.get("4.2.3"))]


def test_by_kind(mini: kb.Catalogue) -> None:
    assert [c.id for c in mini.by_kind("revoke")] == ["ISkO 4.2.3"]
    assert len(mini.by_kind("false_lead")) == 8


def test_search_puts_clauses_holding_every_word_first(mini: kb.Catalogue) -> None:
    assert [c.id for c in mini.search("skat viewed")][:1] == ["ISkO 4.2.8"]
    # no clause holds both: the best of those holding one of them, up to five
    assert {c.id for c in mini.search("skat revoke")} == {"ISkO 4.2.3", "ISkO 4.2.8"}
    assert mini.search("") == [] and mini.search("zebra") == []


def test_search_ranks_title_hits_first(mini: kb.Catalogue) -> None:
    hits = [c.id for c in mini.search("ends")]
    assert hits[:2] == ["ISkO 4.2.3", "ISkO 4.2.8"]  # in 4.2.3's title, 4.2.8's summary


def test_search_in_german_reads_the_german_texts(mini: kb.Catalogue) -> None:
    assert [c.id for c in mini.search("skat VIEWED angesehen", lang=Language.DE)] == ["ISkO 4.2.8"]
    assert [c.id for c in mini.search("geschaut", lang=Language.DE)] == ["ISkO 4.2.8"]  # "schaut"
    assert mini.search("looking", lang=Language.DE) == []  # only the English summary says it
    assert [c.id for c in mini.search("looking")] == ["ISkO 4.2.8"]


def test_search_is_accent_insensitive(mini: kb.Catalogue) -> None:
    assert [c.id for c in mini.search("decision arbitro", lang=Language.ES)] == ["ISkO 4.2.8"]
    assert [c.id for c in mini.search("ÜBER 4.1.3", lang=Language.DE)][0] == "ISkO 4.1.3"
    assert [c.id for c in mini.search("Titulo 4.1.4", lang=Language.ES)][0] == "ISkO 4.1.4"


def test_search_finds_a_clause_number(mini: kb.Catalogue) -> None:
    assert [c.id for c in mini.search("4.2.8")] == ["ISkO 4.2.8"]
    assert [c.id for c in mini.search("SkWO 5.1", lang=Language.DE)][0] == "SkWO 5.1"
    assert [c.id for c in mini.search("4.2")][:2] == ["ISkO 4.2", "ISkO 4.2.3"]


def test_search_matches_kind_codes(mini: kb.Catalogue) -> None:
    assert [c.id for c in mini.search("revoke")] == ["ISkO 4.2.3"]


def test_search_takes_a_parsed_language_only(mini: kb.Catalogue) -> None:
    """The caller parses the language (parse_language); the search guesses none."""
    with pytest.raises(TypeError, match="parse_language"):
        mini.search("geschaut", lang="de")  # type: ignore[arg-type]


def test_a_clause_without_text_in_the_language_is_an_error_not_english(
    mini: kb.Catalogue,
) -> None:
    gap = [
        dataclasses.replace(c, title={k: v for k, v in c.title.items() if k != "de"})
        if c.id == "ISkO 4.2.8"
        else c
        for c in mini
    ]
    broken = kb.Catalogue(gap, thesaurus=mini.thesaurus)
    assert [c.id for c in broken.search("looking")] == ["ISkO 4.2.8"]
    with pytest.raises(kb.CatalogueError) as caught:
        broken.search("looking", lang=Language.DE)
    assert caught.value.where == {"clause": "ISkO 4.2.8", "language": "de"}
    assert "ISkO 4.2.8: title is missing language 'de'" in caught.value.problems
