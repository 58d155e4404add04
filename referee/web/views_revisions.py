"""The console's revisions page: two revisions of a dispute's ruling side by side, and
what changed between them in the console's language."""

from __future__ import annotations

from typing import Any

from flask import render_template

from referee.rulings.appeals import compare_rulings
from referee.service.model import ID_PATH
from referee.web import ruling_view as rv
from referee.web.appeal_view import fact_changes
from referee.web.auth import require_principal, signed_in
from referee.web.blueprint import bp
from referee.web.field_words import field_label, field_value
from referee.web.i18n import current_language
from referee.web.services import services
from referee.web.views_disputes import int_arg, ruling_of


@bp.route(f"/disputes/<{ID_PATH}:dispute_id>/revisions", endpoint="revisions")
@signed_in
def revisions_page(dispute_id: int) -> Any:
    """Two revisions side by side (default: the latest and the one before) and what changed."""
    who = require_principal()
    lang = current_language()
    dispute = services().disputes.get(who, dispute_id)
    numbers = [r.revision for r in dispute.rulings]
    right = ruling_of(dispute, int_arg("b") or numbers[-1])
    default_left = numbers[-2] if len(numbers) > 1 else numbers[-1]
    left = ruling_of(dispute, int_arg("a") or default_left)
    diff = compare_rulings(left.texts["en"], right.texts["en"])
    # clause numbers as each revision's edition cites them, as its column writes them
    cite_a, cite_b = rv.citer(left.texts["en"]), rv.citer(right.texts["en"])
    changes = [
        {
            "field": c["field"],
            "label": field_label(c["field"], lang),
            "before": cite_a(field_value(c["field"], c["before"], lang)),
            "after": cite_b(field_value(c["field"], c["after"], lang)),
        }
        for c in diff["changed"]
    ]
    changed_tops = {c["field"].split(".")[0] for c in diff["changed"]}
    columns = []
    for ruling in (left, right):
        doc = ruling.in_language(lang)
        columns.append(
            {
                "ruling": ruling,
                "doc": doc,
                "summary": rv.outcome_line(doc),
                "contract": rv.contract_text(doc.get("contract"), lang),
                "cite": rv.citer(doc),  # clause numbers as this revision's edition cites them
                "reviews": next(
                    (r.revision for r in dispute.rulings if r.id == ruling.reviews), None
                ),
            }
        )
    return render_template(
        "console/revisions.html",
        dispute=dispute,
        columns=columns,
        changes=changes,
        unchanged=", ".join(field_label(f, lang) for f in diff["unchanged"]),
        changed_tops=changed_tops,
        numbers=numbers,
        same=left.revision == right.revision,
        facts=fact_changes(left.record, right.record, lang),
    )
