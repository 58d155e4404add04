"""Pages: the dispute list, a new dispute, the ruling, the appeal, the revisions."""

from __future__ import annotations

import dataclasses
import json
import math
from datetime import date
from typing import Any

from flask import flash, redirect, render_template, request, url_for

from referee.core.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    InvalidInput,
    NotFound,
    RefereeError,
)
from referee.core.kinds import Kind
from referee.core.ruleset import Edition
from referee.core.vocabulary import Language
from referee.http_status import status_for
from referee.record.replay_json import replay_document
from referee.record.strict_json import strict_json_loads
from referee.rules.messages import default_messages
from referee.rulings.appeals import (
    LAST_SERIES_KEY,
    NEXT_SERIES_KEY,
    SERIES_END_KEY,
    LateAppeal,
    appeal_deadline,
    parse_time,
)
from referee.rulings.model import Outcome
from referee.service.disputes import APPELLATE, SUBMITTERS
from referee.service.model import ID_PATH, Dispute, DisputeFilter, Revision
from referee.web import ruling_view as rv
from referee.web.appeal_view import appeal_facts
from referee.web.auth import require_principal, signed_in
from referee.web.blueprint import bp
from referee.web.error_text import error_text, place, pointer
from referee.web.field_words import value_words
from referee.web.i18n import current_language, text
from referee.web.record_input import ConsoleInputError, read_record, read_upload
from referee.web.services import services
from referee.web.times import event_zone, read_local_time, when
from referee.web.views_amend import render_amend

PAGE_SIZE = 20
#: the service's name of a context field -> the form field it came from
_FORM_FIELDS = {
    "meta.event": "event",
    "meta.table": "table",
    "meta.next_series_starts_at": "next_series",
    "meta.series_ends_at": "series_end",
}
OUTCOMES = tuple(Outcome)


# -- helpers ---------------------------------------------------------------------------------


def _form_error(error: RefereeError, lang: Language) -> dict[str, Any]:
    """An error for a form: the field it belongs to, the event index, the text to show in
    ``lang``, and its place in the record (a JSON pointer; line, column, move of a text)."""
    where = dict(error.where)
    return {
        "field": where.get("field"),
        "event": where.get("event"),
        "code": error.code,
        "message": error_text(error, lang),
        "pointer": None if isinstance(error, ConsoleInputError) else pointer(where),
        "place": place(where, lang),
    }


def _form_status(error: RefereeError) -> int:
    """The status of a form shown again with ``error``, decided by its category.

    The caller's input (InvalidInput, BadRequest) answers 422 with the fields marked; a
    Conflict answers 409 and keeps the form to send again. Any other category (access,
    not found, the server's fault) is not the form's: it goes on to the console's handler.
    """
    if isinstance(error, (InvalidInput, BadRequest)):
        return status_for(InvalidInput)
    if isinstance(error, Conflict):
        return status_for(error)
    raise error


def _events_of(raw: str) -> list[dict[str, Any]] | None:
    """The events of a pasted JSON record (to show an error next to its event)."""
    try:
        doc = strict_json_loads(raw)
    except ValueError:
        return None
    events = doc.get("events") if isinstance(doc, dict) else None
    return events if isinstance(events, list) else None


def ruling_of(dispute: Dispute, revision: int | None) -> Revision:
    if revision is None:
        return dispute.current
    for ruling in dispute.rulings:
        if ruling.revision == revision:
            return ruling
    raise NotFound(f"no ruling revision {revision}", where={"revision": revision})


#: the most digits a page, step or revision number in a console address may have: more
#: than any dispute reaches, and an offset the database's integers hold
INT_ARG_DIGITS = 9


def int_arg(name: str) -> int | None:
    """A whole number in the query, ASCII digits after an optional minus (``at=-1`` is the
    deal): ``int`` alone would take ``1_0``, Arabic-Indic digits and a page number no
    database offset holds."""
    value = request.args.get(name, "").strip()
    if not value:
        return None
    digits = value.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= INT_ARG_DIGITS):
        raise NotFound(
            f"{name} must be a number of at most {INT_ARG_DIGITS} digits", where={"field": name}
        )
    return int(value)


