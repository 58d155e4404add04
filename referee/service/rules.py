"""Queries on the clause catalogue, with texts in one language.

>>> normalize_id("isko-4.2.3"), normalize_id("SkWO_9.10"), normalize_id("ISkO 4.1")
('ISkO 4.2.3', 'SkWO 9.10', 'ISkO 4.1')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.service import engine

_ID = re.compile(r"^(isko|skwo)[\s_\-]+(\d+(?:\.\d+)*)$", re.IGNORECASE)
_DOCS = {"isko": "ISkO", "skwo": "SkWO"}


def normalize_id(clause_id: str) -> str:
    """Accept ``isko-4.2.3`` and similar spellings for ``ISkO 4.2.3``."""
    m = _ID.match(clause_id.strip())
    return f"{_DOCS[m.group(1).lower()]} {m.group(2)}" if m else clause_id.strip()


def _text(value: Any, lang: str) -> str | None:
    if isinstance(value, Mapping):
        return value.get(lang) or value.get("en")
    return value


def present(clause: Any, lang: str) -> dict[str, Any]:
    """A clause as JSON, its title and summary in ``lang``."""
    get = clause.get if isinstance(clause, Mapping) else lambda k, d=None: getattr(clause, k, d)
    return {
        "id": get("id"),
        "document": get("document"),
        "edition": get("edition"),
        "number": get("number"),
        "section_path": [str(s) for s in (get("section_path") or [])],
        "heading": bool(get("heading", False)),
        "title": _text(get("title"), lang),
        "summary": _text(get("summary"), lang),
        "language": lang,
        "refs": list(get("refs") or []),
        "kinds": list(get("kinds") or []),
        "sources": list(get("sources") or []),
        "notes": get("notes"),
    }


def find(
    lang: str, *, q: str | None = None, document: str | None = None, kind: str | None = None
) -> list[dict[str, Any]]:
    """Clauses in catalogue order, or the search hits for ``q`` in its order."""
    cat = engine.catalogue()
    if q:
        hits = cat.search(q.split(), lang)
        clauses = [h[0] if isinstance(h, tuple) else h for h in hits]
    else:
        clauses = list(cat)
    out = [present(c, lang) for c in clauses]
    if document:
        out = [c for c in out if c["document"] == document]
    if kind:
        out = [c for c in out if kind in c["kinds"]]
    return out


def get(clause_id: str, lang: str) -> dict[str, Any]:
    """One clause (the catalogue raises ClauseNotFound, code ``kb.clause_not_found``)."""
    return present(engine.catalogue().get(normalize_id(clause_id)), lang)
