"""Every clause id written anywhere in the engine resolves to a clause of rules_kb."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.rules.catalogue import default_catalogue

ROOT = Path(__file__).resolve().parents[2] / "referee"
CLAUSE = re.compile(r'"((?:ISkO|SkWO) \d+(?:\.\d+)+)"')
DOCTEST_COUNTEREXAMPLES = {"ISkO 9.9.9"}


def _cited() -> list[tuple[str, str]]:
    out = []
    for layer in ("rulings", "record", "core", "rules"):
        for path in sorted((ROOT / layer).glob("*.py")):
            for ref in CLAUSE.findall(path.read_text(encoding="utf-8")):
                if ref not in DOCTEST_COUNTEREXAMPLES:
                    out.append((path.name, ref))
    return out


CITED = _cited()


def test_the_engine_cites_many_clauses():
    assert len({ref for _, ref in CITED}) >= 40


@pytest.mark.parametrize("where, ref", CITED, ids=[f"{w}:{r}" for w, r in CITED])
def test_every_clause_the_engine_cites_exists_in_the_kb(where, ref):
    assert ref in default_catalogue(), f"{where} cites {ref}, which rules_kb does not hold"