# -- list ------------------------------------------------------------------------------------


@bp.route("/", endpoint="disputes")
@signed_in
def dispute_list() -> Any:
    """Disputes this key may read, newest first, with filters (the admin, who reads no
    disputes, starts at the keys instead)."""
    who = require_principal()
    if who.role == "admin":
        return redirect(url_for("console.keys"))
    lang = current_language()
    args = {
        k: request.args.get(k, "").strip() for k in ("event", "table", "outcome", "kind", "date")
    }
    day = None
    if args["date"]:
        try:
            day = date.fromisoformat(args["date"])
        except ValueError:
            args["date"] = ""
    page = max(1, int_arg("page") or 1)
    flt = DisputeFilter(
        event=args["event"] or None,
        table=args["table"] or None,
        outcome=args["outcome"] if args["outcome"] in OUTCOMES else None,
        kind=Kind(args["kind"]) if args["kind"] in set(Kind) else None,
        submitted_from=day,
        submitted_to=day,
        day_zone=event_zone(),
    )
    items, total = services().disputes.find(
        who, flt, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE
    )
    rows = [{"dispute": d, "summary": rv.outcome_line(d.current.in_language(lang))} for d in items]
    pages = max(1, math.ceil(total / PAGE_SIZE))
    query = {k: v for k, v in args.items() if v}
    return render_template(
        "console/list.html",
        rows=rows,
        total=total,
        page=page,
        pages=pages,
        args=args,
        query=query,
        outcomes=OUTCOMES,
        kinds=tuple(Kind),
        may_submit=who.role in SUBMITTERS,
    )


# -- new dispute -----------------------------------------------------------------------------


@bp.route("/disputes/new", methods=["GET", "POST"], endpoint="new_dispute")
@signed_in
def new_dispute() -> Any:
    """Paste or upload a record, add a note and the context, and have it ruled."""
    who = require_principal()
    lang = current_language()
    form: dict[str, Any] = {
        k: request.form.get(k, "")
        for k in ("record", "note", "event", "table", "next_series", "series_end")
    }
    form["last_series"] = "last_series" in request.form
    error: dict[str, Any] | None = None
    events = None
    status = 200
    if who.role not in SUBMITTERS:
        error = {"field": None, "event": None, "message": text("console.new.not_allowed", lang)}
        status = status_for(Forbidden)
    elif request.method == "POST":
        upload = request.files.get("record_file")
        raw = form["record"]
        if upload is not None and upload.filename:
            raw = form["record"] = read_upload(upload.read())
        try:
            record = read_record(raw)
            meta: dict[str, Any] = {}
            for key, name in (("event", "event"), ("table", "table")):
                if form[key].strip():
                    meta[name] = form[key].strip()
            zone = event_zone()
            next_series = read_local_time(form["next_series"], field="next_series", zone=zone)
            if next_series:
                meta["next_series_starts_at"] = next_series
            if form["last_series"]:
                meta["last_series"] = True
            series_end = read_local_time(form["series_end"], field="series_end", zone=zone)
            if series_end:
                meta["series_ends_at"] = series_end
            dispute, _replayed = services().disputes.submit(
                who, record, note=form["note"].strip(), meta=meta or None
            )
        except RefereeError as exc:
            status = _form_status(exc)
            error = _form_error(exc, lang)
            error["field"] = _FORM_FIELDS.get(error["field"], error["field"])
            if isinstance(exc, Conflict):
                error["field"] = None  # not one field's fault: shown above the form
            elif error["field"] not in ("event", "table", "next_series", "series_end"):
                error["field"] = "record"  # the record's own paths go with the event index
            events = _events_of(raw) if error.get("event") is not None else None
        else:
            return redirect(url_for("console.dispute", dispute_id=dispute.id))
    page = render_template(
        "console/new.html",
        form=form,
        error=error,
        events=events,
        event_text=lambda e: rv.event_text(e, lang) if isinstance(e, dict) else str(e),
    )
    return page, status


# -- ruling ----------------------------------------------------------------------------------


def meta_label(key: str, lang: Language) -> str:
    """A context key of the dispute (``next_series_starts_at``) in ``lang``."""
    name = f"console.meta.{key}"
    return text(name, lang) if default_messages().has(name) else key


