"""``POST /v1/disputes/{id}/appeals``: the Skat court hears an appeal and rules again."""

from __future__ import annotations

from typing import Any

from flask import g
from flask.views import MethodView

from referee.api import presenters
from referee.api.context import authorized, language, principal, services
from referee.api.dispute_schemas import AppealSchema, IdempotencyHeaderSchema, RulingRevisionSchema
from referee.api.extensions import Blueprint
from referee.api.problems import ProblemSchema
from referee.api.schemas import LangQuerySchema
from referee.service.disputes import APPELLATE
from referee.service.model import ID_PATH

blp = Blueprint(
    "appeals",
    __name__,
    url_prefix="/v1/disputes",
    description="Appeals to the Skat court (ISkO 4.5.10, SkWO 7.3.3, SkWO 9.10).",
)
PROBLEM = {"schema": ProblemSchema, "content_type": "application/problem+json"}


@blp.route(f"/<{ID_PATH}:dispute_id>/appeals")
class Appeals(MethodView):
    @authorized(*APPELLATE)
    @blp.arguments(LangQuerySchema, location="query")
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.arguments(AppealSchema)
    @blp.response(201, RulingRevisionSchema)
    @blp.alt_response(404, **PROBLEM)
    @blp.alt_response(409, **PROBLEM)
    @blp.alt_response(422, **PROBLEM)
    def post(
        self, _q: dict[str, Any], headers: dict[str, Any], data: dict[str, Any], dispute_id: int
    ) -> Any:
        """Lodge an appeal (court): admissibility, a new ruling, and what changed.

        Late appeals are refused (422, code ``appeal.late``). Without a schedule in the
        dispute's meta the appeal is heard with ``admissibility.status = unverified``.
        An appeal reviews the ruling current when it is heard; if another appeal was
        stored meanwhile it is refused (409, code ``appeal.revision_not_current``).
        """
        who = principal()
        g.record_pointer = "/record"
        (_dispute, ruling), replayed = services().disputes.appeal(
            who,
            dispute_id,
            grounds=data["grounds"],
            lodged_at=data["lodged_at"],
            record=data["record"],
            idem_key=headers.get("idempotency_key"),
        )
        extra = {"Location": presenters.ruling_url(ruling)}
        if replayed:
            extra["Idempotent-Replayed"] = "true"
        return presenters.ruling(ruling, language()), 201, extra
