"""Queries on the clause catalogue, with texts in one language.

>>> normalize_id("isko-4.2.3"), normalize_id("SkWO_9.10"), normalize_id("ISkO 4.1")
('ISkO 4.2.3', 'SkWO 9.10', 'ISkO 4.1')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.core.kinds import Kind
from referee.core.ruleset import Edition
from referee.core.vocabulary import Language
from referee.rules.catalogue import default_catalogue
from referee.rules.editions import later_numbers, numbering, resolve

_ID = re.compile(r"^(isko|skwo)[\s_\-]+(\d+(?:\.\d+)*)$", re.IGNORECASE)
_DOCS = {"isko": "ISkO", "skwo": "SkWO"}
_NUMBER = re.compile(r"^((isko|skwo)[\s_\-]+)?\d+(?:\.\d+)+$", re.IGNORECASE)
#: the editions a clause can be looked up by
EDITION_VALUES = frozenset(e.value for e in Edition)


def normalize_id(clause_id: str) -> str:
    """Accept ``isko-4.2.3`` and similar spellings for ``ISkO 4.2.3``."""
    m = _ID.match(clause_id.strip())
    return f"{_DOCS[m.group(1).lower()]} {m.group(2)}" if m else clause_id.strip()


def _text(value: Any, lang: Language) -> str | None:
    text: str | None = value.get(lang) or value.get("en") if isinstance(value, Mapping) else value
    return text


def present(clause: Any, lang: Language) -> dict[str, Any]:
    """A clause as JSON, its title and summary in ``lang``."""
    get = clause.get if isinstance(clause, Mapping) else lambda k, d=None: getattr(clause, k, d)
    clause_id = str(get("id"))  # (an id the data lacks numbers nothing, as "None" does)
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
        "numbers": later_numbers(clause_id),
    }


def lookup(clause_id: str, edition: str | None = None) -> str:
    """The catalogue id of ``clause_id``: a 1998/99 id, or with ``edition`` the clause's
    number in that edition (``4.4.4`` under ``2022`` is ISkO 4.3.4)."""
    ref = normalize_id(clause_id)
    if edition is None:
        return ref
    return resolve(ref, Edition(edition))


def find(
    lang: Language, *, q: str | None = None, document: str | None = None, kind: Kind | None = None
) -> list[dict[str, Any]]:
    """Clauses in catalogue order, or the search hits for ``q`` in its order."""
    cat = default_catalogue()
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


def by_later_number(text: str, lang: Language) -> list[dict[str, Any]]:
    """The clauses that an edition after 1998/99 numbers ``text`` ("4.4.4"), if it is a
    clause number at all; certain numbers first."""
    if not _NUMBER.match(text.strip()):
        return []
    ref = normalize_id(text)
    cat = default_catalogue()
    out: list[dict[str, Any]] = []
    for edition in Edition:
        if edition is Edition.ISKO_1998:
            continue
        out += [present(cat.get(row.id), lang) for row in numbering(edition).find(ref)]
    return out


def get(clause_id: str, lang: Language, edition: str | None = None) -> dict[str, Any]:
    """One clause by its 1998/99 id or, with ``edition``, by its number there (the
    catalogue raises ClauseNotFound, code ``kb.clause_not_found``)."""
    return present(default_catalogue().get(lookup(clause_id, edition)), lang)


def chapter_title(document: str, section: str, lang: Language) -> str:
    """The title of a chapter (``ISkO 4``: a section file of rules_kb) in ``lang``."""
    titles = default_catalogue().sections.get((document, section), {})
    return titles.get(lang) or titles.get("en", "")


def title_of(clause_id: str, lang: Language) -> str | None:
    """The title of clause ``clause_id`` in ``lang``, or None if there is no such clause."""
    cat = default_catalogue()
    if clause_id not in cat:
        return None
    return cat.get(clause_id).text(lang)[0]


def chapters(lang: Language, *, document: str | None = None) -> list[dict[str, Any]]:
    """Every clause grouped by chapter (``ISkO 4``) and, inside it, by numbered heading.

    Each chapter is ``{document, section, title, count, parts}``; a part is ``{head,
    clauses}``: ``head`` a heading clause (``ISkO 4.1``) with ``clauses`` under it, or None
    for clauses that stand directly in the chapter (``SkWO 8.1``). Document order.
    """
    out: list[dict[str, Any]] = []
    for clause in default_catalogue():
        if document and clause.document != document:
            continue
        section = clause.section_path[0]
        if not out or (out[-1]["document"], out[-1]["section"]) != (clause.document, section):
            out.append(
                {
                    "document": clause.document,
                    "section": section,
                    "title": chapter_title(clause.document, section, lang),
                    "count": 0,
                    "parts": [],
                }
            )
        chapter = out[-1]
        chapter["count"] += 1
        item = present(clause, lang)
        parts = chapter["parts"]
        if clause.heading and len(clause.section_path) == 2:
            parts.append({"head": item, "clauses": []})
        elif (
            len(clause.section_path) > 2
            and parts
            and parts[-1]["head"] is not None
            and parts[-1]["head"]["number"] == clause.section_path[1]
        ):
            parts[-1]["clauses"].append(item)
        elif parts and parts[-1]["head"] is None:
            parts[-1]["clauses"].append(item)
        else:
            parts.append({"head": None, "clauses": [item]})
    return out


def detail(clause_id: str, lang: Language, edition: str | None = None) -> dict[str, Any]:
    """One clause for its page: :func:`get`'s fields, plus its chapter, the heading it stands
    under, the clauses it refers to and those that refer to it, each with its title."""
    cat = default_catalogue()
    clause = cat.get(lookup(clause_id, edition))
    out = present(clause, lang)
    section = clause.section_path[0]
    out["chapter"] = {
        "document": clause.document,
        "section": section,
        "title": chapter_title(clause.document, section, lang),
    }
    parent_id = (
        f"{clause.document} {clause.section_path[-2]}" if len(clause.section_path) > 1 else ""
    )
    out["parent"] = (
        {"id": parent_id, "title": cat.get(parent_id).text(lang)[0]} if parent_id in cat else None
    )
    out["ref_links"] = [{"id": c.id, "title": c.text(lang)[0]} for c in cat.refs_of(clause.id)]
    out["cited_by"] = [{"id": c.id, "title": c.text(lang)[0]} for c in cat if clause.id in c.refs]
    return out