#: the schedule's times in a dispute's context (shown in the event's zone)
TIME_KEYS = frozenset({NEXT_SERIES_KEY, SERIES_END_KEY})


def deadline_line(meta: dict[str, Any] | None, lang: Language) -> str:
    """The appeal deadline under the dispute's schedule, in words and in the event's
    zone: before the next series starts (ISkO 4.5.10, SkWO 9.10), or 15 minutes after
    the last series ended (SkWO 9.10); or that the schedule does not say."""
    meta = meta or {}
    deadline = appeal_deadline(meta)
    last = meta.get(LAST_SERIES_KEY) is True
    if deadline is None:
        return text("console.deadline.unknown_end" if last else "console.deadline.unknown", lang)
    key = "last" if last else "next"
    return text(f"console.deadline.{key}", lang, when=when(deadline))


def late_message(meta: dict[str, Any] | None, lang: Language) -> str:
    """The refusal of a late appeal, with the deadline it missed."""
    return text("console.appeal.late", lang, deadline=deadline_line(meta, lang))


def ruling_context(
    dispute: Dispute, ruling: Revision, at: int | None, lang: Language
) -> dict[str, Any]:
    """Everything the ruling page draws for one revision, in ``lang``."""
    doc = ruling.in_language(lang)
    record = ruling.record
    rules = ruling.ruled_under()  # the replay shows the game as the ruling read it
    full = replay_document(record, rules=rules)
    step_at = rv.clamp_event(at, record)
    last = len(record.get("events") or []) - 1
    # the page opens at the last event: the full replay is that moment (no second replay)
    moment = full if step_at == last else replay_document(record, at=step_at, rules=rules)
    infractions = doc.get("infractions") or []
    cite = rv.citer(doc)  # the page's own texts name clauses as the ruling's edition does
    step = rv.step_view(record, moment, step_at, doc, lang)
    first_flag = min((i["event"] for i in infractions if i.get("event") is not None), default=None)
    return {
        "dispute": dispute,
        "ruling": ruling,
        "doc": doc,
        "record": record,
        "summary": rv.outcome_line(doc),
        "contract": rv.contract_text(doc.get("contract"), lang),
        "players": rv.players(record),
        "deal": rv.deal_view(record, lang),
        "bidding": rv.bidding_lines(full, lang),
        "table_events": [
            dataclasses.replace(e, text=cite(e.text)) for e in rv.table_events(record, doc, lang)
        ],
        "tricks": (tricks := rv.trick_rows(full, doc, lang)),
        "skat_row": rv.skat_row(full, tricks, lang),
        "step": dataclasses.replace(step, description=cite(step.description)),
        "first_flag": first_flag,
        "clauses": rv.clause_texts(doc),
        "rule_set_changes": rv.rule_set_changes(doc),
        "meta": {
            meta_label(k, lang): when(v) if k in TIME_KEYS else value_words(v, lang)
            for k, v in (dispute.meta or {}).items()
            if not isinstance(v, dict | list)
        },
        "deadline": cite(deadline_line(dispute.meta, lang)),
        "cite": cite,
    }


def _submitter(dispute: Dispute) -> str | None:
    """The name of the key that submitted ``dispute`` (who holds it: the referee), if it has
    one; the owner alone says only the event or club."""
    if dispute.submitted_by is None:
        return None
    key = next((k for k in services().keys.list() if k.id == dispute.submitted_by), None)
    return key.label.strip() or None if key else None


@bp.route(f"/disputes/<{ID_PATH}:dispute_id>", endpoint="dispute")
@signed_in
def dispute_page(dispute_id: int) -> Any:
    """The ruling: outcome, score, deal, bidding, tricks, infractions, reasoning, step-through."""
    who = require_principal()
    lang = current_language()
    dispute = services().disputes.get(who, dispute_id)
    ruling = ruling_of(dispute, int_arg("rev"))
    context = ruling_context(dispute, ruling, int_arg("at"), lang)
    context["may_appeal"] = who.role in APPELLATE
    context["submitter"] = _submitter(dispute)
    context["rev_arg"] = None if ruling is dispute.current else ruling.revision
    reviewed = next((r.revision for r in dispute.rulings if r.id == ruling.reviews), None)
    context["appeal"] = appeal_facts(ruling, reviewed, lang)
    return render_template("console/ruling.html", **context)


