"""``/v1/disputes``: store a record and rule it; list, read, replay, ruling revisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from flask import g
from flask.views import MethodView
from flask_smorest import abort

from referee.api import examples, presenters
from referee.api.context import (
    ISS_TEXT,
    ISS_TYPES,
    authorized,
    body_kind,
    iss_text,
    json_object,
    language,
    principal,
    services,
)
from referee.api.contract import HEADERS, Passthrough, header_ref
from referee.api.dispute_schemas import (
    DisputeCreateSchema,
    DisputeQuerySchema,
    DisputeSchema,
    DisputeSummarySchema,
    IdempotencyHeaderSchema,
    IssDisputeQuerySchema,
    ReplayQuerySchema,
    RulingRevisionSchema,
)
from referee.api.extensions import Blueprint
from referee.api.schemas import LangQuerySchema, edition_of
from referee.core.errors import InvalidInput
from referee.core.kinds import Kind
from referee.http_status import status_for
from referee.service.disputes import READERS, SUBMITTERS
from referee.service.errors import NotFound
from referee.service.model import ID_PATH, Dispute, DisputeFilter

blp = Blueprint(
    "disputes",
    __name__,
    url_prefix="/v1/disputes",
    description="Disputes from tournament tables: the record, the note, immutable rulings.",
)
#: built once: a schema instance keeps no state between loads
CREATE_SCHEMA = DisputeCreateSchema()
CREATED_HEADERS = {name: header_ref(name) for name in ("Location", "Idempotent-Replayed")}
assert set(CREATED_HEADERS) <= set(HEADERS)


@blp.route("")
class Disputes(MethodView):
    @authorized(*READERS)
    @blp.doc(operationId="listDisputes")
    @blp.arguments(DisputeQuerySchema, location="query")
    @blp.response(200, DisputeSummarySchema(many=True))
    @blp.paginate()
    @blp.problems(401, 403, 422, 429, 503)
    def get(self, args: dict[str, Any], pagination_parameters: Any) -> list[dict[str, Any]]:
        """Disputes this key may read, newest first, a page at a time.

        The X-Pagination header (JSON) says the total, the pages and the next page.
        """
        who = principal()
        day = args.get("date")
        flt = DisputeFilter(
            event=args.get("event"),
            table=args.get("table"),
            outcome=args.get("outcome"),
            kind=Kind(args["kind"]) if args.get("kind") else None,
            submitted_from=day or args.get("submitted_from"),
            submitted_to=day or args.get("submitted_to"),
        )
        p = pagination_parameters
        items, total = services().disputes.find(who, flt, offset=p.first_item, limit=p.page_size)
        p.item_count = total
        lang = language()
        return [presenters.dispute(d, lang, full=False) for d in items]

    @authorized(*SUBMITTERS)
    @blp.doc(
        operationId="createDispute",
        requestBody={
            "required": True,
            "description": "a dispute as JSON (the record, a note, tournament context), or "
            "one ISS record as text (the note then comes in the query)",
            "content": {
                "application/json": {
                    "schema": DisputeCreateSchema,
                    "examples": examples.dispute_examples(),
                },
                **{t: {"schema": ISS_TEXT, "example": examples.ISS_RECORD} for t in ISS_TYPES},
            },
        },
    )
    @blp.arguments(IssDisputeQuerySchema, location="query")
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.response(201, DisputeSchema, headers=CREATED_HEADERS)
    @blp.problems(400, 401, 403, 409, 413, 415, 422, 429, 503)
    def post(self, query: dict[str, Any], headers: dict[str, Any]) -> Any:
        """Store a record with a note and rule it; returns the dispute with its first ruling.

        With an Idempotency-Key a retried request returns the dispute stored the first time
        (with Idempotent-Replayed: true); the same key with another body is a 422.
        """
        who = principal()
        g.record_pointer = "/record"
        submit: Callable[..., tuple[Dispute, bool]]
        if body_kind(iss=True) == "iss":
            data = {"record": iss_text(), "note": query.get("note", ""), "meta": None}
            submit = services().disputes.submit_iss
        else:
            try:
                data = CREATE_SCHEMA.load(json_object(pointer="/record"))
            except ma.ValidationError as err:
                abort(status_for(InvalidInput), messages={"json": err.messages})
            if not data["note"] and "note" in query:  # the body's own note comes first
                data = {**data, "note": query["note"]}
            submit = services().disputes.submit
        dispute, replayed = submit(
            who,
            data["record"],
            note=data["note"],
            meta=data["meta"],
            idem_key=headers.get("idempotency_key"),
            edition=edition_of(query),
        )
        extra = {"Location": presenters.dispute_url(dispute.id)}
        if replayed:
            extra["Idempotent-Replayed"] = "true"
        return presenters.dispute(dispute, language()), 201, extra


@blp.route(f"/<{ID_PATH}:dispute_id>")
class DisputeItem(MethodView):
    @authorized(*READERS)
    @blp.doc(operationId="getDispute")
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, DisputeSchema)
    @blp.problems(401, 403, 404, 422, 429, 503)
    def get(self, _args: dict[str, Any], dispute_id: int) -> dict[str, Any]:
        """One dispute with its record and current ruling (404 if it is not yours)."""
        who = principal()
        return presenters.dispute(services().disputes.get(who, dispute_id), language())


@blp.route(f"/<{ID_PATH}:dispute_id>/replay")
class DisputeReplay(MethodView):
    @authorized(*READERS)
    @blp.doc(operationId="replayDispute")
    @blp.arguments(ReplayQuerySchema, location="query")
    @blp.response(200, Passthrough("Replay"))
    @blp.problems(401, 403, 404, 422, 429, 503)
    def get(self, args: dict[str, Any], dispute_id: int) -> dict[str, Any]:
        """The replayer's reconstruction of the ruled record, up to event at (-1: the deal)."""
        who = principal()
        return services().disputes.replay(who, dispute_id, args.get("at"))


@blp.route(f"/<{ID_PATH}:dispute_id>/rulings")
class DisputeRulings(MethodView):
    @authorized(*READERS)
    @blp.doc(operationId="listRulings")
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, RulingRevisionSchema(many=True))
    @blp.problems(401, 403, 404, 422, 429, 503)
    def get(self, _args: dict[str, Any], dispute_id: int) -> list[dict[str, Any]]:
        """Every ruling revision, oldest first; appeals add revisions, never edit them."""
        who = principal()
        lang = language()
        rulings = services().disputes.rulings(who, dispute_id)
        return [presenters.ruling(r, lang, rulings) for r in rulings]


@blp.route(f"/<{ID_PATH}:dispute_id>/rulings/<{ID_PATH}:revision>")
class DisputeRuling(MethodView):
    @authorized(*READERS)
    @blp.doc(operationId="getRuling")
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, RulingRevisionSchema)
    @blp.problems(401, 403, 404, 422, 429, 503)
    def get(self, _args: dict[str, Any], dispute_id: int, revision: int) -> dict[str, Any]:
        """One ruling revision."""
        who = principal()
        rulings = services().disputes.rulings(who, dispute_id)
        for r in rulings:
            if r.revision == revision:
                return presenters.ruling(r, language(), rulings)
        raise NotFound(
            f"dispute {dispute_id} has no revision {revision}",
            where={"dispute": dispute_id, "revision": revision},
        )
