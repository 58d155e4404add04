"""The rule search finds the clause for what a referee types (ISkO 4.2.8 for "Skat angesehen").

The phrasings and the clause each must find are data: tests/cases/rules_search/phrasings.yaml,
each justified there by the clause's text. Every query is searched in its own language
(German in the German texts, Spanish in the Spanish) and its clause must be among the
first ``top`` hits (5).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.core.vocabulary import parse_language
from referee.rules.catalogue import default_catalogue

DATA = Path(__file__).resolve().parents[1] / "cases" / "rules_search" / "phrasings.yaml"
SPEC: dict[str, Any] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
TOP: int = SPEC["top"]
PHRASINGS: list[dict[str, str]] = SPEC["phrasings"]


def _id(p: dict[str, str]) -> str:
    return f"{p['clause'].replace(' ', '_')}-{p['lang']}-{p['query']}"


def test_the_list_is_what_the_issue_asks_for() -> None:
    langs = [p["lang"] for p in PHRASINGS]
    assert len(PHRASINGS) >= 30 and TOP <= 5
    assert langs.count("de") >= 15 and langs.count("es") >= 10
    assert len({(p["lang"], p["query"]) for p in PHRASINGS}) == len(PHRASINGS)
    cat = default_catalogue()
    for p in PHRASINGS:
        assert p["clause"] in cat and p["why"].strip(), p


@pytest.mark.parametrize("phrasing", PHRASINGS, ids=_id)
def test_phrasing_finds_its_clause(phrasing: dict[str, str]) -> None:
    hits = [
        c.id
        for c in default_catalogue().search(
            phrasing["query"], lang=parse_language(phrasing["lang"])
        )
    ]
    assert phrasing["clause"] in hits[:TOP], (
        f"{phrasing['query']!r} ({phrasing['lang']}) should find {phrasing['clause']} "
        f"in the first {TOP}; got {hits[:TOP]}"
    )
