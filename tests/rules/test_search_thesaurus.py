"""The rule search's thesaurus (rules_kb/search/synonyms.yaml) and the word analysis it uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.vocabulary import Language
from referee.rules import catalogue as kb
from referee.rules.search import Analyzer, Thesaurus, fold


def _write(mini_dir: Path, text: str) -> None:
    (mini_dir / "search").mkdir(exist_ok=True)
    (mini_dir / "search" / "synonyms.yaml").write_text(text, encoding="utf-8")


def test_the_projects_thesaurus_loads_with_the_catalogue() -> None:
    thesaurus = kb.default_catalogue().thesaurus
    assert set(thesaurus.groups) == {"de", "es", "en"}
    assert "der" in thesaurus.stopwords["de"] and "el" in thesaurus.stopwords["es"]


def test_a_catalogue_without_its_own_thesaurus_uses_the_projects(mini: kb.Catalogue) -> None:
    assert mini.thesaurus == kb.default_catalogue().thesaurus


def test_a_catalogues_own_thesaurus_is_used(mini_dir: Path) -> None:
    _write(mini_dir, "synonyms:\n  de:\n    - [beobachtet, angesehen]\n")
    cat = kb.load_catalogue(mini_dir)
    assert [c.id for c in cat.search("beobachtet", lang=Language.DE)] == ["ISkO 4.2.8"]
    assert cat.thesaurus.stopwords == {}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("synonyms: [1, 2]\n", "synonyms must map a language"),
        ("synonyms:\n  fr: [[a, b]]\n", "unknown language 'fr'"),
        ("synonyms:\n  de: [[allein]]\n", "group 1: must list at least two"),
        ("synonyms:\n  de: [[a, b], [c, B]]\n", "group 2: 'B' is in group 1 too"),
        ("stopwords:\n  de: [der, 3]\n", "stopwords.de must be a list of words"),
        ("words: {}\n", "unknown top-level key 'words'"),
        ("synonyms: [\n", "cannot read YAML"),
    ],
)
def test_a_broken_thesaurus_is_refused_naming_the_file(
    mini_dir: Path, text: str, problem: str
) -> None:
    _write(mini_dir, text)
    with pytest.raises(kb.CatalogueError) as info:
        kb.load_catalogue(mini_dir)
    assert info.value.code == "kb.invalid"
    assert any(p.startswith("search/synonyms.yaml: ") and problem in p for p in info.value.problems)


@pytest.mark.parametrize(
    ("word", "also"),
    [
        ("angesehen", "ansehen"),
        ("aufgelegt", "auflegen"),
        ("abgekürzt", "abkürzen"),
        ("ausgespielt", "ausspielen"),
        ("gedrückt", "drücken"),
        ("zugegeben", "zugeben"),
        ("aufgedeckte", "aufdecken"),
        ("auszuspielen", "ausspielen"),
    ],
)
def test_german_participles_stand_for_their_verb(word: str, also: str) -> None:
    a = Analyzer("de", Thesaurus.empty())
    assert a.alternatives(also) <= a.alternatives(word)


@pytest.mark.parametrize(
    ("word", "same"), [("spät", "spaet"), ("Spät", "spat"), ("Straße", "strasse")]
)
def test_umlauts_fold_both_ways(word: str, same: str) -> None:
    a = Analyzer("de", Thesaurus.empty())
    assert a.alternatives(word) == a.alternatives(same)


def test_spanish_accents_fold() -> None:
    a = Analyzer("es", Thesaurus.empty())
    assert a.alternatives("apelación") == a.alternatives("apelacion")
    assert a.alternatives("Revocó") == a.alternatives("revoco") == a.alternatives("revocar")
    assert fold("Ñandú") == "nandu"


def test_the_search_is_deterministic() -> None:
    cat = kb.default_catalogue()
    first = [c.id for c in cat.search("Karte Skat Stich", lang=Language.DE)]
    fresh = kb.load_catalogue(kinds=kb.kinds_by_clause())
    assert [c.id for c in fresh.search("Karte Skat Stich", lang=Language.DE)] == first
    assert [c.id for c in fresh.search("Stich Skat Karte", lang=Language.DE)] == first


@settings(max_examples=60, deadline=None)
@given(query=st.text(max_size=60), lang=st.sampled_from(list(Language)))
def test_any_query_gives_a_ranked_list_without_error(query: str, lang: Language) -> None:
    cat = kb.default_catalogue()
    hits = cat.search(query, lang=lang)
    assert all(isinstance(c, kb.Clause) for c in hits)
    assert len({c.id for c in hits}) == len(hits)
    assert [c.id for c in cat.search(query, lang=lang)] == [c.id for c in hits]


def test_a_long_query_is_read_up_to_its_24th_word() -> None:
    cat = kb.default_catalogue()
    padding = " ".join(["Spiel"] * 24)
    assert cat.search(f"{padding} Kiebitz", lang=Language.DE) == cat.search(
        padding, lang=Language.DE
    )
    assert cat.search("x" * 100_000, lang=Language.DE) == []
