"""Pages: the rule browser (search the ISkO and SkWO) and one clause."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import redirect, render_template, request, url_for

from referee.service import rules
from referee.web.auth import current_principal
from referee.web.blueprint import bp
from referee.web.i18n import current_language
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
    """Every clause, or the hits for ``q``, in the console's language."""
    lang = current_language()
    q = request.args.get("q", "").strip()
    document = request.args.get("document", "")
    document = document if document in DOCUMENTS else None
    clauses = rules.find(lang, q=q or None, document=document)
    return render_template(
        "console/rules.html", clauses=clauses, q=q, document=document, documents=DOCUMENTS
    )


@bp.route("/rules/<clause_id>", endpoint="rule")
@readable
def rule_page(clause_id: str) -> Any:
    """One clause with its summary and the clauses it refers to."""
    clause = rules.get(clause_id, current_language())
    return render_template("console/rule.html", clause=clause)
