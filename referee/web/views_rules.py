"""Pages: the rule browser (search the ISkO and SkWO) and one clause."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import redirect, render_template, request, url_for

from referee.core.vocabulary import Language
from referee.service import rules
from referee.web.auth import current_principal
from referee.web.blueprint import bp
from referee.web.i18n import current_language
from referee.web.rule_links import linked
from referee.web.services import services

DOCUMENTS = ("ISkO", "SkWO")


def readable(view: Callable[..., Any]) -> Callable[..., Any]:
    """Any signed-in key may read the rules; without one only where the operator allows it
    (``REFEREE_ANONYMOUS_ACCESS``, as for ``GET /v1/rules``)."""

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if current_principal() is None and not services().settings.anonymous_access:
            return redirect(url_for("console.sign_in", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return wrapper


@bp.route("/rules", endpoint="rules")
@readable
def rule_browser() -> Any:
    """The clauses grouped by chapter, or the search hits for ``q`` (best first), in the
    console's language."""
    lang = current_language()
    q = request.args.get("q", "").strip()
    asked = request.args.get("document", "")
    document = asked if asked in DOCUMENTS else None
    if q:
        found = rules.find(lang, q=q, document=document)
        # a clause number also finds the clause that later editions number so
        found[1 if found and found[0]["id"] == rules.normalize_id(q) else 0 : 0] = [
            c for c in rules.by_later_number(q, lang) if c["id"] not in {f["id"] for f in found}
        ]
        hits = [_with_links(c, lang) for c in found]
        for hit in hits:
            hit["chapter_title"] = rules.chapter_title(
                hit["document"], hit["section_path"][0], lang
            )
        return render_template(
            "console/rules.html", hits=hits, q=q, document=document, documents=DOCUMENTS
        )
    chapters = rules.chapters(lang, document=document)
    for chapter in chapters:
        for part in chapter["parts"]:
            if part["head"] is not None:
                _with_links(part["head"], lang)
            for clause in part["clauses"]:
                _with_links(clause, lang)
    return render_template(
        "console/rules.html",
        chapters=chapters,
        count=sum(c["count"] for c in chapters),
        q=q,
        document=document,
        documents=DOCUMENTS,
    )


@bp.route("/rules/<clause_id>", endpoint="rule")
@readable
def rule_page(clause_id: str) -> Any:
    """One clause: its chapter and heading, its summary (clause numbers in it are links),
    the clauses it refers to and those that refer to it, each with its title."""
    lang = current_language()
    edition = request.args.get("edition")
    clause = _with_links(rules.detail(clause_id, lang, _edition(edition)), lang)
    return render_template("console/rule.html", clause=clause)


def _edition(value: str | None) -> str | None:
    """A known edition named in the address, else None (the 1998/99 numbers)."""
    return value if value in rules.EDITION_VALUES else None


def _with_links(clause: dict[str, Any], lang: Language) -> dict[str, Any]:
    """Add ``summary_html`` (the summary, clause numbers linked to their clause) and
    ``ref_links`` (each referenced clause with its title)."""
    clause["summary_html"] = linked(
        clause["summary"] or "",
        clause["document"],
        lambda ref: rules.title_of(ref, lang),
        # the rule page's address, as clause_slug (console.py) writes it: isko-4.1.3
        lambda ref: url_for("console.rule", clause_id=ref.lower().replace(" ", "-")),
    )
    if "ref_links" not in clause:
        clause["ref_links"] = [
            {"id": ref, "title": title}
            for ref in clause["refs"]
            if (title := rules.title_of(ref, lang)) is not None
        ]
    return clause
