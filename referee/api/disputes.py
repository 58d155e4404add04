"""``/v1/disputes``: store a record and rule it; list, read, replay, ruling revisions."""

from __future__ import annotations

from typing import Any

from flask import g
from flask.views import MethodView

from referee.api import presenters
from referee.api.context import authorized, language, principal, services
from referee.api.dispute_schemas import (
    DisputeCreateSchema,
    DisputeQuerySchema,
    DisputeSchema,
    DisputeSummarySchema,
    IdempotencyHeaderSchema,
    ReplayQuerySchema,
    ReplaySchema,
    RulingRevisionSchema,
)
from referee.api.extensions import Blueprint
from referee.api.problems import ProblemSchema
from referee.api.schemas import LangQuerySchema
from referee.service.disputes import READERS, SUBMITTERS
from referee.service.errors import NotFound
from referee.service.model import ID_PATH, DisputeFilter

blp = Blueprint(
    "disputes",
    __name__,
    url_prefix="/v1/disputes",
    description="Disputes from tournament tables: the record, the note, immutable rulings.",
)
PROBLEM = {"schema": ProblemSchema, "content_type": "application/problem+json"}


@blp.route("")
class Disputes(MethodView):
    @authorized(*READERS)
    @blp.arguments(DisputeQuerySchema, location="query")
    @blp.response(200, DisputeSummarySchema(many=True))
    @blp.paginate()
    def get(self, args: dict[str, Any], pagination_parameters: Any) -> list[dict[str, Any]]:
        """Disputes this key may read, newest first (pagination in ``X-Pagination``)."""
        who = principal()
        day = args.get("date")
        flt = DisputeFilter(
            event=args.get("event"),
            table=args.get("table"),
            outcome=args.get("outcome"),
            kind=args.get("kind"),
            submitted_from=day or args.get("submitted_from"),
            submitted_to=day or args.get("submitted_to"),
        )
        p = pagination_parameters
        items, total = services().disputes.find(who, flt, offset=p.first_item, limit=p.page_size)
        p.item_count = total
        lang = language()
        return [presenters.dispute(d, lang, full=False) for d in items]

    @authorized(*SUBMITTERS)
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.arguments(DisputeCreateSchema)
    @blp.response(201, DisputeSchema)
    @blp.alt_response(401, **PROBLEM)
    @blp.alt_response(403, **PROBLEM)
    @blp.alt_response(422, **PROBLEM)
    def post(self, headers: dict[str, Any], data: dict[str, Any]) -> Any:
        """Store a record with a note and rule it; returns the dispute with its first ruling."""
        who = principal()
        g.record_pointer = "/record"
        dispute, replayed = services().disputes.submit(
            who,
            data["record"],
            note=data["note"],
            meta=data["meta"],
            idem_key=headers.get("idempotency_key"),
        )
        extra = {"Location": presenters.dispute_url(dispute.id)}
        if replayed:
            extra["Idempotent-Replayed"] = "true"
        return presenters.dispute(dispute, language()), 201, extra


@blp.route(f"/<{ID_PATH}:dispute_id>")
class DisputeItem(MethodView):
    @authorized(*READERS)
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, DisputeSchema)
    @blp.alt_response(404, **PROBLEM)
    def get(self, _args: dict[str, Any], dispute_id: int) -> dict[str, Any]:
        """One dispute with its record and current ruling (404 if not yours)."""
        who = principal()
        return presenters.dispute(services().disputes.get(who, dispute_id), language())


@blp.route(f"/<{ID_PATH}:dispute_id>/replay")
class DisputeReplay(MethodView):
    @authorized(*READERS)
    @blp.arguments(ReplayQuerySchema, location="query")
    @blp.response(200, ReplaySchema)
    @blp.alt_response(404, **PROBLEM)
    def get(self, args: dict[str, Any], dispute_id: int) -> dict[str, Any]:
        """The replayer's reconstruction of the ruled record, optionally up to event ``at``."""
        who = principal()
        return services().disputes.replay(who, dispute_id, args.get("at"))


@blp.route(f"/<{ID_PATH}:dispute_id>/rulings")
class DisputeRulings(MethodView):
    @authorized(*READERS)
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, RulingRevisionSchema(many=True))
    @blp.alt_response(404, **PROBLEM)
    def get(self, _args: dict[str, Any], dispute_id: int) -> list[dict[str, Any]]:
        """Every ruling revision, oldest first; appeals add revisions, never edit them."""
        who = principal()
        lang = language()
        return [presenters.ruling(r, lang) for r in services().disputes.rulings(who, dispute_id)]


@blp.route(f"/<{ID_PATH}:dispute_id>/rulings/<{ID_PATH}:revision>")
class DisputeRuling(MethodView):
    @authorized(*READERS)
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, RulingRevisionSchema)
    @blp.alt_response(404, **PROBLEM)
    def get(self, _args: dict[str, Any], dispute_id: int, revision: int) -> dict[str, Any]:
        """One ruling revision."""
        who = principal()
        for r in services().disputes.rulings(who, dispute_id):
            if r.revision == revision:
                return presenters.ruling(r, language())
        raise NotFound(
            f"dispute {dispute_id} has no revision {revision}",
            where={"dispute": dispute_id, "revision": revision},
        )
