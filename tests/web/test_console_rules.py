"""The console's rule browser: clauses grouped by chapter, cross-references with their titles,
and the search in the referee's words."""

from __future__ import annotations

import re

import pytest

from referee.core.ruleset import Edition
from referee.core.vocabulary import parse_language
from referee.rules.catalogue import default_catalogue
from referee.rules.editions import Confidence, numbering
from tests.support.web import Console

CLAUSE_RE = re.compile(r'data-clause="([^"]+)"')
CHAPTER_RE = re.compile(r'<details class="chapter" id="([^"]+)" data-chapter="([^"]+)">')


@pytest.fixture
def referee(as_role) -> Console:  # type: ignore[no-untyped-def]
    return as_role("referee")


def _page(c: Console, url: str) -> str:
    response = c.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def test_the_browser_groups_every_clause_once_by_chapter(referee: Console) -> None:
    body = _page(referee, "/console/rules?lang=de")
    chapters = CHAPTER_RE.findall(body)
    assert [c[1] for c in chapters] == [f"ISkO {n}" for n in range(1, 6)] + [
        f"SkWO {n}" for n in range(1, 10)
    ]
    assert ("isko-4", "ISkO 4") in chapters
    shown = CLAUSE_RE.findall(body)
    assert sorted(shown) == sorted(c.id for c in default_catalogue())  # each clause once
    assert "215 Regeln" in body
    # chapter titles and the document names in the chosen language
    isko4 = body[body.index('data-chapter="ISkO 4"') : body.index('data-chapter="ISkO 5"')]
    assert "Durchführung des Spiels" in isko4 and "(47 Regeln)" in isko4
    assert '<span class="cid">4.2</span> Bedienen' in isko4  # the heading over 4.2.x
    assert isko4.index('data-clause="ISkO 4.2"') < isko4.index('data-clause="ISkO 4.2.8"')
    assert "Internationale Skatordnung (ISkO)" in body and "Skatwettspielordnung (SkWO)" in body
    spanish = _page(referee, "/console/rules?lang=es")
    assert "Desarrollo del juego" in spanish and "Reglamento de Torneos de Skat" in spanish


def test_the_browser_narrowed_to_one_document(referee: Console) -> None:
    body = _page(referee, "/console/rules?document=SkWO&lang=en")
    assert [c[1] for c in CHAPTER_RE.findall(body)] == [f"SkWO {n}" for n in range(1, 10)]
    assert 'data-clause="ISkO' not in body and "International Skat Order (ISkO)" not in body
    assert f"{sum(c.document == 'SkWO' for c in default_catalogue())} clauses" in body


def test_isko_4_2_8_page_shows_its_cross_references_with_titles(referee: Console) -> None:
    body = _page(referee, "/console/rules/isko-4.2.8?lang=de")
    assert "Durchführung des Spiels" in body and ">4.2 Bedienen</a>" in body  # where it stands
    # the refs list: link and title of each clause it points to
    assert (
        '<a href="/console/rules/isko-4.1.3"><span class="cid">ISkO 4.1.3</span></a> '
        "Unberechtigtes Ausspielen beendet das Spiel" in body
    )
    # the clause numbers in the summary link to their clause, titled
    assert (
        '<a class="ref" href="/console/rules/isko-4.1.6" title="Weiterspiel auf Verlangen">'
        "4.1.6</a>" in body
    )
    # and the clauses that point here, with titles
    cited = body[body.index("Darauf verweisen") :]
    assert "SkWO 8.5" in cited and "Geber darf weder Skat noch beide Blätter einsehen" in cited


def test_skwo_8_5_links_isko_numbers_to_the_isko(referee: Console) -> None:
    body = _page(referee, "/console/rules/skwo-8.5?lang=de")
    assert 'href="/console/rules/isko-3.3.9" title="Skat während des Reizens gesehen"' in body
    # "(ISkO 3.3.9, 4.2.8)": the bare number belongs to the ISkO named before it
    assert 'href="/console/rules/isko-4.2.8" title="Skateinsicht während des Spiels">4.2.8' in body


@pytest.mark.parametrize(
    ("lang", "query", "clause"),
    [
        ("de", "in den Skat geschaut", "ISkO 4.2.8"),
        ("de", "Karten aufgelegt", "ISkO 4.3.4"),
        ("es", "renuncio", "ISkO 4.2.3"),
        ("en", "4.2.8", "ISkO 4.2.8"),
    ],
)
def test_the_search_page_uses_the_rule_search(
    referee: Console, lang: str, query: str, clause: str
) -> None:
    body = _page(referee, f"/console/rules?q={query}&lang={lang}")
    hits = CLAUSE_RE.findall(body)
    assert clause in hits[:5]
    assert hits == [
        c.id for c in default_catalogue().search(query, lang=parse_language(lang))
    ]  # its order
    assert '<details class="chapter"' not in body  # hits are ranked, not grouped
    assert f'<details data-clause="{hits[0]}" open>' in body  # the best one open


def test_the_search_page_names_each_hits_chapter(referee: Console) -> None:
    body = _page(referee, "/console/rules?q=Skat+angesehen&lang=de")
    item = body[body.index('data-clause="ISkO 4.2.8"') :]
    assert "ISkO 4 · Durchführung des Spiels" in item[: item.index("</details>")]
    assert "beste Treffer zuerst" in body and 'href="/console/rules"' in body


def test_a_clause_page_shows_its_2022_number_and_is_found_by_it(referee: Console) -> None:
    body = _page(referee, "/console/rules/isko-4.4.4?edition=2022&lang=de")
    assert '<span class="cid">ISkO 4.3.4</span>' in body  # the claim, by its 1998/99 id
    assert "ISkO 2018/2022: ISkO 4.4.4 (gesichert) · Quellen: " in body
    same = _page(referee, "/console/rules/isko-4.3.4?lang=de")
    assert body[body.index("<h1>") :] == same[same.index("<h1>") :]
    # without the edition the number is the 1998/99 one: another clause
    assert '<span class="cid">ISkO 4.4.4</span>' in _page(referee, "/console/rules/isko-4.4.4")


def test_an_inferred_number_is_shown_as_probable_never_as_certain(referee: Console) -> None:
    rows = numbering(Edition.ISKO_2022).rows.values()
    row = next(r for r in rows if r.confidence is Confidence.INFERRED and r.number)
    slug = row.id.lower().replace(" ", "-")
    body = _page(referee, f"/console/rules/{slug}?lang=en")
    assert f"ISkO 2018/2022: probably {row.number} (inferred, no source confirms it)" in body
    assert f"{row.number} (certain)" not in body


def test_the_browser_shows_later_numbers_and_its_search_finds_a_2022_number(
    referee: Console,
) -> None:
    body = _page(referee, "/console/rules?lang=en")
    claim = body[body.index('data-clause="ISkO 4.3.4"') :]
    assert claim.index("ISkO 2018/2022: ISkO 4.4.4 (certain)") < claim.index("</details>")
    hits = CLAUSE_RE.findall(_page(referee, "/console/rules?q=4.4.4&lang=en"))
    assert "ISkO 4.3.4" in hits[:2]  # by its 2022 number, beside 1998/99's own 4.4.4
