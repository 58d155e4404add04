"""Page: the court amends a dispute's record in the game-entry form.

``GET /console/disputes/<id>/amend`` opens the entry form (``templates/console/entry.html``)
prefilled with the draft of the current revision's record, replayed under the rule set
that revision was ruled under (:func:`referee.web.entry_draft.draft_from_record`). Its
last step lodges an appeal with the amended record and the court's grounds, through the
appeal form's own post (``/console/disputes/<id>/appeal``): the service rules it as a new
revision and never edits a stored one. A record the form cannot say (an auction out of
order, cards gathered without an objection) is amended as JSON in the appeal form instead.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, url_for

from referee.core.errors import Forbidden
from referee.core.seats import SEAT_NAMES
from referee.core.vocabulary import Language
from referee.http_status import status_for
from referee.service.disputes import APPELLATE
from referee.service.model import ID_PATH
from referee.web import entry
from referee.web.auth import require_principal, signed_in
from referee.web.blueprint import bp
from referee.web.entry_draft import draft_from_record
from referee.web.entry_events import TABLE_SIZES
from referee.web.entry_facts import QUICK
from referee.web.i18n import current_language, text
from referee.web.services import services
from referee.web.views_entry import script_data


@bp.route(f"/disputes/<{ID_PATH}:dispute_id>/amend", endpoint="amend")
@signed_in
def amend_page(dispute_id: int) -> Any:
    """The entry form holding the current revision's record, lodging an appeal at its end."""
    who = require_principal()
    lang = current_language()
    dispute = services().disputes.get(who, dispute_id)
    if who.role not in APPELLATE:
        message = text("console.appeal.court_only", lang)
        status = status_for(Forbidden)
        return render_template("console/error.html", status=status, message=message), status
    page = render_amend(dispute, lang)
    if page is None:
        flash(text("console.amend.cannot", lang))
        return redirect(url_for("console.appeal", dispute_id=dispute_id, record="current"))
    return page


def render_amend(
    dispute: Any,
    lang: Language,
    *,
    error: dict[str, Any] | None = None,
    form: dict[str, str] | None = None,
) -> str | None:
    """The amending entry form of ``dispute`` (None when the form cannot say its record).

    A refused appeal from this form (a late one, missing grounds) comes back here with the
    ``error`` shown beside its field and the grounds and time as typed: the draft itself
    is kept in the browser until the appeal is heard."""
    current = dispute.current
    try:
        # the auction as its steps: the court amends what was found, and a bid or hold the
        # form left out would be dropped from the amended record without anyone changing it
        prefill = draft_from_record(current.record, full_auction=True, rules=current.ruled_under())
    except entry.EntryError:
        return None
    data = script_data(lang)
    data["prefill"] = {**prefill, "step": "review"}
    return render_template(
        "console/entry.html",
        data=data,
        seats=SEAT_NAMES,
        games=entry.GAMES,
        bids=entry.BID_VALUES,
        incidents=entry.INCIDENTS,
        quick=QUICK,
        steps=entry.STEPS,
        table_sizes=TABLE_SIZES,
        amend={
            "dispute": dispute,
            "revision": current.revision,
            "draft_key": f"skat-referee-amend-{dispute.id}-{current.revision}",
        },
        error=error,
        form=form or {},
    )