# -- appeal ----------------------------------------------------------------------------------


def _revision_number(value: str) -> int | None:
    """The revision an appeal form was opened on (its hidden field); None when it does not
    name one in ASCII digits (``"²"`` passes ``str.isdigit`` but is no number for ``int``).

    >>> _revision_number("2"), _revision_number("²"), _revision_number("")
    (2, None, None)
    """
    return int(value) if value.isascii() and value.isdigit() else None


def _edition_asked(
    edition: str, amended: dict[str, Any] | None, dispute: Dispute
) -> dict[str, Any] | None:
    """The rule set an appeal form asks for: None when it keeps the edition (the service
    then keeps the rule set); else the edition chosen with the readings that would have
    applied otherwise (the amended record's, else the reviewed ruling's): the form asks
    for an edition, not for the default readings."""
    if not edition:
        return None
    if amended is not None and "rules" in amended:
        kept = amended["rules"]
    else:
        kept = dispute.current.texts["en"].get("rules")
    readings = kept.get("readings") if isinstance(kept, dict) else None
    return {"edition": edition, **({"readings": readings} if isinstance(readings, dict) else {})}


@bp.route(
    f"/disputes/<{ID_PATH}:dispute_id>/appeal",
    methods=["GET", "POST"],
    endpoint="appeal",
)
@signed_in
def appeal_page(dispute_id: int) -> Any:
    """The court lodges an appeal: grounds, time, optionally an amended record."""
    who = require_principal()
    lang = current_language()
    dispute = services().disputes.get(who, dispute_id)
    fields = ("grounds", "lodged_at", "record", "edition", "reviews")
    form = {k: request.form.get(k, "") for k in fields}
    if request.method == "GET" and request.args.get("record") == "current":
        # to be amended as JSON (the entry form cannot say it): the record to start from
        form["record"] = json.dumps(dispute.current.record, ensure_ascii=False, indent=1)
    error = None
    status = 200
    if who.role not in APPELLATE:
        error = {"field": None, "event": None, "message": text("console.appeal.court_only", lang)}
        status = status_for(Forbidden)
    elif request.method == "POST":
        try:
            lodged = read_local_time(form["lodged_at"], field="lodged_at", zone=event_zone())
            amended = read_record(form["record"]) if form["record"].strip() else None
            (_d, ruling), _replayed = services().disputes.appeal(
                who,
                dispute_id,
                grounds=form["grounds"],
                lodged_at=parse_time(lodged, name="lodged_at") if lodged else None,
                record=amended,
                rules=_edition_asked(form["edition"], amended, dispute),
                reviews=_revision_number(form["reviews"]),
            )
        except RefereeError as exc:
            status = _form_status(exc)
            error = _form_error(exc, lang)
            if isinstance(exc, LateAppeal):
                error["message"] = late_message(dispute.meta, lang)
            if isinstance(exc, Conflict):
                error["field"] = None
            elif str(error["field"]).startswith("rules"):  # the edition asked for
                error["field"] = "edition"
            elif error["field"] not in ("grounds", "lodged_at"):
                error["field"] = "record"
            if request.form.get("from") == "amend" and error["field"] != "record":
                # refused from the amending entry form: back to it, the message beside its field
                page = render_amend(dispute, lang, error=error, form=form)
                if page is not None:
                    return page, status
        else:
            flash(text("console.appeal.done", lang, revision=ruling.revision))
            return redirect(url_for("console.revisions", dispute_id=dispute_id))
    page = render_template(
        "console/appeal.html",
        dispute=dispute,
        deadline=rv.citer(dispute.current.in_language(lang))(deadline_line(dispute.meta, lang)),
        summary=rv.outcome_line(dispute.current.in_language(lang)),
        form=form,
        error=error,
        editions=[e.value for e in Edition],
        current_edition=(dispute.current.in_language(lang).get("rules") or {}).get("edition"),
    )
    return page, status
